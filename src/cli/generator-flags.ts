/** Flag parsing shared by the generator commands: the flags they all take, and a bad flag as an InputError. */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { InputError } from '../model.js';

export type FlagValues = Record<string, string | string[] | boolean | undefined>;

/** The run's files and config its columns are discovered from, and the metric prefix. */
const COLUMN_FLAGS: NonNullable<ParseArgsConfig['options']> = {
  csv: { type: 'string', multiple: true },
  config: { type: 'string' },
  prefix: { type: 'string' },
};

/** Parse `args` as the column flags plus `extra`; `bad` turns parseArgs' message into the command's InputError. */
export function parseGeneratorFlags(
  args: string[],
  extra: NonNullable<ParseArgsConfig['options']>,
  bad: (message: string) => InputError,
): FlagValues {
  try {
    return parseArgs({ args, options: { ...COLUMN_FLAGS, ...extra }, allowPositionals: false, strict: true })
      .values as FlagValues;
  } catch (e) {
    throw bad((e as Error).message);
  }
}
