/**
 * `monitors datadog`: the Datadog monitors (an array of `POST /api/v1/monitor` bodies) for the DogStatsD or
 * API route, or with `--apply` the monitors created or updated through Datadog's API.
 */
import { generateDatadogMonitors } from '../../dashboards/datadog/generate.js';
import { appliedLines, readDatadogFlags } from '../datadog-flags.js';

/** The flags after `monitors datadog` → the JSON, or a line per monitor saved. */
export async function monitorsDatadog(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const flags = await readDatadogFlags('monitors', args);
  const monitors = generateDatadogMonitors(flags.options);
  if (!flags.apply) return `${JSON.stringify(monitors, null, 2)}\n`;
  const { applyMonitors, applyTargetFrom } = await import('../../dashboards/datadog/apply.js');
  return appliedLines(await applyMonitors(monitors, applyTargetFrom(flags.datadogUrl, env)));
}
