/**
 * What `dashboard datadog` and `monitors datadog` share: their flags → the generator's options, and the
 * lines `--apply` prints for what it saved.
 */
import type { Applied } from '../dashboards/datadog/apply.js';
import { type DatadogGeneratorOptions, parseDatadogSource } from '../dashboards/datadog/generate.js';
import { InputError } from '../model.js';
import { DEFAULT_OPTIONS } from '../options.js';
import { parseGeneratorFlags } from './generator-flags.js';
import { DATADOG_FLAGS } from './help.js';
import { columnsFromFlags } from './run-columns.js';

export interface DatadogFlags {
  options: DatadogGeneratorOptions;
  /** `--apply`: save through Datadog's API instead of printing. */
  apply: boolean;
  /** `--datadog-url`, with `--apply` only. */
  datadogUrl: string | undefined;
}

/** The flags after `<what> datadog`; an InputError for a bad flag, `--source` or file. */
export async function readDatadogFlags(what: 'dashboard' | 'monitors', args: string[]): Promise<DatadogFlags> {
  const where = `${what} datadog`;
  const v = parseGeneratorFlags(
    args,
    {
      source: { type: 'string' },
      'model-tag': { type: 'string' },
      notify: { type: 'string' },
      title: { type: 'string' },
      apply: { type: 'boolean' },
      'datadog-url': { type: 'string' },
    },
    (message) => new InputError(where, null, `${message}; usage: ${where} ${DATADOG_FLAGS}`),
  );
  const text = (name: string): string | undefined => v[name] as string | undefined;
  const source = parseDatadogSource(text('source'));
  if (!source) throw new InputError(where, null, `--source must be dogstatsd or api, got "${text('source')}"`);
  if (text('datadog-url') !== undefined && !v.apply)
    throw new InputError(where, null, '--datadog-url goes with --apply');
  const columns = await columnsFromFlags(v);
  const options: DatadogGeneratorOptions = {
    source,
    prefix: text('prefix') ?? DEFAULT_OPTIONS.prefix,
    columns: v.csv ? columns : null,
    ...(text('model-tag') ? { modelTag: text('model-tag') } : {}),
    ...(text('notify') ? { notify: text('notify') } : {}),
    ...(text('title') ? { title: text('title') } : {}),
  };
  return { options, apply: Boolean(v.apply), datadogUrl: text('datadog-url') };
}

/** One line per dashboard or monitor `--apply` saved. */
export function appliedLines(saved: Applied[]): string {
  return `${saved.map((a) => `${a.kind} ${a.action}: ${a.name} (id ${a.id}${a.url ? `, ${a.url}` : ''})`).join('\n')}\n`;
}
