import { ah as RUN_GAUGES } from './postgres-url-BezLfty4.js';

/**
 * Gauges the engine sends beside a run's own columns, by StatsD name (without the prefix) and unit:
 * the run and gate gauges, the GPU report's per-device (`gpu:<label>` tag) and run-level gauges, and the
 * cost gauges. The statsd_exporter mapping gives each an exact mapping (the sink sends base units, and the
 * Prometheus names match the Pushgateway's); the Grafana dashboard draws the GPU and cost ones.
 * A test checks the list against what the GPU report produces from a real capture.
 */
const DEVICE_FIELDS = [
    ['util.mean', 'percent'],
    ['util.p10', 'percent'],
    ['sm_active.mean', 'percent'],
    ['sm_active.p10', 'percent'],
    ['tensor_active.mean', 'percent'],
    ['tensor_active.p10', 'percent'],
    ['memory.peak', 'mebibytes'],
    ['memory.total', 'mebibytes'],
    ['memory.peak_fraction', 'ratio'],
    ['power.mean', 'watts'],
    ['power.max', 'watts'],
    ['temperature.max', 'celsius'],
    ['starved', 'boolean'],
];
const KNOWN_GAUGES = [
    { name: RUN_GAUGES.steps, unit: 'count' },
    { name: RUN_GAUGES.truncated, unit: 'boolean' },
    { name: RUN_GAUGES.regression, unit: 'boolean' },
    ...DEVICE_FIELDS.map(([field, unit]) => ({ name: `gpu.${field}`, unit, perDevice: true })),
    ...DEVICE_FIELDS.map(([field, unit]) => ({ name: `gpu.run.${field}`, unit })),
    { name: 'gpu.run.count', unit: 'count' },
    { name: 'gpu.run.starved_gpus', unit: 'count' },
    { name: 'gpu.run.power.total_mean', unit: 'watts' },
    { name: 'cost.gpu_hours', unit: 'hours' },
    { name: 'cost.total', unit: 'currency' },
    { name: 'cost.per_billion_tokens', unit: 'currency' },
];

export { KNOWN_GAUGES as K };
