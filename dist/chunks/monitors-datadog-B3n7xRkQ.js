import { r as readDatadogFlags, b as generateDatadogMonitors, a as appliedLines } from './datadog-flags-C_cldJIC.js';
import './postgres-url-BCDWR7CQ.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import './run-columns-Dtx5TqNf.js';
import 'node:util';
import '../cli.js';
import 'node:crypto';
import './version-C1BOJE61.js';
import './history-DSKvBhn2.js';

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
    const { applyMonitors, applyTargetFrom } = await import('./apply-5ihAyyEZ.js');
    return appliedLines(await applyMonitors(monitors, applyTargetFrom(flags.datadogUrl, env)));
}

export { monitorsDatadog };
