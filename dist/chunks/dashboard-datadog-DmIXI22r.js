import { r as readDatadogFlags, g as generateDatadogDashboard, a as appliedLines } from './datadog-flags-DmoPLHiF.js';
import './postgres-url-BezLfty4.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import './run-columns-PJugamCY.js';
import 'node:util';
import '../cli.js';
import 'node:crypto';
import './version-C1BOJE61.js';
import './history-BryXbcR6.js';

/**
 * `dashboard datadog`: the Datadog dashboard JSON for the DogStatsD or API route, or with `--apply` the
 * dashboard created or updated through Datadog's API. With `--csv FILE` its panels are the columns of the
 * file as a run would send them; without, the usual ones.
 */
/** The flags after `dashboard datadog` → the JSON, or a line for the dashboard saved. */
async function dashboardDatadog(args, env) {
    const flags = await readDatadogFlags('dashboard', args);
    const dashboard = generateDatadogDashboard(flags.options);
    if (!flags.apply)
        return `${JSON.stringify(dashboard, null, 2)}\n`;
    const { applyDashboard, applyTargetFrom } = await import('./apply-iQLiLFax.js');
    return appliedLines([await applyDashboard(dashboard, applyTargetFrom(flags.datadogUrl, env))]);
}

export { dashboardDatadog };
