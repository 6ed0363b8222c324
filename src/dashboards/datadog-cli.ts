/**
 * Command-line adapter for `training-metrics-gate dashboard datadog …` and `monitors datadog …`:
 * flags → generator options → pretty JSON. The only I/O is reading a metrics file's header (`--csv`)
 * and a config (`--config`).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../classify/index.js';
import { openTable } from '../ingest/index.js';
import { InputError } from '../model.js';
import { DEFAULT_OPTIONS } from '../options.js';
import { generateDatadogDashboard, generateDatadogMonitors, parseDatadogSource } from './datadog.js';

export const DATADOG_GENERATOR_USAGE =
  'datadog [--source dogstatsd|api] [--prefix P] [--csv FILE] [--config FILE] [--model-tag model] [--notify @handle] [--title T]';

/**
 * JSON for `what` from the flags after `datadog`. Throws InputError for a bad flag or file
 * (the shell prints it and exits 2).
 */
export async function runDatadogGenerator(what: 'dashboard' | 'monitors', args: string[]): Promise<string> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        source: { type: 'string' },
        prefix: { type: 'string' },
        csv: { type: 'string' },
        config: { type: 'string' },
        'model-tag': { type: 'string' },
        notify: { type: 'string' },
        title: { type: 'string' },
      },
    }) as { values: Record<string, string | undefined> });
  } catch (e) {
    throw new InputError(`${what} datadog`, null, `${(e as Error).message}; usage: ${what} ${DATADOG_GENERATOR_USAGE}`);
  }
  const source = parseDatadogSource(values.source);
  if (!source) throw new InputError(`${what} datadog`, null, `--source must be dogstatsd or api, got "${values.source}"`);
  const config = await loadConfig(values.config ?? null);
  const headers = values.csv ? (await openTable(values.csv)).columns : null;
  const options = {
    source,
    prefix: values.prefix ?? DEFAULT_OPTIONS.prefix,
    headers,
    config,
    ...(values['model-tag'] ? { modelTag: values['model-tag'] } : {}),
    ...(values.notify ? { notify: values.notify } : {}),
    ...(values.title ? { title: values.title } : {}),
  };
  const out = what === 'dashboard' ? generateDatadogDashboard(options) : generateDatadogMonitors(options);
  return `${JSON.stringify(out, null, 2)}\n`;
}
