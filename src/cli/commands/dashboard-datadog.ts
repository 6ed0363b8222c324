/**
 * `dashboard datadog`: the Datadog dashboard JSON for the DogStatsD or API route, or with `--apply` the
 * dashboard created or updated through Datadog's API. With `--csv FILE` its panels are the columns of the
 * file as a run would send them; without, the usual ones.
 */
import { generateDatadogDashboard } from '../../dashboards/datadog/generate.js';
import { appliedLines, readDatadogFlags } from '../datadog-flags.js';

/** The flags after `dashboard datadog` → the JSON, or a line for the dashboard saved. */
export async function dashboardDatadog(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const flags = await readDatadogFlags('dashboard', args);
  const dashboard = generateDatadogDashboard(flags.options);
  if (!flags.apply) return `${JSON.stringify(dashboard, null, 2)}\n`;
  const { applyDashboard, applyTargetFrom } = await import('../../dashboards/datadog/apply.js');
  return appliedLines([await applyDashboard(dashboard, applyTargetFrom(flags.datadogUrl, env))]);
}
