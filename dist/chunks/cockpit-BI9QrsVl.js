import { q as queryVariable } from './dashboard-grafana-DB0YUK5v.js';
import './postgres-url-BezLfty4.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import './known-gauges-C2yOVZDj.js';
import './prometheus-OKZ4QSr6.js';
import './buckets-B8UcQ-BJ.js';
import './run-columns-PJugamCY.js';
import 'node:util';
import '../cli.js';
import 'node:crypto';
import './version-C1BOJE61.js';
import './history-BryXbcR6.js';

const p = 'training_metrics_watch';
/** The series the watch command serves (src/watch/live-metrics.ts). */
const WATCH_METRICS = {
    step: `${p}_step`,
    stepsPerSecond: `${p}_steps_per_second`,
    loss: `${p}_loss`,
    lossSmoothed: `${p}_loss_smoothed`,
    value: `${p}_value`,
    nanDetected: `${p}_nan_detected_total`,
    diverged: `${p}_diverged`,
    secondsSinceLastStep: `${p}_seconds_since_last_step`,
    ranksActive: `${p}_ranks_active`,
    gpuUtilization: `${p}_gpu_utilization_ratio`,
    gpuMemoryUsed: `${p}_gpu_memory_used_bytes`,
    gpuPower: `${p}_gpu_power_watts`,
    gpuTemperature: `${p}_gpu_temperature_celsius`,
    aborted: `${p}_aborted`,
};
const SELECTOR = 'experiment=~"$experiment", run=~"$run"';
/** A 0/1 flag shown as OK / the word for 1, green / red. */
const FLAG = (word) => ({
    unit: 'none',
    thresholds: {
        mode: 'absolute',
        steps: [
            { color: 'green', value: null },
            { color: 'red', value: 1 },
        ],
    },
    mappings: [{ type: 'value', options: { '0': { text: 'OK' }, '1': { text: word } } }],
});
/** Window metric keys end in their base unit (naming/prometheus.ts): the unit of each repeated panel. */
const VALUE_UNITS = [
    ['_ratio', 'percentunit'],
    ['_seconds', 's'],
    ['_bytes', 'bytes'],
    ['_flops_per_second', 'flops'],
    ['_tokens_per_second', 'suffix: tok/s'],
    ['_per_second', 'suffix: /s'],
    ['_watts', 'watt'],
    ['_celsius', 'celsius'],
    ['_hertz', 'hertz'],
];
const q = (name, extra = '') => `${name}{${SELECTOR}${extra}}`;
const WHO = '{{run}} {{rank}}';
function progressPanels(n) {
    return [
        { title: 'Step', type: 'stat', width: 6, defaults: { unit: 'none' }, targets: [{ expr: q(n.step), legend: WHO }] },
        {
            title: 'Steps per second',
            type: 'timeseries',
            width: 6,
            defaults: { unit: 'suffix: steps/s' },
            targets: [{ expr: q(n.stepsPerSecond), legend: WHO }],
        },
        {
            title: 'Seconds since the last step',
            type: 'timeseries',
            width: 6,
            description: 'Time since a new step was last read; watch stops the run at --stall-after.',
            defaults: { unit: 's' },
            targets: [{ expr: q(n.secondsSinceLastStep), legend: WHO }],
        },
        {
            title: 'Ranks active',
            type: 'stat',
            width: 6,
            defaults: { unit: 'none' },
            targets: [{ expr: q(n.ranksActive), legend: '{{run}}' }],
        },
    ];
}
function lossPanels(n) {
    return [
        {
            title: 'Loss: last and smoothed',
            type: 'timeseries',
            width: 12,
            description: 'The last value read, and the rolling median the divergence rule compares.',
            defaults: { unit: 'short' },
            targets: [
                { expr: q(n.loss), legend: `{{metric}} ${WHO} last` },
                { expr: q(n.lossSmoothed), legend: `{{metric}} ${WHO} smoothed` },
            ],
        },
        {
            title: 'NaN / inf losses seen',
            type: 'stat',
            width: 6,
            defaults: FLAG('NaN'),
            targets: [{ expr: q(n.nanDetected), legend: `{{metric}} ${WHO}` }],
        },
        {
            title: 'Diverged',
            type: 'stat',
            width: 6,
            defaults: FLAG('DIVERGED'),
            targets: [{ expr: q(n.diverged), legend: `{{metric}} ${WHO}` }],
        },
    ];
}
/** One panel per window metric: Grafana repeats it for each value of the `metric` variable. */
function windowPanels(n) {
    return [
        {
            title: '$metric',
            type: 'timeseries',
            width: 8,
            repeat: 'metric',
            description: 'Recent value of each window metric (MFU, throughput, step time, memory), in base units.',
            defaults: { unit: 'short' },
            overrides: VALUE_UNITS.map(([ending, unit]) => ({
                matcher: { id: 'byRegexp', options: `.*${ending}( .*)?$` },
                properties: [{ id: 'unit', value: unit }],
            })),
            targets: [{ expr: q(n.value, ', metric=~"$metric"'), legend: `{{metric}} ${WHO}` }],
        },
    ];
}
function gpuPanels(n) {
    const gauges = [
        ['GPU utilisation', n.gpuUtilization, 'percentunit'],
        ['GPU memory used', n.gpuMemoryUsed, 'bytes'],
        ['GPU power', n.gpuPower, 'watt'],
        ['GPU temperature', n.gpuTemperature, 'celsius'],
    ];
    return gauges.map(([title, name, unit]) => ({
        title,
        type: 'timeseries',
        width: 6,
        description: 'From nvidia-smi, polled by watch every --gpu-poll (absent where there is no nvidia-smi).',
        defaults: { unit },
        targets: [{ expr: q(name), legend: '{{run}} GPU {{gpu}}' }],
    }));
}
function abortPanels(n) {
    return [
        {
            title: 'Aborted',
            type: 'stat',
            width: 24,
            description: 'Set to 1, by reason, when watch stopped the run (NaN, divergence, stall, collapse).',
            defaults: FLAG('STOPPED'),
            targets: [{ expr: q(n.aborted), legend: '{{run}} {{reason}}' }],
        },
    ];
}
function sections() {
    const n = WATCH_METRICS;
    return [
        ['Progress', progressPanels(n)],
        ['Loss', lossPanels(n)],
        ['Window metrics', windowPanels(n)],
        ['GPU', gpuPanels(n)],
        ['Stopped by watch', abortPanels(n)],
    ];
}
function templateVariables(ds, fixedUid) {
    const n = WATCH_METRICS;
    const list = [];
    if (!fixedUid) {
        list.push({
            name: 'datasource',
            label: 'Prometheus',
            type: 'datasource',
            query: 'prometheus',
            current: { text: 'default', value: 'default' },
            options: [],
            hide: 0,
        });
    }
    list.push(queryVariable('experiment', 'Experiment', `label_values(${n.step}, experiment)`, ds));
    list.push(queryVariable('run', 'Run', `label_values(${n.step}{experiment=~"$experiment"}, run)`, ds));
    list.push(queryVariable('metric', 'Window metric', `label_values(${n.value}{${SELECTOR}}, metric)`, ds));
    return list;
}
/** Row headers, then each row's panels left to right on a 24-column grid. */
function layout(rows, ds) {
    const panels = [];
    let y = 0;
    for (const [title, specs] of rows) {
        panels.push({ id: panels.length + 1, type: 'row', title, collapsed: false, gridPos: { h: 1, w: 24, x: 0, y } });
        y += 1;
        let x = 0;
        for (const spec of specs) {
            const w = spec.width ?? 12;
            if (x + w > 24) {
                x = 0;
                y += 8;
            }
            panels.push(panelOf(spec, panels.length + 1, { h: 8, w, x, y }, ds));
            x += w;
        }
        y += 8;
    }
    return panels;
}
function panelOf(spec, id, gridPos, ds) {
    return {
        id,
        type: spec.type,
        title: spec.title,
        ...(spec.description ? { description: spec.description } : {}),
        gridPos,
        datasource: ds,
        ...(spec.repeat ? { repeat: spec.repeat, repeatDirection: 'h', maxPerRow: 3 } : {}),
        targets: spec.targets.map((t, k) => ({
            refId: String.fromCharCode(65 + k),
            expr: t.expr,
            legendFormat: t.legend,
            datasource: ds,
        })),
        fieldConfig: { defaults: spec.defaults, overrides: spec.overrides ?? [] },
        options: spec.type === 'stat'
            ? {
                reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false },
                colorMode: 'value',
                graphMode: 'area',
                textMode: 'value_and_name',
            }
            : {
                legend: { displayMode: 'table', placement: 'bottom', calcs: ['lastNotNull'] },
                tooltip: { mode: 'multi', sort: 'none' },
            },
    };
}
/** The cockpit dashboard for the watch command's live /metrics. */
function cockpitDashboard(options) {
    const ds = { type: 'prometheus', uid: options.datasourceUid || '${datasource}' };
    return {
        uid: options.uid ?? 'training-metrics-watch',
        title: options.title ?? 'Training cockpit (live, training-metrics-gate watch)',
        tags: ['training-metrics-gate', 'watch'],
        timezone: 'browser',
        schemaVersion: 39,
        version: 1,
        editable: true,
        graphTooltip: 1,
        time: { from: 'now-3h', to: 'now' },
        refresh: '5s',
        annotations: { list: [] },
        templating: { list: templateVariables(ds, Boolean(options.datasourceUid)) },
        panels: layout(sections(), ds),
    };
}

export { WATCH_METRICS, cockpitDashboard };
