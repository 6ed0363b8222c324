/**
 * Command-line adapter for `training-metrics-gate dashboard datadog …` and `monitors datadog …`:
 * flags → generator options → pretty JSON, or with `--apply` the dashboard or monitors created or updated
 * through Datadog's API (datadog-apply.ts). Otherwise the only I/O is reading a metrics file's header
 * (`--csv`) and a config (`--config`).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import { openTable } from '../ingest/index.js';
import { InputError } from '../model.js';
import { DEFAULT_OPTIONS } from '../options.js';
import { generateDatadogDashboard, generateDatadogMonitors, parseDatadogSource } from './datadog.js';

/**
 * JSON for `what` from the flags after `datadog` (or, with --apply, one line per dashboard or monitor saved).
 * Throws InputError for a bad flag or file, and an Error when the API refuses (the shell prints either and
 * exits 2).
 */
export async function runDatadogGenerator(
  what: 'dashboard' | 'monitors',
  args: string[],
  env: NodeJS.ProcessEnv,
  usage: string,
): Promise<string> {
  let values: Record<string, string | boolean | undefined>;
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
        apply: { type: 'boolean' },
        'datadog-url': { type: 'string' },
      },
    }) as { values: Record<string, string | boolean | undefined> });
  } catch (e) {
    throw new InputError(`${what} datadog`, null, `${(e as Error).message}; usage: ${usage}`);
  }
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const source = parseDatadogSource(text('source'));
  if (!source)
    throw new InputError(`${what} datadog`, null, `--source must be dogstatsd or api, got "${text('source')}"`);
  if (text('datadog-url') !== undefined && !values.apply)
    throw new InputError(`${what} datadog`, null, '--datadog-url goes with --apply');
  const config = await loadConfig(text('config') ?? null);
  const headers = text('csv') ? (await openTable(text('csv')!)).columns : null;
  const options = {
    source,
    prefix: text('prefix') ?? DEFAULT_OPTIONS.prefix,
    headers,
    config,
    ...(text('model-tag') ? { modelTag: text('model-tag') } : {}),
    ...(text('notify') ? { notify: text('notify') } : {}),
    ...(text('title') ? { title: text('title') } : {}),
  };
  const dashboard = what === 'dashboard' ? generateDatadogDashboard(options) : null;
  const monitors = what === 'monitors' ? generateDatadogMonitors(options) : [];
  if (!values.apply) return `${JSON.stringify(dashboard ?? monitors, null, 2)}\n`;

  const { applyDashboard, applyMonitors, applyTargetFrom } = await import('./datadog-apply.js');
  const target = applyTargetFrom(text('datadog-url'), env);
  const saved = dashboard ? [await applyDashboard(dashboard, target)] : await applyMonitors(monitors, target);
  return `${saved.map((a) => `${a.kind} ${a.action}: ${a.name} (id ${a.id}${a.url ? `, ${a.url}` : ''})`).join('\n')}\n`;
}
