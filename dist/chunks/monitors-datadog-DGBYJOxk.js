import { r as readDatadogFlags, b as generateDatadogMonitors, a as appliedLines } from './datadog-flags-DsDj-zls.js';
import './postgres-url-C8h0lVKp.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'node:os';
import 'stream';
import './run-columns-8DmnS-aE.js';
import 'node:util';
import '../cli.js';
import 'node:crypto';
import './history-CsZVW5Wi.js';

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
    const { applyMonitors, applyTargetFrom } = await import('./apply-DJptu9Fd.js');
    return appliedLines(await applyMonitors(monitors, applyTargetFrom(flags.datadogUrl, env)));
}

export { monitorsDatadog };
