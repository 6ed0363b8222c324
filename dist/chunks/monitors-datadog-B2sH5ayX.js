import { r as readDatadogFlags, b as generateDatadogMonitors, a as appliedLines } from './datadog-flags-DmoPLHiF.js';
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
 * `monitors datadog`: the Datadog monitors (an array of `POST /api/v1/monitor` bodies) for the DogStatsD or
 * API route, or with `--apply` the monitors created or updated through Datadog's API.
 */
/** The flags after `monitors datadog` → the JSON, or a line per monitor saved. */
async function monitorsDatadog(args, env) {
    const flags = await readDatadogFlags('monitors', args);
    const monitors = generateDatadogMonitors(flags.options);
    if (!flags.apply)
        return `${JSON.stringify(monitors, null, 2)}\n`;
    const { applyMonitors, applyTargetFrom } = await import('./apply-iQLiLFax.js');
    return appliedLines(await applyMonitors(monitors, applyTargetFrom(flags.datadogUrl, env)));
}

export { monitorsDatadog };
