/**
 * `mapping statsd-exporter`: the statsd_exporter mapping YAML. With `--csv FILE` (repeatable) it names the
 * columns of those files as a run would send them; without, the columns are named by pattern, with a
 * warning on stderr saying what that cannot see.
 */
import { NO_COLUMNS_NOTE, statsdExporterMapping } from '../../dashboards/statsd-exporter-mapping.js';
import { InputError } from '../../model.js';
import { DEFAULT_OPTIONS } from '../../options.js';
import { parseGeneratorFlags } from '../generator-flags.js';
import { MAPPING_FLAGS } from '../help.js';
import { columnsFromFlags } from '../run-columns.js';

const USAGE = `usage: training-metrics-gate mapping statsd-exporter ${MAPPING_FLAGS}`;

/** The flags after `mapping statsd-exporter` → the YAML. */
export async function mappingStatsdExporter(args: string[]): Promise<string> {
  const v = parseGeneratorFlags(
    args,
    {},
    (message) => new InputError('arguments', null, `${message.split('\n')[0]}\n${USAGE}`),
  );
  const columns = await columnsFromFlags(v);
  if (columns.length === 0) process.stderr.write(`warning: ${NO_COLUMNS_NOTE.join(' ')}\n`);
  return statsdExporterMapping(columns, {
    prefix: (v.prefix as string | undefined) ?? DEFAULT_OPTIONS.prefix,
    warn: (message) => process.stderr.write(`warning: ${message}\n`),
  });
}
