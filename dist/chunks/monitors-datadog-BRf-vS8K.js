import { r as readDatadogFlags, b as generateDatadogMonitors, a as appliedLines } from './datadog-flags-n8qo23_W.js';
import './postgres-url-DP7a303U.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import './run-columns-D1bq3WfW.js';
import 'node:util';
import '../cli.js';
import 'node:crypto';
import './history-BnXy9J4m.js';

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
    const { applyMonitors, applyTargetFrom } = await import('./apply-CAw9kTvX.js');
    return appliedLines(await applyMonitors(monitors, applyTargetFrom(flags.datadogUrl, env)));
}

export { monitorsDatadog };
