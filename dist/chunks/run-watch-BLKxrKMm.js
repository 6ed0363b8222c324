import { stat, readdir, writeFile, mkdir } from 'node:fs/promises';
import { q as metricKey, s as median, t as stepTimerColumn, u as rankImbalance, v as max, x as combineRanks, y as rankCombine, R as RANK_IMBALANCE, z as runTagSet, I as InputError, M as MAX_TIMER_MS, A as RollingMedian, D as DIVERGENCE_WINDOW, E as Sketch, F as DivergenceDetector, G as CellKind, H as isUtilisation, n as classify, J as readManifest, L as LF, K as isBlank, Q as QUOTE, N as isHeaderRecord, T as classifyCell, U as csvParseOptions, V as detectDelimiter, W as parseHeader, X as recordsOfBytes, Y as typeColumns, Z as findStepColumn, _ as RecordCells, $ as UnquotedRows, a0 as CR, a1 as CHUNK$1, a2 as MAX_LINE, a3 as recordAt, a4 as decodeEvent, a5 as MAX_RANKS, a6 as specialKind, a7 as rankOf, l as loadConfig, a8 as jobName, a9 as runNameOf, aa as tempDirUntilExit, a as run, c as resultJson, w as writeFileAtomic, d as replacedLinkWarning } from './postgres-url-BezLfty4.js';
import { dirname, basename, join, extname, resolve } from 'node:path';
import { spawn, execFile } from 'node:child_process';
import { constants } from 'node:os';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync, openSync, fstatSync, readSync, closeSync, watch } from 'node:fs';
import 'node:stream';
import 'stream';
import { openHistory } from './store-u9FdFviB.js';
import { c as comparableRuns } from './history-DzKPUSLO.js';
import { p as parseGpuCsv } from './nvidia-smi-csv-C2YPwX_D.js';
import { p as promClientExports } from './index-CQ7lgedw.js';
import { s as sentStatsdName, a as sentFactor } from './metrics-1pr649UD.js';
import { createServer } from 'node:http';
import { p as prometheusMetricName } from './prometheus-OKZ4QSr6.js';
import { p as picomatch } from './index-DQhARvuw.js';
import './record-problem-Cb4fC9fR.js';
import './sync-DjlYNjSm.js';
import 'util';
import 'url';
import 'http';
import 'https';
import 'zlib';
import './otlp-exporter-base-CJV2Axj1.js';
import 'fs';
import 'path';
import 'process';
import 'v8';
import 'cluster';

/**
 * Everything the watched command started, found again at the end: the command's environment carries a
 * cookie of this watch's own (TRAINING_METRICS_GATE_WATCH), which every process it starts inherits, in its
 * process group or not (a `setsid` daemon, a double fork whose parent is long gone). /proc tells each
 * process's environment to its owner. The same device as Jenkins' ProcessTreeKiller.
 *
 * What escapes: a process that clears or rewrites its environment, one owned by another user, and any
 * process where there is no /proc (macOS): there only the process group is signalled.
 */
const WATCH_COOKIE = 'TRAINING_METRICS_GATE_WATCH';
function newCookie() {
    return randomUUID();
}
/** Pids of the processes (this one left out) whose environment holds `WATCH_COOKIE=cookie`. */
function processesWithCookie(cookie, proc = '/proc') {
    let entries;
    try {
        entries = readdirSync(proc);
    }
    catch {
        return [];
    }
    const needle = Buffer.from(`${WATCH_COOKIE}=${cookie}\u0000`);
    const found = [];
    for (const name of entries) {
        if (!/^\d+$/.test(name) || Number(name) === process.pid)
            continue;
        try {
            const environ = readFileSync(`${proc}/${name}/environ`);
            const at = environ.indexOf(needle);
            // The variable starts the block or follows a NUL: never the tail of another variable's value.
            if (at === 0 || (at > 0 && environ[at - 1] === 0))
                found.push(Number(name));
        }
        catch {
            // gone already, or not ours to read
        }
    }
    return found;
}

/**
 * The watched command: started in a process group of its own (spawned detached), so that a signal
 * reaches it and everything it started (a launcher's worker processes, a shell script's children).
 * SIGINT and SIGTERM sent to watch are forwarded to the group. Stopping it, after an abort, a forwarded
 * signal or its own end, is SIGTERM to the group and to every process carrying this watch's cookie
 * (descendants.ts: those that left the group), then SIGKILL to what is left after a grace period. Only
 * those are ever signalled.
 */
/**
 * The environment a `run:` step gets: the runner hands the ACTIONS_RUNTIME_* token, the results and cache
 * URLs and the OIDC request pair to node actions only, and with them a training script could write
 * artifacts and cache entries or mint cloud credentials. They are taken out; a user who wants one passes
 * it on under another name. The same for every process watch starts (nvidia-smi too). The OTLP headers
 * go the same way (OTLP_HEADERS below).
 */
function childEnvironment(env) {
    const out = {};
    for (const [key, value] of Object.entries(env)) {
        if (/^ACTIONS_(RUNTIME_|ID_TOKEN_REQUEST_)/.test(key) ||
            key === 'ACTIONS_RESULTS_URL' ||
            key === 'ACTIONS_CACHE_URL' ||
            OTLP_HEADERS.test(key))
            continue;
        out[key] = value;
    }
    return out;
}
/**
 * The OTLP exporters' headers (an API key for a vendor's endpoint): watch's secrets, not the training's.
 * The command gets TRACEPARENT and the endpoint instead; one that must export with a key is given it under
 * a name of its own.
 */
const OTLP_HEADERS = /^OTEL_EXPORTER_OTLP_(TRACES_|METRICS_|LOGS_)?HEADERS$/;
/** How long to wait between looks at whether the group is gone. */
const GROUP_POLL_MS = 20;
class WatchedChild {
    ended;
    proc;
    forward = (signal) => {
        this.forwarded = signal;
        this.signalGroup(signal);
    };
    /** The signal watch forwarded to the group, if any. */
    forwarded = null;
    cookie = newCookie();
    /** `extra`: what watch adds to the command's environment (TRACEPARENT). */
    constructor(command, args, extra = {}) {
        const env = { ...childEnvironment(process.env), ...extra, [WATCH_COOKIE]: this.cookie };
        this.proc = spawn(command, args, { detached: true, stdio: 'inherit', env });
        this.ended = new Promise((resolve) => {
            this.proc.once('error', (e) => resolve({ code: null, signal: null, error: e.message }));
            this.proc.once('exit', (code, signal) => resolve({ code, signal }));
        });
        process.on('SIGINT', this.forward);
        process.on('SIGTERM', this.forward);
        void this.ended.then(() => this.unforward());
    }
    get pid() {
        return this.proc.pid;
    }
    /**
     * SIGTERM to the group and to the processes that left it, SIGKILL to what is left after `graceMs`;
     * resolves once all are gone (or a second grace period has passed).
     */
    async stop(graceMs) {
        this.signalAll('SIGTERM');
        const deadline = Date.now() + graceMs;
        while (this.anyAlive() && Date.now() < deadline)
            await sleep(GROUP_POLL_MS);
        if (this.anyAlive())
            this.signalAll('SIGKILL');
        while (this.anyAlive() && Date.now() < deadline + graceMs)
            await sleep(GROUP_POLL_MS);
        await this.ended;
    }
    /** Whether anything the command started is still there: its group, or a process with the cookie. */
    anyAlive() {
        return this.groupAlive() || processesWithCookie(this.cookie).length > 0;
    }
    signalAll(signal) {
        this.signalGroup(signal);
        for (const pid of processesWithCookie(this.cookie)) {
            try {
                process.kill(pid, signal);
            }
            catch {
                // gone in between
            }
        }
    }
    /** Whether any process of the group is still there (signal 0 probes without sending anything). */
    groupAlive() {
        if (this.proc.pid === undefined)
            return false;
        try {
            process.kill(-this.proc.pid, 0);
            return true;
        }
        catch {
            return false;
        }
    }
    signalGroup(signal) {
        if (this.proc.pid === undefined)
            return;
        try {
            process.kill(-this.proc.pid, signal);
        }
        catch {
            // the group is gone already
        }
    }
    unforward() {
        process.off('SIGINT', this.forward);
        process.off('SIGTERM', this.forward);
    }
}
/** The exit code a shell gives a command: its own, or 128 + the signal's number. */
function exitCodeOf(end) {
    if (end.error)
        return 127;
    if (end.code !== null)
        return end.code;
    const n = end.signal ? constants.signals[end.signal] : undefined;
    return n ? 128 + n : 1;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The baseline history's level of each column, for the collapse rule: the median of the steady-state
 * centres of the comparable runs since the last run marked as a new baseline. Read once, before the
 * command starts; a history that cannot be read leaves the rule on the run's own level.
 */
/** Runs the level is taken over: the latest ones. */
const LEVEL_RUNS = 10;
async function baselineLevels(spec, experiment, warn) {
    try {
        const history = await openHistory(spec).readIfExists();
        if (!history)
            return () => null;
        let runs = comparableRuns(history, experiment, '');
        let marked = runs.length - 1;
        while (marked > 0 && !runs[marked].baseline)
            marked--;
        runs = runs.slice(Math.max(0, marked));
        runs = runs.slice(-LEVEL_RUNS);
        return (column) => {
            const key = metricKey(column);
            const centres = runs.map((r) => r.metrics[key]?.centre).filter((c) => Number.isFinite(c));
            return centres.length ? median(centres) : null;
        };
    }
    catch (e) {
        warn(`collapse rule: the history could not be read (${e.message}); the run's own level is used`);
        return () => null;
    }
}

/**
 * The detached nvidia-smi sampler behind the gpu-monitor action: started by the main step, left running
 * through the job's steps, stopped by the post step. Only the process we started is ever signalled.
 */
const DEFAULT_QUERY = 'timestamp,index,uuid,name,driver_version,utilization.gpu,utilization.memory,memory.used,memory.total,power.draw,temperature.gpu,clocks.sm';

/**
 * `--gpu-poll`: nvidia-smi asked for one sample every interval while the command runs, read by the same
 * reader as a captured nvidia-smi CSV (src/gpu/capture), so its header spellings and units are handled
 * in one place. Where nvidia-smi is absent it says so once and stops: the GPU series are then absent.
 */
/** One nvidia-smi answer → the latest sample per GPU. */
function latestGpuSamples(text) {
    const samples = parseGpuCsv('nvidia-smi', text);
    const last = (values) => (values?.length ? values[values.length - 1] : Number.NaN);
    return samples.gpus.map((g) => ({
        gpu: g.label,
        utilPercent: last(g.fields.util),
        memUsedMiB: last(g.fields.memUsedMiB),
        powerW: last(g.fields.powerW),
        tempC: last(g.fields.tempC),
    }));
}
class GpuPoller {
    intervalMs;
    onSample;
    warn;
    program;
    timer = null;
    busy = false;
    stopped = false;
    constructor(intervalMs, onSample, warn, program = 'nvidia-smi') {
        this.intervalMs = intervalMs;
        this.onSample = onSample;
        this.warn = warn;
        this.program = program;
    }
    start() {
        void this.poll();
        this.timer = setInterval(() => void this.poll(), this.intervalMs);
        this.timer.unref();
    }
    stop() {
        this.stopped = true;
        if (this.timer)
            clearInterval(this.timer);
        this.timer = null;
    }
    async poll() {
        if (this.busy || this.stopped)
            return;
        this.busy = true;
        try {
            const text = await this.query();
            if (text !== null && !this.stopped)
                this.onSample(latestGpuSamples(text));
        }
        catch (e) {
            // A capture nvidia-smi wrote half of, or a driver hiccup: the next poll tries again.
            this.warn(`gpu-poll: ${e.message.split('\n')[0]}`);
        }
        finally {
            this.busy = false;
        }
    }
    /**
     * nvidia-smi's own table, asked for once: its header names the driver and the CUDA version the run's
     * environment records (src/environment/nvidia-smi-text.ts). Null when nvidia-smi is absent or fails.
     */
    identity() {
        return new Promise((resolve) => {
            execFile(this.program, [], { timeout: Math.max(5_000, this.intervalMs), env: childEnvironment(process.env) }, (err, stdout) => resolve(err ? null : stdout));
        });
    }
    /** nvidia-smi's CSV; null (and polling stopped) when there is no nvidia-smi. */
    query() {
        return new Promise((resolve, reject) => {
            execFile(this.program, [`--query-gpu=${DEFAULT_QUERY}`, '--format=csv,nounits'], { timeout: Math.max(5_000, this.intervalMs), env: childEnvironment(process.env) }, (err, stdout) => {
                if (err && err.code === 'ENOENT') {
                    this.warn(`gpu-poll: ${this.program} not found on PATH; no GPU series`);
                    this.stop();
                    resolve(null);
                }
                else if (err)
                    reject(err);
                else
                    resolve(stdout);
            });
        });
    }
}

/**
 * The live /metrics of a watched run: its own prom-client Registry (never the global one), names and
 * labels as docs/watch.md lists them. Labels are `experiment` and `run` on every series, and `rank` only
 * when several ranks' files are watched, so one file's series stay low-cardinality. With several ranks,
 * the job's own series carry `rank="job"`: each metric's ranks' latest values combined by the rule a
 * multi-rank job's table uses (src/ranks/combine.ts: the slowest rank's step time, the largest memory,
 * the mean MFU …), and the job's `rank_imbalance`.
 *
 * Nothing is set per row nor per look: every gauge is computed from the watch state when /metrics is
 * scraped (and only when rows came since the last scrape), so a trainer writing a row at a time costs
 * what one writing many does.
 */
const P = 'training_metrics_watch_';
/** The `rank` label of a multi-rank job's own series. */
const JOB_RANK = 'job';
class LiveMetrics {
    ranked;
    state;
    registry = new promClientExports.Registry();
    base;
    rankLabel;
    g;
    nanTotal;
    /** Non-finite values already counted, by rank and metric. */
    counted = new Map();
    constructor(labels, ranked, state) {
        this.ranked = ranked;
        this.state = state;
        this.base = { ...labels };
        this.rankLabel = ranked ? ['rank'] : [];
        const r = [this.registry];
        const common = ['experiment', 'run', ...this.rankLabel];
        const rows = () => this.refresh();
        this.g = makeGauges(r, common, rows, {
            sinceLastStep: () => this.collectSinceLastStep(),
            ranksActive: () => this.g.ranksActive.set(this.base, this.state.ranksActive()),
        });
        this.nanTotal = new promClientExports.Counter({
            name: `${P}nan_detected_total`,
            help: 'Non-finite values (nan, inf) seen in a metric column',
            labelNames: [...common, 'metric'],
            registers: r,
            collect: rows,
        });
    }
    /** Rows and restarts seen when the gauges were last set. */
    seen = -1;
    /** Set the series that follow the rows, when rows came since they were last set (each gauge's collect calls it). */
    refresh() {
        let seen = 0;
        for (const rank of this.state.ranks)
            seen += rank.rows + rank.restarts;
        if (seen !== this.seen)
            this.update();
        this.seen = seen;
    }
    /** Set the series that follow the rows from the state. */
    update() {
        for (const rank of this.state.ranks)
            this.updateRank(rank);
        if (this.ranked && this.state.ranks.length > 1)
            this.updateJob();
    }
    /** At each scrape: time goes on without rows. */
    collectSinceLastStep() {
        for (const rank of this.state.ranks)
            this.g.sinceLastStep.set(this.labelsOf(rank), rank.secondsSinceLastStep());
        if (this.ranked && this.state.ranks.length > 1) {
            const since = Math.min(...this.state.ranks.map((r) => r.secondsSinceLastStep()));
            this.g.sinceLastStep.set({ ...this.base, rank: JOB_RANK }, since);
        }
    }
    /**
     * The job's series: per metric, the ranks' latest values combined as the job's table combines a step's;
     * the job's step is the slowest rank's (where the job as a whole has got to), its rate the slowest's.
     */
    updateJob() {
        const ranks = this.state.ranks;
        const labels = { ...this.base, rank: JOB_RANK };
        setFinite(this.g.step, labels, this.state.step());
        this.g.stepsPerSecond.set(labels, Math.min(...ranks.map((r) => r.stepsPerSecond())));
        const byName = new Map();
        for (const rank of ranks)
            for (const m of rank.metrics.values()) {
                const list = byName.get(m.name);
                if (list)
                    list.push(m);
                else
                    byName.set(m.name, [m]);
            }
        const values = new Float64Array(ranks.length);
        const combined = (list, of, how = rankCombine(list[0].name, list[0].cls)) => {
            list.forEach((m, i) => {
                values[i] = of(m);
            });
            return combineRanks(how, values, list.length);
        };
        for (const list of byName.values()) {
            const m = list[0];
            if (m.isLoss) {
                const ml = { ...labels, metric: m.name };
                setFinite(this.g.loss, ml, combined(list, (x) => x.last));
                setFinite(this.g.lossSmoothed, ml, combined(list, (x) => x.smoothed));
                this.g.diverged.set(ml, list.some((x) => x.diverged) ? 1 : 0);
            }
            else if (m.cls.kind === 'window' || m.cls.kind === 'timer') {
                setFinite(this.g.value, { ...labels, metric: m.promKey.name }, combined(list, (x) => x.last) * m.promKey.factor);
            }
        }
        const names = [...byName.keys()];
        const timer = stepTimerColumn(names, names.map((n) => byName.get(n)[0].cls));
        if (timer >= 0) {
            const last = byName
                .get(names[timer])
                .map((m) => m.last)
                .filter(Number.isFinite);
            if (last.length >= 2)
                setFinite(this.g.value, { ...labels, metric: RANK_IMBALANCE }, rankImbalance(max(last), median(last)));
        }
    }
    labelsOf(rank) {
        return this.ranked ? { ...this.base, rank: rank.label } : this.base;
    }
    /** The abort rules watched: each reason's gauge at 0 until the run is stopped for it. */
    watchReasons(reasons) {
        for (const reason of reasons)
            this.g.aborted.set({ ...this.base, reason }, 0);
    }
    aborted(reason) {
        this.g.aborted.set({ ...this.base, reason }, 1);
    }
    /** The latest nvidia-smi sample of each GPU, in base units. */
    gpu(samples) {
        for (const s of samples) {
            const labels = { ...this.base, gpu: s.gpu };
            setFinite(this.g.gpuUtil, labels, s.utilPercent / 100);
            setFinite(this.g.gpuMem, labels, s.memUsedMiB * 1024 * 1024);
            setFinite(this.g.gpuPower, labels, s.powerW);
            setFinite(this.g.gpuTemp, labels, s.tempC);
        }
    }
    updateRank(rank) {
        const labels = this.labelsOf(rank);
        setFinite(this.g.step, labels, rank.lastStep);
        this.g.stepsPerSecond.set(labels, rank.stepsPerSecond());
        for (const m of rank.metrics.values()) {
            if (m.isLoss) {
                const ml = { ...labels, metric: m.name };
                setFinite(this.g.loss, ml, m.last);
                setFinite(this.g.lossSmoothed, ml, m.smoothed);
                this.g.diverged.set(ml, m.diverged ? 1 : 0);
            }
            else if (m.cls.kind === 'window' || m.cls.kind === 'timer') {
                setFinite(this.g.value, { ...labels, metric: m.promKey.name }, m.last * m.promKey.factor);
            }
            // A loss's counter is there from the start (at 0), so a dashboard's rate() has a series to work on.
            if (m.isLoss || m.nonFinite)
                this.countNonFinite(labels, rank.label, m.name, m.nonFinite);
        }
    }
    /** The counter follows the metric's count of non-finite values (a restart may lower that: never the counter). */
    countNonFinite(labels, rank, metric, total) {
        const key = `${rank}\u0000${metric}`;
        const before = this.counted.get(key);
        if (before === undefined || total > before)
            this.nanTotal.inc({ ...labels, metric }, total - (before ?? 0));
        this.counted.set(key, Math.max(total, before ?? 0));
    }
}
/** A gauge keeps its last value when the new one is NaN (a missing cell says nothing new). */
function setFinite(g, labels, value) {
    if (!Number.isNaN(value))
        g.set(labels, value);
}
/** The gauges; `clock` sets the ones that change with time alone, called by prom-client at each scrape. */
function makeGauges(registers, common, rows, clock) {
    const gauge = (name, help, extra = [], labels = common, collect = rows) => new promClientExports.Gauge({ name: `${P}${name}`, help, labelNames: [...labels, ...extra], registers, collect });
    const run = ['experiment', 'run'];
    return {
        step: gauge('step', 'Last step seen'),
        stepsPerSecond: gauge('steps_per_second', 'Steps per second over the recent steps'),
        loss: gauge('loss', 'Last loss value', ['metric']),
        lossSmoothed: gauge('loss_smoothed', 'Smoothed loss: the rolling median the divergence rule uses', ['metric']),
        value: gauge('value', "A window metric's recent value, in base units", ['metric']),
        diverged: gauge('diverged', '1 when the divergence rule holds for this loss', ['metric']),
        sinceLastStep: gauge('seconds_since_last_step', 'Seconds since the last new step', [], common, clock.sinceLastStep),
        ranksActive: gauge('ranks_active', 'Ranks that logged a new step within stall-after', [], run, clock.ranksActive),
        gpuUtil: gauge('gpu_utilization_ratio', 'GPU utilisation (nvidia-smi utilization.gpu), 0-1', ['gpu'], run),
        gpuMem: gauge('gpu_memory_used_bytes', 'GPU memory used', ['gpu'], run),
        gpuPower: gauge('gpu_power_watts', 'GPU power draw', ['gpu'], run),
        gpuTemp: gauge('gpu_temperature_celsius', 'GPU temperature', ['gpu'], run),
        aborted: gauge('aborted', '1 when watch stopped the run for this reason', ['reason'], run),
    };
}

/**
 * With `statsd-host`, a watched run's values also go out over StatsD as they come, through the StatsD
 * sink (src/sinks/statsd): each loss as a gauge tagged with its step (as `emit` sends loss points), each
 * window or timer metric's last value as a gauge `<name>.live`, a name of its own, since a gauge under the
 * name of the histogram `emit` sends for that column would be one family with two types in statsd_exporter
 * (whichever came second is dropped). Bounded: at most one flush per interval, one line per metric and
 * rank per flush, whatever the rate rows are written at.
 */
/** Flushes at most this often. */
const FLUSH_MS = 1000;
/** Lines per flush at most (ranks × metrics beyond it wait for the next flush). */
const MAX_LINES = 2000;
class LiveStatsd {
    options;
    warn;
    lastFlush = 0;
    sending = null;
    /** By rank and metric: the step last sent. */
    sent = new Map();
    tags;
    warned = false;
    /** The protocol the last delivered flush went over, or null: the option's own (auto) again. */
    protocol = null;
    constructor(options, experiment, warn) {
        this.options = options;
        this.warn = warn;
        this.tags = runTagSet({ tags: {}, experiment }, options.tags, options.github, options.allowIdTags).tags;
    }
    /** Send what is new, unless a flush was made less than FLUSH_MS ago (`force`: at the end). */
    flush(state, force = false) {
        const now = Date.now();
        if (this.sending || (!force && now - this.lastFlush < FLUSH_MS))
            return this.sending ?? Promise.resolve();
        this.lastFlush = now;
        const lines = this.linesFor(state);
        if (!lines.length)
            return Promise.resolve();
        this.sending = this.send(lines).finally(() => {
            this.sending = null;
        });
        return this.sending;
    }
    /** The lines due for what is new in `state` since the last call (marked as sent). */
    linesFor(state) {
        const out = [];
        for (const rank of state.ranks) {
            for (const m of rank.metrics.values()) {
                if (out.length >= MAX_LINES)
                    return out;
                const key = `${rank.label}\u0000${m.name}`;
                if (!Number.isFinite(m.last) || m.lastStep === this.sent.get(key))
                    continue;
                if (m.cls.kind !== 'loss' && m.cls.kind !== 'window' && m.cls.kind !== 'timer')
                    continue;
                this.sent.set(key, m.lastStep);
                const tags = { ...this.tags, step: String(m.lastStep), ...(rank.label ? { rank: rank.label } : {}) };
                // In the flavor's units, named as `emit` names a gauge of the column (the plain flavor's base units).
                const { prefix, statsdFlavor } = this.options;
                const gauge = sentStatsdName(prefix, m.name, { kind: 'gauge', unit: m.cls.unit }, statsdFlavor);
                const name = m.cls.kind === 'loss' ? gauge : `${gauge}.live`;
                out.push({ name, value: m.last * sentFactor(m.cls.unit, statsdFlavor), type: 'g', sampleRate: 1, tags });
            }
        }
        return out;
    }
    async send(lines) {
        const { sendStatsd } = await import('./send-D9XWLGP7.js').then(function (n) { return n.a; });
        const o = this.options;
        const report = await sendStatsd(lines, {
            host: o.statsdHost ?? '127.0.0.1',
            port: o.statsdPort,
            protocol: this.protocol ?? o.statsdProtocol,
            flavor: o.statsdFlavor,
            maxBufferSize: o.maxBufferSize,
            dryRun: false,
        });
        // What `auto` found is kept while it delivers: no TCP attempt before every flush.
        this.protocol = report.delivery === 'written' || report.delivery === 'unconfirmed' ? report.protocol : null;
        if (report.errors.length && !this.warned) {
            // A sink outage warns once and changes nothing else.
            this.warned = true;
            this.warn(`live StatsD to ${report.target}: ${report.errors[0]}`);
        }
    }
}

/** The HTTP server of the live /metrics: one path, the registry's text exposition, loopback by default. */
class MetricsServer {
    server;
    address;
    constructor(server, 
    /** Where it listens, `host:port` (the port the system chose when 0 was asked for). */
    address) {
        this.server = server;
        this.address = address;
    }
    static async listen(registry, host, port) {
        const server = createServer((req, res) => {
            const path = (req.url ?? '/').split('?')[0];
            if (req.method !== 'GET' && req.method !== 'HEAD') {
                res.writeHead(405, { allow: 'GET, HEAD' }).end();
                return;
            }
            if (path !== '/metrics') {
                res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: the metrics are at /metrics\n');
                return;
            }
            registry.metrics().then((text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text), (e) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${e.message}\n`));
        });
        await new Promise((resolve, reject) => {
            server.once('error', (e) => reject(new InputError('listen', null, `cannot serve /metrics on ${host}:${port}: ${e.code ?? e.message}`)));
            server.listen(port, host, () => resolve());
        });
        const a = server.address();
        return new MetricsServer(server, `${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`);
    }
    close() {
        return new Promise((resolve) => {
            this.server.close(() => resolve());
            this.server.closeAllConnections();
        });
    }
}

/** Why a watched run would be stopped, and where: what the abort rules find and the JSON's `aborted`. */
const ABORT_REASONS = ['nan', 'divergence', 'stall', 'collapse'];
/** A number for JSON: NaN and infinities as their names. */
function jsonNumber(value) {
    return Number.isFinite(value) ? value : String(value);
}

/** The watch flags as numbers and sets, each checked here so a bad value stops watch before the command starts. */
const DEFAULT_LISTEN = '127.0.0.1:9094';
const DEFAULT_ABORT_ON = ['nan', 'divergence', 'stall'];
const DEFAULT_COLLAPSE_BELOW = 0.5;
const bad = (flag, why) => new InputError('arguments', null, `${flag}: ${why}`);
/** `500ms`, `30s`, `10m`, `2h`, or a plain number of seconds → milliseconds. */
function parseDuration(flag, text) {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
    const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m?.[2] ?? 's')];
    const ms = m ? Number(m[1]) * factor : Number.NaN;
    if (!(ms > 0))
        throw bad(flag, `expected a duration such as 500ms, 30s, 10m or 2h, got "${text}"`);
    // A longer timer fires at once: 1000h would poll nvidia-smi every millisecond.
    if (ms > MAX_TIMER_MS)
        throw bad(flag, `"${text}" is longer than the longest a timer can wait (24.8 days); a longer one would fire at once`);
    return ms;
}
function parseListen(text) {
    if (text.trim() === 'off')
        return null;
    const m = /^\s*(\[[0-9a-fA-F:.]+\]|[^:\s]+):(\d{1,5})\s*$/.exec(text);
    const port = m ? Number(m[2]) : Number.NaN;
    if (!m || port > 65535)
        throw bad('listen', `expected HOST:PORT such as 127.0.0.1:9094, or off, got "${text}"`);
    return { host: m[1].replace(/^\[|\]$/g, ''), port };
}
function parseAbortOn(text) {
    const words = text
        .split(',')
        .map((w) => w.trim().toLowerCase())
        .filter(Boolean);
    if (words.length === 1 && words[0] === 'none')
        return new Set();
    const unknown = words.filter((w) => !ABORT_REASONS.includes(w));
    if (unknown.length || !words.length)
        throw bad('abort-on', `expected a list of ${ABORT_REASONS.join(', ')} (or none), got "${text}"`);
    return new Set(words);
}
function watchSettings(options) {
    const abortOn = options.abortOn === null ? new Set(DEFAULT_ABORT_ON) : parseAbortOn(options.abortOn);
    let collapseBelow = null;
    if (options.collapseBelow !== null) {
        collapseBelow = Number(options.collapseBelow);
        if (!(collapseBelow > 0 && collapseBelow < 1))
            throw bad('collapse-below', `expected a fraction between 0 and 1 such as 0.5, got "${options.collapseBelow}"`);
        // Giving the fraction asks for the rule.
        if (options.abortOn === null)
            abortOn.add('collapse');
    }
    else if (abortOn.has('collapse'))
        collapseBelow = DEFAULT_COLLAPSE_BELOW;
    return {
        listen: parseListen(options.listen ?? DEFAULT_LISTEN),
        abortOn,
        stallAfterMs: parseDuration('stall-after', options.stallAfter ?? '10m'),
        collapseBelow: abortOn.has('collapse') ? collapseBelow : null,
        gpuPollMs: options.gpuPoll === null ? null : parseDuration('gpu-poll', options.gpuPoll),
        graceMs: parseDuration('abort-grace', options.abortGrace ?? '10s'),
        pollMs: parseDuration('tail-poll', options.tailPoll ?? '250ms'),
        recordAborted: options.recordAborted,
    };
}

/**
 * Collapse: a throughput or MFU that falls far below its level and stays there (a straggler node, a GPU
 * throttled, dataloader starvation), as opposed to a slow batch. Smoothed by the same rolling median the
 * divergence rule uses (one slow batch in nine moves nothing), compared with a reference level:
 *
 *   r_t = median(x_{t−W+1} … x_t)                 (W = 9)
 *   level = the baseline history's level when given, else the median of the run's own r so far
 *   collapsed ⇔ r_t < fraction · level for `sustain` consecutive points (default 3)
 *
 * The run's own level needs `minPoints` smoothed points (default 20) before anything is judged.
 */
class CollapseDetector {
    fraction;
    baseline;
    sustain;
    minPoints;
    median = new RollingMedian(DIVERGENCE_WINDOW);
    own = new Sketch();
    streak = 0;
    smoothed = Number.NaN;
    constructor(fraction, 
    /** The baseline history's level, when there is one. */
    baseline = null, sustain = 3, minPoints = 20) {
        this.fraction = fraction;
        this.baseline = baseline;
        this.sustain = sustain;
        this.minPoints = minPoints;
    }
    /** Add a finite point; the finding once the collapse has lasted `sustain` points, else null. */
    add(value) {
        const smoothed = this.median.push(value);
        if (Number.isNaN(smoothed))
            return null;
        this.smoothed = smoothed;
        const level = this.level();
        this.own.accept(smoothed);
        if (Number.isNaN(level))
            return null;
        if (smoothed < this.fraction * level)
            this.streak += 1;
        else
            this.streak = 0;
        return this.streak >= this.sustain ? { smoothed, level } : null;
    }
    /** What the run is compared with: the baseline's level, or its own median once it has enough points. */
    level() {
        if (this.baseline !== null)
            return this.baseline;
        return this.own.count >= this.minPoints ? this.own.quantile(0.5) : Number.NaN;
    }
}

/**
 * One column of one watched file, as it comes: its last value, its non-finite count, and for a loss the
 * gate's own divergence detector (fed after warm-up, as summarize feeds it), for a throughput or MFU the
 * collapse detector. Memory is the detectors' windows, whatever the run's length.
 */
class LiveMetric {
    name;
    cls;
    rules;
    last = Number.NaN;
    lastStep = Number.NaN;
    /** Non-finite values: an explicit nan token, or ±Infinity. */
    nonFinite = 0;
    /** Name and factor of the column in Prometheus base units (`MFU` in percent → `mfu_ratio`, ×0.01). */
    promKey;
    divergence;
    collapse;
    steadyFrom = Number.NaN;
    point = { steps: new Float64Array(1), values: new Float64Array(1) };
    constructor(name, cls, rules) {
        this.name = name;
        this.cls = cls;
        this.rules = rules;
        const unit = cls.kind === 'timer' && cls.unit === '' ? 'seconds' : cls.unit;
        this.promKey = prometheusMetricName('', name, unit);
        this.divergence = null;
        this.collapse = null;
        this.reset();
    }
    get isLoss() {
        return this.cls.kind === 'loss';
    }
    /** A throughput or MFU: a window metric where higher is better. */
    get isRate() {
        return this.cls.kind === 'window' && this.cls.direction === 'higher';
    }
    /** The smoothed loss (the divergence rule's rolling median), NaN before its window fills. */
    get smoothed() {
        return this.divergence?.smoothed ?? this.collapse?.smoothed ?? Number.NaN;
    }
    get diverged() {
        return this.divergence?.sustained() != null;
    }
    /** A restart rewrote the steps: the detectors start over with the new attempt. */
    reset() {
        this.divergence = this.isLoss ? new DivergenceDetector() : null;
        const { collapseBelow, baselineLevel } = this.rules;
        this.collapse = this.isRate && collapseBelow !== null ? new CollapseDetector(collapseBelow, baselineLevel) : null;
        this.steadyFrom = Number.NaN;
    }
    /**
     * One cell at `step`; the event a rule found in it, or null. `gap`: the row has neither a step of its
     * own nor another finite value, so a NaN token there is no logged step. A step logged with a NaN loss is
     * a broken loss, alone on its row or not, as the gate counts it.
     */
    add(step, value, kind, gap) {
        if (kind === CellKind.Missing || kind === CellKind.Text || (kind === CellKind.NanToken && gap))
            return null;
        if (kind === CellKind.NanToken || !Number.isFinite(value)) {
            this.nonFinite += 1;
            this.last = value;
            this.lastStep = step;
            return this.isLoss ? { reason: 'nan', value } : null;
        }
        this.last = value;
        this.lastStep = step;
        if (Number.isNaN(this.steadyFrom))
            this.firstValue(step, value);
        if (!(step >= this.steadyFrom))
            return null;
        if (this.divergence)
            return this.addLoss(step, value);
        if (this.collapse) {
            const found = this.collapse.add(value);
            if (found)
                return { reason: 'collapse', smoothed: found.smoothed, level: found.level };
        }
        return null;
    }
    /**
     * Warm-up starts at the first finite value. A utilisation whose first value is above 1.5 is in percent
     * (no ratio gets there), as the summary's second look at a class decides (classify/from-values.ts).
     */
    firstValue(step, value) {
        this.steadyFrom = step + this.rules.warmupSteps;
        if (value > 1.5 && this.cls.unit !== 'percent' && isUtilisation(this.name, this.cls))
            this.promKey = prometheusMetricName('', this.name, 'percent');
    }
    addLoss(step, value) {
        const d = this.divergence;
        const before = d.sustained();
        this.point.steps[0] = step;
        this.point.values[0] = value;
        d.addColumn(this.point.steps, this.point.values, 0, 1);
        const found = d.sustained();
        if (!found || before)
            return null;
        return { reason: 'divergence', smoothed: d.smoothed, min: found.min, since: found.step };
    }
}

/**
 * One watched file (one rank) as it is written: its last step, how fast steps come, and a LiveMetric per
 * column. Rows arrive one at a time from the tailer. A step below the last one is a restart from a
 * checkpoint: the later rows win, so the detectors start over from it; a row at the same step adds its
 * cells to that step (sparse loggers write train and validation values of one step on two rows).
 */
/** New steps remembered for the rate of steps: enough to smooth it, few enough to follow a change. */
const RATE_STEPS = 32;
class LiveRank {
    label;
    rules;
    found;
    now;
    lastStep = Number.NaN;
    /** When the last new step was seen (ms since the epoch); the start of watching until the first. */
    lastStepAt;
    restarts = 0;
    rows = 0;
    metrics = new Map();
    columns = [];
    /** Times and steps of the last RATE_STEPS new steps, a ring. */
    rateTimes = new Float64Array(RATE_STEPS);
    rateSteps = new Float64Array(RATE_STEPS);
    rateCount = 0;
    constructor(
    /** The rank's label (its file's rank number or name); empty when only one file is watched. */
    label, rules, 
    /** Where the rules' findings go. */
    found, now = Date.now) {
        this.label = label;
        this.rules = rules;
        this.found = found;
        this.now = now;
        this.lastStepAt = now();
    }
    layout(columns) {
        this.columns = columns.map((name) => this.metric(name));
    }
    row(step, values, kinds) {
        this.rows++;
        if (!Number.isNaN(step)) {
            if (step < this.lastStep)
                this.restart();
            if (!(step <= this.lastStep))
                this.newStep(step);
        }
        const at = Number.isNaN(step) ? this.lastStep : step;
        let finite = 0;
        for (let c = 0; c < this.columns.length; c++)
            if (Number.isFinite(values[c]))
                finite++;
        for (let c = 0; c < this.columns.length; c++) {
            const metric = this.columns[c];
            const event = metric.add(at, values[c], kinds[c], finite === 0 && Number.isNaN(step));
            if (event)
                this.found(this.finding(metric, at, event));
        }
    }
    restarted() {
        this.restart();
    }
    /** Steps per second over the recent steps (0 until two steps have been seen). */
    stepsPerSecond() {
        const n = Math.min(this.rateCount, RATE_STEPS);
        if (n < 2)
            return 0;
        const last = (this.rateCount - 1) % RATE_STEPS;
        const first = (this.rateCount - n) % RATE_STEPS;
        const seconds = (this.rateTimes[last] - this.rateTimes[first]) / 1000;
        return seconds > 0 ? (this.rateSteps[last] - this.rateSteps[first]) / seconds : 0;
    }
    secondsSinceLastStep() {
        return (this.now() - this.lastStepAt) / 1000;
    }
    newStep(step) {
        this.lastStep = step;
        this.lastStepAt = this.now();
        const at = this.rateCount % RATE_STEPS;
        this.rateTimes[at] = this.lastStepAt;
        this.rateSteps[at] = step;
        this.rateCount++;
    }
    restart() {
        this.restarts++;
        this.lastStep = Number.NaN;
        for (const m of this.metrics.values())
            m.reset();
        this.rateCount = 0;
    }
    metric(name) {
        let m = this.metrics.get(name);
        if (!m) {
            const { warmupSteps, collapseBelow, rules, baselineLevel } = this.rules;
            m = new LiveMetric(name, classify(name, { rules }), {
                warmupSteps,
                collapseBelow,
                baselineLevel: baselineLevel(name),
            });
            this.metrics.set(name, m);
        }
        return m;
    }
    finding(metric, step, event) {
        const where = `${this.label ? `rank ${this.label}: ` : ''}"${metric.name}" at step ${step}`;
        const base = {
            step,
            at: new Date(this.now()).toISOString(),
            metric: metric.name,
            ...(this.label ? { rank: this.label } : {}),
        };
        switch (event.reason) {
            case 'nan':
                return { ...base, reason: 'nan', value: jsonNumber(event.value), detail: `${where} is ${event.value}` };
            case 'divergence':
                return {
                    ...base,
                    reason: 'divergence',
                    value: event.smoothed,
                    detail: `${where}: the smoothed loss ${fmt(event.smoothed)} stayed far above its best ${fmt(event.min)} since step ${event.since}`,
                };
            case 'collapse':
                return {
                    ...base,
                    reason: 'collapse',
                    value: event.smoothed,
                    detail: `${where}: ${fmt(event.smoothed)} is below the collapse fraction of its level ${fmt(event.level)}`,
                };
        }
    }
}
const fmt = (v) => Math.abs(v) >= 1000 || Math.abs(v) < 0.01 ? v.toPrecision(4) : v.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');

class WatchState {
    rules;
    stallAfterMs;
    now;
    ranks = [];
    findings = [];
    startedAt;
    constructor(rules, 
    /** No new step on a rank for this long is a stall. */
    stallAfterMs, now = Date.now) {
        this.rules = rules;
        this.stallAfterMs = stallAfterMs;
        this.now = now;
        this.startedAt = now();
    }
    /** A rank for a newly found file. */
    addRank(label) {
        const rank = new LiveRank(label, this.rules, (f) => this.findings.push(f), this.now);
        this.ranks.push(rank);
        return rank;
    }
    /** Look for a stall: no rank yet after stall-after, or a rank without a new step for that long. */
    checkStall() {
        if (this.findings.some((f) => f.reason === 'stall'))
            return;
        const now = this.now();
        const at = new Date(now).toISOString();
        const seconds = (since) => Math.round((now - since) / 100) / 10;
        if (!this.ranks.length || this.ranks.every((r) => r.rows === 0)) {
            if (now - this.startedAt < this.stallAfterMs)
                return;
            this.findings.push({
                reason: 'stall',
                step: Number.NaN,
                value: seconds(this.startedAt),
                at,
                detail: `no metrics row in ${seconds(this.startedAt)} s since the command started`,
            });
            return;
        }
        for (const rank of this.ranks) {
            if (now - rank.lastStepAt < this.stallAfterMs)
                continue;
            // The other ranks still stepping: one rank stalled while the job goes on elsewhere is named so.
            const ahead = this.ranks
                .filter((r) => r !== rank && r.lastStep > rank.lastStep && now - r.lastStepAt < this.stallAfterMs)
                .reduce((m, r) => Math.max(m, r.lastStep), Number.NEGATIVE_INFINITY);
            this.findings.push({
                reason: 'stall',
                step: rank.lastStep,
                value: seconds(rank.lastStepAt),
                at,
                ...(rank.label ? { rank: rank.label } : {}),
                detail: `${rank.label ? `rank ${rank.label}: ` : ''}no new step for ${seconds(rank.lastStepAt)} s after step ${rank.lastStep}${Number.isFinite(ahead) ? `, while the other ranks go on (to step ${ahead})` : ''}`,
            });
            return;
        }
    }
    /** The slowest rank's step: where the run as a whole has got to. */
    step() {
        const steps = this.ranks.map((r) => r.lastStep).filter((s) => !Number.isNaN(s));
        return steps.length ? Math.min(...steps) : Number.NaN;
    }
    /** Ranks that logged a new step within stall-after. */
    ranksActive() {
        const now = this.now();
        return this.ranks.filter((r) => r.rows > 0 && now - r.lastStepAt < this.stallAfterMs).length;
    }
}

/**
 * The metrics files an experiment manifest names, for watch: read again while it changes or still names
 * files that are not there yet (a batch whose runs start one after another), at most once a second.
 * Its problems are not said here: the job after the run reads the manifest as a whole and reports them.
 */
const MIN_INTERVAL_MS = 1000;
class ManifestFiles {
    path;
    roots;
    files = [];
    /** Size and time of the manifest when it was last read completely (every run found). */
    readVersion = '';
    lastRead = 0;
    constructor(path, roots) {
        this.path = path;
        this.roots = roots;
    }
    async current() {
        const st = await stat(this.path).catch(() => null);
        if (!st)
            return this.files;
        const version = `${st.size}:${st.mtimeMs}`;
        if (version === this.readVersion || Date.now() - this.lastRead < MIN_INTERVAL_MS)
            return this.files;
        this.lastRead = Date.now();
        try {
            const manifest = await readManifest(this.path, { roots: this.roots });
            this.files = manifest.runs.map((r) => r.file);
            if (!manifest.errors.length)
                this.readVersion = version;
        }
        catch {
            // Unreadable for now (being written): looked at again later.
        }
        return this.files;
    }
}

/**
 * The row sink of a tailed file: each row the CSV readers commit is handed on at once (a live run needs
 * its NaN the moment its line is complete), instead of being held back in step order as a file read
 * after the run is (row-sink.ts). Restarts and repeated steps are the run state's business (run-state.ts).
 */
class LiveRows {
    hasStep;
    listener;
    values;
    kinds;
    rowIndex = 0;
    constructor(columns, hasStep, listener) {
        this.hasStep = hasStep;
        this.listener = listener;
        this.values = new Float64Array(columns);
        this.kinds = new Uint8Array(columns);
    }
    clearRow() {
        this.values.fill(Number.NaN);
        this.kinds.fill(CellKind.Missing);
    }
    /** Text in a metric column reads as missing; the report after the run warns about it. */
    textCell() { }
    /** True, so the scanner never makes a string of a text cell for us. */
    hasText() {
        return true;
    }
    /** A step beyond ±(2^53 − 1) is no step a run reaches (the job after the run skips its row too). */
    endRow(step) {
        if (!this.hasStep || !(Math.abs(step) > Number.MAX_SAFE_INTEGER))
            this.listener.row(this.hasStep ? step : this.rowIndex, this.values, this.kinds);
        this.rowIndex++;
    }
    /** A repeated header is skipped (a log reopened in append mode). */
    repeatedHeader() { }
}

/**
 * The complete lines of a tailed CSV, read by the project's CSV rules: the header found and split as
 * `openCsvTable` finds it (header.ts), columns typed from the first data lines (column-types.ts), plain
 * lines through the byte scanner (unquoted-rows.ts), quoted ones through csv-parse and the cell grammar
 * (record-cells.ts). What a live file adds: a header that comes back with more columns (a logger that
 * learned new keys), read as the new layout from its line on.
 */
class CsvLines {
    source;
    listener;
    format = null;
    /** Number of the next line to read. */
    line = 1;
    cell = { kind: CellKind.Missing, value: Number.NaN };
    /** The delimiter's byte. A data line starts with a digit, a sign, a decimal point or it; anything else may be a header. */
    delim = 0x2c;
    constructor(source, listener) {
        this.source = source;
        this.listener = listener;
    }
    /**
     * Read `buf[0, end)`, whole lines only (`end` just after a line feed). Runs of plain data lines go to the
     * byte scanner together; a header, a quoted line or a new header ends a run.
     */
    async read(buf, end) {
        let i = 0;
        let run = -1;
        let runLine = 0;
        while (i < end) {
            const nl = buf.indexOf(LF, i);
            const kind = this.lineKind(buf, i, nl);
            if (kind === 'data') {
                if (run < 0)
                    [run, runLine] = [i, this.line];
            }
            else {
                if (run >= 0)
                    await this.readRun(buf, run, i, runLine);
                run = -1;
                if (kind !== 'blank')
                    await this.readSpecial(kind, buf, i, nl);
            }
            this.line++;
            i = nl + 1;
        }
        if (run >= 0)
            await this.readRun(buf, run, end, runLine);
    }
    /** What the line `buf[from, nl)` is, looking at as few bytes as a data line allows. */
    lineKind(buf, from, nl) {
        if (isBlank(buf, from, nl))
            return 'blank';
        if (!this.format)
            return 'header';
        // Searched within the line only: a search to the end of the chunk per line would be quadratic.
        if (buf.subarray(from, nl).includes(QUOTE))
            return 'quoted';
        let k = from;
        while (buf[k] === 0x20)
            k++;
        const c = buf[k];
        if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e || c === this.delim)
            return 'data';
        return this.isNewHeader(this.text(buf, from, nl).split(this.format.delimiter)) ? 'header' : 'data';
    }
    /**
     * A header written again with other columns: every field is text (no number, no nan or missing token)
     * and it repeats at least one of the current names. An exact repeat is a data line to the scanner,
     * which skips it.
     */
    isNewHeader(fields) {
        const names = this.format.names;
        if (isHeaderRecord(fields, names))
            return false;
        if (!fields.some((f) => names.includes(f.trim())))
            return false;
        return fields.every((f) => classifyCell(f, this.cell).kind === CellKind.Text);
    }
    async readSpecial(kind, buf, from, nl) {
        const start = this.line === 1 && buf[from] === 0xef && buf[from + 1] === 0xbb && buf[from + 2] === 0xbf ? 3 : 0;
        if (kind === 'header')
            return this.readHeader(this.text(buf, from + start, nl));
        const bytes = buf.subarray(from, nl + 1);
        const format = this.format;
        if (!format.readers)
            await this.typeColumns(bytes);
        const { parse } = await import('./sync-DjlYNjSm.js');
        const records = parse(bytes, csvParseOptions(format.delimiter));
        for (const record of records)
            format.readers.cells.commit(record, this.line);
    }
    async readHeader(text) {
        const delimiter = detectDelimiter(text);
        const names = await parseHeader(this.source, this.line, text, delimiter);
        this.format = { names, delimiter, headerLine: this.line, readers: null };
        this.delim = delimiter.charCodeAt(0);
    }
    /** Plain data lines `buf[from, to)`, the first at line `line`. */
    async readRun(buf, from, to, line) {
        if (!this.format.readers)
            await this.typeColumns(buf.subarray(from, to));
        this.format.readers.scanner.read(buf, from, to, line);
    }
    /** Type the header's columns from the first data lines, as a whole file's sample types them. */
    async typeColumns(lines) {
        const format = this.format;
        const { names, delimiter, headerLine } = format;
        const sample = (await recordsOfBytes(this.source, lines, headerLine, delimiter, false)).filter((record) => !isHeaderRecord(record, names));
        const layout = typeColumns(this.source, headerLine, names, findStepColumn(names), sample);
        const sink = new LiveRows(layout.columns.length, layout.stepColumn !== null, this.listener);
        format.readers = {
            scanner: new UnquotedRows(layout.fieldMap, delimiter, sink, names),
            cells: new RecordCells(layout.fieldMap, sink, names),
        };
        this.listener.layout(layout.columns, layout.stepColumn);
    }
    text(buf, from, nl) {
        return buf.toString('utf8', from, nl > from && buf[nl - 1] === CR ? nl - 1 : nl);
    }
}

/**
 * The tailed file's descriptor, kept open between looks: a look is one stat of the path, and the file is
 * opened again only when the path names another file (another device or inode) or was not open. The
 * calls are synchronous: they are a stat and a read of a few kilobytes of a local file, cheaper done at
 * once than sent through the thread pool and back as a promise several times a second.
 */
class OpenFile {
    path;
    fd = null;
    identity = null;
    size = -1;
    mtimeMs = -1;
    constructor(path) {
        this.path = path;
    }
    /** Stat the path (and open it when needed); null when there is no file there (yet). */
    look() {
        let st = statSync(this.path, { throwIfNoEntry: false });
        if (!st?.isFile()) {
            // Gone (being replaced, perhaps): let go of it, but remember which file it was.
            this.close();
            return null;
        }
        const before = this.identity;
        if (this.fd === null || !sameFile(before, st)) {
            this.close();
            this.fd = openSync(this.path, 'r');
            // The opened file's own stat: the path may have been replaced again between the stat and the open.
            st = fstatSync(this.fd);
        }
        const replaced = before !== null && !sameFile(before, st);
        const unchanged = !replaced && st.size === this.size && st.mtimeMs === this.mtimeMs;
        this.identity = { dev: st.dev, ino: st.ino };
        this.size = st.size;
        this.mtimeMs = st.mtimeMs;
        return { size: st.size, replaced, unchanged };
    }
    /** Read into `buf` from `position`; the number of bytes read (0 at the end of the file). */
    read(buf, length, position) {
        if (this.fd === null)
            return 0;
        return readSync(this.fd, buf, 0, length, position);
    }
    close() {
        if (this.fd === null)
            return;
        closeSync(this.fd);
        this.fd = null;
    }
}
function sameFile(a, b) {
    return a !== null && a.dev === b.dev && a.ino === b.ino;
}

/**
 * One metrics file followed as it is written. The file is never read again as a whole: an offset is kept
 * and only the bytes appended since the last look are read; a last line without its line feed waits
 * until the line is complete. A file that does not exist yet is simply looked for again; one truncated
 * or replaced (a smaller size, another inode, other first bytes: a logger that rewrites the file when it
 * learns a new column) is read again from its start, and the listener is told first.
 */
/** Bytes at the start of the file remembered to notice it was rewritten under the same inode. */
const HEAD_BYTES = 256;
class CsvTail {
    path;
    listener;
    offset = 0;
    file;
    /** The bytes after the last line feed read: a line still being written. */
    pending = Buffer.alloc(0);
    head = Buffer.alloc(0);
    /** Where the file's first bytes are read again, to compare with `head`. */
    headNow = Buffer.alloc(HEAD_BYTES);
    lines;
    constructor(path, listener) {
        this.path = path;
        this.listener = listener;
        this.lines = new CsvLines(path, listener);
        this.file = new OpenFile(path);
    }
    /** Bytes read so far (for tests and the benchmark: growth is read, not the whole file). */
    get bytesRead() {
        return this.offset;
    }
    /** Read what was appended since the last call; false when nothing was (or the file is not there yet). */
    async poll() {
        const look = this.file.look();
        // Not written since the last look (same size, same modification time): nothing to check or read.
        if (!look || look.unchanged)
            return false;
        if (look.replaced)
            this.restart('replaced');
        // Written: a rewrite may also have grown the file past the offset, so the first bytes are checked too.
        else if (look.size < this.offset || !this.sameHead())
            this.restart('truncated');
        if (look.size <= this.offset)
            return false;
        await this.readFrom(look.size);
        return true;
    }
    /** Let go of the file (its descriptor is kept open between looks). */
    close() {
        this.file.close();
    }
    /** Read `[offset, size)` a chunk at a time, handing the complete lines on. */
    async readFrom(size) {
        while (this.offset < size) {
            const chunk = Buffer.allocUnsafe(Math.min(CHUNK$1, size - this.offset));
            const bytesRead = this.file.read(chunk, chunk.length, this.offset);
            if (bytesRead === 0)
                return;
            if (this.head.length < HEAD_BYTES && this.offset < HEAD_BYTES) {
                this.head = Buffer.concat([this.head, chunk.subarray(0, Math.min(bytesRead, HEAD_BYTES - this.offset))]);
            }
            this.offset += bytesRead;
            await this.consume(chunk.subarray(0, bytesRead));
        }
    }
    async consume(chunk) {
        const buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
        const end = buf.lastIndexOf(LF) + 1;
        this.pending = Buffer.from(buf.subarray(end));
        if (this.pending.length > MAX_LINE) {
            throw new InputError(this.path, null, `no line break in ${MAX_LINE >> 20} MiB: one giant line is not a metrics CSV`);
        }
        if (end > 0)
            await this.lines.read(buf, end);
    }
    /** Whether the file still starts with the bytes it started with when first read. */
    sameHead() {
        const n = this.head.length;
        if (!n)
            return true;
        return this.file.read(this.headNow, n, 0) === n && this.headNow.subarray(0, n).equals(this.head);
    }
    restart(why) {
        this.offset = 0;
        this.pending = Buffer.alloc(0);
        this.head = Buffer.alloc(0);
        this.lines = new CsvLines(this.path, this.listener);
        this.listener.restarted(why);
    }
}

/**
 * One TensorBoard event file followed as it is written, as CsvTail follows a CSV: an offset is kept and
 * only whole records appended since the last look are read (a record still being written waits for its
 * last bytes); a file truncated or replaced is read again from its start. Each event with scalars is a
 * row at its step; a tag seen for the first time widens the columns (the listener's layout), as a CSV
 * logger that learns a new column does.
 */
const CHUNK = 1 << 20;
/** A record longer than this is not waited for: it is no scalar event. */
const MAX_PENDING = 256 << 20;
class EventsTail {
    path;
    listener;
    offset = 0;
    file;
    /** The bytes of a record not yet whole. */
    pending = Buffer.alloc(0);
    tags = new Map();
    values = new Float64Array(0);
    kinds = new Uint8Array(0);
    constructor(path, listener) {
        this.path = path;
        this.listener = listener;
        this.file = new OpenFile(path);
    }
    get bytesRead() {
        return this.offset;
    }
    async poll() {
        const look = this.file.look();
        if (!look || look.unchanged)
            return false;
        if (look.replaced || look.size < this.offset)
            this.restart(look.replaced ? 'replaced' : 'truncated');
        if (look.size <= this.offset)
            return false;
        while (this.offset < look.size) {
            const chunk = Buffer.allocUnsafe(Math.min(CHUNK, look.size - this.offset));
            const n = this.file.read(chunk, chunk.length, this.offset);
            if (n === 0)
                break;
            this.offset += n;
            this.consume(chunk.subarray(0, n));
        }
        return true;
    }
    close() {
        this.file.close();
    }
    consume(chunk) {
        const buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
        let at = 0;
        const base = this.offset - buf.length;
        for (;;) {
            const r = recordAt(buf, at, buf.length, this.path, base + at);
            if ('need' in r)
                break;
            if ('data' in r)
                this.event(r.data);
            at = r.next;
        }
        this.pending = Buffer.from(buf.subarray(at));
        if (this.pending.length > MAX_PENDING)
            throw new InputError(this.path, null, `a record over ${MAX_PENDING >> 20} MiB is not a scalar event`);
    }
    event(data) {
        const event = decodeEvent(data);
        // A record that is not an Event: the report after the run counts it.
        if (!event?.scalars.length)
            return;
        let widened = false;
        for (const { tag } of event.scalars)
            if (!this.tags.has(tag)) {
                this.tags.set(tag, this.tags.size);
                widened = true;
            }
        if (widened) {
            this.values = new Float64Array(this.tags.size);
            this.kinds = new Uint8Array(this.tags.size);
            this.listener.layout([...this.tags.keys()], 'step');
        }
        this.values.fill(Number.NaN);
        this.kinds.fill(CellKind.Missing);
        for (const { tag, value } of event.scalars) {
            const c = this.tags.get(tag);
            this.values[c] = value;
            this.kinds[c] = Number.isNaN(value) ? CellKind.NanToken : CellKind.Number;
        }
        this.listener.row(event.step, this.values, this.kinds);
    }
    restart(why) {
        this.offset = 0;
        this.pending = Buffer.alloc(0);
        this.tags.clear();
        this.listener.restarted(why);
    }
}

/**
 * The files watched: each `--csv` path as given, or a glob in its last part (`out/metrics_rank_*.csv`,
 * `runs/version_0/events.out.tfevents.*`) matched again on every look, so ranks whose files appear later
 * are picked up. One CsvTail per CSV, one EventsTail per TensorBoard event file.
 *
 * A glob's folder is listed again only when it changed (its modification or change time, as a file
 * added, removed or renamed sets them), and at least once a second for filesystems whose times are too
 * coarse to tell: a look every 100 ms at 8 ranks' files would otherwise list the folder 10 times a second
 * to find the same names.
 *
 * At most MAX_FOLLOWED files are followed, the first in rank order (`metrics_rank_2` before
 * `metrics_rank_10`), and a warning says how many more matched: a glob of 10,000 files would otherwise
 * keep 10,000 descriptors open and read each one every look, and the job after the run reads the files
 * followed, no more.
 */
const GLOB_CHARS = /[*?[\]{}]/;
/** Files followed at most: as many as a job has ranks at most (src/ingest/split-ranks.ts). */
const MAX_FOLLOWED = MAX_RANKS;
/** Names in rank order: the digits in them compared as numbers. */
const byRank = new Intl.Collator('en', { numeric: true }).compare;
/** A folder whose times have not changed is listed again after this long all the same. */
const RELIST_MS = 1000;
function isGlob(pattern) {
    return GLOB_CHARS.test(pattern);
}
/**
 * A rank's label: its rank as the job after watch reads it (`metrics_rank_3.csv`, `rank_3/…` → 3), else
 * its file's name.
 */
function rankLabel(path) {
    return rankOf(path)?.rank ?? basename(path, extname(path));
}
class TailSet {
    patterns;
    listenerFor;
    warn;
    manifest;
    tails = new Map();
    /** Files that could not be read as metrics CSVs: said once, then left alone. */
    failed = new Set();
    /** Paths found to be FIFOs, sockets or devices: warned about once, never opened. */
    special = new Set();
    fromManifest = new Set();
    /** Each glob's matcher of names. */
    matchers = new Map();
    /** Each glob folder's names as last listed, with its times then and when (performance.now()). */
    listings = new Map();
    /** Each glob's matches in rank order, for the listing they were found in (sorted once per listing). */
    matches = new Map();
    /** Whether the warning that more files matched than are followed was given. */
    warnedBeyond = false;
    constructor(patterns, 
    /** The listener of a newly found file. */
    listenerFor, warn, 
    /** With `--metadata`: the files the manifest names, as it names more. */
    manifest = null) {
        this.patterns = patterns;
        this.listenerFor = listenerFor;
        this.warn = warn;
        this.manifest = manifest;
        for (const p of patterns) {
            if (isGlob(dirname(p)))
                throw new InputError('csv', null, `${p}: a glob may only be in the file name, not in the folders`);
            if (isGlob(p))
                this.matchers.set(p, picomatch(basename(p), { dot: false }));
        }
    }
    /** The folders the files are in, to watch for changes. */
    folders() {
        const manifest = this.manifest ? [dirname(this.manifest.path)] : [];
        return [...new Set([...this.patterns.map((p) => dirname(p)), ...manifest])];
    }
    /** The files the `--csv` paths and globs found so far, in the order found (a manifest's are its own). */
    files() {
        return [...this.tails.keys()].filter((f) => !this.fromManifest.has(f));
    }
    /** Find new files, then read what each has had appended; true when anything new was read. */
    async poll() {
        await this.discover();
        let any = false;
        for (const [path, tail] of this.tails) {
            if (this.failed.has(path))
                continue;
            try {
                if (await tail.poll())
                    any = true;
            }
            catch (e) {
                // The run goes on; the job after it reports the file's problem as an error.
                this.failed.add(path);
                this.warn(`${e.message} (no longer watched)`);
            }
        }
        return any;
    }
    /** Let go of the files' descriptors, after the last look. */
    close() {
        for (const tail of this.tails.values())
            tail.close();
    }
    async discover() {
        let beyond = 0;
        for (const file of (await this.manifest?.current()) ?? []) {
            if (this.add(file))
                this.fromManifest.add(file);
            else
                beyond++;
        }
        for (const pattern of this.patterns) {
            if (!isGlob(pattern)) {
                if (!this.add(pattern))
                    beyond++;
                continue;
            }
            const folder = dirname(pattern);
            for (const name of await this.matched(pattern, folder))
                if (!this.add(join(folder, name)))
                    beyond++;
        }
        if (beyond && !this.warnedBeyond) {
            this.warnedBeyond = true;
            this.warn(`watch: ${this.tails.size + beyond} files match; following the first ${MAX_FOLLOWED} in rank order (a job's most ranks): the other ${beyond} are neither watched nor read after the run`);
        }
    }
    /** A glob's names in `folder`, in rank order: matched and sorted again only when the listing changed. */
    async matched(pattern, folder) {
        const names = await this.names(folder);
        const last = this.matches.get(pattern);
        if (last?.names === names)
            return last.matched;
        const match = this.matchers.get(pattern);
        const matched = names.filter((n) => match(n)).sort(byRank);
        this.matches.set(pattern, { names, matched });
        return matched;
    }
    /** The names in `folder`: listed again when its times changed or the last listing is a second old. */
    async names(folder) {
        const st = statSync(folder, { throwIfNoEntry: false });
        if (!st) {
            this.listings.delete(folder);
            return [];
        }
        // Taken before the listing: a name added while it is read changes the times again, and is listed next.
        const version = `${st.dev}:${st.ino}:${st.mtimeMs}:${st.ctimeMs}`;
        const now = performance.now();
        const last = this.listings.get(folder);
        if (last && last.version === version && now - last.listedAt < RELIST_MS)
            return last.names;
        const names = await readdir(folder).catch(() => []);
        this.listings.set(folder, { names, version, listedAt: now });
        return names;
    }
    /** Follow `path` from now on; false when it is one more than MAX_FOLLOWED (it is then left alone). */
    add(path) {
        if (this.tails.has(path) || this.special.has(path))
            return true;
        if (this.tails.size >= MAX_FOLLOWED)
            return false;
        // A FIFO, socket or device is never opened: a read of one could block the loop for ever.
        const st = statSync(path, { throwIfNoEntry: false });
        const kind = st ? specialKind(st) : null;
        if (kind) {
            this.special.add(path);
            this.warn(`watch: ${path} is ${kind}, not a file; skipped`);
            return true;
        }
        // A TensorBoard event file by its name (TensorBoard names every one so), else a CSV.
        const Tail = /^events\.out\.tfevents\./.test(basename(path)) ? EventsTail : CsvTail;
        this.tails.set(path, new Tail(path, this.listenerFor(path)));
        return true;
    }
}

/**
 * The loop that follows the files while the command runs: a look every poll interval, and sooner when a
 * folder's change event fires (fs.watch is unreliable on network filesystems, hence the poll as well).
 * The timer's look is skipped when an event's look is due or was asked for within the interval: the
 * poll is for changes no event told of. After each look: the stall rule and the first finding of a rule
 * asked for (the live gauges are computed from the state when /metrics is scraped).
 *
 * Change events are coalesced. A trainer that writes and flushes each row makes one event per row (100 a
 * second, 800 with 8 ranks' files), and a look per event made watch's cost grow with the number of
 * writes rather than with the rows. An event after a quiet spell is looked at at once (a NaN row written
 * then stops the run without delay); one that comes sooner than `eventLookMs` (the poll interval, 250 ms
 * at most) after the last event's look waits for the rest of that interval. From an event to its look
 * the folders' watchers are closed: every event wakes the process, even one that would be ignored, and
 * the look reads whatever was written meanwhile. They are opened again just before the look, so a write
 * after it is told of.
 */
/** The most looks a second that change events cause is 4 (more with a shorter poll interval). */
const EVENT_LOOK_MS = 250;
class WatchLoop {
    tails;
    state;
    abortOn;
    pollMs;
    hooks;
    eventLookMs;
    timer = null;
    /** The folders watched for change events: each one's watcher, or null while it is closed until the next look. */
    watchers = new Map();
    running = null;
    again = false;
    aborted = false;
    stopped = false;
    /** When the last look woken by change events was asked for (performance.now()). */
    lastEventLookAt = Number.NEGATIVE_INFINITY;
    /** The look that change events within `eventLookMs` of the last look wait for. */
    eventTimer = null;
    constructor(tails, state, abortOn, pollMs, hooks, 
    /** Looks woken by change events are at least this far apart. */
    eventLookMs = Math.min(pollMs, EVENT_LOOK_MS)) {
        this.tails = tails;
        this.state = state;
        this.abortOn = abortOn;
        this.pollMs = pollMs;
        this.hooks = hooks;
        this.eventLookMs = eventLookMs;
    }
    start() {
        for (const folder of this.tails.folders())
            this.arm(folder);
        this.timer = setInterval(() => this.onTimer(), this.pollMs);
        this.wake();
    }
    /** Stop looking; resolves after a last look at the files, so the final rows are in the state. */
    async stop() {
        this.stopped = true;
        if (this.timer)
            clearInterval(this.timer);
        if (this.eventTimer)
            clearTimeout(this.eventTimer);
        for (const w of this.watchers.values())
            w?.close();
        this.watchers.clear();
        await this.running;
        await this.look();
        this.tails.close();
    }
    /** Watch `folder` for change events; a folder not there (or no change events here) is left to the poll. */
    arm(folder) {
        try {
            const w = watch(folder, { persistent: false }, () => this.onEvent());
            w.on('error', () => {
                w.close();
                if (this.watchers.get(folder) === w)
                    this.watchers.delete(folder);
            });
            this.watchers.set(folder, w);
        }
        catch {
            this.watchers.delete(folder);
        }
    }
    onEvent() {
        if (this.stopped)
            return;
        // Until the look, more events would only tell again what this one told: closed, opened in look().
        for (const [folder, w] of this.watchers) {
            w?.close();
            this.watchers.set(folder, null);
        }
        if (this.eventTimer)
            return; // a look is due already: it reads what this event told of
        const wait = this.lastEventLookAt + this.eventLookMs - performance.now();
        if (wait <= 0)
            this.eventLook();
        else
            this.eventTimer = setTimeout(() => {
                this.eventTimer = null;
                this.eventLook();
            }, wait);
    }
    eventLook() {
        this.lastEventLookAt = performance.now();
        this.wake();
    }
    /** The poll's look, unless an event's look is due or was asked for within the interval. */
    onTimer() {
        if (this.eventTimer || performance.now() - this.lastEventLookAt < this.pollMs)
            return;
        this.wake();
    }
    /** A look now, or right after the one in progress. */
    wake() {
        if (this.stopped)
            return;
        if (this.running) {
            this.again = true;
            return;
        }
        this.running = (async () => {
            do {
                this.again = false;
                await this.look();
            } while (this.again && !this.stopped);
        })().finally(() => {
            this.running = null;
        });
    }
    /** One look; a failure of its own (not a file's, which the tails report) is a warning, and the next look goes on. */
    async look() {
        if (!this.stopped)
            for (const [folder, w] of this.watchers)
                if (!w)
                    this.arm(folder);
        try {
            await this.lookOnce();
        }
        catch (e) {
            this.hooks.warn(`watch: ${e.message.split('\n')[0]}`);
        }
    }
    async lookOnce() {
        const read = await this.tails.poll();
        this.state.checkStall();
        // The live gauges are computed when /metrics is scraped (live-metrics.ts), not here.
        if (read)
            this.hooks.afterRead?.();
        // The last look after the command ended only completes the state: there is nothing left to stop.
        if (this.aborted || this.stopped)
            return;
        const finding = this.state.findings.find((f) => this.abortOn.has(f.reason));
        if (finding) {
            this.aborted = true;
            this.hooks.abort(finding);
        }
    }
}

/**
 * One watched run from start to end: the live /metrics server, the files' tails and state, the loop
 * that follows them, the command in its process group, the GPU poller and live StatsD. `open` checks
 * everything a user can get wrong before the command starts; `follow` runs it and says how it ended.
 */
class WatchSession {
    settings;
    options;
    io;
    patterns;
    state;
    metrics;
    server;
    warmupSteps;
    runName;
    constructor(settings, options, io, patterns, state, metrics, server, warmupSteps, runName) {
        this.settings = settings;
        this.options = options;
        this.io = io;
        this.patterns = patterns;
        this.state = state;
        this.metrics = metrics;
        this.server = server;
        this.warmupSteps = warmupSteps;
        this.runName = runName;
    }
    static async open(options, command, io) {
        const settings = watchSettings(options);
        if (!command.length)
            throw new InputError('arguments', null, 'watch needs the command to run after --');
        const experiment = options.experiment ?? '';
        if (!experiment && !options.metadata)
            throw new InputError('arguments', null, 'watch needs --experiment NAME (the live series and the history are by experiment)');
        const config = await loadConfig(options.config, { gpuPrice: options.gpuPrice });
        const patterns = options.csv;
        if (!patterns.length && !options.metadata)
            throw new InputError('arguments', null, 'watch needs --csv FILE|GLOB or --metadata FILE');
        const levels = options.history ? await baselineLevels(options.history, experiment, (m) => io.warn(m)) : () => null;
        const state = new WatchState({
            rules: config.rules,
            warmupSteps: config.summary.warmupSteps,
            collapseBelow: settings.collapseBelow,
            baselineLevel: levels,
        }, settings.stallAfterMs);
        const ranked = isRanked(options);
        const run = runLabel(options, patterns);
        const metrics = new LiveMetrics({ experiment: experiment || 'manifest', run }, ranked, state);
        metrics.watchReasons(settings.abortOn);
        const server = settings.listen
            ? await MetricsServer.listen(metrics.registry, settings.listen.host, settings.listen.port)
            : null;
        if (server)
            io.info(`watch: live metrics on http://${server.address}/metrics`);
        return new WatchSession(settings, options, io, patterns, state, metrics, server, config.summary.warmupSteps, run);
    }
    /** Run the command, follow its files until it ends (or is stopped), and say how it ended. */
    async follow(command) {
        const { settings, state, io } = this;
        const ranked = isRanked(this.options);
        const manifest = this.options.metadata ? new ManifestFiles(this.options.metadata, this.options.manifestRoot) : null;
        const tails = new TailSet(this.patterns, (path) => state.addRank(ranked ? rankLabel(path) : ''), (m) => io.warn(m), manifest);
        const statsd = this.options.statsdHost
            ? new LiveStatsd(this.options, this.options.experiment ?? '', (m) => io.warn(m))
            : null;
        warnLeftovers(this.patterns, io);
        const live = await this.liveTrace();
        const child = new WatchedChild(command[0], command.slice(1), live ? this.traceEnvironment(live) : {});
        const abort = new Abort(child, this.metrics, io, settings.graceMs, live);
        const loop = new WatchLoop(tails, state, settings.abortOn, settings.pollMs, {
            afterRead: statsd || live
                ? () => {
                    if (statsd)
                        void statsd.flush(state);
                    live?.observe(state);
                }
                : undefined,
            warn: (m) => io.warn(m),
            abort: (finding) => abort.start(finding),
        });
        const gpu = settings.gpuPollMs
            ? new GpuPoller(settings.gpuPollMs, (s) => this.metrics.gpu(s), (m) => io.warn(m))
            : null;
        loop.start();
        gpu?.start();
        const identity = gpu ? saveIdentity(gpu, (m) => io.warn(m)) : Promise.resolve(null);
        const end = await child.ended;
        if (end.error)
            io.error(`watch: cannot run ${command[0]}: ${end.error}`);
        await abort.stopping;
        // The command has ended (by itself, by a forwarded signal, by an abort): what it started and left
        // running goes too, within the grace period, so no worker outlives the step or holds its output open.
        if (child.anyAlive()) {
            if (!abort.finding && !child.forwarded)
                io.warn('watch: the command ended and left processes it started running; they are stopped now');
            await child.stop(settings.graceMs);
        }
        await loop.stop();
        live?.observe(state);
        live?.commandEnded();
        gpu?.stop();
        await statsd?.flush(state, true);
        return { end, aborted: abort.finding, files: tails.files(), state, gpuIdentity: await identity, trace: live };
    }
    /** With an OTLP endpoint for traces (and not a dry run), the run's trace, open from the command's start. */
    async liveTrace() {
        const { otlp, dryRun, experiment, github } = this.options;
        if (!otlp?.traces || dryRun)
            return null;
        const { LiveTrace } = await import('./live-trace-BXaHz86S.js');
        return LiveTrace.open(otlp, { experiment: experiment ?? 'manifest', run: this.runName, warmupSteps: this.warmupSteps, github }, (m) => this.io.warn(m));
    }
    /** TRACEPARENT for the command, and the endpoint where only the parameter gave it (never the headers). */
    traceEnvironment(live) {
        const env = live.childEnvironment();
        if (this.options.otlpEndpoint && !process.env.OTEL_EXPORTER_OTLP_ENDPOINT)
            return { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: this.options.otlpEndpoint };
        return env;
    }
    async close() {
        await this.server?.close();
    }
}
/**
 * nvidia-smi's table in a file of its own (removed when the process exits, temp-dir.ts); null without one. A temporary
 * folder that cannot be written is a warning and no driver from it, never a failed watch: the promise is
 * awaited only when the command ends, so a rejection would go unhandled until then.
 */
async function saveIdentity(gpu, warn) {
    const text = await gpu.identity();
    if (!text?.includes('Driver Version'))
        return null;
    try {
        const file = join(tempDirUntilExit('tmg-nvidia-smi-'), 'nvidia-smi.txt');
        await writeFile(file, text);
        return file;
    }
    catch (e) {
        warn(`watch: nvidia-smi's table could not be saved (${e.message}); the run's environment has no driver from it`);
        return null;
    }
}
/** Stopping the command for a rule's finding: said, shown on /metrics, and the group signalled. */
class Abort {
    child;
    metrics;
    io;
    graceMs;
    trace;
    finding = null;
    stopping = null;
    constructor(child, metrics, io, graceMs, trace) {
        this.child = child;
        this.metrics = metrics;
        this.io = io;
        this.graceMs = graceMs;
        this.trace = trace;
    }
    start(finding) {
        this.finding = finding;
        this.metrics.aborted(finding.reason);
        this.trace?.stop(finding);
        this.io.warn(`watch: stopping the command: ${finding.reason}: ${finding.detail}`);
        this.stopping = this.child.stop(this.graceMs);
    }
}
/**
 * A file that already holds rows before the command starts is read as part of this run (a job resumed
 * from a checkpoint appends to its log): said, since a log left over from yesterday's run would be too.
 */
function warnLeftovers(patterns, io) {
    for (const p of patterns) {
        if (isGlob(p))
            continue;
        const size = statSync(p, { throwIfNoEntry: false })?.size ?? 0;
        if (size > 0)
            io.warn(`watch: ${p} already holds ${size} bytes before the command starts; they are read as part of this run`);
    }
}
/** Several files (or a glob, or a manifest's runs) are watched: their series carry a `rank` label. */
function isRanked(options) {
    return options.csv.length > 1 || options.csv.some(isGlob) || options.metadata !== null;
}
/**
 * The `run` label: the run's identity where it has one, else the name the job after watch gives the run
 * (the folder of `metrics_rank_*.csv`), never a fragment of a glob.
 */
function runLabel(options, patterns) {
    if (options.runId)
        return options.runId;
    if (options.github.runId)
        return options.github.runId;
    const first = patterns[0];
    if (!first)
        return basename(dirname(options.metadata ?? '')) || 'run';
    const job = rankOf(first)?.job ?? (isGlob(first) ? first : null);
    const name = (job ? jobName(job) : runNameOf(first)).replace(/[*?[\]{}]/g, '');
    return name || basename(dirname(first)) || 'run';
}

function liveSummary(state) {
    const ranks = state.ranks.map((r) => ({
        ...(r.label ? { rank: r.label } : {}),
        lastStep: Number.isFinite(r.lastStep) ? r.lastStep : null,
        rows: r.rows,
        restarts: r.restarts,
        stepsPerSecond: r.stepsPerSecond(),
        metrics: Object.fromEntries([...r.metrics.values()].map((m) => [
            m.name,
            { last: jsonNumber(m.last), nonFinite: m.nonFinite, diverged: m.diverged },
        ])),
    }));
    const step = state.step();
    return {
        ranks,
        together: {
            ranks: ranks.length,
            lastStep: Number.isFinite(step) ? step : null,
            rows: ranks.reduce((n, r) => n + r.rows, 0),
            nonFinite: state.ranks.reduce((n, r) => n + [...r.metrics.values()].reduce((k, m) => k + m.nonFinite, 0), 0),
        },
        findings: state.findings.map((f) => ({
            reason: f.reason,
            step: Number.isFinite(f.step) ? f.step : null,
            detail: f.detail,
        })),
    };
}

/**
 * `watch`: run a training command, follow its metrics files live (/metrics, StatsD, the abort rules),
 * and when it has ended run the normal job — emit, gate, report, record — on the final files through
 * run(), as `check` (with a history) or `emit` would. The CLI's `watch` and the action's `command: watch`
 * both call runWatch.
 *
 * Exit code: 1 when watch stopped the command; the command's own code when it failed; otherwise the
 * job's (0 pass, 1 regression, 2 bad input).
 */
/** `shell`: what the caller's shell adds to the job after the run, as for run() (the action: job summary, annotations). */
async function runWatch(options, command, io, shell = { jobSummary: false }) {
    let session;
    try {
        // Made before the run, so a bad --json path is found before the command starts.
        if (options.json)
            await mkdir(dirname(resolve(options.json)), { recursive: true }).catch(jsonError(options.json));
        session = await WatchSession.open(options, command, io);
    }
    catch (e) {
        if (!(e instanceof InputError))
            throw e;
        io.error(e.message);
        return 2;
    }
    let outcome = null;
    try {
        outcome = await session.follow(command);
        return await finish(options, session, outcome, io, outcome.trace ? { ...shell, trace: outcome.trace } : shell);
    }
    finally {
        // A job that ended before its trace stage (its config unreadable) still ends the run's trace.
        await outcome?.trace?.end(Date.now() + options.sinkTimeout * 1000);
        await session.close();
    }
}
/** The job on the final files, the JSON account, and the exit code. */
async function finish(options, session, outcome, io, shell) {
    const { aborted, end } = outcome;
    const line = aborted ? `watch stopped the command (${aborted.reason}): ${aborted.detail}` : null;
    const job = {
        ...options,
        // The files found through a glob are the runs; a glob that found none stays, for run() to report.
        csv: outcome.files.length ? outcome.files : options.csv,
        // The driver and CUDA version nvidia-smi told, before the files given (which override it).
        environment: outcome.gpuIdentity ? [outcome.gpuIdentity, ...options.environment] : options.environment,
        record: aborted && !session.settings.recordAborted ? 'never' : options.record,
        notices: line ? [...options.notices, line] : options.notices,
        reportNotes: line ? [...options.reportNotes, line] : options.reportNotes,
    };
    const result = await run(job, io, shell);
    const childCode = exitCodeOf(end);
    const code = aborted ? 1 : childCode !== 0 ? childCode : result.exitCode;
    if (options.json) {
        const account = {
            ...resultJson(result, job),
            exitCode: code,
            aborted: aborted
                ? {
                    reason: aborted.reason,
                    step: Number.isFinite(aborted.step) ? aborted.step : null,
                    value: aborted.value,
                    at: aborted.at,
                    ...(aborted.metric ? { metric: aborted.metric } : {}),
                    ...(aborted.rank ? { rank: aborted.rank } : {}),
                    detail: aborted.detail,
                }
                : null,
            child: { exitCode: childCode, signal: end.signal, ...(end.error ? { error: end.error } : {}) },
            live: liveSummary(outcome.state),
        };
        const text = `${JSON.stringify(account, null, 2)}\n`;
        await writeFileAtomic(options.json, io.secrets?.redact(text) ?? text).then(({ replacedLink }) => replacedLink && io.warn(replacedLinkWarning(options.json)), (e) => io.error(`${options.json}: cannot write the JSON report: ${e.code ?? e.message}`));
    }
    return code;
}
const jsonError = (path) => (e) => {
    throw new InputError(path, null, `cannot write the JSON report: ${e.code ?? e.message}`);
};

export { runWatch };
