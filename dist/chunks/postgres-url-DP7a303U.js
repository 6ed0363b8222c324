import { readFileSync, constants, mkdtempSync, rmSync, openSync, closeSync, writeSync } from 'node:fs';
import { open, readdir, stat, realpath, lstat } from 'node:fs/promises';
import { join, extname, basename, dirname, delimiter, resolve, relative, sep, isAbsolute } from 'node:path';
import { Readable } from 'node:stream';
import { Transform } from 'stream';
import { tmpdir } from 'node:os';

var commonjsGlobal = typeof globalThis !== 'undefined' ? globalThis : typeof window !== 'undefined' ? window : typeof global !== 'undefined' ? global : typeof self !== 'undefined' ? self : {};

function getDefaultExportFromCjs (x) {
	return x && x.__esModule && Object.prototype.hasOwnProperty.call(x, 'default') ? x['default'] : x;
}

function getAugmentedNamespace(n) {
  if (Object.prototype.hasOwnProperty.call(n, '__esModule')) return n;
  var f = n.default;
	if (typeof f == "function") {
		var a = function a () {
			var isInstance = false;
      try {
        isInstance = this instanceof a;
      } catch (e) {}
			if (isInstance) {
        return Reflect.construct(f, arguments, this.constructor);
			}
			return f.apply(this, arguments);
		};
		a.prototype = f.prototype;
  } else a = {};
  Object.defineProperty(a, '__esModule', {value: true});
	Object.keys(n).forEach(function (k) {
		var d = Object.getOwnPropertyDescriptor(n, k);
		Object.defineProperty(a, k, d.get ? d : {
			enumerable: true,
			get: function () {
				return n[k];
			}
		});
	});
	return a;
}

/** A reader that left: harmless, the output simply has no reader any more. */
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);
class OutputStreams {
    streams;
    /** The first failure that lost output for another reason than a reader that left; null when none. */
    failure = null;
    closed = new Set();
    constructor(streams = { stdout: process.stdout, stderr: process.stderr }) {
        this.streams = streams;
    }
    /** Listen for write errors (once per process: the bin and the action call it, tests do not). */
    guard() {
        for (const name of ['stdout', 'stderr'])
            this.streams[name].on('error', (e) => this.failed(name, e));
        return this;
    }
    /** Write `text` to a stream that is still open; a write that throws is handled as its error event would be. */
    write(name, text) {
        if (this.closed.has(name))
            return;
        try {
            this.streams[name].write(text);
        }
        catch (e) {
            this.failed(name, e);
        }
    }
    /** Exit code 2 when output was lost, else the run's own. */
    exitCode(runCode) {
        return this.failure ? 2 : runCode;
    }
    failed(name, e) {
        if (this.closed.has(name))
            return;
        this.closed.add(name);
        const code = e?.code;
        if (code && READER_GONE.has(code))
            return;
        this.failure ??= `cannot write to ${name} (${code ?? e?.message ?? String(e)}); the output is incomplete`;
        const other = name === 'stdout' ? 'stderr' : 'stdout';
        this.write(other, `error: ${this.failure}\n`);
    }
}

/** Secrets out of every message a request can produce: error lines, URLs echoed back by a server. */
/** Replace every occurrence of each secret (and its URL-encoded form) with `***`; then credentials in URLs. */
function redactSecrets(text, secrets) {
    let out = text;
    for (const secret of secrets) {
        if (!secret)
            continue;
        for (const form of new Set([secret, encodeURIComponent(secret)]))
            out = out.split(form).join('***');
    }
    // A key someone put into a URL's query string.
    out = out.replace(/((?:api|application)[_-]?key=)[^&\s"']+/gi, '$1***');
    return redactUrlCredentials(out);
}
/** `https://user:token@host/…` → `https://***@host/…` (a git remote or a sink URL with credentials in it). */
function redactUrlCredentials(text) {
    // Bounded repeats keep this linear: an unbounded scheme run backtracks from every letter of a long word
    // that never reaches `://` (a megabyte of `m.m.m…` in a file name took minutes).
    return text.replace(/\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^\s/?#@'"]{1,4096}@/gi, '$1***@');
}
/**
 * Redact, then cut: a cut made first can leave a secret's prefix that no longer matches the whole secret.
 * `max` counts characters of the redacted text.
 */
function redactThenCut(text, secrets, max) {
    const redacted = redactSecrets(text, secrets);
    return redacted.slice(0, max);
}
/**
 * The secrets of one process: every output goes through `redact`. `onNew` sees each secret once
 * (the action registers it with the runner's log masking there, so a mask is added once, not per use).
 */
class SecretRegistry {
    onNew;
    values = new Set();
    constructor(onNew = () => { }) {
        this.onNew = onNew;
    }
    add(secret) {
        if (!secret || this.values.has(secret))
            return;
        this.values.add(secret);
        this.onNew(secret);
    }
    redact(text) {
        return redactSecrets(text, [...this.values]);
    }
    /**
     * A message as it may be printed: redacted, then cut to `max` characters, so a file that quotes a
     * megabyte of itself in an error (a huge key, a huge cell) prints one readable line.
     */
    message(text, max = MAX_MESSAGE) {
        const redacted = this.redact(text);
        return redacted.length <= max ? redacted : `${redacted.slice(0, max)}… (${redacted.length - max} more characters)`;
    }
}
/** The longest message printed to a console, in characters. */
const MAX_MESSAGE = 2000;

/**
 * The plain data that flows between the pipeline's stages:
 * ingest → classify → summarize → gate → report, with sinks and stores at the edges, and the history
 * record a run leaves for the gate to judge later ones by (the store keeps them; src/store/history.ts).
 * Nothing here does I/O; every stage takes and returns these shapes.
 */
/** Every kind, in the order the config and the stores name them. */
const METRIC_KINDS = ['loss', 'quality', 'timer', 'window', 'gauge', 'ignore'];
/**
 * Kinds judged by their final window (the median of the values in the last 25 % of their own steps) and
 * kept as sampled points, as a loss is: an eval metric is logged a few times a run, its last evals matter.
 */
function judgedAtEnd(kind) {
    return kind === 'loss' || kind === 'quality';
}
/**
 * Quantile levels kept per window; emission sends one histogram value per level, each at a rate whose
 * inverse is its integer share of the count (src/sinks/statsd/exact-rates.ts).
 */
const WINDOW_QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9];
/** `gpu=H100,world_size=8` → its fields (values may hold `=`; fields are split on `,` before a key). */
function fingerprintFields(key) {
    const out = new Map();
    for (const part of key.split(/,(?=[^,=]+=)/)) {
        if (!part)
            continue;
        const i = part.indexOf('=');
        out.set(i < 0 ? part : part.slice(0, i), i < 0 ? '' : part.slice(i + 1));
    }
    return out;
}
/** `gpu=H100,world_size=64`: the fingerprint inputs as one comparable string. */
function fingerprintKey(fingerprint) {
    return Object.keys(fingerprint)
        .sort()
        .map((k) => `${k}=${fingerprint[k]}`)
        .join(',');
}
// ───────────────────────────── errors ─────────────────────────────
/**
 * A problem with the user's input. Shown as one line `file:line: what is wrong`, never with a stack;
 * the CLI exits 2 and the action calls setFailed.
 */
class InputError extends Error {
    file;
    line;
    detail;
    constructor(file, line, detail) {
        super(`${file}${line === null ? '' : `:${line}`}: ${detail}`);
        this.file = file;
        this.line = line;
        this.detail = detail;
        this.name = 'InputError';
    }
}
/** 1-based line of a character offset in `text`, for an InputError's line. */
function lineAt(text, offset) {
    let line = 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1))
        line++;
    return line;
}

/**
 * Everything a run needs to know, resolved once from action inputs or CLI flags (which are named alike:
 * input `statsd-host` ⇔ flag `--statsd-host`). The engine never reads process.env or argv itself.
 */
/** The CLI's subcommands and the action's `command` input. */
const COMMANDS = ['emit', 'record', 'check', 'post-comment', 'watch', 'site'];
const DEFAULT_OPTIONS = {
    csv: [],
    metadata: null,
    manifestRoot: [],
    experiment: null,
    config: null,
    gpuCsv: [],
    gpuScrape: [],
    gpuPrice: null,
    statsdHost: null,
    statsdPort: 8125,
    statsdFlavor: 'plain',
    statsdProtocol: 'auto',
    statsdMaxBytesPerMs: 6144,
    statsdEnvTags: null,
    prefix: 'training_metrics',
    maxBufferSize: 1432,
    tags: {},
    allowIdTags: false,
    dryRun: false,
    json: null,
    history: null,
    siteOutput: null,
    historyMax: null,
    record: 'auto',
    failOnRegression: true,
    failOnNotJudged: false,
    newBaseline: false,
    environment: [],
    containerImage: null,
    runId: null,
    bisect: false,
    markdown: null,
    html: null,
    comment: 'always',
    githubToken: null,
    commentFile: null,
    pushgatewayUrl: null,
    datadogUrl: null,
    datadogApiKey: null,
    failOnSinkError: false,
    sinkTimeout: 30,
    listen: null,
    abortOn: null,
    stallAfter: null,
    collapseBelow: null,
    gpuPoll: null,
    abortGrace: null,
    tailPoll: null,
    recordAborted: false,
    reportNotes: [],
};
/**
 * The pull request a run belongs to: `refs/pull/N/…` (pull_request), else the event's own pull request
 * (pull_request_target runs on the base branch's ref).
 */
function pullRequestNumber(ref, event) {
    const fromRef = /^refs\/pull\/(\d+)\//.exec(ref);
    if (fromRef)
        return Number(fromRef[1]);
    const n = event.pull_request?.number;
    return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}
/** The pull request a merge queue's branch `refs/heads/gh-readonly-queue/<base>/pr-N-<sha>` tests. */
function mergeGroupPullRequest(event) {
    const ref = event.merge_group?.head_ref;
    const m = typeof ref === 'string' ? /^refs\/heads\/gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]+$/.exec(ref) : null;
    return m ? Number(m[1]) : null;
}
function readEvent(path) {
    if (!path)
        return {};
    try {
        return JSON.parse(readFileSync(path, 'utf8'));
    }
    catch {
        return {};
    }
}
const stringOrNull = (v) => (typeof v === 'string' && v ? v : null);
/** The GitHub context from the runner's environment (empty strings outside Actions). */
function githubContextFromEnv(env) {
    const ref = env.GITHUB_REF ?? '';
    const event = readEvent(env.GITHUB_EVENT_PATH);
    return {
        ref,
        eventName: env.GITHUB_EVENT_NAME ?? '',
        workflow: env.GITHUB_WORKFLOW ?? '',
        defaultBranch: stringOrNull(event.repository?.default_branch) ?? 'main',
        serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
        repository: env.GITHUB_REPOSITORY ?? '',
        runId: env.GITHUB_RUN_ID ?? '',
        runAttempt: env.GITHUB_RUN_ATTEMPT ?? '',
        sha: env.GITHUB_SHA ?? '',
        prNumber: pullRequestNumber(ref, event),
        mergeGroupPr: mergeGroupPullRequest(event),
        prHeadSha: stringOrNull(event.pull_request?.head?.sha),
        workflowRunHeadSha: stringOrNull(event.workflow_run?.head_sha),
        ...(env.GITHUB_API_URL ? { apiUrl: env.GITHUB_API_URL } : {}),
        ...runnerFromEnv(env),
    };
}
function runnerFromEnv(env) {
    const runner = {};
    const take = (key, name) => {
        const v = env[name]?.trim();
        if (v)
            runner[key] = v;
    };
    take('name', 'RUNNER_NAME');
    take('os', 'RUNNER_OS');
    take('arch', 'RUNNER_ARCH');
    take('environment', 'RUNNER_ENVIRONMENT');
    take('imageOs', 'ImageOS');
    take('imageVersion', 'ImageVersion');
    return Object.keys(runner).length ? { runner } : {};
}

/**
 * User names (config keys, tag keys, column names) as plain data: `constructor`, `toString` and
 * `__proto__` are names like any other, never a property every object inherits.
 */
/** An empty record with no prototype: `__proto__` is stored as a key, and no key is inherited. */
function plainRecord() {
    return Object.create(null);
}
/** `record[key]` when the record itself has that key, else undefined (never an inherited property). */
function ownValue(record, key) {
    return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Run-level gauges that belong to no column, by every sink (the Datadog API route adds the duration). */
const RUN_GAUGES = {
    /** Last step of the run. */
    steps: 'run.steps',
    /** 1 when the file ended inside a row (a run still being written), else 0. */
    truncated: 'run.truncated',
    duration: 'run.duration',
    regression: 'gate.regression',
};
/** A trailing unit in a header, as nvidia-smi and spreadsheets write it: `memory.used [MiB]`, `power (W)`. */
const UNIT_SUFFIX = /\s*[[(]\s*([^\])]*)\s*[\])]\s*$/;
/**
 * Ultralytics' task letter, a capital in parentheses right after the name (`metrics/mAP50(B)` for boxes,
 * `(M)` for masks, `(P)` for poses): part of the name, not a unit (B is no byte here).
 */
const TASK_LETTER = /[A-Za-z0-9]\([A-Z]\)$/;
function unitSuffix(header) {
    return TASK_LETTER.test(header) ? null : UNIT_SUFFIX.exec(header);
}
/** The unit written in a header's `[unit]` / `(unit)` suffix, or ''. */
function headerUnit(header) {
    return unitSuffix(header)?.[1]?.trim() ?? '';
}
/**
 * The metric's key in every sink: lower case, the `[unit]` suffix dropped, runs of anything but
 * letters, digits, `_` and `.` turned into one `_`. `lm loss` → `lm_loss`, `memory.used [MiB]` → `memory.used`.
 */
function metricKey(header) {
    const unit = unitSuffix(header);
    return (unit ? header.slice(0, unit.index) : header)
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9_.]+/g, '_')
        .replace(/\.{2,}/g, '.')
        .replace(/^[_.]+|[_.]+$/g, '');
}
/** StatsD name: `<prefix>.<key>`. */
function statsdName(prefix, header) {
    const key = metricKey(header);
    return prefix ? `${prefix}.${key}` : key;
}
/** main / pr / release / other, from GITHUB_REF and GITHUB_EVENT_NAME. */
function branchType(github) {
    if (/^pull_request/.test(github.eventName) ||
        github.eventName === 'merge_group' ||
        github.ref.startsWith('refs/pull/')) {
        return 'pr';
    }
    if (/^refs\/tags\//.test(github.ref) || /^refs\/heads\/release(s)?([/_-]|$)/.test(github.ref))
        return 'release';
    if (github.ref === `refs/heads/${github.defaultBranch}` ||
        github.ref === 'refs/heads/main' ||
        github.ref === 'refs/heads/master') {
        return 'main';
    }
    return 'other';
}
/** Tag keys: letters, digits, `_`, `-`, `.`, `/`; lower case, as Datadog normalises them. */
function tagKey(key) {
    return key
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9_.\-/]+/g, '_')
        .replace(/^_+|_+$/g, '');
}
/**
 * Bounds on user names, so no name can blow up a line, a label or the heap (Datadog allows 200 characters
 * for a tag and for a metric name). A tag key beyond its bound is refused (cut, two keys could become one);
 * a tag value is cut, with a warning; a metric name beyond its bound is not sent (see `metricNameTooLong`).
 */
const NAME_LIMITS = { tagKey: 100, tagValue: 200, metricName: 200 };
/** Tag values: no `,` `|` `#` or white space (they would break a DogStatsD line), at most 200 characters. */
function tagValue(value) {
    // Cut before the replace, so a huge value costs no more than a short one.
    return value
        .slice(0, NAME_LIMITS.tagValue * 4)
        .trim()
        .replace(/[,|#\s]+/g, '_')
        .slice(0, NAME_LIMITS.tagValue);
}
/** Why a metric name is not sent (too long for Datadog and for a line), or null when it is fine. */
function metricNameTooLong(name) {
    if (name.length <= NAME_LIMITS.metricName)
        return null;
    return `metric ${name.slice(0, 40)}… (${name.length} characters) not sent: names are at most ${NAME_LIMITS.metricName} characters`;
}
/**
 * Does a tag value look like a unique id? Such values make one series per run and explode a
 * Prometheus index: commit SHAs, UUIDs, numeric run ids, timestamps.
 */
function looksLikeUniqueId(value) {
    const v = value.trim();
    if (/^[0-9a-f]{40}$/i.test(v) || /^[0-9a-f]{64}$/i.test(v))
        return true;
    if (/^[0-9a-f]{7,39}$/i.test(v) && /\d/.test(v) && /[a-f]/i.test(v))
        return true;
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v))
        return true;
    if (/^\d{6,}$/.test(v))
        return true;
    if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v))
        return true;
    return false;
}
/** The tags every metric of a run carries, before user and run tags. */
function baseTags(experiment, github) {
    return {
        experiment,
        workflow_name: github.workflow || 'local',
        event: github.eventName || 'local',
        branch_type: branchType(github),
    };
}
/**
 * A run's tags as every sink sends them: its manifest config, then the user's tags, then the schema tags
 * (which win, so a user cannot spoof branch_type), then `extra` (the Datadog route's `run`).
 */
function runTagSet(run, userTags, github, allowIds, extra = {}) {
    const schema = github ? baseTags(run.experiment, github) : { experiment: run.experiment };
    return buildTags([run.tags, userTags, schema, extra], allowIds);
}
/**
 * Tag keys the sinks set line by line: the loss point's `step`, the window's `steps`, the device's `gpu`
 * (DCGM's label for the GPU index). A run or user tag of that name (a manifest config's `gpu: H100`) would
 * be overwritten on those lines only, so it is sent as `run_<key>` instead (documented, not warned about:
 * `gpu` is a common manifest key).
 */
const PER_LINE_TAG_KEYS = new Set(['step', 'steps', 'gpu']);
/**
 * Merge tag sources (later wins), normalise keys and values, and refuse id-like values unless allowed.
 * The schema keys (experiment, workflow_name, event, branch_type) are never refused.
 */
function buildTags(sources, allowIds) {
    const tags = plainRecord();
    const refused = [];
    for (const source of sources) {
        for (const [k, v] of Object.entries(source)) {
            if (k.length > NAME_LIMITS.tagKey) {
                refused.push(`${k.slice(0, 40)}… is ${k.length} characters long, more than the ${NAME_LIMITS.tagKey} a tag key may have`);
                continue;
            }
            let key = tagKey(k);
            const raw = String(v);
            const value = tagValue(raw);
            if (!key || !value)
                continue;
            if (raw.trim().length > NAME_LIMITS.tagValue)
                refused.push(`${key}: the value (${raw.length} characters) was cut to its first ${NAME_LIMITS.tagValue}`);
            if (PER_LINE_TAG_KEYS.has(key))
                key = `run_${key}`;
            if (!allowIds && !SCHEMA_KEYS.has(key) && looksLikeUniqueId(value)) {
                refused.push(`${key}:${value} looks like a unique id (one series per run); pass allow-id-tags to keep it`);
                delete tags[key];
                continue;
            }
            tags[key] = value;
        }
    }
    // Schema keys first, so every line reads experiment, workflow_name, event, branch_type, then the rest.
    const ordered = plainRecord();
    for (const key of SCHEMA_KEYS)
        if (Object.hasOwn(tags, key))
            ordered[key] = tags[key];
    return { tags: Object.assign(ordered, tags), refused };
}
const SCHEMA_KEYS = new Set(['experiment', 'workflow_name', 'event', 'branch_type']);
/** Parse `k:v,k2:v2` as given to --tags / the `tags` input. */
function parseTagList(text) {
    const out = plainRecord();
    for (const part of text.split(/[,\n]/)) {
        const item = part.trim();
        if (!item)
            continue;
        const i = item.indexOf(':');
        if (i <= 0)
            throw new Error(`tag "${item}" is not key:value`);
        out[item.slice(0, i).trim()] = item.slice(i + 1).trim();
    }
    return out;
}

/**
 * Run-level statistics the API sink sends per metric, as name suffixes. They never collide with what the
 * Agent derives from DogStatsD (`.avg`, `.median`, `.95percentile`, `.max`, `.count` of a histogram).
 */
const DATADOG_RUN_STATS = {
    median: 'steady.median',
    p10: 'steady.p10',
    p90: 'steady.p90',
    final: 'final',
    nonFinite: 'nonfinite',
    diverged: 'diverged',
    regression: 'regression',
    /** The step number of a loss sample, tagged `step:N` like the sample: the x axis of a loss curve. */
    step: 'step',
};
/** `<prefix>.<key>.<stat suffix>`: a run-level gauge of one metric (API sink). */
function datadogStatName(prefix, header, stat) {
    return `${statsdName(prefix, header)}.${DATADOG_RUN_STATS[stat]}`;
}
/** `<prefix>.run.steps`, `<prefix>.run.truncated`, `<prefix>.run.duration`, `<prefix>.gate.regression`. */
function datadogRunGaugeName(prefix, gauge) {
    return statsdName(prefix, RUN_GAUGES[gauge]);
}
/**
 * Datadog's unit for one of our units (https://docs.datadoghq.com/metrics/units), or undefined where Datadog
 * has none (TFLOPs, tokens per second): an unknown unit is left off rather than guessed.
 */
function datadogUnit(unit) {
    return DATADOG_UNITS[unit];
}
const DATADOG_UNITS = {
    ratio: 'fraction',
    percent: 'percent',
    seconds: 'second',
    milliseconds: 'millisecond',
    bytes: 'byte',
    mebibytes: 'mebibyte',
    gibibytes: 'gibibyte',
};
/** Datadog tag keys the dashboards filter on as template variables; every metric we send carries them. */
const DATADOG_TEMPLATE_TAGS = ['experiment', 'branch_type'];
/** The API base URL for a Datadog site (`DD_SITE`): `datadoghq.eu` → `https://api.datadoghq.eu`. */
function datadogApiBase(site) {
    const s = (site ?? '')
        .trim()
        .replace(/^https?:\/\//, '')
        .replace(/\/+$/, '')
        .replace(/^(app|api)\./, '');
    return `https://api.${s || 'datadoghq.com'}`;
}

/**
 * Whether and where the Datadog API sink sends: resolved once by the shells at start-up, so this module
 * stays light (the sink itself, with compression and retries, loads only when it runs).
 */
/** The `/api/v2/series` URL for a base URL or a full one. */
function datadogSeriesUrl(base) {
    const url = new URL(base);
    if (!/\/api\/v2\/series\/?$/.test(url.pathname))
        url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/v2/series`;
    return url.toString();
}
/**
 * Whether and where to send. The sink is on when a URL (flag `--datadog-url` / input `datadog-url`) or an
 * explicit key (input `datadog-api-key`) is given; `DD_API_KEY` alone only supplies the key, because runners
 * often carry it for an Agent. A URL of `''` or `auto` means the site's API: `https://api.<DD_SITE>`.
 * Returns `{ skip }` with a warning when the sink is asked for but cannot run, null when not asked for.
 */
function resolveDatadogTarget(given, env) {
    if (given.url === null && !given.apiKey)
        return null;
    const apiKey = given.apiKey || env.DD_API_KEY || '';
    const wanted = given.url === null || given.url.trim() === '' || given.url.trim() === 'auto'
        ? datadogApiBase(env.DD_SITE)
        : given.url.trim();
    let url;
    try {
        url = datadogSeriesUrl(wanted);
    }
    catch {
        return { skip: `Datadog: "${redactSecrets(wanted, [apiKey])}" is not a URL; nothing sent to Datadog` };
    }
    if (!/^https?:$/.test(new URL(url).protocol))
        return { skip: `Datadog: ${url} is not an http(s) URL; nothing sent to Datadog` };
    if (!apiKey)
        return { skip: 'Datadog: no API key (set DD_API_KEY or the datadog-api-key input); nothing sent to Datadog' };
    return { url, apiKey };
}

/** The Pushgateway URL: checked when the options are read (before any file), shown without credentials. */
/** The URL without credentials, for messages. */
function redactUrl(url) {
    try {
        const u = new URL(url);
        if (u.username || u.password) {
            u.username = '***';
            u.password = '';
        }
        return u.toString().replace(/\/$/, '');
    }
    catch {
        return '(invalid URL)';
    }
}
/** A pushgateway-url that is not an http(s) URL is the user's mistake: InputError, exit 2. */
function checkPushgatewayUrl(url) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        throw new InputError('pushgateway-url', null, `"${redactUrl(url)}" is not a URL (expected e.g. http://pushgateway:9091)`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new InputError('pushgateway-url', null, `"${redactUrl(url)}" is not an http(s) URL`);
    }
}

/**
 * The one table of parameters both shells read: action input `statsd-host` and CLI flag
 * `--statsd-host` are the same entry, parsed and validated the same way.
 */
/** The commands that run the job (read, classify, send, judge): the flags they share. */
const JOB_COMMANDS = ['emit', 'record', 'check', 'watch'];
/** The commands a parameter is for. */
const commandsOf = (p) => p.commands ?? JOB_COMMANDS;
/** The longest wait a Node.js timer holds: 2³¹ − 1 ms (24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const PARAMETERS = [
    {
        name: 'csv',
        key: 'csv',
        kind: 'list',
        description: 'per-step metrics file(s) or run directories: CSV, golden-values JSON, HF trainer_state.json, JSON-lines logs, TensorBoard event files',
        details: 'Per-step metrics file(s) or run directories, one per line (CSV, golden-values JSON, HF trainer_state.json, JSON-lines logs, TensorBoard event files).',
        docs: 'docs/ingest.md',
    },
    {
        name: 'metadata',
        key: 'metadata',
        kind: 'string',
        description: 'experiment_metadata.jsonl manifest listing the runs of a batch',
        details: 'experiment_metadata.jsonl manifest listing the runs of a batch.',
    },
    {
        name: 'manifest-root',
        key: 'manifestRoot',
        kind: 'list',
        description: 'folder(s) a manifest may name files in besides its own (absolute paths on shared storage)',
        details: 'Folder(s) a manifest may name metrics files in besides its own folder, e.g. shared storage its absolute paths point to (one per line, or a path list).',
        docs: 'docs/manifest.md#paths',
    },
    {
        name: 'experiment',
        key: 'experiment',
        kind: 'string',
        description: 'experiment name; required with csv when a history is used (record, check); with a manifest, a prefix to the run names',
        details: 'Experiment name; required with csv when history is set (the history is kept per experiment and a name is never taken from a path). With a manifest, a prefix to its run names.',
        defaultText: 'run name',
    },
    {
        name: 'config',
        key: 'config',
        kind: 'string',
        description: 'YAML config: classification overrides, sampling, gate settings',
        details: 'YAML config with classification overrides, sampling and gate settings.',
        commands: ['emit', 'record', 'check', 'watch', 'site'],
    },
    {
        name: 'gpu-csv',
        key: 'gpuCsv',
        kind: 'list',
        description: 'nvidia-smi --query-gpu CSV or dmon output captured during the run',
        details: 'nvidia-smi --query-gpu CSV or dmon output captured during the run (one per line).',
    },
    {
        name: 'gpu-scrape',
        key: 'gpuScrape',
        kind: 'list',
        description: 'Prometheus text scrape of dcgm-exporter',
        details: 'Prometheus text scrape(s) of dcgm-exporter (one per line).',
    },
    {
        name: 'gpu-price',
        key: 'gpuPrice',
        kind: 'string',
        description: 'price per GPU-hour by GPU type, e.g. {H100: 2.49, A100: 1.29}: cost per run and per billion tokens',
        details: 'Price per GPU-hour by GPU type, YAML or JSON such as {H100: 2.49, A100: 1.29}, for cost per run and per billion tokens.',
    },
    {
        name: 'statsd-host',
        key: 'statsdHost',
        kind: 'string',
        description: 'StatsD host (emit defaults to 127.0.0.1, or DD_AGENT_HOST with the datadog flavor); with statsd-protocol uds, the socket path',
        details: 'StatsD host, or with statsd-protocol uds the socket path. Empty sends nothing over StatsD (with the datadog flavor, DD_AGENT_HOST; with uds, DD_DOGSTATSD_SOCKET or the Agent default socket).',
        defaultText: 'CLI `emit`: 127.0.0.1; action: none',
    },
    {
        name: 'statsd-port',
        key: 'statsdPort',
        kind: 'number',
        description: 'StatsD UDP or TCP port (default 8125, or DD_DOGSTATSD_PORT)',
        details: 'StatsD UDP or TCP port (default 8125, or DD_DOGSTATSD_PORT with the datadog flavor).',
        defaultText: '8125',
    },
    {
        name: 'statsd-flavor',
        key: 'statsdFlavor',
        kind: 'string',
        choices: ['plain', 'datadog'],
        description: 'plain (statsd_exporter) or datadog (DogStatsD to a Datadog Agent)',
        details: 'plain (statsd_exporter) or datadog (DogStatsD to a Datadog Agent).',
        actionDefault: 'plain',
        defaultText: '`plain`',
    },
    {
        name: 'statsd-protocol',
        key: 'statsdProtocol',
        kind: 'string',
        choices: ['auto', 'udp', 'tcp', 'uds'],
        description: 'auto (default: TCP where the target accepts it, as statsd_exporter does on its port, else UDP; UDP for the datadog flavor), udp, tcp, or uds (a Unix datagram socket of a local Datadog Agent; statsd-host is its path)',
        details: "auto: TCP where the target accepts a connection on the port (statsd_exporter listens on TCP on its UDP port; TCP loses nothing to a busy receiver), else UDP; the datadog flavor takes UDP (DogStatsD has no TCP listener). Or udp, tcp, or uds (a local Datadog Agent's Unix datagram socket; statsd-host is its path).",
        actionDefault: 'auto',
        defaultText: '`auto`',
    },
    {
        name: 'statsd-max-bytes-per-ms',
        key: 'statsdMaxBytesPerMs',
        kind: 'number',
        description: 'pacing of UDP and Unix-socket sends: bytes per millisecond on average (default 6144)',
        details: 'Pacing of UDP and Unix-socket sends, bytes per millisecond on average (UDP drops a burst silently).',
        actionDefault: '6144',
        defaultText: '6144',
    },
    {
        name: 'statsd-env-tags',
        key: 'statsdEnvTags',
        kind: 'string',
        choices: ['none', 'service', 'all'],
        description: 'tags from DD_* variables: none, service (env, service, version, DD_TAGS) or all (also the per-pod dd.internal.entity_id); default all for the datadog flavor, none for plain',
        details: 'Tags from DD_* variables - none, service (env, service, version, DD_TAGS) or all (also the per-pod dd.internal.entity_id). Default all for the datadog flavor, none for plain.',
        defaultText: 'plain `none`, datadog `all`',
    },
    {
        name: 'prefix',
        key: 'prefix',
        kind: 'string',
        description: 'metric name prefix (default training_metrics)',
        details: 'Metric name prefix.',
        actionDefault: 'training_metrics',
        defaultText: '`training_metrics`',
    },
    {
        name: 'max-buffer-size',
        key: 'maxBufferSize',
        kind: 'number',
        description: 'bytes per datagram (default 1432: unfragmented on a 1500-MTU network)',
        details: 'Bytes per datagram (1432 crosses a 1500-MTU network unfragmented).',
        actionDefault: '1432',
        defaultText: '1432',
    },
    {
        name: 'tags',
        key: 'tags',
        kind: 'tags',
        description: 'extra tags k:v,k2:v2 on every metric',
        details: 'Extra tags k:v,k2:v2 on every metric.',
    },
    {
        name: 'allow-id-tags',
        key: 'allowIdTags',
        kind: 'boolean',
        description: 'allow tag values that look like unique ids (SHAs, UUIDs, run ids)',
        details: 'Allow tag values that look like unique ids (SHAs, UUIDs, run ids).',
        actionDefault: 'false',
        defaultText: 'false',
    },
    {
        name: 'dry-run',
        key: 'dryRun',
        kind: 'boolean',
        description: 'print the StatsD lines; send nothing to any sink',
        details: 'Print the StatsD lines; send nothing to any sink (StatsD, Pushgateway, Datadog API).',
        actionDefault: 'false',
        defaultText: 'false',
    },
    {
        name: 'json',
        key: 'json',
        kind: 'string',
        description: 'write a JSON account of what was done to this file',
        details: 'Write the JSON account of what was done to this path (default under RUNNER_TEMP; see the report-json output).',
        defaultText: 'action: `$RUNNER_TEMP/training-metrics-gate/report.json`',
        commands: ['emit', 'record', 'check', 'post-comment', 'watch'],
    },
    {
        name: 'history',
        key: 'history',
        kind: 'string',
        description: 'baseline history: a JSON file, git:<branch>[:<path>] for a data branch, or postgres://user@host/db',
        details: 'Baseline history, a JSON file path, git:<branch>[:<path>] for a data branch, or postgres://user[:password]@host[:port]/db (password also from PGPASSWORD, masked). Enables the gate.',
        docs: 'docs/gate.md#history-store',
        commands: ['record', 'check', 'watch', 'site'],
    },
    {
        name: 'site-output',
        key: 'siteOutput',
        kind: 'string',
        description: 'site: the folder to write the trend site into (an index and a page of charts per experiment)',
        details: 'With command site: the folder the static trend site of the history is written into, an index of experiments and a page of charts per experiment and fingerprint, ready for actions/upload-pages-artifact.',
        docs: 'docs/site.md',
        commands: ['site'],
    },
    {
        name: 'history-max',
        key: 'historyMax',
        kind: 'number',
        description: 'runs kept per experiment and fingerprint; the oldest beyond it are removed when a run is recorded, and the log says how many (default 1000 for a JSON file or git branch, every run for PostgreSQL)',
        details: 'Runs kept per experiment and fingerprint; the oldest beyond it are removed when a run is recorded, and the log and a warning say how many. Default: 1000 for a JSON file or git branch (years of a nightly job), every run for PostgreSQL.',
        defaultText: '1000 (JSON, git); all (PostgreSQL)',
        commands: ['record', 'check', 'watch'],
    },
    {
        name: 'record',
        key: 'record',
        kind: 'string',
        choices: ['auto', 'always', 'never'],
        description: 'record this run in the history: auto = default branch and scheduled runs',
        details: 'Record this run in the history. auto = pushes to the default branch and scheduled runs; PR runs never write.',
        actionDefault: 'auto',
        defaultText: '`auto`',
        commands: ['record', 'check', 'watch'],
    },
    {
        name: 'fail-on-regression',
        key: 'failOnRegression',
        kind: 'boolean',
        description: 'exit 1 / fail the job on a regression (default true)',
        details: 'Fail the job on a regression.',
        actionDefault: 'true',
        defaultText: 'true',
        commands: ['check', 'watch'],
    },
    {
        name: 'fail-on-not-judged',
        key: 'failOnNotJudged',
        kind: 'boolean',
        description: 'exit 1 / fail the job when a checked run was not judged: no gated metric had the history to judge it (default false: a warning)',
        details: 'Fail the job when a checked run was not judged (no gated metric could be judged: too little or no comparable history, no gated metric); by default a warning, never a pass.',
        actionDefault: 'false',
        defaultText: 'false',
        commands: ['check', 'watch'],
    },
    {
        name: 'new-baseline',
        key: 'newBaseline',
        kind: 'boolean',
        description: 'mark this run as the start of a new baseline (an intended change)',
        details: 'Mark this run as the start of a new baseline (an intended change). Its regressions are accepted; until min_runs runs exist since the mark the gate reports insufficient history (NaN, infinite or diverged loss still fail).',
        actionDefault: 'false',
        defaultText: 'false',
        commands: ['record', 'check', 'watch'],
    },
    {
        name: 'environment',
        key: 'environment',
        kind: 'list',
        description: "file(s) that tell the run's environment, kept in its record: JSON of field → value, pip freeze, conda list or nvidia-smi output",
        details: "File(s) that tell the run's environment, kept in its history record and compared when a change is found (one per line): a JSON object of field → value, pip freeze or conda list output (package versions), or nvidia-smi output (driver and CUDA version). Later files override earlier ones field by field.",
        docs: 'docs/history.md#environment',
        commands: ['record', 'check', 'watch'],
    },
    {
        name: 'container-image',
        key: 'containerImage',
        kind: 'string',
        description: "the job's container image (name:tag or @sha256 digest), kept in the record's environment as image",
        details: "The job's container image (name:tag, or better its @sha256 digest), kept in the record's environment as image; no runner variable tells it.",
        docs: 'docs/history.md#environment',
        commands: ['record', 'check', 'watch'],
    },
    {
        name: 'run-id',
        key: 'runId',
        kind: 'string',
        description: 'identity of this run in the history (default: the workflow run id); recording the same run again replaces its record',
        details: 'Identity of this run in the history (default GITHUB_RUN_ID, with GITHUB_REPOSITORY and GITHUB_RUN_ATTEMPT). Recording the same run again (a re-run) replaces its record.',
        defaultText: 'workflow run id',
        commands: ['record', 'check', 'watch'],
    },
    {
        name: 'markdown',
        key: 'markdown',
        kind: 'string',
        description: 'write the Markdown report to this file',
        details: 'Also write the Markdown report to this path.',
    },
    {
        name: 'html',
        key: 'html',
        kind: 'string',
        description: 'write the self-contained HTML report to this file',
        details: 'Write the self-contained HTML report to this path (upload it as an artifact).',
    },
    {
        name: 'comment',
        key: 'comment',
        kind: 'string',
        choices: ['always', 'on-regression', 'off'],
        description: 'PR comment mode (default always)',
        details: 'PR comment mode, always, on-regression or off.',
        actionDefault: 'always',
        defaultText: '`always`',
        commands: ['check', 'post-comment', 'watch'],
    },
    {
        name: 'comment-file',
        key: 'commentFile',
        kind: 'string',
        description: 'emit/check: write the PR comment to this JSON file for a second workflow to post (pull requests from forks); post-comment: the file to post',
        details: 'Write the PR comment to this JSON file, for a second workflow on workflow_run to post (pull requests from forks have a read-only token); with command post-comment, the file to post.',
        commands: ['check', 'watch', 'post-comment'],
    },
    {
        name: 'github-token',
        key: 'githubToken',
        kind: 'string',
        secret: true,
        description: "token for the PR comment (a git history branch pushes with the checkout's credentials)",
        details: 'Token for the PR comment (a git history branch pushes with the credentials actions/checkout left).',
        actionDefault: '${{ github.token }}',
        defaultText: '`github.token`',
        commands: ['check', 'post-comment', 'watch'],
    },
    {
        name: 'pushgateway-url',
        key: 'pushgatewayUrl',
        kind: 'string',
        description: 'Prometheus Pushgateway URL',
        details: 'Prometheus Pushgateway URL.',
    },
    {
        name: 'datadog-url',
        key: 'datadogUrl',
        kind: 'string',
        description: 'Datadog API URL (default from DD_SITE)',
        details: 'Datadog API URL (default https://api.<DD_SITE>).',
        defaultText: '`https://api.$DD_SITE` with `datadog-api-key`',
    },
    {
        name: 'datadog-api-key',
        key: 'datadogApiKey',
        kind: 'string',
        secret: true,
        description: 'Datadog API key (default DD_API_KEY)',
        details: 'Datadog API key (masked; default DD_API_KEY).',
        defaultText: '`DD_API_KEY`',
    },
    {
        name: 'fail-on-sink-error',
        key: 'failOnSinkError',
        kind: 'boolean',
        description: 'fail when a sink cannot deliver (default: warn)',
        details: 'Fail when a sink cannot deliver (default only warns).',
        actionDefault: 'false',
        defaultText: 'false',
    },
    {
        name: 'bisect',
        key: 'bisect',
        kind: 'boolean',
        description: 'check: exit 0 good, 1 bad, 125 skip, for git bisect run; the run is judged against the history before its first bad run, and nothing is recorded',
        details: 'With command check, for git bisect run - exit 0 good, 1 bad, 125 skip (bad input, or nothing could be judged). The run is judged against the history before its first bad run (see docs/history.md); nothing is recorded.',
        actionDefault: 'false',
        defaultText: 'false',
        commands: ['check'],
    },
    {
        name: 'sink-timeout',
        key: 'sinkTimeout',
        kind: 'number',
        max: Math.floor(MAX_TIMER_MS / 1000),
        description: 'seconds all sinks together may take, retries included (default 30); the rest is abandoned',
        details: 'Seconds all sinks together may take, retries included; what is left unsent is abandoned with a warning.',
        actionDefault: '30',
        defaultText: '30',
    },
    {
        name: 'listen',
        key: 'listen',
        kind: 'string',
        description: 'watch: serve the live Prometheus /metrics on HOST:PORT (default 127.0.0.1:9094), or off',
        details: 'command: watch. Serve the live Prometheus /metrics on HOST:PORT while the command runs (default 127.0.0.1:9094), or off.',
        defaultText: '127.0.0.1:9094',
        commands: ['watch'],
    },
    {
        name: 'abort-on',
        key: 'abortOn',
        kind: 'string',
        description: 'watch: stop the command on nan, divergence, stall, collapse (comma-separated; default nan,divergence,stall; none)',
        details: 'command: watch. Stop the command on nan, divergence, stall, collapse (comma-separated; default nan,divergence,stall; none stops nothing).',
        defaultText: 'nan,divergence,stall',
        commands: ['watch'],
    },
    {
        name: 'stall-after',
        key: 'stallAfter',
        kind: 'string',
        description: 'watch: no new step for this long is a stall (e.g. 90s, 10m; default 10m)',
        details: 'command: watch. No new step for this long is a stall, e.g. 90s, 10m (default 10m).',
        defaultText: '10m',
        commands: ['watch'],
    },
    {
        name: 'collapse-below',
        key: 'collapseBelow',
        kind: 'string',
        description: "watch: throughput or MFU below this fraction of the run's steady level (or the history's) is a collapse (default 0.5)",
        details: "command: watch. Throughput or MFU below this fraction of the run's steady level, or of the history's when history is set, is a collapse (default 0.5).",
        defaultText: '0.5',
        commands: ['watch'],
    },
    {
        name: 'gpu-poll',
        key: 'gpuPoll',
        kind: 'string',
        description: 'watch: sample nvidia-smi this often while the command runs (e.g. 5s), when nvidia-smi exists',
        details: 'command: watch. Sample nvidia-smi this often while the command runs, e.g. 5s (where nvidia-smi exists).',
        commands: ['watch'],
    },
    {
        name: 'abort-grace',
        key: 'abortGrace',
        kind: 'string',
        description: "watch: time the command's processes get between SIGTERM and SIGKILL when stopped (default 10s)",
        details: "command: watch. Time the command's processes get between SIGTERM and SIGKILL when watch stops them (default 10s).",
        defaultText: '10s',
        commands: ['watch'],
    },
    {
        name: 'tail-poll',
        key: 'tailPoll',
        kind: 'string',
        description: 'watch: how often the metrics files are looked at besides change events (default 250ms)',
        details: 'command: watch. How often the metrics files are looked at besides file-change events (default 250ms).',
        defaultText: '250ms',
        commands: ['watch'],
    },
    {
        name: 'record-aborted',
        key: 'recordAborted',
        kind: 'boolean',
        description: 'watch: record a run that watch stopped in the history as well (default false)',
        details: 'command: watch. Record a run that watch stopped in the history as well (default false).',
        defaultText: 'false',
        commands: ['watch'],
    },
];
const byName = (name) => PARAMETERS.find((p) => p.name === name);
/** Turn raw input/flag values into Options; a bad value is an InputError naming the parameter. */
function resolveOptions(command, raw, github, env, shell) {
    const origin = shell === 'cli' ? 'arguments' : 'action inputs';
    const options = { ...structuredClone(DEFAULT_OPTIONS), command, github, notices: [] };
    const bad = (p, why) => new InputError(origin, null, `${p.name}: ${why}`);
    for (const p of PARAMETERS) {
        const value = raw[p.name];
        if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
            continue;
        const target = options;
        switch (p.kind) {
            case 'list':
                target[p.key] = (Array.isArray(value) ? value : String(value).split('\n'))
                    .map((v) => String(v).trim())
                    .filter(Boolean);
                break;
            case 'number': {
                const n = Number(value);
                if (!Number.isInteger(n) || n <= 0)
                    throw bad(p, `expected a positive whole number, got "${String(value)}"`);
                if (p.max !== undefined && n > p.max)
                    throw bad(p, `${n} is more than ${p.max}, the longest a timer can wait (a longer one would fire at once)`);
                target[p.key] = n;
                break;
            }
            case 'boolean':
                if (typeof value === 'boolean')
                    target[p.key] = value;
                else if (/^(true|yes|1)$/i.test(String(value)))
                    target[p.key] = true;
                else if (/^(false|no|0)$/i.test(String(value)))
                    target[p.key] = false;
                else
                    throw bad(p, `expected true or false, got "${String(value)}"`);
                break;
            case 'tags':
                try {
                    target[p.key] = parseTagList(String(value));
                }
                catch (e) {
                    throw bad(p, e.message);
                }
                break;
            case 'string': {
                const text = String(Array.isArray(value) ? value[value.length - 1] : value).trim();
                if (p.choices && !p.choices.includes(text))
                    throw bad(p, `expected one of ${p.choices.join(', ')}, got "${text}"`);
                target[p.key] = text;
            }
        }
    }
    if (options.statsdPort > 65535)
        throw bad(byName('statsd-port'), `a UDP port is at most 65535, got ${options.statsdPort}`);
    // The prefix starts every metric name on every route: letters, digits and _, dot-separated.
    if (options.prefix && !/^[a-zA-Z_][a-zA-Z0-9_]*(\.[a-zA-Z_][a-zA-Z0-9_]*)*$/.test(options.prefix)) {
        throw bad(byName('prefix'), `"${options.prefix}" is not a metric prefix (letters, digits and _, dot-separated, e.g. daily_training_metrics)`);
    }
    // Environment defaults where the ecosystem has a convention.
    if (options.statsdProtocol === 'uds') {
        options.statsdHost ??= env.DD_DOGSTATSD_SOCKET || '/var/run/datadog/dsd.socket';
        if (!options.statsdHost.startsWith('/'))
            throw bad(byName('statsd-host'), `with statsd-protocol uds, the socket's absolute path, got "${options.statsdHost}"`);
    }
    else if (options.statsdFlavor === 'datadog') {
        if (!raw['statsd-host'] && env.DD_AGENT_HOST)
            options.statsdHost = env.DD_AGENT_HOST;
        if (!raw['statsd-port'] && env.DD_DOGSTATSD_PORT && Number(env.DD_DOGSTATSD_PORT) > 0)
            options.statsdPort = Number(env.DD_DOGSTATSD_PORT);
    }
    // The CLI's emit exists to send; the action sends over StatsD only where asked.
    if (shell === 'cli' && command === 'emit' && !options.statsdHost)
        options.statsdHost = '127.0.0.1';
    // The record command records; in the action the record input always has a value (its default, auto).
    if (command === 'record' && (raw.record === undefined || raw.record === 'auto'))
        options.record = 'always';
    if (command === 'post-comment' && !options.commentFile)
        throw bad(byName('comment-file'), 'post-comment needs the comment file to post');
    if (command === 'site' && !options.siteOutput)
        throw bad(byName('site-output'), 'site needs the folder to write the site into');
    if ((command === 'record' || command === 'check' || command === 'site') && !options.history)
        throw bad(byName('history'), `${command} needs the history to ${command === 'record' ? 'record in' : command === 'site' ? 'draw' : 'check against'}`);
    if (options.bisect && command !== 'check')
        throw bad(byName('bisect'), 'bisect is a way to check, for check only');
    // A bisect judges old commits: what it measures must never become history.
    if (options.bisect)
        options.record = 'never';
    const experiment = options.history ? experimentProblem(options) : null;
    if (experiment)
        throw bad(byName('experiment'), experiment);
    // A mistyped URL is said before any file is read, not after the run.
    if (options.pushgatewayUrl)
        checkPushgatewayUrl(options.pushgatewayUrl);
    // The Datadog API sink runs when asked for by URL or by an explicit key; DD_API_KEY alone only supplies the key.
    const datadog = resolveDatadogTarget({ url: options.datadogUrl, apiKey: options.datadogApiKey }, env);
    options.datadogUrl = datadog && 'url' in datadog ? datadog.url : null;
    options.datadogApiKey = datadog && 'url' in datadog ? datadog.apiKey : null;
    if (datadog && 'skip' in datadog)
        options.notices.push(datadog.skip);
    options.githubToken ??= env.GITHUB_TOKEN || null;
    return options;
}
/**
 * The history is kept per experiment, so a run judged or recorded needs a name that means the same run
 * every time. It is never guessed from a path (`out/metrics.csv` → "out", `./metrics.csv` → "."): files
 * given with `csv` need `experiment`; a manifest names each run itself (its experiment is that name).
 */
function experimentProblem(options) {
    if (options.experiment !== null)
        return /[A-Za-z0-9]/.test(options.experiment)
            ? null
            : `"${options.experiment}" is not an experiment name (it needs a letter or digit)`;
    if (!options.csv.length)
        return null;
    const what = options.command === 'emit' ? 'a history' : options.command;
    return `${what} needs the experiment the csv runs belong to (the history is kept per experiment; a name taken from the file's path would mix unrelated runs)`;
}

/**
 * The job's verdict over its gated runs: a regression in any; else not judged when any run judged nothing
 * (a batch that gated only some of its runs has not passed); else pass. Null when nothing was gated.
 */
function jobVerdict(gate) {
    if (gate.length === 0)
        return null;
    if (gate.some((g) => g.regression))
        return 'regression';
    return gate.some((g) => g.verdict === 'not-judged') ? 'not-judged' : 'pass';
}
function resultJson(result, options) {
    const first = result.gate[0];
    return {
        command: options.command,
        exitCode: result.exitCode,
        verdict: jobVerdict(result.gate),
        regression: result.gate.some((g) => g.regression),
        ...(first ? { experiment: first.experiment, run: first.run, metrics: first.metrics } : {}),
        experiments: result.gate,
        ...(result.environment ? { environment: result.environment } : {}),
        statsd: result.statsd && {
            target: result.statsd.target,
            protocol: result.statsd.protocol,
            delivery: result.statsd.delivery,
            pacedBytesPerMs: result.statsd.pacedBytesPerMs,
            sendMs: result.statsd.sendMs,
            dryRun: result.statsd.dryRun,
            lines: result.statsd.lines,
            linesHanded: result.statsd.linesHanded,
            datagrams: result.statsd.datagrams,
            bytes: result.statsd.bytes,
            series: result.statsd.series,
            errors: result.statsd.errors,
        },
        sinks: result.sinks,
        runs: result.summaries,
        ...(result.gpu ? { gpu: result.gpu.gpu, cost: result.gpu.costs.map(({ run, cost }) => ({ run, ...cost })) } : {}),
        errors: result.errors,
        warnings: result.warnings,
    };
}
/**
 * The action's `metrics-json` output, a compact per-run view for later steps: by metric, the number the
 * gate judges it by — a loss's final-window median (last 25 % of its steps), a steady-state median, or
 * a gauge's last value — named in `stat`, and the last value with its step beside it.
 */
function metricsOutput(result) {
    const out = {};
    for (const s of result.summaries) {
        const row = {};
        for (const m of s.metrics) {
            const hasLast = m.count > 0 && Number.isFinite(m.last);
            const last = { last: hasLast ? m.last : null, lastStep: hasLast ? m.lastStep : null };
            if (m.loss)
                row[m.name] = { value: finite(m.loss.finalWindow.median), stat: 'final_window_median', ...last };
            else if (m.steady)
                row[m.name] = { value: finite(m.steady.median), stat: 'steady_median', ...last };
            else
                row[m.name] = { value: last.last, stat: 'last', ...last };
        }
        out[s.name] = row;
    }
    return out;
}
function finite(v) {
    return Number.isFinite(v) ? v : null;
}

/**
 * Escaping for everything that comes from user files (metric, run and experiment names, tags,
 * config strings). One function per target language; callers never build markup from raw names.
 */
/** Control characters and line breaks: a name is one line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/**
 * Text for GitHub-flavoured Markdown, safe inside a table cell and inline anywhere:
 * `<`, `>`, `&` become entities (no raw HTML can form), `|` and Markdown punctuation are
 * backslash-escaped (no cell split, no emphasis, link or code span), and `@` is followed by a
 * zero-width space so a name never mentions a GitHub user.
 */
function mdText(value) {
    return value
        .replace(CONTROL, ' ')
        .replace(/[\\`*_{}[\]()#!|~]/g, (c) => `\\${c}`)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/@/g, '@&#8203;')
        .replace(/:\/\//g, ':&#47;&#47;');
}
/** Text for HTML element content and attribute values. */
function htmlText(value) {
    return value
        .replace(CONTROL, ' ')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
}
/**
 * Text for a quoted Mermaid string (a chart or axis title). Mermaid has no escape for `"` and reads
 * `%%`, `{}`, `<>` and `;` as syntax, so keep only characters that cannot end or extend the string.
 */
function mermaidText(value, max = 80) {
    return value
        .replace(CONTROL, ' ')
        .replace(/[^\p{L}\p{N} _.,:+\-/[\]()]/gu, '_')
        .slice(0, max)
        .trim();
}
/** A name that is safe in an HTML comment marker and an id: letters, digits, `_`, `.`, `+`, `-`. */
function slug(value, max = 100) {
    return value
        .replace(/[^A-Za-z0-9_.+-]+/g, '-')
        .replace(/-{2,}/g, '-')
        .replace(/^[-.]+|[-.]+$/g, '')
        .slice(0, max);
}
/**
 * A line the Actions runner reads as a workflow command: `::name…::` at its start (blanks before it
 * included), or the older `##[name]` anywhere in it.
 */
const WORKFLOW_COMMAND = /(?:^|[\r\n])[^\S\r\n]*::|##\[/;
/**
 * Text for a runner's log (stdout and stderr of a step): text that holds a line the runner would take as
 * a command (`::error::`, `::set-output`, `::add-mask::`, `::stop-commands::`…) is wrapped in a
 * `::stop-commands::<token>` … `::<token>::` pair, inside which the runner runs no command. `token` must be
 * unguessable (random per process), or text could end the pair itself. Other text is unchanged.
 */
function workflowCommandSafe(text, token) {
    if (!WORKFLOW_COMMAND.test(text))
        return text;
    return `::stop-commands::${token}\n${text}\n::${token}::`;
}

/** Opening an input file, with the usual failures turned into one-line InputErrors. */
/**
 * Paths checked before they are opened (a manifest's metrics files, checked to lie inside the allowed
 * folders), with the file each was when checked. Opening such a path does not follow a symlink in its
 * last part and compares the opened file with the checked one, so a file or folder swapped in between the
 * check and the open is refused rather than read.
 */
class CheckedFiles {
    byPath = new Map();
    add(path, file) {
        this.byPath.set(path, { dev: file.dev, ino: file.ino });
    }
    get(path) {
        return this.byPath.get(path);
    }
}
const checkedFiles = new CheckedFiles();
/** The file extensions a run's metrics file has when its name says so (a folder's files are told apart by them). */
const METRICS_EXT = new Set(['.csv', '.tsv', '.json', '.jsonl']);
/**
 * Opened without blocking (O_NONBLOCK): opening a FIFO for reading otherwise waits for a writer for ever.
 * On a regular file the flag changes nothing.
 */
const NONBLOCK = constants.O_NONBLOCK ?? 0;
/** What a file that is not a regular file or a directory is, for the refusal; null for those two. */
function specialKind(stat) {
    if (stat.isFIFO())
        return 'a FIFO (named pipe)';
    if (stat.isSocket())
        return 'a socket';
    if (stat.isCharacterDevice())
        return 'a character device';
    if (stat.isBlockDevice())
        return 'a block device';
    return null;
}
/** Refuse, before any read, an input that is a FIFO, a socket or a device: reading one may never end. */
function refuseSpecialFile(source, stat) {
    const kind = specialKind(stat);
    if (kind)
        throw new InputError(source, null, `is ${kind}, not a regular file; refused before any read`);
}
/**
 * A whole input file as UTF-8 text (config, comment file, manifest, history), refused as InputError when
 * it is a FIFO, socket or device; other failures are thrown as node reports them, for the caller to word.
 */
async function readRegularText(path) {
    const fh = await open(path, constants.O_RDONLY | NONBLOCK);
    try {
        refuseSpecialFile(path, await fh.stat());
        return await fh.readFile('utf8');
    }
    finally {
        await fh.close();
    }
}
/** Open `source` for reading; a missing file, a directory, a FIFO or device, or no permission is an InputError. */
async function openFile(source) {
    const checked = checkedFiles.get(source);
    try {
        // O_NOFOLLOW is absent on Windows, where the identity check below still applies.
        const fh = await open(source, constants.O_RDONLY | NONBLOCK | (checked ? (constants.O_NOFOLLOW ?? 0) : 0));
        const stat = await fh.stat();
        if (specialKind(stat)) {
            await fh.close();
            refuseSpecialFile(source, stat);
        }
        if (checked && (stat.dev !== checked.dev || stat.ino !== checked.ino)) {
            await fh.close();
            throw new InputError(source, null, 'is not the file that was checked (replaced since); refused');
        }
        if (stat.isDirectory()) {
            await fh.close();
            throw new InputError(source, null, 'is a directory, not a metrics file');
        }
        return fh;
    }
    catch (e) {
        if (e instanceof InputError)
            throw e;
        const code = e.code;
        if (code === 'ELOOP')
            throw new InputError(source, null, 'became a symlink after it was checked; refused');
        if (code === 'ENOENT')
            throw new InputError(source, null, 'file not found');
        if (code === 'EISDIR')
            throw new InputError(source, null, 'is a directory, not a metrics file');
        if (code === 'EACCES')
            throw new InputError(source, null, 'permission denied');
        throw new InputError(source, null, `cannot open: ${e.message}`);
    }
}
/** The first `bytes` bytes of a file (fewer when it is shorter). */
async function readHead(source, bytes) {
    const fh = await openFile(source);
    try {
        const buf = Buffer.alloc(bytes);
        const { bytesRead } = await fh.read(buf, 0, bytes, 0);
        return buf.subarray(0, bytesRead);
    }
    finally {
        await fh.close();
    }
}
/** A whole text file (UTF-8), with openFile's errors; a file over `maxBytes` is refused before it is read. */
async function readTextFile(source, maxBytes = Number.POSITIVE_INFINITY) {
    const fh = await openFile(source);
    try {
        const { size } = await fh.stat();
        if (size > maxBytes)
            throw new InputError(source, null, `${Math.round(size / 2 ** 20)} MiB is too large for a metrics file`);
        return await fh.readFile('utf8');
    }
    finally {
        await fh.close();
    }
}

const DEFAULT_GATE_CONFIG = {
    alpha: 0.01,
    minRuns: 5,
    shiftAlpha: 0.001,
    outlierMads: 5,
    priorRuns: 10,
    priorCv: { throughput: 0.01, loss: 0.003, memory: 0.001, other: 0.01 },
    noiseFloor: 0.0005,
    completeFraction: 0.99,
    requireComplete: false,
};

const DEFAULT_SUMMARY_SETTINGS = {
    lossEvery: 50,
    warmupSteps: 10,
    maxWindows: 32,
    lossMaxPoints: 200,
};

/**
 * The YAML config file, read once here and handed out by section: no stage reads it or parses it again.
 *
 *   loss_every: 50          # summary: loss sampled every N steps (tag step:N)
 *   warmup_steps: 10        # summary: first steps skipped for timers and the steady state
 *   max_windows: 32         # summary: bound on step windows per run (window size doubles to stay under it)
 *   loss_max_points: 200    # summary: bound on sampled loss points per run (interval doubles to stay under it)
 *   metrics:                # classification: first matching pattern wins; matched against the header and its key
 *     "train.*loss": { kind: loss, direction: lower, min_effect: 0.01 }
 *     "debug_*":     { kind: ignore }
 *   gate: { alpha: 0.01 }   # the gate's settings (gate.ts)
 *   gpu_price: { H100: 2.49 }  # price per GPU-hour by GPU type (gpu-prices.ts)
 *
 * The parser (parse.ts, with the YAML and glob libraries) is loaded only when there is something to parse.
 */
const DEFAULT_CONFIG = {
    source: null,
    rules: [],
    summary: DEFAULT_SUMMARY_SETTINGS,
    gate: { ok: true, value: DEFAULT_GATE_CONFIG },
    gpuPrices: { ok: true, value: {} },
    gpuPricesGiven: false,
};
/** Read and validate a config file; every problem with its settings is an InputError with its line. */
async function loadConfig(path, inputs = {}) {
    if (!path) {
        if (!inputs.gpuPrice)
            return DEFAULT_CONFIG;
        const { gpuPriceSettings } = await import('./gpu-prices-CWO30Paa.js');
        return { ...DEFAULT_CONFIG, ...gpuPriceSettings(inputs.gpuPrice, undefined, null) };
    }
    let text;
    try {
        text = await readRegularText(path);
    }
    catch (e) {
        if (e instanceof InputError)
            throw e;
        throw new InputError(path, null, `cannot read config: ${e.code ?? String(e)}`);
    }
    const { parseConfig } = await import('./parse-B6iVAbhf.js');
    return parseConfig(text, path, inputs);
}

const BISECT_GOOD = 0;
const BISECT_BAD = 1;
const BISECT_SKIP = 125;
function bisectExitCode(gate, errors) {
    if (errors > 0 || gate.length === 0)
        return BISECT_SKIP;
    if (gate.some((g) => g.regression))
        return BISECT_BAD;
    return gate.some((g) => g.verdict === 'pass') ? BISECT_GOOD : BISECT_SKIP;
}

/**
 * The runs' summaries with the gateable GPU metrics of their own part of the capture (placement.ts):
 * a run the capture was not joined to is left as it was.
 */
function withGpuMetrics(runs, gpu) {
    const parts = gpu?.runs ?? [];
    if (!parts.some((r) => r.metrics.length))
        return runs;
    return runs.map((run, i) => {
        const own = parts[i];
        return own?.run === run.name && own.metrics.length ? { ...run, metrics: [...run.metrics, ...own.metrics] } : run;
    });
}
/**
 * The `index`-th run's cost gauges, plus the GPU gauges of its own part of the capture (none when it has
 * no part: a capture of the whole batch is never sent with the first run).
 */
function gpuGaugesFor(gpu, run, index) {
    const own = gpu?.runs[index];
    return [...(gpu?.costs.find((c) => c.run === run)?.gauges ?? []), ...(own?.run === run ? own.gauges : [])];
}

/**
 * One time budget for every sink of a job together (`sink-timeout`): StatsD's flush and close, the
 * Pushgateway's pushes and the Datadog API's posts, retries and waits included, all end by one deadline.
 * What is not sent by then is abandoned with a warning; the verdict never waits on a sink.
 */
const DEFAULT_SINK_TIMEOUT_SECONDS = 30;
function sinkBudget(seconds, now = Date.now()) {
    const ms = Math.round(seconds * 1000);
    return { ms, deadline: now + ms };
}
/** Milliseconds left before the deadline (0 once it is spent). */
function msLeft(budget, now = Date.now()) {
    return Math.max(0, budget.deadline - now);
}
/** Resolves to `work`'s value, or to `fallback` once the budget is spent, whichever comes first. */
async function withinBudget(budget, work, fallback) {
    let timer;
    const expired = new Promise((resolve) => {
        timer = setTimeout(() => resolve(fallback), msLeft(budget));
    });
    try {
        return await Promise.race([work, expired]);
    }
    finally {
        clearTimeout(timer);
    }
}

const gauge = () => ({ kind: 'gauge', direction: 'none', gate: false, minEffect: 0 });
/** A model-quality metric, judged like a loss (its final window, the curve like for like) in its direction. */
const quality = (direction) => ({
    kind: 'quality',
    direction,
    gate: true,
    minEffect: 0.01,
});
/** Names of rates, which a counter word inside (`total_tokens_per_sec`: summed over GPUs) does not make counters. */
const NOT_RATE = '(?!.*(per_s|_ps$|_tps$|tokens_s$|per_step|per_iter|per_gpu))';
/**
 * A counter word as a name part, in a name that is neither a loss, a rate nor a return (`total_reward`
 * and `cumulative_reward` are an episode's return).
 */
const COUNTER_NAME = new RegExp(`^${NOT_RATE}(?!.*(loss|perplexity|ppl|reward|return))(.*[._/])?(total|cumulative|cum|accumulated|consumed)([._/]|$)`);
/** A spread or an extreme of a metric over a batch or an episode (`reward_std`, `MaxEpRet`): not its level. */
const SPREAD = /(^|[._])(std|stdev|stddev|var|variance|min|max)($|[._])|^(std|min|max)(ep|test)/;
/**
 * Quality metrics where higher is better. Keys are lower case with `_` for anything but letters, digits
 * and dots (`metrics/mAP50(B)` → `metrics_map50_b`, `acc@1` → `acc_1`).
 */
const HIGHER_QUALITY = new RegExp([
    'accuracy',
    'accuracies',
    '(^|[._])(acc|top_?\\d+(_acc)?|acc_?\\d+)($|[._])',
    '(^|[._])(precision|recall|f1|f1_score|fbeta|f_measure|auc|auroc|roc_auc|pr_auc|average_precision)($|[._])',
    // mAP and AP with any IoU or size suffix: map, map50, map50_95, ap50, aps, bbox_map_75, coco_bbox_map.
    '(^|[._])m?ap(\\d+(_\\d+)?)?[sml]?($|[._])',
    '(^|[._])(m?iou|mean_iou|dice|jaccard)($|[._])',
    // Average recall at k detections (COCO's AR@100, `ar_100`).
    '(^|[._])m?ar(_\\d+)?($|[._])',
    '(^|[._])(sacre)?bleu|(^|[._])rouge|(^|[._])(meteor|chrf|exact_match|em|psnr|ssim|ndcg|mrr|r2)($|[._])',
    '(^|[._])pass(_at)?_(\\d+|k)($|[._])',
    // Episode returns: reward, ep_rew_mean (Stable-Baselines3), eprewmean (OpenAI baselines), AverageEpRet
    // (Spinning Up), and success rates.
    '(^|[._])(rewards?|returns?|ep_?rew(ard)?(_mean)?|eprewmean|episode_(reward|return)s?)($|[._])',
    '^(average|avg|mean)?(test)?_?epret$',
    '(^|[._])(success|success_rate|is_success)($|[._])',
    // A bare `score` is no quality (AlgoPerf's is its accumulated submission time); `eval_score`,
    // `f1_score` and `bleu_score` are.
    '[._]score($|[._])',
].join('|'));
/**
 * Quality metrics where lower is better: error rates and distances to the reference. A `mean_error` is a
 * signed bias, better near zero than low, so it is left out.
 */
const LOWER_QUALITY = /(^|[._])(wer|cer|ter|(?<!mean_)error|error_rate|err|top\d+_err|fid|mae|mse|rmse|rmspe|mape|msle|mean_(absolute|squared)_error)($|[._])/;
/** A pattern for keys that match both `a` and `b`. */
function both(a, b) {
    return new RegExp(`^(?=.*(?:${a.source}))(?=.*(?:${b.source}))`);
}
/** Rules over the metric key (`metricKey(header)`: lower case, `_` separated, dots kept), first match wins. */
const RULES = [
    {
        id: 'rank-imbalance',
        test: /(^|[._])rank_imbalance$/,
        class: { kind: 'window', direction: 'lower', gate: true, minEffect: 0.02 },
        reason: "a multi-rank job's slowest rank over its median rank, per step: 1 when balanced",
    },
    {
        id: 'bookkeeping',
        test: /(^|[._])(epoch|epochs|timestamp|wall_?clock|date|walltime|percentage|progress)$/,
        class: gauge(),
        reason: 'bookkeeping: where the run is, not how well it runs',
    },
    {
        id: 'optimiser-setting',
        test: /(learning_rate|(^|[._])lr($|[._])|lr_scale|weight_decay|momentum|ent_coef|clip_range|clip_fraction)/,
        class: gauge(),
        reason: 'optimiser settings and schedules: set by the config, not measured',
    },
    {
        id: 'optimiser-diagnostic',
        test: /(grad_norm|gradient_norm|num_zeros|params_norm|loss_scale|approx_kl|explained_variance|(^|[._])kl($|[._]))/,
        class: gauge(),
        reason: "the optimiser's own diagnostics: large or small is not better or worse",
    },
    {
        id: 'telemetry',
        test: /(^|[._])(clk|clock|clocks|voltage|temp|temperature|hotspot|fan|ecc|errors|retired_pages|remapped_rows)($|[._])/,
        class: gauge(),
        reason: 'hardware telemetry that names memory without being memory use: clocks, voltages, temperatures, error counts',
    },
    {
        id: 'work-count',
        test: new RegExp(`^${NOT_RATE}.*((^|[._])(consumed|total|num|n)_(tokens|samples|steps|examples|flos|timesteps|episodes|updates)|(^|[._])(tokens|samples)_(seen|consumed|processed)$|total_flos$|(^|[._])(tokens|samples|examples|timesteps|episodes|iterations|n_updates|steps_done)$)`),
        class: gauge(),
        reason: 'counts of work done: tokens, samples, timesteps, episodes, updates',
    },
    {
        id: 'elapsed',
        test: /(runtime|wall_time|total_time|elapsed_time$|time_elapsed)/,
        class: { ...gauge(), unit: 'seconds' },
        reason: 'time since the start: grows with the run, whatever its speed',
    },
    {
        id: 'countdown',
        test: /(^|[._])(eta|time_remaining|remaining_time|time_left)($|[._])/,
        class: { ...gauge(), unit: 'seconds' },
        reason: 'a countdown to the end: falls as the run goes on, whatever its speed',
    },
    {
        id: 'running-total',
        test: COUNTER_NAME,
        class: gauge(),
        reason: 'named running totals (total, cumulative, cum, accumulated, consumed): not rates; the values get a second say',
    },
    {
        id: 'loss-change',
        test: /(^|[._])delta_?loss/,
        class: gauge(),
        reason: "a loss's change between updates (Spinning Up's DeltaLossPi): signed, not a level to judge",
    },
    {
        id: 'loss',
        test: /(loss|perplexity|(^|[._])(ppl|nll)($|[._]))/,
        class: { kind: 'loss', direction: 'lower', gate: true, minEffect: 0.01 },
        reason: 'loss and perplexity, train or eval: sampled every N steps, lower is better',
    },
    {
        id: 'quality-spread',
        test: both(SPREAD, new RegExp(`${LOWER_QUALITY.source}|${HIGHER_QUALITY.source}`)),
        class: gauge(),
        reason: 'a spread or an extreme of a quality metric over a batch or an episode (std, var, min, max): not its level',
        shown: 'a name the quality rules below match with a part std, stdev, stddev, var, variance, min or max, or StdEpRet, MinEpRet, MaxEpRet',
    },
    {
        id: 'dpo-answer-reward',
        test: /(^|[._])rewards_(chosen|rejected)($|[._])/,
        class: gauge(),
        reason: "DPO's rewards of the chosen and the rejected answers: both may fall while the margin grows",
    },
    {
        id: 'per-class',
        test: /(^|[._])(m?ap\d*|acc|accuracy|iou)_(?!\d)[a-z][a-z_ ]+$/,
        class: gauge(),
        reason: "a per-class breakdown (detectron2's AP-<class>): the overall metric beside it is the one judged",
    },
    {
        id: 'rate-per-second',
        test: /(^|[._])fps$|frames_per_s|(^|[._])(it|iters?|steps|samples|sequences|images|img)_(s|per_s|per_sec|per_second|sec)$/,
        class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'per_second' },
        reason: 'rates per second whose name holds a time word (fps, it/s, samples_per_second): throughput, higher is better',
    },
    {
        id: 'quality-lower',
        test: LOWER_QUALITY,
        class: quality('lower'),
        reason: 'error rates and distances (WER, CER, error, FID, MAE, RMSE): model quality, lower is better',
    },
    {
        id: 'quality-higher',
        test: HIGHER_QUALITY,
        class: quality('higher'),
        reason: 'model quality (accuracy, top-k, precision, recall, F1, AUC, mAP/AP, IoU, Dice, BLEU, ROUGE, exact match, pass@k, reward, return, success rate, score): higher is better',
    },
    {
        id: 'mfu',
        test: /(^|[._])mfu($|[._])|model_flops_util|hfu/,
        class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'ratio' },
        reason: 'model FLOPs utilisation: higher is better, judged over step windows',
    },
    {
        id: 'tflops',
        test: /tflops|tflop_s|flops_per_s/,
        class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'tflops' },
        reason: 'TFLOP/s: throughput, higher is better',
    },
    {
        id: 'throughput',
        test: /(throughput|tokens_per_s|tokens_per_second|tok_s|tok_per_s|tokens_s$|(^|[._])tps($|[._])|tps$|samples_per_s|samples_per_second|sequences_per_s|it_s$|steps_per_s)/,
        class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'per_second' },
        reason: 'throughput (tokens, samples, steps per second): higher is better',
    },
    {
        id: 'utilisation',
        test: /(^|[._])(gpu_)?(util|utilization|utilisation)($|[._])/,
        class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02 },
        reason: 'a utilisation (GPU utilization, a share in use or TFLOP/s per GPU as Megatron-Bridge logs it): higher is better; the values say which',
    },
    {
        id: 'memory',
        test: /(^|[._])(mem|memory|vram|hbm)|mem_|_mem($|[._])/,
        class: { kind: 'window', direction: 'lower', gate: true, minEffect: 0.03 },
        reason: 'memory use: lower is better; peaks matter most',
    },
    {
        id: 'timer',
        test: /(step_time|iteration_time|iter_time|time_per_(step|iteration|iter)|elapsed_time_per_iteration|batch_time|(^|[._])(time|duration|latency)($|[._])|_time$|_ms$|_sec$|_seconds$)/,
        class: { kind: 'timer', direction: 'lower', gate: true, minEffect: 0.02, unit: 'seconds' },
        reason: 'timers (step time, latency, duration): warm-up skipped, lower is better; seconds unless the name says',
    },
];
/**
 * Units written as a header suffix, mapped to the unit names the sinks convert from. MB and GB mean MiB and
 * GiB, as in a `_mb` name: training code divides by 1024² (`max_memory_allocated() / 2**20`) and older
 * nvidia-smi wrote `[MB]` for MiB. A config `unit: megabytes` still means 10⁶ bytes.
 */
const UNIT_ALIASES = {
    '%': 'percent',
    percent: 'percent',
    mib: 'mebibytes',
    mb: 'mebibytes',
    gib: 'gibibytes',
    gb: 'gibibytes',
    b: 'bytes',
    bytes: 'bytes',
    ms: 'milliseconds',
    s: 'seconds',
    sec: 'seconds',
    w: 'watts',
    c: 'celsius',
    mhz: 'megahertz',
};
/** The unit a name implies when no `[unit]` suffix says it. */
function unitFromKey(key, fallback) {
    if (/_ms$|_ms[._]|milliseconds/.test(key))
        return 'milliseconds';
    if (/bytes/.test(key))
        return 'bytes';
    if (/_mib$|_mb$/.test(key))
        return 'mebibytes';
    if (/_gib$|_gb$/.test(key))
        return 'gibibytes';
    if (/percent|_pct$|_%/.test(key))
        return 'percent';
    return fallback ?? '';
}
/** Whether a name or header states a time unit, so a timer's seconds are not an assumption. */
function statesTimeUnit(header) {
    if (headerUnit(header))
        return true;
    return /(^|[._])(ms|s|sec|secs|seconds|us|ns|min|mins|minutes|hours?|h)($|[._])|milliseconds|microseconds|seconds/.test(metricKey(header));
}
/** A Lightning aggregation suffix (`_epoch`, `_step`) on a metric name, never on `per_step` or a bare word. */
const AGGREGATION_SUFFIX = /^(.*[^_.])(?<!per)[._](epoch|step)$/;
/** The rule a key takes, the suffix-less name first; null where none matches. */
function ruleFor(key) {
    const stem = AGGREGATION_SUFFIX.exec(key)?.[1];
    const byStem = stem ? RULES.find((r) => r.test.test(stem)) : undefined;
    if (byStem)
        return byStem;
    return RULES.find((r) => r.test.test(key)) ?? null;
}
/** Classify a metric by its header alone. */
function defaultClass(header) {
    const key = metricKey(header);
    const written = headerUnit(header).toLowerCase();
    const unitFromHeader = written ? (ownValue(UNIT_ALIASES, written) ?? written) : '';
    const base = ruleFor(key)?.class ?? gauge();
    const unit = unitFromHeader || unitFromKey(`${key}${/\(ms\)/i.test(header) ? '_ms' : ''}`, base.unit);
    return { kind: base.kind, direction: base.direction, gate: base.gate, minEffect: base.minEffect, unit };
}

function classify(header, config) {
    const base = defaultClass(header);
    const rule = config.rules.find((r) => r.matches(header));
    if (!rule)
        return base;
    const merged = { ...base, ...rule.override };
    // A metric moved into a judged kind without a direction of its own gets the kind's usual one.
    if (rule.override.kind && !rule.override.direction && merged.direction === 'none') {
        merged.direction =
            merged.kind === 'window' || merged.kind === 'quality'
                ? 'higher'
                : merged.kind === 'gauge' || merged.kind === 'ignore'
                    ? 'none'
                    : 'lower';
    }
    if (merged.kind === 'ignore')
        merged.gate = false;
    return merged;
}

/**
 * What one CSV cell holds. Both row readers (the byte scanner and csv-parse) classify cells through
 * this one grammar, so they produce identical batches.
 */
var CellKind;
(function (CellKind) {
    CellKind[CellKind["Missing"] = 0] = "Missing";
    CellKind[CellKind["Number"] = 1] = "Number";
    CellKind[CellKind["NanToken"] = 2] = "NanToken";
    CellKind[CellKind["Text"] = 3] = "Text";
})(CellKind || (CellKind = {}));
/** Explicit NaN as NumPy, PyTorch and pandas write it (`nan`, `NaN`, `-nan`, `NAN`). */
const NAN_TOKEN = /^[+-]?nan$/i;
/** Infinities as Python (`inf`, `-inf`), JavaScript (`Infinity`) and C (`INF`) write them. */
const INF_TOKEN = /^([+-]?)(inf|infinity)$/i;
/** Cells that mean "no value here": empty, nvidia-smi's `[N/A]`, amd-smi's `N/A`, Python's `None`, JSON's `null`. */
const MISSING_TOKEN = /^(|n\/a|\[n\/a\]|na|none|null|-)$/i;
/**
 * A plain decimal number. Deliberately narrower than `Number()`, which would read `0x1F` as 31, `''` as 0
 * and `1_000` as NaN: hex and other text must stay text. Each character can be matched in one way only
 * (`\d+(\.\d*)?`, not `\d+\.?\d*`, whose two digit runs can split a run of digits n ways), so a
 * failing match backtracks in linear, not quadratic, time.
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/**
 * Cells longer than this (after trimming) are text without being looked at: no number, token or marker
 * is anywhere near as long, and it keeps the work per cell bounded whatever the file holds.
 */
const MAX_CELL = 4096;
/** Classify a cell's text (surrounding spaces ignored). Writes into `out` and returns it. */
function classifyCell(text, out) {
    const s = text.trim();
    if (s.length > MAX_CELL) {
        out.kind = CellKind.Text;
        out.value = NaN;
    }
    else if (DECIMAL.test(s)) {
        out.kind = CellKind.Number;
        out.value = Number(s);
    }
    else if (MISSING_TOKEN.test(s)) {
        out.kind = CellKind.Missing;
        out.value = NaN;
    }
    else if (NAN_TOKEN.test(s)) {
        out.kind = CellKind.NanToken;
        out.value = NaN;
    }
    else {
        const inf = INF_TOKEN.exec(s);
        if (inf) {
            out.kind = CellKind.Number;
            out.value = inf[1] === '-' ? -Infinity : Infinity;
        }
        else {
            out.kind = CellKind.Text;
            out.value = NaN;
        }
    }
    return out;
}

/**
 * Which fields of a CSV become metric columns: numeric columns are kept, text columns (timestamps,
 * status, config strings) are left out, judged on the sampled rows; and whether the step column really
 * holds steps.
 */
/** `fieldMap` entry of a field that is not read (a text column, or a field past the header). */
const TEXT_FIELD = -1;
/** `fieldMap` entry of the step column. */
const STEP_FIELD = -2;
function countKinds(sample, fields) {
    const cell = { kind: CellKind.Missing, value: NaN };
    const counts = { text: new Array(fields).fill(0), numeric: new Array(fields).fill(0) };
    for (const record of sample) {
        for (let i = 0; i < fields && i < record.length; i++) {
            const kind = classifyCell(record[i], cell).kind;
            if (kind === CellKind.Text)
                counts.text[i]++;
            else if (kind !== CellKind.Missing)
                counts.numeric[i]++;
        }
    }
    return counts;
}
/** Whether at least three sampled rows hold a number in `field` and it is the same number on all of them. */
function sameOnEveryRow(sample, field) {
    const cell = { kind: CellKind.Missing, value: NaN };
    let seen = 0;
    let first = NaN;
    for (const record of sample) {
        if (field >= record.length || classifyCell(record[field], cell).kind !== CellKind.Number)
            continue;
        if (seen++ === 0)
            first = cell.value;
        else if (cell.value !== first)
            return false;
    }
    return seen >= 3;
}
/** Whether the sampled numbers in `field` rise from row to row (rows without one skipped). */
function risesOnEveryRow(sample, field) {
    const cell = { kind: CellKind.Missing, value: NaN };
    let last = -Infinity;
    for (const record of sample) {
        if (field >= record.length || classifyCell(record[field], cell).kind !== CellKind.Number)
            continue;
        if (!(cell.value > last))
            return false;
        last = cell.value;
    }
    return last > -Infinity;
}
/**
 * The step field after the fallbacks are judged on the sample: an epoch column steps the rows only when
 * every row is a new epoch (else rows of one epoch would merge), and either fallback is noted.
 */
function fallbackStep(names, step, sample, warnings) {
    const name = names[step.index];
    if (step.kind === 'samples') {
        warnings.push(`no step column: rows are stepped by "${name}", a count of samples, not of optimiser steps`);
        return step.index;
    }
    if (!risesOnEveryRow(sample, step.index))
        return -1;
    warnings.push(`no step column: rows are stepped by "${name}", one row per epoch`);
    return step.index;
}
/**
 * The layout of the metric columns, from the header's names, the step column found by name and the
 * sampled records (repeats of the header already left out). Throws when there is nothing numeric to read.
 */
function typeColumns(source, headerLine, names, step, sample) {
    const warnings = [];
    let stepField = step.index < 0 || step.kind === 'step' ? step.index : fallbackStep(names, step, sample, warnings);
    if (stepField >= 0 && sameOnEveryRow(sample, stepField)) {
        // A per-run summary (ezpz's runs.csv) has a `steps` column holding each run's length, not a step.
        warnings.push(`column "${names[stepField]}" has the same value on every row, so it is read as a metric and rows are numbered by position`);
        stepField = -1;
    }
    if (stepField < 0 && !warnings.length)
        warnings.push('no step column (step, global_step, iteration, total_timesteps, epoch, …): rows are numbered 0, 1, 2, … in file order');
    const { text, numeric } = countKinds(sample, names.length);
    const fieldMap = new Int32Array(names.length);
    const columns = [];
    const textColumns = [];
    names.forEach((name, i) => {
        if (i === stepField)
            fieldMap[i] = STEP_FIELD;
        else if (text[i] > numeric[i]) {
            fieldMap[i] = TEXT_FIELD;
            textColumns.push(name);
        }
        else
            fieldMap[i] = columns.push(name) - 1;
    });
    if (stepField >= 0 && text[stepField] > numeric[stepField]) {
        throw new InputError(source, headerLine, `step column "${names[stepField]}" does not hold numbers`);
    }
    if (!columns.length) {
        throw new InputError(source, headerLine, `no numeric metric column${textColumns.length ? ` (text only: ${textColumns.join(', ')})` : ''}`);
    }
    if (textColumns.length) {
        warnings.push(`text column${textColumns.length === 1 ? '' : 's'} left out: ${textColumns.map((n) => `"${n}"`).join(', ')}`);
    }
    return { fieldMap, columns, stepColumn: stepField >= 0 ? names[stepField] : null, warnings };
}

/** Bytes read at a time. */
const CHUNK$1 = 1 << 20;
/** The longest line accepted; a file with no line break in its first MAX_LINE bytes is not a metrics CSV. */
const MAX_LINE = 8 << 20;
class FileWindow {
    source;
    buf = Buffer.allocUnsafe(CHUNK$1);
    /** Bytes of `buf` that hold file content. */
    filled = 0;
    /** File offset of the byte after `buf[filled - 1]`. */
    fileOffset = 0;
    eof = false;
    fh = null;
    constructor(source) {
        this.source = source;
    }
    /**
     * The file is open only while it is being read: the header is read up front, the rows when the batches
     * are drained, and a table that is never drained holds no file handle.
     */
    async open() {
        this.fh = await openFile(this.source);
    }
    async close() {
        const fh = this.fh;
        this.fh = null;
        await fh?.close();
    }
    /** Read until the buffer is full or the file ends. */
    async fill() {
        while (!this.eof && this.filled < this.buf.length) {
            const { bytesRead } = await this.handle().read(this.buf, this.filled, this.buf.length - this.filled, this.fileOffset);
            if (bytesRead === 0)
                this.eof = true;
            this.filled += bytesRead;
            this.fileOffset += bytesRead;
        }
    }
    /**
     * Drop the consumed bytes before `from`; grow the buffer when it is full of one unfinished line (`line`
     * is that line's number, for the error when it outgrows MAX_LINE).
     */
    compact(from, line) {
        this.buf.copyWithin(0, from, this.filled);
        this.filled -= from;
        if (this.filled < this.buf.length)
            return;
        if (this.buf.length >= MAX_LINE) {
            throw new InputError(this.source, line, `no line break in ${MAX_LINE >> 20} MiB: one giant line is not a metrics CSV`);
        }
        const bigger = Buffer.allocUnsafe(this.buf.length * 2);
        this.buf.copy(bigger, 0, 0, this.filled);
        this.buf = bigger;
    }
    /**
     * The next bytes after the window, in a buffer of their own (the consumer may keep them), or null at
     * the end of the file.
     */
    async readAhead() {
        if (this.eof || !this.fh)
            return null;
        const chunk = Buffer.allocUnsafe(CHUNK$1);
        const { bytesRead } = await this.fh.read(chunk, 0, CHUNK$1, this.fileOffset);
        if (bytesRead === 0) {
            this.eof = true;
            return null;
        }
        this.fileOffset += bytesRead;
        return chunk.subarray(0, bytesRead);
    }
    handle() {
        if (!this.fh)
            throw new Error(`${this.source}: read before open`);
        return this.fh;
    }
}

/** The header row of a metrics CSV: column names, the delimiter, and which column holds the step. */
/**
 * Names a step column goes by, best first (W&B's `_step` counts log calls, so the trainer's own step wins).
 * Reinforcement-learning loggers count environment steps: Stable-Baselines3's `time/total_timesteps`,
 * OpenAI baselines' `total_timesteps`, Spinning Up's `TotalEnvInteracts`, and others' `total/steps`,
 * `steps_done`, `timesteps`.
 */
const STEP_NAMES = [
    'trainer/global_step',
    'train/global_step',
    'global_step',
    'globalstep',
    'global step',
    'step',
    'train/step',
    'iteration',
    'iter',
    'it',
    'steps',
    'iterations',
    'time/total_timesteps',
    'total_timesteps',
    'total/steps',
    'totalenvinteracts',
    'steps_done',
    'timesteps',
    'env_steps',
    '_step',
];
/** Counts of samples seen (Megatron, MLPerf): a step axis only when no step column exists. */
const SAMPLE_COUNT_NAMES = ['consumed_samples', 'consumed-samples', 'samples_count', 'samples_seen', 'num_samples'];
/** Per-epoch logs (Keras' CSVLogger) have no step at all: the epoch is the only axis they have. */
const EPOCH_NAMES = ['epoch', 'epochs'];
/** The delimiter a header line uses: `,` unless the line has none and has tabs or semicolons. */
function detectDelimiter(headerLine) {
    if (headerLine.includes(','))
        return ',';
    if (headerLine.includes('\t'))
        return '\t';
    if (headerLine.includes(';'))
        return ';';
    return ',';
}
/** A column name is a metric name on every sink: far beyond any real one, it is not a header. */
const MAX_HEADER_CELL = 1000;
/**
 * Column names from the header line, trimmed; an empty name becomes `column<N>`. Duplicates are an error.
 * A line without quotes is split as it is; csv-parse (loaded only then) reads a quoted one.
 */
async function parseHeader(source, line, headerLine, delimiter) {
    let fields;
    if (!headerLine.includes('"'))
        fields = headerLine.split(delimiter);
    else {
        const { parse } = await import('./sync-CY-1q6DU.js');
        try {
            const rows = parse(headerLine, {
                delimiter,
                relax_column_count: true,
                relax_quotes: true,
                trim: true,
            });
            fields = rows[0] ?? [];
        }
        catch (e) {
            throw new InputError(source, line, `cannot read the header row: ${e.message.split('\n')[0]}`);
        }
    }
    const names = fields.map((f, i) => f.trim() || `column${i + 1}`);
    const long = names.findIndex((n) => n.length > MAX_HEADER_CELL);
    if (long >= 0)
        throw new InputError(source, line, `column ${long + 1}'s name is ${names[long].length} characters long (at most ${MAX_HEADER_CELL}): "${names[long].slice(0, 40)}…"`);
    const seen = new Map();
    names.forEach((name, i) => {
        const first = seen.get(name);
        if (first !== undefined) {
            throw new InputError(source, line, `duplicate column name "${name}" (columns ${first + 1} and ${i + 1})`);
        }
        seen.set(name, i);
    });
    return names;
}
/**
 * A name without a trailing unit in brackets or parentheses (`iteration [#]` → `iteration`), trimmed and
 * lower-cased. Done by index rather than by a regular expression: a pattern like `\s*[[(][^\])]*[\])]\s*$`
 * rescans the rest of the name from every start position, quadratic on a long header cell.
 */
function bareName(name) {
    const t = name.trimEnd();
    const close = t.length - 1;
    if (close < 0 || (t[close] !== ']' && t[close] !== ')'))
        return t.trim().toLowerCase();
    const before = Math.max(t.lastIndexOf(']', close - 1), t.lastIndexOf(')', close - 1));
    let open = -1;
    for (let i = before + 1; i < close; i++) {
        if (t[i] === '[' || t[i] === '(') {
            open = i;
            break;
        }
    }
    return (open < 0 ? t : t.slice(0, open)).trim().toLowerCase();
}
/** The step column among `names`: a step by name, else a count of samples, else an epoch; -1 for none. */
function findStepColumn(names) {
    const bare = names.map(bareName);
    const groups = [
        [STEP_NAMES, 'step'],
        [SAMPLE_COUNT_NAMES, 'samples'],
        [EPOCH_NAMES, 'epoch'],
    ];
    for (const [candidates, kind] of groups) {
        for (const candidate of candidates) {
            const index = bare.indexOf(candidate);
            if (index >= 0)
                return { index, kind };
        }
    }
    return { index: -1, kind: 'step' };
}
/**
 * Whether a data record repeats the header: a log reopened in append mode after a restart writes its
 * header again mid-file. Fields are compared trimmed; an empty field matches the `column<N>` it was named.
 */
function isHeaderRecord(record, names) {
    if (record.length !== names.length)
        return false;
    for (let i = 0; i < names.length; i++) {
        const field = record[i].trim();
        if (field !== names[i] && !(field === '' && names[i] === `column${i + 1}`))
            return false;
    }
    return true;
}

/**
 * Files that reach the CSV reader but are not a per-step metrics table: a capture written without a header
 * row, an MLPerf `:::MLLOG` log, a console log. Each is refused up front, by what its first lines look like,
 * with a message that says what the file seems to be; otherwise its first data row would become column
 * names, or csv-parse would stop at the first stray quote of a line of prose.
 */
/** Lines of the file's start that are looked at. */
const PROBE_LINES$1 = 200;
/** Characters of the file's start that are looked at. */
const PROBE_CHARS = 64 << 10;
/** A number with a short unit (`85 %`, `11409 MiB`), as header-less captures write them. */
const NUMBER_WITH_UNIT = /^[+-]?\d+(?:\.\d+)?\s*(?:%|[A-Za-z]{1,3})$/;
/** A date as timestamps begin (`2025/09/08 14:14:37`, `2026-08-24T13:08:50Z`): never a column name. */
const DATE_START = /^\d{4}[-/]\d{2}[-/]\d{2}/;
function looksLikeValue(field, cell) {
    const kind = classifyCell(field, cell).kind;
    return (kind === CellKind.Number || kind === CellKind.NanToken || NUMBER_WITH_UNIT.test(field) || DATE_START.test(field));
}
/**
 * Whether a line is an MLPerf log event: `:::MLLOG {json}` at its start, or after a short rank prefix
 * that launchers add (`0: `, `[1,0]<stdout>:`).
 */
function isMllogLine(line) {
    const at = line.indexOf(':::MLLOG');
    return at >= 0 && at <= 32 && (at === 0 || /[\s:]$/.test(line.slice(0, at)));
}
/** Fields of a line split on `delimiter` outside double quotes. */
function fieldCount(line, delimiter) {
    let fields = 1;
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (c === '"')
            quoted = !quoted;
        else if (c === delimiter && !quoted)
            fields++;
    }
    return fields;
}
/** Whether a line reads as prose: three or more words of two or more letters. */
function isProse(line) {
    let words = 0;
    let run = 0;
    for (let i = 0; i <= line.length; i++) {
        const c = i < line.length ? line.charCodeAt(i) | 0x20 : 0;
        if (c >= 0x61 && c <= 0x7a)
            run++;
        else {
            if (run >= 2 && ++words >= 3)
                return true;
            run = 0;
        }
    }
    return false;
}
/** Refuse the file when its header is a row of data (a header naming a step column is a header). */
function refuseHeaderless(source, headerLine, names) {
    // `step,0,1,2,3`: histogram buckets or quantiles may be named by numbers.
    if (findStepColumn(names).index >= 0)
        return;
    const cell = { kind: CellKind.Missing, value: NaN };
    const written = names.filter((name, i) => name !== `column${i + 1}`);
    const values = written.filter((name) => looksLikeValue(name, cell));
    const dated = values.some((name) => DATE_START.test(name));
    if (!values.length || (!dated && values.length * 2 < written.length))
        return;
    const shown = values
        .slice(0, 3)
        .map((v) => `"${v.length > 30 ? `${v.slice(0, 30)}…` : v}"`)
        .join(', ');
    throw new InputError(source, headerLine, `a CSV without a header row: the first line is data (${values.length} of ${written.length} fields are numbers or times: ${shown}); add a header line naming the columns`);
}
/** Refuse the file when its start is not a per-step metrics table. */
function refuseNonTable(source, start) {
    const { headerLine, delimiter, names } = start;
    const lines = [start.headerText, ...start.after.slice(0, PROBE_CHARS).split('\n', PROBE_LINES$1)];
    const mllog = lines.findIndex(isMllogLine);
    if (mllog >= 0) {
        throw new InputError(source, headerLine + mllog, 'an MLPerf :::MLLOG log, not a per-step metrics table: convert its events to a CSV with one row per step (or eval) first');
    }
    refuseHeaderless(source, headerLine, names);
    const body = lines.slice(1).filter((line) => line.trim() !== '');
    if (!body.length)
        return;
    const fitting = body.filter((line) => fieldCount(line, delimiter) === names.length).length;
    const prose = body.filter(isProse).length;
    if ((names.length === 1 || fitting * 2 < body.length) && prose * 2 >= body.length) {
        throw new InputError(source, headerLine, `a text log (console output?), not a per-step metrics table: ${prose} of the first ${body.length} lines are prose and ${body.length - fitting} do not have the header's ${names.length} field${names.length === 1 ? '' : 's'}; log metrics to a CSV with one row per step`);
    }
}

/**
 * A per-run summary table (one row per run: a results table, a leaderboard, a sweep) is not a per-step
 * metrics table, and reading its rows as the steps of one run gives a gate nonsense. It is told by its
 * shape, with no step column:
 *  - a text column that names the runs, and column names that only a per-run table uses, in a sixth or
 *    more of its columns; or
 *  - a hyper-parameter column (batch size, model width or depth, seed, …) whose value changes from row
 *    to row in the sample: within one run these are fixed. (The learning rate is not one of them: a
 *    per-step log has its schedule.)
 *  - a text column that names every row differently (a pandas index of model, dataset or configuration
 *    names, as `DataFrame.to_csv` writes it first): one row per thing evaluated, not per step. A time of
 *    day or a date is no such name.
 */
/** Words of column names that describe a whole run (split on anything that is not a letter or digit). */
const PER_RUN_WORDS = new Set([
    'status',
    'config',
    'configuration',
    'wall',
    'final',
    'best',
    'trial',
    'workload',
    'target',
    'reached',
    'hparams',
    'hyperparameters',
    'outcome',
    'converged',
    'submission',
    'summary',
]);
/** The per-run words among the column names (each once, in header order), and how many columns use one. */
function perRunWords(names) {
    const found = new Set();
    let columns = 0;
    for (const name of names) {
        const words = name
            .toLowerCase()
            .split(/[^a-z0-9]+/)
            .filter((word) => PER_RUN_WORDS.has(word));
        for (const word of words)
            found.add(word);
        if (words.length)
            columns++;
    }
    return { words: [...found], columns };
}
/** Words of a column name that make it a hyper-parameter fixed for a run. */
const HYPER_PARAMETER = [
    /^(batch|micro_batch|global_batch|train_batch)(_?size)?$/,
    /^(hidden|embed|embedding|model|ffn|intermediate)_?(size|dim)$/,
    /^(d_model|n_embd|n_layers?|n_heads?|num_(layers|heads|attention_heads|hidden_layers)|layers|heads)$/,
    /^(seed|random_seed|run_seed)$/,
    /^(dropout|weight_decay|warmup_steps|window_size)$/,
];
function isHyperParameter(name) {
    const key = name
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '');
    return HYPER_PARAMETER.some((re) => re.test(key));
}
/** A time or date in a text column (a per-step log's wall clock), which names no row. */
const TIME_LIKE = /^\d{4}-\d\d-\d\d|^\d{1,2}:\d\d|^\d+(\.\d+)?\s*[a-z]{0,3}$/i;
/** The text column whose sampled values name each row differently, and a few of them; null when none does. */
function rowLabels(names, layout, sample) {
    if (sample.length < 3)
        return null;
    for (const [i, name] of names.entries()) {
        if (layout.columns.includes(name))
            continue;
        const values = sample.map((r) => r[i]?.trim() ?? '');
        if (values.some((v) => v === '' || TIME_LIKE.test(v) || !/[a-z]/i.test(v)))
            continue;
        if (new Set(values).size === values.length)
            return { name, labels: values.slice(0, 3) };
    }
    return null;
}
/** Refuse a per-run summary table, once the columns have been typed (`sample`: the sampled records). */
function refuseRunSummary(source, headerLine, names, layout, sample = []) {
    if (layout.stepColumn !== null)
        return;
    const varying = names.filter((name, i) => isHyperParameter(name) && new Set(sample.map((r) => r[i]?.trim() ?? '')).size > 1);
    if (varying.length)
        throw new InputError(source, headerLine, `a table of runs (a sweep: no step column, and hyper-parameter column${varying.length === 1 ? '' : 's'} ${varying
            .slice(0, 3)
            .map((n) => `"${n}"`)
            .join(', ')} change${varying.length === 1 ? 's' : ''} from row to row, as they never do within one run), not a per-step metrics table; give each run's per-step metrics file`);
    const textColumns = names.filter((n) => n !== layout.stepColumn && !layout.columns.includes(n));
    // A wide per-step capture (every nvidia-smi field) can hold a few such words; a summary is made of them.
    const { words, columns } = perRunWords(names);
    if (!textColumns.length || words.length < 2 || columns * 6 < names.length) {
        const labels = rowLabels(names, layout, sample);
        if (labels)
            throw new InputError(source, headerLine, `a table of results, one row per name in ${/^column\d+$/.test(labels.name) ? 'its unnamed column (a pandas index)' : `column "${labels.name}"`} (${labels.labels
                .map((l) => JSON.stringify(l.length > 40 ? `${l.slice(0, 40)}…` : l))
                .join(', ')}, …) and no step column, not a per-step training log: give the metrics file the training wrote`);
        return;
    }
    throw new InputError(source, headerLine, `a per-run summary table (one row per run: no step column, columns such as ${words
        .slice(0, 4)
        .map((w) => `"${w}"`)
        .join(', ')}), not a per-step metrics table; give each run's per-step metrics file`);
}

/** Ragged rows and stray quotes are read, not rejected: loggers write both, and the cell grammar decides. */
function csvParseOptions(delimiter) {
    return {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        trim: true,
        skip_empty_lines: true,
        record_delimiter: ['\r\n', '\n'],
    };
}
/** A csv-parse error as an InputError; `lineOffset` is the file line before the first line csv-parse read. */
function csvErrorToInput(source, e, lineOffset) {
    if (e instanceof InputError)
        return e;
    const err = e;
    const line = typeof err.lines === 'number' ? lineOffset + err.lines : null;
    switch (err.code) {
        case 'CSV_QUOTE_NOT_CLOSED':
            return new InputError(source, line, 'unterminated quote: a quoted field is never closed');
        case 'CSV_MAX_RECORD_SIZE':
            return new InputError(source, line, `a row longer than ${MAX_LINE >> 20} MiB: not a metrics CSV`);
        case 'INVALID_OPENING_QUOTE':
        case 'CSV_INVALID_CLOSING_QUOTE':
            return new InputError(source, line, `misplaced quote: ${err.message.split(':')[0]}`);
        default:
            return new InputError(source, line, `cannot read CSV: ${String(err.message ?? e).split('\n')[0]}`);
    }
}

/** Byte values and line tests shared by the CSV readers, which work on raw UTF-8 bytes. */
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const SPACE$2 = 0x20;
const TAB$3 = 0x09;
/** Whether `buf[from, to)` holds only spaces, tabs and line breaks. */
function isBlank(buf, from, to) {
    for (let i = from; i < to; i++) {
        const c = buf[i];
        if (c !== SPACE$2 && c !== TAB$3 && c !== CR && c !== LF)
            return false;
    }
    return true;
}
/** First line feed outside double quotes in `buf[from, to)`, or -1 (a quoted field may span lines). */
function lineEndOutsideQuotes(buf, from, to) {
    let quoted = false;
    for (let i = from; i < to; i++) {
        const c = buf[i];
        if (c === QUOTE)
            quoted = !quoted;
        else if (c === LF && !quoted)
            return i;
    }
    return -1;
}

/** Rows looked at up front to tell text columns from numeric ones. */
const SAMPLE_ROWS = 1000;
/** Bytes looked at up front (at most SAMPLE_ROWS rows of them). */
const SAMPLE_BYTES = 256 << 10;
/**
 * The records from `from` (the first data line) on. Unquoted text is split directly; quoted text goes
 * through csv-parse, where a quoting error in the sample is reported up front with its line. (csv-parse
 * is loaded only for quoted files: most metrics CSVs never need it.)
 */
async function sampleRecords(window, from, headerLine, delimiter) {
    const wholeRest = window.eof && window.filled - from <= SAMPLE_BYTES;
    const end = wholeRest
        ? window.filled
        : window.buf.lastIndexOf(LF, Math.min(window.filled, from + SAMPLE_BYTES) - 1) + 1;
    if (end <= from)
        return [];
    return recordsOfBytes(window.source, window.buf.subarray(from, end), headerLine, delimiter, wholeRest);
}
/**
 * The records of `bytes` (whole lines; `complete` when they run to the end of the input, so a quote
 * left open there is an error rather than a sample cut inside a quoted field), at most SAMPLE_ROWS.
 */
async function recordsOfBytes(source, bytes, headerLine, delimiter, complete) {
    if (!bytes.includes(QUOTE))
        return splitUnquoted(bytes, delimiter);
    const sample = [];
    const { parse: parseSync } = await import('./sync-CY-1q6DU.js');
    try {
        parseSync(bytes, {
            ...csvParseOptions(delimiter),
            to: SAMPLE_ROWS,
            on_record: (record) => {
                sample.push(record);
                return record;
            },
        });
    }
    catch (e) {
        // A sample cut inside a quoted field is not an error; the stream will see the whole field.
        const err = e;
        if (complete || err.code !== 'CSV_QUOTE_NOT_CLOSED')
            throw csvErrorToInput(source, e, headerLine);
    }
    return sample;
}
function splitUnquoted(bytes, delimiter) {
    return bytes
        .toString('utf8')
        .split('\n', SAMPLE_ROWS + 1)
        .slice(0, SAMPLE_ROWS)
        .map((line) => line.replace(/\r$/, ''))
        .filter((line) => line !== '')
        .map((line) => line.split(delimiter));
}

/**
 * What a CSV is, from its first bytes: refuses what is not UTF-8 text, finds the header line (after a BOM
 * and blank lines), its delimiter and column names.
 */
/** Bytes searched for a NUL, the mark of a binary file. */
const BINARY_PROBE = 65_536;
/** Refuse files that are not UTF-8 text, by their first bytes. */
function refuseNonText(window) {
    const { buf, filled, source } = window;
    if (filled === 0)
        throw new InputError(source, null, 'empty file');
    if (buf[0] === 0x1f && buf[1] === 0x8b)
        throw new InputError(source, null, 'gzip-compressed; decompress it first');
    if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) {
        throw new InputError(source, null, 'UTF-16 text; save the CSV as UTF-8');
    }
    if (buf.subarray(0, Math.min(filled, BINARY_PROBE)).includes(0)) {
        throw new InputError(source, null, 'binary file (NUL bytes), not a text CSV');
    }
}
/** Where the header line lies in the window (reading more while it is unfinished), and its line number. */
async function locateHeader(window) {
    const bom = window.buf[0] === 0xef && window.buf[1] === 0xbb && window.buf[2] === 0xbf;
    let start = bom ? 3 : 0;
    let line = 1;
    for (;;) {
        let nl = lineEndOutsideQuotes(window.buf, start, window.filled);
        while (nl === start || (nl > start && isBlank(window.buf, start, nl))) {
            start = nl + 1;
            line++;
            nl = lineEndOutsideQuotes(window.buf, start, window.filled);
        }
        if (nl >= 0)
            return { start, end: nl, line };
        if (window.eof) {
            if (isBlank(window.buf, start, window.filled)) {
                throw new InputError(window.source, null, 'empty file (only blank lines)');
            }
            throw new InputError(window.source, line, 'header only: no data rows');
        }
        window.compact(start, line);
        start = 0;
        await window.fill();
    }
}
/** Read the window's first bytes (opening the file for it) and sniff the CSV they start. */
async function sniffCsv(window) {
    let header;
    await window.open();
    try {
        await window.fill();
        refuseNonText(window);
        header = await locateHeader(window);
    }
    finally {
        await window.close();
    }
    const headerText = window.buf.toString('utf8', header.start, header.end).replace(/\r$/, '');
    const delimiter = detectDelimiter(headerText);
    const names = await parseHeader(window.source, header.line, headerText, delimiter);
    const dataStart = header.end + 1;
    if (window.eof && isBlank(window.buf, dataStart, window.filled)) {
        throw new InputError(window.source, header.line, 'header only: no data rows');
    }
    return { names, delimiter, headerLine: header.line, headerText, dataStart };
}

/**
 * One record already split into fields (by csv-parse) put into a row sink through the cell grammar: the
 * way a quoted line becomes a row, for the file reader and for watch mode's tailer alike.
 */
class RecordCells {
    fieldMap;
    sink;
    names;
    cell = { kind: CellKind.Missing, value: NaN };
    constructor(
    /** Field index → metric column, TEXT_FIELD or STEP_FIELD (column-types.ts). */
    fieldMap, sink, 
    /** The header's column names, to skip the header where it is repeated. */
    names) {
        this.fieldMap = fieldMap;
        this.sink = sink;
        this.names = names;
    }
    /** Put one record, at line `line`, into the sink. */
    commit(record, line) {
        const { fieldMap, sink, cell } = this;
        if (isHeaderRecord(record, this.names)) {
            sink.repeatedHeader(line);
            return;
        }
        sink.clearRow();
        let step = NaN;
        for (let f = 0; f < fieldMap.length && f < record.length; f++) {
            const m = fieldMap[f];
            if (m === TEXT_FIELD)
                continue;
            classifyCell(record[f], cell);
            if (m === STEP_FIELD)
                step = cell.kind === CellKind.Number ? cell.value : NaN;
            else {
                sink.values[m] = cell.value;
                sink.kinds[m] = cell.kind;
                if (cell.kind === CellKind.Text)
                    sink.textCell(m, line, record[f].trim());
            }
        }
        sink.endRow(step, record.length, line);
    }
}

/**
 * A last line without a line break: the file may still be being written (a job logging while the CSV is
 * read), so the line is either complete and merely unterminated, or cut off mid-write. It is complete when
 * it has all the header's fields; a cut-off line is left out and the table marked truncated.
 */
/** Whether an unterminated last line of `fields` fields was cut off mid-write. */
function isCutOff(fields, headerFields) {
    return fields < headerFields;
}
/**
 * The unterminated last line `buf[from, to)` (without quotes) as a complete line ending in a line feed,
 * for the byte scanner, which reads complete lines only; null when it was cut off.
 */
function completeLastLine(buf, from, to, delim, headerFields) {
    const end = buf[to - 1] === CR ? to - 1 : to;
    let fields = 1;
    for (let j = from; j < end; j++)
        if (buf[j] === delim)
            fields++;
    if (isCutOff(fields, headerFields))
        return null;
    const line = Buffer.allocUnsafe(end - from + 1);
    buf.copy(line, 0, from, end);
    line[end - from] = LF;
    return line;
}

/**
 * Rows through csv-parse, from the first line with a quote character to the end of the file: csv-parse
 * handles quoted fields, embedded line breaks and quoting errors, which the byte scanner does not.
 */
class QuotedRows {
    fieldMap;
    delimiter;
    sink;
    cells;
    /** The last byte of the file read so far: whether the file ends with a line break. */
    lastByte = LF;
    constructor(
    /** Field index → metric column, TEXT_FIELD or STEP_FIELD (column-types.ts). */
    fieldMap, delimiter, sink, 
    /** The header's column names, to skip the header where it is repeated. */
    names) {
        this.fieldMap = fieldMap;
        this.delimiter = delimiter;
        this.sink = sink;
        this.cells = new RecordCells(fieldMap, sink, names);
    }
    /** The file from `window.buf[from]` (line number `line`) to its end, yielding batches as they complete. */
    async *read(window, from, line) {
        const { parse } = await Promise.resolve().then(function () { return index; });
        const parser = parse({ ...csvParseOptions(this.delimiter), max_record_size: MAX_LINE, info: true });
        const lineOffset = line - 1;
        const input = Readable.from(this.bytesFrom(window, from));
        input.on('error', (e) => parser.destroy(e));
        input.pipe(parser);
        // Each record is committed when the next arrives: the last one may be a line cut off mid-write.
        let pending = null;
        try {
            for await (const { record, info } of parser) {
                if (pending)
                    this.cells.commit(pending.record, pending.line);
                pending = { record, line: lineOffset + info.lines };
                yield* this.sink.take();
            }
        }
        catch (e) {
            throw csvErrorToInput(window.source, e, lineOffset);
        }
        if (!pending)
            return;
        if (this.lastByte !== LF && isCutOff(pending.record.length, this.fieldMap.length))
            this.sink.cutOff(pending.line);
        else
            this.cells.commit(pending.record, pending.line);
    }
    /** What the window holds from `from` on, then the rest of the file. */
    async *bytesFrom(window, from) {
        const held = window.buf.subarray(from, window.filled);
        if (held.length) {
            this.lastByte = held[held.length - 1];
            yield held;
        }
        for (;;) {
            const chunk = await window.readAhead();
            if (!chunk)
                return;
            this.lastByte = chunk[chunk.length - 1];
            yield chunk;
        }
    }
}

class Block {
    capacity;
    steps;
    values;
    nanTokens;
    length = 0;
    constructor(columns, capacity) {
        this.capacity = capacity;
        this.steps = new Float64Array(capacity);
        this.values = Array.from({ length: columns }, () => new Float64Array(capacity));
        this.nanTokens = new Array(columns).fill(undefined);
    }
    /** Note that row `row` of column `column` holds an explicit nan token. */
    markNanToken(column, row) {
        const rows = this.nanTokens[column];
        if (rows)
            rows.push(row);
        else
            this.nanTokens[column] = [row];
    }
    /** Keep the first `n` rows. */
    truncate(n) {
        this.length = n;
        for (let c = 0; c < this.nanTokens.length; c++) {
            const rows = this.nanTokens[c];
            if (!rows)
                continue;
            while (rows.length && rows[rows.length - 1] >= n)
                rows.pop();
            if (!rows.length)
                this.nanTokens[c] = undefined;
        }
    }
    /** Number of leading rows whose step is below `step` (steps within a block increase strictly). */
    rowsBelow(step) {
        let lo = 0;
        let hi = this.length;
        while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (this.steps[mid] < step)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }
    toBatch() {
        const n = this.length;
        const full = n === this.capacity;
        const batch = {
            steps: full ? this.steps : this.steps.slice(0, n),
            values: this.values.map((v) => (full ? v : v.slice(0, n))),
        };
        if (this.nanTokens.some((rows) => rows !== undefined))
            batch.nanTokens = this.nanTokens;
        return batch;
    }
}
class StepOrderedRows {
    columns;
    blockRows;
    at;
    names;
    /** Scratch row the parsers fill before `commit`: a value and a CellKind per metric column. */
    values;
    kinds;
    /** The full block before `current`, still within restart reach; length 0 when there is none. */
    held;
    current;
    ready = [];
    /** Highest step in a block out of restart reach (ready or taken), or -Infinity. */
    lastTaken = -Infinity;
    restarts = {
        count: 0,
        examples: [],
        superseded: 0,
        keptFirst: 0,
        keptFirstExample: null,
    };
    badSteps = 0;
    firstBadStepLine = 0;
    /** Columns on a step counter of their own (see above), and the rows of theirs left out. */
    ownCounter = new Set();
    ownCounterRows = 0;
    ownCounterFirstLine = 0;
    constructor(columns, blockRows, 
    /** What a position in the input is called in warnings: `line` for text, `record` for event files. */
    at = 'line', 
    /**
     * The columns' names, for warnings; given by a reader of rows that hold several columns each (a
     * CSV), where a column may count its own steps. An event file's records hold one value each.
     */
    names) {
        this.columns = columns;
        this.blockRows = blockRows;
        this.at = at;
        this.names = names;
        this.values = new Float64Array(columns);
        this.kinds = new Uint8Array(columns);
        this.current = new Block(columns, blockRows);
        // An empty block rather than null keeps the field's type fixed for the optimiser.
        this.held = new Block(columns, 0);
    }
    /** Clear the scratch row (all cells missing). */
    clearRow() {
        this.values.fill(NaN);
        this.kinds.fill(CellKind.Missing);
    }
    /** Add the scratch row at `step`; `line` is its line in the file, for warnings. */
    commit(step, line) {
        if (!Number.isFinite(step)) {
            if (this.badSteps++ === 0)
                this.firstBadStepLine = line;
            return;
        }
        // The last row held: in the current block, else at the end of the held one (no object per row).
        const block = this.current.length ? this.current : this.held;
        const row = block.length - 1;
        if (row >= 0 && step === block.steps[row]) {
            this.merge(block, row);
            return;
        }
        const lastStep = row >= 0 ? block.steps[row] : this.lastTaken;
        if (this.onOwnCounter(step, lastStep)) {
            if (this.ownCounterRows++ === 0)
                this.ownCounterFirstLine = line;
            return;
        }
        if (step <= lastStep)
            this.restart(step, lastStep, line);
        if (step <= this.lastTaken) {
            this.restarts.keptFirst++;
            return;
        }
        this.append(step);
    }
    /** Blocks complete and out of restart reach, as batches. */
    take() {
        const out = this.ready.map((b) => b.toBatch());
        this.ready = [];
        return out;
    }
    /** Everything left, once the input has ended. */
    finish() {
        this.pass(this.held);
        this.pass(this.current);
        this.held = new Block(this.columns, 0);
        this.current = new Block(this.columns, 1);
        return this.take();
    }
    /** Non-fatal findings so far, one line each. */
    warnings() {
        const out = [];
        const r = this.restarts;
        if (r.count) {
            out.push(`${r.count} restart${r.count === 1 ? '' : 's'} (step went back): ${r.examples.join('; ')}${r.count > r.examples.length ? '; …' : ''}` +
                ` — ${r.superseded} earlier row${r.superseded === 1 ? '' : 's'} replaced by the later attempt`);
        }
        if (r.keptFirst) {
            out.push(`${r.keptFirst} row${r.keptFirst === 1 ? '' : 's'} of a restart reached back past the ${this.blockRows} rows held for restarts (${r.keptFirstExample}); those steps keep their first occurrence`);
        }
        if (this.ownCounterRows) {
            const names = [...this.ownCounter].map((c) => JSON.stringify(this.names?.[c] ?? `column ${c + 1}`)).join(', ');
            out.push(`${names}: logged on a step counter of their own (the step went back on rows that hold only them, first at ${this.at} ${this.ownCounterFirstLine}, as Lightning writes values of each validation batch): their ${this.ownCounterRows} row${this.ownCounterRows === 1 ? '' : 's'} left out, the other columns' steps kept`);
        }
        if (this.badSteps) {
            out.push(`${this.badSteps} row${this.badSteps === 1 ? '' : 's'} without a numeric step skipped (first at ${this.at} ${this.firstBadStepLine})`);
        }
        return out;
    }
    /** Put a block out of restart reach. */
    pass(block) {
        if (block.length) {
            this.ready.push(block);
            this.lastTaken = block.steps[block.length - 1];
        }
    }
    /**
     * Whether the scratch row is on a step counter of its own: it holds only columns already known to be,
     * or its step went back and none of the columns it holds has a value in the rows a restart would replace.
     */
    onOwnCounter(step, lastStep) {
        const filled = [];
        for (let c = 0; c < this.columns; c++) {
            const kind = this.kinds[c];
            if (kind === CellKind.Number || kind === CellKind.NanToken)
                filled.push(c);
        }
        if (filled.length === 0 || !this.names)
            return false;
        if (filled.every((c) => this.ownCounter.has(c)))
            return true;
        if (step > lastStep || step <= this.lastTaken)
            return false;
        const later = [this.held, this.current].filter((b) => b.length);
        let replaced = false;
        for (const b of later) {
            const from = b.rowsBelow(step);
            if (from >= b.length)
                continue;
            replaced = true;
            for (const c of filled)
                for (let r = from; r < b.length; r++)
                    if (!Number.isNaN(b.values[c][r]) || b.nanTokens[c]?.includes(r))
                        return false;
        }
        if (!replaced)
            return false;
        for (const c of filled)
            this.ownCounter.add(c);
        return true;
    }
    restart(step, lastStep, line) {
        const r = this.restarts;
        if (r.count++ < 5)
            r.examples.push(`${this.at} ${line}: step ${step} after ${lastStep}`);
        if (step <= this.lastTaken && r.keptFirstExample === null) {
            r.keptFirstExample = `${this.at} ${line}: step ${step}, rows up to step ${this.lastTaken} already passed on`;
        }
        // Drop held rows with steps ≥ `step`: they belong to the attempt that was abandoned.
        const keep = this.current.rowsBelow(step);
        r.superseded += this.current.length - keep;
        this.current.truncate(keep);
        if (keep === 0 && this.held.length) {
            const keepHeld = this.held.rowsBelow(step);
            r.superseded += this.held.length - keepHeld;
            this.held.truncate(keepHeld);
            this.current = this.held;
            this.held = new Block(this.columns, 0);
        }
    }
    /** The current block, after moving a full one to `held` (and the held one out of restart reach). */
    blockWithRoom() {
        if (this.current.length === this.current.capacity) {
            this.pass(this.held);
            this.held = this.current;
            this.current = new Block(this.columns, this.blockRows);
        }
        return this.current;
    }
    append(step) {
        const block = this.blockWithRoom();
        const row = block.length++;
        block.steps[row] = step;
        for (let c = 0; c < this.columns; c++) {
            block.values[c][row] = this.values[c];
            if (this.kinds[c] === CellKind.NanToken)
                block.markNanToken(c, row);
        }
    }
    merge(block, row) {
        for (let c = 0; c < this.columns; c++) {
            const kind = this.kinds[c];
            if (kind === CellKind.Missing || kind === CellKind.Text)
                continue;
            block.values[c][row] = this.values[c];
            const tokens = block.nanTokens[c];
            const marked = tokens !== undefined && tokens[tokens.length - 1] === row;
            if (kind === CellKind.NanToken && !marked)
                block.markNanToken(c, row);
            if (kind === CellKind.Number && marked) {
                tokens.pop();
                if (!tokens.length)
                    block.nanTokens[c] = undefined;
            }
        }
    }
}

/** Text found in numeric columns, per column: read as missing, reported once per column. */
class TextCells {
    columns;
    counts;
    first;
    constructor(columns) {
        this.columns = columns;
        this.counts = columns.map(() => 0);
        this.first = columns.map(() => null);
    }
    add(column, line, text) {
        if (this.counts[column]++ === 0)
            this.first[column] = `line ${line}: "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
    }
    has(column) {
        return this.counts[column] > 0;
    }
    warnings() {
        return this.columns.flatMap((name, c) => this.counts[c]
            ? [
                `column "${name}": ${this.counts[c]} cell${this.counts[c] === 1 ? '' : 's'} not a number, read as missing (first at ${this.first[c]})`,
            ]
            : []);
    }
}

class CsvRows {
    source;
    columns;
    fields;
    hasStep;
    values;
    kinds;
    rows;
    textCells;
    /** Per metric column: 1 once a finite value has been handed on. */
    finite;
    /** Rows are numbered by position when the file has no step column. */
    rowIndex = 0;
    rowsOut = 0;
    longRows = 0;
    firstLongRow = 0;
    /** Line number of a last line cut off mid-write, or 0. */
    truncatedLine = 0;
    headerRepeats = 0;
    firstHeaderRepeat = 0;
    constructor(source, columns, 
    /** Fields in the header. */
    fields, hasStep, stepBuffer) {
        this.source = source;
        this.columns = columns;
        this.fields = fields;
        this.hasStep = hasStep;
        this.rows = new StepOrderedRows(columns.length, stepBuffer, 'line', columns);
        this.values = this.rows.values;
        this.kinds = this.rows.kinds;
        this.textCells = new TextCells(columns);
        this.finite = new Uint8Array(columns.length);
    }
    clearRow() {
        this.rows.clearRow();
    }
    textCell(column, line, text) {
        this.textCells.add(column, line, text);
    }
    hasText(column) {
        return this.textCells.has(column);
    }
    endRow(step, fields, line) {
        if (fields > this.fields && this.longRows++ === 0)
            this.firstLongRow = line;
        this.rows.commit(this.hasStep ? step : this.rowIndex, line);
        this.rowIndex++;
    }
    repeatedHeader(line) {
        if (this.headerRepeats++ === 0)
            this.firstHeaderRepeat = line;
    }
    /** The last line, at `line`, was cut off mid-write: it is left out. */
    cutOff(line) {
        this.truncatedLine = line;
    }
    /** Batches complete and out of restart reach. */
    take() {
        return this.handOn(this.rows.take());
    }
    /** Everything left, once the input has ended. */
    finish() {
        return this.handOn(this.rows.finish());
    }
    /**
     * After the last batch: the findings as warnings (and `truncated` set when the last line was cut off);
     * throws when no row, or no finite value, was read.
     */
    close(warnings, truncated) {
        warnings.push(...this.rows.warnings(), ...this.textCells.warnings());
        if (this.longRows) {
            warnings.push(`${this.longRows} row${this.longRows === 1 ? '' : 's'} had more fields than the header; extra fields ignored (first at line ${this.firstLongRow})`);
        }
        if (this.headerRepeats) {
            warnings.push(`the header is repeated ${this.headerRepeats} time${this.headerRepeats === 1 ? '' : 's'} mid-file (first at line ${this.firstHeaderRepeat}; a log reopened in append mode?): those lines skipped`);
        }
        if (this.truncatedLine) {
            truncated.value = true;
            warnings.push(`line ${this.truncatedLine}: last line is incomplete (file still being written?); left out, the ${this.rowsOut} complete rows kept`);
        }
        if (this.rowsOut === 0)
            throw new InputError(this.source, null, 'no complete data rows');
        const empty = this.columns.filter((_, c) => !this.finite[c]);
        if (empty.length === this.columns.length) {
            throw new InputError(this.source, null, `no metric column has a finite value (${this.columns.length} column${this.columns.length === 1 ? '' : 's'}, all empty or NaN)`);
        }
        if (empty.length) {
            warnings.push(`column${empty.length === 1 ? '' : 's'} with no finite value: ${empty.map((n) => `"${n}"`).join(', ')}`);
        }
    }
    /** Count the batches' rows and note which columns have a finite value. */
    handOn(batches) {
        for (const batch of batches) {
            this.rowsOut += batch.steps.length;
            for (let c = 0; c < this.columns.length; c++) {
                if (!this.finite[c] && batch.values[c].some(Number.isFinite))
                    this.finite[c] = 1;
            }
        }
        return batches;
    }
}

/**
 * Read a decimal number straight from bytes, without making a string per cell.
 *
 * Accepts exactly the grammar of `cell.ts`'s DECIMAL (`[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?`, surrounding
 * spaces and tabs ignored) and yields the same double `Number()` would: with at most 15 significant digits
 * and a power of ten up to 22, both the digits `m` and `10^k` are exact doubles, so one multiplication or
 * division is correctly rounded (Clinger's fast path). Longer numbers (counting leading zeros, to keep the
 * loop simple) fall back to `Number()` on the text.
 */
const POW10 = new Float64Array(23).map((_, k) => 10 ** k);
/**
 * Numbers with more than 15 significant digits (a float32 loss printed by Python has 17) are read by
 * `Number()` on their text. Making one string per cell is slow, so the whole region being scanned is
 * decoded once, on the first such number, and each number is a slice of it (V8 shares the characters).
 */
/** One object with fixed field types, mutated in place, so optimised code that reads it stays valid. */
const region = { buf: Buffer.alloc(0), from: 0, to: 0, text: '', decoded: false };
/** Declare the bytes `buf[from, to)` that the next `scanNumber` calls read from. */
function beginRegion(buf, from, to) {
    region.buf = buf;
    region.from = from;
    region.to = to;
    region.text = '';
    region.decoded = false;
}
function numberFromText(buf, start, end) {
    const r = region;
    if (r.buf === buf && start >= r.from && end <= r.to) {
        if (!r.decoded) {
            r.text = buf.toString('latin1', r.from, r.to);
            r.decoded = true;
        }
        return Number(r.text.slice(start - r.from, end - r.from));
    }
    return Number(buf.toString('latin1', start, end));
}
const SPACE$1 = 0x20;
const TAB$2 = 0x09;
/**
 * Scan a number starting at `start`; returns the index of the first byte after it (and after trailing
 * spaces; tabs too unless `tabIsBlank` is false, as in a tab-separated file, where a tab ends the field).
 * The value is left in `scanned[0]`: NaN when no digits were found or the exponent has none.
 * The caller checks that the returned index is the end of the field; if not, the field is text.
 * A module-level typed array keeps the hot loop free of allocations and polymorphic returns (a double
 * stored in an object field or a module variable is boxed on the heap until the code is optimised).
 */
const scanned = new Float64Array(1);
function scanNumber(buf, start, end, tabIsBlank = true) {
    let i = start;
    while (i < end && (buf[i] === SPACE$1 || (buf[i] === TAB$2 && tabIsBlank)))
        i++;
    const first = i;
    let negative = false;
    let c = buf[i];
    if (c === 0x2d /* - */ || c === 0x2b /* + */) {
        negative = c === 0x2d;
        i++;
    }
    // All digits go into one double; it is exact while at most 15 of them are significant.
    let mantissa = 0;
    const intStart = i;
    while (i < end) {
        c = buf[i] - 0x30;
        if (c < 0 || c > 9)
            break;
        mantissa = mantissa * 10 + c;
        i++;
    }
    let digits = i - intStart;
    let exponent = 0;
    if (i < end && buf[i] === 0x2e /* . */) {
        i++;
        const fracStart = i;
        while (i < end) {
            c = buf[i] - 0x30;
            if (c < 0 || c > 9)
                break;
            mantissa = mantissa * 10 + c;
            i++;
        }
        digits += i - fracStart;
        exponent = fracStart - i;
    }
    if (digits === 0) {
        scanned[0] = NaN;
        return i;
    }
    if (i < end && (buf[i] === 0x65 /* e */ || buf[i] === 0x45) /* E */) {
        i++;
        let expNegative = false;
        if (i < end && (buf[i] === 0x2d || buf[i] === 0x2b)) {
            expNegative = buf[i] === 0x2d;
            i++;
        }
        const expStart = i;
        let explicit = 0;
        while (i < end) {
            c = buf[i] - 0x30;
            if (c < 0 || c > 9)
                break;
            if (explicit < 100_000)
                explicit = explicit * 10 + c;
            i++;
        }
        if (i === expStart) {
            scanned[0] = NaN;
            return i;
        }
        exponent += expNegative ? -explicit : explicit;
    }
    const last = i;
    while (i < end && (buf[i] === SPACE$1 || (buf[i] === TAB$2 && tabIsBlank)))
        i++;
    // Leading zeros (0.000592…) are not significant; they are counted only when there may be many digits.
    const significant = digits > 15 ? digits - leadingZeros(buf, intStart, last) : digits;
    if (significant > 15 || exponent > 22 || exponent < -22) {
        const exact = significant <= 19 ? longDecimal(buf, first, last, exponent) : NaN;
        scanned[0] = Number.isNaN(exact) ? numberFromText(buf, first, last) : negative ? -exact : exact;
    }
    else {
        const magnitude = exponent < 0 ? mantissa / POW10[-exponent] : mantissa * POW10[exponent];
        scanned[0] = negative ? -magnitude : magnitude;
    }
    return i;
}
/** Zero digits before the first other digit in `buf[from, to)`, a decimal point skipped over. */
function leadingZeros(buf, from, to) {
    let zeros = 0;
    for (let i = from; i < to; i++) {
        if (buf[i] === 0x30)
            zeros++;
        else if (buf[i] !== 0x2e /* . */)
            break;
    }
    return zeros;
}
// ── 16 to 19 digits without a string ─────────────────────────────────────────────────────────────
//
// A float32 loss printed by Python has 17 significant digits, too many for the fast path above. Such a
// number is computed in double-double arithmetic (about 104 bits) and rounded once; the result is
// `Number()`'s exactly unless the value lies within 2^-90 (relative) of a halfway point between two
// doubles, which the error of the computation (below 2^-100) cannot decide: then, and outside the normal
// range, `Number()` reads the text.
/** Veltkamp's splitter for Dekker's exact product. */
const SPLITTER = 134_217_729; // 2^27 + 1
/** The (hi, lo) pair the two helpers below return, in a typed array so that storing it allocates nothing. */
const pair = new Float64Array(2);
/** pair[0] + pair[1] = a × b exactly (Dekker). */
function twoProduct(a, b) {
    const p = a * b;
    let t = SPLITTER * a;
    const ah = t - (t - a);
    const al = a - ah;
    t = SPLITTER * b;
    const bh = t - (t - b);
    const bl = b - bh;
    pair[0] = p;
    pair[1] = ah * bh - p + ah * bl + al * bh + al * bl;
}
/** pair[0] + pair[1] = a + b exactly (Knuth). */
function twoSum(a, b) {
    const sum = a + b;
    const bb = sum - a;
    pair[0] = sum;
    pair[1] = a - (sum - bb) + (b - bb);
}
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/**
 * Half the gap between x and the next double up (x positive and normal, ≥ 2^-960); NaN for a power of
 * two, where the gap below is half the gap above and the one-sided test in longDecimal does not hold.
 */
function halfUlp(x) {
    bits[0] = x;
    const high = words[LITTLE_ENDIAN ? 1 : 0];
    if ((high & 0xfffff) === 0 && words[LITTLE_ENDIAN ? 0 : 1] === 0)
        return NaN;
    const exponent = (high >>> 20) & 0x7ff;
    words[LITTLE_ENDIAN ? 1 : 0] = (exponent - 53) << 20;
    words[LITTLE_ENDIAN ? 0 : 1] = 0;
    return bits[0];
}
/**
 * |value| of the digits in `buf[first, last)` (sign, point and exponent part skipped) times 10^exponent,
 * for 16–19 significant digits; NaN when it cannot be decided exactly (the caller then uses `Number()`).
 */
function longDecimal(buf, first, last, exponent) {
    if (exponent > 22 || exponent < -22)
        return NaN;
    // The significant digits as A·10^s + B, A of 15 digits and B of the s ≤ 4 after them: both exact doubles.
    let a = 0;
    let b = 0;
    let n = 0;
    for (let i = first; i < last; i++) {
        const c = buf[i] - 0x30;
        if (c < 0 || c > 9) {
            if (buf[i] === 0x2e /* . */ || i === first)
                continue;
            break; // the exponent part
        }
        if (n === 0 && c === 0)
            continue; // a leading zero
        if (n++ < 15)
            a = a * 10 + c;
        else
            b = b * 10 + c;
    }
    twoProduct(a, POW10[n - 15]);
    const productLo = pair[1];
    twoSum(pair[0], b);
    twoSum(pair[0], pair[1] + productLo);
    const mh = pair[0];
    const ml = pair[1];
    // Scale by 10^exponent in double-double.
    let qh;
    let ql;
    if (exponent >= 0) {
        const p = POW10[exponent];
        twoProduct(mh, p);
        qh = pair[0];
        ql = pair[1] + ml * p;
    }
    else {
        const p = POW10[-exponent];
        qh = mh / p;
        twoProduct(qh, p);
        ql = (mh - pair[0] - pair[1] + ml) / p;
    }
    const result = qh + ql;
    if (!(result > 1e-280 && result < 1e280))
        return NaN;
    const rest = qh - result + ql;
    const margin = Math.abs(Math.abs(rest) - halfUlp(result));
    return margin > result * 8.077935669463161e-28 /* 2^-90 */ ? result : NaN;
}

/**
 * The cell grammar of `cell.ts` for a cell the byte scanner could not read as a plain decimal, decided
 * on the bytes: the tokens (`nan`, `inf`, `N/A`, …) are compared in place, and anything else is text
 * without a string being made for it. A file of short non-numeric cells then costs about what a file
 * of numbers does. Cells that begin or end with other bytes go to `classifyCell` on their text.
 */
const SPACE = 0x20;
const TAB$1 = 0x09;
/** Lower-case ASCII tokens, as bytes, and what each means. */
const MISSING = ['n/a', '[n/a]', 'na', 'none', 'null', '-'].map((t) => Buffer.from(t));
const NAN = Buffer.from('nan');
const INF = Buffer.from('inf');
const INFINITY = Buffer.from('infinity');
/** The longest token, sign included (`-infinity`): longer cells (so any over MAX_CELL) are text. */
const LONGEST_TOKEN = 9;
/** Whether `buf[from, to)` equals `token` (lower-case ASCII), letters compared without case. */
function equalsToken(buf, from, to, token) {
    if (to - from !== token.length)
        return false;
    for (let k = 0; k < token.length; k++) {
        const c = buf[from + k];
        const lower = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
        if (lower !== token[k])
            return false;
    }
    return true;
}
function set(out, kind, value) {
    out.kind = kind;
    out.value = value;
    return true;
}
/** Whether `c` is printable ASCII other than a space. */
function isVisibleAscii(c) {
    return c > SPACE && c < 0x7f;
}
/**
 * Classify `buf[from, to)`, a cell that is not a plain decimal, into `out`. When the cell (spaces and
 * tabs trimmed) begins and ends with visible ASCII, trimming its text would remove nothing more, and as
 * every token and number is ASCII, the bytes decide. Otherwise returns false and leaves `out` alone: the
 * caller classifies the cell's text.
 */
function classifyOddBytes(buf, from, to, out) {
    let s = from;
    let e = to;
    while (s < e && (buf[s] === SPACE || buf[s] === TAB$1))
        s++;
    while (e > s && (buf[e - 1] === SPACE || buf[e - 1] === TAB$1))
        e--;
    if (s === e)
        return set(out, CellKind.Missing, NaN);
    if (!isVisibleAscii(buf[s]) || !isVisibleAscii(buf[e - 1]))
        return false;
    if (e - s > LONGEST_TOKEN)
        return set(out, CellKind.Text, NaN);
    // Every token starts with one of `n [ - + i` (either case).
    const first = buf[s] | 0x20;
    if (first !== 0x6e && first !== 0x7b /* [ */ && first !== 0x2d && first !== 0x2b && first !== 0x69)
        return set(out, CellKind.Text, NaN);
    for (const token of MISSING)
        if (equalsToken(buf, s, e, token))
            return set(out, CellKind.Missing, NaN);
    const sign = buf[s] === 0x2b /* + */ || buf[s] === 0x2d /* - */ ? buf[s] : 0;
    const u = sign ? s + 1 : s;
    if (equalsToken(buf, u, e, NAN))
        return set(out, CellKind.NanToken, NaN);
    if (equalsToken(buf, u, e, INF) || equalsToken(buf, u, e, INFINITY))
        return set(out, CellKind.Number, sign === 0x2d ? -Infinity : Infinity);
    return set(out, CellKind.Text, NaN);
}

/**
 * The byte scanner: reads complete lines without a quote character straight from the file's bytes, one
 * pass that splits fields and reads numbers (number-bytes.ts) without making a string per cell. Most
 * training CSVs are all-numeric and unquoted, so this is where nearly all rows are read; a cell that is
 * not a plain decimal (a token, text, an empty cell) is classified by the cell grammar as csv-parse's
 * cells are, so both readers give identical rows.
 */
const TAB = 0x09;
/** Index of the end of the field starting at `i`: the delimiter, the line feed, or a CR before it. */
function fieldEnd(buf, i, delim) {
    for (;;) {
        const c = buf[i];
        if (c === delim || c === LF || (c === CR && buf[i + 1] === LF))
            return i;
        i++;
    }
}
class UnquotedRows {
    fieldMap;
    delimiter;
    sink;
    names;
    delim;
    /** In a tab-separated file a tab ends a field instead of padding a number. */
    tabIsBlank;
    /** The classification of the last cell that was not a plain decimal. */
    cell = { kind: CellKind.Missing, value: NaN };
    /** The first byte of a repeated header line (after blanks): only lines starting with it are compared. */
    headerFirst;
    constructor(
    /** Field index → metric column, TEXT_FIELD or STEP_FIELD (column-types.ts). */
    fieldMap, delimiter, sink, 
    /** The header's column names, to skip the header where it is repeated (none: nothing is skipped). */
    names = []) {
        this.fieldMap = fieldMap;
        this.delimiter = delimiter;
        this.sink = sink;
        this.names = names;
        this.delim = delimiter.charCodeAt(0);
        this.tabIsBlank = this.delim !== TAB;
        // An empty first header field was named `column1`: its repeat starts with the delimiter.
        this.headerFirst = names.length === 0 ? -1 : names[0] === 'column1' ? this.delim : Buffer.from(names[0])[0];
    }
    /**
     * Read the lines in `buf[from, to)`: complete (`to` just after a line feed) and without a quote.
     * `line` is the number of the first; returns the number of the line after the last.
     */
    read(buf, from, to, line) {
        beginRegion(buf, from, to);
        let i = from;
        while (i < to) {
            const c = buf[i];
            if (c === LF || (c === CR && buf[i + 1] === LF)) {
                i += c === LF ? 1 : 2; // a blank line
            }
            else {
                i = this.repeatedHeaderEnd(buf, i, to, line) || this.readRow(buf, i, to, line);
            }
            line++;
        }
        return line;
    }
    /**
     * When the line starting at `i` repeats the header, note it and return the index after its line end;
     * else 0. Only a line whose first byte is the header's is decoded and compared, so data rows cost a
     * byte comparison or two.
     */
    repeatedHeaderEnd(buf, i, to, line) {
        let k = i;
        while (buf[k] === 0x20 || (buf[k] === TAB && this.tabIsBlank))
            k++;
        if (buf[k] !== this.headerFirst)
            return 0;
        let end = buf.indexOf(LF, i);
        if (end < 0 || end >= to)
            end = to;
        const text = buf.toString('utf8', i, end > i && buf[end - 1] === CR ? end - 1 : end);
        if (!isHeaderRecord(text.split(this.delimiter), this.names))
            return 0;
        this.sink.repeatedHeader(line);
        return end < to ? end + 1 : to;
    }
    /** Read the row starting at `i` into the sink and commit it; returns the index after its line end. */
    readRow(buf, i, to, line) {
        const { fieldMap, delim, tabIsBlank, sink } = this;
        const nFields = fieldMap.length;
        const values = sink.values;
        const kinds = sink.kinds;
        let step = NaN;
        let field = 0;
        // Every field of the row writes its column, so only a short row needs the rest cleared (below).
        for (;;) {
            const m = field < nFields ? fieldMap[field] : TEXT_FIELD;
            let j;
            if (m === TEXT_FIELD)
                j = fieldEnd(buf, i, delim);
            else {
                j = scanNumber(buf, i, to, tabIsBlank);
                let v = scanned[0];
                let kind = CellKind.Number;
                const c = buf[j];
                if (Number.isNaN(v) || !(c === delim || c === LF || (c === CR && buf[j + 1] === LF)) || j - i > MAX_CELL) {
                    // Not a plain decimal: a token, an empty cell, text, or a cell too long to be a number.
                    j = fieldEnd(buf, j, delim);
                    this.classifyOdd(buf, i, j, m, line);
                    v = this.cell.value;
                    kind = this.cell.kind;
                }
                if (m === STEP_FIELD)
                    step = kind === CellKind.Number ? v : NaN;
                else {
                    values[m] = v;
                    kinds[m] = kind;
                }
            }
            field++;
            const c = buf[j];
            if (c === delim) {
                i = j + 1;
                continue;
            }
            i = c === LF ? j + 1 : j + 2;
            break;
        }
        for (let f = field; f < nFields; f++) {
            const m = fieldMap[f];
            if (m >= 0) {
                values[m] = NaN;
                kinds[m] = CellKind.Missing;
            }
        }
        sink.endRow(step, field, line);
        return i;
    }
    /** Classify the cell `buf[i, j)` of field map entry `m` into `this.cell`, noting text in a metric column. */
    classifyOdd(buf, i, j, m, line) {
        const cell = this.cell;
        if (j === i) {
            cell.kind = CellKind.Missing;
            cell.value = NaN;
            return;
        }
        if (!classifyOddBytes(buf, i, j, cell))
            classifyCell(buf.toString('utf8', i, j), cell);
        // Only the first text cell of a column is shown, so only that one is made a string.
        if (cell.kind === CellKind.Text && m >= 0)
            this.sink.textCell(m, line, this.sink.hasText(m) ? '' : buf.toString('utf8', i, j).trim());
    }
}

async function* streamRows(plan) {
    const { window, layout } = plan;
    const sink = new CsvRows(window.source, layout.columns, layout.fieldMap.length, layout.stepColumn !== null, plan.stepBuffer);
    const readers = {
        sink,
        scanner: new UnquotedRows(layout.fieldMap, plan.delimiter, sink, plan.names),
        delim: plan.delimiter.charCodeAt(0),
        headerFields: layout.fieldMap.length,
    };
    const at = { pos: plan.start, line: plan.line };
    try {
        if (!window.eof)
            await window.open();
        let quoted = plan.parser === 'csv-parse';
        if (!quoted)
            quoted = yield* readUnquoted(window, readers, at);
        if (quoted)
            yield* new QuotedRows(layout.fieldMap, plan.delimiter, sink, plan.names).read(window, at.pos, at.line);
        yield* sink.finish();
    }
    finally {
        await window.close();
    }
    sink.close(plan.warnings, plan.truncated);
}
/**
 * Unquoted lines from `at` on, refilling the window as they are consumed. Returns true when it stopped
 * at the start of a line with a quote (`at` is there), false when it read to the end of the file.
 */
async function* readUnquoted(window, readers, at) {
    for (;;) {
        const buf = window.buf;
        const end = buf.lastIndexOf(LF, window.filled - 1) + 1;
        if (end > at.pos) {
            const quote = buf.indexOf(QUOTE, at.pos);
            if (quote >= 0 && quote < end) {
                const lineStart = buf.lastIndexOf(LF, quote) + 1;
                if (lineStart > at.pos)
                    at.line = readers.scanner.read(buf, at.pos, lineStart, at.line);
                at.pos = lineStart;
                return true;
            }
            at.line = readers.scanner.read(buf, at.pos, end, at.line);
            at.pos = end;
            yield* readers.sink.take();
        }
        if (window.eof)
            return readLastLine(window, readers, at);
        window.compact(at.pos, at.line);
        at.pos = 0;
        await window.fill();
    }
}
/**
 * What is left at the end of the file after the last line break: nothing, a last line without a line
 * break (read, or noted as cut off), or one with a quote, for csv-parse (returns true).
 */
function readLastLine(window, readers, at) {
    const { buf, filled } = window;
    if (isBlank(buf, at.pos, filled))
        return false;
    const quote = buf.indexOf(QUOTE, at.pos);
    if (quote >= 0 && quote < filled)
        return true;
    const last = completeLastLine(buf, at.pos, filled, readers.delim, readers.headerFields);
    if (last)
        readers.scanner.read(last, 0, last.length, at.line);
    else
        readers.sink.cutOff(at.line);
    return false;
}

/** Bytes after the header looked at to tell a table from a log. */
const PROBE_BYTES = 64 << 10;
/** Rows per batch and the least number of rows held back for restarts. */
const DEFAULT_STEP_BUFFER = 65_536;
/** Open a per-step metrics CSV. Reads the header and a sample up front; rows stream from `batches`. */
async function openCsvTable(source, options = {}) {
    const stepBuffer = Math.max(1, Math.floor(options.stepBuffer ?? DEFAULT_STEP_BUFFER));
    const window = new FileWindow(source);
    const { names, delimiter, headerLine, headerText, dataStart } = await sniffCsv(window);
    const after = window.buf.toString('utf8', dataStart, Math.min(window.filled, dataStart + PROBE_BYTES));
    refuseNonTable(source, { headerLine, headerText, after, delimiter, names });
    const sample = (await sampleRecords(window, dataStart, headerLine, delimiter)).filter((record) => !isHeaderRecord(record, names));
    const layout = typeColumns(source, headerLine, names, findStepColumn(names), sample);
    refuseRunSummary(source, headerLine, names, layout, sample);
    const truncated = { value: false };
    return {
        source,
        columns: layout.columns,
        stepColumn: layout.stepColumn,
        batches: streamRows({
            window,
            start: dataStart,
            line: headerLine + 1,
            delimiter,
            names,
            layout,
            stepBuffer,
            parser: options.parser ?? 'byte-scanner',
            warnings: layout.warnings,
            truncated,
        }),
        warnings: layout.warnings,
        truncated,
    };
}

/** A Table over arrays already in memory: for simulators, small JSON shapes and tests. */
/**
 * Wrap in-memory columns as a Table. `steps` must already be in step order without repeats;
 * NaN marks a missing cell, and `nanTokens` lists, per column name, row indexes that held an explicit NaN.
 */
function tableFromColumns(source, steps, columns, options = {}) {
    const names = Object.keys(columns);
    const batchSize = options.batchSize ?? 65_536;
    const n = steps.length;
    for (const name of names) {
        if (columns[name].length !== n)
            throw new Error(`column ${name} has ${columns[name].length} values for ${n} steps`);
    }
    async function* batches() {
        for (let start = 0; start < n; start += batchSize) {
            const end = Math.min(n, start + batchSize);
            const batch = {
                steps: Float64Array.from({ length: end - start }, (_, i) => steps[start + i]),
                values: names.map((name) => Float64Array.from({ length: end - start }, (_, i) => columns[name][start + i])),
            };
            if (options.nanTokens) {
                batch.nanTokens = names.map((name) => {
                    const rows = ownValue(options.nanTokens, name)
                        ?.filter((r) => r >= start && r < end)
                        .map((r) => r - start);
                    return rows?.length ? rows : undefined;
                });
            }
            yield batch;
        }
    }
    return {
        source,
        columns: names,
        stepColumn: options.stepColumn === undefined ? 'step' : options.stepColumn,
        batches: batches(),
        warnings: options.warnings ?? [],
        truncated: { value: false },
    };
}

/**
 * Collects cells keyed by step for the shapes read whole (Megatron golden values, HF trainer_state,
 * JSON-lines logs, TensorBoard events out of step order), then hands them on as a Table in step order. A
 * later cell for the same step and column replaces an earlier one.
 */
class StepMap {
    source;
    rows = new Map();
    columnOrder = new Map();
    textValues = new Map();
    /** Cells set again at their step and column with another value (the later one kept). */
    replaced = 0;
    /** Cells dropped by purgeFrom. */
    purged = 0;
    constructor(source) {
        this.source = source;
    }
    /**
     * Record `value` (a number, a numeric token string such as `"nan"`, or null for missing) at `step`. A
     * NaN number is an explicit NaN, as the token is.
     */
    set(step, column, value) {
        const cell = { kind: CellKind.Missing, value: NaN };
        if (typeof value === 'number') {
            cell.kind = Number.isNaN(value) ? CellKind.NanToken : CellKind.Number;
            cell.value = value;
        }
        else if (typeof value === 'string') {
            classifyCell(value, cell);
        }
        else if (value !== null && value !== undefined) {
            cell.kind = CellKind.Text;
        }
        if (cell.kind === CellKind.Text) {
            this.textValues.set(column, (this.textValues.get(column) ?? 0) + 1);
            return;
        }
        if (!this.columnOrder.has(column))
            this.columnOrder.set(column, true);
        if (cell.kind === CellKind.Missing)
            return;
        let row = this.rows.get(step);
        if (!row) {
            row = new Map();
            this.rows.set(step, row);
        }
        const before = row.get(column);
        if (before && !Object.is(before.value, cell.value))
            this.replaced++;
        row.set(column, cell);
    }
    /**
     * The warning for cells set again with another value (a job restarted or resumed into the same file:
     * detectron2 and TensorBoard append), or null: which value was kept is said, never left silent.
     */
    replacedNote() {
        const n = this.replaced;
        return n
            ? `${n} point${n === 1 ? '' : 's'} written again at their step with another value (a resumed job): the later write is kept`
            : null;
    }
    /** Drop every cell at `step` and after (TensorBoard's purge at a SessionLog START). */
    purgeFrom(step) {
        for (const [s, row] of this.rows) {
            if (s < step)
                continue;
            this.purged += row.size;
            this.rows.delete(s);
        }
    }
    /**
     * The collected cells as a Table; an InputError when no column has a finite value. `padding` names a
     * format whose files are padded with NaN past their last logged step (Megatron's golden values run every
     * metric to `end_step` with "nan"): steps after the last finite value of any metric, holding nothing but
     * NaN, are that padding and are left out with a warning. Elsewhere a NaN is a NaN.
     */
    toTable(stepColumn, batchSize, warnings, padding) {
        let steps = [...this.rows.keys()].sort((a, b) => a - b);
        if (padding)
            steps = this.withoutPadding(steps, padding, warnings);
        const names = [...this.columnOrder.keys()];
        // Column names are the file's: `constructor` or `__proto__` must stay a key, never a prototype's property.
        const columns = plainRecord();
        const nanTokens = plainRecord();
        const empty = [];
        for (const name of names) {
            const values = new Float64Array(steps.length).fill(NaN);
            const tokens = [];
            let finite = false;
            steps.forEach((step, i) => {
                const cell = this.rows.get(step).get(name);
                if (!cell)
                    return;
                values[i] = cell.value;
                if (cell.kind === CellKind.NanToken)
                    tokens.push(i);
                if (Number.isFinite(cell.value))
                    finite = true;
            });
            columns[name] = values;
            if (tokens.length)
                nanTokens[name] = tokens;
            if (!finite)
                empty.push(name);
        }
        for (const [column, count] of this.textValues) {
            if (!this.columnOrder.has(column))
                warnings.push(`text field "${column}" left out (${count} value${count === 1 ? '' : 's'})`);
            else
                warnings.push(`field "${column}": ${count} value${count === 1 ? '' : 's'} not a number, read as missing`);
        }
        if (!steps.length || empty.length === names.length) {
            throw new InputError(this.source, null, 'no metric has a finite value');
        }
        if (empty.length)
            warnings.push(`column${empty.length === 1 ? '' : 's'} with no finite value: ${empty.map((n) => `"${n}"`).join(', ')}`);
        return tableFromColumns(this.source, steps, columns, { stepColumn, nanTokens, batchSize, warnings });
    }
    withoutPadding(steps, format, warnings) {
        let end = steps.length;
        while (end > 0 && [...this.rows.get(steps[end - 1]).values()].every((c) => c.kind === CellKind.NanToken))
            end--;
        if (end === steps.length || end === 0)
            return steps;
        const pad = steps.length - end;
        const span = pad === 1 ? `step ${steps[end]}` : `steps ${steps[end]}–${steps[steps.length - 1]}`;
        warnings.push(`${pad} trailing step${pad === 1 ? '' : 's'} (${span}) hold${pad === 1 ? 's' : ''} only "nan": ${format} pad past the last logged step this way; not counted as steps, the run ends at step ${steps[end - 1]}`);
        return steps.slice(0, end);
    }
}

/**
 * Hugging Face Trainer's `trainer_state.json`: `log_history` is a list of entries with a `step` and
 * whatever was logged then: training entries (loss, learning_rate, grad_norm), evaluation entries
 * (eval_*), and one summary entry at the end (train_runtime, train_samples_per_second, total_flos).
 * Entries of the same step are merged into one row.
 */
function isHfTrainerState(json) {
    return typeof json === 'object' && json !== null && Array.isArray(json.log_history);
}
function hfTrainerStateTable(source, json, batchSize) {
    const map = new StepMap(source);
    const warnings = [];
    let withoutStep = 0;
    json.log_history.forEach((entry, i) => {
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
            throw new InputError(source, null, `log_history[${i}] is not an object`);
        }
        const step = entry.step;
        if (typeof step !== 'number' || !Number.isFinite(step)) {
            withoutStep++;
            return;
        }
        for (const [key, value] of Object.entries(entry)) {
            if (key !== 'step')
                map.set(step, key, value);
        }
    });
    if (withoutStep)
        warnings.push(`${withoutStep} log_history entr${withoutStep === 1 ? 'y' : 'ies'} without a numeric step left out`);
    return map.toTable('step', batchSize, warnings);
}

/**
 * Megatron-LM golden values: metric-major JSON in two layouts, both still in Megatron-LM's tree:
 * `{ "<metric>": { start_step, end_step, step_interval, values: { "<step>": value } } }`, and an older one
 * where `values` is a list whose i-th value is at step `start_step + i × step_interval`. A NaN is stored
 * as the string `"nan"`. Metrics of one file may have different lengths: each keeps its own steps, and
 * rows are merged by step. A top-level scalar beside the metrics (`iteration_timing_avg`) is a run-level
 * figure, not a series: it is left out with a warning.
 */
function isObject$2(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isSeries(v) {
    return isObject$2(v) && (isObject$2(v.values) || Array.isArray(v.values));
}
/** Whether parsed JSON has the golden-values shape: series, and at most scalars beside them. */
function isMegatronGoldenValues(json) {
    if (!isObject$2(json))
        return false;
    const entries = Object.values(json);
    return entries.some(isSeries) && entries.every((v) => isSeries(v) || !(typeof v === 'object' && v !== null));
}
/** The steps of a list layout's values: `start_step + i × step_interval`. */
function listSteps(source, metric, series, length) {
    const start = series.start_step;
    const interval = series.step_interval;
    if (typeof start !== 'number' || !Number.isFinite(start) || typeof interval !== 'number' || !(interval > 0)) {
        throw new InputError(source, null, `metric "${metric}": "values" is a list, so it needs a numeric "start_step" and a positive "step_interval"`);
    }
    return Array.from({ length }, (_, i) => start + i * interval);
}
function megatronTable(source, json, batchSize) {
    const map = new StepMap(source);
    const warnings = [];
    for (const [metric, series] of Object.entries(json)) {
        if (!isSeries(series)) {
            const shown = String(JSON.stringify(series));
            warnings.push(`top-level value "${metric}" (${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}) is a run-level figure, not a per-step series; left out`);
            continue;
        }
        if (Array.isArray(series.values)) {
            const values = series.values;
            listSteps(source, metric, series, values.length).forEach((step, i) => {
                map.set(step, metric, values[i]);
            });
            continue;
        }
        for (const [key, value] of Object.entries(series.values)) {
            const step = Number(key);
            if (key.trim() === '' || !Number.isFinite(step)) {
                throw new InputError(source, null, `metric "${metric}": step "${key}" is not a number`);
            }
            map.set(step, metric, value);
        }
    }
    return map.toTable('step', batchSize, warnings, "Megatron's golden values");
}

/**
 * JSON.parse with a size and a nesting-depth limit, for every JSON input (metrics files, manifest lines,
 * histories). V8 parses deeply nested JSON without complaint, but the code that walks the result (config
 * flattening, JSON.stringify, structured clones) recurses and dies with "Maximum call stack size
 * exceeded". The depth is checked first, by one scan of the text without recursion.
 *
 * The same scan finds Python's non-finite tokens: `json.dump` writes a NaN or infinite float as a bare
 * `NaN`, `Infinity` or `-Infinity` (the Hugging Face Trainer's `trainer_state.json` after an fp16 overflow
 * step), which JSON.parse refuses. Outside strings each is rewritten as the string `"NaN"`, `"Infinity"`
 * or `"-Infinity"`, which every reader here takes as the explicit non-finite value it is, as it does the
 * `"nan"` strings Megatron writes. Linear: one pass, one rewrite only when such a token is there.
 */
/** Deeper than any file the tool reads or writes (a history record nests about 7 levels). */
const MAX_JSON_DEPTH = 100;
const PYTHON_TOKENS = ['NaN', 'Infinity', '-Infinity'];
/**
 * One scan of the text, strings skipped over: the index of the bracket that opens nesting level
 * `maxDepth + 1` (or -1), and where Python's bare non-finite tokens start (at most until the depth is
 * exceeded).
 */
function scanJson(text, maxDepth) {
    let depth = 0;
    let inString = false;
    const tokens = [];
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
            if (c === 0x5c /* \ */)
                i++;
            else if (c === 0x22 /* " */)
                inString = false;
        }
        else if (c === 0x22)
            inString = true;
        else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
            if (++depth > maxDepth)
                return { depthAt: i, tokens };
        }
        else if (c === 0x7d /* } */ || c === 0x5d /* ] */)
            depth--;
        else if (c === 0x4e /* N */ || c === 0x49 /* I */ || c === 0x2d /* - */) {
            const token = PYTHON_TOKENS.find((t) => text.startsWith(t, i));
            if (token) {
                tokens.push([i, token]);
                i += token.length - 1;
            }
        }
    }
    return { depthAt: -1, tokens };
}
/** The text with each bare token quoted, so JSON.parse reads it as the string the readers take as non-finite. */
function quoteTokens(text, tokens) {
    const parts = [];
    let from = 0;
    for (const [at, token] of tokens) {
        parts.push(text.slice(from, at), `"${token}"`);
        from = at + token.length;
    }
    parts.push(text.slice(from));
    return parts.join('');
}
/**
 * Parse `text` from `source`, or throw an InputError naming the file and line when it is too large or
 * too deeply nested. A syntax error is thrown as JSON.parse throws it (a SyntaxError), for the caller to
 * word for its own input.
 */
function parseJsonLimited(text, source, limits = {}) {
    const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
    if (limits.maxChars !== undefined && text.length > limits.maxChars) {
        throw new InputError(source, limits.line ?? null, `JSON of ${text.length.toLocaleString('en-US')} characters is over the limit of ${limits.maxChars.toLocaleString('en-US')}`);
    }
    const { depthAt: at, tokens } = scanJson(text, maxDepth);
    if (at >= 0) {
        throw new InputError(source, limits.line ?? lineAt(text, at), `JSON nested more than ${maxDepth} levels deep; refused`);
    }
    return JSON.parse(tokens.length ? quoteTokens(text, tokens) : text);
}

/**
 * Per-step logs written one JSON object per line: LLaMA-Factory's `trainer_log.jsonl` (`current_steps`,
 * `total_steps`, `loss`, `lr`, `elapsed_time`), W&B's `wandb-history.jsonl` (`_step`, `_runtime`), and any
 * log whose lines share a step-like key. Told apart from a batch manifest (also JSON lines) by content:
 * most lines carry a numeric step, where manifest lines name files and carry none.
 * Each line is parsed alone (Python's NaN and Infinity included), so a cut last line, as a job killed
 * mid-write leaves it, is a warning; a broken line before it is an error naming its line.
 */
/** Step keys in the order they are preferred when a line has more than one. */
const STEP_KEYS = ['step', 'global_step', 'current_steps', '_step', 'iteration', 'iter', 'steps'];
/** One line of JSON text is at most this long; a longer one is not a per-step log line. */
const MAX_LINE_CHARS$1 = 1 << 20;
function lines(text) {
    const out = [];
    let start = 0;
    let line = 1;
    while (start <= text.length) {
        const end = text.indexOf('\n', start);
        const stop = end < 0 ? text.length : end;
        const t = text.slice(start, stop).replace(/\r$/, '');
        if (t.trim())
            out.push({ line, text: t });
        if (end < 0)
            break;
        start = end + 1;
        line++;
    }
    return out;
}
/** Whether `text` is JSON lines (two or more lines, each a whole object) — cheap: the first two lines only. */
function looksLikeJsonLines(text) {
    const first = lines(text.slice(0, 1 << 16)).slice(0, 2);
    return first.length === 2 && first.every((l) => /^\s*\{.*\}\s*$/.test(l.text));
}
/** The step key most lines have (over half), or null: then the lines are not a per-step log. */
function jsonLinesStepKey(objects) {
    for (const key of STEP_KEYS) {
        const n = objects.filter((o) => typeof o[key] === 'number' && Number.isFinite(o[key])).length;
        if (n > objects.length / 2)
            return key;
    }
    return null;
}
/** Parsed lines, the last one forgiven when it is cut off. */
function parseJsonLines(source, text, warnings) {
    const all = lines(text);
    const objects = [];
    let truncated = false;
    all.forEach(({ line, text: t }, i) => {
        let value;
        try {
            value = parseJsonLimited(t, source, { line, maxChars: MAX_LINE_CHARS$1 });
        }
        catch (e) {
            if (e instanceof InputError)
                throw e;
            if (i === all.length - 1 && !/\}\s*$/.test(t)) {
                truncated = true;
                warnings.push(`line ${line} is cut off (the file ends inside it) and is left out`);
                return;
            }
            throw new InputError(source, line, `invalid JSON on this line: ${e.message.split('\n')[0]}`);
        }
        if (typeof value !== 'object' || value === null || Array.isArray(value))
            throw new InputError(source, line, 'a line of JSON lines must be an object');
        objects.push(value);
    });
    return { objects, truncated };
}
/** The per-step table of a JSON-lines log whose step key is `stepKey`. */
function jsonLinesTable(source, parsed, stepKey, batchSize, warnings) {
    const map = new StepMap(source);
    let withoutStep = 0;
    let nested = 0;
    let total;
    for (const o of parsed.objects) {
        const step = o[stepKey];
        if (typeof step !== 'number' || !Number.isFinite(step)) {
            withoutStep++;
            continue;
        }
        // LLaMA-Factory's planned length: the expected steps for completeness, not a metric.
        if (typeof o.total_steps === 'number' && o.total_steps > 0)
            total = o.total_steps;
        for (const [key, value] of Object.entries(o)) {
            if (key === stepKey || key === 'total_steps')
                continue;
            if (typeof value === 'object' && value !== null) {
                nested++;
                continue;
            }
            map.set(step, key, value);
        }
    }
    if (withoutStep)
        warnings.push(`${withoutStep} line${withoutStep === 1 ? '' : 's'} without a numeric "${stepKey}" left out`);
    if (nested)
        warnings.push(`${nested} nested value${nested === 1 ? '' : 's'} (objects or lists, such as logged media) left out`);
    const replaced = map.replacedNote();
    if (replaced)
        warnings.push(replaced);
    const table = map.toTable(stepKey, batchSize, warnings);
    if (parsed.truncated)
        table.truncated.value = true;
    return total === undefined ? table : { ...table, expectedSteps: total };
}

const STEP_KEY = /^\d+$/;
function isObject$1(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/** Whether parsed JSON is step-major: two or more integer keys holding flat objects, scalars beside them. */
function isStepMajorGoldenValues(json) {
    if (!isObject$1(json))
        return false;
    let steps = 0;
    for (const [key, value] of Object.entries(json)) {
        if (STEP_KEY.test(key)) {
            if (!isObject$1(value) || Object.values(value).some((v) => typeof v === 'object' && v !== null))
                return false;
            steps++;
        }
        else if (typeof value === 'object' && value !== null)
            return false;
    }
    return steps >= 2;
}
function stepMajorTable(source, json, batchSize) {
    const map = new StepMap(source);
    const runLevel = [];
    let last = -Infinity;
    for (const [key, value] of Object.entries(json)) {
        if (!STEP_KEY.test(key)) {
            runLevel.push([key, value]);
            continue;
        }
        const step = Number(key);
        last = Math.max(last, step);
        for (const [metric, v] of Object.entries(value))
            map.set(step, metric, v);
    }
    for (const [key, value] of runLevel)
        map.set(last, key, value);
    const warnings = [];
    if (runLevel.length)
        warnings.push(`run-level value${runLevel.length === 1 ? '' : 's'} ${runLevel.map(([k]) => `"${k}"`).join(', ')} kept as one value at the last step (${last})`);
    return map.toTable('step', batchSize, warnings, 'Megatron-Bridge golden values');
}

/**
 * The `monitor.csv` that OpenAI baselines' and Stable-Baselines3's `Monitor` wrapper writes: a first line
 * `#{"t_start": …, "env_id": …}` (the run's metadata, JSON after a `#`), a header, then one row per
 * episode: `r` its reward, `l` its length in environment steps, `t` the seconds since `t_start`, and any
 * info keywords the run asked for (`is_success`).
 *
 * Read as `stable_baselines3.common.monitor.load_results` reads it, with names that say what they are:
 * the step is the environment steps done when the episode ended (the running sum of `l`), `r` is
 * `episode_reward` (higher is better), `l` is `episode_length` and `t` is `time_elapsed` (seconds, a
 * gauge). The metadata's `env_id` becomes the run's tag. A row whose `l` is not a positive whole number
 * has no place on the step axis: it is left out and counted.
 */
/** The first line of a monitor file: `#` and a JSON object with the wrapper's `t_start`. */
const HEADER = /^#\s*\{.*"t_start"\s*:/;
/** Monitor files are one short line an episode; a file past this is no monitor file a run writes. */
const MAX_BYTES = 256 << 20;
/** What each column is called once read. */
const NAMES = { r: 'episode_reward', l: 'episode_length', t: 'time_elapsed' };
function isMonitorStart(firstLine) {
    return HEADER.test(firstLine);
}
async function monitorTable(source, batchSize) {
    const text = (await readTextFile(source, MAX_BYTES)).replace(/^\uFEFF/, '');
    const lines = text.split(/\r?\n/);
    let meta;
    try {
        meta = JSON.parse(lines[0].replace(/^#\s*/, ''));
    }
    catch (e) {
        throw new InputError(source, 1, `a monitor file's first line is not JSON after '#': ${e.message}`);
    }
    const header = (lines[1] ?? '').split(',').map((h) => h.trim());
    const at = (name) => header.indexOf(name);
    if (at('r') < 0 || at('l') < 0)
        throw new InputError(source, 2, `a monitor file's header names no "r" and "l" columns (it has ${header.join(', ')})`);
    const names = header.map((h) => NAMES[h] ?? h);
    const values = names.map(() => []);
    const steps = [];
    let done = 0;
    let skipped = 0;
    let firstSkipped = 0;
    for (let i = 2; i < lines.length; i++) {
        const line = lines[i];
        if (line.trim() === '')
            continue;
        const fields = line.split(',');
        const length = Number(fields[at('l')]);
        if (!Number.isSafeInteger(length) || length <= 0 || !Number.isSafeInteger(done + length)) {
            if (skipped++ === 0)
                firstSkipped = i + 1;
            continue;
        }
        done += length;
        steps.push(done);
        names.forEach((_, c) => {
            const cell = fields[c]?.trim() ?? '';
            values[c].push(cell === 'True' ? 1 : cell === 'False' ? 0 : cell === '' ? Number.NaN : Number(cell));
        });
    }
    const warnings = skipped
        ? [
            `${skipped} episode row${skipped === 1 ? '' : 's'} without a positive whole length "l" left out (first at line ${firstSkipped})`,
        ]
        : [];
    const env = typeof meta.env_id === 'string' ? meta.env_id : null;
    const table = tableFromColumns(source, steps, Object.fromEntries(names.map((n, c) => [n, values[c]])), {
        stepColumn: 'cumulative l (environment steps)',
        batchSize,
        warnings,
    });
    return env ? { ...table, tags: { env_id: env } } : table;
}

/**
 * One normal form for the column names GPU captures are written with, so that nvidia-smi's own names
 * (`utilization.gpu [%]`, `memory.used [MiB]`) and the ones wrappers write (`utilization_gpu_percent`,
 * `memory_used_MiB`, `gpu_index`, `power_W`) land on the same field.
 *
 * The rule, applied to the names a capture has and to the names the field table lists alike:
 * - a unit in brackets or parentheses, or a last word that is a unit (`_percent`, `_MiB`, `_W`, `_C`,
 *   `_ms`), is taken off and kept as the column's unit;
 * - the rest is split into words at `.`, `_`, `-`, spaces and camelCase humps, lower-cased, and common
 *   abbreviations spelled out (`util`, `mem`, `temp`, `pwr`, `clk`, `idx`, `ts`);
 * - words that say nothing in a GPU capture are dropped (`gpu` unless it is the only word, nvidia-smi's
 *   `current` and `draw`), and the words are sorted, so `gpu_utilization` and `utilization.gpu` agree.
 */
/** Unit words as written at the end of a name → the unit as the value reader spells it. */
const UNIT_WORDS = {
    percent: '%',
    pct: '%',
    '%': '%',
    mib: 'MiB',
    mb: 'MB',
    gib: 'GiB',
    gb: 'GB',
    kib: 'KiB',
    kb: 'KB',
    bytes: 'B',
    w: 'W',
    watt: 'W',
    watts: 'W',
    mw: 'mW',
    c: 'C',
    degc: 'C',
    celsius: 'C',
    mhz: 'MHz',
    ghz: 'GHz',
    hz: 'Hz',
    s: 's',
    sec: 's',
    secs: 's',
    seconds: 's',
    ms: 'ms',
    us: 'us',
    ns: 'ns',
};
const SYNONYMS = {
    util: 'utilization',
    utilisation: 'utilization',
    mem: 'memory',
    temp: 'temperature',
    pwr: 'power',
    clock: 'clocks',
    clk: 'clocks',
    idx: 'index',
    ts: 'timestamp',
    time: 'timestamp',
    datetime: 'timestamp',
    epoch: 'timestamp',
};
/** Words that name no quantity here: every column of a GPU capture is about the GPU. */
const NOISE = new Set(['gpu', 'current', 'draw']);
/** A unit glued to a camelCase name (`memoryUsedMiB`, `powerW`): only spellings a word would not end in. */
const CAMEL_UNIT = /^(.*[a-z])(MiB|GiB|KiB|MB|GB|KB|MHz|GHz|W|C|Percent|Pct)$/;
const BRACKET_UNIT = /\s*[[(]\s*([^\])]*?)\s*[\])]\s*$/;
function columnName(header) {
    let unit = '';
    let rest = header.trim();
    const bracket = BRACKET_UNIT.exec(rest);
    if (bracket) {
        unit = bracket[1];
        rest = rest.slice(0, bracket.index);
    }
    const parts = rest.split(/[^A-Za-z0-9%]+|(?=%)/).filter(Boolean);
    const tail = parts[parts.length - 1] ?? '';
    const camel = UNIT_WORDS[tail.toLowerCase()] === undefined ? CAMEL_UNIT.exec(tail) : null;
    if (camel)
        parts.splice(parts.length - 1, 1, camel[1], camel[2]);
    const last = parts[parts.length - 1]?.toLowerCase();
    if (parts.length > 1 && last !== undefined && UNIT_WORDS[last] !== undefined) {
        unit ||= UNIT_WORDS[last];
        parts.pop();
    }
    const words = parts
        .flatMap((p) => p.split(/(?<=[a-z])(?=[A-Z])/))
        .map((w) => w.toLowerCase())
        .map((w) => SYNONYMS[w] ?? w);
    const meaningful = words.filter((w) => !NOISE.has(w));
    const kept = meaningful.length ? meaningful : words.slice(0, 1);
    return { key: [...new Set(kept)].sort().join('.'), unit };
}
/** The normal form of a name the field table lists. */
function columnKey(name) {
    return columnName(name).key;
}

/**
 * Which column of a capture feeds which GpuField. CSV names are matched in the normal form of
 * column-name.ts (units taken off, words sorted, abbreviations spelled out), on both sides: the table
 * lists nvidia-smi's and amd-smi's own names, and `utilization_gpu_percent` or `gpu_util` find
 * `utilization.gpu` through the rule, not through a list of spellings. dmon's short names are matched as
 * written. Where several columns can feed one field, the first listed that the file has wins.
 */
const FIELD_UNIT = {
    util: 'percent',
    memUtil: 'percent',
    memUsedMiB: 'mebibytes',
    memTotalMiB: 'mebibytes',
    powerW: 'watts',
    tempC: 'celsius',
    smClockMHz: 'megahertz',
    smActive: 'percent',
    smOccupancy: 'percent',
    tensorActive: 'percent',
    dramActive: 'percent',
};
/** nvidia-smi --query-gpu names, and amd-smi metric names (gfx_activity is its GPU busy percent, umc_activity its memory one). */
const CSV_COLUMNS = {
    util: ['utilization.gpu', 'gfx_activity'],
    memUtil: ['utilization.memory', 'umc_activity'],
    memUsedMiB: ['memory.used', 'vram_used', 'used_vram'],
    memTotalMiB: ['memory.total', 'vram_total', 'total_vram'],
    powerW: ['power.draw', 'power.draw.average', 'power.draw.instant', 'socket_power'],
    tempC: ['temperature.gpu', 'hotspot', 'edge'],
    smClockMHz: ['clocks.sm', 'clocks.current.sm', 'gfx_0_clk'],
    smActive: ['sm_active'],
    smOccupancy: ['sm_occupancy'],
    tensorActive: ['tensor_active'],
    dramActive: ['dram_active'],
};
/** Identity columns of a long-format CSV (one row per GPU per sample). */
const CSV_IDENTITY = {
    time: ['timestamp'],
    uuid: ['uuid', 'gpu_uuid'],
    busId: ['pci.bus_id', 'pci_bus_id', 'bdf'],
    name: ['name', 'gpu_name', 'market_name'],
    /** Device number columns; a file may have both and one of them may be wrong (see the gpu_glasses fixture). */
    index: ['index', 'gpu'],
};
/** Position of the first of `names` among a CSV's normalised column keys, or -1. */
function findCsvColumn(keys, names) {
    return findColumn(keys, names.map(columnKey));
}
/** nvidia-smi dmon column names (`-s pucvmet`). `sm` is the same counter as utilization.gpu. */
const DMON_COLUMNS = {
    util: ['sm'],
    memUtil: ['mem'],
    memUsedMiB: ['fb'],
    memTotalMiB: [],
    powerW: ['pwr'],
    tempC: ['gtemp', 'temp'],
    smClockMHz: ['pclk'],
    smActive: [],
    smOccupancy: [],
    tensorActive: [],
    dramActive: [],
};
/** Position of the first of `names` in `keys`, or -1. */
function findColumn(keys, names) {
    for (const name of names) {
        const i = keys.indexOf(name);
        if (i >= 0)
            return i;
    }
    return -1;
}

var crc32c = {};

/*! crc32.js (C) 2014-present SheetJS -- http://sheetjs.com */

var hasRequiredCrc32c;

function requireCrc32c () {
	if (hasRequiredCrc32c) return crc32c;
	hasRequiredCrc32c = 1;
	(function (exports) {
		(function (factory) {
			/*jshint ignore:start */
			/*eslint-disable */
			if(typeof DO_NOT_EXPORT_CRC === 'undefined') {
				{
					factory(exports);
				}
			} else {
				factory({});
			}
			/*eslint-enable */
			/*jshint ignore:end */
		}(function(CRC32C) {
		CRC32C.version = '1.2.2';
		/*global Int32Array */
		function signed_crc_table() {
			var c = 0, table = new Array(256);

			for(var n =0; n != 256; ++n){
				c = n;
				c = ((c&1) ? (-2097792136 ^ (c >>> 1)) : (c >>> 1));
				c = ((c&1) ? (-2097792136 ^ (c >>> 1)) : (c >>> 1));
				c = ((c&1) ? (-2097792136 ^ (c >>> 1)) : (c >>> 1));
				c = ((c&1) ? (-2097792136 ^ (c >>> 1)) : (c >>> 1));
				c = ((c&1) ? (-2097792136 ^ (c >>> 1)) : (c >>> 1));
				c = ((c&1) ? (-2097792136 ^ (c >>> 1)) : (c >>> 1));
				c = ((c&1) ? (-2097792136 ^ (c >>> 1)) : (c >>> 1));
				c = ((c&1) ? (-2097792136 ^ (c >>> 1)) : (c >>> 1));
				table[n] = c;
			}

			return typeof Int32Array !== 'undefined' ? new Int32Array(table) : table;
		}

		var T0 = signed_crc_table();
		function slice_by_16_tables(T) {
			var c = 0, v = 0, n = 0, table = typeof Int32Array !== 'undefined' ? new Int32Array(4096) : new Array(4096) ;

			for(n = 0; n != 256; ++n) table[n] = T[n];
			for(n = 0; n != 256; ++n) {
				v = T[n];
				for(c = 256 + n; c < 4096; c += 256) v = table[c] = (v >>> 8) ^ T[v & 0xFF];
			}
			var out = [];
			for(n = 1; n != 16; ++n) out[n - 1] = typeof Int32Array !== 'undefined' ? table.subarray(n * 256, n * 256 + 256) : table.slice(n * 256, n * 256 + 256);
			return out;
		}
		var TT = slice_by_16_tables(T0);
		var T1 = TT[0],  T2 = TT[1],  T3 = TT[2],  T4 = TT[3],  T5 = TT[4];
		var T6 = TT[5],  T7 = TT[6],  T8 = TT[7],  T9 = TT[8],  Ta = TT[9];
		var Tb = TT[10], Tc = TT[11], Td = TT[12], Te = TT[13], Tf = TT[14];
		function crc32_bstr(bstr, seed) {
			var C = seed ^ -1;
			for(var i = 0, L = bstr.length; i < L;) C = (C>>>8) ^ T0[(C^bstr.charCodeAt(i++))&0xFF];
			return ~C;
		}

		function crc32_buf(B, seed) {
			var C = seed ^ -1, L = B.length - 15, i = 0;
			for(; i < L;) C =
				Tf[B[i++] ^ (C & 255)] ^
				Te[B[i++] ^ ((C >> 8) & 255)] ^
				Td[B[i++] ^ ((C >> 16) & 255)] ^
				Tc[B[i++] ^ (C >>> 24)] ^
				Tb[B[i++]] ^ Ta[B[i++]] ^ T9[B[i++]] ^ T8[B[i++]] ^
				T7[B[i++]] ^ T6[B[i++]] ^ T5[B[i++]] ^ T4[B[i++]] ^
				T3[B[i++]] ^ T2[B[i++]] ^ T1[B[i++]] ^ T0[B[i++]];
			L += 15;
			while(i < L) C = (C>>>8) ^ T0[(C^B[i++])&0xFF];
			return ~C;
		}

		function crc32_str(str, seed) {
			var C = seed ^ -1;
			for(var i = 0, L = str.length, c = 0, d = 0; i < L;) {
				c = str.charCodeAt(i++);
				if(c < 0x80) {
					C = (C>>>8) ^ T0[(C^c)&0xFF];
				} else if(c < 0x800) {
					C = (C>>>8) ^ T0[(C ^ (192|((c>>6)&31)))&0xFF];
					C = (C>>>8) ^ T0[(C ^ (128|(c&63)))&0xFF];
				} else if(c >= 0xD800 && c < 0xE000) {
					c = (c&1023)+64; d = str.charCodeAt(i++)&1023;
					C = (C>>>8) ^ T0[(C ^ (240|((c>>8)&7)))&0xFF];
					C = (C>>>8) ^ T0[(C ^ (128|((c>>2)&63)))&0xFF];
					C = (C>>>8) ^ T0[(C ^ (128|((d>>6)&15)|((c&3)<<4)))&0xFF];
					C = (C>>>8) ^ T0[(C ^ (128|(d&63)))&0xFF];
				} else {
					C = (C>>>8) ^ T0[(C ^ (224|((c>>12)&15)))&0xFF];
					C = (C>>>8) ^ T0[(C ^ (128|((c>>6)&63)))&0xFF];
					C = (C>>>8) ^ T0[(C ^ (128|(c&63)))&0xFF];
				}
			}
			return ~C;
		}
		CRC32C.table = T0;
		// $FlowIgnore
		CRC32C.bstr = crc32_bstr;
		// $FlowIgnore
		CRC32C.buf = crc32_buf;
		// $FlowIgnore
		CRC32C.str = crc32_str;
		})); 
	} (crc32c));
	return crc32c;
}

var crc32cExports = requireCrc32c();
var CRC32C = /*@__PURE__*/getDefaultExportFromCjs(crc32cExports);

/**
 * TFRecord framing, as TensorBoard event files use it: each record is
 *   uint64 length (little-endian) · uint32 masked CRC32C(length bytes) · data · uint32 masked CRC32C(data)
 * with mask(c) = ((c >>> 15) | (c << 17)) + 0xa282ead8 (mod 2³²). Records are read from the file in
 * chunks, never the whole file: memory stays at one chunk plus the longest record.
 */
const MASK_DELTA = 0xa282ead8;
/** A record longer than this is not an event (a scalar event is tens of bytes; an image a few MB). */
const MAX_RECORD = 256 << 20;
const CHUNK = 1 << 20;
function maskedCrc32c(bytes) {
    const c = CRC32C.buf(bytes) >>> 0;
    return ((((c >>> 15) | (c << 17)) >>> 0) + MASK_DELTA) >>> 0;
}
/** Whether `head` starts with a record header whose length checks against its CRC. */
function isTfRecordStart(head) {
    if (head.length < 12)
        return false;
    const view = new DataView(head.buffer, head.byteOffset, 12);
    return maskedCrc32c(head.subarray(0, 8)) === view.getUint32(8, true);
}
/** The data length of the record whose header starts at `at` (12 bytes there); an InputError when its CRC fails. */
function recordLength(buf, at, path, offset) {
    const header = buf.subarray(at, at + 12);
    const view = new DataView(header.buffer, header.byteOffset, 12);
    if (maskedCrc32c(header.subarray(0, 8)) !== view.getUint32(8, true))
        throw new InputError(path, null, `not a TFRecord at byte ${offset}: the record length fails its CRC32C`);
    const length = view.getUint32(0, true) + view.getUint32(4, true) * 2 ** 32;
    if (length > MAX_RECORD)
        throw new InputError(path, null, `a record of ${length} bytes at byte ${offset} is over the limit of ${MAX_RECORD}`);
    return length;
}
/**
 * The record starting at `at` in `buf[at, end)`: its data (a copy) and where the next one starts; `corrupt`
 * when its data fails its CRC (the framing still holds); `need` when the bytes up to `end` do not hold it
 * whole yet (a record still being written). `offset` is `at`'s place in the file, for messages.
 */
function recordAt(buf, at, end, path, offset) {
    if (end - at < 12)
        return { need: true };
    const length = recordLength(buf, at, path, offset);
    const next = at + 12 + length + 4;
    if (next > end)
        return { need: true };
    const data = buf.subarray(at + 12, at + 12 + length);
    const crc = new DataView(buf.buffer, buf.byteOffset + at + 12 + length, 4).getUint32(0, true);
    return maskedCrc32c(data) === crc ? { data: data.slice(), next } : { corrupt: true, next };
}
/** The records of `path` in order; `scan` is complete once the generator is drained. */
async function* tfRecords(path, scan) {
    const fh = await openFile(path);
    try {
        let buf = Buffer.alloc(CHUNK);
        let start = 0;
        let end = 0;
        let offset = 0; // file offset of buf[start]
        let eof = false;
        /** At least `n` bytes from `start` in the buffer, or false at the end of the file. */
        const fill = async (n) => {
            while (end - start < n && !eof) {
                if (start > 0) {
                    buf.copy(buf, 0, start, end);
                    end -= start;
                    start = 0;
                }
                if (buf.length - end < CHUNK) {
                    const bigger = Buffer.alloc(Math.max(buf.length * 2, n + CHUNK));
                    buf.copy(bigger, 0, 0, end);
                    buf = bigger;
                }
                const { bytesRead } = await fh.read(buf, end, buf.length - end, null);
                if (bytesRead === 0)
                    eof = true;
                end += bytesRead;
            }
            return end - start >= n;
        };
        for (;;) {
            if (!(await fill(12))) {
                if (end > start)
                    scan.truncated = true;
                return;
            }
            const length = recordLength(buf, start, path, offset);
            if (!(await fill(12 + length + 4))) {
                scan.truncated = true;
                return;
            }
            const r = recordAt(buf, start, end, path, offset);
            if ('need' in r)
                return; // not reached: filled above
            if ('data' in r)
                yield r.data;
            else
                scan.corrupt++;
            offset += r.next - start;
            start = r.next;
        }
    }
    finally {
        await fh.close();
    }
}

/**
 * What a metrics file is, decided from its first bytes before any parser runs, so that a file of another
 * kind is named for what it is instead of getting a parser's internal message:
 *  - a TensorBoard event file: a TFRecord whose first length field checks against its CRC32C (or the
 *    `tfevents` name TensorBoard gives every event file);
 *  - JSON: a document or JSON lines, the first non-blank byte `{`, or `[` opening an array (not
 *    `[2024-01-01 12:00:00,000] [INFO]`, `[rank0]:` or `[1,0]<stdout>`, which start console log lines);
 *  - refused, with what to pass instead (a console log: half its first lines start so, or its first line
 *    and a quarter of them, since build and progress output comes between): an MLPerf result log (`:::SYSJSON` / `:::MLLOG` lines), a GPU
 *    capture (nvidia-smi's table or `dmon` output, or a CSV whose columns are GPU telemetry by name and
 *    that has no step column), a Prometheus scrape (`# HELP` / `# TYPE` lines), a console log whose lines start with a bracketed tag or a timestamp, and a
 *    header-less table of numbers separated by spaces;
 *  - else CSV, whose reader refuses the rest (prose, a per-run summary, a header that is data).
 * Every rule looks at line shapes and names over the first lines, never at one file's text.
 */
/** Lines of the file's start that the rules look at. */
const PROBE_LINES = 50;
/** A console log line's start: a bracketed tag (`[2024-…]`, `[INFO]`, `[rank0]:`) or a date-time. */
const LOG_LINE = /^(\[[^\]\n]{1,64}\][\s:<]|\d{4}-\d{2}-\d{2}[ T][\d:.,]+\s+\S|[A-Z]{3,8}[:\s]+\d{4}-\d{2}-\d{2})/;
/** An MLPerf logging line, after a short launcher prefix (`0: `, `[1,0]<stdout>:`). */
const MLPERF_LINE = /^.{0,32}?:::(MLLOG|SYSJSON)\b/;
/** A line of numbers separated by whitespace, two or more. */
const NUMBERS_LINE = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?(\s+[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)+\s*$/;
function firstLines(head) {
    return head
        .replace(/^\uFEFF/, '')
        .split('\n', PROBE_LINES + 1)
        .slice(0, PROBE_LINES)
        .map((l) => l.replace(/\r$/, ''))
        .filter((l) => l.trim() !== '');
}
/** Share of `lines` for which `test` holds. */
const share = (lines, test) => lines.length ? lines.filter(test).length / lines.length : 0;
/** The kind of file `head` (its first bytes) starts, or an InputError naming what it is instead. */
function sniffKind(source, head) {
    if (isTfRecordStart(head) || /(^|[/\\])events\.out\.tfevents\./.test(source))
        return 'tensorboard';
    const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
    const lines = firstLines(text);
    const first = lines[0] ?? '';
    const refuse = (line, what) => new InputError(source, lineNumber(text, line), what);
    if (isMonitorStart(first))
        return 'rl-monitor';
    const mlperf = lines.find((l) => MLPERF_LINE.test(l));
    if (mlperf)
        throw refuse(mlperf, 'an MLPerf result log (:::MLLOG events), not a per-step metrics table: convert its events to a CSV with one row per step (or eval) first');
    if (isGpuCapture(lines))
        throw refuse(first, 'an nvidia-smi capture (GPU telemetry of nvidia-smi or amd-smi, no step column): pass it with --gpu-csv (input gpu-csv), and the training metrics with --csv');
    if (share(lines, (l) => /^# (HELP|TYPE) [a-zA-Z_:]/.test(l)) >= 0.1 && lines.some((l) => /^# TYPE /.test(l)))
        throw refuse(first, 'a Prometheus scrape (text exposition), not a per-step metrics table: pass a GPU exporter scrape with --gpu-scrape');
    const logLines = share(lines, (l) => LOG_LINE.test(l));
    if ((logLines >= 0.5 || (LOG_LINE.test(first) && logLines >= 0.25)) && !/^\s*[[{]\s*$/.test(first))
        throw refuse(first, 'a DeepSpeed/console text log (its lines start with a bracketed tag or a timestamp), not a per-step metrics table: log the metrics to a CSV with one row per step, or give the file the trainer writes for them');
    // A header line of names (Spinning Up's tab-separated progress.txt) makes it a table like any other.
    if (lines.length >= 2 && NUMBERS_LINE.test(first) && share(lines, (l) => NUMBERS_LINE.test(l)) >= 0.9)
        throw refuse(first, 'a header-less space-separated table (every line is numbers): its columns have no names; add a header line naming them, with commas or tabs between the fields');
    const c = first.trimStart()[0];
    return c === '{' || (c === '[' && !LOG_LINE.test(first.trimStart())) ? 'json' : 'csv';
}
/** Line number of `line`'s first occurrence in `text` (1-based). */
function lineNumber(text, line) {
    const at = text.indexOf(line);
    return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}
/**
 * nvidia-smi's own table (`NVIDIA-SMI 5xx` inside `+---` rules), `dmon` output (`# gpu pwr …`), or a CSV
 * header of GPU telemetry: two or more GPU fields, or one with an identity column (timestamp, index,
 * uuid, bus id), and no step column nor loss.
 */
function isGpuCapture(lines) {
    if (lines.some((l) => /NVIDIA-SMI \d/.test(l)) && lines.some((l) => /^\+-{5,}/.test(l)))
        return true;
    const first = lines[0] ?? '';
    if (/^#\s*(gpu|date|time)\b/i.test(first) && !first.includes(','))
        return true;
    const names = first.split(first.includes('\t') ? '\t' : ',').map((n) => n.trim().replace(/^"|"$/g, ''));
    // A step column or a loss makes it a training log that also logs the GPU, whatever else it holds.
    if (findStepColumn(names).index >= 0 || names.some((n) => defaultClass(n).kind === 'loss'))
        return false;
    const keys = names.map(columnKey);
    const fields = Object.values(CSV_COLUMNS).filter((spellings) => findCsvColumn(keys, spellings) >= 0).length;
    const identity = Object.values(CSV_IDENTITY).some((spellings) => findCsvColumn(keys, spellings) >= 0);
    return fields >= 2 || (fields === 1 && (identity || names.length === 1));
}

var src = {exports: {}};

var indexLight = {exports: {}};

var indexMinimal = {};

var minimal = {};

var aspromise;
var hasRequiredAspromise;

function requireAspromise () {
	if (hasRequiredAspromise) return aspromise;
	hasRequiredAspromise = 1;
	aspromise = asPromise;

	/**
	 * Callback as used by {@link util.asPromise}.
	 * @typedef asPromiseCallback
	 * @type {function}
	 * @param {Error|null} error Error, if any
	 * @param {...*} params Additional arguments
	 * @returns {undefined}
	 */

	/**
	 * Returns a promise from a node-style callback function.
	 * @memberof util
	 * @param {asPromiseCallback} fn Function to call
	 * @param {*} ctx Function context
	 * @param {...*} params Function arguments
	 * @returns {Promise<*>} Promisified function
	 */
	function asPromise(fn, ctx/*, varargs */) {
	    var params  = new Array(arguments.length - 1),
	        offset  = 0,
	        index   = 2,
	        pending = true;
	    while (index < arguments.length)
	        params[offset++] = arguments[index++];
	    return new Promise(function executor(resolve, reject) {
	        params[offset] = function callback(err/*, varargs */) {
	            if (pending) {
	                pending = false;
	                if (err)
	                    reject(err);
	                else {
	                    var params = new Array(arguments.length - 1),
	                        offset = 0;
	                    while (offset < params.length)
	                        params[offset++] = arguments[offset];
	                    resolve.apply(null, params);
	                }
	            }
	        };
	        try {
	            fn.apply(ctx || null, params);
	        } catch (err) {
	            if (pending) {
	                pending = false;
	                reject(err);
	            }
	        }
	    });
	}
	return aspromise;
}

var base64 = {};

var hasRequiredBase64;

function requireBase64 () {
	if (hasRequiredBase64) return base64;
	hasRequiredBase64 = 1;
	(function (exports) {

		/**
		 * A minimal base64 implementation for number arrays.
		 * @memberof util
		 * @namespace
		 */
		var base64 = exports;

		/**
		 * Calculates the byte length of a base64 encoded string.
		 * @param {string} string Base64 encoded string
		 * @returns {number} Byte length
		 */
		base64.length = function length(string) {
		    var p = string.length;
		    if (!p)
		        return 0;
		    while (p > 0 && string.charAt(p - 1) === "=")
		        --p;
		    return Math.floor(p * 3 / 4);
		};

		// Base64 encoding table
		var b64 = new Array(64);

		// Base64 decoding table
		var s64 = new Array(123);

		// 65..90, 97..122, 48..57, 43, 47
		for (var i = 0; i < 64;)
		    s64[b64[i] = i < 26 ? i + 65 : i < 52 ? i + 71 : i < 62 ? i - 4 : i - 59 | 43] = i++;

		s64[45] = 62; // - -> +
		s64[95] = 63; // _ -> /

		/**
		 * Encodes a buffer to a base64 encoded string.
		 * @param {Uint8Array} buffer Source buffer
		 * @param {number} start Source start
		 * @param {number} end Source end
		 * @returns {string} Base64 encoded string
		 */
		base64.encode = function encode(buffer, start, end) {
		    var parts = null,
		        chunk = [];
		    var i = 0, // output index
		        j = 0, // goto index
		        t;     // temporary
		    while (start < end) {
		        var b = buffer[start++];
		        switch (j) {
		            case 0:
		                chunk[i++] = b64[b >> 2];
		                t = (b & 3) << 4;
		                j = 1;
		                break;
		            case 1:
		                chunk[i++] = b64[t | b >> 4];
		                t = (b & 15) << 2;
		                j = 2;
		                break;
		            case 2:
		                chunk[i++] = b64[t | b >> 6];
		                chunk[i++] = b64[b & 63];
		                j = 0;
		                break;
		        }
		        if (i > 8191) {
		            (parts || (parts = [])).push(String.fromCharCode.apply(String, chunk));
		            i = 0;
		        }
		    }
		    if (j) {
		        chunk[i++] = b64[t];
		        chunk[i++] = 61;
		        if (j === 1)
		            chunk[i++] = 61;
		    }
		    if (parts) {
		        if (i)
		            parts.push(String.fromCharCode.apply(String, chunk.slice(0, i)));
		        return parts.join("");
		    }
		    return String.fromCharCode.apply(String, chunk.slice(0, i));
		};

		var invalidEncoding = "invalid encoding";

		/**
		 * Decodes a base64 encoded string to a buffer.
		 * @param {string} string Source string
		 * @param {Uint8Array} buffer Destination buffer
		 * @param {number} offset Destination offset
		 * @returns {number} Number of bytes written
		 * @throws {Error} If encoding is invalid
		 */
		base64.decode = function decode(string, buffer, offset) {
		    var start = offset;
		    var j = 0, // goto index
		        t;     // temporary
		    for (var i = 0; i < string.length;) {
		        var c = string.charCodeAt(i++);
		        if (c === 61 && j > 1)
		            break;
		        if ((c = s64[c]) === undefined)
		            throw Error(invalidEncoding);
		        switch (j) {
		            case 0:
		                t = c;
		                j = 1;
		                break;
		            case 1:
		                buffer[offset++] = t << 2 | (c & 48) >> 4;
		                t = c;
		                j = 2;
		                break;
		            case 2:
		                buffer[offset++] = (t & 15) << 4 | (c & 60) >> 2;
		                t = c;
		                j = 3;
		                break;
		            case 3:
		                buffer[offset++] = (t & 3) << 6 | c;
		                j = 0;
		                break;
		        }
		    }
		    if (j === 1)
		        throw Error(invalidEncoding);
		    return offset - start;
		};

		var base64Re = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
		    base64UrlRe = /[-_]/,
		    base64UrlNoPaddingRe = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}(?:==)?|[A-Za-z0-9_-]{3}=?)?$/;

		/**
		 * Tests if the specified string appears to be base64 encoded.
		 * @param {string} string String to test
		 * @returns {boolean} `true` if probably base64 encoded, otherwise false
		 */
		base64.test = function test(string) {
		    return base64Re.test(string)
		        || base64UrlRe.test(string) && base64UrlNoPaddingRe.test(string);
		}; 
	} (base64));
	return base64;
}

var eventemitter;
var hasRequiredEventemitter;

function requireEventemitter () {
	if (hasRequiredEventemitter) return eventemitter;
	hasRequiredEventemitter = 1;
	eventemitter = EventEmitter;

	/**
	 * Constructs a new event emitter instance.
	 * @classdesc A minimal event emitter.
	 * @memberof util
	 * @constructor
	 */
	function EventEmitter() {

	    /**
	     * Registered listeners.
	     * @type {Object.<string,*>}
	     * @private
	     */
	    this._listeners = Object.create(null);
	}

	/**
	 * Event listener as used by {@link util.EventEmitter}.
	 * @typedef EventEmitterListener
	 * @type {function}
	 * @param {...*} args Arguments
	 * @returns {undefined}
	 */

	/**
	 * Registers an event listener.
	 * @param {string} evt Event name
	 * @param {EventEmitterListener} fn Listener
	 * @param {*} [ctx] Listener context
	 * @returns {this} `this`
	 */
	EventEmitter.prototype.on = function on(evt, fn, ctx) {
	    (this._listeners[evt] || (this._listeners[evt] = [])).push({
	        fn  : fn,
	        ctx : ctx || this
	    });
	    return this;
	};

	/**
	 * Removes an event listener or any matching listeners if arguments are omitted.
	 * @param {string} [evt] Event name. Removes all listeners if omitted.
	 * @param {EventEmitterListener} [fn] Listener to remove. Removes all listeners of `evt` if omitted.
	 * @returns {this} `this`
	 */
	EventEmitter.prototype.off = function off(evt, fn) {
	    if (evt === undefined)
	        this._listeners = Object.create(null);
	    else {
	        if (fn === undefined)
	            this._listeners[evt] = [];
	        else {
	            var listeners = this._listeners[evt];
	            if (!listeners)
	                return this;
	            for (var i = 0; i < listeners.length;)
	                if (listeners[i].fn === fn)
	                    listeners.splice(i, 1);
	                else
	                    ++i;
	        }
	    }
	    return this;
	};

	/**
	 * Emits an event by calling its listeners with the specified arguments.
	 * @param {string} evt Event name
	 * @param {...*} args Arguments
	 * @returns {this} `this`
	 */
	EventEmitter.prototype.emit = function emit(evt) {
	    var listeners = this._listeners[evt];
	    if (listeners) {
	        var args = [],
	            i = 1;
	        for (; i < arguments.length;)
	            args.push(arguments[i++]);
	        for (i = 0; i < listeners.length;)
	            listeners[i].fn.apply(listeners[i++].ctx, args);
	    }
	    return this;
	};
	return eventemitter;
}

var float;
var hasRequiredFloat;

function requireFloat () {
	if (hasRequiredFloat) return float;
	hasRequiredFloat = 1;

	float = factory(factory);

	/**
	 * Reads / writes floats / doubles from / to buffers.
	 * @name util.float
	 * @namespace
	 */

	/**
	 * Writes a 32 bit float to a buffer using little endian byte order.
	 * @name util.float.writeFloatLE
	 * @function
	 * @param {number} val Value to write
	 * @param {Uint8Array} buf Target buffer
	 * @param {number} pos Target buffer offset
	 * @returns {undefined}
	 */

	/**
	 * Writes a 32 bit float to a buffer using big endian byte order.
	 * @name util.float.writeFloatBE
	 * @function
	 * @param {number} val Value to write
	 * @param {Uint8Array} buf Target buffer
	 * @param {number} pos Target buffer offset
	 * @returns {undefined}
	 */

	/**
	 * Reads a 32 bit float from a buffer using little endian byte order.
	 * @name util.float.readFloatLE
	 * @function
	 * @param {Uint8Array} buf Source buffer
	 * @param {number} pos Source buffer offset
	 * @returns {number} Value read
	 */

	/**
	 * Reads a 32 bit float from a buffer using big endian byte order.
	 * @name util.float.readFloatBE
	 * @function
	 * @param {Uint8Array} buf Source buffer
	 * @param {number} pos Source buffer offset
	 * @returns {number} Value read
	 */

	/**
	 * Writes a 64 bit double to a buffer using little endian byte order.
	 * @name util.float.writeDoubleLE
	 * @function
	 * @param {number} val Value to write
	 * @param {Uint8Array} buf Target buffer
	 * @param {number} pos Target buffer offset
	 * @returns {undefined}
	 */

	/**
	 * Writes a 64 bit double to a buffer using big endian byte order.
	 * @name util.float.writeDoubleBE
	 * @function
	 * @param {number} val Value to write
	 * @param {Uint8Array} buf Target buffer
	 * @param {number} pos Target buffer offset
	 * @returns {undefined}
	 */

	/**
	 * Reads a 64 bit double from a buffer using little endian byte order.
	 * @name util.float.readDoubleLE
	 * @function
	 * @param {Uint8Array} buf Source buffer
	 * @param {number} pos Source buffer offset
	 * @returns {number} Value read
	 */

	/**
	 * Reads a 64 bit double from a buffer using big endian byte order.
	 * @name util.float.readDoubleBE
	 * @function
	 * @param {Uint8Array} buf Source buffer
	 * @param {number} pos Source buffer offset
	 * @returns {number} Value read
	 */

	// Factory function for the purpose of node-based testing in modified global environments
	function factory(exports) {

	    // float: typed array
	    if (typeof Float32Array !== "undefined") (function() {

	        var f32 = new Float32Array([ -0 ]),
	            f8b = new Uint8Array(f32.buffer),
	            le  = f8b[3] === 128;

	        function writeFloat_f32_cpy(val, buf, pos) {
	            f32[0] = val;
	            buf[pos    ] = f8b[0];
	            buf[pos + 1] = f8b[1];
	            buf[pos + 2] = f8b[2];
	            buf[pos + 3] = f8b[3];
	        }

	        function writeFloat_f32_rev(val, buf, pos) {
	            f32[0] = val;
	            buf[pos    ] = f8b[3];
	            buf[pos + 1] = f8b[2];
	            buf[pos + 2] = f8b[1];
	            buf[pos + 3] = f8b[0];
	        }

	        /* istanbul ignore next */
	        exports.writeFloatLE = le ? writeFloat_f32_cpy : writeFloat_f32_rev;
	        /* istanbul ignore next */
	        exports.writeFloatBE = le ? writeFloat_f32_rev : writeFloat_f32_cpy;

	        function readFloat_f32_cpy(buf, pos) {
	            f8b[0] = buf[pos    ];
	            f8b[1] = buf[pos + 1];
	            f8b[2] = buf[pos + 2];
	            f8b[3] = buf[pos + 3];
	            return f32[0];
	        }

	        function readFloat_f32_rev(buf, pos) {
	            f8b[3] = buf[pos    ];
	            f8b[2] = buf[pos + 1];
	            f8b[1] = buf[pos + 2];
	            f8b[0] = buf[pos + 3];
	            return f32[0];
	        }

	        /* istanbul ignore next */
	        exports.readFloatLE = le ? readFloat_f32_cpy : readFloat_f32_rev;
	        /* istanbul ignore next */
	        exports.readFloatBE = le ? readFloat_f32_rev : readFloat_f32_cpy;

	    // float: ieee754
	    })(); else (function() {

	        function writeFloat_ieee754(writeUint, val, buf, pos) {
	            var sign = val < 0 ? 1 : 0;
	            if (sign)
	                val = -val;
	            if (val === 0)
	                writeUint(1 / val > 0 ? /* positive */ 0 : /* negative 0 */ 2147483648, buf, pos);
	            else if (isNaN(val))
	                writeUint(2143289344, buf, pos);
	            else if (val > 3.4028234663852886e+38) // +-Infinity
	                writeUint((sign << 31 | 2139095040) >>> 0, buf, pos);
	            else if (val < 1.1754943508222875e-38) // denormal
	                writeUint((sign << 31 | Math.round(val / 1.401298464324817e-45)) >>> 0, buf, pos);
	            else {
	                var exponent = Math.floor(Math.log(val) / Math.LN2),
	                    mantissa = Math.round(val * Math.pow(2, -exponent) * 8388608) & 8388607;
	                writeUint((sign << 31 | exponent + 127 << 23 | mantissa) >>> 0, buf, pos);
	            }
	        }

	        exports.writeFloatLE = writeFloat_ieee754.bind(null, writeUintLE);
	        exports.writeFloatBE = writeFloat_ieee754.bind(null, writeUintBE);

	        function readFloat_ieee754(readUint, buf, pos) {
	            var uint = readUint(buf, pos),
	                sign = (uint >> 31) * 2 + 1,
	                exponent = uint >>> 23 & 255,
	                mantissa = uint & 8388607;
	            return exponent === 255
	                ? mantissa
	                ? NaN
	                : sign * Infinity
	                : exponent === 0 // denormal
	                ? sign * 1.401298464324817e-45 * mantissa
	                : sign * Math.pow(2, exponent - 150) * (mantissa + 8388608);
	        }

	        exports.readFloatLE = readFloat_ieee754.bind(null, readUintLE);
	        exports.readFloatBE = readFloat_ieee754.bind(null, readUintBE);

	    })();

	    // double: typed array
	    if (typeof Float64Array !== "undefined") (function() {

	        var f64 = new Float64Array([-0]),
	            f8b = new Uint8Array(f64.buffer),
	            le  = f8b[7] === 128;

	        function writeDouble_f64_cpy(val, buf, pos) {
	            f64[0] = val;
	            buf[pos    ] = f8b[0];
	            buf[pos + 1] = f8b[1];
	            buf[pos + 2] = f8b[2];
	            buf[pos + 3] = f8b[3];
	            buf[pos + 4] = f8b[4];
	            buf[pos + 5] = f8b[5];
	            buf[pos + 6] = f8b[6];
	            buf[pos + 7] = f8b[7];
	        }

	        function writeDouble_f64_rev(val, buf, pos) {
	            f64[0] = val;
	            buf[pos    ] = f8b[7];
	            buf[pos + 1] = f8b[6];
	            buf[pos + 2] = f8b[5];
	            buf[pos + 3] = f8b[4];
	            buf[pos + 4] = f8b[3];
	            buf[pos + 5] = f8b[2];
	            buf[pos + 6] = f8b[1];
	            buf[pos + 7] = f8b[0];
	        }

	        /* istanbul ignore next */
	        exports.writeDoubleLE = le ? writeDouble_f64_cpy : writeDouble_f64_rev;
	        /* istanbul ignore next */
	        exports.writeDoubleBE = le ? writeDouble_f64_rev : writeDouble_f64_cpy;

	        function readDouble_f64_cpy(buf, pos) {
	            f8b[0] = buf[pos    ];
	            f8b[1] = buf[pos + 1];
	            f8b[2] = buf[pos + 2];
	            f8b[3] = buf[pos + 3];
	            f8b[4] = buf[pos + 4];
	            f8b[5] = buf[pos + 5];
	            f8b[6] = buf[pos + 6];
	            f8b[7] = buf[pos + 7];
	            return f64[0];
	        }

	        function readDouble_f64_rev(buf, pos) {
	            f8b[7] = buf[pos    ];
	            f8b[6] = buf[pos + 1];
	            f8b[5] = buf[pos + 2];
	            f8b[4] = buf[pos + 3];
	            f8b[3] = buf[pos + 4];
	            f8b[2] = buf[pos + 5];
	            f8b[1] = buf[pos + 6];
	            f8b[0] = buf[pos + 7];
	            return f64[0];
	        }

	        /* istanbul ignore next */
	        exports.readDoubleLE = le ? readDouble_f64_cpy : readDouble_f64_rev;
	        /* istanbul ignore next */
	        exports.readDoubleBE = le ? readDouble_f64_rev : readDouble_f64_cpy;

	    // double: ieee754
	    })(); else (function() {

	        function writeDouble_ieee754(writeUint, off0, off1, val, buf, pos) {
	            var sign = val < 0 ? 1 : 0;
	            if (sign)
	                val = -val;
	            if (val === 0) {
	                writeUint(0, buf, pos + off0);
	                writeUint(1 / val > 0 ? /* positive */ 0 : /* negative 0 */ 2147483648, buf, pos + off1);
	            } else if (isNaN(val)) {
	                writeUint(0, buf, pos + off0);
	                writeUint(2146959360, buf, pos + off1);
	            } else if (val > 1.7976931348623157e+308) { // +-Infinity
	                writeUint(0, buf, pos + off0);
	                writeUint((sign << 31 | 2146435072) >>> 0, buf, pos + off1);
	            } else {
	                var mantissa;
	                if (val < 2.2250738585072014e-308) { // denormal
	                    mantissa = val / 5e-324;
	                    writeUint(mantissa >>> 0, buf, pos + off0);
	                    writeUint((sign << 31 | mantissa / 4294967296) >>> 0, buf, pos + off1);
	                } else {
	                    var exponent = Math.floor(Math.log(val) / Math.LN2);
	                    if (exponent === 1024)
	                        exponent = 1023;
	                    mantissa = val * Math.pow(2, -exponent);
	                    writeUint(mantissa * 4503599627370496 >>> 0, buf, pos + off0);
	                    writeUint((sign << 31 | exponent + 1023 << 20 | mantissa * 1048576 & 1048575) >>> 0, buf, pos + off1);
	                }
	            }
	        }

	        exports.writeDoubleLE = writeDouble_ieee754.bind(null, writeUintLE, 0, 4);
	        exports.writeDoubleBE = writeDouble_ieee754.bind(null, writeUintBE, 4, 0);

	        function readDouble_ieee754(readUint, off0, off1, buf, pos) {
	            var lo = readUint(buf, pos + off0),
	                hi = readUint(buf, pos + off1);
	            var sign = (hi >> 31) * 2 + 1,
	                exponent = hi >>> 20 & 2047,
	                mantissa = 4294967296 * (hi & 1048575) + lo;
	            return exponent === 2047
	                ? mantissa
	                ? NaN
	                : sign * Infinity
	                : exponent === 0 // denormal
	                ? sign * 5e-324 * mantissa
	                : sign * Math.pow(2, exponent - 1075) * (mantissa + 4503599627370496);
	        }

	        exports.readDoubleLE = readDouble_ieee754.bind(null, readUintLE, 0, 4);
	        exports.readDoubleBE = readDouble_ieee754.bind(null, readUintBE, 4, 0);

	    })();

	    return exports;
	}

	// uint helpers

	function writeUintLE(val, buf, pos) {
	    buf[pos    ] =  val        & 255;
	    buf[pos + 1] =  val >>> 8  & 255;
	    buf[pos + 2] =  val >>> 16 & 255;
	    buf[pos + 3] =  val >>> 24;
	}

	function writeUintBE(val, buf, pos) {
	    buf[pos    ] =  val >>> 24;
	    buf[pos + 1] =  val >>> 16 & 255;
	    buf[pos + 2] =  val >>> 8  & 255;
	    buf[pos + 3] =  val        & 255;
	}

	function readUintLE(buf, pos) {
	    return (buf[pos    ]
	          | buf[pos + 1] << 8
	          | buf[pos + 2] << 16
	          | buf[pos + 3] << 24) >>> 0;
	}

	function readUintBE(buf, pos) {
	    return (buf[pos    ] << 24
	          | buf[pos + 1] << 16
	          | buf[pos + 2] << 8
	          | buf[pos + 3]) >>> 0;
	}
	return float;
}

var utf8 = {};

var hasRequiredUtf8;

function requireUtf8 () {
	if (hasRequiredUtf8) return utf8;
	hasRequiredUtf8 = 1;
	(function (exports) {

		/**
		 * A minimal UTF8 implementation.
		 * @memberof util
		 * @namespace
		 */
		var utf8 = exports,
		    looseDecoder = new TextDecoder("utf-8", { ignoreBOM: true }),
		    strictDecoder;
		var TEXT_DECODER_MIN_LENGTH = 64;

		try {
		    strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
		} catch (err) {
		    // "fatal" option is not supported on Node.js compiled without ICU
		    strictDecoder = looseDecoder;
		}

		/**
		 * Calculates the UTF8 byte length of a string.
		 * @param {string} string String
		 * @returns {number} Byte length
		 */
		utf8.length = function utf8_length(string) {
		    var len = 0,
		        c = 0;
		    for (var i = 0; i < string.length; ++i) {
		        c = string.charCodeAt(i);
		        if (c < 128)
		            len += 1;
		        else if (c < 2048)
		            len += 2;
		        else if ((c & 0xFC00) === 0xD800 && (string.charCodeAt(i + 1) & 0xFC00) === 0xDC00) {
		            ++i;
		            len += 4;
		        } else
		            len += 3;
		    }
		    return len;
		};

		function utf8_read_decoder(decoder, buffer, start, end) {
		    var source = start === 0 && end === buffer.length
		        ? buffer
		        : buffer.subarray(start, end);
		    return decoder.decode(source);
		}

		/**
		 * Reads UTF8 bytes as a string.
		 * @param {Uint8Array} buffer Source buffer
		 * @param {number} start Source start
		 * @param {number} end Source end
		 * @returns {string} String read
		 */
		utf8.read = function utf8_read_loose(buffer, start, end) {
		    if (end - start < 1)
		        return "";
		    if (end - start >= TEXT_DECODER_MIN_LENGTH)
		        return utf8_read_decoder(looseDecoder, buffer, start, end);

		    var str = "",
		        i = start,
		        c1, c2, c3, c4, c5, c6, c7, c8;

		    for (; i + 7 < end; i += 8) {
		        c1 = buffer[i];
		        c2 = buffer[i + 1];
		        c3 = buffer[i + 2];
		        c4 = buffer[i + 3];
		        c5 = buffer[i + 4];
		        c6 = buffer[i + 5];
		        c7 = buffer[i + 6];
		        c8 = buffer[i + 7];
		        if ((c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8) & 0x80)
		            return str + utf8_read_decoder(looseDecoder, buffer, i, end);
		        str += String.fromCharCode(c1, c2, c3, c4, c5, c6, c7, c8);
		    }

		    for (; i < end; ++i) {
		        c1 = buffer[i];
		        if (c1 & 0x80)
		            return str + utf8_read_decoder(looseDecoder, buffer, i, end);
		        str += String.fromCharCode(c1);
		    }

		    return str;
		};

		/**
		 * Reads UTF8 bytes as a string, rejecting invalid UTF8.
		 * @param {Uint8Array} buffer Source buffer
		 * @param {number} start Source start
		 * @param {number} end Source end
		 * @returns {string} String read
		 */
		utf8.readStrict = function utf8_read_strict(buffer, start, end) {
		    if (end - start < 1)
		        return "";
		    if (end - start >= TEXT_DECODER_MIN_LENGTH)
		        return utf8_read_decoder(strictDecoder, buffer, start, end);

		    var str = "",
		        i = start,
		        c1, c2, c3, c4, c5, c6, c7, c8;

		    for (; i + 7 < end; i += 8) {
		        c1 = buffer[i];
		        c2 = buffer[i + 1];
		        c3 = buffer[i + 2];
		        c4 = buffer[i + 3];
		        c5 = buffer[i + 4];
		        c6 = buffer[i + 5];
		        c7 = buffer[i + 6];
		        c8 = buffer[i + 7];
		        if ((c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8) & 0x80)
		            return str + utf8_read_decoder(strictDecoder, buffer, i, end);
		        str += String.fromCharCode(c1, c2, c3, c4, c5, c6, c7, c8);
		    }

		    for (; i < end; ++i) {
		        c1 = buffer[i];
		        if (c1 & 0x80)
		            return str + utf8_read_decoder(strictDecoder, buffer, i, end);
		        str += String.fromCharCode(c1);
		    }

		    return str;
		};

		/**
		 * Writes a string as UTF8 bytes.
		 * @param {string} string Source string
		 * @param {Uint8Array} buffer Destination buffer
		 * @param {number} offset Destination offset
		 * @returns {number} Bytes written
		 */
		utf8.write = function utf8_write(string, buffer, offset) {
		    var start = offset,
		        c1, // character 1
		        c2; // character 2
		    for (var i = 0; i < string.length; ++i) {
		        c1 = string.charCodeAt(i);
		        if (c1 < 128) {
		            buffer[offset++] = c1;
		        } else if (c1 < 2048) {
		            buffer[offset++] = c1 >> 6       | 192;
		            buffer[offset++] = c1       & 63 | 128;
		        } else if ((c1 & 0xFC00) === 0xD800 && ((c2 = string.charCodeAt(i + 1)) & 0xFC00) === 0xDC00) {
		            c1 = 0x10000 + ((c1 & 0x03FF) << 10) + (c2 & 0x03FF);
		            ++i;
		            buffer[offset++] = c1 >> 18      | 240;
		            buffer[offset++] = c1 >> 12 & 63 | 128;
		            buffer[offset++] = c1 >> 6  & 63 | 128;
		            buffer[offset++] = c1       & 63 | 128;
		        } else {
		            buffer[offset++] = c1 >> 12      | 224;
		            buffer[offset++] = c1 >> 6  & 63 | 128;
		            buffer[offset++] = c1       & 63 | 128;
		        }
		    }
		    return offset - start;
		}; 
	} (utf8));
	return utf8;
}

var pool_1;
var hasRequiredPool;

function requirePool () {
	if (hasRequiredPool) return pool_1;
	hasRequiredPool = 1;
	pool_1 = pool;

	/**
	 * An allocator as used by {@link util.pool}.
	 * @typedef PoolAllocator
	 * @type {function}
	 * @param {number} size Buffer size
	 * @returns {Uint8Array} Buffer
	 */

	/**
	 * A slicer as used by {@link util.pool}.
	 * @typedef PoolSlicer
	 * @type {function}
	 * @param {number} start Start offset
	 * @param {number} end End offset
	 * @returns {Uint8Array} Buffer slice
	 * @this Uint8Array
	 */

	/**
	 * A general purpose buffer pool.
	 * @memberof util
	 * @function
	 * @param {PoolAllocator} alloc Allocator
	 * @param {PoolSlicer} slice Slicer
	 * @param {number} [size=8192] Slab size
	 * @returns {PoolAllocator} Pooled allocator
	 */
	function pool(alloc, slice, size) {
	    var SIZE   = size || 8192;
	    var MAX    = SIZE >>> 1;
	    var slab   = null;
	    var offset = SIZE;
	    return function pool_alloc(size) {
	        if (size < 1 || size > MAX)
	            return alloc(size);
	        if (offset + size > SIZE) {
	            slab = alloc(SIZE);
	            offset = 0;
	        }
	        var buf = slice.call(slab, offset, offset += size);
	        if (offset & 7) // align to 32 bit
	            offset = (offset | 7) + 1;
	        return buf;
	    };
	}
	return pool_1;
}

var longbits;
var hasRequiredLongbits;

function requireLongbits () {
	if (hasRequiredLongbits) return longbits;
	hasRequiredLongbits = 1;
	longbits = LongBits;

	var Long;

	/**
	 * Constructs new long bits.
	 * @classdesc Helper class for working with the low and high bits of a 64 bit value.
	 * @memberof util
	 * @constructor
	 * @param {number} lo Low 32 bits, unsigned
	 * @param {number} hi High 32 bits, unsigned
	 */
	function LongBits(lo, hi) {

	    // note that the casts below are theoretically unnecessary as of today, but older statically
	    // generated converter code might still call the ctor with signed 32bits. kept for compat.

	    /**
	     * Low bits.
	     * @type {number}
	     */
	    this.lo = lo >>> 0;

	    /**
	     * High bits.
	     * @type {number}
	     */
	    this.hi = hi >>> 0;
	}

	/**
	 * Zero bits.
	 * @memberof util.LongBits
	 * @type {util.LongBits}
	 */
	var zero = LongBits.zero = new LongBits(0, 0);

	zero.toNumber = function() { return 0; };
	zero.zzEncode = zero.zzDecode = function() { return this; };
	zero.length = function() { return 1; };

	/**
	 * Zero hash.
	 * @memberof util.LongBits
	 * @type {string}
	 */
	var zeroHash = LongBits.zeroHash = "\0\0\0\0\0\0\0\0";

	/**
	 * Constructs new long bits from the specified number.
	 * @param {number} value Value
	 * @returns {util.LongBits} Instance
	 */
	LongBits.fromNumber = function fromNumber(value) {
	    if (value === 0)
	        return zero;
	    var sign = value < 0;
	    if (sign)
	        value = -value;
	    var lo = value >>> 0,
	        hi = (value - lo) / 4294967296 >>> 0;
	    if (sign) {
	        hi = ~hi >>> 0;
	        lo = ~lo >>> 0;
	        if (++lo > 4294967295) {
	            lo = 0;
	            if (++hi > 4294967295)
	                hi = 0;
	        }
	    }
	    return new LongBits(lo, hi);
	};

	/**
	 * Constructs new long bits from a number, long or string.
	 * @param {Long|number|string} value Value
	 * @returns {util.LongBits} Instance
	 */
	LongBits.from = function from(value) {
	    if (typeof value === "number")
	        return LongBits.fromNumber(value);
	    if (typeof value === "string" || value instanceof String) {
	        /* istanbul ignore else */
	        if (Long)
	            value = Long.fromString(value);
	        else
	            return LongBits.fromNumber(parseInt(value, 10));
	    }
	    return value.low || value.high ? new LongBits(value.low >>> 0, value.high >>> 0) : zero;
	};

	/**
	 * Converts this long bits to a possibly unsafe JavaScript number.
	 * @param {boolean} [unsigned=false] Whether unsigned or not
	 * @returns {number} Possibly unsafe number
	 */
	LongBits.prototype.toNumber = function toNumber(unsigned) {
	    if (!unsigned && this.hi >>> 31) {
	        var lo = ~this.lo + 1 >>> 0,
	            hi = ~this.hi     >>> 0;
	        if (!lo)
	            hi = hi + 1 >>> 0;
	        return -(lo + hi * 4294967296);
	    }
	    return this.lo + this.hi * 4294967296;
	};

	/**
	 * Converts this long bits to a long.
	 * @param {boolean} [unsigned=false] Whether unsigned or not
	 * @returns {Long} Long
	 */
	LongBits.prototype.toLong = function toLong(unsigned) {
	    return Long
	        ? new Long(this.lo | 0, this.hi | 0, Boolean(unsigned))
	        /* istanbul ignore next */
	        : { low: this.lo | 0, high: this.hi | 0, unsigned: Boolean(unsigned) };
	};

	var charCodeAt = String.prototype.charCodeAt;

	/**
	 * Constructs new long bits from the specified 8 characters long hash.
	 * @param {string} hash Hash
	 * @returns {util.LongBits} Bits
	 */
	LongBits.fromHash = function fromHash(hash) {
	    if (hash === zeroHash)
	        return zero;
	    return new LongBits(
	        ( charCodeAt.call(hash, 0)
	        | charCodeAt.call(hash, 1) << 8
	        | charCodeAt.call(hash, 2) << 16
	        | charCodeAt.call(hash, 3) << 24) >>> 0
	    ,
	        ( charCodeAt.call(hash, 4)
	        | charCodeAt.call(hash, 5) << 8
	        | charCodeAt.call(hash, 6) << 16
	        | charCodeAt.call(hash, 7) << 24) >>> 0
	    );
	};

	/**
	 * Converts this long bits to a 8 characters long hash.
	 * @returns {string} Hash
	 */
	LongBits.prototype.toHash = function toHash() {
	    return String.fromCharCode(
	        this.lo        & 255,
	        this.lo >>> 8  & 255,
	        this.lo >>> 16 & 255,
	        this.lo >>> 24      ,
	        this.hi        & 255,
	        this.hi >>> 8  & 255,
	        this.hi >>> 16 & 255,
	        this.hi >>> 24
	    );
	};

	/**
	 * Zig-zag encodes this long bits.
	 * @returns {util.LongBits} `this`
	 */
	LongBits.prototype.zzEncode = function zzEncode() {
	    var mask =   this.hi >> 31;
	    this.hi  = ((this.hi << 1 | this.lo >>> 31) ^ mask) >>> 0;
	    this.lo  = ( this.lo << 1                   ^ mask) >>> 0;
	    return this;
	};

	/**
	 * Zig-zag decodes this long bits.
	 * @returns {util.LongBits} `this`
	 */
	LongBits.prototype.zzDecode = function zzDecode() {
	    var mask = -(this.lo & 1);
	    this.lo  = ((this.lo >>> 1 | this.hi << 31) ^ mask) >>> 0;
	    this.hi  = ( this.hi >>> 1                  ^ mask) >>> 0;
	    return this;
	};

	/**
	 * Calculates the length of this longbits when encoded as a varint.
	 * @returns {number} Length
	 */
	LongBits.prototype.length = function length() {
	    var part0 =  this.lo,
	        part1 = (this.lo >>> 28 | this.hi << 4) >>> 0,
	        part2 =  this.hi >>> 24;
	    return part2 === 0
	         ? part1 === 0
	           ? part0 < 16384
	             ? part0 < 128 ? 1 : 2
	             : part0 < 2097152 ? 3 : 4
	           : part1 < 16384
	             ? part1 < 128 ? 5 : 6
	             : part1 < 2097152 ? 7 : 8
	         : part2 < 128 ? 9 : 10;
	};

	LongBits._configure = function(Long_) {
	    Long = Long_;
	};
	return longbits;
}

var umd$1 = {exports: {}};

var umd = umd$1.exports;

var hasRequiredUmd;

function requireUmd () {
	if (hasRequiredUmd) return umd$1.exports;
	hasRequiredUmd = 1;
	(function (module, exports) {
		// GENERATED FILE. DO NOT EDIT.
		(function (global, factory) {
		  function preferDefault(exports) {
		    return exports.default || exports;
		  }
		  {
		    factory(exports);
		    module.exports = preferDefault(exports);
		  }
		})(
		  typeof globalThis !== "undefined"
		    ? globalThis
		    : typeof self !== "undefined"
		      ? self
		      : umd,
		  function (_exports) {

		    Object.defineProperty(_exports, "__esModule", {
		      value: true,
		    });
		    _exports.default = void 0;
		    /**
		     * @license
		     * Copyright 2009 The Closure Library Authors
		     * Copyright 2020 Daniel Wirtz / The long.js Authors.
		     *
		     * Licensed under the Apache License, Version 2.0 (the "License");
		     * you may not use this file except in compliance with the License.
		     * You may obtain a copy of the License at
		     *
		     *     http://www.apache.org/licenses/LICENSE-2.0
		     *
		     * Unless required by applicable law or agreed to in writing, software
		     * distributed under the License is distributed on an "AS IS" BASIS,
		     * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
		     * See the License for the specific language governing permissions and
		     * limitations under the License.
		     *
		     * SPDX-License-Identifier: Apache-2.0
		     */

		    // WebAssembly optimizations to do native i64 multiplication and divide
		    var wasm = null;
		    try {
		      wasm = new WebAssembly.Instance(
		        new WebAssembly.Module(
		          new Uint8Array([
		            // \0asm
		            0, 97, 115, 109,
		            // version 1
		            1, 0, 0, 0,
		            // section "type"
		            1, 13, 2,
		            // 0, () => i32
		            96, 0, 1, 127,
		            // 1, (i32, i32, i32, i32) => i32
		            96, 4, 127, 127, 127, 127, 1, 127,
		            // section "function"
		            3, 7, 6,
		            // 0, type 0
		            0,
		            // 1, type 1
		            1,
		            // 2, type 1
		            1,
		            // 3, type 1
		            1,
		            // 4, type 1
		            1,
		            // 5, type 1
		            1,
		            // section "global"
		            6, 6, 1,
		            // 0, "high", mutable i32
		            127, 1, 65, 0, 11,
		            // section "export"
		            7, 50, 6,
		            // 0, "mul"
		            3, 109, 117, 108, 0, 1,
		            // 1, "div_s"
		            5, 100, 105, 118, 95, 115, 0, 2,
		            // 2, "div_u"
		            5, 100, 105, 118, 95, 117, 0, 3,
		            // 3, "rem_s"
		            5, 114, 101, 109, 95, 115, 0, 4,
		            // 4, "rem_u"
		            5, 114, 101, 109, 95, 117, 0, 5,
		            // 5, "get_high"
		            8, 103, 101, 116, 95, 104, 105, 103, 104, 0, 0,
		            // section "code"
		            10, 191, 1, 6,
		            // 0, "get_high"
		            4, 0, 35, 0, 11,
		            // 1, "mul"
		            36, 1, 1, 126, 32, 0, 173, 32, 1, 173, 66, 32, 134, 132, 32, 2, 173,
		            32, 3, 173, 66, 32, 134, 132, 126, 34, 4, 66, 32, 135, 167, 36, 0,
		            32, 4, 167, 11,
		            // 2, "div_s"
		            36, 1, 1, 126, 32, 0, 173, 32, 1, 173, 66, 32, 134, 132, 32, 2, 173,
		            32, 3, 173, 66, 32, 134, 132, 127, 34, 4, 66, 32, 135, 167, 36, 0,
		            32, 4, 167, 11,
		            // 3, "div_u"
		            36, 1, 1, 126, 32, 0, 173, 32, 1, 173, 66, 32, 134, 132, 32, 2, 173,
		            32, 3, 173, 66, 32, 134, 132, 128, 34, 4, 66, 32, 135, 167, 36, 0,
		            32, 4, 167, 11,
		            // 4, "rem_s"
		            36, 1, 1, 126, 32, 0, 173, 32, 1, 173, 66, 32, 134, 132, 32, 2, 173,
		            32, 3, 173, 66, 32, 134, 132, 129, 34, 4, 66, 32, 135, 167, 36, 0,
		            32, 4, 167, 11,
		            // 5, "rem_u"
		            36, 1, 1, 126, 32, 0, 173, 32, 1, 173, 66, 32, 134, 132, 32, 2, 173,
		            32, 3, 173, 66, 32, 134, 132, 130, 34, 4, 66, 32, 135, 167, 36, 0,
		            32, 4, 167, 11,
		          ]),
		        ),
		        {},
		      ).exports;
		    } catch {
		      // no wasm support :(
		    }

		    /**
		     * Constructs a 64 bit two's-complement integer, given its low and high 32 bit values as *signed* integers.
		     *  See the from* functions below for more convenient ways of constructing Longs.
		     * @exports Long
		     * @class A Long class for representing a 64 bit two's-complement integer value.
		     * @param {number} low The low (signed) 32 bits of the long
		     * @param {number} high The high (signed) 32 bits of the long
		     * @param {boolean=} unsigned Whether unsigned or not, defaults to signed
		     * @constructor
		     */
		    function Long(low, high, unsigned) {
		      /**
		       * The low 32 bits as a signed value.
		       * @type {number}
		       */
		      this.low = low | 0;

		      /**
		       * The high 32 bits as a signed value.
		       * @type {number}
		       */
		      this.high = high | 0;

		      /**
		       * Whether unsigned or not.
		       * @type {boolean}
		       */
		      this.unsigned = !!unsigned;
		    }

		    // The internal representation of a long is the two given signed, 32-bit values.
		    // We use 32-bit pieces because these are the size of integers on which
		    // Javascript performs bit-operations.  For operations like addition and
		    // multiplication, we split each number into 16 bit pieces, which can easily be
		    // multiplied within Javascript's floating-point representation without overflow
		    // or change in sign.
		    //
		    // In the algorithms below, we frequently reduce the negative case to the
		    // positive case by negating the input(s) and then post-processing the result.
		    // Note that we must ALWAYS check specially whether those values are MIN_VALUE
		    // (-2^63) because -MIN_VALUE == MIN_VALUE (since 2^63 cannot be represented as
		    // a positive number, it overflows back into a negative).  Not handling this
		    // case would often result in infinite recursion.
		    //
		    // Common constant values ZERO, ONE, NEG_ONE, etc. are defined below the from*
		    // methods on which they depend.

		    /**
		     * An indicator used to reliably determine if an object is a Long or not.
		     * @type {boolean}
		     * @const
		     * @private
		     */
		    Long.prototype.__isLong__;
		    Object.defineProperty(Long.prototype, "__isLong__", {
		      value: true,
		    });

		    /**
		     * @function
		     * @param {*} obj Object
		     * @returns {boolean}
		     * @inner
		     */
		    function isLong(obj) {
		      return (obj && obj["__isLong__"]) === true;
		    }

		    /**
		     * @function
		     * @param {*} value number
		     * @returns {number}
		     * @inner
		     */
		    function ctz32(value) {
		      var c = Math.clz32(value & -value);
		      return value ? 31 - c : c;
		    }

		    /**
		     * Tests if the specified object is a Long.
		     * @function
		     * @param {*} obj Object
		     * @returns {boolean}
		     */
		    Long.isLong = isLong;

		    /**
		     * A cache of the Long representations of small integer values.
		     * @type {!Object}
		     * @inner
		     */
		    var INT_CACHE = {};

		    /**
		     * A cache of the Long representations of small unsigned integer values.
		     * @type {!Object}
		     * @inner
		     */
		    var UINT_CACHE = {};

		    /**
		     * @param {number} value
		     * @param {boolean=} unsigned
		     * @returns {!Long}
		     * @inner
		     */
		    function fromInt(value, unsigned) {
		      var obj, cachedObj, cache;
		      if (unsigned) {
		        value >>>= 0;
		        if ((cache = 0 <= value && value < 256)) {
		          cachedObj = UINT_CACHE[value];
		          if (cachedObj) return cachedObj;
		        }
		        obj = fromBits(value, 0, true);
		        if (cache) UINT_CACHE[value] = obj;
		        return obj;
		      } else {
		        value |= 0;
		        if ((cache = -128 <= value && value < 128)) {
		          cachedObj = INT_CACHE[value];
		          if (cachedObj) return cachedObj;
		        }
		        obj = fromBits(value, value < 0 ? -1 : 0, false);
		        if (cache) INT_CACHE[value] = obj;
		        return obj;
		      }
		    }

		    /**
		     * Returns a Long representing the given 32 bit integer value.
		     * @function
		     * @param {number} value The 32 bit integer in question
		     * @param {boolean=} unsigned Whether unsigned or not, defaults to signed
		     * @returns {!Long} The corresponding Long value
		     */
		    Long.fromInt = fromInt;

		    /**
		     * @param {number} value
		     * @param {boolean=} unsigned
		     * @returns {!Long}
		     * @inner
		     */
		    function fromNumber(value, unsigned) {
		      if (isNaN(value)) return unsigned ? UZERO : ZERO;
		      if (unsigned) {
		        if (value < 0) return UZERO;
		        if (value >= TWO_PWR_64_DBL) return MAX_UNSIGNED_VALUE;
		      } else {
		        if (value <= -TWO_PWR_63_DBL) return MIN_VALUE;
		        if (value + 1 >= TWO_PWR_63_DBL) return MAX_VALUE;
		      }
		      if (value < 0) return fromNumber(-value, unsigned).neg();
		      return fromBits(
		        value % TWO_PWR_32_DBL | 0,
		        (value / TWO_PWR_32_DBL) | 0,
		        unsigned,
		      );
		    }

		    /**
		     * Returns a Long representing the given value, provided that it is a finite number. Otherwise, zero is returned.
		     * @function
		     * @param {number} value The number in question
		     * @param {boolean=} unsigned Whether unsigned or not, defaults to signed
		     * @returns {!Long} The corresponding Long value
		     */
		    Long.fromNumber = fromNumber;

		    /**
		     * @param {number} lowBits
		     * @param {number} highBits
		     * @param {boolean=} unsigned
		     * @returns {!Long}
		     * @inner
		     */
		    function fromBits(lowBits, highBits, unsigned) {
		      return new Long(lowBits, highBits, unsigned);
		    }

		    /**
		     * Returns a Long representing the 64 bit integer that comes by concatenating the given low and high bits. Each is
		     *  assumed to use 32 bits.
		     * @function
		     * @param {number} lowBits The low 32 bits
		     * @param {number} highBits The high 32 bits
		     * @param {boolean=} unsigned Whether unsigned or not, defaults to signed
		     * @returns {!Long} The corresponding Long value
		     */
		    Long.fromBits = fromBits;

		    /**
		     * @function
		     * @param {number} base
		     * @param {number} exponent
		     * @returns {number}
		     * @inner
		     */
		    var pow_dbl = Math.pow; // Used 4 times (4*8 to 15+4)

		    /**
		     * @param {string} str
		     * @param {(boolean|number)=} unsigned
		     * @param {number=} radix
		     * @returns {!Long}
		     * @inner
		     */
		    function fromString(str, unsigned, radix) {
		      if (str.length === 0) throw Error("empty string");
		      if (typeof unsigned === "number") {
		        // For goog.math.long compatibility
		        radix = unsigned;
		        unsigned = false;
		      } else {
		        unsigned = !!unsigned;
		      }
		      if (
		        str === "NaN" ||
		        str === "Infinity" ||
		        str === "+Infinity" ||
		        str === "-Infinity"
		      )
		        return unsigned ? UZERO : ZERO;
		      radix = radix || 10;
		      if (radix < 2 || 36 < radix) throw RangeError("radix");
		      var p;
		      if ((p = str.indexOf("-")) > 0) throw Error("interior hyphen");
		      else if (p === 0) {
		        return fromString(str.substring(1), unsigned, radix).neg();
		      }

		      // Do several (8) digits each time through the loop, so as to
		      // minimize the calls to the very expensive emulated div.
		      var radixToPower = fromNumber(pow_dbl(radix, 8));
		      var result = ZERO;
		      for (var i = 0; i < str.length; i += 8) {
		        var size = Math.min(8, str.length - i),
		          value = parseInt(str.substring(i, i + size), radix);
		        if (size < 8) {
		          var power = fromNumber(pow_dbl(radix, size));
		          result = result.mul(power).add(fromNumber(value));
		        } else {
		          result = result.mul(radixToPower);
		          result = result.add(fromNumber(value));
		        }
		      }
		      result.unsigned = unsigned;
		      return result;
		    }

		    /**
		     * Returns a Long representation of the given string, written using the specified radix.
		     * @function
		     * @param {string} str The textual representation of the Long
		     * @param {(boolean|number)=} unsigned Whether unsigned or not, defaults to signed
		     * @param {number=} radix The radix in which the text is written (2-36), defaults to 10
		     * @returns {!Long} The corresponding Long value
		     */
		    Long.fromString = fromString;

		    /**
		     * @function
		     * @param {!Long|number|string|!{low: number, high: number, unsigned: boolean}} val
		     * @param {boolean=} unsigned
		     * @returns {!Long}
		     * @inner
		     */
		    function fromValue(val, unsigned) {
		      if (typeof val === "number") return fromNumber(val, unsigned);
		      if (typeof val === "string") return fromString(val, unsigned);
		      // Throws for non-objects, converts non-instanceof Long:
		      return fromBits(
		        val.low,
		        val.high,
		        typeof unsigned === "boolean" ? unsigned : val.unsigned,
		      );
		    }

		    /**
		     * Converts the specified value to a Long using the appropriate from* function for its type.
		     * @function
		     * @param {!Long|number|bigint|string|!{low: number, high: number, unsigned: boolean}} val Value
		     * @param {boolean=} unsigned Whether unsigned or not, defaults to signed
		     * @returns {!Long}
		     */
		    Long.fromValue = fromValue;

		    // NOTE: the compiler should inline these constant values below and then remove these variables, so there should be
		    // no runtime penalty for these.

		    /**
		     * @type {number}
		     * @const
		     * @inner
		     */
		    var TWO_PWR_16_DBL = 1 << 16;

		    /**
		     * @type {number}
		     * @const
		     * @inner
		     */
		    var TWO_PWR_24_DBL = 1 << 24;

		    /**
		     * @type {number}
		     * @const
		     * @inner
		     */
		    var TWO_PWR_32_DBL = TWO_PWR_16_DBL * TWO_PWR_16_DBL;

		    /**
		     * @type {number}
		     * @const
		     * @inner
		     */
		    var TWO_PWR_64_DBL = TWO_PWR_32_DBL * TWO_PWR_32_DBL;

		    /**
		     * @type {number}
		     * @const
		     * @inner
		     */
		    var TWO_PWR_63_DBL = TWO_PWR_64_DBL / 2;

		    /**
		     * @type {!Long}
		     * @const
		     * @inner
		     */
		    var TWO_PWR_24 = fromInt(TWO_PWR_24_DBL);

		    /**
		     * @type {!Long}
		     * @inner
		     */
		    var ZERO = fromInt(0);

		    /**
		     * Signed zero.
		     * @type {!Long}
		     */
		    Long.ZERO = ZERO;

		    /**
		     * @type {!Long}
		     * @inner
		     */
		    var UZERO = fromInt(0, true);

		    /**
		     * Unsigned zero.
		     * @type {!Long}
		     */
		    Long.UZERO = UZERO;

		    /**
		     * @type {!Long}
		     * @inner
		     */
		    var ONE = fromInt(1);

		    /**
		     * Signed one.
		     * @type {!Long}
		     */
		    Long.ONE = ONE;

		    /**
		     * @type {!Long}
		     * @inner
		     */
		    var UONE = fromInt(1, true);

		    /**
		     * Unsigned one.
		     * @type {!Long}
		     */
		    Long.UONE = UONE;

		    /**
		     * @type {!Long}
		     * @inner
		     */
		    var NEG_ONE = fromInt(-1);

		    /**
		     * Signed negative one.
		     * @type {!Long}
		     */
		    Long.NEG_ONE = NEG_ONE;

		    /**
		     * @type {!Long}
		     * @inner
		     */
		    var MAX_VALUE = fromBits(0xffffffff | 0, 0x7fffffff | 0, false);

		    /**
		     * Maximum signed value.
		     * @type {!Long}
		     */
		    Long.MAX_VALUE = MAX_VALUE;

		    /**
		     * @type {!Long}
		     * @inner
		     */
		    var MAX_UNSIGNED_VALUE = fromBits(0xffffffff | 0, 0xffffffff | 0, true);

		    /**
		     * Maximum unsigned value.
		     * @type {!Long}
		     */
		    Long.MAX_UNSIGNED_VALUE = MAX_UNSIGNED_VALUE;

		    /**
		     * @type {!Long}
		     * @inner
		     */
		    var MIN_VALUE = fromBits(0, 0x80000000 | 0, false);

		    /**
		     * Minimum signed value.
		     * @type {!Long}
		     */
		    Long.MIN_VALUE = MIN_VALUE;

		    /**
		     * @alias Long.prototype
		     * @inner
		     */
		    var LongPrototype = Long.prototype;

		    /**
		     * Converts the Long to a 32 bit integer, assuming it is a 32 bit integer.
		     * @this {!Long}
		     * @returns {number}
		     */
		    LongPrototype.toInt = function toInt() {
		      return this.unsigned ? this.low >>> 0 : this.low;
		    };

		    /**
		     * Converts the Long to a the nearest floating-point representation of this value (double, 53 bit mantissa).
		     * @this {!Long}
		     * @returns {number}
		     */
		    LongPrototype.toNumber = function toNumber() {
		      if (this.unsigned)
		        return (this.high >>> 0) * TWO_PWR_32_DBL + (this.low >>> 0);
		      return this.high * TWO_PWR_32_DBL + (this.low >>> 0);
		    };

		    /**
		     * Converts the Long to a string written in the specified radix.
		     * @this {!Long}
		     * @param {number=} radix Radix (2-36), defaults to 10
		     * @returns {string}
		     * @override
		     * @throws {RangeError} If `radix` is out of range
		     */
		    LongPrototype.toString = function toString(radix) {
		      radix = radix || 10;
		      if (radix < 2 || 36 < radix) throw RangeError("radix");
		      if (this.isZero()) return "0";
		      if (this.isNegative()) {
		        // Unsigned Longs are never negative
		        if (this.eq(MIN_VALUE)) {
		          // We need to change the Long value before it can be negated, so we remove
		          // the bottom-most digit in this base and then recurse to do the rest.
		          var radixLong = fromNumber(radix),
		            div = this.div(radixLong),
		            rem1 = div.mul(radixLong).sub(this);
		          return div.toString(radix) + rem1.toInt().toString(radix);
		        } else return "-" + this.neg().toString(radix);
		      }

		      // Do several (6) digits each time through the loop, so as to
		      // minimize the calls to the very expensive emulated div.
		      var radixToPower = fromNumber(pow_dbl(radix, 6), this.unsigned),
		        rem = this;
		      var result = "";
		      while (true) {
		        var remDiv = rem.div(radixToPower),
		          intval = rem.sub(remDiv.mul(radixToPower)).toInt() >>> 0,
		          digits = intval.toString(radix);
		        rem = remDiv;
		        if (rem.isZero()) return digits + result;
		        else {
		          while (digits.length < 6) digits = "0" + digits;
		          result = "" + digits + result;
		        }
		      }
		    };

		    /**
		     * Gets the high 32 bits as a signed integer.
		     * @this {!Long}
		     * @returns {number} Signed high bits
		     */
		    LongPrototype.getHighBits = function getHighBits() {
		      return this.high;
		    };

		    /**
		     * Gets the high 32 bits as an unsigned integer.
		     * @this {!Long}
		     * @returns {number} Unsigned high bits
		     */
		    LongPrototype.getHighBitsUnsigned = function getHighBitsUnsigned() {
		      return this.high >>> 0;
		    };

		    /**
		     * Gets the low 32 bits as a signed integer.
		     * @this {!Long}
		     * @returns {number} Signed low bits
		     */
		    LongPrototype.getLowBits = function getLowBits() {
		      return this.low;
		    };

		    /**
		     * Gets the low 32 bits as an unsigned integer.
		     * @this {!Long}
		     * @returns {number} Unsigned low bits
		     */
		    LongPrototype.getLowBitsUnsigned = function getLowBitsUnsigned() {
		      return this.low >>> 0;
		    };

		    /**
		     * Gets the number of bits needed to represent the absolute value of this Long.
		     * @this {!Long}
		     * @returns {number}
		     */
		    LongPrototype.getNumBitsAbs = function getNumBitsAbs() {
		      if (this.isNegative())
		        // Unsigned Longs are never negative
		        return this.eq(MIN_VALUE) ? 64 : this.neg().getNumBitsAbs();
		      var val = this.high != 0 ? this.high : this.low;
		      for (var bit = 31; bit > 0; bit--) if ((val & (1 << bit)) != 0) break;
		      return this.high != 0 ? bit + 33 : bit + 1;
		    };

		    /**
		     * Tests if this Long can be safely represented as a JavaScript number.
		     * @this {!Long}
		     * @returns {boolean}
		     */
		    LongPrototype.isSafeInteger = function isSafeInteger() {
		      // 2^53-1 is the maximum safe value
		      var top11Bits = this.high >> 21;
		      // [0, 2^53-1]
		      if (!top11Bits) return true;
		      // > 2^53-1
		      if (this.unsigned) return false;
		      // [-2^53, -1] except -2^53
		      return top11Bits === -1 && !(this.low === 0 && this.high === -2097152);
		    };

		    /**
		     * Tests if this Long's value equals zero.
		     * @this {!Long}
		     * @returns {boolean}
		     */
		    LongPrototype.isZero = function isZero() {
		      return this.high === 0 && this.low === 0;
		    };

		    /**
		     * Tests if this Long's value equals zero. This is an alias of {@link Long#isZero}.
		     * @returns {boolean}
		     */
		    LongPrototype.eqz = LongPrototype.isZero;

		    /**
		     * Tests if this Long's value is negative.
		     * @this {!Long}
		     * @returns {boolean}
		     */
		    LongPrototype.isNegative = function isNegative() {
		      return !this.unsigned && this.high < 0;
		    };

		    /**
		     * Tests if this Long's value is positive or zero.
		     * @this {!Long}
		     * @returns {boolean}
		     */
		    LongPrototype.isPositive = function isPositive() {
		      return this.unsigned || this.high >= 0;
		    };

		    /**
		     * Tests if this Long's value is odd.
		     * @this {!Long}
		     * @returns {boolean}
		     */
		    LongPrototype.isOdd = function isOdd() {
		      return (this.low & 1) === 1;
		    };

		    /**
		     * Tests if this Long's value is even.
		     * @this {!Long}
		     * @returns {boolean}
		     */
		    LongPrototype.isEven = function isEven() {
		      return (this.low & 1) === 0;
		    };

		    /**
		     * Tests if this Long's value equals the specified's.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.equals = function equals(other) {
		      if (!isLong(other)) other = fromValue(other);
		      if (
		        this.unsigned !== other.unsigned &&
		        this.high >>> 31 === 1 &&
		        other.high >>> 31 === 1
		      )
		        return false;
		      return this.high === other.high && this.low === other.low;
		    };

		    /**
		     * Tests if this Long's value equals the specified's. This is an alias of {@link Long#equals}.
		     * @function
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.eq = LongPrototype.equals;

		    /**
		     * Tests if this Long's value differs from the specified's.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.notEquals = function notEquals(other) {
		      return !this.eq(/* validates */ other);
		    };

		    /**
		     * Tests if this Long's value differs from the specified's. This is an alias of {@link Long#notEquals}.
		     * @function
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.neq = LongPrototype.notEquals;

		    /**
		     * Tests if this Long's value differs from the specified's. This is an alias of {@link Long#notEquals}.
		     * @function
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.ne = LongPrototype.notEquals;

		    /**
		     * Tests if this Long's value is less than the specified's.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.lessThan = function lessThan(other) {
		      return this.comp(/* validates */ other) < 0;
		    };

		    /**
		     * Tests if this Long's value is less than the specified's. This is an alias of {@link Long#lessThan}.
		     * @function
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.lt = LongPrototype.lessThan;

		    /**
		     * Tests if this Long's value is less than or equal the specified's.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.lessThanOrEqual = function lessThanOrEqual(other) {
		      return this.comp(/* validates */ other) <= 0;
		    };

		    /**
		     * Tests if this Long's value is less than or equal the specified's. This is an alias of {@link Long#lessThanOrEqual}.
		     * @function
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.lte = LongPrototype.lessThanOrEqual;

		    /**
		     * Tests if this Long's value is less than or equal the specified's. This is an alias of {@link Long#lessThanOrEqual}.
		     * @function
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.le = LongPrototype.lessThanOrEqual;

		    /**
		     * Tests if this Long's value is greater than the specified's.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.greaterThan = function greaterThan(other) {
		      return this.comp(/* validates */ other) > 0;
		    };

		    /**
		     * Tests if this Long's value is greater than the specified's. This is an alias of {@link Long#greaterThan}.
		     * @function
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.gt = LongPrototype.greaterThan;

		    /**
		     * Tests if this Long's value is greater than or equal the specified's.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.greaterThanOrEqual = function greaterThanOrEqual(other) {
		      return this.comp(/* validates */ other) >= 0;
		    };

		    /**
		     * Tests if this Long's value is greater than or equal the specified's. This is an alias of {@link Long#greaterThanOrEqual}.
		     * @function
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.gte = LongPrototype.greaterThanOrEqual;

		    /**
		     * Tests if this Long's value is greater than or equal the specified's. This is an alias of {@link Long#greaterThanOrEqual}.
		     * @function
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {boolean}
		     */
		    LongPrototype.ge = LongPrototype.greaterThanOrEqual;

		    /**
		     * Compares this Long's value with the specified's.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {number} 0 if they are the same, 1 if the this is greater and -1
		     *  if the given one is greater
		     */
		    LongPrototype.compare = function compare(other) {
		      if (!isLong(other)) other = fromValue(other);
		      if (this.eq(other)) return 0;
		      var thisNeg = this.isNegative(),
		        otherNeg = other.isNegative();
		      if (thisNeg && !otherNeg) return -1;
		      if (!thisNeg && otherNeg) return 1;
		      // At this point the sign bits are the same
		      if (!this.unsigned) return this.sub(other).isNegative() ? -1 : 1;
		      // Both are positive if at least one is unsigned
		      return other.high >>> 0 > this.high >>> 0 ||
		        (other.high === this.high && other.low >>> 0 > this.low >>> 0)
		        ? -1
		        : 1;
		    };

		    /**
		     * Compares this Long's value with the specified's. This is an alias of {@link Long#compare}.
		     * @function
		     * @param {!Long|number|bigint|string} other Other value
		     * @returns {number} 0 if they are the same, 1 if the this is greater and -1
		     *  if the given one is greater
		     */
		    LongPrototype.comp = LongPrototype.compare;

		    /**
		     * Negates this Long's value.
		     * @this {!Long}
		     * @returns {!Long} Negated Long
		     */
		    LongPrototype.negate = function negate() {
		      if (!this.unsigned && this.eq(MIN_VALUE)) return MIN_VALUE;
		      return this.not().add(ONE);
		    };

		    /**
		     * Negates this Long's value. This is an alias of {@link Long#negate}.
		     * @function
		     * @returns {!Long} Negated Long
		     */
		    LongPrototype.neg = LongPrototype.negate;

		    /**
		     * Returns the sum of this and the specified Long.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} addend Addend
		     * @returns {!Long} Sum
		     */
		    LongPrototype.add = function add(addend) {
		      if (!isLong(addend)) addend = fromValue(addend);

		      // Divide each number into 4 chunks of 16 bits, and then sum the chunks.

		      var a48 = this.high >>> 16;
		      var a32 = this.high & 0xffff;
		      var a16 = this.low >>> 16;
		      var a00 = this.low & 0xffff;
		      var b48 = addend.high >>> 16;
		      var b32 = addend.high & 0xffff;
		      var b16 = addend.low >>> 16;
		      var b00 = addend.low & 0xffff;
		      var c48 = 0,
		        c32 = 0,
		        c16 = 0,
		        c00 = 0;
		      c00 += a00 + b00;
		      c16 += c00 >>> 16;
		      c00 &= 0xffff;
		      c16 += a16 + b16;
		      c32 += c16 >>> 16;
		      c16 &= 0xffff;
		      c32 += a32 + b32;
		      c48 += c32 >>> 16;
		      c32 &= 0xffff;
		      c48 += a48 + b48;
		      c48 &= 0xffff;
		      return fromBits((c16 << 16) | c00, (c48 << 16) | c32, this.unsigned);
		    };

		    /**
		     * Returns the difference of this and the specified Long.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} subtrahend Subtrahend
		     * @returns {!Long} Difference
		     */
		    LongPrototype.subtract = function subtract(subtrahend) {
		      if (!isLong(subtrahend)) subtrahend = fromValue(subtrahend);
		      return this.add(subtrahend.neg());
		    };

		    /**
		     * Returns the difference of this and the specified Long. This is an alias of {@link Long#subtract}.
		     * @function
		     * @param {!Long|number|bigint|string} subtrahend Subtrahend
		     * @returns {!Long} Difference
		     */
		    LongPrototype.sub = LongPrototype.subtract;

		    /**
		     * Returns the product of this and the specified Long.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} multiplier Multiplier
		     * @returns {!Long} Product
		     */
		    LongPrototype.multiply = function multiply(multiplier) {
		      if (this.isZero()) return this;
		      if (!isLong(multiplier)) multiplier = fromValue(multiplier);

		      // use wasm support if present
		      if (wasm) {
		        var low = wasm["mul"](
		          this.low,
		          this.high,
		          multiplier.low,
		          multiplier.high,
		        );
		        return fromBits(low, wasm["get_high"](), this.unsigned);
		      }
		      if (multiplier.isZero()) return this.unsigned ? UZERO : ZERO;
		      if (this.eq(MIN_VALUE)) return multiplier.isOdd() ? MIN_VALUE : ZERO;
		      if (multiplier.eq(MIN_VALUE)) return this.isOdd() ? MIN_VALUE : ZERO;
		      if (this.isNegative()) {
		        if (multiplier.isNegative()) return this.neg().mul(multiplier.neg());
		        else return this.neg().mul(multiplier).neg();
		      } else if (multiplier.isNegative())
		        return this.mul(multiplier.neg()).neg();

		      // If both longs are small, use float multiplication
		      if (this.lt(TWO_PWR_24) && multiplier.lt(TWO_PWR_24))
		        return fromNumber(
		          this.toNumber() * multiplier.toNumber(),
		          this.unsigned,
		        );

		      // Divide each long into 4 chunks of 16 bits, and then add up 4x4 products.
		      // We can skip products that would overflow.

		      var a48 = this.high >>> 16;
		      var a32 = this.high & 0xffff;
		      var a16 = this.low >>> 16;
		      var a00 = this.low & 0xffff;
		      var b48 = multiplier.high >>> 16;
		      var b32 = multiplier.high & 0xffff;
		      var b16 = multiplier.low >>> 16;
		      var b00 = multiplier.low & 0xffff;
		      var c48 = 0,
		        c32 = 0,
		        c16 = 0,
		        c00 = 0;
		      c00 += a00 * b00;
		      c16 += c00 >>> 16;
		      c00 &= 0xffff;
		      c16 += a16 * b00;
		      c32 += c16 >>> 16;
		      c16 &= 0xffff;
		      c16 += a00 * b16;
		      c32 += c16 >>> 16;
		      c16 &= 0xffff;
		      c32 += a32 * b00;
		      c48 += c32 >>> 16;
		      c32 &= 0xffff;
		      c32 += a16 * b16;
		      c48 += c32 >>> 16;
		      c32 &= 0xffff;
		      c32 += a00 * b32;
		      c48 += c32 >>> 16;
		      c32 &= 0xffff;
		      c48 += a48 * b00 + a32 * b16 + a16 * b32 + a00 * b48;
		      c48 &= 0xffff;
		      return fromBits((c16 << 16) | c00, (c48 << 16) | c32, this.unsigned);
		    };

		    /**
		     * Returns the product of this and the specified Long. This is an alias of {@link Long#multiply}.
		     * @function
		     * @param {!Long|number|bigint|string} multiplier Multiplier
		     * @returns {!Long} Product
		     */
		    LongPrototype.mul = LongPrototype.multiply;

		    /**
		     * Returns this Long divided by the specified. The result is signed if this Long is signed or
		     *  unsigned if this Long is unsigned.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} divisor Divisor
		     * @returns {!Long} Quotient
		     */
		    LongPrototype.divide = function divide(divisor) {
		      if (!isLong(divisor)) divisor = fromValue(divisor);
		      if (divisor.isZero()) throw Error("division by zero");

		      // use wasm support if present
		      if (wasm) {
		        // guard against signed division overflow: the largest
		        // negative number / -1 would be 1 larger than the largest
		        // positive number, due to two's complement.
		        if (
		          !this.unsigned &&
		          this.high === -2147483648 &&
		          divisor.low === -1 &&
		          divisor.high === -1
		        ) {
		          // be consistent with non-wasm code path
		          return this;
		        }
		        var low = (this.unsigned ? wasm["div_u"] : wasm["div_s"])(
		          this.low,
		          this.high,
		          divisor.low,
		          divisor.high,
		        );
		        return fromBits(low, wasm["get_high"](), this.unsigned);
		      }
		      if (this.isZero()) return this.unsigned ? UZERO : ZERO;
		      var approx, rem, res;
		      if (!this.unsigned) {
		        // This section is only relevant for signed longs and is derived from the
		        // closure library as a whole.
		        if (this.eq(MIN_VALUE)) {
		          if (divisor.eq(ONE) || divisor.eq(NEG_ONE))
		            return MIN_VALUE; // recall that -MIN_VALUE == MIN_VALUE
		          else if (divisor.eq(MIN_VALUE)) return ONE;
		          else {
		            // At this point, we have |other| >= 2, so |this/other| < |MIN_VALUE|.
		            var halfThis = this.shr(1);
		            approx = halfThis.div(divisor).shl(1);
		            if (approx.eq(ZERO)) {
		              return divisor.isNegative() ? ONE : NEG_ONE;
		            } else {
		              rem = this.sub(divisor.mul(approx));
		              res = approx.add(rem.div(divisor));
		              return res;
		            }
		          }
		        } else if (divisor.eq(MIN_VALUE)) return this.unsigned ? UZERO : ZERO;
		        if (this.isNegative()) {
		          if (divisor.isNegative()) return this.neg().div(divisor.neg());
		          return this.neg().div(divisor).neg();
		        } else if (divisor.isNegative()) return this.div(divisor.neg()).neg();
		        res = ZERO;
		      } else {
		        // The algorithm below has not been made for unsigned longs. It's therefore
		        // required to take special care of the MSB prior to running it.
		        if (!divisor.unsigned) divisor = divisor.toUnsigned();
		        if (divisor.gt(this)) return UZERO;
		        if (divisor.gt(this.shru(1)))
		          // 15 >>> 1 = 7 ; with divisor = 8 ; true
		          return UONE;
		        res = UZERO;
		      }

		      // Repeat the following until the remainder is less than other:  find a
		      // floating-point that approximates remainder / other *from below*, add this
		      // into the result, and subtract it from the remainder.  It is critical that
		      // the approximate value is less than or equal to the real value so that the
		      // remainder never becomes negative.
		      rem = this;
		      while (rem.gte(divisor)) {
		        // Approximate the result of division. This may be a little greater or
		        // smaller than the actual value.
		        approx = Math.max(1, Math.floor(rem.toNumber() / divisor.toNumber()));

		        // We will tweak the approximate result by changing it in the 48-th digit or
		        // the smallest non-fractional digit, whichever is larger.
		        var log2 = Math.ceil(Math.log(approx) / Math.LN2),
		          delta = log2 <= 48 ? 1 : pow_dbl(2, log2 - 48),
		          // Decrease the approximation until it is smaller than the remainder.  Note
		          // that if it is too large, the product overflows and is negative.
		          approxRes = fromNumber(approx),
		          approxRem = approxRes.mul(divisor);
		        while (approxRem.isNegative() || approxRem.gt(rem)) {
		          approx -= delta;
		          approxRes = fromNumber(approx, this.unsigned);
		          approxRem = approxRes.mul(divisor);
		        }

		        // We know the answer can't be zero... and actually, zero would cause
		        // infinite recursion since we would make no progress.
		        if (approxRes.isZero()) approxRes = ONE;
		        res = res.add(approxRes);
		        rem = rem.sub(approxRem);
		      }
		      return res;
		    };

		    /**
		     * Returns this Long divided by the specified. This is an alias of {@link Long#divide}.
		     * @function
		     * @param {!Long|number|bigint|string} divisor Divisor
		     * @returns {!Long} Quotient
		     */
		    LongPrototype.div = LongPrototype.divide;

		    /**
		     * Returns this Long modulo the specified.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} divisor Divisor
		     * @returns {!Long} Remainder
		     */
		    LongPrototype.modulo = function modulo(divisor) {
		      if (!isLong(divisor)) divisor = fromValue(divisor);

		      // use wasm support if present
		      if (wasm) {
		        var low = (this.unsigned ? wasm["rem_u"] : wasm["rem_s"])(
		          this.low,
		          this.high,
		          divisor.low,
		          divisor.high,
		        );
		        return fromBits(low, wasm["get_high"](), this.unsigned);
		      }
		      return this.sub(this.div(divisor).mul(divisor));
		    };

		    /**
		     * Returns this Long modulo the specified. This is an alias of {@link Long#modulo}.
		     * @function
		     * @param {!Long|number|bigint|string} divisor Divisor
		     * @returns {!Long} Remainder
		     */
		    LongPrototype.mod = LongPrototype.modulo;

		    /**
		     * Returns this Long modulo the specified. This is an alias of {@link Long#modulo}.
		     * @function
		     * @param {!Long|number|bigint|string} divisor Divisor
		     * @returns {!Long} Remainder
		     */
		    LongPrototype.rem = LongPrototype.modulo;

		    /**
		     * Returns the bitwise NOT of this Long.
		     * @this {!Long}
		     * @returns {!Long}
		     */
		    LongPrototype.not = function not() {
		      return fromBits(~this.low, ~this.high, this.unsigned);
		    };

		    /**
		     * Returns count leading zeros of this Long.
		     * @this {!Long}
		     * @returns {!number}
		     */
		    LongPrototype.countLeadingZeros = function countLeadingZeros() {
		      return this.high ? Math.clz32(this.high) : Math.clz32(this.low) + 32;
		    };

		    /**
		     * Returns count leading zeros. This is an alias of {@link Long#countLeadingZeros}.
		     * @function
		     * @param {!Long}
		     * @returns {!number}
		     */
		    LongPrototype.clz = LongPrototype.countLeadingZeros;

		    /**
		     * Returns count trailing zeros of this Long.
		     * @this {!Long}
		     * @returns {!number}
		     */
		    LongPrototype.countTrailingZeros = function countTrailingZeros() {
		      return this.low ? ctz32(this.low) : ctz32(this.high) + 32;
		    };

		    /**
		     * Returns count trailing zeros. This is an alias of {@link Long#countTrailingZeros}.
		     * @function
		     * @param {!Long}
		     * @returns {!number}
		     */
		    LongPrototype.ctz = LongPrototype.countTrailingZeros;

		    /**
		     * Returns the bitwise AND of this Long and the specified.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} other Other Long
		     * @returns {!Long}
		     */
		    LongPrototype.and = function and(other) {
		      if (!isLong(other)) other = fromValue(other);
		      return fromBits(
		        this.low & other.low,
		        this.high & other.high,
		        this.unsigned,
		      );
		    };

		    /**
		     * Returns the bitwise OR of this Long and the specified.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} other Other Long
		     * @returns {!Long}
		     */
		    LongPrototype.or = function or(other) {
		      if (!isLong(other)) other = fromValue(other);
		      return fromBits(
		        this.low | other.low,
		        this.high | other.high,
		        this.unsigned,
		      );
		    };

		    /**
		     * Returns the bitwise XOR of this Long and the given one.
		     * @this {!Long}
		     * @param {!Long|number|bigint|string} other Other Long
		     * @returns {!Long}
		     */
		    LongPrototype.xor = function xor(other) {
		      if (!isLong(other)) other = fromValue(other);
		      return fromBits(
		        this.low ^ other.low,
		        this.high ^ other.high,
		        this.unsigned,
		      );
		    };

		    /**
		     * Returns this Long with bits shifted to the left by the given amount.
		     * @this {!Long}
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Shifted Long
		     */
		    LongPrototype.shiftLeft = function shiftLeft(numBits) {
		      if (isLong(numBits)) numBits = numBits.toInt();
		      if ((numBits &= 63) === 0) return this;
		      else if (numBits < 32)
		        return fromBits(
		          this.low << numBits,
		          (this.high << numBits) | (this.low >>> (32 - numBits)),
		          this.unsigned,
		        );
		      else return fromBits(0, this.low << (numBits - 32), this.unsigned);
		    };

		    /**
		     * Returns this Long with bits shifted to the left by the given amount. This is an alias of {@link Long#shiftLeft}.
		     * @function
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Shifted Long
		     */
		    LongPrototype.shl = LongPrototype.shiftLeft;

		    /**
		     * Returns this Long with bits arithmetically shifted to the right by the given amount.
		     * @this {!Long}
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Shifted Long
		     */
		    LongPrototype.shiftRight = function shiftRight(numBits) {
		      if (isLong(numBits)) numBits = numBits.toInt();
		      if ((numBits &= 63) === 0) return this;
		      else if (numBits < 32)
		        return fromBits(
		          (this.low >>> numBits) | (this.high << (32 - numBits)),
		          this.high >> numBits,
		          this.unsigned,
		        );
		      else
		        return fromBits(
		          this.high >> (numBits - 32),
		          this.high >= 0 ? 0 : -1,
		          this.unsigned,
		        );
		    };

		    /**
		     * Returns this Long with bits arithmetically shifted to the right by the given amount. This is an alias of {@link Long#shiftRight}.
		     * @function
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Shifted Long
		     */
		    LongPrototype.shr = LongPrototype.shiftRight;

		    /**
		     * Returns this Long with bits logically shifted to the right by the given amount.
		     * @this {!Long}
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Shifted Long
		     */
		    LongPrototype.shiftRightUnsigned = function shiftRightUnsigned(numBits) {
		      if (isLong(numBits)) numBits = numBits.toInt();
		      if ((numBits &= 63) === 0) return this;
		      if (numBits < 32)
		        return fromBits(
		          (this.low >>> numBits) | (this.high << (32 - numBits)),
		          this.high >>> numBits,
		          this.unsigned,
		        );
		      if (numBits === 32) return fromBits(this.high, 0, this.unsigned);
		      return fromBits(this.high >>> (numBits - 32), 0, this.unsigned);
		    };

		    /**
		     * Returns this Long with bits logically shifted to the right by the given amount. This is an alias of {@link Long#shiftRightUnsigned}.
		     * @function
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Shifted Long
		     */
		    LongPrototype.shru = LongPrototype.shiftRightUnsigned;

		    /**
		     * Returns this Long with bits logically shifted to the right by the given amount. This is an alias of {@link Long#shiftRightUnsigned}.
		     * @function
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Shifted Long
		     */
		    LongPrototype.shr_u = LongPrototype.shiftRightUnsigned;

		    /**
		     * Returns this Long with bits rotated to the left by the given amount.
		     * @this {!Long}
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Rotated Long
		     */
		    LongPrototype.rotateLeft = function rotateLeft(numBits) {
		      var b;
		      if (isLong(numBits)) numBits = numBits.toInt();
		      if ((numBits &= 63) === 0) return this;
		      if (numBits === 32) return fromBits(this.high, this.low, this.unsigned);
		      if (numBits < 32) {
		        b = 32 - numBits;
		        return fromBits(
		          (this.low << numBits) | (this.high >>> b),
		          (this.high << numBits) | (this.low >>> b),
		          this.unsigned,
		        );
		      }
		      numBits -= 32;
		      b = 32 - numBits;
		      return fromBits(
		        (this.high << numBits) | (this.low >>> b),
		        (this.low << numBits) | (this.high >>> b),
		        this.unsigned,
		      );
		    };
		    /**
		     * Returns this Long with bits rotated to the left by the given amount. This is an alias of {@link Long#rotateLeft}.
		     * @function
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Rotated Long
		     */
		    LongPrototype.rotl = LongPrototype.rotateLeft;

		    /**
		     * Returns this Long with bits rotated to the right by the given amount.
		     * @this {!Long}
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Rotated Long
		     */
		    LongPrototype.rotateRight = function rotateRight(numBits) {
		      var b;
		      if (isLong(numBits)) numBits = numBits.toInt();
		      if ((numBits &= 63) === 0) return this;
		      if (numBits === 32) return fromBits(this.high, this.low, this.unsigned);
		      if (numBits < 32) {
		        b = 32 - numBits;
		        return fromBits(
		          (this.high << b) | (this.low >>> numBits),
		          (this.low << b) | (this.high >>> numBits),
		          this.unsigned,
		        );
		      }
		      numBits -= 32;
		      b = 32 - numBits;
		      return fromBits(
		        (this.low << b) | (this.high >>> numBits),
		        (this.high << b) | (this.low >>> numBits),
		        this.unsigned,
		      );
		    };
		    /**
		     * Returns this Long with bits rotated to the right by the given amount. This is an alias of {@link Long#rotateRight}.
		     * @function
		     * @param {number|!Long} numBits Number of bits
		     * @returns {!Long} Rotated Long
		     */
		    LongPrototype.rotr = LongPrototype.rotateRight;

		    /**
		     * Converts this Long to signed.
		     * @this {!Long}
		     * @returns {!Long} Signed long
		     */
		    LongPrototype.toSigned = function toSigned() {
		      if (!this.unsigned) return this;
		      return fromBits(this.low, this.high, false);
		    };

		    /**
		     * Converts this Long to unsigned.
		     * @this {!Long}
		     * @returns {!Long} Unsigned long
		     */
		    LongPrototype.toUnsigned = function toUnsigned() {
		      if (this.unsigned) return this;
		      return fromBits(this.low, this.high, true);
		    };

		    /**
		     * Converts this Long to its byte representation.
		     * @param {boolean=} le Whether little or big endian, defaults to big endian
		     * @this {!Long}
		     * @returns {!Array.<number>} Byte representation
		     */
		    LongPrototype.toBytes = function toBytes(le) {
		      return le ? this.toBytesLE() : this.toBytesBE();
		    };

		    /**
		     * Converts this Long to its little endian byte representation.
		     * @this {!Long}
		     * @returns {!Array.<number>} Little endian byte representation
		     */
		    LongPrototype.toBytesLE = function toBytesLE() {
		      var hi = this.high,
		        lo = this.low;
		      return [
		        lo & 0xff,
		        (lo >>> 8) & 0xff,
		        (lo >>> 16) & 0xff,
		        lo >>> 24,
		        hi & 0xff,
		        (hi >>> 8) & 0xff,
		        (hi >>> 16) & 0xff,
		        hi >>> 24,
		      ];
		    };

		    /**
		     * Converts this Long to its big endian byte representation.
		     * @this {!Long}
		     * @returns {!Array.<number>} Big endian byte representation
		     */
		    LongPrototype.toBytesBE = function toBytesBE() {
		      var hi = this.high,
		        lo = this.low;
		      return [
		        hi >>> 24,
		        (hi >>> 16) & 0xff,
		        (hi >>> 8) & 0xff,
		        hi & 0xff,
		        lo >>> 24,
		        (lo >>> 16) & 0xff,
		        (lo >>> 8) & 0xff,
		        lo & 0xff,
		      ];
		    };

		    /**
		     * Creates a Long from its byte representation.
		     * @param {!Array.<number>} bytes Byte representation
		     * @param {boolean=} unsigned Whether unsigned or not, defaults to signed
		     * @param {boolean=} le Whether little or big endian, defaults to big endian
		     * @returns {Long} The corresponding Long value
		     */
		    Long.fromBytes = function fromBytes(bytes, unsigned, le) {
		      return le
		        ? Long.fromBytesLE(bytes, unsigned)
		        : Long.fromBytesBE(bytes, unsigned);
		    };

		    /**
		     * Creates a Long from its little endian byte representation.
		     * @param {!Array.<number>} bytes Little endian byte representation
		     * @param {boolean=} unsigned Whether unsigned or not, defaults to signed
		     * @returns {Long} The corresponding Long value
		     */
		    Long.fromBytesLE = function fromBytesLE(bytes, unsigned) {
		      return new Long(
		        bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24),
		        bytes[4] | (bytes[5] << 8) | (bytes[6] << 16) | (bytes[7] << 24),
		        unsigned,
		      );
		    };

		    /**
		     * Creates a Long from its big endian byte representation.
		     * @param {!Array.<number>} bytes Big endian byte representation
		     * @param {boolean=} unsigned Whether unsigned or not, defaults to signed
		     * @returns {Long} The corresponding Long value
		     */
		    Long.fromBytesBE = function fromBytesBE(bytes, unsigned) {
		      return new Long(
		        (bytes[4] << 24) | (bytes[5] << 16) | (bytes[6] << 8) | bytes[7],
		        (bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3],
		        unsigned,
		      );
		    };

		    // Support conversion to/from BigInt where available
		    if (typeof BigInt === "function") {
		      /**
		       * Returns a Long representing the given big integer.
		       * @function
		       * @param {number} value The big integer value
		       * @param {boolean=} unsigned Whether unsigned or not, defaults to signed
		       * @returns {!Long} The corresponding Long value
		       */
		      Long.fromBigInt = function fromBigInt(value, unsigned) {
		        var lowBits = Number(BigInt.asIntN(32, value));
		        var highBits = Number(BigInt.asIntN(32, value >> BigInt(32)));
		        return fromBits(lowBits, highBits, unsigned);
		      };

		      // Override
		      Long.fromValue = function fromValueWithBigInt(value, unsigned) {
		        if (typeof value === "bigint") return Long.fromBigInt(value, unsigned);
		        return fromValue(value, unsigned);
		      };

		      /**
		       * Converts the Long to its big integer representation.
		       * @this {!Long}
		       * @returns {bigint}
		       */
		      LongPrototype.toBigInt = function toBigInt() {
		        var lowBigInt = BigInt(this.low >>> 0);
		        var highBigInt = BigInt(this.unsigned ? this.high >>> 0 : this.high);
		        return (highBigInt << BigInt(32)) | lowBigInt;
		      };
		    }
		    (_exports.default = Long);
		  },
		); 
	} (umd$1, umd$1.exports));
	return umd$1.exports;
}

var hasRequiredMinimal;

function requireMinimal () {
	if (hasRequiredMinimal) return minimal;
	hasRequiredMinimal = 1;
	(function (exports) {
		/* global globalThis */
		var util = exports;

		// used to return a Promise where callback is omitted
		util.asPromise = requireAspromise();

		// converts to / from base64 encoded strings
		util.base64 = requireBase64();

		// base class of rpc.Service
		util.EventEmitter = requireEventemitter();

		// float handling accross browsers
		util.float = requireFloat();

		// converts to / from utf8 encoded strings
		util.utf8 = requireUtf8();

		// provides a node-like buffer pool in the browser
		util.pool = requirePool();

		// utility to work with the low and high bits of a 64 bit value
		util.LongBits = requireLongbits();

		/**
		 * Tests if the specified key can affect object prototypes.
		 * @memberof util
		 * @param {string} key Key to test
		 * @returns {boolean} `true` if the key is unsafe
		 */
		function isUnsafeProperty(key) {
		    return key === "__proto__" || key === "prototype" || key === "constructor";
		}

		util.isUnsafeProperty = isUnsafeProperty;

		/**
		 * Whether running within node or not.
		 * @memberof util
		 * @type {boolean}
		 */
		util.isNode = Boolean(typeof commonjsGlobal !== "undefined"
		                   && commonjsGlobal
		                   && commonjsGlobal.process
		                   && commonjsGlobal.process.versions
		                   && commonjsGlobal.process.versions.node);

		/**
		 * Global object reference.
		 * @memberof util
		 * @type {Object}
		 */
		util.global = util.isNode && commonjsGlobal
		           || typeof window !== "undefined" && window
		           || typeof self   !== "undefined" && self
		           || typeof globalThis !== "undefined" && globalThis
		           || minimal; // eslint-disable-line no-invalid-this

		/**
		 * An immuable empty array.
		 * @memberof util
		 * @type {Array.<*>}
		 * @const
		 */
		util.emptyArray = Object.freeze ? Object.freeze([]) : /* istanbul ignore next */ []; // used on prototypes

		/**
		 * An immutable empty object.
		 * @type {Object}
		 * @const
		 */
		util.emptyObject = Object.freeze ? Object.freeze({}) : /* istanbul ignore next */ {}; // used on prototypes

		/**
		 * Tests if the specified value is an integer.
		 * @function
		 * @param {*} value Value to test
		 * @returns {boolean} `true` if the value is an integer
		 */
		util.isInteger = Number.isInteger || /* istanbul ignore next */ function isInteger(value) {
		    return typeof value === "number" && isFinite(value) && Math.floor(value) === value;
		};

		/**
		 * Tests if the specified value is a string.
		 * @param {*} value Value to test
		 * @returns {boolean} `true` if the value is a string
		 */
		util.isString = function isString(value) {
		    return typeof value === "string" || value instanceof String;
		};

		/**
		 * Tests if the specified value is a non-null object.
		 * @param {*} value Value to test
		 * @returns {boolean} `true` if the value is a non-null object
		 */
		util.isObject = function isObject(value) {
		    return value && typeof value === "object";
		};

		/**
		 * Checks if a property on a message is considered to be present.
		 * This is an alias of {@link util.isSet}.
		 * @function
		 * @param {Object} obj Plain object or message instance
		 * @param {string} prop Property name
		 * @returns {boolean} `true` if considered to be present, otherwise `false`
		 */
		util.isset =

		/**
		 * Checks if a property on a message is considered to be present.
		 * @param {Object} obj Plain object or message instance
		 * @param {string} prop Property name
		 * @returns {boolean} `true` if considered to be present, otherwise `false`
		 */
		util.isSet = function isSet(obj, prop) {
		    var value = obj[prop];
		    if (value != null && Object.hasOwnProperty.call(obj, prop)) // eslint-disable-line eqeqeq
		        return typeof value !== "object" || (Array.isArray(value) ? value.length : Object.keys(value).length) > 0;
		    return false;
		};

		/**
		 * Any compatible Buffer instance.
		 * This is a minimal stand-alone definition of a Buffer instance. The actual type is that exported by node's typings.
		 * @interface Buffer
		 * @extends Uint8Array
		 */

		/**
		 * Node's Buffer class if available.
		 * @type {Constructor<Buffer>}
		 */
		util.Buffer = (function() {
		    try {
		        var Buffer = util.global.Buffer;
		        // refuse to use non-node buffers if not explicitly assigned (perf reasons)
		        return Buffer.prototype.utf8Write || util.isNode ? Buffer : /* istanbul ignore next */ null;
		    } catch (e) {
		        /* istanbul ignore next */
		        return null;
		    }
		})();

		/**
		 * Creates a new buffer of whatever type supported by the environment.
		 * @param {number|number[]} [sizeOrArray=0] Buffer size or number array
		 * @returns {Uint8Array|Buffer} Buffer
		 */
		util.newBuffer = function newBuffer(sizeOrArray) {
		    var Buffer = util.Buffer;
		    /* istanbul ignore next */
		    return typeof sizeOrArray === "number"
		        ? Buffer
		            ? Buffer.allocUnsafe(sizeOrArray)
		            : new Uint8Array(sizeOrArray)
		        : Buffer
		            ? Buffer.from(sizeOrArray)
		            : new Uint8Array(sizeOrArray);
		};

		/**
		 * Prepends a raw field tag to raw field data.
		 * @param {number} id Field id
		 * @param {number} wireType Wire type
		 * @param {Uint8Array} data Raw field data
		 * @returns {Uint8Array|Buffer} Raw field bytes
		 * @ignore
		 */
		util.rawField = function rawField(id, wireType, data) {
		    var out = [],
		        tag = id << 3 | wireType;
		    tag >>>= 0;
		    while (tag > 127) {
		        out.push(tag & 127 | 128);
		        tag >>>= 7;
		    }
		    out.push(tag);
		    for (var i = 0; i < data.length; ++i)
		        out.push(data[i]);
		    return util.newBuffer(out);
		};

		/**
		 * Array implementation used in the browser.
		 * @type {Constructor<Uint8Array>}
		 * @deprecated Use `Uint8Array` instead.
		 */
		util.Array = Uint8Array;

		/**
		 * Any compatible Long instance.
		 * This is a minimal stand-alone definition of a Long instance. The actual type is that exported by long.js.
		 * @interface Long
		 * @property {number} low Low bits
		 * @property {number} high High bits
		 * @property {boolean} unsigned Whether unsigned or not
		 */

		/**
		 * Long.js's Long class if available.
		 * @type {Constructor<Long>}
		 */
		util.Long = /* istanbul ignore next */ util.global.dcodeIO && /* istanbul ignore next */ util.global.dcodeIO.Long
		         || /* istanbul ignore next */ util.global.Long
		         || (function() {
		                try {
		                    var Long = requireUmd();
		                    return Long && Long.isLong ? Long : null;
		                } catch (e) {
		                    /* istanbul ignore next */
		                    return null;
		                }
		            })();

		/**
		 * Regular expression used to verify 2 bit (`bool`) map keys.
		 * @type {RegExp}
		 * @const
		 */
		util.key2Re = /^(?:true|false|0|1)$/;

		/**
		 * Regular expression used to verify 32 bit (`int32` etc.) map keys.
		 * @type {RegExp}
		 * @const
		 */
		util.key32Re = /^-?(?:0|[1-9][0-9]*)$/;

		/**
		 * Regular expression used to verify 64 bit (`int64` etc.) map keys.
		 * @type {RegExp}
		 * @const
		 */
		util.key64Re = /^(?:[\x00-\xff]{8}|-?(?:0|[1-9][0-9]*))$/; // eslint-disable-line no-control-regex

		/**
		 * Converts a number or long to an 8 characters long hash string.
		 * @param {Long|number} value Value to convert
		 * @returns {string} Hash
		 */
		util.longToHash = function longToHash(value) {
		    return value
		        ? util.LongBits.from(value).toHash()
		        : util.LongBits.zeroHash;
		};

		/**
		 * Converts an 8 characters long hash string to a long or number.
		 * @param {string} hash Hash
		 * @param {boolean} [unsigned=false] Whether unsigned or not
		 * @returns {Long|number} Original value
		 */
		util.longFromHash = function longFromHash(hash, unsigned) {
		    var bits = util.LongBits.fromHash(hash);
		    if (util.Long)
		        return util.Long.fromBits(bits.lo, bits.hi, unsigned);
		    return bits.toNumber(Boolean(unsigned));
		};

		/**
		 * Converts a 64 bit key to a long or number if it is an 8 characters long hash string.
		 * @param {string} key Map key
		 * @param {boolean} [unsigned=false] Whether unsigned or not
		 * @returns {Long|number|string} Original value
		 */
		util.longFromKey = function longFromKey(key, unsigned) {
		    return util.key64Re.test(key) && !util.key32Re.test(key)
		        ? util.longFromHash(key, unsigned)
		        : key;
		};

		/**
		 * Converts a boolean key to a boolean value.
		 * @param {string} key Map key
		 * @returns {boolean} Boolean value
		 */
		util.boolFromKey = function boolFromKey(key) {
		    return key === "true" || key === "1";
		};

		/**
		 * Merges the properties of the source object into the destination object.
		 * @memberof util
		 * @param {Object.<string,*>} dst Destination object
		 * @param {...(Object.<string,*>|boolean)} src Source objects, optionally followed by an `ifNotSet` flag
		 * @returns {Object.<string,*>} Destination object
		 */
		function merge(dst) { // used by converters
		    var ifNotSet = typeof arguments[arguments.length - 1] === "boolean",
		        limit = ifNotSet ? arguments.length - 1 : arguments.length;
		    ifNotSet = ifNotSet && arguments[arguments.length - 1];
		    for (var a = 1; a < limit; ++a) {
		        var src = arguments[a];
		        if (!src)
		            continue;
		        for (var keys = Object.keys(src), i = 0; i < keys.length; ++i)
		            if (!isUnsafeProperty(keys[i]) && (!ifNotSet || !Object.prototype.hasOwnProperty.call(dst, keys[i]) || dst[keys[i]] === undefined))
		                dst[keys[i]] = src[keys[i]];
		    }
		    return dst;
		}

		util.merge = merge;

		/**
		 * Schema declaration nesting limit.
		 * @memberof util
		 * @type {number}
		 */
		util.nestingLimit = 32; // protoc: MaxMessageDeclarationNestingDepth

		/**
		 * Recursion limit.
		 * @memberof util
		 * @type {number}
		 */
		util.recursionLimit = 100; // protoc: CodedInputStream::default_recursion_limit_

		/**
		 * Makes a property safe for assignment as an own property.
		 * @memberof util
		 * @param {Object.<string,*>} obj Object
		 * @param {string} key Property key
		 * @param {boolean} [enumerable=true] Whether the property should be enumerable
		 * @returns {undefined}
		 */
		util.makeProp = function makeProp(obj, key, enumerable) {
		    if (Object.prototype.hasOwnProperty.call(obj, key))
		        return;
		    Object.defineProperty(obj, key, {
		        enumerable: enumerable === undefined ? true : enumerable,
		        configurable: true,
		        writable: true
		    });
		};

		/**
		 * Converts the first character of a string to lower case.
		 * @param {string} str String to convert
		 * @returns {string} Converted string
		 */
		util.lcFirst = function lcFirst(str) {
		    return str.charAt(0).toLowerCase() + str.substring(1);
		};

		/**
		 * Creates a custom error constructor.
		 * @memberof util
		 * @param {string} name Error name
		 * @returns {Constructor<Error>} Custom error constructor
		 */
		function newError(name) {

		    function CustomError(message, properties) {

		        if (!(this instanceof CustomError))
		            return new CustomError(message, properties);

		        // Error.call(this, message);
		        // ^ just returns a new error instance because the ctor can be called as a function

		        Object.defineProperty(this, "message", { get: function() { return message; } });

		        /* istanbul ignore next */
		        if (Error.captureStackTrace) // node
		            Error.captureStackTrace(this, CustomError);
		        else
		            Object.defineProperty(this, "stack", { value: new Error().stack || "" });

		        if (properties)
		            merge(this, properties);
		    }

		    CustomError.prototype = Object.create(Error.prototype, {
		        constructor: {
		            value: CustomError,
		            writable: true,
		            enumerable: false,
		            configurable: true,
		        },
		        name: {
		            get: function get() { return name; },
		            set: undefined,
		            enumerable: false,
		            // configurable: false would accurately preserve the behavior of
		            // the original, but I'm guessing that was not intentional.
		            // For an actual error subclass, this property would
		            // be configurable.
		            configurable: true,
		        },
		        toString: {
		            value: function value() { return this.name + ": " + this.message; },
		            writable: true,
		            enumerable: false,
		            configurable: true,
		        },
		    });

		    return CustomError;
		}

		util.newError = newError;

		/**
		 * Constructs a new protocol error.
		 * @classdesc Error subclass indicating a protocol specifc error.
		 * @memberof util
		 * @extends Error
		 * @template T extends Message<T>
		 * @constructor
		 * @param {string} message Error message
		 * @param {Object.<string,*>} [properties] Additional properties
		 * @example
		 * try {
		 *     MyMessage.decode(someBuffer); // throws if required fields are missing
		 * } catch (e) {
		 *     if (e instanceof ProtocolError && e.instance)
		 *         console.log("decoded so far: " + JSON.stringify(e.instance));
		 * }
		 */
		util.ProtocolError = newError("ProtocolError");

		/**
		 * So far decoded message instance.
		 * @name util.ProtocolError#instance
		 * @type {Message<T>}
		 */

		/**
		 * A OneOf getter as returned by {@link util.oneOfGetter}.
		 * @typedef OneOfGetter
		 * @type {function}
		 * @returns {string|undefined} Set field name, if any
		 */

		/**
		 * Builds a getter for a oneof's present field name.
		 * @param {string[]} fieldNames Field names
		 * @returns {OneOfGetter} Unbound getter
		 */
		util.oneOfGetter = function getOneOf(fieldNames) {
		    var fieldMap = {};
		    for (var i = 0; i < fieldNames.length; ++i)
		        fieldMap[fieldNames[i]] = 1;

		    /**
		     * @returns {string|undefined} Set field name, if any
		     * @this Object
		     * @ignore
		     */
		    return function() { // eslint-disable-line consistent-return
		        for (var keys = Object.keys(this), i = keys.length - 1; i > -1; --i)
		            if (fieldMap[keys[i]] === 1 && this[keys[i]] !== undefined && this[keys[i]] !== null)
		                return keys[i];
		    };
		};

		/**
		 * A OneOf setter as returned by {@link util.oneOfSetter}.
		 * @typedef OneOfSetter
		 * @type {function}
		 * @param {string|undefined} value Field name
		 * @returns {undefined}
		 */

		/**
		 * Builds a setter for a oneof's present field name.
		 * @param {string[]} fieldNames Field names
		 * @returns {OneOfSetter} Unbound setter
		 */
		util.oneOfSetter = function setOneOf(fieldNames) {

		    /**
		     * @param {string} name Field name
		     * @returns {undefined}
		     * @this Object
		     * @ignore
		     */
		    return function(name) {
		        for (var i = 0; i < fieldNames.length; ++i)
		            if (fieldNames[i] !== name)
		                delete this[fieldNames[i]];
		    };
		};

		/**
		 * Default conversion options used for {@link Message#toJSON} implementations.
		 *
		 * These options are close to proto3's JSON mapping with the exception that internal types like Any are handled just like messages. More precisely:
		 *
		 * - Longs become strings
		 * - Enums become string keys
		 * - Bytes become base64 encoded strings
		 * - (Sub-)Messages become plain objects
		 * - Maps become plain objects with all string keys
		 * - Repeated fields become arrays
		 * - NaN and Infinity for float and double fields become strings
		 *
		 * @type {IConversionOptions}
		 * @see https://developers.google.com/protocol-buffers/docs/proto3?hl=en#json
		 */
		util.toJSONOptions = {
		    longs: String,
		    enums: String,
		    bytes: String,
		    json: true
		}; 
	} (minimal));
	return minimal;
}

var writer;
var hasRequiredWriter;

function requireWriter () {
	if (hasRequiredWriter) return writer;
	hasRequiredWriter = 1;
	writer = Writer;

	var util      = requireMinimal();

	var BufferWriter; // cyclic

	var LongBits  = util.LongBits,
	    base64    = util.base64,
	    utf8      = util.utf8;

	/**
	 * Constructs a new writer instance.
	 * @classdesc Wire format writer using `Uint8Array`.
	 * @constructor
	 */
	function Writer() {

	    /**
	     * Write cursor into {@link Writer#buf}.
	     * @type {number}
	     */
	    this.pos = 0;

	    /**
	     * Backing buffer.
	     * @type {Uint8Array}
	     */
	    this.buf = this.constructor.alloc(Writer.initialBufferSize);

	    /**
	     * Cached DataView over {@link Writer#buf}.
	     * @type {DataView|null}
	     */
	    this.view = null;

	    /**
	     * Stack of forked length-prefix positions.
	     * @type {Array<number>|null}
	     */
	    this.states = null;
	}

	/**
	 * Initial backing buffer size in bytes. Defaults to 128.
	 * @type {number}
	 */
	Writer.initialBufferSize = 128;

	/**
	 * Current write position.
	 * @name Writer#len
	 * @type {number}
	 * @deprecated Use {@link Writer#pos} instead.
	 */
	Object.defineProperty(Writer.prototype, "len", {
	    configurable: true,
	    enumerable: true,
	    get: function get_len() {
	        return this.pos;
	    }
	});

	var create = function create() {
	    return util.Buffer
	        ? function create_buffer_setup() {
	            return (Writer.create = function create_buffer() {
	                return new BufferWriter();
	            })();
	        }
	        /* istanbul ignore next */
	        : function create_array() {
	            return new Writer();
	        };
	};

	/**
	 * Creates a new writer.
	 * @function
	 * @returns {BufferWriter|Writer} A {@link BufferWriter} when Buffers are supported, otherwise a {@link Writer}
	 */
	Writer.create = create();

	/**
	 * Allocates a buffer of the specified size.
	 * @param {number} size Buffer size
	 * @returns {Uint8Array} Buffer
	 */
	Writer.alloc = function alloc(size) {
	    return new Uint8Array(size);
	};

	// Use Uint8Array buffer pool in the browser, just like node does with buffers
	Writer.alloc = util.pool(Writer.alloc, Uint8Array.prototype.subarray);

	/**
	 * Calculates the number of bytes a value occupies as a varint.
	 * @param {number} value Value to size (unsigned)
	 * @returns {number} Byte length (1..5)
	 * @ignore
	 */
	function sizeVarint32(value) {
	    return value         < 128       ? 1
	         : value         < 16384     ? 2
	         : value         < 2097152   ? 3
	         : value         < 268435456 ? 4
	         :                             5;
	}

	/**
	 * Ensures that at least `n` more bytes fit into the backing buffer, doubling it if not.
	 * @param {number} n Number of additional bytes required
	 * @returns {undefined}
	 * @private
	 */
	Writer.prototype._reserve = function _reserve(n) {
	    var need = this.pos + n;
	    if (need > this.buf.length) {
	        var size = this.buf.length << 1;
	        if (size < need)
	            size = need;
	        var buf = this.constructor.alloc(size);
	        buf.set(this.buf.subarray(0, this.pos), 0);
	        this.buf = buf;
	        this.view = null; // invalidate
	    }
	};

	function writeStringAscii(val, buf, pos) {
	    for (var i = 0; i < val.length;)
	        buf[pos++] = val.charCodeAt(i++);
	}

	function writeVarint32(val, buf, pos) {
	    while (val > 127) {
	        buf[pos++] = val & 127 | 128;
	        val >>>= 7;
	    }
	    buf[pos] = val;
	    return pos + 1;
	}

	/**
	 * Writes an unsigned 32 bit value as a varint.
	 * @param {number} value Value to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.uint32 = function write_uint32(value) {
	    value = value >>> 0;
	    this._reserve(5);
	    var pos = this.pos;
	    this.pos = writeVarint32(value, this.buf, pos);
	    return this;
	};

	/**
	 * Writes a signed 32 bit value as a varint.
	 * @function
	 * @param {number} value Value to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.int32 = function write_int32(value) {
	    if ((value |= 0) < 0) { // 10 bytes per spec
	        this._reserve(10);
	        writeVarint64(LongBits.fromNumber(value), this.buf, this.pos);
	        this.pos += 10;
	        return this;
	    }
	    return this.uint32(value);
	};

	/**
	 * Writes a 32 bit value as a varint, zig-zag encoded.
	 * @param {number} value Value to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.sint32 = function write_sint32(value) {
	    return this.uint32((value << 1 ^ value >> 31) >>> 0);
	};

	function writeVarint64(val, buf, pos) {
	    var lo = val.lo,
	        hi = val.hi;
	    while (hi) {
	        buf[pos++] = lo & 127 | 128;
	        lo = (lo >>> 7 | hi << 25) >>> 0;
	        hi >>>= 7;
	    }
	    while (lo > 127) {
	        buf[pos++] = lo & 127 | 128;
	        lo = lo >>> 7;
	    }
	    buf[pos] = lo;
	    return pos + 1;
	}

	/**
	 * Writes an unsigned 64 bit value as a varint.
	 * @param {Long|number|string} value Value to write
	 * @returns {Writer} `this`
	 * @throws {TypeError} If `value` is a string and no long library is present.
	 */
	Writer.prototype.uint64 = function write_uint64(value) {
	    var bits = LongBits.from(value);
	    this._reserve(10);
	    var pos = this.pos;
	    this.pos = writeVarint64(bits, this.buf, pos);
	    return this;
	};

	/**
	 * Writes a signed 64 bit value as a varint.
	 * @function
	 * @param {Long|number|string} value Value to write
	 * @returns {Writer} `this`
	 * @throws {TypeError} If `value` is a string and no long library is present.
	 */
	Writer.prototype.int64 = Writer.prototype.uint64;

	/**
	 * Writes a signed 64 bit value as a varint, zig-zag encoded.
	 * @param {Long|number|string} value Value to write
	 * @returns {Writer} `this`
	 * @throws {TypeError} If `value` is a string and no long library is present.
	 */
	Writer.prototype.sint64 = function write_sint64(value) {
	    var bits = LongBits.from(value).zzEncode();
	    this._reserve(10);
	    var pos = this.pos;
	    this.pos = writeVarint64(bits, this.buf, pos);
	    return this;
	};

	/**
	 * Writes a boolish value as a varint.
	 * @param {boolean} value Value to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.bool = function write_bool(value) {
	    this._reserve(1);
	    this.buf[this.pos++] = value ? 1 : 0;
	    return this;
	};

	function writeFixed32(val, buf, pos) {
	    buf[pos    ] =  val         & 255;
	    buf[pos + 1] =  val >>> 8   & 255;
	    buf[pos + 2] =  val >>> 16  & 255;
	    buf[pos + 3] =  val >>> 24;
	}

	/**
	 * Writes an unsigned 32 bit value as fixed 32 bits.
	 * @param {number} value Value to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.fixed32 = function write_fixed32(value) {
	    this._reserve(4);
	    writeFixed32(value >>> 0, this.buf, this.pos);
	    this.pos += 4;
	    return this;
	};

	/**
	 * Writes a signed 32 bit value as fixed 32 bits.
	 * @function
	 * @param {number} value Value to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.sfixed32 = Writer.prototype.fixed32;

	/**
	 * Writes an unsigned 64 bit value as fixed 64 bits.
	 * @param {Long|number|string} value Value to write
	 * @returns {Writer} `this`
	 * @throws {TypeError} If `value` is a string and no long library is present.
	 */
	Writer.prototype.fixed64 = function write_fixed64(value) {
	    var bits = LongBits.from(value);
	    this._reserve(8);
	    writeFixed32(bits.lo, this.buf, this.pos);
	    writeFixed32(bits.hi, this.buf, this.pos + 4);
	    this.pos += 8;
	    return this;
	};

	/**
	 * Writes a signed 64 bit value as fixed 64 bits.
	 * @function
	 * @param {Long|number|string} value Value to write
	 * @returns {Writer} `this`
	 * @throws {TypeError} If `value` is a string and no long library is present.
	 */
	Writer.prototype.sfixed64 = Writer.prototype.fixed64;

	/**
	 * Writes a float (32 bit).
	 * @function
	 * @param {number} value Value to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.float = function write_float(value) {
	    this._reserve(4);
	    util.float.writeFloatLE(value, this.buf, this.pos);
	    this.pos += 4;
	    return this;
	};

	/**
	 * Writes a double (64 bit float).
	 * @function
	 * @param {number} value Value to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.double = function write_double(value) {
	    this._reserve(8);
	    util.float.writeDoubleLE(value, this.buf, this.pos);
	    this.pos += 8;
	    return this;
	};

	/**
	 * Writes a sequence of bytes.
	 * @param {Uint8Array|string} value Buffer or base64 encoded string to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.bytes = function write_bytes(value) {
	    var len = value.length >>> 0;
	    if (!len) {
	        this._reserve(1);
	        this.buf[this.pos++] = 0;
	        return this;
	    }
	    if (util.isString(value)) {
	        var buf = Writer.alloc(len = base64.length(value));
	        base64.decode(value, buf, 0);
	        value = buf;
	    }
	    this.uint32(len);
	    this._reserve(len);
	    this.buf.set(value, this.pos);
	    this.pos += len;
	    return this;
	};

	/**
	 * Writes raw bytes without a tag or length prefix.
	 * @param {Uint8Array} value Raw bytes
	 * @returns {Writer} `this`
	 */
	Writer.prototype.raw = function write_raw(value) {
	    var len = value.length >>> 0;
	    if (!len)
	        return this;
	    this._reserve(len);
	    this.buf.set(value, this.pos);
	    this.pos += len;
	    return this;
	};

	/**
	 * Backfills the length varint.
	 * @param {number} pos Position of reserved length byte
	 * @param {number} len Length of content after length varint
	 * @returns {Writer} `this`
	 * @private
	 */
	Writer.prototype._delim = function _delim(pos, len) {
	    var n = sizeVarint32(len);
	    if (n > 1)
	        this.buf.copyWithin(pos + n, pos + 1, pos + 1 + len);
	    writeVarint32(len, this.buf, pos);
	    this.pos = pos + n + len;
	    return this;
	};

	/**
	 * Writes a string.
	 * @param {string} value Value to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.string = function write_string(value) {
	    var n = value.length;
	    if (!n) {
	        this._reserve(1);
	        this.buf[this.pos++] = 0;
	        return this;
	    }
	    if (n < 0x80) {
	        this._reserve(n * 3 + 5); // worst case
	        var lenPos = this.pos;
	        return this._delim(lenPos, utf8.write(value, this.buf, lenPos + 1));
	    }
	    var len = utf8.length(value);
	    this.uint32(len);
	    this._reserve(len);
	    if (len === value.length)
	        writeStringAscii(value, this.buf, this.pos);
	    else
	        utf8.write(value, this.buf, this.pos);
	    this.pos += len;
	    return this;
	};

	/**
	 * Writes an array of unsigned 32 bit values as a packed repeated field.
	 * @param {number[]} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.uint32s = function write_uint32s(value) {
	    var n = value.length;
	    this._reserve(n * 5 + 5); // worst case: 5 bytes per value + length varint
	    var buf = this.buf, lenPos = this.pos, p = lenPos + 1;
	    for (var i = 0; i < n; ++i)
	        p = writeVarint32(value[i] >>> 0, buf, p);
	    return this._delim(lenPos, p - lenPos - 1);
	};

	/**
	 * Writes an array of signed 32 bit values as a packed repeated field.
	 * @param {number[]} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.int32s = function write_int32s(value) {
	    var n = value.length;
	    this._reserve(n * 10 + 5); // worst case: 10 bytes per negative value + length varint
	    var buf = this.buf, lenPos = this.pos, pos = lenPos + 1, val;
	    for (var i = 0; i < n; ++i) {
	        if ((val = value[i] | 0) < 0) { // negatives are 10 bytes per spec
	            pos = writeVarint64(LongBits.fromNumber(val), buf, pos);
	        } else {
	            pos = writeVarint32(val, buf, pos);
	        }
	    }
	    return this._delim(lenPos, pos - lenPos - 1);
	};

	/**
	 * Writes an array of 32 bit values as packed, zig-zag encoded varints.
	 * @param {number[]} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.sint32s = function write_sint32s(value) {
	    var n = value.length;
	    this._reserve(n * 5 + 5);
	    var buf = this.buf, lenPos = this.pos, pos = lenPos + 1;
	    for (var i = 0; i < n; ++i)
	        pos = writeVarint32((value[i] << 1 ^ value[i] >> 31) >>> 0, buf, pos);
	    return this._delim(lenPos, pos - lenPos - 1);
	};

	/**
	 * Writes an array of unsigned 64 bit values as a packed repeated field.
	 * @param {Array.<Long|number|string>} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.uint64s = function write_uint64s(value) {
	    var n = value.length;
	    this._reserve(n * 10 + 5);
	    var buf = this.buf, lenPos = this.pos, pos = lenPos + 1;
	    for (var i = 0; i < n; ++i) {
	        pos = writeVarint64(LongBits.from(value[i]), buf, pos);
	    }
	    return this._delim(lenPos, pos - lenPos - 1);
	};

	/**
	 * Writes an array of signed 64 bit values as a packed repeated field.
	 * @function
	 * @param {Array.<Long|number|string>} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.int64s = Writer.prototype.uint64s;

	/**
	 * Writes an array of 64 bit values as packed, zig-zag encoded varints.
	 * @param {Array.<Long|number|string>} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.sint64s = function write_sint64s(value) {
	    var n = value.length;
	    this._reserve(n * 10 + 5);
	    var buf = this.buf, lenPos = this.pos, pos = lenPos + 1;
	    for (var i = 0; i < n; ++i) {
	        pos = writeVarint64(LongBits.from(value[i]).zzEncode(), buf, pos);
	    }
	    return this._delim(lenPos, pos - lenPos - 1);
	};

	/**
	 * Writes an array of boolish values as a packed repeated field.
	 * @param {boolean[]} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.bools = function write_bools(value) {
	    var n = value.length;
	    this.uint32(n); // one byte per value
	    this._reserve(n);
	    var buf = this.buf, p = this.pos;
	    for (var i = 0; i < n; ++i)
	        buf[p++] = value[i] ? 1 : 0;
	    this.pos += n;
	    return this;
	};

	// The view allocation only pays off when amortized over enough writes
	var VIEW_THRESHOLD_FLOAT = 16,
	    VIEW_THRESHOLD_INT   = 128;

	function getLazyView(writer, count, threshold) {
	    var view = writer.view;
	    if (view || count < threshold)
	        return view;
	    var buf = writer.buf;
	    return writer.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
	}

	/**
	 * Writes an array of unsigned 32 bit values as packed, fixed 32 bits.
	 * @param {number[]} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.fixed32s = function write_fixed32s(value) {
	    var n = value.length, bytes = n * 4;
	    this.uint32(bytes); // length is known exactly
	    this._reserve(bytes);
	    var p = this.pos, i, dv = getLazyView(this, n, VIEW_THRESHOLD_INT);
	    if (dv)
	        for (i = 0; i < n; ++i) { dv.setUint32(p, value[i] >>> 0, true); p += 4; }
	    else {
	        var buf = this.buf;
	        for (i = 0; i < n; ++i) { writeFixed32(value[i] >>> 0, buf, p); p += 4; }
	    }
	    this.pos += bytes;
	    return this;
	};

	/**
	 * Writes an array of signed 32 bit values as packed, fixed 32 bits.
	 * @function
	 * @param {number[]} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.sfixed32s = Writer.prototype.fixed32s;

	/**
	 * Writes an array of unsigned 64 bit values as packed, fixed 64 bits.
	 * @param {Array.<Long|number|string>} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.fixed64s = function write_fixed64s(value) {
	    var n = value.length, bytes = n * 8;
	    this.uint32(bytes);
	    this._reserve(bytes);
	    var p = this.pos, i, bits, dv = getLazyView(this, n, VIEW_THRESHOLD_INT);
	    if (dv)
	        for (i = 0; i < n; ++i) { bits = LongBits.from(value[i]); dv.setUint32(p, bits.lo, true); dv.setUint32(p + 4, bits.hi, true); p += 8; }
	    else {
	        var buf = this.buf;
	        for (i = 0; i < n; ++i) { bits = LongBits.from(value[i]); writeFixed32(bits.lo, buf, p); writeFixed32(bits.hi, buf, p + 4); p += 8; }
	    }
	    this.pos += bytes;
	    return this;
	};

	/**
	 * Writes an array of signed 64 bit values as packed, fixed 64 bits.
	 * @function
	 * @param {Array.<Long|number|string>} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.sfixed64s = Writer.prototype.fixed64s;

	/**
	 * Writes an array of floats (32 bit) as a packed repeated field.
	 * @param {number[]} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.floats = function write_floats(value) {
	    var n = value.length, bytes = n * 4;
	    this.uint32(bytes);
	    this._reserve(bytes);
	    var p = this.pos, i, dv = getLazyView(this, n, VIEW_THRESHOLD_FLOAT);
	    if (dv)
	        for (i = 0; i < n; ++i) { dv.setFloat32(p, value[i], true); p += 4; }
	    else {
	        var buf = this.buf;
	        for (i = 0; i < n; ++i) { util.float.writeFloatLE(value[i], buf, p); p += 4; }
	    }
	    this.pos += bytes;
	    return this;
	};

	/**
	 * Writes an array of doubles (64 bit float) as a packed repeated field.
	 * @param {number[]} value Values to write
	 * @returns {Writer} `this`
	 */
	Writer.prototype.doubles = function write_doubles(value) {
	    var n = value.length, bytes = n * 8;
	    this.uint32(bytes);
	    this._reserve(bytes);
	    var p = this.pos, i, dv = getLazyView(this, n, VIEW_THRESHOLD_FLOAT);
	    if (dv)
	        for (i = 0; i < n; ++i) { dv.setFloat64(p, value[i], true); p += 8; }
	    else {
	        var buf = this.buf;
	        for (i = 0; i < n; ++i) { util.float.writeDoubleLE(value[i], buf, p); p += 8; }
	    }
	    this.pos += bytes;
	    return this;
	};

	/**
	 * Forks this writer's state by pushing it to a stack.
	 * @returns {Writer} `this`
	 */
	Writer.prototype.fork = function fork() {
	    this._reserve(1);
	    (this.states || (this.states = [])).push(this.pos);
	    this.pos += 1;
	    return this;
	};

	/**
	 * Resets this instance to the last state.
	 * @returns {Writer} `this`
	 */
	Writer.prototype.reset = function reset() {
	    var states = this.states;
	    if (states && states.length) {
	        this.pos = states.pop();
	    } else {
	        this.pos = 0;
	    }
	    return this;
	};

	/**
	 * Resets to the last state and prepends the fork state's current write length as a varint.
	 * @returns {Writer} `this`
	 */
	Writer.prototype.ldelim = function ldelim() {
	    var states = this.states,
	        len,
	        vlen;
	    if (states && states.length) {
	        var lenPos = states.pop();
	        len = this.pos - lenPos - 1;
	        vlen = sizeVarint32(len);
	        if (vlen > 1) { // grow the reserved single byte and shift content forward
	            this._reserve(vlen - 1);
	            this.buf.copyWithin(lenPos + vlen, lenPos + 1, lenPos + 1 + len);
	            this.pos += vlen - 1;
	            writeVarint32(len, this.buf, lenPos);
	        } else {
	            this.buf[lenPos] = len;
	        }
	    } else { // not forked: prefix the entire buffer with its length
	        // TODO: Compatibility with older generated code.
	        // Remove this branch in the next major release.
	        len = this.pos;
	        vlen = sizeVarint32(len);
	        this._reserve(vlen);
	        this.buf.copyWithin(vlen, 0, len);
	        writeVarint32(len, this.buf, 0);
	        this.pos += vlen;
	    }
	    return this;
	};

	/**
	 * Finishes the write operation.
	 * Returns a buffer sized to the written data by default.
	 * @param {boolean} [shared=false] Whether to return a shared view instead of a unique copy
	 * @returns {Uint8Array} Finished buffer
	 */
	Writer.prototype.finish = function finish(shared) {
	    if (shared)
	        return this.buf.subarray(0, this.pos);
	    var buf = this.constructor.alloc(this.pos);
	    buf.set(this.buf.subarray(0, this.pos), 0);
	    return buf;
	};

	/**
	 * Finishes the write operation, writing into the provided buffer.
	 * The caller must ensure that `buf` has enough space starting at `offset`
	 * to hold {@link Writer#pos} bytes.
	 * @param {T} buf Target buffer
	 * @param {number} [offset=0] Offset to start writing at
	 * @returns {T} The provided buffer
	 * @template T extends Uint8Array
	 */
	Writer.prototype.finishInto = function finishInto(buf, offset) {
	    if (offset === undefined)
	        offset = 0;
	    buf.set(this.buf.subarray(0, this.pos), offset);
	    return buf;
	};

	Writer._configure = function(BufferWriter_) {
	    BufferWriter = BufferWriter_;
	    Writer.create = create();
	    BufferWriter._configure();
	};
	return writer;
}

var writer_buffer;
var hasRequiredWriter_buffer;

function requireWriter_buffer () {
	if (hasRequiredWriter_buffer) return writer_buffer;
	hasRequiredWriter_buffer = 1;
	writer_buffer = BufferWriter;

	// extends Writer
	var Writer = requireWriter();
	BufferWriter.prototype = Object.create(Writer.prototype, {
	    constructor: {
	        value: BufferWriter,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});

	var util = requireMinimal();

	/**
	 * Constructs a new buffer writer instance.
	 * @classdesc Wire format writer using node buffers.
	 * @extends Writer
	 * @constructor
	 */
	function BufferWriter() {
	    Writer.call(this);
	}

	var writeStringBuffer;

	BufferWriter._configure = function () {
	    /**
	     * Allocates a buffer of the specified size.
	     * @function
	     * @param {number} size Buffer size
	     * @returns {Buffer} Buffer
	     */
	    BufferWriter.alloc = util.Buffer && util.Buffer.allocUnsafe;

	    writeStringBuffer = util.Buffer && util.Buffer.prototype.utf8Write
	        ? function writeStringBuffer_utf8Write(val, buf, pos) {
	            return buf.utf8Write(val, pos);
	        }
	        : function writeStringBuffer_write(val, buf, pos) {
	            return buf.write(val, pos);
	        };
	};


	/**
	 * @override
	 */
	BufferWriter.prototype.bytes = function write_bytes_buffer(value) {
	    if (util.isString(value))
	        value = util.Buffer.from(value, "base64");
	    var len = value.length >>> 0;
	    this.uint32(len);
	    if (len) {
	        this._reserve(len);
	        this.buf.set(value, this.pos);
	        this.pos += len;
	    }
	    return this;
	};

	/**
	 * @override
	 */
	BufferWriter.prototype.string = function write_string_buffer(value) {
	    var n = value.length;
	    if (!n) {
	        this._reserve(1);
	        this.buf[this.pos++] = 0;
	        return this;
	    }
	    if (n < 0x80) {
	        this._reserve(n * 3 + 5); // worst case
	        var pos = this.pos,
	            buf = this.buf;
	        return this._delim(pos,
	            n < 40
	                ? util.utf8.write(value, buf, pos + 1)
	                : writeStringBuffer(value, buf, pos + 1)
	        );
	    }
	    var len = util.Buffer.byteLength(value);
	    this.uint32(len);
	    this._reserve(len);
	    writeStringBuffer(value, this.buf, this.pos);
	    this.pos += len;
	    return this;
	};


	/**
	 * Finishes the write operation.
	 * @name BufferWriter#finish
	 * @function
	 * @returns {Buffer} Finished buffer
	 */

	BufferWriter._configure();
	return writer_buffer;
}

var reader;
var hasRequiredReader;

function requireReader () {
	if (hasRequiredReader) return reader;
	hasRequiredReader = 1;
	reader = Reader;

	var util      = requireMinimal();

	var BufferReader; // cyclic

	var LongBits  = util.LongBits,
	    utf8      = util.utf8;

	/* istanbul ignore next */
	function indexOutOfRange(reader, writeLength) {
	    return RangeError("index out of range: " + reader.pos + " + " + (writeLength || 1) + " > " + reader.len);
	}

	/**
	 * Constructs a new reader instance using the specified buffer.
	 * @classdesc Wire format reader using `Uint8Array`.
	 * @constructor
	 * @param {Uint8Array} buffer Buffer to read from
	 */
	function Reader(buffer) {

	    /**
	     * Read buffer.
	     * @type {Uint8Array}
	     */
	    this.buf = buffer;

	    /**
	     * Read buffer position.
	     * @type {number}
	     */
	    this.pos = 0;

	    /**
	     * Read buffer length.
	     * @type {number}
	     */
	    this.len = buffer.length;

	    /**
	     * Cached DataView for packed reads.
	     * @type {DataView|null}
	     */
	    this.view = null;

	    /**
	     * Whether to discard unknown fields while decoding.
	     * @type {boolean}
	     */
	    this.discardUnknown = Reader.discardUnknown;
	}

	function create_array(buffer) {
	    // TODO: Remove plain array reader support in the next major release.
	    if (Array.isArray(buffer))
	        buffer = new Uint8Array(buffer);
	    if (buffer instanceof Uint8Array)
	        return new Reader(buffer);
	    throw Error("illegal buffer");
	}

	var create = function create() {
	    return util.Buffer
	        ? function create_buffer_setup(buffer) {
	            return (Reader.create = function create_buffer(buffer) {
	                return util.Buffer.isBuffer(buffer)
	                    ? new BufferReader(buffer)
	                    /* istanbul ignore next */
	                    : create_array(buffer);
	            })(buffer);
	        }
	        /* istanbul ignore next */
	        : create_array;
	};

	/**
	 * Creates a new reader using the specified buffer.
	 * @function
	 * @param {Uint8Array|Buffer} buffer Buffer to read from
	 * @returns {Reader|BufferReader} A {@link BufferReader} if `buffer` is a Buffer, otherwise a {@link Reader}
	 * @throws {Error} If `buffer` is not a valid buffer
	 */
	Reader.create = create();

	/**
	 * Returns raw bytes from the backing buffer without advancing the reader.
	 * @param {number} start Start offset
	 * @param {number} end End offset
	 * @returns {Uint8Array} Raw bytes
	 */
	Reader.prototype.raw = function read_raw(start, end) {
	    return this.buf.subarray(start, end);
	};

	function readVarint32NearEnd(reader) {
	    // Safely read up to four bytes of a varint32 near the reader limit
	    var value = 0;
	    for (var i = 0; i < 4; ++i) {
	        if (reader.pos >= reader.len)
	            throw indexOutOfRange(reader);
	        var b = reader.buf[reader.pos++];
	        value = (value | (b & 127) << i * 7) >>> 0;
	        if (b < 128)
	            return value;
	    }
	    throw indexOutOfRange(reader);
	}

	/**
	 * Reads a varint as an unsigned 32 bit value.
	 * @function
	 * @returns {number} Value read
	 */
	Reader.prototype.uint32 = function read_uint32() {
	    if (this.len - this.pos < 5) {
	        if (this.pos >= this.len)
	            throw indexOutOfRange(this);
	        if (this.buf[this.pos] >= 128)
	            return readVarint32NearEnd(this);
	    }
	    var buf = this.buf,
	        pos = this.pos,
	        value = (buf[pos] & 127) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 127) << 7) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 127) << 14) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 127) << 21) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 15) << 28) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }

	    for (var i = 0; i < 5; ++i) {
	        /* istanbul ignore if */
	        if (pos >= this.len) {
	            this.pos = pos;
	            throw indexOutOfRange(this);
	        }
	        if (buf[pos++] < 128) {
	            this.pos = pos;
	            return value;
	        }
	    }
	    /* istanbul ignore next */
	    this.pos = pos;
	    throw Error("invalid varint encoding");
	};

	/**
	 * Reads a field tag.
	 * @function
	 * @returns {number} Tag read
	 */
	Reader.prototype.tag = function read_tag() {
	    if (this.len - this.pos < 5) {
	        if (this.pos >= this.len)
	            throw indexOutOfRange(this);
	        if (this.buf[this.pos] >= 128)
	            return readVarint32NearEnd(this);
	    }
	    var buf = this.buf,
	        pos = this.pos,
	        value = (buf[pos] & 127) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 127) << 7) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 127) << 14) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 127) << 21) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 15) << 28) >>> 0;
	    if (buf[pos] < 128 && (buf[pos] & 112) === 0) {
	        this.pos = pos + 1;
	        return value;
	    }

	    this.pos = pos + 1;
	    throw Error("invalid tag encoding");
	};

	/**
	 * Reads a varint length prefix within signed 32 bit range.
	 * @returns {number} Length read
	 */
	Reader.prototype.size = function read_size() {
	    if (this.len - this.pos < 5) {
	        if (this.pos >= this.len)
	            throw indexOutOfRange(this);
	        if (this.buf[this.pos] >= 128)
	            return readVarint32NearEnd(this);
	    }
	    var buf = this.buf,
	        pos = this.pos,
	        value = (buf[pos] & 127) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 127) << 7) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 127) << 14) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    value = (value | (buf[pos] & 127) << 21) >>> 0;
	    if (buf[pos++] < 128) {
	        this.pos = pos;
	        return value;
	    }
	    this.pos = pos + 1;
	    if (buf[pos] > 7)
	        throw Error("invalid length encoding");
	    return (value | buf[pos] << 28) >>> 0;
	};

	/**
	 * Reads a varint as a signed 32 bit value.
	 * @returns {number} Value read
	 */
	Reader.prototype.int32 = function read_int32() {
	    return this.uint32() | 0;
	};

	/**
	 * Reads a zig-zag encoded varint as a signed 32 bit value.
	 * @returns {number} Value read
	 */
	Reader.prototype.sint32 = function read_sint32() {
	    var value = this.uint32();
	    return value >>> 1 ^ -(value & 1) | 0;
	};

	/* eslint-disable no-invalid-this */

	function readLongVarint() {
	    // tends to deopt with local vars for octet etc.
	    var bits = new LongBits(0, 0);
	    var i = 0;
	    if (this.len - this.pos > 4) { // fast route (lo)
	        for (; i < 4; ++i) {
	            // 1st..4th
	            bits.lo = (bits.lo | (this.buf[this.pos] & 127) << i * 7) >>> 0;
	            if (this.buf[this.pos++] < 128)
	                return bits;
	        }
	        // 5th
	        bits.lo = (bits.lo | (this.buf[this.pos] & 127) << 28) >>> 0;
	        bits.hi = (bits.hi | (this.buf[this.pos] & 127) >>  4) >>> 0;
	        if (this.buf[this.pos++] < 128)
	            return bits;
	        i = 0;
	    } else {
	        for (; i < 4; ++i) {
	            /* istanbul ignore if */
	            if (this.pos >= this.len)
	                throw indexOutOfRange(this);
	            // 1st..4th
	            bits.lo = (bits.lo | (this.buf[this.pos] & 127) << i * 7) >>> 0;
	            if (this.buf[this.pos++] < 128)
	                return bits;
	        }
	        throw indexOutOfRange(this);
	    }
	    if (this.len - this.pos > 4) { // fast route (hi)
	        for (; i < 5; ++i) {
	            // 6th..10th
	            bits.hi = (bits.hi | (this.buf[this.pos] & 127) << i * 7 + 3) >>> 0;
	            if (this.buf[this.pos++] < 128)
	                return bits;
	        }
	    } else {
	        for (; i < 5; ++i) {
	            /* istanbul ignore if */
	            if (this.pos >= this.len)
	                throw indexOutOfRange(this);
	            // 6th..10th
	            bits.hi = (bits.hi | (this.buf[this.pos] & 127) << i * 7 + 3) >>> 0;
	            if (this.buf[this.pos++] < 128)
	                return bits;
	        }
	    }
	    /* istanbul ignore next */
	    throw Error("invalid varint encoding");
	}

	/* eslint-enable no-invalid-this */

	/**
	 * Reads a varint as a signed 64 bit value.
	 * @name Reader#int64
	 * @function
	 * @returns {Long} Value read
	 */

	/**
	 * Reads a varint as an unsigned 64 bit value.
	 * @name Reader#uint64
	 * @function
	 * @returns {Long} Value read
	 */

	/**
	 * Reads a zig-zag encoded varint as a signed 64 bit value.
	 * @name Reader#sint64
	 * @function
	 * @returns {Long} Value read
	 */

	/**
	 * Reads a varint as a boolean.
	 * @returns {boolean} Value read
	 */
	Reader.prototype.bool = function read_bool() {
	    var value = false,
	        b;
	    for (var i = 0; i < 10; ++i) {
	        /* istanbul ignore if */
	        if (this.pos >= this.len)
	            throw indexOutOfRange(this);
	        b = this.buf[this.pos++];
	        if (b & 127)
	            value = true;
	        if (b < 128)
	            return value;
	    }
	    /* istanbul ignore next */
	    throw Error("invalid varint encoding");
	};

	function readFixed32_end(buf, end) { // note that this uses `end`, not `pos`
	    return (buf[end - 4]
	          | buf[end - 3] << 8
	          | buf[end - 2] << 16
	          | buf[end - 1] << 24) >>> 0;
	}

	/**
	 * Reads fixed 32 bits as an unsigned 32 bit integer.
	 * @returns {number} Value read
	 */
	Reader.prototype.fixed32 = function read_fixed32() {

	    /* istanbul ignore if */
	    if (this.pos + 4 > this.len)
	        throw indexOutOfRange(this, 4);

	    return readFixed32_end(this.buf, this.pos += 4);
	};

	/**
	 * Reads fixed 32 bits as a signed 32 bit integer.
	 * @returns {number} Value read
	 */
	Reader.prototype.sfixed32 = function read_sfixed32() {

	    /* istanbul ignore if */
	    if (this.pos + 4 > this.len)
	        throw indexOutOfRange(this, 4);

	    return readFixed32_end(this.buf, this.pos += 4) | 0;
	};

	/* eslint-disable no-invalid-this */

	function readFixed64(/* this: Reader */) {

	    /* istanbul ignore if */
	    if (this.pos + 8 > this.len)
	        throw indexOutOfRange(this, 8);

	    return new LongBits(readFixed32_end(this.buf, this.pos += 4), readFixed32_end(this.buf, this.pos += 4));
	}

	/* eslint-enable no-invalid-this */

	/**
	 * Reads fixed 64 bits.
	 * @name Reader#fixed64
	 * @function
	 * @returns {Long} Value read
	 */

	/**
	 * Reads zig-zag encoded fixed 64 bits.
	 * @name Reader#sfixed64
	 * @function
	 * @returns {Long} Value read
	 */

	/**
	 * Reads a float (32 bit) as a number.
	 * @function
	 * @returns {number} Value read
	 */
	Reader.prototype.float = function read_float() {

	    /* istanbul ignore if */
	    if (this.pos + 4 > this.len)
	        throw indexOutOfRange(this, 4);

	    var value = util.float.readFloatLE(this.buf, this.pos);
	    this.pos += 4;
	    return value;
	};

	/**
	 * Reads a double (64 bit float) as a number.
	 * @function
	 * @returns {number} Value read
	 */
	Reader.prototype.double = function read_double() {

	    /* istanbul ignore if */
	    if (this.pos + 8 > this.len)
	        throw indexOutOfRange(this, 4);

	    var value = util.float.readDoubleLE(this.buf, this.pos);
	    this.pos += 8;
	    return value;
	};

	/**
	 * Reads a packed repeated field of unsigned 32 bit varints.
	 * @param {number[]} [array] Array to read into; a new one is created if omitted
	 * @returns {number[]} Array read into
	 */
	Reader.prototype.uint32s = function read_uint32s(array) {
	    if (array === undefined) array = [];
	    var end = this.size() + this.pos, len = this.len, buf = this.buf, pos = this.pos, value;
	    if (end > len) throw indexOutOfRange(this, end - this.pos);
	    this.len = end;
	    while (pos < end) {
	        value = buf[pos++];
	        if (value < 128)
	            array.push(value);
	        else {
	            this.pos = pos - 1;
	            array.push(this.uint32());
	            pos = this.pos;
	        }
	    }
	    this.pos = pos;
	    if (pos !== end) throw RangeError("index out of range");
	    this.len = len;
	    return array;
	};

	/**
	 * Reads a packed repeated field of signed 32 bit varints.
	 * @param {number[]} [array] Array to read into; a new one is created if omitted
	 * @returns {number[]} Array read into
	 */
	Reader.prototype.int32s = function read_int32s(array) {
	    if (array === undefined) array = [];
	    var end = this.size() + this.pos, len = this.len, buf = this.buf, pos = this.pos, value;
	    if (end > len) throw indexOutOfRange(this, end - this.pos);
	    this.len = end;
	    while (pos < end) {
	        value = buf[pos++];
	        if (value < 128)
	            array.push(value);
	        else {
	            this.pos = pos - 1;
	            array.push(this.int32());
	            pos = this.pos;
	        }
	    }
	    this.pos = pos;
	    if (pos !== end) throw RangeError("index out of range");
	    this.len = len;
	    return array;
	};

	/**
	 * Reads a packed repeated field of zig-zag encoded signed 32 bit varints.
	 * @param {number[]} [array] Array to read into; a new one is created if omitted
	 * @returns {number[]} Array read into
	 */
	Reader.prototype.sint32s = function read_sint32s(array) {
	    if (array === undefined) array = [];
	    var end = this.size() + this.pos, len = this.len;
	    if (end > len) throw indexOutOfRange(this, end - this.pos);
	    this.len = end;
	    while (this.pos < end)
	        array.push(this.sint32());
	    if (this.pos !== end) throw RangeError("index out of range");
	    this.len = len;
	    return array;
	};

	/**
	 * Reads a packed repeated field of booleans.
	 * @param {boolean[]} [array] Array to read into; a new one is created if omitted
	 * @returns {boolean[]} Array read into
	 */
	Reader.prototype.bools = function read_bools(array) {
	    if (array === undefined) array = [];
	    var end = this.size() + this.pos, len = this.len, buf = this.buf, pos = this.pos, value;
	    if (end > len) throw indexOutOfRange(this, end - this.pos);
	    this.len = end;
	    while (pos < end) {
	        value = buf[pos++];
	        if (value < 128)
	            array.push(value !== 0);
	        else {
	            this.pos = pos - 1;
	            array.push(this.bool());
	            pos = this.pos;
	        }
	    }
	    this.pos = pos;
	    if (pos !== end) throw RangeError("index out of range");
	    this.len = len;
	    return array;
	};

	// The view allocation only pays off when amortized over enough reads
	var VIEW_THRESHOLD_FLOAT = 8,
	    VIEW_THRESHOLD_INT   = 128;

	function getLazyView(reader, count, threshold) {
	    var view = reader.view;
	    if (view || count < threshold)
	        return view;
	    var buf = reader.buf;
	    return reader.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
	}

	/**
	 * Reads a packed repeated field of unsigned 32 bit fixed values.
	 * @param {number[]} [array] Array to read into; a new one is created if omitted
	 * @returns {number[]} Array read into
	 */
	Reader.prototype.fixed32s = function read_fixed32s(array) {
	    if (array === undefined) array = [];
	    var len = this.size(), end = this.pos + len;
	    /* istanbul ignore if */
	    if (end > this.len) throw indexOutOfRange(this, len);
	    var count = len >>> 2, i = array.length, pos = this.pos;
	    array.length = i + count;
	    var dv = getLazyView(this, count, VIEW_THRESHOLD_INT);
	    if (dv)
	        for (var k = 0; k < count; ++k, pos += 4) array[i++] = dv.getUint32(pos, true);
	    else {
	        var buf = this.buf;
	        for (var j = 0; j < count; ++j, pos += 4) array[i++] = readFixed32_end(buf, pos + 4);
	    }
	    this.pos = pos;
	    if (pos !== end) throw indexOutOfRange(this, 4);
	    return array;
	};

	/**
	 * Reads a packed repeated field of signed 32 bit fixed values.
	 * @param {number[]} [array] Array to read into; a new one is created if omitted
	 * @returns {number[]} Array read into
	 */
	Reader.prototype.sfixed32s = function read_sfixed32s(array) {
	    if (array === undefined) array = [];
	    var len = this.size(), end = this.pos + len;
	    /* istanbul ignore if */
	    if (end > this.len) throw indexOutOfRange(this, len);
	    var count = len >>> 2, i = array.length, pos = this.pos;
	    array.length = i + count;
	    var dv = getLazyView(this, count, VIEW_THRESHOLD_INT);
	    if (dv)
	        for (var k = 0; k < count; ++k, pos += 4) array[i++] = dv.getInt32(pos, true);
	    else {
	        var buf = this.buf;
	        for (var j = 0; j < count; ++j, pos += 4) array[i++] = readFixed32_end(buf, pos + 4) | 0;
	    }
	    this.pos = pos;
	    if (pos !== end) throw indexOutOfRange(this, 4);
	    return array;
	};

	/**
	 * Reads a packed repeated field of floats (32 bit).
	 * @param {number[]} [array] Array to read into; a new one is created if omitted
	 * @returns {number[]} Array read into
	 */
	Reader.prototype.floats = function read_floats(array) {
	    if (array === undefined) array = [];
	    var len = this.size(), end = this.pos + len;
	    /* istanbul ignore if */
	    if (end > this.len) throw indexOutOfRange(this, len);
	    var count = len >>> 2, i = array.length, pos = this.pos;
	    array.length = i + count;
	    var dv = getLazyView(this, count, VIEW_THRESHOLD_FLOAT);
	    if (dv)
	        for (var k = 0; k < count; ++k, pos += 4) array[i++] = dv.getFloat32(pos, true);
	    else {
	        var buf = this.buf;
	        for (var j = 0; j < count; ++j, pos += 4) array[i++] = util.float.readFloatLE(buf, pos);
	    }
	    this.pos = pos;
	    if (pos !== end) throw indexOutOfRange(this, 4);
	    return array;
	};

	/**
	 * Reads a packed repeated field of doubles (64 bit float).
	 * @param {number[]} [array] Array to read into; a new one is created if omitted
	 * @returns {number[]} Array read into
	 */
	Reader.prototype.doubles = function read_doubles(array) {
	    if (array === undefined) array = [];
	    var len = this.size(), end = this.pos + len;
	    /* istanbul ignore if */
	    if (end > this.len) throw indexOutOfRange(this, len);
	    var count = len >>> 3, i = array.length, pos = this.pos;
	    array.length = i + count;
	    var dv = getLazyView(this, count, VIEW_THRESHOLD_FLOAT);
	    if (dv)
	        for (var k = 0; k < count; ++k, pos += 8) array[i++] = dv.getFloat64(pos, true);
	    else {
	        var buf = this.buf;
	        for (var j = 0; j < count; ++j, pos += 8) array[i++] = util.float.readDoubleLE(buf, pos);
	    }
	    this.pos = pos;
	    if (pos !== end) throw indexOutOfRange(this, 8);
	    return array;
	};

	/**
	 * Reads a packed repeated field of unsigned 64 bit varints.
	 * @param {Array.<Long|number>} [array] Array to read into; a new one is created if omitted
	 * @returns {Array.<Long|number>} Array read into
	 */
	Reader.prototype.uint64s = function read_uint64s(array) {
	    if (array === undefined) array = [];
	    var end = this.size() + this.pos, len = this.len;
	    if (end > len) throw indexOutOfRange(this, end - this.pos);
	    this.len = end;
	    while (this.pos < end)
	        array.push(this.uint64());
	    if (this.pos !== end) throw RangeError("index out of range");
	    this.len = len;
	    return array;
	};

	/**
	 * Reads a packed repeated field of signed 64 bit varints.
	 * @param {Array.<Long|number>} [array] Array to read into; a new one is created if omitted
	 * @returns {Array.<Long|number>} Array read into
	 */
	Reader.prototype.int64s = function read_int64s(array) {
	    if (array === undefined) array = [];
	    var end = this.size() + this.pos, len = this.len;
	    if (end > len) throw indexOutOfRange(this, end - this.pos);
	    this.len = end;
	    while (this.pos < end)
	        array.push(this.int64());
	    if (this.pos !== end) throw RangeError("index out of range");
	    this.len = len;
	    return array;
	};

	/**
	 * Reads a packed repeated field of zig-zag encoded signed 64 bit varints.
	 * @param {Array.<Long|number>} [array] Array to read into; a new one is created if omitted
	 * @returns {Array.<Long|number>} Array read into
	 */
	Reader.prototype.sint64s = function read_sint64s(array) {
	    if (array === undefined) array = [];
	    var end = this.size() + this.pos, len = this.len;
	    if (end > len) throw indexOutOfRange(this, end - this.pos);
	    this.len = end;
	    while (this.pos < end)
	        array.push(this.sint64());
	    if (this.pos !== end) throw RangeError("index out of range");
	    this.len = len;
	    return array;
	};

	/**
	 * Reads a packed repeated field of unsigned 64 bit fixed values.
	 * @param {Array.<Long|number>} [array] Array to read into; a new one is created if omitted
	 * @returns {Array.<Long|number>} Array read into
	 */
	Reader.prototype.fixed64s = function read_fixed64s(array) {
	    if (array === undefined) array = [];
	    var len = this.size(), end = this.pos + len, i = array.length;
	    /* istanbul ignore if */
	    if (end > this.len) throw indexOutOfRange(this, len);
	    var count = len >>> 3;
	    array.length = i + count; // 8 bytes per value, count is known
	    for (var j = 0; j < count; ++j)
	        array[i++] = this.fixed64();
	    if (this.pos !== end) throw indexOutOfRange(this, 8);
	    return array;
	};

	/**
	 * Reads a packed repeated field of signed 64 bit fixed values.
	 * @param {Array.<Long|number>} [array] Array to read into; a new one is created if omitted
	 * @returns {Array.<Long|number>} Array read into
	 */
	Reader.prototype.sfixed64s = function read_sfixed64s(array) {
	    if (array === undefined) array = [];
	    var len = this.size(), end = this.pos + len, i = array.length;
	    /* istanbul ignore if */
	    if (end > this.len) throw indexOutOfRange(this, len);
	    var count = len >>> 3;
	    array.length = i + count; // 8 bytes per value, count is known
	    for (var j = 0; j < count; ++j)
	        array[i++] = this.sfixed64();
	    if (this.pos !== end) throw indexOutOfRange(this, 8);
	    return array;
	};

	/**
	 * Reads a sequence of bytes preceeded by its length as a varint.
	 * @returns {Uint8Array} Value read
	 */
	Reader.prototype.bytes = function read_bytes() {
	    var length = this.size(),
	        start  = this.pos,
	        end    = this.pos + length;

	    /* istanbul ignore if */
	    if (end > this.len)
	        throw indexOutOfRange(this, length);

	    this.pos = end;
	    return this.raw(start, end);
	};

	/**
	 * Reads a string preceeded by its byte length as a varint.
	 * @returns {string} Value read
	 */
	Reader.prototype.string = function read_string() {
	    var length = this.size(),
	        start  = this.pos,
	        end    = this.pos + length;

	    /* istanbul ignore if */
	    if (end > this.len)
	        throw indexOutOfRange(this, length);

	    this.pos = end;
	    return utf8.read(this.buf, start, end);
	};

	/**
	 * Reads a string preceeded by its byte length as a varint, rejecting invalid UTF8.
	 * @returns {string} Value read
	 */
	Reader.prototype.stringVerify = function read_string_verify() {
	    var length = this.size(),
	        start  = this.pos,
	        end    = this.pos + length;

	    /* istanbul ignore if */
	    if (end > this.len)
	        throw indexOutOfRange(this, length);

	    this.pos = end;
	    return utf8.readStrict(this.buf, start, end);
	};

	/**
	 * Skips the specified number of bytes if specified, otherwise skips a varint.
	 * @param {number} [length] Length if known, otherwise a varint is assumed
	 * @returns {Reader} `this`
	 */
	Reader.prototype.skip = function skip(length) {
	    if (typeof length === "number") {
	        /* istanbul ignore if */
	        if (this.pos + length > this.len)
	            throw indexOutOfRange(this, length);
	        this.pos += length;
	    } else {
	        do {
	            /* istanbul ignore if */
	            if (this.pos >= this.len)
	                throw indexOutOfRange(this);
	        } while (this.buf[this.pos++] & 128);
	    }
	    return this;
	};

	/**
	 * Recursion limit.
	 * @type {number}
	 */
	Reader.recursionLimit = util.recursionLimit;

	/**
	 * Whether readers discard unknown fields while decoding.
	 * @type {boolean}
	 */
	Reader.discardUnknown = true;

	/**
	 * Skips the next element of the specified wire type.
	 * @param {number} wireType Wire type received
	 * @param {number} [depth] Depth of recursion to control nested calls; 0 if omitted
	 * @param {number} [fieldNumber] Field number for validating group end tags
	 * @returns {Reader} `this`
	 */
	Reader.prototype.skipType = function(wireType, depth, fieldNumber) {
	    if (depth === undefined) depth = 0;
	    if (depth > Reader.recursionLimit)
	        throw Error("max depth exceeded");
	    if (fieldNumber === 0)
	        throw Error("illegal tag: field number 0");
	    switch (wireType) {
	        case 0:
	            this.skip();
	            break;
	        case 1:
	            this.skip(8);
	            break;
	        case 2:
	            this.skip(this.size());
	            break;
	        case 3:
	            while (true) {
	                var tag = this.tag();
	                var nestedField = tag >>> 3;
	                wireType = tag & 7;
	                if (!nestedField)
	                    throw Error("illegal tag: field number 0");
	                if (wireType === 4) {
	                    if (fieldNumber !== undefined && nestedField !== fieldNumber)
	                        throw Error("invalid end group tag");
	                    break;
	                }
	                this.skipType(wireType, depth + 1, nestedField);
	            }
	            break;
	        case 5:
	            this.skip(4);
	            break;

	        /* istanbul ignore next */
	        default:
	            throw Error("invalid wire type " + wireType + " at offset " + this.pos);
	    }
	    return this;
	};

	Reader._configure = function(BufferReader_) {
	    BufferReader = BufferReader_;
	    Reader.create = create();
	    BufferReader._configure();

	    var fn = util.Long ? "toLong" : /* istanbul ignore next */ "toNumber";
	    util.merge(Reader.prototype, {

	        int64: function read_int64() {
	            return readLongVarint.call(this)[fn](false);
	        },

	        uint64: function read_uint64() {
	            return readLongVarint.call(this)[fn](true);
	        },

	        sint64: function read_sint64() {
	            return readLongVarint.call(this).zzDecode()[fn](false);
	        },

	        fixed64: function read_fixed64() {
	            return readFixed64.call(this)[fn](true);
	        },

	        sfixed64: function read_sfixed64() {
	            return readFixed64.call(this)[fn](false);
	        }

	    });
	};
	return reader;
}

var reader_buffer;
var hasRequiredReader_buffer;

function requireReader_buffer () {
	if (hasRequiredReader_buffer) return reader_buffer;
	hasRequiredReader_buffer = 1;
	reader_buffer = BufferReader;

	// extends Reader
	var Reader = requireReader();
	BufferReader.prototype = Object.create(Reader.prototype, {
	    constructor: {
	        value: BufferReader,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});

	var util = requireMinimal();

	/**
	 * Constructs a new buffer reader instance.
	 * @classdesc Wire format reader using node buffers.
	 * @extends Reader
	 * @constructor
	 * @param {Buffer} buffer Buffer to read from
	 */
	function BufferReader(buffer) {
	    Reader.call(this, buffer);

	    /**
	     * Read buffer.
	     * @name BufferReader#buf
	     * @type {Buffer}
	    */
	}

	BufferReader._configure = function () {
	    /* istanbul ignore else */
	    if (util.Buffer)
	        BufferReader.prototype._slice = util.Buffer.prototype.slice;
	};

	/**
	 * Returns raw bytes from the backing buffer without advancing the reader.
	 * @name BufferReader#raw
	 * @function
	 * @param {number} start Start offset
	 * @param {number} end End offset
	 * @returns {Buffer} Raw bytes
	 */
	BufferReader.prototype.raw = function read_raw_buffer(start, end) {
	    return this._slice.call(this.buf, start, end);
	};

	/**
	 * @override
	 */
	BufferReader.prototype.string = function read_string_buffer() {
	    var len = this.size(), // modifies pos
	        start = this.pos,
	        end = this.pos + len;

	    /* istanbul ignore if */
	    if (end > this.len)
	        throw RangeError("index out of range: " + this.pos + " + " + len + " > " + this.len);

	    this.pos = end;
	    return this.buf.utf8Slice
	        ? this.buf.utf8Slice(start, end)
	        : this.buf.toString("utf-8", start, end);
	};

	/**
	 * Reads a sequence of bytes preceeded by its length as a varint.
	 * @name BufferReader#bytes
	 * @function
	 * @returns {Buffer} Value read
	 */

	BufferReader._configure();
	return reader_buffer;
}

var rpc = {};

var service$1;
var hasRequiredService$1;

function requireService$1 () {
	if (hasRequiredService$1) return service$1;
	hasRequiredService$1 = 1;
	service$1 = Service;

	var util = requireMinimal();

	// Extends EventEmitter
	Service.prototype = Object.create(util.EventEmitter.prototype, {
	    constructor: {
	        value: Service,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});

	/**
	 * A service method callback as used by {@link rpc.ServiceMethod|ServiceMethod}.
	 *
	 * Differs from {@link RPCImplCallback} in that it is an actual callback of a service method which may not return `response = null`.
	 * @typedef rpc.ServiceMethodCallback
	 * @template TRes extends Message<TRes>
	 * @type {function}
	 * @param {Error|null} error Error, if any
	 * @param {TRes} [response] Response message
	 * @returns {undefined}
	 */

	/**
	 * A service method part of a {@link rpc.Service} as created by {@link Service.create}.
	 * @typedef rpc.ServiceMethod
	 * @template TReq extends Message<TReq>
	 * @template TRes extends Message<TRes>
	 * @type {{
	 *   (request: TReq|Properties<TReq>, callback: rpc.ServiceMethodCallback<TRes>): void;
	 *   (request: TReq|Properties<TReq>): Promise<TRes>;
	 *   readonly name: string;
	 *   readonly path: string;
	 *   readonly requestType: string;
	 *   readonly responseType: string;
	 *   readonly requestStream: true|undefined;
	 *   readonly responseStream: true|undefined;
	 * }}
	 */

	/**
	 * Constructs a new RPC service instance.
	 * @classdesc An RPC service as returned by {@link Service#create}.
	 * @exports rpc.Service
	 * @extends util.EventEmitter
	 * @constructor
	 * @param {RPCImpl} rpcImpl RPC implementation
	 * @param {boolean} [requestDelimited=false] Whether requests are length-delimited
	 * @param {boolean} [responseDelimited=false] Whether responses are length-delimited
	 */
	function Service(rpcImpl, requestDelimited, responseDelimited) {

	    if (typeof rpcImpl !== "function")
	        throw TypeError("rpcImpl must be a function");

	    util.EventEmitter.call(this);

	    /**
	     * RPC implementation. Becomes `null` once the service is ended.
	     * @type {RPCImpl|null}
	     */
	    this.rpcImpl = rpcImpl;

	    /**
	     * Whether requests are length-delimited.
	     * @type {boolean}
	     */
	    this.requestDelimited = Boolean(requestDelimited);

	    /**
	     * Whether responses are length-delimited.
	     * @type {boolean}
	     */
	    this.responseDelimited = Boolean(responseDelimited);
	}

	/**
	 * Calls a service method through {@link rpc.Service#rpcImpl|rpcImpl}.
	 * @param {Method|rpc.ServiceMethod<TReq,TRes>} method Reflected or static method
	 * @param {Constructor<TReq>} requestCtor Request constructor
	 * @param {Constructor<TRes>} responseCtor Response constructor
	 * @param {TReq|Properties<TReq>} request Request message or plain object
	 * @param {rpc.ServiceMethodCallback<TRes>} callback Service callback
	 * @returns {undefined}
	 * @template TReq extends Message<TReq>
	 * @template TRes extends Message<TRes>
	 */
	Service.prototype.rpcCall = function rpcCall(method, requestCtor, responseCtor, request, callback) {

	    if (!request)
	        throw TypeError("request must be specified");

	    var self = this;
	    if (!callback)
	        return util.asPromise(rpcCall, self, method, requestCtor, responseCtor, request);

	    if (!self.rpcImpl) {
	        setTimeout(function() { callback(Error("already ended")); }, 0);
	        return undefined;
	    }

	    try {
	        return self.rpcImpl(
	            method,
	            requestCtor[self.requestDelimited ? "encodeDelimited" : "encode"](request).finish(),
	            function rpcCallback(err, response) {

	                if (err) {
	                    self.emit("error", err, method);
	                    return callback(err);
	                }

	                if (response === null) {
	                    self.end(/* endedByRPC */ true);
	                    return undefined;
	                }

	                if (!(response instanceof responseCtor)) {
	                    try {
	                        response = responseCtor[self.responseDelimited ? "decodeDelimited" : "decode"](response);
	                    } catch (err) {
	                        self.emit("error", err, method);
	                        return callback(err);
	                    }
	                }

	                self.emit("data", response, method);
	                return callback(null, response);
	            }
	        );
	    } catch (err) {
	        self.emit("error", err, method);
	        setTimeout(function() { callback(err); }, 0);
	        return undefined;
	    }
	};

	/**
	 * Ends this service and emits the `end` event.
	 * @param {boolean} [endedByRPC=false] Whether the service has been ended by the RPC implementation.
	 * @returns {rpc.Service} `this`
	 */
	Service.prototype.end = function end(endedByRPC) {
	    if (this.rpcImpl) {
	        if (!endedByRPC) // signal end to rpcImpl
	            this.rpcImpl(null, null, null);
	        this.rpcImpl = null;
	        this.emit("end").off();
	    }
	    return this;
	};
	return service$1;
}

var hasRequiredRpc;

function requireRpc () {
	if (hasRequiredRpc) return rpc;
	hasRequiredRpc = 1;
	(function (exports) {

		/**
		 * Streaming RPC helpers.
		 * @namespace
		 */
		var rpc = exports;

		/**
		 * RPC implementation passed to {@link Service#create} performing a service request on network level, i.e. by utilizing http requests or websockets.
		 * @typedef RPCImpl
		 * @type {function}
		 * @param {Method|rpc.ServiceMethod<Message<{}>,Message<{}>>} method Reflected or static method being called
		 * @param {Uint8Array} requestData Request data
		 * @param {RPCImplCallback} callback Callback function
		 * @returns {undefined}
		 * @example
		 * function rpcImpl(method, requestData, callback) {
		 *     if (protobuf.util.lcFirst(method.name) !== "myMethod") // compatible with static code
		 *         throw Error("no such method");
		 *     asynchronouslyObtainAResponse(requestData, function(err, responseData) {
		 *         callback(err, responseData);
		 *     });
		 * }
		 */

		/**
		 * Node-style callback as used by {@link RPCImpl}.
		 * @typedef RPCImplCallback
		 * @type {function}
		 * @param {Error|null} error Error, if any, otherwise `null`
		 * @param {Uint8Array|null} [response] Response data or `null` to signal end of stream, if there hasn't been an error
		 * @returns {undefined}
		 */

		rpc.Service = requireService$1(); 
	} (rpc));
	return rpc;
}

var roots;
var hasRequiredRoots;

function requireRoots () {
	if (hasRequiredRoots) return roots;
	hasRequiredRoots = 1;
	roots = Object.create(null);

	/**
	 * Named roots.
	 * This is where pbjs stores generated structures (the option `-r, --root` specifies a name).
	 * Can also be used manually to make roots available across modules.
	 * @name roots
	 * @type {Object.<string,Root>}
	 * @example
	 * // pbjs -r myroot -o compiled.js ...
	 *
	 * // in another module:
	 * require("./compiled.js");
	 *
	 * // in any subsequent module:
	 * var root = protobuf.roots["myroot"];
	 */
	return roots;
}

var hasRequiredIndexMinimal;

function requireIndexMinimal () {
	if (hasRequiredIndexMinimal) return indexMinimal;
	hasRequiredIndexMinimal = 1;
	(function (exports) {

		/**
		 * Build type, one of `"full"`, `"light"` or `"minimal"`.
		 * @name build
		 * @type {string}
		 * @const
		 */
		exports.build = "minimal";

		// Serialization
		exports.Writer       = requireWriter();
		exports.BufferWriter = requireWriter_buffer();
		exports.Reader       = requireReader();
		exports.BufferReader = requireReader_buffer();

		// Utility
		exports.util         = requireMinimal();
		exports.rpc          = requireRpc();
		exports.roots        = requireRoots();
		exports.configure    = configure;

		/* istanbul ignore next */
		/**
		 * Reconfigures the library according to the environment.
		 * @returns {undefined}
		 */
		function configure() {
		    exports.util.LongBits._configure(exports.util.Long);
		    exports.Writer._configure(exports.BufferWriter);
		    exports.Reader._configure(exports.BufferReader);
		}

		// Set up buffer utility according to the environment
		configure(); 
	} (indexMinimal));
	return indexMinimal;
}

var types = {};

var util = {exports: {}};

var patterns = {};

var hasRequiredPatterns;

function requirePatterns () {
	if (hasRequiredPatterns) return patterns;
	hasRequiredPatterns = 1;
	(function (exports) {

		var patterns = exports;

		patterns.numberRe    = /^(?![eE])[0-9]*(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?$/;
		patterns.typeRefRe   = /^(?:\.?[a-zA-Z_][a-zA-Z_0-9]*)(?:\.[a-zA-Z_][a-zA-Z_0-9]*)*$/;
		patterns.reservedRe  = /^(?:do|if|in|for|let|new|try|var|case|else|enum|eval|false|null|this|true|void|with|break|catch|class|const|super|throw|while|yield|delete|export|import|public|return|static|switch|typeof|default|extends|finally|package|private|continue|debugger|function|arguments|interface|protected|implements|instanceof)$/; 
	} (patterns));
	return patterns;
}

var codegen_1;
var hasRequiredCodegen;

function requireCodegen () {
	if (hasRequiredCodegen) return codegen_1;
	hasRequiredCodegen = 1;
	codegen_1 = codegen;

	var patterns = requirePatterns();
	var reservedRe = patterns.reservedRe;

	/**
	 * Begins generating a function.
	 * @memberof util
	 * @param {string[]} functionParams Function parameter names
	 * @param {string} [functionName] Function name if not anonymous
	 * @returns {Codegen} Appender that appends code to the function's body
	 */
	function codegen(functionParams, functionName) {

	    /* istanbul ignore if */
	    if (typeof functionParams === "string") {
	        functionName = functionParams;
	        functionParams = undefined;
	    }

	    var body = [];

	    /**
	     * Appends code to the function's body or finishes generation.
	     * @typedef Codegen
	     * @type {function}
	     * @param {string|Object.<string,*>} [formatStringOrScope] Format string or, to finish the function, an object of additional scope variables, if any
	     * @param {...*} [formatParams] Format parameters
	     * @returns {Codegen|Function} Itself or the generated function if finished
	     * @throws {Error} If format parameter counts do not match
	     */

	    function Codegen(formatStringOrScope) {
	        // note that explicit array handling below makes this ~50% faster

	        // finish the function
	        if (typeof formatStringOrScope !== "string") {
	            var source = toString();
	            if (codegen.verbose)
	                console.log("codegen: " + source); // eslint-disable-line no-console
	            source = "return " + source;
	            if (formatStringOrScope) {
	                var scopeKeys   = Object.keys(formatStringOrScope),
	                    scopeParams = new Array(scopeKeys.length + 1),
	                    scopeValues = new Array(scopeKeys.length),
	                    scopeOffset = 0;
	                while (scopeOffset < scopeKeys.length) {
	                    scopeParams[scopeOffset] = scopeKeys[scopeOffset];
	                    scopeValues[scopeOffset] = formatStringOrScope[scopeKeys[scopeOffset++]];
	                }
	                scopeParams[scopeOffset] = source;
	                return Function.apply(null, scopeParams).apply(null, scopeValues); // eslint-disable-line no-new-func
	            }
	            return Function(source)(); // eslint-disable-line no-new-func
	        }

	        // otherwise append to body
	        var formatParams = new Array(arguments.length - 1),
	            formatOffset = 0;
	        while (formatOffset < formatParams.length)
	            formatParams[formatOffset] = arguments[++formatOffset];
	        formatOffset = 0;
	        formatStringOrScope = formatStringOrScope.replace(/%([%dfijs])/g, function replace($0, $1) {
	            var value = formatParams[formatOffset++];
	            switch ($1) {
	                case "d": case "f":
	                    value = Number(value);
	                    return Object.is(value, -0) ? "-0" : String(value);
	                case "i": return String(Math.floor(value));
	                case "j": return JSON.stringify(value);
	                case "s": return String(value);
	            }
	            return "%";
	        });
	        if (formatOffset !== formatParams.length)
	            throw Error("parameter count mismatch");
	        body.push(formatStringOrScope);
	        return Codegen;
	    }

	    function toString(functionNameOverride) {
	        return "function " + safeFunctionName(functionNameOverride || functionName) + "(" + (functionParams && functionParams.join(",") || "") + "){\n  " + body.join("\n  ") + "\n}";
	    }

	    Object.defineProperty(Codegen, "toString", {
	        value: toString,
	        writable: true,
	        enumerable: true,
	        configurable: true
	    });
	    return Codegen;
	}

	/**
	 * Begins generating a function.
	 * @memberof util
	 * @function codegen
	 * @param {string} [functionName] Function name if not anonymous
	 * @returns {Codegen} Appender that appends code to the function's body
	 * @variation 2
	 */

	/**
	 * When set to `true`, codegen will log generated code to console. Useful for debugging.
	 * @name util.codegen.verbose
	 * @type {boolean}
	 */
	codegen.verbose = false;

	function safeFunctionName(name) {
	    if (!name)
	        return "";
	    name = String(name).replace(/[^\w$]/g, "");
	    if (!name)
	        return "";
	    if (/^\d/.test(name))
	        name = "_" + name;
	    return reservedRe.test(name) ? name + "_" : name;
	}
	return codegen_1;
}

var fs_1;
var hasRequiredFs;

function requireFs () {
	if (hasRequiredFs) return fs_1;
	hasRequiredFs = 1;

	var fs = null;
	try {
	    fs = require(/* webpackIgnore: true */ "fs");
	    if (!fs || !fs.readFile || !fs.readFileSync)
	        fs = null;
	} catch (e) {
	    // `fs` is unavailable in browsers and browser-like bundles.
	}
	fs_1 = fs;
	return fs_1;
}

var fetch_1;
var hasRequiredFetch;

function requireFetch () {
	if (hasRequiredFetch) return fetch_1;
	hasRequiredFetch = 1;
	fetch_1 = fetch;

	var asPromise = requireAspromise(),
	    fs        = requireFs();

	/**
	 * Node-style callback as used by {@link util.fetch}.
	 * @typedef FetchCallback
	 * @type {function}
	 * @param {?Error} error Error, if any, otherwise `null`
	 * @param {string} [contents] File contents, if there hasn't been an error
	 * @returns {undefined}
	 */

	/**
	 * Options as used by {@link util.fetch}.
	 * @interface IFetchOptions
	 * @property {boolean} [binary=false] Whether expecting a binary response
	 * @property {boolean} [xhr=false] If `true`, forces the use of XMLHttpRequest
	 */

	/**
	 * Fetches the contents of a file.
	 * @memberof util
	 * @param {string} filename File path or url
	 * @param {IFetchOptions} options Fetch options
	 * @param {FetchCallback} callback Callback function
	 * @returns {undefined}
	 */
	function fetch(filename, options, callback) {
	    if (typeof options === "function") {
	        callback = options;
	        options = {};
	    } else if (!options)
	        options = {};

	    if (!callback)
	        return asPromise(fetch, this, filename, options); // eslint-disable-line no-invalid-this

	    // if a node-like filesystem is present, try it first but fall back to XHR if nothing is found.
	    if (!options.xhr && fs && fs.readFile)
	        return fs.readFile(filename, function fetchReadFileCallback(err, contents) {
	            return err && typeof XMLHttpRequest !== "undefined"
	                ? fetch.xhr(filename, options, callback)
	                : err
	                ? callback(err)
	                : callback(null, options.binary ? contents : contents.toString("utf8"));
	        });

	    // use the XHR version otherwise.
	    return fetch.xhr(filename, options, callback);
	}

	/**
	 * Fetches the contents of a file.
	 * @name util.fetch
	 * @function
	 * @param {string} path File path or url
	 * @param {FetchCallback} callback Callback function
	 * @returns {undefined}
	 * @variation 2
	 */

	/**
	 * Fetches the contents of a file.
	 * @name util.fetch
	 * @function
	 * @param {string} path File path or url
	 * @param {IFetchOptions} [options] Fetch options
	 * @returns {Promise<string|Uint8Array>} Promise
	 * @variation 3
	 */

	/**/
	fetch.xhr = function fetch_xhr(filename, options, callback) {
	    var xhr = new XMLHttpRequest();
	    xhr.onreadystatechange /* works everywhere */ = function fetchOnReadyStateChange() {

	        if (xhr.readyState !== 4)
	            return undefined;

	        // local cors security errors return status 0 / empty string, too. afaik this cannot be
	        // reliably distinguished from an actually empty file for security reasons. feel free
	        // to send a pull request if you are aware of a solution.
	        if (xhr.status !== 0 && xhr.status !== 200)
	            return callback(Error("status " + xhr.status));

	        // if binary data is expected, make sure that some sort of array is returned, even if
	        // ArrayBuffers are not supported. the binary string fallback, however, is unsafe.
	        if (options.binary) {
	            var buffer = xhr.response;
	            if (!buffer) {
	                buffer = [];
	                for (var i = 0; i < xhr.responseText.length; ++i)
	                    buffer.push(xhr.responseText.charCodeAt(i) & 255);
	            }
	            return callback(null, typeof Uint8Array !== "undefined" ? new Uint8Array(buffer) : buffer);
	        }
	        return callback(null, xhr.responseText);
	    };

	    if (options.binary) {
	        // ref: https://developer.mozilla.org/en-US/docs/Web/API/XMLHttpRequest/Sending_and_Receiving_Binary_Data#Receiving_binary_data_in_older_browsers
	        if ("overrideMimeType" in xhr)
	            xhr.overrideMimeType("text/plain; charset=x-user-defined");
	        xhr.responseType = "arraybuffer";
	    }

	    xhr.open("GET", filename);
	    xhr.send();
	};
	return fetch_1;
}

var path = {};

var hasRequiredPath;

function requirePath () {
	if (hasRequiredPath) return path;
	hasRequiredPath = 1;
	(function (exports) {

		/**
		 * A minimal path module to resolve Unix, Windows and URL paths alike.
		 * @memberof util
		 * @namespace
		 */
		var path = exports;

		var urlRe = /^[a-zA-Z][a-zA-Z0-9+.-]+:\/\//;

		function normalizeUrl(path) {
		    if (typeof URL === "undefined" || !urlRe.test(path))
		        return null;
		    try {
		        return new URL(path).href;
		    } catch (e) {
		        return null;
		    }
		}

		function resolveUrl(originPath, includePath) {
		    if (typeof URL === "undefined" || !urlRe.test(originPath) || urlRe.test(includePath))
		        return null;
		    try {
		        return new URL(includePath, originPath).href;
		    } catch (e) {
		        return null;
		    }
		}

		var isAbsolute =
		/**
		 * Tests if the specified path is absolute.
		 * @param {string} path Path to test
		 * @returns {boolean} `true` if path is absolute
		 */
		path.isAbsolute = function isAbsolute(path) {
		    return /^(?:\/|\w+:|\\\\\w+)/.test(path);
		};

		var normalize =
		/**
		 * Normalizes the specified path.
		 * @param {string} path Path to normalize
		 * @returns {string} Normalized path
		 */
		path.normalize = function normalize(path) {
		    var normalizedUrl = normalizeUrl(path);
		    if (normalizedUrl)
		        return normalizedUrl;
		    var firstTwoCharacters = path.substring(0,2);
		    var uncPrefix = "";
		    if (firstTwoCharacters === "\\\\") {
		        uncPrefix = firstTwoCharacters;
		        path = path.substring(2);
		    }

		    path = path.replace(/\\/g, "/")
		               .replace(/\/{2,}/g, "/");
		    var parts    = path.split("/"),
		        absolute = isAbsolute(path),
		        prefix   = "";
		    if (absolute)
		        prefix = parts.shift() + "/";
		    for (var i = 0; i < parts.length;) {
		        if (parts[i] === "..") {
		            if (i > 0 && parts[i - 1] !== "..")
		                parts.splice(--i, 2);
		            else if (absolute)
		                parts.splice(i, 1);
		            else
		                ++i;
		        } else if (parts[i] === ".")
		            parts.splice(i, 1);
		        else
		            ++i;
		    }
		    return uncPrefix + prefix + parts.join("/");
		};

		/**
		 * Resolves the specified include path against the specified origin path.
		 * @param {string} originPath Path to the origin file
		 * @param {string} includePath Include path relative to origin path
		 * @param {boolean} [alreadyNormalized=false] `true` if both paths are already known to be normalized
		 * @returns {string} Path to the include file
		 */
		path.resolve = function resolve(originPath, includePath, alreadyNormalized) {
		    var resolvedUrl = resolveUrl(originPath, includePath);
		    if (resolvedUrl)
		        return resolvedUrl;
		    if (!alreadyNormalized)
		        includePath = normalize(includePath); // path or absolute url
		    if (isAbsolute(includePath))
		        return includePath;
		    if (!alreadyNormalized)
		        originPath = normalize(originPath);
		    return (originPath = originPath.replace(/(?:\/|^)[^/]+$/, "")).length ? normalize(originPath + "/" + includePath) : includePath;
		}; 
	} (path));
	return path;
}

var namespace;
var hasRequiredNamespace;

function requireNamespace () {
	if (hasRequiredNamespace) return namespace;
	hasRequiredNamespace = 1;
	namespace = Namespace;

	// extends ReflectionObject
	var ReflectionObject = requireObject();
	Namespace.prototype = Object.create(ReflectionObject.prototype, {
	    constructor: {
	        value: Namespace,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});
	Namespace.className = "Namespace";

	var Field    = requireField(),
	    util     = requireUtil(),
	    OneOf    = requireOneof();

	var Type,    // cyclic
	    Service,
	    Enum;

	/**
	 * Constructs a new namespace instance.
	 * @name Namespace
	 * @classdesc Reflected namespace.
	 * @extends NamespaceBase
	 * @constructor
	 * @param {string} name Namespace name
	 * @param {Object.<string,*>} [options] Declared options
	 */

	/**
	 * Constructs a namespace from JSON.
	 * @memberof Namespace
	 * @function
	 * @param {string} name Namespace name
	 * @param {Object.<string,*>} json JSON object
	 * @param {number} [depth] Current nesting depth, defaults to `0`
	 * @returns {Namespace} Created namespace
	 * @throws {TypeError} If arguments are invalid
	 */
	Namespace.fromJSON = function fromJSON(name, json, depth) {
	    if (depth === undefined)
	        depth = 0;
	    if (depth > util.recursionLimit)
	        throw Error("max depth exceeded");
	    return new Namespace(name, json.options).addJSON(json.nested, depth);
	};

	/**
	 * Converts an array of reflection objects to JSON.
	 * @memberof Namespace
	 * @param {ReflectionObject[]} array Object array
	 * @param {IToJSONOptions} [toJSONOptions] JSON conversion options
	 * @returns {Object.<string,*>|undefined} JSON object or `undefined` when array is empty
	 */
	function arrayToJSON(array, toJSONOptions) {
	    if (!(array && array.length))
	        return undefined;
	    var obj = {};
	    for (var i = 0; i < array.length; ++i)
	        obj[array[i].name] = array[i].toJSON(toJSONOptions);
	    return obj;
	}

	Namespace.arrayToJSON = arrayToJSON;

	/**
	 * Tests if the specified id is reserved.
	 * @param {Array.<number[]|string>|undefined} reserved Array of reserved ranges and names
	 * @param {number} id Id to test
	 * @returns {boolean} `true` if reserved, otherwise `false`
	 */
	Namespace.isReservedId = function isReservedId(reserved, id) {
	    if (reserved)
	        for (var i = 0; i < reserved.length; ++i)
	            if (typeof reserved[i] !== "string" && reserved[i][0] <= id && reserved[i][1] >= id)
	                return true;
	    return false;
	};

	/**
	 * Tests if the specified name is reserved.
	 * @param {Array.<number[]|string>|undefined} reserved Array of reserved ranges and names
	 * @param {string} name Name to test
	 * @returns {boolean} `true` if reserved, otherwise `false`
	 */
	Namespace.isReservedName = function isReservedName(reserved, name) {
	    if (reserved)
	        for (var i = 0; i < reserved.length; ++i)
	            if (reserved[i] === name)
	                return true;
	    return false;
	};

	/**
	 * Not an actual constructor. Use {@link Namespace} instead.
	 * @classdesc Base class of all reflection objects containing nested objects. This is not an actual class but here for the sake of having consistent type definitions.
	 * @exports NamespaceBase
	 * @extends ReflectionObject
	 * @abstract
	 * @constructor
	 * @param {string} name Namespace name
	 * @param {Object.<string,*>} [options] Declared options
	 * @see {@link Namespace}
	 */
	function Namespace(name, options) {
	    ReflectionObject.call(this, name, options);

	    /**
	     * Nested objects by name.
	     * @type {Object.<string,ReflectionObject>|undefined}
	     */
	    this.nested = undefined; // toJSON

	    /**
	     * Cached nested objects as an array.
	     * @type {ReflectionObject[]|null}
	     * @private
	     */
	    this._nestedArray = null;

	    /**
	     * Cache lookup calls for any objects contains anywhere under this namespace.
	     * This drastically speeds up resolve for large cross-linked protos where the same
	     * types are looked up repeatedly.
	     * @type {Object.<string,ReflectionObject|null>}
	     * @private
	     */
	    this._lookupCache = Object.create(null);

	    /**
	     * Whether or not objects contained in this namespace need feature resolution.
	     * @type {boolean}
	     * @protected
	     */
	    this._needsRecursiveFeatureResolution = true;

	    /**
	     * Whether or not objects contained in this namespace need a resolve.
	     * @type {boolean}
	     * @protected
	     */
	    this._needsRecursiveResolve = true;
	}

	function clearCache(namespace) {
	    namespace._nestedArray = null;
	    namespace._lookupCache = Object.create(null);

	    // Also clear parent caches, since they include nested lookups.
	    var parent = namespace;
	    while(parent = parent.parent) {
	        parent._lookupCache = Object.create(null);
	    }
	    return namespace;
	}

	/**
	 * Nested objects of this namespace as an array for iteration.
	 * @name NamespaceBase#nestedArray
	 * @type {ReflectionObject[]}
	 * @readonly
	 */
	Object.defineProperty(Namespace.prototype, "nestedArray", {
	    get: function() {
	        return this._nestedArray || (this._nestedArray = util.toArray(this.nested));
	    }
	});

	/**
	 * Namespace descriptor.
	 * @interface INamespace
	 * @property {Object.<string,*>} [options] Namespace options
	 * @property {Object.<string,AnyNestedObject>} [nested] Nested object descriptors
	 */

	/**
	 * Any extension field descriptor.
	 * @typedef AnyExtensionField
	 * @type {IExtensionField|IExtensionMapField}
	 */

	/**
	 * Any nested object descriptor.
	 * @typedef AnyNestedObject
	 * @type {IEnum|IType|IService|AnyExtensionField|INamespace|IOneOf}
	 */

	/**
	 * Converts this namespace to a namespace descriptor.
	 * @param {IToJSONOptions} [toJSONOptions] JSON conversion options
	 * @returns {INamespace} Namespace descriptor
	 */
	Namespace.prototype.toJSON = function toJSON(toJSONOptions) {
	    return util.toObject([
	        "options" , this.options,
	        "nested"  , arrayToJSON(this.nestedArray, toJSONOptions)
	    ]);
	};

	/**
	 * Adds nested objects to this namespace from nested object descriptors.
	 * @param {Object.<string,AnyNestedObject>} nestedJson Any nested object descriptors
	 * @param {number} [depth] Current nesting depth, defaults to `0`
	 * @returns {Namespace} `this`
	 */
	Namespace.prototype.addJSON = function addJSON(nestedJson, depth) {
	    if (depth === undefined)
	        depth = 0;
	    if (depth > util.recursionLimit)
	        throw Error("max depth exceeded");
	    var ns = this;
	    /* istanbul ignore else */
	    if (nestedJson) {
	        for (var names = Object.keys(nestedJson), i = 0, nested; i < names.length; ++i) {
	            nested = nestedJson[names[i]];
	            ns.add( // most to least likely
	                ( nested.fields !== undefined
	                ? Type.fromJSON
	                : nested.values !== undefined
	                ? Enum.fromJSON
	                : nested.methods !== undefined
	                ? Service.fromJSON
	                : nested.id !== undefined
	                ? Field.fromJSON
	                : Namespace.fromJSON )(names[i], nested, depth + 1)
	            );
	        }
	    }
	    return this;
	};

	/**
	 * Gets the nested object of the specified name.
	 * @param {string} name Nested object name
	 * @returns {ReflectionObject|null} The reflection object or `null` if it doesn't exist
	 */
	Namespace.prototype.get = function get(name) {
	    return this.nested && Object.prototype.hasOwnProperty.call(this.nested, name)
	        ? this.nested[name]
	        : null;
	};

	/**
	 * Gets the values of the nested {@link Enum|enum} of the specified name.
	 * This methods differs from {@link Namespace#get|get} in that it returns an enum's values directly and throws instead of returning `null`.
	 * @param {string} name Nested enum name
	 * @returns {Object.<string,number>} Enum values
	 * @throws {Error} If there is no such enum
	 */
	Namespace.prototype.getEnum = function getEnum(name) {
	    if (this.nested && Object.prototype.hasOwnProperty.call(this.nested, name) && this.nested[name] instanceof Enum)
	        return this.nested[name].values;
	    throw Error("no such enum: " + name);
	};

	/**
	 * Adds a nested object to this namespace.
	 * @param {ReflectionObject} object Nested object to add
	 * @returns {Namespace} `this`
	 * @throws {TypeError} If arguments are invalid
	 * @throws {Error} If there is already a nested object with this name
	 */
	Namespace.prototype.add = function add(object) {

	    if (!(object instanceof Field && object.extend !== undefined || object instanceof Type  || object instanceof OneOf || object instanceof Enum || object instanceof Service || object instanceof Namespace))
	        throw TypeError("object must be a valid nested object");

	    if (object.name === "__proto__")
	        return this;

	    if (!this.nested)
	        this.nested = {};
	    else {
	        var prev = this.get(object.name);
	        if (prev) {
	            if (prev instanceof Namespace && object instanceof Namespace && !(prev instanceof Type || prev instanceof Service)) {
	                // replace plain namespace but keep existing nested elements and options
	                var nested = prev.nestedArray;
	                for (var i = 0; i < nested.length; ++i)
	                    object.add(nested[i]);
	                this.remove(prev);
	                if (!this.nested)
	                    this.nested = {};
	                object.setOptions(prev.options, true);

	            } else
	                throw Error("duplicate name '" + object.name + "' in " + this);
	        }
	    }
	    this.nested[object.name] = object;

	    if (!(this instanceof Type || this instanceof Service || this instanceof Enum || this instanceof Field)) {
	        // This is a package or a root namespace.
	        if (!object._edition) {
	            // Make sure that some edition is set if it hasn't already been specified.
	            object._edition = object._defaultEdition;
	        }
	    }

	    this._needsRecursiveFeatureResolution = true;
	    this._needsRecursiveResolve = true;

	    // Also clear parent caches, since they need to recurse down.
	    var parent = this;
	    while(parent = parent.parent) {
	        parent._needsRecursiveFeatureResolution = true;
	        parent._needsRecursiveResolve = true;
	    }

	    object.onAdd(this);
	    return clearCache(this);
	};

	/**
	 * Removes a nested object from this namespace.
	 * @param {ReflectionObject} object Nested object to remove
	 * @returns {Namespace} `this`
	 * @throws {TypeError} If arguments are invalid
	 * @throws {Error} If `object` is not a member of this namespace
	 */
	Namespace.prototype.remove = function remove(object) {

	    if (!(object instanceof ReflectionObject))
	        throw TypeError("object must be a ReflectionObject");
	    if (object.parent !== this)
	        throw Error(object + " is not a member of " + this);

	    if (!util.remove(this.nested, object, object.name))
	        throw Error(object + " is not a member of " + this);
	    if (!Object.keys(this.nested).length)
	        this.nested = undefined;

	    object.onRemove(this);
	    return clearCache(this);
	};

	/**
	 * Defines additial namespaces within this one if not yet existing.
	 * @param {string|string[]} path Path to create
	 * @param {*} [json] Nested types to create from JSON
	 * @returns {Namespace} Pointer to the last namespace created or `this` if path is empty
	 */
	Namespace.prototype.define = function define(path, json) {

	    if (util.isString(path))
	        path = path.split(".");
	    else if (!Array.isArray(path))
	        throw TypeError("illegal path");
	    if (path && path.length && path[0] === "")
	        throw Error("path must be relative");
	    if (path.length > util.recursionLimit)
	        throw Error("max depth exceeded");

	    var ptr = this;
	    while (path.length > 0) {
	        var part = path.shift();
	        if (ptr.nested && ptr.nested[part]) {
	            ptr = ptr.nested[part];
	            if (!(ptr instanceof Namespace))
	                throw Error("path conflicts with non-namespace objects");
	        } else
	            ptr.add(ptr = new Namespace(part));
	    }
	    if (json)
	        ptr.addJSON(json);
	    return ptr;
	};

	/**
	 * Resolves this namespace's and all its nested objects' type references. Useful to validate a reflection tree, but comes at a cost.
	 * @returns {Namespace} `this`
	 */
	Namespace.prototype.resolveAll = function resolveAll() {
	    if (!this._needsRecursiveResolve) return this;

	    if (this._needsRecursiveFeatureResolution)
	        this._resolveFeaturesRecursive(this._edition);

	    var nested = this.nestedArray, i = 0;
	    this.resolve();
	    while (i < nested.length)
	        if (nested[i] instanceof Namespace)
	            nested[i++].resolveAll();
	        else
	            nested[i++].resolve();
	    this._needsRecursiveResolve = false;
	    return this;
	};

	/**
	 * @override
	 */
	Namespace.prototype._resolveFeaturesRecursive = function _resolveFeaturesRecursive(edition) {
	    if (!this._needsRecursiveFeatureResolution) return this;
	    this._needsRecursiveFeatureResolution = false;

	    edition = this._edition || edition;

	    ReflectionObject.prototype._resolveFeaturesRecursive.call(this, edition);
	    this.nestedArray.forEach(nested => {
	        nested._resolveFeaturesRecursive(edition);
	    });
	    return this;
	};

	/**
	 * Recursively looks up the reflection object matching the specified path in the scope of this namespace.
	 * @param {string|string[]} path Path to look up
	 * @param {*|Array.<*>} filterTypes Filter types, any combination of the constructors of `protobuf.Type`, `protobuf.Enum`, `protobuf.Service` etc.
	 * @param {boolean} [parentAlreadyChecked=false] If known, whether the parent has already been checked
	 * @returns {ReflectionObject|null} Looked up object or `null` if none could be found
	 */
	Namespace.prototype.lookup = function lookup(path, filterTypes, parentAlreadyChecked) {
	    /* istanbul ignore next */
	    if (typeof filterTypes === "boolean") {
	        parentAlreadyChecked = filterTypes;
	        filterTypes = undefined;
	    } else if (filterTypes && !Array.isArray(filterTypes))
	        filterTypes = [ filterTypes ];

	    if (util.isString(path) && path.length) {
	        if (path === ".")
	            return this.root;
	        path = path.split(".");
	    } else if (!path.length)
	        return this;

	    var flatPath = path.join(".");

	    // Start at root if path is absolute
	    if (path[0] === "")
	        return this.root.lookup(path.slice(1), filterTypes);

	    // Lookup at this namespace and below
	    var found = this._lookupImpl(path, flatPath);
	    if (found && (!filterTypes || filterTypes.indexOf(found.constructor) > -1)) {
	        return found;
	    }

	    // Fall back to respective absolute path once relative scope has been checked (non-standard)
	    found = this.root._fullyQualifiedObjects && this.root._fullyQualifiedObjects["." + flatPath];
	    if (found && (!filterTypes || filterTypes.indexOf(found.constructor) > -1)) {
	        return found;
	    }

	    if (parentAlreadyChecked)
	        return null;

	    // If there hasn't been a match, walk up the tree and look more broadly
	    var current = this;
	    while (current.parent) {
	        found = current.parent._lookupImpl(path, flatPath);
	        if (found && (!filterTypes || filterTypes.indexOf(found.constructor) > -1)) {
	            return found;
	        }
	        current = current.parent;
	    }
	    return null;
	};

	/**
	 * Internal helper for lookup that handles searching just at this namespace and below along with caching.
	 * @param {string[]} path Path to look up
	 * @param {string} flatPath Flattened version of the path to use as a cache key
	 * @returns {ReflectionObject|null} Looked up object or `null` if none could be found
	 * @private
	 */
	Namespace.prototype._lookupImpl = function lookup(path, flatPath) {
	    if(Object.prototype.hasOwnProperty.call(this._lookupCache, flatPath)) {
	        return this._lookupCache[flatPath];
	    }

	    // Test if the first part matches any nested object, and if so, traverse if path contains more
	    var found = this.get(path[0]);
	    var exact = null;
	    if (found) {
	        if (path.length === 1) {
	            exact = found;
	        } else if (found instanceof Namespace) {
	            path = path.slice(1);
	            exact = found._lookupImpl(path, path.join("."));
	        }

	    // Otherwise try each nested namespace
	    } else {
	        for (var i = 0; i < this.nestedArray.length; ++i)
	            if (this._nestedArray[i] instanceof Namespace && (found = this._nestedArray[i]._lookupImpl(path, flatPath))) {
	                exact = found;
	                break;
	            }
	    }

	    // Set this even when null, so that when we walk up the tree we can quickly bail on repeated checks back down.
	    this._lookupCache[flatPath] = exact;
	    return exact;
	};

	/**
	 * Looks up the reflection object at the specified path, relative to this namespace.
	 * @name NamespaceBase#lookup
	 * @function
	 * @param {string|string[]} path Path to look up
	 * @param {boolean} [parentAlreadyChecked=false] Whether the parent has already been checked
	 * @returns {ReflectionObject|null} Looked up object or `null` if none could be found
	 * @variation 2
	 */
	// lookup(path: string, [parentAlreadyChecked: boolean])

	/**
	 * Looks up the {@link Type|type} at the specified path, relative to this namespace.
	 * Besides its signature, this methods differs from {@link Namespace#lookup|lookup} in that it throws instead of returning `null`.
	 * @param {string|string[]} path Path to look up
	 * @returns {Type} Looked up type
	 * @throws {Error} If `path` does not point to a type
	 */
	Namespace.prototype.lookupType = function lookupType(path) {
	    var found = this.lookup(path, [ Type ]);
	    if (!found)
	        throw Error("no such type: " + path);
	    return found;
	};

	/**
	 * Looks up the values of the {@link Enum|enum} at the specified path, relative to this namespace.
	 * Besides its signature, this methods differs from {@link Namespace#lookup|lookup} in that it throws instead of returning `null`.
	 * @param {string|string[]} path Path to look up
	 * @returns {Enum} Looked up enum
	 * @throws {Error} If `path` does not point to an enum
	 */
	Namespace.prototype.lookupEnum = function lookupEnum(path) {
	    var found = this.lookup(path, [ Enum ]);
	    if (!found)
	        throw Error("no such Enum '" + path + "' in " + this);
	    return found;
	};

	/**
	 * Looks up the {@link Type|type} or {@link Enum|enum} at the specified path, relative to this namespace.
	 * Besides its signature, this methods differs from {@link Namespace#lookup|lookup} in that it throws instead of returning `null`.
	 * @param {string|string[]} path Path to look up
	 * @returns {Type} Looked up type or enum
	 * @throws {Error} If `path` does not point to a type or enum
	 */
	Namespace.prototype.lookupTypeOrEnum = function lookupTypeOrEnum(path) {
	    var found = this.lookup(path, [ Type, Enum ]);
	    if (!found)
	        throw Error("no such Type or Enum '" + path + "' in " + this);
	    return found;
	};

	/**
	 * Looks up the {@link Service|service} at the specified path, relative to this namespace.
	 * Besides its signature, this methods differs from {@link Namespace#lookup|lookup} in that it throws instead of returning `null`.
	 * @param {string|string[]} path Path to look up
	 * @returns {Service} Looked up service
	 * @throws {Error} If `path` does not point to a service
	 */
	Namespace.prototype.lookupService = function lookupService(path) {
	    var found = this.lookup(path, [ Service ]);
	    if (!found)
	        throw Error("no such Service '" + path + "' in " + this);
	    return found;
	};

	// Sets up cyclic dependencies (called in index-light)
	Namespace._configure = function(Type_, Service_, Enum_) {
	    Type    = Type_;
	    Service = Service_;
	    Enum    = Enum_;
	};
	return namespace;
}

var mapfield;
var hasRequiredMapfield;

function requireMapfield () {
	if (hasRequiredMapfield) return mapfield;
	hasRequiredMapfield = 1;
	mapfield = MapField;

	// extends Field
	var Field = requireField();
	MapField.prototype = Object.create(Field.prototype, {
	    constructor: {
	        value: MapField,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});
	MapField.className = "MapField";

	var types   = requireTypes(),
	    util    = requireUtil();

	/**
	 * Constructs a new map field instance.
	 * @classdesc Reflected map field.
	 * @extends FieldBase
	 * @constructor
	 * @param {string} name Unique name within its namespace
	 * @param {number} id Unique id within its namespace
	 * @param {string} keyType Key type
	 * @param {string} type Value type
	 * @param {Object.<string,*>} [options] Declared options
	 * @param {string} [comment] Comment associated with this field
	 */
	function MapField(name, id, keyType, type, options, comment) {
	    Field.call(this, name, id, type, undefined, undefined, options, comment);

	    /* istanbul ignore if */
	    if (!util.isString(keyType))
	        throw TypeError("keyType must be a string");

	    /**
	     * Key type.
	     * @type {string}
	     */
	    this.keyType = keyType; // toJSON, marker

	    /**
	     * Resolved key type if not a basic type.
	     * @type {ReflectionObject|null}
	     */
	    this.resolvedKeyType = null;

	    // Overrides Field#map
	    this.map = true;
	}

	/**
	 * Map field descriptor.
	 * @interface IMapField
	 * @extends {IField}
	 * @property {string} keyType Key type
	 */

	/**
	 * Extension map field descriptor.
	 * @interface IExtensionMapField
	 * @extends IMapField
	 * @property {string} extend Extended type
	 */

	/**
	 * Constructs a map field from a map field descriptor.
	 * @param {string} name Field name
	 * @param {IMapField} json Map field descriptor
	 * @returns {MapField} Created map field
	 * @throws {TypeError} If arguments are invalid
	 */
	MapField.fromJSON = function fromJSON(name, json) {
	    var field = new MapField(name, json.id, json.keyType, json.type, json.options, json.comment);
	    if (json.protoName)
	        field.protoName = json.protoName;
	    if (json.jsonName !== undefined)
	        field.jsonName = json.jsonName;
	    else if (json.options && json.options.json_name !== undefined)
	        field.jsonName = json.options.json_name;
	    return field;
	};

	/**
	 * Converts this map field to a map field descriptor.
	 * @param {IToJSONOptions} [toJSONOptions] JSON conversion options
	 * @returns {IMapField} Map field descriptor
	 */
	MapField.prototype.toJSON = function toJSON(toJSONOptions) {
	    var keepComments = toJSONOptions ? Boolean(toJSONOptions.keepComments) : false;
	    return util.toObject([
	        "keyType"      , this.keyType,
	        "type"         , this.type,
	        "id"           , this.id,
	        "extend"       , this.extend,
	        "protoName"    , this.protoName !== this.name ? this.protoName : undefined,
	        "jsonName"     , this.jsonName !== util.jsonName(this.protoName || this.name) ? this.jsonName : undefined,
	        "options"      , this.options,
	        "comment"      , keepComments ? this.comment : undefined
	    ]);
	};

	/**
	 * @override
	 */
	MapField.prototype.resolve = function resolve() {
	    if (this.resolved)
	        return this;

	    // Besides a value type, map fields have a key type that may be "any scalar type except for floating point types and bytes"
	    if (types.mapKey[this.keyType] === undefined)
	        throw Error("invalid key type: " + this.keyType);

	    return Field.prototype.resolve.call(this);
	};

	/**
	 * Map field decorator (TypeScript).
	 * @name MapField.d
	 * @function
	 * @param {number} fieldId Field id
	 * @param {"int32"|"uint32"|"sint32"|"fixed32"|"sfixed32"|"int64"|"uint64"|"sint64"|"fixed64"|"sfixed64"|"bool"|"string"} fieldKeyType Field key type
	 * @param {"double"|"float"|"int32"|"uint32"|"sint32"|"fixed32"|"sfixed32"|"int64"|"uint64"|"sint64"|"fixed64"|"sfixed64"|"bool"|"string"|"bytes"|Object|Constructor<{}>} fieldValueType Field value type
	 * @returns {FieldDecorator} Decorator function
	 * @template T extends { [key: string]: number | Long | string | boolean | Uint8Array | Buffer | number[] | Message<{}> }
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */
	MapField.d = function decorateMapField(fieldId, fieldKeyType, fieldValueType) {

	    // submessage value: decorate the submessage and use its name as the type
	    if (typeof fieldValueType === "function")
	        fieldValueType = util.decorateType(fieldValueType).name;

	    // enum reference value: create a reflected copy of the enum and keep reuseing it
	    else if (fieldValueType && typeof fieldValueType === "object")
	        fieldValueType = util.decorateEnum(fieldValueType).name;

	    return function mapFieldDecorator(prototype, fieldName) {
	        util.decorateType(prototype.constructor)
	            .add(new MapField(fieldName, fieldId, fieldKeyType, fieldValueType));
	    };
	};
	return mapfield;
}

var method;
var hasRequiredMethod;

function requireMethod () {
	if (hasRequiredMethod) return method;
	hasRequiredMethod = 1;
	method = Method;

	// extends ReflectionObject
	var ReflectionObject = requireObject();
	Method.prototype = Object.create(ReflectionObject.prototype, {
	    constructor: {
	        value: Method,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});
	Method.className = "Method";

	var util = requireUtil();

	/**
	 * Constructs a new service method instance.
	 * @classdesc Reflected service method.
	 * @extends ReflectionObject
	 * @constructor
	 * @param {string} name Method name
	 * @param {string|undefined} type Method type, usually `"rpc"`
	 * @param {string} requestType Request message type
	 * @param {string} responseType Response message type
	 * @param {boolean|Object.<string,*>} [requestStream] Whether the request is streamed
	 * @param {boolean|Object.<string,*>} [responseStream] Whether the response is streamed
	 * @param {Object.<string,*>} [options] Declared options
	 * @param {string} [comment] The comment for this method
	 * @param {Array.<Object.<string,*>>} [parsedOptions] Declared options, properly parsed into objects
	 */
	function Method(name, type, requestType, responseType, requestStream, responseStream, options, comment, parsedOptions) {

	    /* istanbul ignore next */
	    if (util.isObject(requestStream)) {
	        options = requestStream;
	        requestStream = responseStream = undefined;
	    } else if (util.isObject(responseStream)) {
	        options = responseStream;
	        responseStream = undefined;
	    }

	    /* istanbul ignore if */
	    if (!(type === undefined || util.isString(type)))
	        throw TypeError("type must be a string");

	    /* istanbul ignore if */
	    if (!util.isString(requestType))
	        throw TypeError("requestType must be a string");

	    /* istanbul ignore if */
	    if (!util.isString(responseType))
	        throw TypeError("responseType must be a string");

	    ReflectionObject.call(this, name, options);

	    /**
	     * Method type.
	     * @type {string}
	     */
	    this.type = type || "rpc"; // toJSON

	    /**
	     * Request type.
	     * @type {string}
	     */
	    this.requestType = requestType; // toJSON, marker

	    /**
	     * Whether requests are streamed or not.
	     * @type {true|undefined}
	     */
	    this.requestStream = requestStream ? true : undefined; // toJSON

	    /**
	     * Response type.
	     * @type {string}
	     */
	    this.responseType = responseType; // toJSON

	    /**
	     * Whether responses are streamed or not.
	     * @type {true|undefined}
	     */
	    this.responseStream = responseStream ? true : undefined; // toJSON

	    /**
	     * gRPC-style method path.
	     * @type {string}
	     */
	    this.path = "/" + this.name;

	    /**
	     * Resolved request type.
	     * @type {Type|null}
	     */
	    this.resolvedRequestType = null;

	    /**
	     * Resolved response type.
	     * @type {Type|null}
	     */
	    this.resolvedResponseType = null;

	    /**
	     * Comment for this method
	     * @type {string|null}
	     */
	    this.comment = comment;

	    /**
	     * Options properly parsed into objects
	     * @type {Array.<Object.<string,*>>|undefined}
	     */
	    this.parsedOptions = parsedOptions;
	}

	/**
	 * Method descriptor.
	 * @interface IMethod
	 * @property {string} [type="rpc"] Method type
	 * @property {string} requestType Request type
	 * @property {string} responseType Response type
	 * @property {boolean} [requestStream=false] Whether requests are streamed
	 * @property {boolean} [responseStream=false] Whether responses are streamed
	 * @property {Object.<string,*>} [options] Method options
	 * @property {string|null} [comment] Method comment
	 * @property {Array.<Object.<string,*>>} [parsedOptions] Method options properly parsed into objects
	 */

	/**
	 * Constructs a method from a method descriptor.
	 * @param {string} name Method name
	 * @param {IMethod} json Method descriptor
	 * @returns {Method} Created method
	 * @throws {TypeError} If arguments are invalid
	 */
	Method.fromJSON = function fromJSON(name, json) {
	    return new Method(name, json.type, json.requestType, json.responseType, json.requestStream, json.responseStream, json.options, json.comment, json.parsedOptions);
	};

	/**
	 * Converts this method to a method descriptor.
	 * @param {IToJSONOptions} [toJSONOptions] JSON conversion options
	 * @returns {IMethod} Method descriptor
	 */
	Method.prototype.toJSON = function toJSON(toJSONOptions) {
	    var keepComments = toJSONOptions ? Boolean(toJSONOptions.keepComments) : false;
	    return util.toObject([
	        "type"           , this.type !== "rpc" && /* istanbul ignore next */ this.type || undefined,
	        "requestType"    , this.requestType,
	        "requestStream"  , this.requestStream,
	        "responseType"   , this.responseType,
	        "responseStream" , this.responseStream,
	        "options"        , this.options,
	        "comment"        , keepComments ? this.comment : undefined,
	        "parsedOptions"  , this.parsedOptions,
	    ]);
	};

	/**
	 * @override
	 */
	Method.prototype.resolve = function resolve() {

	    /* istanbul ignore if */
	    if (this.resolved)
	        return this;

	    if (this.parent) {
	        var serviceName = this.parent.fullName;
	        if (serviceName.charAt(0) === ".")
	            serviceName = serviceName.substring(1);
	        this.path = "/" + serviceName + "/" + this.name;
	    } else
	        this.path = "/" + this.name;

	    this.resolvedRequestType = this.parent.lookupType(this.requestType);
	    this.resolvedResponseType = this.parent.lookupType(this.responseType);

	    return ReflectionObject.prototype.resolve.call(this);
	};
	return method;
}

var service;
var hasRequiredService;

function requireService () {
	if (hasRequiredService) return service;
	hasRequiredService = 1;
	service = Service;

	// extends Namespace
	var Namespace = requireNamespace();
	Service.prototype = Object.create(Namespace.prototype, {
	    constructor: {
	        value: Service,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});
	Service.className = "Service";

	var Method = requireMethod(),
	    util   = requireUtil(),
	    rpc    = requireRpc();

	/**
	 * Constructs a new service instance.
	 * @classdesc Reflected service.
	 * @extends NamespaceBase
	 * @constructor
	 * @param {string} name Service name
	 * @param {Object.<string,*>} [options] Service options
	 * @throws {TypeError} If arguments are invalid
	 */
	function Service(name, options) {
	    Namespace.call(this, name, options);

	    /**
	     * Service methods.
	     * @type {Object.<string,Method>}
	     */
	    this.methods = {}; // toJSON, marker

	    /**
	     * Cached methods as an array.
	     * @type {Method[]|null}
	     * @private
	     */
	    this._methodsArray = null;
	}

	/**
	 * Service descriptor.
	 * @interface IService
	 * @extends INamespace
	 * @property {string} [edition] Edition
	 * @property {Object.<string,IMethod>} methods Method descriptors
	 * @property {string|null} [comment] Service comment
	 */

	/**
	 * Constructs a service from a service descriptor.
	 * @param {string} name Service name
	 * @param {IService} json Service descriptor
	 * @param {number} [depth] Current nesting depth, defaults to `0`
	 * @returns {Service} Created service
	 * @throws {TypeError} If arguments are invalid
	 */
	Service.fromJSON = function fromJSON(name, json, depth) {
	    if (depth === undefined)
	        depth = 0;
	    if (depth > util.recursionLimit)
	        throw Error("max depth exceeded");
	    var service = new Service(name, json.options);
	    /* istanbul ignore else */
	    if (json.methods)
	        for (var names = Object.keys(json.methods), i = 0; i < names.length; ++i)
	            service.add(Method.fromJSON(names[i], json.methods[names[i]]));
	    if (json.nested)
	        service.addJSON(json.nested, depth);
	    if (json.edition)
	        service._edition = json.edition;
	    service.comment = json.comment;
	    service._defaultEdition = "proto3";  // For backwards-compatibility.
	    return service;
	};

	/**
	 * Converts this service to a service descriptor.
	 * @param {IToJSONOptions} [toJSONOptions] JSON conversion options
	 * @returns {IService} Service descriptor
	 */
	Service.prototype.toJSON = function toJSON(toJSONOptions) {
	    var inherited = Namespace.prototype.toJSON.call(this, toJSONOptions);
	    var keepComments = toJSONOptions ? Boolean(toJSONOptions.keepComments) : false;
	    return util.toObject([
	        "edition" , this._editionToJSON(),
	        "options" , inherited && inherited.options || undefined,
	        "methods" , Namespace.arrayToJSON(this.methodsArray, toJSONOptions) || /* istanbul ignore next */ {},
	        "nested"  , inherited && inherited.nested || undefined,
	        "comment" , keepComments ? this.comment : undefined
	    ]);
	};

	/**
	 * Methods of this service as an array for iteration.
	 * @name Service#methodsArray
	 * @type {Method[]}
	 * @readonly
	 */
	Object.defineProperty(Service.prototype, "methodsArray", {
	    get: function() {
	        return this._methodsArray || (this._methodsArray = util.toArray(this.methods));
	    }
	});

	function clearCache(service) {
	    service._methodsArray = null;
	    return service;
	}

	/**
	 * @override
	 */
	Service.prototype.get = function get(name) {
	    return Object.prototype.hasOwnProperty.call(this.methods, name)
	        ? this.methods[name]
	        : Namespace.prototype.get.call(this, name);
	};

	/**
	 * @override
	 */
	Service.prototype.resolveAll = function resolveAll() {
	    if (!this._needsRecursiveResolve) return this;

	    Namespace.prototype.resolve.call(this);
	    var methods = this.methodsArray;
	    for (var i = 0; i < methods.length; ++i)
	        methods[i].resolve();
	    return this;
	};

	/**
	 * @override
	 */
	Service.prototype._resolveFeaturesRecursive = function _resolveFeaturesRecursive(edition) {
	    if (!this._needsRecursiveFeatureResolution) return this;

	    edition = this._edition || edition;

	    Namespace.prototype._resolveFeaturesRecursive.call(this, edition);
	    this.methodsArray.forEach(method => {
	        method._resolveFeaturesRecursive(edition);
	    });
	    return this;
	};

	/**
	 * @override
	 */
	Service.prototype.add = function add(object) {
	    /* istanbul ignore if */
	    if (this.get(object.name))
	        throw Error("duplicate name '" + object.name + "' in " + this);

	    if (object instanceof Method) {
	        if (object.name === "__proto__")
	            return this;
	        this.methods[object.name] = object;
	        object.parent = this;
	        return clearCache(this);
	    }
	    return Namespace.prototype.add.call(this, object);
	};

	/**
	 * @override
	 */
	Service.prototype.remove = function remove(object) {
	    if (object instanceof Method) {

	        /* istanbul ignore if */
	        if (this.methods[object.name] !== object)
	            throw Error(object + " is not a member of " + this);

	        delete this.methods[object.name];
	        object.parent = null;
	        return clearCache(this);
	    }
	    return Namespace.prototype.remove.call(this, object);
	};

	/**
	 * Creates a runtime service using the specified rpc implementation.
	 * @param {RPCImpl} rpcImpl RPC implementation
	 * @param {boolean} [requestDelimited=false] Whether requests are length-delimited
	 * @param {boolean} [responseDelimited=false] Whether responses are length-delimited
	 * @returns {rpc.Service} RPC service. Useful where requests and/or responses are streamed.
	 */
	Service.prototype.create = function create(rpcImpl, requestDelimited, responseDelimited) {
	    var rpcService = new rpc.Service(rpcImpl, requestDelimited, responseDelimited);
	    for (var i = 0, method; i < /* initializes */ this.methodsArray.length; ++i) {
	        var methodName = util.lcFirst((method = this._methodsArray[i]).resolve().name).replace(/[^$\w_]/g, "");
	        rpcService[methodName] = (function(method, requestType, responseType) {
	            return function rpcMethod(request, callback) {
	                return rpc.Service.prototype.rpcCall.call(this, method, requestType, responseType, request, callback);
	            };
	        })(method, method.resolvedRequestType.ctor, method.resolvedResponseType.ctor);
	    }
	    return rpcService;
	};
	return service;
}

var message;
var hasRequiredMessage;

function requireMessage () {
	if (hasRequiredMessage) return message;
	hasRequiredMessage = 1;
	message = Message;

	var util = requireMinimal();

	/**
	 * Constructs a new message instance.
	 * @classdesc Abstract runtime message.
	 * @constructor
	 * @param {Properties<T>} [properties] Properties to set
	 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
	 * @template T extends object = object
	 */
	function Message(properties) {
	    // not used internally
	    if (properties)
	        for (var keys = Object.keys(properties), i = 0; i < keys.length; ++i)
	            if (properties[keys[i]] != null && keys[i] !== "__proto__")
	                this[keys[i]] = properties[keys[i]];
	}

	/**
	 * Reference to the reflected type.
	 * @name Message.$type
	 * @type {Type}
	 * @readonly
	 */

	/**
	 * Reference to the reflected type.
	 * @name Message#$type
	 * @type {Type}
	 * @readonly
	 */

	/**
	 * Creates a new message of this type using the specified properties.
	 * @param {Object.<string,*>} [properties] Properties to set
	 * @returns {T} Message instance
	 * @template T extends Message<T>
	 * @this Constructor<T>
	 */
	Message.create = function create(properties) {
	    return this.$type.create(properties);
	};

	/**
	 * Encodes a message of this type.
	 * @param {T|Object.<string,*>} message Message to encode
	 * @param {Writer} [writer] Writer to use
	 * @returns {Writer} Writer
	 * @template T extends Message<T>
	 * @this Constructor<T>
	 */
	Message.encode = function encode(message, writer) {
	    return this.$type.encode(message, writer);
	};

	/**
	 * Encodes a message of this type preceeded by its length as a varint.
	 * @param {T|Object.<string,*>} message Message to encode
	 * @param {Writer} [writer] Writer to use
	 * @returns {Writer} Writer
	 * @template T extends Message<T>
	 * @this Constructor<T>
	 */
	Message.encodeDelimited = function encodeDelimited(message, writer) {
	    return this.$type.encodeDelimited(message, writer);
	};

	/**
	 * Decodes a message of this type.
	 * @name Message.decode
	 * @function
	 * @param {Reader|Uint8Array} reader Reader or buffer to decode
	 * @returns {T} Decoded message
	 * @template T extends Message<T>
	 * @this Constructor<T>
	 */
	Message.decode = function decode(reader) {
	    return this.$type.decode(reader);
	};

	/**
	 * Decodes a message of this type preceeded by its length as a varint.
	 * @name Message.decodeDelimited
	 * @function
	 * @param {Reader|Uint8Array} reader Reader or buffer to decode
	 * @returns {T} Decoded message
	 * @template T extends Message<T>
	 * @this Constructor<T>
	 */
	Message.decodeDelimited = function decodeDelimited(reader) {
	    return this.$type.decodeDelimited(reader);
	};

	/**
	 * Verifies a message of this type.
	 * @name Message.verify
	 * @function
	 * @param {Object.<string,*>} message Plain object to verify
	 * @returns {string|null} `null` if valid, otherwise the reason why it is not
	 */
	Message.verify = function verify(message) {
	    return this.$type.verify(message);
	};

	/**
	 * Creates a new message of this type from a plain object. Also converts values to their respective internal types.
	 * @param {Object.<string,*>} object Plain object
	 * @returns {T} Message instance
	 * @template T extends Message<T>
	 * @this Constructor<T>
	 */
	Message.fromObject = function fromObject(object) {
	    return this.$type.fromObject(object);
	};

	/**
	 * Creates a plain object from a message of this type. Also converts values to other types if specified.
	 * @param {T} message Message instance
	 * @param {IConversionOptions} [options] Conversion options
	 * @returns {Object.<string,*>} Plain object
	 * @template T extends Message<T>
	 * @this Constructor<T>
	 */
	Message.toObject = function toObject(message, options) {
	    return this.$type.toObject(message, options);
	};

	/**
	 * Converts this message to JSON.
	 * @returns {Object.<string,*>} JSON object
	 */
	Message.prototype.toJSON = function toJSON() {
	    return this.$type.toObject(this, util.toJSONOptions);
	};
	return message;
}

var decoder_1;
var hasRequiredDecoder;

function requireDecoder () {
	if (hasRequiredDecoder) return decoder_1;
	hasRequiredDecoder = 1;
	decoder_1 = decoder;

	var Enum    = require_enum(),
	    types   = requireTypes(),
	    util    = requireUtil();

	function missing(field) {
	    return "missing required '" + field.name + "'";
	}

	function stringMethod(field) {
	    return field._features.utf8_validation === "VERIFY" ? "stringVerify" : "string";
	}

	function genPreserveUnknown(gen, ref) {
	    /* eslint-disable no-unexpected-multiline */
	    return gen
	        ("if(!r.discardUnknown){")
	            ("util.makeProp(m,\"$unknowns\",false);")
	            ("(m.$unknowns||(m.$unknowns=[])).push(%s)", ref)
	        ("}");
	    /* eslint-enable no-unexpected-multiline */
	}

	/**
	 * Generates a decoder specific to the specified message type.
	 * @param {Type} mtype Message type
	 * @returns {Codegen} Codegen instance
	 */
	function decoder(mtype) {
	    /* eslint-disable no-unexpected-multiline */
	    var hasMapField = false,
	        needsValueVar = false,
	        i = 0;
	    for (; i < mtype.fieldsArray.length; ++i) {
	        var pfield = mtype._fieldsArray[i];
	        if (pfield.map)
	            hasMapField = true;
	        if (pfield.resolvedType instanceof Enum || !pfield.repeated && !pfield.map && !pfield.hasPresence)
	            needsValueVar = true;
	    }
	    var gen = util.codegen(["r", "l", "z", "q", "g"])
	    ("if(!(r instanceof Reader))")
	        ("r=Reader.create(r)")
	    ("if(q===undefined)q=0")
	    ("if(q>Reader.recursionLimit)")
	        ("throw Error(\"max depth exceeded\")")
	    ("var c,m" + (hasMapField ? ",k,v" : needsValueVar ? ",v" : ""))
	    ("if(l===undefined)")
	        ("c=r.len")
	    ("else{")
	        ("c=r.pos+l")
	        ("if(c>r.len)")
	            ("throw RangeError(\"index out of range\")")
	        ("l=r.len")
	        ("r.len=c")
	    ("}")
	    ("m=g||new C")
	    ("while(r.pos<c){")
	        ("var s=r.pos")
	        ("var t=r.tag()")
	        ("if(t===z){")
	            ("z=undefined")
	            ("break")
	        ("}");
	    if (mtype.fieldsArray.length) gen
	        ("var u=t&7")
	        ("switch(t>>>=3){");
	    for (i = 0; i < /* initializes */ mtype.fieldsArray.length; ++i) {
	        var field  = mtype._fieldsArray[i].resolve(),
	            type   = field.resolvedType instanceof Enum ? "int32" : field.type,
	            ref    = "m" + util.safeProp(field.name),
	            closed = field.resolvedType instanceof Enum && field.resolvedType._features.enum_type === "CLOSED";

	        // Map fields
	        if (field.map) {
	            gen
	            ("case %i:{", field.id)
	                ("if(u!==2)")
	                    ("break");
	            if (!closed) gen
	                ("if(%s===util.emptyObject)", ref)
	                    ("%s={}", ref);
	            gen
	                ("var c2=r.size()+r.pos")
	                ("if(c2>r.len)")
	                    ("throw RangeError(\"index out of range\")")
	                ("r.len=c2");

	            if (types.defaults[field.keyType] !== undefined) gen
	                ("k=%j", types.defaults[field.keyType]);
	            else gen
	                ("k=null");

	            if (types.long[type] !== undefined) gen
	                ("v=util.Long?util.Long.fromNumber(0,%j):0", type === "uint64" || type === "fixed64");
	            else if (types.defaults[type] !== undefined) gen
	                ("v=%j", types.defaults[type]);
	            else gen
	                ("v=null");

	            gen
	                ("while(r.pos<c2){")
	                    ("var t2=r.tag()")
	                    ("u=t2&7")
	                    ("switch(t2>>>=3){")
	                        ("case 1:")
	                            ("if(u!==%i)", types.mapKey[field.keyType])
	                                ("break")
	                            ("k=r.%s()", field.keyType === "string" ? stringMethod(field) : field.keyType)
	                            ("continue")
	                        ("case 2:")
	                            ("if(u!==%i)", types.basic[type] === undefined ? 2 : types.basic[type])
	                                ("break");

	            if (types.basic[type] === undefined) gen
	                            ("v=types[%i].decode(r,r.size(),undefined,q+1,v)", i); // can't be groups
	            else gen
	                            ("v=r.%s()", type === "string" ? stringMethod(field) : type);

	            gen
	                            ("continue")
	                    ("}")
	                    ("r.skipType(u,q,t2)")
	                ("}");
	            gen
	                ("if(r.pos!==c2)")
	                    ("throw RangeError(\"index out of range\")")
	                ("r.len=c");

	            if (closed) { gen
	                ("if(types[%i].valuesById[v]===undefined){", i);
	                    genPreserveUnknown(gen, "r.raw(s,r.pos)")
	                    ("continue")
	                ("}")
	                ("if(%s===util.emptyObject)", ref)
	                    ("%s={}", ref);
	            }

	            var val = types.basic[type] === undefined ? "v||new types[" + i + "].ctor" : "v";
	            if (types.long[field.keyType] !== undefined) gen
	                ("%s[typeof k===\"object\"?util.longToHash(k):k]=%s", ref, val);
	            else {
	                if (field.keyType === "string") gen
	                ("if(k===\"__proto__\")")
	                    ("util.makeProp(%s,k)", ref);
	                gen
	                ("%s[k]=%s", ref, val);
	            }

	        // Repeated fields
	        } else if (field.repeated) { gen
	            ("case %i:", field.id)
	            ("{");

	            // Packable (always check for forward and backward compatiblity)
	            if (types.packed[type] !== undefined) {
	                gen
	                ("if(u===2){");
	                if (closed) {
	                    gen
	                    ("var c2=r.size()+r.pos")
	                    ("if(c2>r.len)")
	                        ("throw RangeError(\"index out of range\")")
	                    ("r.len=c2")
	                    ("while(r.pos<c2){")
	                        ("s=r.pos")
	                        ("v=r.%s()", type)
	                        ("if(types[%i].valuesById[v]!==undefined){", i)
	                            ("if(!(%s&&%s.length))", ref, ref)
	                                ("%s=[]", ref)
	                            ("%s.push(v)", ref)
	                        ("}else");
	                            genPreserveUnknown(gen, "util.rawField(" + field.id + ",0,r.raw(s,r.pos))")
	                    ("}");
	                    gen
	                    ("if(r.pos!==c2)")
	                        ("throw RangeError(\"index out of range\")")
	                    ("r.len=c");
	                } else gen
	                    ("if(!(%s&&%s.length))", ref, ref)
	                        ("%s=[]", ref)
	                    ("r.%ss(%s)", type, ref);
	                gen
	                    ("continue")
	                ("}");
	            }

	            // Non-packed
	            gen
	                ("if(u!==%i)", types.basic[type] === undefined ? field.delimited ? 3 : 2 : types.basic[type])
	                    ("break");
	            if (!closed) gen
	                ("if(!(%s&&%s.length))", ref, ref)
	                    ("%s=[]", ref);
	            if (types.basic[type] === undefined) {
	                if (field.delimited) gen
	                    ("%s.push(types[%i].decode(r,undefined,%i,q+1))", ref, i, field.id * 8 + 4);
	                else gen
	                    ("%s.push(types[%i].decode(r,r.size(),undefined,q+1))", ref, i);
	            } else if (closed) { gen
	                    ("v=r.%s()", type)
	                    ("if(types[%i].valuesById[v]!==undefined){", i)
	                        ("if(!(%s&&%s.length))", ref, ref)
	                            ("%s=[]", ref)
	                        ("%s.push(v)", ref)
	                    ("}else");
	                        genPreserveUnknown(gen, "r.raw(s,r.pos)");
	            } else gen
	                    ("%s.push(r.%s())", ref, type === "string" ? stringMethod(field) : type);

	        // Non-repeated
	        } else if (types.basic[type] === undefined) {
	            gen
	            ("case %i:{", field.id)
	                ("if(u!==%i)", field.delimited ? 3 : 2)
	                    ("break");
	            if (field.delimited) gen
	                ("%s=types[%i].decode(r,undefined,%i,q+1,%s)", ref, i, field.id * 8 + 4, ref);
	            else gen
	                ("%s=types[%i].decode(r,r.size(),undefined,q+1,%s)", ref, i, ref);
	        }
	        else if (field.hasPresence) {
	            gen
	            ("case %i:{", field.id)
	                ("if(u!==%i)", types.basic[type])
	                    ("break");
	            if (closed) { gen
	                ("v=r.%s()", type)
	                ("if(types[%i].valuesById[v]!==undefined){", i)
	                    ("%s=v", ref);
	                if (field.partOf) gen
	                    ("m%s=%j", util.safeProp(field.partOf.name), field.name);
	                gen
	                ("}else");
	                    genPreserveUnknown(gen, "r.raw(s,r.pos)");
	            } else gen
	                ("%s=r.%s()", ref, type === "string" ? stringMethod(field) : type);
	        } else {
	            gen
	            ("case %i:{", field.id)
	                ("if(u!==%i)", types.basic[type])
	                    ("break");
	            if (closed) { gen
	                ("v=r.%s()", type)
	                ("if(types[%i].valuesById[v]!==undefined){", i)
	                    ("if(v!==%j)", field.typeDefault)
	                        ("%s=v", ref)
	                    ("else")
	                        ("delete %s", ref)
	                ("}else{");
	                    genPreserveUnknown(gen, "r.raw(s,r.pos)")
	                ("}");
	            } else {
	                if (field.resolvedType instanceof Enum && field.typeDefault !== 0) gen
	                    // TODO: Protoc rejects open enums whose first value is not zero.
	                    // We should do the same, but for v8 this would be a regression.
	                    ("if((v=r.%s())!==%j)", type, field.typeDefault);
	                else if (type === "string") gen
	                    ("if((v=r.%s()).length)", stringMethod(field));
	                else if (type === "bytes") gen
	                    ("if((v=r.%s()).length)", type);
	                else if (types.long[type] !== undefined) gen
	                    ("if(typeof(v=r.%s())===\"object\"?v.low||v.high:v!==0)", type);
	                else if (type === "double" || type === "float") gen
	                    ("if(!Object.is(v=r.%s(),0))", type);
	                else gen
	                    ("if(v=r.%s())", type);
	                gen
	                        ("%s=v", ref)
	                    ("else")
	                        ("delete %s", ref); // rare/odd case: later default clears earlier non-default
	            }
	        }
	        if (field.partOf && !closed) gen
	                ("m%s=%j", util.safeProp(field.partOf.name), field.name);
	        gen
	                ("continue")
	            ("}");
	    }
	    if (i) gen
	        ("}");
	    // Unknown fields
	    gen
	        ("r.skipType(%s,q,t)", i ? "u" : "t&7");
	    genPreserveUnknown(gen, "r.raw(s,r.pos)")
	    ("}")
	    ("if(l!==undefined){")
	        ("if(r.pos!==c)")
	            ("throw RangeError(\"index out of range\")")
	        ("r.len=l")
	    ("}")
	    ("if(z!==undefined)")
	        ("throw Error(\"missing end group\")");

	    // Field presence
	    for (i = 0; i < mtype._fieldsArray.length; ++i) {
	        var rfield = mtype._fieldsArray[i];
	        if (rfield.required) gen
	    ("if(!Object.hasOwnProperty.call(m,%j))", rfield.name)
	        ("throw util.ProtocolError(%j,{instance:m})", missing(rfield));
	    }

	    return gen
	    ("return m");
	    /* eslint-enable no-unexpected-multiline */
	}
	return decoder_1;
}

var verifier_1;
var hasRequiredVerifier;

function requireVerifier () {
	if (hasRequiredVerifier) return verifier_1;
	hasRequiredVerifier = 1;
	verifier_1 = verifier;

	var Enum      = require_enum(),
	    util      = requireUtil();

	function invalid(field, expected) {
	    return field.name + ": " + expected + (field.repeated && expected !== "array" ? "[]" : field.map && expected !== "object" ? "{k:"+field.keyType+"}" : "") + " expected";
	}

	/**
	 * Generates a partial value verifier.
	 * @param {Codegen} gen Codegen instance
	 * @param {Field} field Reflected field
	 * @param {number} fieldIndex Field index
	 * @param {string} ref Variable reference
	 * @returns {Codegen} Codegen instance
	 * @ignore
	 */
	function genVerifyValue(gen, field, fieldIndex, ref) {
	    /* eslint-disable no-unexpected-multiline */
	    var resolvedType = field.resolvedType;
	    if (resolvedType) {
	        if (resolvedType instanceof Enum) {
	            if (resolvedType._features.enum_type === "CLOSED") { gen
	                ("switch(%s){", ref)
	                    ("default:")
	                        ("return%j", invalid(field, "enum value"));
	                for (var keys = Object.keys(resolvedType.values), j = 0; j < keys.length; ++j) gen
	                    ("case %i:", resolvedType.values[keys[j]]);
	                gen
	                        ("break")
	                ("}");
	            } else gen
	                ("if(typeof %s!==\"number\"||(%s|0)!==%s)", ref, ref, ref)
	                    ("return%j", invalid(field, "enum value"));
	        } else {
	            gen
	            ("{")
	                ("var e=types[%i].verify(%s,q+1);", fieldIndex, ref)
	                ("if(e)")
	                    ("return%j+e", field.name + ".")
	            ("}");
	        }
	    } else {
	        switch (field.type) {
	            case "int32":
	            case "uint32":
	            case "sint32":
	            case "fixed32":
	            case "sfixed32": gen
	                ("if(!util.isInteger(%s))", ref)
	                    ("return%j", invalid(field, "integer"));
	                break;
	            case "int64":
	            case "uint64":
	            case "sint64":
	            case "fixed64":
	            case "sfixed64": gen
	                ("if(!util.isInteger(%s)&&!(%s&&util.isInteger(%s.low)&&util.isInteger(%s.high)))", ref, ref, ref, ref)
	                    ("return%j", invalid(field, "integer|Long"));
	                break;
	            case "float":
	            case "double": gen
	                ("if(typeof %s!==\"number\")", ref)
	                    ("return%j", invalid(field, "number"));
	                break;
	            case "bool": gen
	                ("if(typeof %s!==\"boolean\")", ref)
	                    ("return%j", invalid(field, "boolean"));
	                break;
	            case "string": gen
	                ("if(!util.isString(%s))", ref)
	                    ("return%j", invalid(field, "string"));
	                break;
	            case "bytes": gen
	                ("if(!(%s&&typeof %s.length===\"number\"||util.isString(%s)))", ref, ref, ref)
	                    ("return%j", invalid(field, "buffer"));
	                break;
	        }
	    }
	    return gen;
	    /* eslint-enable no-unexpected-multiline */
	}

	/**
	 * Generates a partial key verifier.
	 * @param {Codegen} gen Codegen instance
	 * @param {Field} field Reflected field
	 * @param {string} ref Variable reference
	 * @returns {Codegen} Codegen instance
	 * @ignore
	 */
	function genVerifyKey(gen, field, ref) {
	    /* eslint-disable no-unexpected-multiline */
	    switch (field.keyType) {
	        case "int32":
	        case "uint32":
	        case "sint32":
	        case "fixed32":
	        case "sfixed32": gen
	            ("if(!util.key32Re.test(%s))", ref)
	                ("return%j", invalid(field, "integer key"));
	            break;
	        case "int64":
	        case "uint64":
	        case "sint64":
	        case "fixed64":
	        case "sfixed64": gen
	            ("if(!util.key64Re.test(%s))", ref) // see comment above: x is ok, d is not
	                ("return%j", invalid(field, "integer|Long key"));
	            break;
	        case "bool": gen
	            ("if(!util.key2Re.test(%s))", ref)
	                ("return%j", invalid(field, "boolean key"));
	            break;
	    }
	    return gen;
	    /* eslint-enable no-unexpected-multiline */
	}

	/**
	 * Generates a verifier specific to the specified message type.
	 * @param {Type} mtype Message type
	 * @returns {Codegen} Codegen instance
	 */
	function verifier(mtype) {
	    /* eslint-disable no-unexpected-multiline */

	    var gen = util.codegen(["m", "q"])
	    ("if(typeof m!==\"object\"||m===null)")
	        ("return%j", "object expected")
	    ("if(q===undefined)q=0")
	    ("if(q>util.recursionLimit)")
	        ("return%j", "max depth exceeded");
	    var oneofs = mtype.oneofsArray,
	        seenFirstField = {};
	    if (oneofs.length) gen
	    ("var p={}");

	    for (var i = 0; i < /* initializes */ mtype.fieldsArray.length; ++i) {
	        var field = mtype._fieldsArray[i].resolve(),
	            ref   = "m" + util.safeProp(field.name);

	        if (field.optional) gen
	        ("if(%s!=null&&Object.hasOwnProperty.call(m,%j)){", ref, field.name); // !== undefined && !== null

	        // map fields
	        if (field.map) { gen
	            ("if(!util.isObject(%s))", ref)
	                ("return%j", invalid(field, "object"))
	            ("var k=Object.keys(%s)", ref)
	            ("for(var i=0;i<k.length;++i){");
	                genVerifyKey(gen, field, "k[i]");
	                genVerifyValue(gen, field, i, ref + "[k[i]]")
	            ("}");

	        // repeated fields
	        } else if (field.repeated) { gen
	            ("if(!Array.isArray(%s))", ref)
	                ("return%j", invalid(field, "array"))
	            ("for(var i=0;i<%s.length;++i){", ref);
	                genVerifyValue(gen, field, i, ref + "[i]")
	            ("}");

	        // required or present fields
	        } else {
	            if (field.partOf) {
	                var oneofProp = util.safeProp(field.partOf.name);
	                if (seenFirstField[field.partOf.name] === 1) gen
	            ("if(p%s===1)", oneofProp)
	                ("return%j", field.partOf.name + ": multiple values");
	                seenFirstField[field.partOf.name] = 1;
	                gen
	            ("p%s=1", oneofProp);
	            }
	            genVerifyValue(gen, field, i, ref);
	        }
	        if (field.optional) gen
	        ("}");
	    }
	    return gen
	    ("return null");
	    /* eslint-enable no-unexpected-multiline */
	}
	return verifier_1;
}

var converter = {};

var hasRequiredConverter;

function requireConverter () {
	if (hasRequiredConverter) return converter;
	hasRequiredConverter = 1;
	(function (exports) {
		/**
		 * Runtime message from/to plain object converters.
		 * @namespace
		 */
		var converter = exports;

		var Enum  = require_enum(),
		    types = requireTypes(),
		    util  = requireUtil();

		/**
		 * Generates a partial value fromObject conveter.
		 * @param {Codegen} gen Codegen instance
		 * @param {Field} field Reflected field
		 * @param {number} fieldIndex Field index
		 * @param {string} prop Property reference
		 * @param {string} [dstProp] Repeated destination property reference
		 * @returns {Codegen} Codegen instance
		 * @ignore
		 */
		function genValuePartial_fromObject(gen, field, fieldIndex, prop, dstProp) {
		    /* eslint-disable no-unexpected-multiline, block-scoped-var, no-redeclare */
		    if (field.resolvedType) {
		        if (field.resolvedType instanceof Enum) {
		            var dst = dstProp
		                ? "m" + dstProp + "[m" + dstProp + ".length]"
		                : "m" + prop;
		            gen
		            ("switch(d%s){", prop);
		            for (var values = field.resolvedType.values, keys = Object.keys(values), i = 0; i < keys.length; ++i) { gen
		                ("case%j:", keys[i])
		                ("case %i:", values[keys[i]])
		                    ("%s=%j", dst, values[keys[i]])
		                    ("break");
		            }
		            gen
		                ("default:");
		            if (field.resolvedType._features.enum_type !== "CLOSED") {
		                gen
		                    ("if(typeof d%s===\"number\"&&(d%s|0)===d%s)", prop, prop, prop)
		                        ("%s=d%s", dst, prop);
		            }
		            gen
		            ("}");
		        } else gen
		            ("if(!util.isObject(d%s))", prop)
		                ("throw TypeError(%j)", field.fullName + ": object expected")
		            ("m%s=types[%i].fromObject(d%s,q+1)", prop, fieldIndex, prop);
		    } else {
		        var isUnsigned = false;
		        switch (field.type) {
		            case "double":
		            case "float": gen
		                ("m%s=Number(d%s)", prop, prop); // also catches "NaN", "Infinity"
		                break;
		            case "uint32":
		            case "fixed32": gen
		                ("m%s=d%s>>>0", prop, prop);
		                break;
		            case "int32":
		            case "sint32":
		            case "sfixed32": gen
		                ("m%s=d%s|0", prop, prop);
		                break;
		            case "uint64":
		            case "fixed64":
		                isUnsigned = true;
		                // eslint-disable-next-line no-fallthrough
		            case "int64":
		            case "sint64":
		            case "sfixed64": gen
		                ("if(util.Long)")
		                    ("m%s=util.Long.fromValue(d%s,%j)", prop, prop, isUnsigned)
		                ("else if(typeof d%s===\"string\")", prop)
		                    ("m%s=parseInt(d%s,10)", prop, prop)
		                ("else if(typeof d%s===\"number\")", prop)
		                    ("m%s=d%s", prop, prop)
		                ("else if(typeof d%s===\"object\")", prop)
		                    ("m%s=new util.LongBits(d%s.low>>>0,d%s.high>>>0).toNumber(%s)", prop, prop, prop, isUnsigned ? "true" : "");
		                break;
		            case "bytes": gen
		                ("if(typeof d%s===\"string\")", prop)
		                    ("util.base64.decode(d%s,m%s=util.newBuffer(util.base64.length(d%s)),0)", prop, prop, prop)
		                ("else if(d%s.length>=0)", prop)
		                    ("m%s=d%s", prop, prop);
		                break;
		            case "string": gen
		                ("m%s=String(d%s)", prop, prop);
		                break;
		            case "bool": gen
		                ("m%s=Boolean(d%s)", prop, prop);
		                break;
		            /* default: gen
		                ("m%s=d%s", prop, prop);
		                break; */
		        }
		    }
		    return gen;
		    /* eslint-enable no-unexpected-multiline, block-scoped-var, no-redeclare */
		}

		/**
		 * Generates a plain object to runtime message converter specific to the specified message type.
		 * @param {Type} mtype Message type
		 * @returns {Codegen} Codegen instance
		 */
		converter.fromObject = function fromObject(mtype) {
		    /* eslint-disable no-unexpected-multiline, block-scoped-var, no-redeclare */
		    var fields = mtype.fieldsArray;
		    var gen = util.codegen(["d", "q"])
		    ("if(d instanceof C)")
		        ("return d")
		    ("if(!util.isObject(d))")
		        ("throw TypeError(%j)", mtype.fullName + ": object expected")
		    ("if(q===undefined)q=0")
		    ("if(q>util.recursionLimit)")
		        ("throw Error(\"max depth exceeded\")");
		    if (!fields.length) return gen
		    ("return new C");
		    gen
		    ("var m=new C");
		    for (var i = 0; i < fields.length; ++i) {
		        var field  = fields[i].resolve(),
		            prop   = util.safeProp(field.name),
		            implicitPresence = !field.hasPresence && !field.repeated && !field.map
		                && (field.resolvedType instanceof Enum || types.basic[field.type] !== undefined);

		        // Map fields
		        if (field.map) { gen
		    ("if(d%s){", prop)
		        ("if(!util.isObject(d%s))", prop)
		            ("throw TypeError(%j)", field.fullName + ": object expected")
		        ("m%s={}", prop)
		        ("for(var ks=Object.keys(d%s),i=0;i<ks.length;++i){", prop);
		            gen
		        ("if(ks[i]===\"__proto__\")")
		            ("util.makeProp(m%s,ks[i])", prop);
		            genValuePartial_fromObject(gen, field, /* not sorted */ i, prop + "[ks[i]]")
		        ("}")
		    ("}");

		        // Repeated fields
		        } else if (field.repeated) { gen
		    ("if(d%s){", prop)
		        ("if(!Array.isArray(d%s))", prop)
		            ("throw TypeError(%j)", field.fullName + ": array expected");
		            if (field.resolvedType instanceof Enum) gen
		        ("m%s=[]", prop);
		            else gen
		        ("m%s=Array(d%s.length)", prop, prop);
		            gen
		        ("for(var i=0;i<d%s.length;++i){", prop);
		            genValuePartial_fromObject(gen, field, /* not sorted */ i, prop + "[i]", field.resolvedType instanceof Enum ? prop : undefined)
		        ("}")
		    ("}");

		        // Non-repeated fields
		        } else {
		            if (!(field.resolvedType instanceof Enum)) gen // no need to test for null/undefined if an enum (uses switch)
		    ("if(d%s!=null){", prop); // !== undefined && !== null
		            if (implicitPresence) {
		                if (field.resolvedType instanceof Enum) gen
		    ("if(d%s!==%j&&(typeof d%s!==\"string\"||types[%i].values[d%s]!==%j)){", prop, field.typeDefault, prop, i, prop, field.typeDefault);
		                else if (field.type === "string") gen
		    ("if(typeof d%s!==\"string\"||d%s.length){", prop, prop);
		                else if (field.type === "bytes") gen
		    ("if(d%s.length){", prop);
		                else if (field.type === "bool") gen
		    ("if(d%s){", prop);
		                else if (field.type === "double" || field.type === "float") gen
		    ("if(!Object.is(Number(d%s),0)){", prop);
		                else if (types.long[field.type] !== undefined) gen
		    ("if(typeof d%s===\"object\"?d%s.low||d%s.high:Number(d%s)!==0){", prop, prop, prop, prop);
		                else gen
		    ("if(Number(d%s)!==0){", prop);
		            }
		        genValuePartial_fromObject(gen, field, /* not sorted */ i, prop);
		            if (implicitPresence) gen
		    ("}");
		            if (!(field.resolvedType instanceof Enum)) gen
		    ("}");
		        }
		    } return gen
		    ("return m");
		    /* eslint-enable no-unexpected-multiline, block-scoped-var, no-redeclare */
		};

		/**
		 * Generates a partial value toObject converter.
		 * @param {Codegen} gen Codegen instance
		 * @param {Field} field Reflected field
		 * @param {number} fieldIndex Field index
		 * @param {string} dstProp Destination property reference
		 * @param {string} [srcProp] Source property reference
		 * @returns {Codegen} Codegen instance
		 * @ignore
		 */
		function genValuePartial_toObject(gen, field, fieldIndex, dstProp, srcProp) {
		    /* eslint-disable no-unexpected-multiline, block-scoped-var, no-redeclare */
		    if (!srcProp)
		        srcProp = dstProp;
		    if (field.resolvedType) {
		        if (field.resolvedType instanceof Enum) gen
		            ("d%s=o.enums===String?(types[%i].values[m%s]===undefined?m%s:types[%i].values[m%s]):m%s", dstProp, fieldIndex, srcProp, srcProp, fieldIndex, srcProp, srcProp);
		        else gen
		            ("d%s=types[%i].toObject(m%s,o,q+1)", dstProp, fieldIndex, srcProp);
		    } else {
		        var isUnsigned = false;
		        switch (field.type) {
		            case "double":
		            case "float": gen
		            ("d%s=o.json&&!isFinite(m%s)?String(m%s):m%s", dstProp, srcProp, srcProp, srcProp);
		                break;
		            case "uint64":
		            case "fixed64":
		                isUnsigned = true;
		                // eslint-disable-next-line no-fallthrough
		            case "int64":
		            case "sint64":
		            case "sfixed64": gen
		            ("if(typeof BigInt!==\"undefined\"&&o.longs===BigInt)")
		                ("d%s=typeof m%s===\"number\"?BigInt(m%s):util.Long.fromBits(m%s.low>>>0,m%s.high>>>0,%j).toBigInt()", dstProp, srcProp, srcProp, srcProp, srcProp, isUnsigned)
		            ("else if(typeof m%s===\"number\")", srcProp)
		                ("d%s=o.longs===String?String(m%s):m%s", dstProp, srcProp, srcProp)
		            ("else") // Long-like
		                ("d%s=o.longs===String?util.Long.prototype.toString.call(m%s):o.longs===Number?new util.LongBits(m%s.low>>>0,m%s.high>>>0).toNumber(%s):m%s", dstProp, srcProp, srcProp, srcProp, isUnsigned ? "true": "", srcProp);
		                break;
		            case "bytes": gen
		            ("d%s=o.bytes===String?util.base64.encode(m%s,0,m%s.length):o.bytes===Array?Array.prototype.slice.call(m%s):m%s", dstProp, srcProp, srcProp, srcProp, srcProp);
		                break;
		            default: gen
		            ("d%s=m%s", dstProp, srcProp);
		                break;
		        }
		    }
		    return gen;
		    /* eslint-enable no-unexpected-multiline, block-scoped-var, no-redeclare */
		}

		/**
		 * Generates a runtime message to plain object converter specific to the specified message type.
		 * @param {Type} mtype Message type
		 * @returns {Codegen} Codegen instance
		 */
		converter.toObject = function toObject(mtype) {
		    /* eslint-disable no-unexpected-multiline, block-scoped-var, no-redeclare */
		    var fields = mtype.fieldsArray.slice().sort(util.compareFieldsById);
		    if (!fields.length)
		        return util.codegen()("return {}");
		    var gen = util.codegen(["m", "o", "q"])
		    ("if(!o)")
		        ("o={}")
		    ("if(q===undefined)q=0")
		    ("if(q>util.recursionLimit)")
		        ("throw Error(\"max depth exceeded\")")
		    ("var d={}");

		    var repeatedFields = [],
		        mapFields = [],
		        normalFields = [],
		        i = 0;
		    for (; i < fields.length; ++i)
		        if (!fields[i].partOf)
		            ( fields[i].resolve().repeated ? repeatedFields
		            : fields[i].map ? mapFields
		            : normalFields).push(fields[i]);

		    if (repeatedFields.length) { gen
		    ("if(o.arrays||o.defaults){");
		        for (i = 0; i < repeatedFields.length; ++i) gen
		        ("d%s=[]", util.safeProp(repeatedFields[i].name));
		        gen
		    ("}");
		    }

		    if (mapFields.length) { gen
		    ("if(o.objects||o.defaults){");
		        for (i = 0; i < mapFields.length; ++i) gen
		        ("d%s={}", util.safeProp(mapFields[i].name));
		        gen
		    ("}");
		    }

		    if (normalFields.length) { gen
		    ("if(o.defaults){");
		        for (i = 0; i < normalFields.length; ++i) {
		            var field = normalFields[i],
		                prop  = util.safeProp(field.name);
		            if (field.resolvedType instanceof Enum) gen
		        ("d%s=o.enums===String?%j:%j", prop, field.resolvedType.valuesById[field.typeDefault], field.typeDefault);
		            else if (field.long) gen
		        ("if(util.Long){")
		            ("var n=new util.Long(%i,%i,%j)", field.typeDefault.low, field.typeDefault.high, field.typeDefault.unsigned)
		            ("d%s=o.longs===String?n.toString():o.longs===Number?n.toNumber():typeof BigInt!==\"undefined\"&&o.longs===BigInt?n.toBigInt():n", prop)
		        ("}else")
		            ("d%s=o.longs===String?%j:typeof BigInt!==\"undefined\"&&o.longs===BigInt?BigInt(%j):%i", prop, field.typeDefault.toString(), field.typeDefault.toString(), field.typeDefault.toNumber());
		            else if (field.bytes) {
		                var arrayDefault = Array.prototype.slice.call(field.typeDefault);
		                gen
		        ("if(o.bytes===String)d%s=%j", prop, util.base64.encode(field.typeDefault, 0, field.typeDefault.length))
		        ("else{")
		            ("d%s=%j", prop, arrayDefault)
		            ("if(o.bytes!==Array)d%s=util.newBuffer(d%s)", prop, prop)
		        ("}");
		            } else if ((field.type === "double" || field.type === "float") && typeof field.typeDefault === "number"
		                    && (!isFinite(field.typeDefault) || Object.is(field.typeDefault, -0))) gen
		        ("d%s=%f", prop, field.typeDefault)
		        ("if(o.json&&!isFinite(d%s))d%s=String(d%s)", prop, prop, prop);
		            else gen
		        ("d%s=%j", prop, field.typeDefault); // also messages (=null)
		        } gen
		    ("}");
		    }
		    var hasKs2 = false;
		    for (i = 0; i < fields.length; ++i) {
		        var field = fields[i],
		            index = mtype._fieldsArray.indexOf(field),
		            prop  = util.safeProp(field.name);
		        if (field.map) {
		            if (!hasKs2) { hasKs2 = true; gen
		    ("var ks2");
		            } gen
		    ("if(m%s&&(ks2=Object.keys(m%s)).length){", prop, prop)
		        ("d%s={}", prop);
		            var longKey = types.long[field.keyType] !== undefined,
		                srcProp = prop + "[ks2[j]]";
		            gen
		        ("for(var j=0;j<ks2.length;++j){");
		            if (longKey) gen
		            ("var k2=util.longFromKey(ks2[j],%j).toString()", field.keyType === "uint64" || field.keyType === "fixed64");
		            gen
		        ("if(ks2[j]===\"__proto__\")")
		            ("util.makeProp(d%s,ks2[j])", prop);
		            genValuePartial_toObject(gen, field, /* sorted */ index, longKey ? prop + "[k2]" : srcProp, srcProp)
		        ("}");
		        } else if (field.repeated) { gen
		    ("if(m%s&&m%s.length){", prop, prop)
		        ("d%s=Array(m%s.length)", prop, prop)
		        ("for(var j=0;j<m%s.length;++j){", prop);
		            genValuePartial_toObject(gen, field, /* sorted */ index, prop + "[j]")
		        ("}");
		        } else { gen
		    ("if(m%s!=null&&Object.hasOwnProperty.call(m,%j)){", prop, field.name); // !== undefined && !== null
		        genValuePartial_toObject(gen, field, /* sorted */ index, prop);
		        if (field.partOf && !field.partOf.isProto3Optional) gen
		        ("if(o.oneofs)")
		            ("d%s=%j", util.safeProp(field.partOf.name), field.name);
		        }
		        gen
		    ("}");
		    }
		    return gen
		    ("return d");
		    /* eslint-enable no-unexpected-multiline, block-scoped-var, no-redeclare */
		}; 
	} (converter));
	return converter;
}

var wrappers = {};

var hasRequiredWrappers;

function requireWrappers () {
	if (hasRequiredWrappers) return wrappers;
	hasRequiredWrappers = 1;
	(function (exports) {

		/**
		 * Wrappers for common types.
		 * @type {Object.<string,IWrapper>}
		 * @const
		 */
		var wrappers = exports;

		var Message = requireMessage(),
		    util    = requireMinimal();

		/**
		 * From object converter part of an {@link IWrapper}.
		 * @typedef WrapperFromObjectConverter
		 * @type {function}
		 * @param {Object.<string,*>} object Plain object
		 * @returns {Message<{}>} Message instance
		 * @this Type
		 */

		/**
		 * To object converter part of an {@link IWrapper}.
		 * @typedef WrapperToObjectConverter
		 * @type {function}
		 * @param {Message<{}>} message Message instance
		 * @param {IConversionOptions} [options] Conversion options
		 * @returns {Object.<string,*>} Plain object
		 * @this Type
		 */

		/**
		 * Common type wrapper part of {@link wrappers}.
		 * @interface IWrapper
		 * @property {WrapperFromObjectConverter} [fromObject] From object converter
		 * @property {WrapperToObjectConverter} [toObject] To object converter
		 */

		// Custom wrapper for Any
		wrappers[".google.protobuf.Any"] = {

		    fromObject: function(object, depth) {
		        if (depth === undefined)
		            depth = 0;
		        if (depth > util.recursionLimit)
		            throw Error("max depth exceeded");

		        // unwrap value type if mapped
		        if (object && object["@type"]) {
		             // Only use fully qualified type name after the last '/'
		            var name = object["@type"].substring(object["@type"].lastIndexOf("/") + 1);
		            var type = this.lookup(name, [ this.constructor ]);
		            /* istanbul ignore else */
		            if (type) {
		                // type_url does not accept leading "."
		                var type_url = object["@type"].charAt(0) === "." ?
		                    object["@type"].slice(1) : object["@type"];
		                // type_url prefix is optional, but path seperator is required
		                if (type_url.indexOf("/") === -1) {
		                    type_url = "/" + type_url;
		                }
		                return this.create({
		                    type_url: type_url,
		                    value: type.encode(type.fromObject(object, depth + 1)).finish()
		                });
		            }
		        }

		        return this.fromObject(object, depth);
		    },

		    toObject: function(message, options, depth) {
		        if (depth === undefined)
		            depth = 0;
		        if (depth > util.recursionLimit)
		            throw Error("max depth exceeded");

		        // Default prefix
		        var googleApi = "type.googleapis.com/";
		        var prefix = "";
		        var name = "";
		        // decode value if requested and unmapped
		        if (options && options.json && message.type_url && message.value) {
		            // Only use fully qualified type name after the last '/'
		            name = message.type_url.substring(message.type_url.lastIndexOf("/") + 1);
		            // Separate the prefix used
		            prefix = message.type_url.substring(0, message.type_url.lastIndexOf("/") + 1);
		            var type = this.lookup(name, [ this.constructor ]);
		            /* istanbul ignore else */
		            if (type)
		                message = type.decode(message.value, undefined, undefined, depth + 1);
		        }

		        // wrap value if unmapped
		        if (!(message instanceof this.ctor) && message instanceof Message) {
		            var object = message.$type.toObject(message, options, depth + 1);
		            var messageName = message.$type.fullName[0] === "." ?
		                message.$type.fullName.slice(1) : message.$type.fullName;
		            // Default to type.googleapis.com prefix if no prefix is used
		            if (prefix === "") {
		                prefix = googleApi;
		            }
		            name = prefix + messageName;
		            object["@type"] = name;
		            return object;
		        }

		        return this.toObject(message, options, depth);
		    }
		}; 
	} (wrappers));
	return wrappers;
}

var type;
var hasRequiredType;

function requireType () {
	if (hasRequiredType) return type;
	hasRequiredType = 1;
	type = Type;

	// extends Namespace
	var Namespace = requireNamespace();
	Type.prototype = Object.create(Namespace.prototype, {
	    constructor: {
	        value: Type,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});
	Type.className = "Type";

	var Enum      = require_enum(),
	    OneOf     = requireOneof(),
	    Field     = requireField(),
	    MapField  = requireMapfield(),
	    Service   = requireService(),
	    Message   = requireMessage(),
	    Reader    = requireReader(),
	    Writer    = requireWriter(),
	    util      = requireUtil(),
	    encoder   = requireEncoder(),
	    decoder   = requireDecoder(),
	    verifier  = requireVerifier(),
	    converter = requireConverter(),
	    wrappers  = requireWrappers();

	/**
	 * Constructs a new reflected message type instance.
	 * @classdesc Reflected message type.
	 * @extends NamespaceBase
	 * @constructor
	 * @param {string} name Message name
	 * @param {Object.<string,*>} [options] Declared options
	 */
	function Type(name, options) {
	    name = name.replace(/\W/g, "");
	    Namespace.call(this, name, options);

	    /**
	     * Message fields.
	     * @type {Object.<string,Field>}
	     */
	    this.fields = {};  // toJSON, marker

	    /**
	     * Oneofs declared within this namespace, if any.
	     * @type {Object.<string,OneOf>}
	     */
	    this.oneofs = undefined; // toJSON

	    /**
	     * Extension ranges, if any.
	     * @type {number[][]}
	     */
	    this.extensions = undefined; // toJSON

	    /**
	     * Reserved ranges, if any.
	     * @type {Array.<number[]|string>}
	     */
	    this.reserved = undefined; // toJSON

	    /*?
	     * Whether this type is a legacy group.
	     * @type {boolean|undefined}
	     */
	    this.group = undefined; // toJSON

	    /**
	     * Declared symbol visibility, if any.
	     * @type {"local"|"export"|undefined}
	     */
	    this.visibility = undefined; // toJSON

	    /**
	     * Cached fields by id.
	     * @type {Object.<number,Field>|null}
	     * @private
	     */
	    this._fieldsById = null;

	    /**
	     * Cached fields as an array.
	     * @type {Field[]|null}
	     * @private
	     */
	    this._fieldsArray = null;

	    /**
	     * Cached oneofs as an array.
	     * @type {OneOf[]|null}
	     * @private
	     */
	    this._oneofsArray = null;

	    /**
	     * Cached constructor.
	     * @type {Constructor<{}>}
	     * @private
	     */
	    this._ctor = null;

	    /**
	     * Cached fields by JSON name.
	     * @type {Object.<string,Field>|null}
	     * @private
	     */
	    this._fieldsByJsonName = null; // used by ext/protojson
	}

	Object.defineProperties(Type.prototype, {

	    /**
	     * Message fields by id.
	     * @name Type#fieldsById
	     * @type {Object.<number,Field>}
	     * @readonly
	     */
	    fieldsById: {
	        get: function() {

	            /* istanbul ignore if */
	            if (this._fieldsById)
	                return this._fieldsById;

	            this._fieldsById = {};
	            for (var names = Object.keys(this.fields), i = 0; i < names.length; ++i) {
	                var field = this.fields[names[i]],
	                    id = field.id;

	                /* istanbul ignore if */
	                if (this._fieldsById[id])
	                    throw Error("duplicate id " + id + " in " + this);

	                this._fieldsById[id] = field;
	            }
	            return this._fieldsById;
	        }
	    },

	    /**
	     * Fields of this message as an array for iteration.
	     * @name Type#fieldsArray
	     * @type {Field[]}
	     * @readonly
	     */
	    fieldsArray: {
	        get: function() {
	            return this._fieldsArray || (this._fieldsArray = util.toArray(this.fields));
	        }
	    },

	    /**
	     * Oneofs of this message as an array for iteration.
	     * @name Type#oneofsArray
	     * @type {OneOf[]}
	     * @readonly
	     */
	    oneofsArray: {
	        get: function() {
	            return this._oneofsArray || (this._oneofsArray = util.toArray(this.oneofs));
	        }
	    },

	    /**
	     * The registered constructor, if any registered, otherwise a generic constructor.
	     * Assigning a function replaces the internal constructor. If the function does not extend {@link Message} yet, its prototype will be setup accordingly and static methods will be populated. If it already extends {@link Message}, it will just replace the internal constructor.
	     * When assigning manually, add the type to its parent namespace/root first if fields reference other reflected types, because constructor setup resolves field defaults.
	     * @name Type#ctor
	     * @type {Constructor<{}>}
	     */
	    ctor: {
	        get: function() {
	            return this._ctor || (this.ctor = Type.generateConstructor(this)());
	        },
	        set: function(ctor) {

	            // Ensure proper prototype
	            var prototype = ctor.prototype;
	            if (!(prototype instanceof Message)) {
	                ctor.prototype = new Message();
	                Object.defineProperty(ctor.prototype, "constructor", {
	                    value: ctor,
	                    writable: true,
	                    enumerable: false,
	                    configurable: true
	                });
	                util.merge(ctor.prototype, prototype);
	            }

	            // Classes and messages reference their reflected type
	            ctor.$type = ctor.prototype.$type = this;

	            // Mix in static methods
	            util.merge(ctor, Message, true);

	            this._ctor = ctor;
	            delete this.decode;
	            delete this.fromObject;

	            // Messages have non-enumerable default values on their prototype
	            var i = 0;
	            for (var field; i < /* initializes */ this.fieldsArray.length; ++i) {
	                field = this._fieldsArray[i].resolve(); // ensures a proper value
	                ctor.prototype[field.name] = field.defaultValue;
	            }

	            // Messages have non-enumerable getters and setters for each virtual oneof field
	            var ctorProperties = {};
	            for (i = 0; i < /* initializes */ this.oneofsArray.length; ++i)
	                ctorProperties[this._oneofsArray[i].resolve().name] = {
	                    get: util.oneOfGetter(this._oneofsArray[i].oneof),
	                    set: util.oneOfSetter(this._oneofsArray[i].oneof)
	                };
	            if (i)
	                Object.defineProperties(ctor.prototype, ctorProperties);
	        }
	    }
	});

	/**
	 * Generates a constructor function for the specified type.
	 * @param {Type} mtype Message type
	 * @returns {Codegen} Codegen instance
	 */
	Type.generateConstructor = function generateConstructor(mtype) {
	    /* eslint-disable no-unexpected-multiline */
	    var gen = util.codegen(["p"]);
	    // explicitly initialize mutable object/array fields so that these aren't just inherited from the prototype
	    for (var i = 0, field; i < mtype.fieldsArray.length; ++i)
	        if ((field = mtype._fieldsArray[i]).map) gen
	            ("this%s={}", util.safeProp(field.name));
	        else if (field.repeated) gen
	            ("this%s=[]", util.safeProp(field.name));
	    return gen
	    ("if(p)for(var ks=Object.keys(p),i=0;i<ks.length;++i)if(p[ks[i]]!=null&&ks[i]!==\"__proto__\")") // omit undefined or null
	        ("this[ks[i]]=p[ks[i]]");
	    /* eslint-enable no-unexpected-multiline */
	};

	function clearCache(type) {
	    type._fieldsById = type._fieldsArray = type._oneofsArray = type._fieldsByJsonName = null;
	    delete type.encode;
	    delete type.decode;
	    delete type.verify;
	    return type;
	}

	/**
	 * Message type descriptor.
	 * @interface IType
	 * @extends INamespace
	 * @property {string} [edition] Edition
	 * @property {Object.<string,IOneOf>} [oneofs] Oneof descriptors
	 * @property {Object.<string,IField>} fields Field descriptors
	 * @property {number[][]} [extensions] Extension ranges
	 * @property {Array.<number[]|string>} [reserved] Reserved ranges
	 * @property {boolean} [group=false] Whether a legacy group or not
	 * @property {"local"|"export"} [visibility] Declared symbol visibility
	 * @property {string|null} [comment] Message type comment
	 */

	/**
	 * Creates a message type from a message type descriptor.
	 * @param {string} name Message name
	 * @param {IType} json Message type descriptor
	 * @param {number} [depth] Current nesting depth, defaults to `0`
	 * @returns {Type} Created message type
	 */
	Type.fromJSON = function fromJSON(name, json, depth) {
	    if (depth === undefined)
	        depth = 0;
	    if (depth > util.nestingLimit)
	        throw Error("max depth exceeded");
	    var type = new Type(name, json.options);
	    type.extensions = json.extensions;
	    type.reserved = json.reserved;
	    var names = Object.keys(json.fields),
	        i = 0;
	    for (; i < names.length; ++i)
	        type.add(
	            ( typeof json.fields[names[i]].keyType !== "undefined"
	            ? MapField.fromJSON
	            : Field.fromJSON )(names[i], json.fields[names[i]])
	        );
	    if (json.oneofs)
	        for (names = Object.keys(json.oneofs), i = 0; i < names.length; ++i)
	            type.add(OneOf.fromJSON(names[i], json.oneofs[names[i]]));
	    if (json.nested)
	        for (names = Object.keys(json.nested), i = 0; i < names.length; ++i) {
	            var nested = json.nested[names[i]];
	            type.add( // most to least likely
	                ( nested.id !== undefined
	                ? Field.fromJSON
	                : nested.fields !== undefined
	                ? Type.fromJSON
	                : nested.values !== undefined
	                ? Enum.fromJSON
	                : nested.methods !== undefined
	                ? Service.fromJSON
	                : Namespace.fromJSON )(names[i], nested, depth + 1)
	            );
	        }
	    if (json.extensions && json.extensions.length)
	        type.extensions = json.extensions;
	    if (json.reserved && json.reserved.length)
	        type.reserved = json.reserved;
	    if (json.group)
	        type.group = true;
	    if (json.visibility)
	        type.visibility = json.visibility;
	    if (json.comment)
	        type.comment = json.comment;
	    if (json.edition)
	        type._edition = json.edition;
	    type._defaultEdition = "proto3";  // For backwards-compatibility.
	    return type;
	};

	/**
	 * Converts this message type to a message type descriptor.
	 * @param {IToJSONOptions} [toJSONOptions] JSON conversion options
	 * @returns {IType} Message type descriptor
	 */
	Type.prototype.toJSON = function toJSON(toJSONOptions) {
	    var inherited = Namespace.prototype.toJSON.call(this, toJSONOptions);
	    var keepComments = toJSONOptions ? Boolean(toJSONOptions.keepComments) : false;
	    return util.toObject([
	        "edition"    , this._editionToJSON(),
	        "options"    , inherited && inherited.options || undefined,
	        "oneofs"     , Namespace.arrayToJSON(this.oneofsArray, toJSONOptions),
	        "fields"     , Namespace.arrayToJSON(this.fieldsArray.filter(function(obj) { return !obj.declaringField; }), toJSONOptions) || {},
	        "extensions" , this.extensions && this.extensions.length ? this.extensions : undefined,
	        "reserved"   , this.reserved && this.reserved.length ? this.reserved : undefined,
	        "group"      , this.group || undefined,
	        "visibility" , this.visibility,
	        "nested"     , inherited && inherited.nested || undefined,
	        "comment"    , keepComments ? this.comment : undefined
	    ]);
	};

	/**
	 * @override
	 */
	Type.prototype.resolveAll = function resolveAll() {
	    if (!this._needsRecursiveResolve) return this;

	    Namespace.prototype.resolveAll.call(this);
	    var oneofs = this.oneofsArray; i = 0;
	    while (i < oneofs.length)
	        oneofs[i++].resolve();
	    var fields = this.fieldsArray, i = 0;
	    while (i < fields.length)
	        fields[i++].resolve();
	    return this;
	};

	/**
	 * @override
	 */
	Type.prototype._resolveFeaturesRecursive = function _resolveFeaturesRecursive(edition) {
	    if (!this._needsRecursiveFeatureResolution) return this;

	    edition = this._edition || edition;

	    Namespace.prototype._resolveFeaturesRecursive.call(this, edition);
	    this.oneofsArray.forEach(oneof => {
	        oneof._resolveFeatures(edition);
	    });
	    this.fieldsArray.forEach(field => {
	        field._resolveFeatures(edition);
	    });
	    return this;
	};

	/**
	 * @override
	 */
	Type.prototype.get = function get(name) {
	    if (Object.prototype.hasOwnProperty.call(this.fields, name))
	        return this.fields[name];
	    if (this.oneofs && Object.prototype.hasOwnProperty.call(this.oneofs, name))
	        return this.oneofs[name];
	    if (this.nested && Object.prototype.hasOwnProperty.call(this.nested, name))
	        return this.nested[name];
	    return null;
	};

	/**
	 * Adds a nested object to this type.
	 * @param {ReflectionObject} object Nested object to add
	 * @returns {Type} `this`
	 * @throws {TypeError} If arguments are invalid
	 * @throws {Error} If there is already a nested object with this name or, if a field, when there is already a field with this id
	 */
	Type.prototype.add = function add(object) {
	    if (this.get(object.name))
	        throw Error("duplicate name '" + object.name + "' in " + this);

	    if (object instanceof Field && object.extend === undefined) {
	        // NOTE: Extension fields aren't actual fields on the declaring type, but nested objects.
	        // The root object takes care of adding distinct sister-fields to the respective extended
	        // type instead.

	        // avoids calling the getter if not absolutely necessary because it's called quite frequently
	        if (this._fieldsById ? /* istanbul ignore next */ this._fieldsById[object.id] : this.fieldsById[object.id])
	            throw Error("duplicate id " + object.id + " in " + this);
	        if (this.isReservedId(object.id))
	            throw Error("id " + object.id + " is reserved in " + this);
	        if (this.isReservedName(object.name) || object.name.charAt(0) === "$")
	            throw Error("name '" + object.name + "' is reserved in " + this);
	        if (object.name === "__proto__")
	            return this;

	        if (object.parent)
	            object.parent.remove(object);
	        this.fields[object.name] = object;
	        object.message = this;
	        object.onAdd(this);
	        return clearCache(this);
	    }
	    if (object instanceof OneOf) {
	        if (object.name.charAt(0) === "$")
	            throw Error("name '" + object.name + "' is reserved in " + this);
	        if (object.name === "__proto__")
	            return this;
	        if (!this.oneofs)
	            this.oneofs = {};
	        this.oneofs[object.name] = object;
	        object.onAdd(this);
	        return clearCache(this);
	    }
	    return Namespace.prototype.add.call(this, object);
	};

	/**
	 * Removes a nested object from this type.
	 * @param {ReflectionObject} object Nested object to remove
	 * @returns {Type} `this`
	 * @throws {TypeError} If arguments are invalid
	 * @throws {Error} If `object` is not a member of this type
	 */
	Type.prototype.remove = function remove(object) {
	    if (object instanceof Field && object.extend === undefined) {
	        // See Type#add for the reason why extension fields are excluded here.

	        /* istanbul ignore if */
	        if (!util.remove(this.fields, object, object.name))
	            throw Error(object + " is not a member of " + this);

	        object.parent = null;
	        object.onRemove(this);
	        return clearCache(this);
	    }
	    if (object instanceof OneOf) {

	        /* istanbul ignore if */
	        if (!util.remove(this.oneofs, object, object.name))
	            throw Error(object + " is not a member of " + this);

	        object.parent = null;
	        object.onRemove(this);
	        return clearCache(this);
	    }
	    return Namespace.prototype.remove.call(this, object);
	};

	/**
	 * Tests if the specified id is reserved.
	 * @param {number} id Id to test
	 * @returns {boolean} `true` if reserved, otherwise `false`
	 */
	Type.prototype.isReservedId = function isReservedId(id) {
	    return Namespace.isReservedId(this.reserved, id);
	};

	/**
	 * Tests if the specified name is reserved.
	 * @param {string} name Name to test
	 * @returns {boolean} `true` if reserved, otherwise `false`
	 */
	Type.prototype.isReservedName = function isReservedName(name) {
	    return Namespace.isReservedName(this.reserved, name);
	};

	/**
	 * Creates a new message of this type using the specified properties.
	 * @param {Object.<string,*>} [properties] Properties to set
	 * @returns {ReflectedMessage} Message instance
	 */
	Type.prototype.create = function create(properties) {
	    return new this.ctor(properties);
	};

	/**
	 * Sets up {@link Type#encode|encode}, {@link Type#decode|decode} and {@link Type#verify|verify}.
	 * @returns {Type} `this`
	 */
	Type.prototype.setup = function setup() {
	    // Sets up everything at once so that the prototype chain does not have to be re-evaluated
	    // multiple times (V8, soft-deopt prototype-check).

	    // Resolve feature defaults incl. field presence before generating codecs
	    var root = this.root;
	    if (root && root._needsRecursiveFeatureResolution) {
	        var edition = root._edition || this._edition;
	        if (edition)
	            root._resolveFeaturesRecursive(edition);
	    }

	    var fullName = this.fullName,
	        types    = [];
	    for (var i = 0; i < /* initializes */ this.fieldsArray.length; ++i)
	        types.push(this._fieldsArray[i].resolve().resolvedType);

	    // Replace setup methods with type-specific generated functions
	    this.encode = encoder(this)({
	        Writer : Writer,
	        types  : types,
	        util   : util
	    });
	    this.decode = decoder(this)({
	        Reader : Reader,
	        types  : types,
	        util   : util,
	        C      : this.ctor
	    });
	    this.verify = verifier(this)({
	        types : types,
	        util  : util
	    });
	    this.fromObject = converter.fromObject(this)({
	        types : types,
	        util  : util,
	        C     : this.ctor
	    });
	    this.toObject = converter.toObject(this)({
	        types : types,
	        util  : util
	    });

	    // Inject custom wrappers for common types
	    var wrapper = wrappers[fullName];
	    if (wrapper) {
	        var wrapperThis = Object.create(this);
	        // Reuse this type's runtime constructor in wrapper fromObject/toObject
	        wrapperThis._ctor = this.ctor;
	        wrapperThis.fromObject = this.fromObject;
	        this.fromObject = wrapper.fromObject.bind(wrapperThis);
	        wrapperThis.toObject = this.toObject;
	        this.toObject = wrapper.toObject.bind(wrapperThis);
	    }

	    return this;
	};

	/**
	 * Encodes a message of this type. Does not implicitly {@link Type#verify|verify} messages.
	 * @param {Message<{}>|Object.<string,*>} message Message instance or plain object
	 * @param {Writer} [writer] Writer to encode to
	 * @returns {Writer} writer
	 */
	Type.prototype.encode = function encode_setup(message, writer) { // eslint-disable-line no-unused-vars
	    return this.setup().encode.apply(this, arguments); // overrides this method
	};

	/**
	 * Encodes a message of this type preceeded by its byte length as a varint. Does not implicitly {@link Type#verify|verify} messages.
	 * @param {Message<{}>|Object.<string,*>} message Message instance or plain object
	 * @param {Writer} [writer] Writer to encode to
	 * @returns {Writer} writer
	 */
	Type.prototype.encodeDelimited = function encodeDelimited(message, writer) {
	    return this.encode(message, (writer || Writer.create()).fork()).ldelim();
	};

	/**
	 * Decodes a message of this type.
	 * @param {Reader|Uint8Array} reader Reader or buffer to decode from
	 * @param {number} [length] Length of the message, if known beforehand
	 * @returns {ReflectedMessage} Decoded message
	 * @throws {Error} If the payload is not a reader or valid buffer
	 * @throws {util.ProtocolError<{}>} If required fields are missing
	 */
	Type.prototype.decode = function decode_setup(reader, length) { // eslint-disable-line no-unused-vars
	    return this.setup().decode.apply(this, arguments); // overrides this method
	};

	/**
	 * Decodes a message of this type preceeded by its byte length as a varint.
	 * @param {Reader|Uint8Array} reader Reader or buffer to decode from
	 * @returns {ReflectedMessage} Decoded message
	 * @throws {Error} If the payload is not a reader or valid buffer
	 * @throws {util.ProtocolError} If required fields are missing
	 */
	Type.prototype.decodeDelimited = function decodeDelimited(reader) {
	    if (!(reader instanceof Reader))
	        reader = Reader.create(reader);
	    return this.decode(reader, reader.size());
	};

	/**
	 * Verifies that field values are valid and that required fields are present.
	 * @param {Object.<string,*>} message Plain object to verify
	 * @returns {null|string} `null` if valid, otherwise the reason why it is not
	 */
	Type.prototype.verify = function verify_setup(message) { // eslint-disable-line no-unused-vars
	    return this.setup().verify.apply(this, arguments); // overrides this method
	};

	/**
	 * Creates a new message of this type from a plain object. Also converts values to their respective internal types.
	 * @param {Object.<string,*>} object Plain object to convert
	 * @returns {ReflectedMessage} Message instance
	 */
	Type.prototype.fromObject = function fromObject(object) { // eslint-disable-line no-unused-vars
	    return this.setup().fromObject.apply(this, arguments);
	};

	/**
	 * Conversion options as used by {@link Type#toObject} and {@link Message.toObject}.
	 * @interface IConversionOptions
	 * @property {Function} [longs] Long conversion type.
	 * Valid values are `BigInt`, `String` and `Number` (the global types).
	 * Defaults to copy the present value, which is a possibly unsafe number without and a {@link Long} with a long library.
	 * @property {Function} [enums] Enum value conversion type.
	 * Only valid value is `String` (the global type).
	 * Defaults to copy the present value, which is the numeric id.
	 * @property {Function} [bytes] Bytes value conversion type.
	 * Valid values are `Array` and (a base64 encoded) `String` (the global types).
	 * Defaults to copy the present value, which usually is a Buffer under node and an Uint8Array in the browser.
	 * @property {boolean} [defaults=false] Also sets default values on the resulting object
	 * @property {boolean} [arrays=false] Sets empty arrays for missing repeated fields even if `defaults=false`
	 * @property {boolean} [objects=false] Sets empty objects for missing map fields even if `defaults=false`
	 * @property {boolean} [oneofs=false] Includes virtual oneof properties set to the present field's name, if any
	 * @property {boolean} [json=false] Performs additional JSON compatibility conversions, i.e. NaN and Infinity to strings
	 */

	/**
	 * Creates a plain object from a message of this type. Also converts values to other types if specified.
	 * @param {Message<{}>} message Message instance
	 * @param {IConversionOptions} [options] Conversion options
	 * @returns {Object.<string,*>} Plain object
	 */
	Type.prototype.toObject = function toObject(message, options) { // eslint-disable-line no-unused-vars
	    return this.setup().toObject.apply(this, arguments);
	};

	/**
	 * Gets the type url for this type.
	 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
	 * @returns {string} The type url
	 */
	Type.prototype.getTypeUrl = function getTypeUrl(prefix) {
	    if (prefix === undefined)
	        prefix = "type.googleapis.com";
	    var fullName = this.fullName;
	    return prefix + "/" + (fullName.charAt(0) === "." ? fullName.substring(1) : fullName);
	};

	/**
	 * Decorator function as returned by {@link Type.d} (TypeScript).
	 * @typedef TypeDecorator
	 * @type {function}
	 * @param {Constructor<T>} target Target constructor
	 * @returns {undefined}
	 * @template T extends Message<T>
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */

	/**
	 * Type decorator (TypeScript).
	 * @param {string} [typeName] Type name, defaults to the constructor's name
	 * @returns {TypeDecorator<T>} Decorator function
	 * @template T extends Message<T>
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */
	Type.d = function decorateType(typeName) {
	    return function typeDecorator(target) {
	        util.decorateType(target, typeName);
	    };
	};
	return type;
}

var root$1;
var hasRequiredRoot;

function requireRoot () {
	if (hasRequiredRoot) return root$1;
	hasRequiredRoot = 1;
	root$1 = Root;

	// extends Namespace
	var Namespace = requireNamespace();
	Root.prototype = Object.create(Namespace.prototype, {
	    constructor: {
	        value: Root,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});
	Root.className = "Root";

	var Field   = requireField(),
	    Enum    = require_enum(),
	    OneOf   = requireOneof(),
	    util    = requireUtil();

	var Type,   // cyclic
	    parse,  // might be excluded
	    common; // "

	/**
	 * Constructs a new root namespace instance.
	 * @classdesc Root namespace wrapping all types, enums, services, sub-namespaces etc. that belong together.
	 * @extends NamespaceBase
	 * @constructor
	 * @param {Object.<string,*>} [options] Top level options
	 */
	function Root(options) {
	    Namespace.call(this, "", options);

	    /**
	     * Deferred extension fields.
	     * @type {Field[]}
	     */
	    this.deferred = [];

	    /**
	     * Resolved file names of loaded files.
	     * @type {string[]}
	     */
	    this.files = [];

	    /**
	     * Edition, defaults to proto2 if unspecified.
	     * @type {string}
	     * @private
	     */
	    this._edition = "proto2";

	    /**
	     * Global lookup cache of fully qualified names.
	     * @type {Object.<string,ReflectionObject>}
	     * @private
	     */
	    this._fullyQualifiedObjects = {};
	}

	/**
	 * Loads a namespace descriptor into a root namespace.
	 * @param {INamespace} json Namespace descriptor
	 * @param {Root} [root] Root namespace, defaults to create a new one if omitted
	 * @param {number} [depth] Current nesting depth, defaults to `0`
	 * @returns {Root} Root namespace
	 */
	Root.fromJSON = function fromJSON(json, root, depth) {
	    if (depth === undefined)
	        depth = 0;
	    if (depth > util.recursionLimit)
	        throw Error("max depth exceeded");
	    if (!root)
	        root = new Root();
	    if (json.options)
	        root.setOptions(json.options);
	    return root.addJSON(json.nested, depth).resolveAll();
	};

	/**
	 * Resolves the path of an imported file, relative to the importing origin.
	 * This method exists so you can override it with your own logic in case your imports are scattered over multiple directories.
	 * @function
	 * @param {string} origin The file name of the importing file
	 * @param {string} target The file name being imported
	 * @returns {string|null} Resolved path to `target` or `null` to skip the file
	 */
	Root.prototype.resolvePath = util.path.resolve;

	/**
	 * Fetch content from file path or url
	 * This method exists so you can override it with your own logic.
	 * @function
	 * @param {string} path File path or url
	 * @param {FetchCallback} callback Callback function
	 * @returns {undefined}
	 */
	Root.prototype.fetch = util.fetch;

	// A symbol-like function to safely signal synchronous loading
	/* istanbul ignore next */
	function SYNC() {} // eslint-disable-line no-empty-function

	/**
	 * Loads one or multiple .proto or preprocessed .json files into this root namespace and calls the callback.
	 * @param {string|string[]} filename Names of one or multiple files to load
	 * @param {IParseOptions} options Parse options
	 * @param {LoadCallback} callback Callback function
	 * @returns {undefined}
	 */
	Root.prototype.load = function load(filename, options, callback) {
	    if (typeof options === "function") {
	        callback = options;
	        options = undefined;
	    }
	    var self = this;
	    if (!callback) {
	        return util.asPromise(load, self, filename, options);
	    }

	    var sync = callback === SYNC; // undocumented

	    // Finishes loading by calling the callback (exactly once)
	    function finish(err, root) {
	        /* istanbul ignore if */
	        if (!callback) {
	            return;
	        }
	        if (sync) {
	            throw err;
	        }
	        if (root) {
	            root.resolveAll();
	        }
	        var cb = callback;
	        callback = null;
	        cb(err, root);
	    }

	    // Bundled definition existence checking
	    function getBundledFileName(filename) {
	        var idx = filename.lastIndexOf("google/protobuf/");
	        if (idx > -1) {
	            var altname = filename.substring(idx);
	            if (Object.prototype.hasOwnProperty.call(common, altname)) return altname;
	        }
	        if (Object.prototype.hasOwnProperty.call(common, filename)) return filename;
	        return null;
	    }

	    // Processes a single file
	    function process(filename, source, depth) {
	        if (depth === undefined)
	            depth = 0;
	        try {
	            if (depth > util.recursionLimit)
	                throw Error("max depth exceeded");
	            if (util.isString(source) && source.charAt(0) === "{")
	                source = JSON.parse(source);
	            if (!util.isString(source))
	                self.setOptions(source.options).addJSON(source.nested);
	            else {
	                parse.filename = filename;
	                var parsed = parse(source, self, options),
	                    resolved,
	                    i = 0;
	                if (parsed.imports)
	                    for (; i < parsed.imports.length; ++i)
	                        if (resolved = getBundledFileName(parsed.imports[i]) || self.resolvePath(filename, parsed.imports[i]))
	                            fetch(resolved, false, depth + 1);
	                if (parsed.weakImports)
	                    for (i = 0; i < parsed.weakImports.length; ++i)
	                        if (resolved = getBundledFileName(parsed.weakImports[i]) || self.resolvePath(filename, parsed.weakImports[i]))
	                            fetch(resolved, true, depth + 1);
	            }
	        } catch (err) {
	            finish(err);
	        }
	        if (!sync && !queued) {
	            finish(null, self); // only once anyway
	        }
	    }

	    // Fetches a single file
	    function fetch(filename, weak, depth) {
	        if (depth === undefined)
	            depth = 0;
	        filename = getBundledFileName(filename) || filename;

	        // Skip if already loaded / attempted
	        if (self.files.indexOf(filename) > -1) {
	            return;
	        }
	        self.files.push(filename);

	        // Shortcut bundled definitions
	        if (Object.prototype.hasOwnProperty.call(common, filename)) {
	            if (sync) {
	                process(filename, common[filename], depth);
	            } else {
	                ++queued;
	                setTimeout(function() {
	                    --queued;
	                    process(filename, common[filename], depth);
	                });
	            }
	            return;
	        }

	        // Otherwise fetch from disk or network
	        if (sync) {
	            var source;
	            try {
	                source = util.fs.readFileSync(filename).toString("utf8");
	            } catch (err) {
	                if (!weak)
	                    finish(err);
	                return;
	            }
	            process(filename, source, depth);
	        } else {
	            ++queued;
	            self.fetch(filename, function(err, source) {
	                --queued;
	                /* istanbul ignore if */
	                if (!callback) {
	                    return; // terminated meanwhile
	                }
	                if (err) {
	                    /* istanbul ignore else */
	                    if (!weak)
	                        finish(err);
	                    else if (!queued) // can't be covered reliably
	                        finish(null, self);
	                    return;
	                }
	                process(filename, source, depth);
	            });
	        }
	    }
	    var queued = 0;

	    // Assembling the root namespace doesn't require working type
	    // references anymore, so we can load everything in parallel
	    if (util.isString(filename)) {
	        filename = [ filename ];
	    }
	    for (var i = 0, resolved; i < filename.length; ++i)
	        if (resolved = self.resolvePath("", filename[i]))
	            fetch(resolved);
	    if (sync) {
	        self.resolveAll();
	        return self;
	    }
	    if (!queued) {
	        finish(null, self);
	    }

	    return self;
	};
	// function load(filename:string, options:IParseOptions, callback:LoadCallback):undefined

	/**
	 * Loads one or multiple .proto or preprocessed .json files into this root namespace and calls the callback.
	 * @function Root#load
	 * @param {string|string[]} filename Names of one or multiple files to load
	 * @param {LoadCallback} callback Callback function
	 * @returns {undefined}
	 * @variation 2
	 */
	// function load(filename:string, callback:LoadCallback):undefined

	/**
	 * Loads one or multiple .proto or preprocessed .json files into this root namespace and returns a promise.
	 * @function Root#load
	 * @param {string|string[]} filename Names of one or multiple files to load
	 * @param {IParseOptions} [options] Parse options. Defaults to {@link parse.defaults} when omitted.
	 * @returns {Promise<Root>} Promise
	 * @variation 3
	 */
	// function load(filename:string, [options:IParseOptions]):Promise<Root>

	/**
	 * Synchronously loads one or multiple .proto or preprocessed .json files into this root namespace (node only).
	 * @function Root#loadSync
	 * @param {string|string[]} filename Names of one or multiple files to load
	 * @param {IParseOptions} [options] Parse options. Defaults to {@link parse.defaults} when omitted.
	 * @returns {Root} Root namespace
	 * @throws {Error} If synchronous fetching is not supported (i.e. in browsers) or if a file's syntax is invalid
	 */
	Root.prototype.loadSync = function loadSync(filename, options) {
	    if (!util.isNode)
	        throw Error("not supported");
	    return this.load(filename, options, SYNC);
	};

	/**
	 * @override
	 */
	Root.prototype.resolveAll = function resolveAll() {
	    if (!this._needsRecursiveResolve) return this;

	    if (this.deferred.length)
	        throw Error("unresolvable extensions: " + this.deferred.map(function(field) {
	            return "'extend " + field.extend + "' in " + field.parent.fullName;
	        }).join(", "));
	    return Namespace.prototype.resolveAll.call(this);
	};

	// only uppercased (and thus conflict-free) children are exposed, see below
	var exposeRe = /^[A-Z]/;

	/**
	 * Handles a deferred declaring extension field by creating a sister field to represent it within its extended type.
	 * @param {Root} root Root instance
	 * @param {Field} field Declaring extension field witin the declaring type
	 * @returns {boolean} `true` if successfully added to the extended type, `false` otherwise
	 * @inner
	 * @ignore
	 */
	function tryHandleExtension(root, field) {
	    var extendedType = field.parent.lookup(field.extend);
	    if (extendedType) {
	        var sisterField = new Field(field.fullName, field.id, field.type, field.rule, undefined, field.options);
	        //do not allow to extend same field twice to prevent the error
	        if (extendedType.get(sisterField.name)) {
	            return true;
	        }
	        sisterField.declaringField = field;
	        field.extensionField = sisterField;
	        extendedType.add(sisterField);
	        return true;
	    }
	    return false;
	}

	/**
	 * Called when any object is added to this root or its sub-namespaces.
	 * @param {ReflectionObject} object Object added
	 * @returns {undefined}
	 * @private
	 */
	Root.prototype._handleAdd = function _handleAdd(object) {
	    if (object instanceof Field) {

	        if (/* an extension field (implies not part of a oneof) */ object.extend !== undefined && /* not already handled */ !object.extensionField)
	            if (!tryHandleExtension(this, object))
	                this.deferred.push(object);

	    } else if (object instanceof Enum) {

	        if (exposeRe.test(object.name))
	            object.parent[object.name] = object.values; // expose enum values as property of its parent

	    } else if (!(object instanceof OneOf)) /* everything else is a namespace */ {

	        if (object instanceof Type) // Try to handle any deferred extensions
	            for (var i = 0; i < this.deferred.length;)
	                if (tryHandleExtension(this, this.deferred[i]))
	                    this.deferred.splice(i, 1);
	                else
	                    ++i;
	        for (var j = 0; j < /* initializes */ object.nestedArray.length; ++j) // recurse into the namespace
	            this._handleAdd(object._nestedArray[j]);
	        if (exposeRe.test(object.name))
	            object.parent[object.name] = object; // expose namespace as property of its parent
	    }

	    if (object instanceof Type || object instanceof Enum || object instanceof Field) {
	        // Only store types and enums for quick lookup during resolve.
	        this._fullyQualifiedObjects[object.fullName] = object;
	    }

	    // The above also adds uppercased (and thus conflict-free) nested types, services and enums as
	    // properties of namespaces just like static code does. This allows using a .d.ts generated for
	    // a static module with reflection-based solutions where the condition is met.
	};

	/**
	 * Called when any object is removed from this root or its sub-namespaces.
	 * @param {ReflectionObject} object Object removed
	 * @returns {undefined}
	 * @private
	 */
	Root.prototype._handleRemove = function _handleRemove(object) {
	    if (object instanceof Field) {

	        if (/* an extension field */ object.extend !== undefined) {
	            if (/* already handled */ object.extensionField) { // remove its sister field
	                object.extensionField.parent.remove(object.extensionField);
	                object.extensionField = null;
	            } else { // cancel the extension
	                var index = this.deferred.indexOf(object);
	                /* istanbul ignore else */
	                if (index > -1)
	                    this.deferred.splice(index, 1);
	            }
	        }

	    } else if (object instanceof Enum) {

	        if (exposeRe.test(object.name))
	            delete object.parent[object.name]; // unexpose enum values

	    } else if (object instanceof Namespace) {

	        for (var i = 0; i < /* initializes */ object.nestedArray.length; ++i) // recurse into the namespace
	            this._handleRemove(object._nestedArray[i]);

	        if (exposeRe.test(object.name))
	            delete object.parent[object.name]; // unexpose namespaces

	    }

	    delete this._fullyQualifiedObjects[object.fullName];
	};

	// Sets up cyclic dependencies (called in index-light)
	Root._configure = function(Type_, parse_, common_) {
	    Type   = Type_;
	    parse  = parse_;
	    common = common_;
	};
	return root$1;
}

var hasRequiredUtil;

function requireUtil () {
	if (hasRequiredUtil) return util.exports;
	hasRequiredUtil = 1;

	/**
	 * Various utility functions.
	 * @namespace
	 */
	var util$1 = util.exports = requireMinimal();

	var roots = requireRoots();

	var Type, // cyclic
	    Enum;

	util$1.codegen  = requireCodegen();
	util$1.fetch    = requireFetch();
	util$1.path     = requirePath();
	util$1.patterns = requirePatterns();

	var reservedRe = util$1.patterns.reservedRe;

	/**
	 * Node's fs module if available.
	 * @type {Object.<string,*>}
	 */
	util$1.fs = requireFs();

	/**
	 * Converts an object's values to an array.
	 * @param {Object.<string,*>} object Object to convert
	 * @returns {Array.<*>} Converted array
	 */
	util$1.toArray = function toArray(object) {
	    if (object) {
	        var keys  = Object.keys(object),
	            array = new Array(keys.length),
	            index = 0;
	        while (index < keys.length)
	            array[index] = object[keys[index++]];
	        return array;
	    }
	    return [];
	};

	/**
	 * Converts an array of keys immediately followed by their respective value to an object, omitting undefined values.
	 * @param {Array.<*>} array Array to convert
	 * @returns {Object.<string,*>} Converted object
	 */
	util$1.toObject = function toObject(array) {
	    var object = {},
	        index  = 0;
	    while (index < array.length) {
	        var key = array[index++],
	            val = array[index++];
	        if (val !== undefined)
	            object[key] = val;
	    }
	    return object;
	};

	/**
	 * Removes the first matching value from an object.
	 * @param {Object.<string,*>|undefined} object Object to remove from
	 * @param {*} value Value to remove
	 * @param {string} [key] Optional key for fast path removal
	 * @returns {boolean} `true` if removed, otherwise `false`
	 */
	util$1.remove = function remove(object, value, key) {
	    if (!object)
	        return false;
	    if (key !== undefined && Object.prototype.hasOwnProperty.call(object, key) && object[key] === value) {
	        delete object[key];
	        return true;
	    }
	    for (var names = Object.keys(object), i = 0; i < names.length; ++i)
	        if (object[names[i]] === value) {
	            delete object[names[i]];
	            return true;
	        }
	    return false;
	};

	/**
	 * Tests whether the specified name is a reserved word in JS.
	 * @param {string} name Name to test
	 * @returns {boolean} `true` if reserved, otherwise `false`
	 */
	util$1.isReserved = function isReserved(name) {
	    return reservedRe.test(name);
	};

	/**
	 * Returns a safe property accessor for the specified property name.
	 * @param {string} prop Property name
	 * @returns {string} Safe accessor
	 */
	util$1.safeProp = function safeProp(prop) {
	    if (!/^[$\w_]+$/.test(prop) || reservedRe.test(prop))
	        return "[" + JSON.stringify(prop) + "]";
	    return "." + prop;
	};

	/**
	 * Converts the first character of a string to upper case.
	 * @param {string} str String to convert
	 * @returns {string} Converted string
	 */
	util$1.ucFirst = function ucFirst(str) {
	    return str.charAt(0).toUpperCase() + str.substring(1);
	};

	var camelCaseRe = /_([a-z])/g;

	/**
	 * Converts a string to camel case.
	 * @param {string} str String to convert
	 * @returns {string} Converted string
	 * @deprecated Use {@link util.jsonName} for protobuf field JSON names.
	 */
	util$1.camelCase = function camelCase(str) {
	    return str.substring(0, 1)
	         + str.substring(1)
	               .replace(camelCaseRe, function($0, $1) { return $1.toUpperCase(); });
	};

	/**
	 * Converts a proto field name to its protoc-compatible JSON name.
	 * @param {string} str Proto field name
	 * @returns {string} JSON name
	 */
	util$1.jsonName = function jsonName(str) {
	    var result = "",
	        upperNext = false,
	        i = 0;
	    for (; i < str.length; ++i) {
	        var ch = str.charAt(i);
	        if (ch === "_")
	            upperNext = true;
	        else if (upperNext) {
	            result += ch.toUpperCase();
	            upperNext = false;
	        } else
	            result += ch;
	    }
	    return result;
	};

	/**
	 * Compares reflected fields by id.
	 * @param {Field} a First field
	 * @param {Field} b Second field
	 * @returns {number} Comparison value
	 */
	util$1.compareFieldsById = function compareFieldsById(a, b) {
	    return a.id - b.id;
	};

	/**
	 * Decorator helper for types (TypeScript).
	 * @param {Constructor<T>} ctor Constructor function
	 * @param {string} [typeName] Type name, defaults to the constructor's name
	 * @returns {Type} Reflected type
	 * @template T extends Message<T>
	 * @property {Root} root Decorators root
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */
	util$1.decorateType = function decorateType(ctor, typeName) {

	    /* istanbul ignore if */
	    if (ctor.$type) {
	        if (typeName && ctor.$type.name !== typeName) {
	            util$1.decorateRoot.remove(ctor.$type);
	            ctor.$type.name = typeName;
	            util$1.decorateRoot.add(ctor.$type);
	        }
	        return ctor.$type;
	    }

	    /* istanbul ignore next */
	    if (!Type)
	        Type = requireType();

	    var type = new Type(typeName || ctor.name);
	    util$1.decorateRoot.add(type);
	    type.ctor = ctor; // sets up .encode, .decode etc.
	    Object.defineProperty(ctor, "$type", { value: type, enumerable: false });
	    Object.defineProperty(ctor.prototype, "$type", { value: type, enumerable: false });
	    return type;
	};

	var decorateEnumIndex = 0;

	/**
	 * Decorator helper for enums (TypeScript).
	 * @param {Object} object Enum object
	 * @returns {Enum} Reflected enum
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */
	util$1.decorateEnum = function decorateEnum(object) {

	    /* istanbul ignore if */
	    if (object.$type)
	        return object.$type;

	    /* istanbul ignore next */
	    if (!Enum)
	        Enum = require_enum();

	    var enm = new Enum("Enum" + decorateEnumIndex++, object);
	    util$1.decorateRoot.add(enm);
	    Object.defineProperty(object, "$type", { value: enm, enumerable: false });
	    return enm;
	};


	/**
	 * Sets the value of a property by property path. If a value already exists, it is turned to an array
	 * @param {Object.<string,*>} dst Destination object
	 * @param {string} path dot '.' delimited path of the property to set
	 * @param {Object} value the value to set
	 * @param {boolean|undefined} [ifNotSet] Sets the option only if it isn't currently set
	 * @returns {Object.<string,*>} Destination object
	 */
	util$1.setProperty = function setProperty(dst, path, value, ifNotSet) {
	    function setProp(dst, path, value) {
	        var part = path.shift();
	        if (util$1.isUnsafeProperty(part))
	            return dst;
	        if (path.length > 0) {
	            dst[part] = setProp(dst[part] || {}, path, value);
	        } else {
	            var prevValue = dst[part];
	            if (prevValue && ifNotSet)
	                return dst;
	            if (prevValue)
	                value = [].concat(prevValue).concat(value);
	            dst[part] = value;
	        }
	        return dst;
	    }

	    if (typeof dst !== "object")
	        throw TypeError("dst must be an object");
	    if (!path)
	        throw TypeError("path must be specified");

	    path = path.split(".");
	    if (path.length > util$1.recursionLimit)
	        throw Error("max depth exceeded");
	    return setProp(dst, path, value);
	};

	/**
	 * Decorator root (TypeScript).
	 * @name util.decorateRoot
	 * @type {Root}
	 * @readonly
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */
	Object.defineProperty(util$1, "decorateRoot", {
	    get: function() {
	        return roots["decorated"] || (roots["decorated"] = new (requireRoot())());
	    }
	});
	return util.exports;
}

var hasRequiredTypes;

function requireTypes () {
	if (hasRequiredTypes) return types;
	hasRequiredTypes = 1;
	(function (exports) {

		/**
		 * Common type constants.
		 * @namespace
		 */
		var types = exports;

		var util = requireUtil();

		var s = [
		    "double",   // 0
		    "float",    // 1
		    "int32",    // 2
		    "uint32",   // 3
		    "sint32",   // 4
		    "fixed32",  // 5
		    "sfixed32", // 6
		    "int64",    // 7
		    "uint64",   // 8
		    "sint64",   // 9
		    "fixed64",  // 10
		    "sfixed64", // 11
		    "bool",     // 12
		    "string",   // 13
		    "bytes"     // 14
		];

		function bake(values, offset) {
		    var i = 0, o = Object.create(null);
		    offset |= 0;
		    while (i < values.length) o[s[i + offset]] = values[i++];
		    return o;
		}

		/**
		 * Basic type wire types.
		 * @type {Object.<string,number>}
		 * @const
		 * @property {number} double=1 Fixed64 wire type
		 * @property {number} float=5 Fixed32 wire type
		 * @property {number} int32=0 Varint wire type
		 * @property {number} uint32=0 Varint wire type
		 * @property {number} sint32=0 Varint wire type
		 * @property {number} fixed32=5 Fixed32 wire type
		 * @property {number} sfixed32=5 Fixed32 wire type
		 * @property {number} int64=0 Varint wire type
		 * @property {number} uint64=0 Varint wire type
		 * @property {number} sint64=0 Varint wire type
		 * @property {number} fixed64=1 Fixed64 wire type
		 * @property {number} sfixed64=1 Fixed64 wire type
		 * @property {number} bool=0 Varint wire type
		 * @property {number} string=2 Ldelim wire type
		 * @property {number} bytes=2 Ldelim wire type
		 */
		types.basic = bake([
		    /* double   */ 1,
		    /* float    */ 5,
		    /* int32    */ 0,
		    /* uint32   */ 0,
		    /* sint32   */ 0,
		    /* fixed32  */ 5,
		    /* sfixed32 */ 5,
		    /* int64    */ 0,
		    /* uint64   */ 0,
		    /* sint64   */ 0,
		    /* fixed64  */ 1,
		    /* sfixed64 */ 1,
		    /* bool     */ 0,
		    /* string   */ 2,
		    /* bytes    */ 2
		]);

		/**
		 * Basic type defaults.
		 * @type {Object.<string,*>}
		 * @const
		 * @property {number} double=0 Double default
		 * @property {number} float=0 Float default
		 * @property {number} int32=0 Int32 default
		 * @property {number} uint32=0 Uint32 default
		 * @property {number} sint32=0 Sint32 default
		 * @property {number} fixed32=0 Fixed32 default
		 * @property {number} sfixed32=0 Sfixed32 default
		 * @property {number} int64=0 Int64 default
		 * @property {number} uint64=0 Uint64 default
		 * @property {number} sint64=0 Sint32 default
		 * @property {number} fixed64=0 Fixed64 default
		 * @property {number} sfixed64=0 Sfixed64 default
		 * @property {boolean} bool=false Bool default
		 * @property {string} string="" String default
		 * @property {Array.<number>} bytes=Array(0) Bytes default
		 * @property {null} message=null Message default
		 */
		types.defaults = bake([
		    /* double   */ 0,
		    /* float    */ 0,
		    /* int32    */ 0,
		    /* uint32   */ 0,
		    /* sint32   */ 0,
		    /* fixed32  */ 0,
		    /* sfixed32 */ 0,
		    /* int64    */ 0,
		    /* uint64   */ 0,
		    /* sint64   */ 0,
		    /* fixed64  */ 0,
		    /* sfixed64 */ 0,
		    /* bool     */ false,
		    /* string   */ "",
		    /* bytes    */ util.emptyArray,
		    /* message  */ null
		]);

		/**
		 * Basic long type wire types.
		 * @type {Object.<string,number>}
		 * @const
		 * @property {number} int64=0 Varint wire type
		 * @property {number} uint64=0 Varint wire type
		 * @property {number} sint64=0 Varint wire type
		 * @property {number} fixed64=1 Fixed64 wire type
		 * @property {number} sfixed64=1 Fixed64 wire type
		 */
		types.long = bake([
		    /* int64    */ 0,
		    /* uint64   */ 0,
		    /* sint64   */ 0,
		    /* fixed64  */ 1,
		    /* sfixed64 */ 1
		], 7);

		/**
		 * Allowed types for map keys with their associated wire type.
		 * @type {Object.<string,number>}
		 * @const
		 * @property {number} int32=0 Varint wire type
		 * @property {number} uint32=0 Varint wire type
		 * @property {number} sint32=0 Varint wire type
		 * @property {number} fixed32=5 Fixed32 wire type
		 * @property {number} sfixed32=5 Fixed32 wire type
		 * @property {number} int64=0 Varint wire type
		 * @property {number} uint64=0 Varint wire type
		 * @property {number} sint64=0 Varint wire type
		 * @property {number} fixed64=1 Fixed64 wire type
		 * @property {number} sfixed64=1 Fixed64 wire type
		 * @property {number} bool=0 Varint wire type
		 * @property {number} string=2 Ldelim wire type
		 */
		types.mapKey = bake([
		    /* int32    */ 0,
		    /* uint32   */ 0,
		    /* sint32   */ 0,
		    /* fixed32  */ 5,
		    /* sfixed32 */ 5,
		    /* int64    */ 0,
		    /* uint64   */ 0,
		    /* sint64   */ 0,
		    /* fixed64  */ 1,
		    /* sfixed64 */ 1,
		    /* bool     */ 0,
		    /* string   */ 2
		], 2);

		/**
		 * Allowed types for packed repeated fields with their associated wire type.
		 * @type {Object.<string,number>}
		 * @const
		 * @property {number} double=1 Fixed64 wire type
		 * @property {number} float=5 Fixed32 wire type
		 * @property {number} int32=0 Varint wire type
		 * @property {number} uint32=0 Varint wire type
		 * @property {number} sint32=0 Varint wire type
		 * @property {number} fixed32=5 Fixed32 wire type
		 * @property {number} sfixed32=5 Fixed32 wire type
		 * @property {number} int64=0 Varint wire type
		 * @property {number} uint64=0 Varint wire type
		 * @property {number} sint64=0 Varint wire type
		 * @property {number} fixed64=1 Fixed64 wire type
		 * @property {number} sfixed64=1 Fixed64 wire type
		 * @property {number} bool=0 Varint wire type
		 */
		types.packed = bake([
		    /* double   */ 1,
		    /* float    */ 5,
		    /* int32    */ 0,
		    /* uint32   */ 0,
		    /* sint32   */ 0,
		    /* fixed32  */ 5,
		    /* sfixed32 */ 5,
		    /* int64    */ 0,
		    /* uint64   */ 0,
		    /* sint64   */ 0,
		    /* fixed64  */ 1,
		    /* sfixed64 */ 1,
		    /* bool     */ 0
		]); 
	} (types));
	return types;
}

var field;
var hasRequiredField;

function requireField () {
	if (hasRequiredField) return field;
	hasRequiredField = 1;
	field = Field;

	// extends ReflectionObject
	var ReflectionObject = requireObject();
	Field.prototype = Object.create(ReflectionObject.prototype, {
	    constructor: {
	        value: Field,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});
	Field.className = "Field";

	var Enum  = require_enum(),
	    types = requireTypes(),
	    util  = requireUtil();

	var Type; // cyclic

	var ruleRe = /^(?:required|optional|repeated)$/;

	/**
	 * Constructs a new message field instance. Note that {@link MapField|map fields} have their own class.
	 * @name Field
	 * @classdesc Reflected message field.
	 * @extends FieldBase
	 * @constructor
	 * @param {string} name Unique name within its namespace
	 * @param {number} id Unique id within its namespace
	 * @param {string} type Value type
	 * @param {string|Object.<string,*>} [rule="optional"] Field rule
	 * @param {string|Object.<string,*>} [extend] Extended type if different from parent
	 * @param {Object.<string,*>} [options] Declared options
	 */

	/**
	 * Constructs a field from a field descriptor.
	 * @param {string} name Field name
	 * @param {IField} json Field descriptor
	 * @returns {Field} Created field
	 * @throws {TypeError} If arguments are invalid
	 */
	Field.fromJSON = function fromJSON(name, json) {
	    var field = new Field(name, json.id, json.type, json.rule, json.extend, json.options, json.comment);
	    if (json.edition)
	        field._edition = json.edition;
	    if (json.protoName)
	        field.protoName = json.protoName;
	    if (json.jsonName !== undefined)
	        field.jsonName = json.jsonName;
	    else if (json.options && json.options.json_name !== undefined)
	        field.jsonName = json.options.json_name;
	    field._defaultEdition = "proto3";  // For backwards-compatibility.
	    return field;
	};

	/**
	 * Not an actual constructor. Use {@link Field} instead.
	 * @classdesc Base class of all reflected message fields. This is not an actual class but here for the sake of having consistent type definitions.
	 * @exports FieldBase
	 * @extends ReflectionObject
	 * @constructor
	 * @param {string} name Unique name within its namespace
	 * @param {number} id Unique id within its namespace
	 * @param {string} type Value type
	 * @param {string|Object.<string,*>} [rule="optional"] Field rule
	 * @param {string|Object.<string,*>} [extend] Extended type if different from parent
	 * @param {Object.<string,*>} [options] Declared options
	 * @param {string} [comment] Comment associated with this field
	 */
	function Field(name, id, type, rule, extend, options, comment) {

	    if (util.isObject(rule)) {
	        comment = extend;
	        options = rule;
	        rule = extend = undefined;
	    } else if (util.isObject(extend)) {
	        comment = options;
	        options = extend;
	        extend = undefined;
	    }

	    ReflectionObject.call(this, name, options);

	    if (!util.isInteger(id) || id < 0)
	        throw TypeError("id must be a non-negative integer");

	    if (!util.isString(type))
	        throw TypeError("type must be a string");

	    if (rule !== undefined && !ruleRe.test(rule = rule.toString().toLowerCase()))
	        throw TypeError("rule must be a string rule");

	    if (extend !== undefined && !util.isString(extend))
	        throw TypeError("extend must be a string");

	    /**
	     * Field rule, if any.
	     * @type {string|undefined}
	     */
	    this.rule = rule && rule !== "optional" ? rule : undefined; // toJSON

	    /**
	     * Field type.
	     * @type {string}
	     */
	    this.type = type; // toJSON

	    /**
	     * Unique field id.
	     * @type {number}
	     */
	    this.id = id; // toJSON, marker

	    /**
	     * Extended type if different from parent.
	     * @type {string|undefined}
	     */
	    this.extend = extend || undefined; // toJSON

	    /**
	     * Whether this field is repeated.
	     * @type {boolean}
	     */
	    this.repeated = rule === "repeated";

	    /**
	     * Whether this field is a map or not.
	     * @type {boolean}
	     */
	    this.map = false;

	    /**
	     * Message this field belongs to.
	     * @type {Type|null}
	     */
	    this.message = null;

	    /**
	     * OneOf this field belongs to, if any,
	     * @type {OneOf|null}
	     */
	    this.partOf = null;

	    /**
	     * The field type's default value.
	     * @type {*}
	     */
	    this.typeDefault = null;

	    /**
	     * The field's default value on prototypes.
	     * @type {*}
	     */
	    this.defaultValue = null;

	    /**
	     * Whether this field's value should be treated as a long.
	     * @type {boolean}
	     */
	    this.long = util.Long ? types.long[type] !== undefined : /* istanbul ignore next */ false;

	    /**
	     * Whether this field's value is a buffer.
	     * @type {boolean}
	     */
	    this.bytes = type === "bytes";

	    /**
	     * Resolved type if not a basic type.
	     * @type {Type|Enum|null}
	     */
	    this.resolvedType = null;

	    /**
	     * Sister-field within the extended type if a declaring extension field.
	     * @type {Field|null}
	     */
	    this.extensionField = null;

	    /**
	     * Sister-field within the declaring namespace if an extended field.
	     * @type {Field|null}
	     */
	    this.declaringField = null;

	    /**
	     * Comment for this field.
	     * @type {string|null}
	     */
	    this.comment = comment;

	    /**
	     * Field name as declared in the .proto source, if different from `name`.
	     * @type {string|undefined}
	     */
	    this.protoName = undefined;

	    /**
	     * JSON name, if different from the derived default.
	     * @type {string|undefined}
	     */
	    this.jsonName = undefined;
	}

	/**
	 * Determines whether this field is required.
	 * @name Field#required
	 * @type {boolean}
	 * @readonly
	 */
	Object.defineProperty(Field.prototype, "required", {
	    get: function() {
	        return this._features.field_presence === "LEGACY_REQUIRED";
	    }
	});

	/**
	 * Determines whether this field is not required.
	 * @name Field#optional
	 * @type {boolean}
	 * @readonly
	 */
	Object.defineProperty(Field.prototype, "optional", {
	    get: function() {
	        return !this.required;
	    }
	});

	/**
	 * Determines whether this field uses tag-delimited encoding.  In proto2 this
	 * corresponded to group syntax.
	 * @name Field#delimited
	 * @type {boolean}
	 * @readonly
	 */
	Object.defineProperty(Field.prototype, "delimited", {
	    get: function() {
	        return this.resolvedType instanceof Type &&
	            this._features.message_encoding === "DELIMITED";
	    }
	});

	/**
	 * Determines whether this field is packed. Only relevant when repeated.
	 * @name Field#packed
	 * @type {boolean}
	 * @readonly
	 */
	Object.defineProperty(Field.prototype, "packed", {
	    get: function() {
	        return this._features.repeated_field_encoding === "PACKED";
	    }
	});

	/**
	 * Determines whether this field tracks presence.
	 * @name Field#hasPresence
	 * @type {boolean}
	 * @readonly
	 */
	Object.defineProperty(Field.prototype, "hasPresence", {
	    get: function() {
	        if (this.repeated || this.map) {
	            return false;
	        }
	        return this.partOf || // oneofs
	            this.declaringField || this.extensionField || // extensions
	            this._features.field_presence !== "IMPLICIT";
	    }
	});

	/**
	 * The field name as declared in the .proto source (snake_case). Populated on resolve,
	 * falling back to `name`. Mirrors `FieldDescriptorProto.name`.
	 * @name Field#protoName
	 * @type {string}
	 * @readonly
	 */

	/**
	 * The JSON name of this field (lowerCamelCase per protoc's `ToJsonName`, or an
	 * explicit `[json_name]`). Populated on resolve. This is the key used on ProtoJSON output.
	 * @name Field#jsonName
	 * @type {string}
	 * @readonly
	 */

	/**
	 * @override
	 */
	Field.prototype.setOption = function setOption(name, value, ifNotSet) {
	    return ReflectionObject.prototype.setOption.call(this, name, value, ifNotSet);
	};

	/**
	 * Field descriptor.
	 * @interface IField
	 * @property {string} [edition] Edition
	 * @property {string} [rule="optional"] Field rule
	 * @property {string} type Field type
	 * @property {number} id Field id
	 * @property {Object.<string,*>} [options] Field options
	 * @property {string|null} [comment] Field comment
	 */

	/**
	 * Extension field descriptor.
	 * @interface IExtensionField
	 * @extends IField
	 * @property {string} extend Extended type
	 */

	/**
	 * Converts this field to a field descriptor.
	 * @param {IToJSONOptions} [toJSONOptions] JSON conversion options
	 * @returns {IField} Field descriptor
	 */
	Field.prototype.toJSON = function toJSON(toJSONOptions) {
	    var keepComments = toJSONOptions ? Boolean(toJSONOptions.keepComments) : false;
	    return util.toObject([
	        "edition"      , this._editionToJSON(),
	        "rule"         , this.rule !== "optional" && this.rule || undefined,
	        "type"         , this.type,
	        "id"           , this.id,
	        "extend"       , this.extend,
	        "protoName"    , this.protoName !== this.name ? this.protoName : undefined,
	        "jsonName"     , this.jsonName !== util.jsonName(this.protoName || this.name) ? this.jsonName : undefined,
	        "options"      , this.options,
	        "comment"      , keepComments ? this.comment : undefined
	    ]);
	};

	/**
	 * Resolves this field's type references.
	 * @returns {Field} `this`
	 * @throws {Error} If any reference cannot be resolved
	 */
	Field.prototype.resolve = function resolve() {

	    if (this.resolved)
	        return this;

	    if ((this.typeDefault = types.defaults[this.type]) === undefined) { // if not a basic type, resolve it
	        this.resolvedType = (this.declaringField ? this.declaringField.parent : this.parent).lookupTypeOrEnum(this.type);
	        if (this.resolvedType instanceof Type)
	            this.typeDefault = null;
	        else // instanceof Enum
	            this.typeDefault = this.resolvedType.values[Object.keys(this.resolvedType.values)[0]]; // first defined
	    } else if (this.options && this.options.proto3_optional) {
	        // proto3 scalar value marked optional; should default to null
	        this.typeDefault = null;
	    }

	    // use explicitly set default value if present
	    if (this.options && this.options["default"] != null) {
	        this.typeDefault = this.options["default"];
	        if (this.resolvedType instanceof Enum && typeof this.typeDefault === "string")
	            this.typeDefault = this.resolvedType.values[this.typeDefault];
	    }

	    // remove unnecessary options
	    if (this.options) {
	        if (this.options.packed !== undefined && this.resolvedType && !(this.resolvedType instanceof Enum))
	            delete this.options.packed;
	        if (!Object.keys(this.options).length)
	            this.options = undefined;
	    }

	    // convert to internal data type if necesssary
	    if (this.long) {
	        var unsigned = this.type === "uint64" || this.type === "fixed64";
	        this.typeDefault = typeof this.typeDefault === "string"
	            ? util.Long.fromString(this.typeDefault, unsigned)
	            : util.Long.fromNumber(this.typeDefault, unsigned);

	        /* istanbul ignore else */
	        if (Object.freeze)
	            Object.freeze(this.typeDefault); // long instances are meant to be immutable anyway (i.e. use small int cache that even requires it)

	    } else if (types.long[this.type] !== undefined && typeof this.typeDefault === "string") {
	        this.typeDefault = parseInt(this.typeDefault, 10);
	    } else if (this.bytes && typeof this.typeDefault === "string") {
	        var buf;
	        if (util.base64.test(this.typeDefault))
	            util.base64.decode(this.typeDefault, buf = util.newBuffer(util.base64.length(this.typeDefault)), 0);
	        else
	            util.utf8.write(this.typeDefault, buf = util.newBuffer(util.utf8.length(this.typeDefault)), 0);
	        this.typeDefault = buf;
	    }

	    // take special care of maps and repeated fields
	    if (this.map)
	        this.defaultValue = util.emptyObject;
	    else if (this.repeated)
	        this.defaultValue = util.emptyArray;
	    else
	        this.defaultValue = this.typeDefault;

	    // ensure proper value on prototype
	    if (this.parent instanceof Type && this.parent._ctor)
	        this.parent._ctor.prototype[this.name] = this.defaultValue;

	    // derive the proto/JSON names
	    if (this.protoName === undefined)
	        this.protoName = this.name;
	    if (this.jsonName === undefined)
	        this.jsonName = util.jsonName(this.protoName);

	    return ReflectionObject.prototype.resolve.call(this);
	};

	/**
	 * Infers field features from legacy syntax that may have been specified differently.
	 * in older editions.
	 * @param {string|undefined} edition The edition this proto is on, or undefined if pre-editions
	 * @returns {object} The feature values to override
	 */
	Field.prototype._inferLegacyProtoFeatures = function _inferLegacyProtoFeatures(edition) {
	    if (edition !== "proto2" && edition !== "proto3") {
	        return {};
	    }

	    var features = {};

	    if (this.rule === "required") {
	        features.field_presence = "LEGACY_REQUIRED";
	    }
	    if (this.parent && types.defaults[this.type] === undefined) {
	        // We can't use resolvedType because types may not have been resolved yet.  However,
	        // legacy groups are always in the same scope as the field so we don't have to do a
	        // full scan of the tree.
	        var type = this.parent.get(this.type.split(".").pop());
	        if (type && type instanceof Type && type.group) {
	            features.message_encoding = "DELIMITED";
	        }
	    }
	    if (this.getOption("packed") === true) {
	        features.repeated_field_encoding = "PACKED";
	    } else if (this.getOption("packed") === false) {
	        features.repeated_field_encoding = "EXPANDED";
	    }
	    return features;
	};

	/**
	 * @override
	 */
	Field.prototype._resolveFeatures = function _resolveFeatures(edition) {
	    return ReflectionObject.prototype._resolveFeatures.call(this, this._edition || edition);
	};

	/**
	 * Decorator function as returned by {@link Field.d} and {@link MapField.d} (TypeScript).
	 * @typedef FieldDecorator
	 * @type {function}
	 * @param {Object} prototype Target prototype
	 * @param {string} fieldName Field name
	 * @returns {undefined}
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */

	/**
	 * Field decorator (TypeScript).
	 * @name Field.d
	 * @function
	 * @param {number} fieldId Field id
	 * @param {"double"|"float"|"int32"|"uint32"|"sint32"|"fixed32"|"sfixed32"|"int64"|"uint64"|"sint64"|"fixed64"|"sfixed64"|"string"|"bool"|"bytes"|Object} fieldType Field type
	 * @param {"optional"|"required"|"repeated"} [fieldRule="optional"] Field rule
	 * @param {T} [defaultValue] Default value
	 * @returns {FieldDecorator} Decorator function
	 * @template T extends number | number[] | Long | Long[] | string | string[] | boolean | boolean[] | Uint8Array | Uint8Array[] | Buffer | Buffer[]
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */
	Field.d = function decorateField(fieldId, fieldType, fieldRule, defaultValue) {

	    // submessage: decorate the submessage and use its name as the type
	    if (typeof fieldType === "function")
	        fieldType = util.decorateType(fieldType).name;

	    // enum reference: create a reflected copy of the enum and keep reuseing it
	    else if (fieldType && typeof fieldType === "object")
	        fieldType = util.decorateEnum(fieldType).name;

	    return function fieldDecorator(prototype, fieldName) {
	        util.decorateType(prototype.constructor)
	            .add(new Field(fieldName, fieldId, fieldType, fieldRule, { "default": defaultValue }));
	    };
	};

	// Sets up cyclic dependencies (called in index-light)
	Field._configure = function configure(Type_) {
	    Type = Type_;
	};

	/**
	 * Field decorator (TypeScript).
	 * @name Field.d
	 * @function
	 * @param {number} fieldId Field id
	 * @param {Constructor<T>|string} fieldType Field type
	 * @param {"optional"|"required"|"repeated"} [fieldRule="optional"] Field rule
	 * @returns {FieldDecorator} Decorator function
	 * @template T extends Message<T>
	 * @variation 2
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */
	// like Field.d but without a default value
	return field;
}

var oneof;
var hasRequiredOneof;

function requireOneof () {
	if (hasRequiredOneof) return oneof;
	hasRequiredOneof = 1;
	oneof = OneOf;

	// extends ReflectionObject
	var ReflectionObject = requireObject();
	OneOf.prototype = Object.create(ReflectionObject.prototype, {
	    constructor: {
	        value: OneOf,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});
	OneOf.className = "OneOf";

	var Field = requireField(),
	    util  = requireUtil();

	/**
	 * Constructs a new oneof instance.
	 * @classdesc Reflected oneof.
	 * @extends ReflectionObject
	 * @constructor
	 * @param {string} name Oneof name
	 * @param {string[]|Object.<string,*>} [fieldNames] Field names
	 * @param {Object.<string,*>} [options] Declared options
	 * @param {string} [comment] Comment associated with this field
	 */
	function OneOf(name, fieldNames, options, comment) {
	    if (!Array.isArray(fieldNames)) {
	        options = fieldNames;
	        fieldNames = undefined;
	    }
	    ReflectionObject.call(this, name, options);

	    /* istanbul ignore if */
	    if (!(fieldNames === undefined || Array.isArray(fieldNames)))
	        throw TypeError("fieldNames must be an Array");

	    /**
	     * Field names that belong to this oneof.
	     * @type {string[]}
	     */
	    this.oneof = fieldNames || []; // toJSON, marker

	    /**
	     * Fields that belong to this oneof as an array for iteration.
	     * @type {Field[]}
	     * @readonly
	     */
	    this.fieldsArray = []; // declared readonly for conformance, possibly not yet added to parent

	    /**
	     * Comment for this field.
	     * @type {string|null}
	     */
	    this.comment = comment;
	}

	/**
	 * Oneof descriptor.
	 * @interface IOneOf
	 * @property {Array.<string>} oneof Oneof field names
	 * @property {Object.<string,*>} [options] Oneof options
	 * @property {string|null} [comment] Oneof comment
	 */

	/**
	 * Constructs a oneof from a oneof descriptor.
	 * @param {string} name Oneof name
	 * @param {IOneOf} json Oneof descriptor
	 * @returns {OneOf} Created oneof
	 * @throws {TypeError} If arguments are invalid
	 */
	OneOf.fromJSON = function fromJSON(name, json) {
	    return new OneOf(name, json.oneof, json.options, json.comment);
	};

	/**
	 * Converts this oneof to a oneof descriptor.
	 * @param {IToJSONOptions} [toJSONOptions] JSON conversion options
	 * @returns {IOneOf} Oneof descriptor
	 */
	OneOf.prototype.toJSON = function toJSON(toJSONOptions) {
	    var keepComments = toJSONOptions ? Boolean(toJSONOptions.keepComments) : false;
	    return util.toObject([
	        "options" , this.options,
	        "oneof"   , this.oneof,
	        "comment" , keepComments ? this.comment : undefined
	    ]);
	};

	/**
	 * Adds the fields of the specified oneof to the parent if not already done so.
	 * @param {OneOf} oneof The oneof
	 * @returns {undefined}
	 * @inner
	 * @ignore
	 */
	function addFieldsToParent(oneof) {
	    if (oneof.parent)
	        for (var i = 0; i < oneof.fieldsArray.length; ++i)
	            if (!oneof.fieldsArray[i].parent)
	                oneof.parent.add(oneof.fieldsArray[i]);
	}

	/**
	 * Adds a field to this oneof and removes it from its current parent, if any.
	 * @param {Field} field Field to add
	 * @returns {OneOf} `this`
	 */
	OneOf.prototype.add = function add(field) {

	    /* istanbul ignore if */
	    if (!(field instanceof Field))
	        throw TypeError("field must be a Field");

	    if (field.parent && field.parent !== this.parent)
	        field.parent.remove(field);
	    this.oneof.push(field.name);
	    this.fieldsArray.push(field);
	    field.partOf = this; // field.parent remains null
	    addFieldsToParent(this);
	    return this;
	};

	/**
	 * Removes a field from this oneof and puts it back to the oneof's parent.
	 * @param {Field} field Field to remove
	 * @returns {OneOf} `this`
	 */
	OneOf.prototype.remove = function remove(field) {

	    /* istanbul ignore if */
	    if (!(field instanceof Field))
	        throw TypeError("field must be a Field");

	    var index = this.fieldsArray.indexOf(field);

	    /* istanbul ignore if */
	    if (index < 0)
	        throw Error(field + " is not a member of " + this);

	    this.fieldsArray.splice(index, 1);
	    index = this.oneof.indexOf(field.name);

	    /* istanbul ignore else */
	    if (index > -1) // theoretical
	        this.oneof.splice(index, 1);

	    field.partOf = null;
	    return this;
	};

	/**
	 * @override
	 */
	OneOf.prototype.onAdd = function onAdd(parent) {
	    ReflectionObject.prototype.onAdd.call(this, parent);
	    var self = this;
	    // Collect present fields
	    for (var i = 0; i < this.oneof.length; ++i) {
	        var field = parent.get(this.oneof[i]);
	        if (field && !field.partOf) {
	            field.partOf = self;
	            self.fieldsArray.push(field);
	        }
	    }
	    // Add not yet present fields
	    addFieldsToParent(this);
	};

	/**
	 * @override
	 */
	OneOf.prototype.onRemove = function onRemove(parent) {
	    for (var i = 0, field; i < this.fieldsArray.length; ++i)
	        if ((field = this.fieldsArray[i]).parent)
	            field.parent.remove(field);
	    ReflectionObject.prototype.onRemove.call(this, parent);
	};

	/**
	 * Determines whether this field corresponds to a synthetic oneof created for
	 * a proto3 optional field.  No behavioral logic should depend on this, but it
	 * can be relevant for reflection.
	 * @name OneOf#isProto3Optional
	 * @type {boolean}
	 * @readonly
	 */
	Object.defineProperty(OneOf.prototype, "isProto3Optional", {
	    get: function() {
	        if (this.fieldsArray == null || this.fieldsArray.length !== 1) {
	            return false;
	        }

	        var field = this.fieldsArray[0];
	        return field.options != null && field.options["proto3_optional"] === true;
	    }
	});

	/**
	 * Decorator function as returned by {@link OneOf.d} (TypeScript).
	 * @typedef OneOfDecorator
	 * @type {function}
	 * @param {Object} prototype Target prototype
	 * @param {string} oneofName OneOf name
	 * @returns {undefined}
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */

	/**
	 * OneOf decorator (TypeScript).
	 * @function
	 * @param {...string} fieldNames Field names
	 * @returns {OneOfDecorator} Decorator function
	 * @template T extends string
	 * @deprecated Legacy TypeScript decorator support. Will be removed in a future release.
	 */
	OneOf.d = function decorateOneOf() {
	    var fieldNames = new Array(arguments.length),
	        index = 0;
	    while (index < arguments.length)
	        fieldNames[index] = arguments[index++];
	    return function oneOfDecorator(prototype, oneofName) {
	        util.decorateType(prototype.constructor)
	            .add(new OneOf(oneofName, fieldNames));
	        Object.defineProperty(prototype, oneofName, {
	            get: util.oneOfGetter(fieldNames),
	            set: util.oneOfSetter(fieldNames)
	        });
	    };
	};
	return oneof;
}

var object;
var hasRequiredObject;

function requireObject () {
	if (hasRequiredObject) return object;
	hasRequiredObject = 1;
	object = ReflectionObject;

	ReflectionObject.className = "ReflectionObject";

	const OneOf = requireOneof();
	var util = requireUtil();

	var Root; // cyclic

	/* eslint-disable no-warning-comments */
	// TODO: Replace with embedded proto.
	var proto2Defaults = {enum_type: "CLOSED", field_presence: "EXPLICIT", json_format: "LEGACY_BEST_EFFORT", message_encoding: "LENGTH_PREFIXED", repeated_field_encoding: "EXPANDED", utf8_validation: "NONE", enforce_naming_style: "STYLE_LEGACY", default_symbol_visibility: "EXPORT_ALL" };
	var proto3Defaults = {enum_type: "OPEN", field_presence: "IMPLICIT", json_format: "ALLOW", message_encoding: "LENGTH_PREFIXED", repeated_field_encoding: "PACKED", utf8_validation: "VERIFY", enforce_naming_style: "STYLE_LEGACY", default_symbol_visibility: "EXPORT_ALL" };
	var editions2023Defaults = {enum_type: "OPEN", field_presence: "EXPLICIT", json_format: "ALLOW", message_encoding: "LENGTH_PREFIXED", repeated_field_encoding: "PACKED", utf8_validation: "VERIFY", enforce_naming_style: "STYLE_LEGACY", default_symbol_visibility: "EXPORT_ALL" };
	var editions2024Defaults = {enum_type: "OPEN", field_presence: "EXPLICIT", json_format: "ALLOW", message_encoding: "LENGTH_PREFIXED", repeated_field_encoding: "PACKED", utf8_validation: "VERIFY", enforce_naming_style: "STYLE2024", default_symbol_visibility: "EXPORT_TOP_LEVEL" };
	var editions2026Defaults = {enum_type: "OPEN", field_presence: "EXPLICIT", json_format: "ALLOW", message_encoding: "LENGTH_PREFIXED", repeated_field_encoding: "PACKED", utf8_validation: "VERIFY", enforce_naming_style: "STYLE2026", default_symbol_visibility: "STRICT", enforce_proto_limits: "PROTO_LIMITS2026" };

	/**
	 * Constructs a new reflection object instance.
	 * @classdesc Base class of all reflection objects.
	 * @constructor
	 * @param {string} name Object name
	 * @param {Object.<string,*>} [options] Declared options
	 * @abstract
	 */
	function ReflectionObject(name, options) {

	    if (!util.isString(name))
	        throw TypeError("name must be a string");

	    if (options && !util.isObject(options))
	        throw TypeError("options must be an object");

	    /**
	     * Options.
	     * @type {Object.<string,*>|undefined}
	     */
	    this.options = options; // toJSON

	    /**
	     * Parsed Options.
	     * @type {Array.<Object.<string,*>>|undefined}
	     */
	    this.parsedOptions = null;

	    /**
	     * Unique name within its namespace.
	     * @type {string}
	     */
	    this.name = name;

	    /**
	     * The edition specified for this object.  Only relevant for top-level objects.
	     * @type {string}
	     * @private
	     */
	    this._edition = null;

	    /**
	     * The default edition to use for this object if none is specified.  For legacy reasons,
	     * this is proto2 except in the JSON parsing case where it was proto3.
	     * @type {string}
	     * @private
	     */
	    this._defaultEdition = "proto2";

	    /**
	     * Resolved Features.
	     * @type {object}
	     * @private
	     */
	    this._features = {};

	    /**
	     * Whether or not features have been resolved.
	     * @type {boolean}
	     * @private
	     */
	    this._featuresResolved = false;

	    /**
	     * Parent namespace.
	     * @type {Namespace|null}
	     */
	    this.parent = null;

	    /**
	     * Whether already resolved or not.
	     * @type {boolean}
	     */
	    this.resolved = false;

	    /**
	     * Comment text, if any.
	     * @type {string|null}
	     */
	    this.comment = null;

	    /**
	     * Defining file name.
	     * @type {string|null}
	     */
	    this.filename = null;
	}

	Object.defineProperties(ReflectionObject.prototype, {

	    /**
	     * Reference to the root namespace.
	     * @name ReflectionObject#root
	     * @type {Root}
	     * @readonly
	     */
	    root: {
	        get: function() {
	            var ptr = this;
	            while (ptr.parent !== null)
	                ptr = ptr.parent;
	            return ptr;
	        }
	    },

	    /**
	     * Full name including leading dot.
	     * @name ReflectionObject#fullName
	     * @type {string}
	     * @readonly
	     */
	    fullName: {
	        get: function() {
	            var path = [ this.name ],
	                ptr = this.parent;
	            while (ptr) {
	                path.unshift(ptr.name);
	                ptr = ptr.parent;
	            }
	            return path.join(".");
	        }
	    }
	});

	/**
	 * Converts this reflection object to its descriptor representation.
	 * @returns {Object.<string,*>} Descriptor
	 */
	ReflectionObject.prototype.toJSON = /* istanbul ignore next */ function toJSON() {
	    throw Error(); // not implemented, shouldn't happen
	};

	/**
	 * Called when this object is added to a parent.
	 * @param {ReflectionObject} parent Parent added to
	 * @returns {undefined}
	 */
	ReflectionObject.prototype.onAdd = function onAdd(parent) {
	    if (this.parent && this.parent !== parent)
	        this.parent.remove(this);
	    this.parent = parent;
	    this.resolved = false;
	    var root = parent.root;
	    if (root instanceof Root)
	        root._handleAdd(this);
	};

	/**
	 * Called when this object is removed from a parent.
	 * @param {ReflectionObject} parent Parent removed from
	 * @returns {undefined}
	 */
	ReflectionObject.prototype.onRemove = function onRemove(parent) {
	    var root = parent.root;
	    if (root instanceof Root)
	        root._handleRemove(this);
	    this.parent = null;
	    this.resolved = false;
	};

	/**
	 * Resolves this objects type references.
	 * @returns {ReflectionObject} `this`
	 */
	ReflectionObject.prototype.resolve = function resolve() {
	    if (this.resolved)
	        return this;
	    if (this.root instanceof Root)
	        this.resolved = true; // only if part of a root
	    return this;
	};

	/**
	 * Resolves this objects editions features.
	 * @param {string} edition The edition we're currently resolving for.
	 * @returns {ReflectionObject} `this`
	 */
	ReflectionObject.prototype._resolveFeaturesRecursive = function _resolveFeaturesRecursive(edition) {
	    return this._resolveFeatures(this._edition || edition);
	};

	/**
	 * Resolves child features from parent features
	 * @param {string} edition The edition we're currently resolving for.
	 * @returns {undefined}
	 */
	ReflectionObject.prototype._resolveFeatures = function _resolveFeatures(edition) {
	    if (this._featuresResolved) {
	        return;
	    }

	    var defaults = {};

	    /* istanbul ignore if */
	    if (!edition) {
	        throw new Error("Unknown edition for " + this.fullName);
	    }

	    var protoFeatures = util.merge({}, this.options && this.options.features,
	        this._inferLegacyProtoFeatures(edition));

	    if (this._edition) {
	        // For a namespace marked with a specific edition, reset defaults.
	        /* istanbul ignore else */
	        if (edition === "proto2") {
	            defaults = Object.assign({}, proto2Defaults);
	        } else if (edition === "proto3") {
	            defaults = Object.assign({}, proto3Defaults);
	        } else if (edition === "2023") {
	            defaults = Object.assign({}, editions2023Defaults);
	        } else if (edition === "2024") {
	            defaults = Object.assign({}, editions2024Defaults);
	        } else if (edition === "2026") {
	            defaults = Object.assign({}, editions2026Defaults);
	        } else {
	            throw new Error("Unknown edition: " + edition);
	        }
	        this._features = util.merge(defaults, protoFeatures);
	    } else {
	        // fields in Oneofs aren't actually children of them, so we have to
	        // special-case it
	        /* istanbul ignore else */
	        if (this.partOf instanceof OneOf) {
	            var lexicalParentFeaturesCopy = util.merge({}, this.partOf._features);
	            this._features = util.merge(lexicalParentFeaturesCopy, protoFeatures);
	        } else if (this.declaringField) ; else if (this.parent) {
	            var parentFeaturesCopy = util.merge({}, this.parent._features);
	            this._features = util.merge(parentFeaturesCopy, protoFeatures);
	        } else {
	            throw new Error("Unable to find a parent for " + this.fullName);
	        }
	    }
	    if (this.extensionField) {
	        // Sister fields should have the same features as their extensions.
	        this.extensionField._features = this._features;
	    }
	    this._featuresResolved = true;
	};

	/**
	 * Infers features from legacy syntax that may have been specified differently.
	 * in older editions.
	 * @param {string|undefined} edition The edition this proto is on, or undefined if pre-editions
	 * @returns {object} The feature values to override
	 */
	ReflectionObject.prototype._inferLegacyProtoFeatures = function _inferLegacyProtoFeatures(/*edition*/) {
	    return {};
	};

	/**
	 * Gets an option value.
	 * @param {string} name Option name
	 * @returns {*} Option value or `undefined` if not set
	 */
	ReflectionObject.prototype.getOption = function getOption(name) {
	    if (this.options && Object.prototype.hasOwnProperty.call(this.options, name))
	        return this.options[name];
	    return undefined;
	};

	/**
	 * Sets an option.
	 * @param {string} name Option name
	 * @param {*} value Option value
	 * @param {boolean|undefined} [ifNotSet] Sets the option only if it isn't currently set
	 * @returns {ReflectionObject} `this`
	 */
	ReflectionObject.prototype.setOption = function setOption(name, value, ifNotSet) {
	    if (name === "__proto__")
	        return this;
	    if (!this.options)
	        this.options = {};
	    if (/^features\./.test(name)) {
	        util.setProperty(this.options, name, value, ifNotSet);
	    } else {
	        var prev = this.getOption(name);
	        if (!ifNotSet || prev === undefined) {
	            if (prev !== value) this.resolved = false;
	            this.options[name] = value;
	        }
	    }

	    return this;
	};

	/**
	 * Sets a parsed option.
	 * @param {string} name parsed Option name
	 * @param {*} value Option value
	 * @param {string} propName dot '.' delimited full path of property within the option to set. if undefined\empty, will add a new option with that value
	 * @returns {ReflectionObject} `this`
	 */
	ReflectionObject.prototype.setParsedOption = function setParsedOption(name, value, propName) {
	    if (name === "__proto__")
	        return this;
	    if (!this.parsedOptions) {
	        this.parsedOptions = [];
	    }
	    var parsedOptions = this.parsedOptions;
	    if (propName) {
	        // If setting a sub property of an option then try to merge it
	        // with an existing option
	        var opt = parsedOptions.find(function (opt) {
	            return Object.prototype.hasOwnProperty.call(opt, name);
	        });
	        if (opt) {
	            // If we found an existing option - just merge the property value
	            // (If it's a feature, will just write over)
	            var newValue = opt[name];
	            util.setProperty(newValue, propName, value);
	        } else {
	            // otherwise, create a new option, set its property and add it to the list
	            opt = {};
	            opt[name] = util.setProperty({}, propName, value);
	            parsedOptions.push(opt);
	        }
	    } else {
	        // Always create a new option when setting the value of the option itself
	        var newOpt = {};
	        newOpt[name] = value;
	        parsedOptions.push(newOpt);
	    }

	    return this;
	};

	/**
	 * Sets multiple options.
	 * @param {Object.<string,*>} options Options to set
	 * @param {boolean} [ifNotSet] Sets an option only if it isn't currently set
	 * @returns {ReflectionObject} `this`
	 */
	ReflectionObject.prototype.setOptions = function setOptions(options, ifNotSet) {
	    if (options)
	        for (var keys = Object.keys(options), i = 0; i < keys.length; ++i)
	            this.setOption(keys[i], options[keys[i]], ifNotSet);
	    return this;
	};

	/**
	 * Converts this instance to its string representation.
	 * @name ReflectionObject#toString
	 * @function
	 * @returns {string} Class name[, space, full name]
	 */
	Object.defineProperty(ReflectionObject.prototype, "toString", {
	    value: function toString() {
	        var className = this.constructor.className,
	            fullName  = this.fullName;
	        if (fullName.length)
	            return className + " " + fullName;
	        return className;
	    },
	    writable: true,
	    enumerable: false,
	    configurable: true
	});

	/**
	 * Converts the edition this object is pinned to for JSON format.
	 * @returns {string|undefined} The edition string for JSON representation
	 */
	ReflectionObject.prototype._editionToJSON = function _editionToJSON() {
	    if (!this._edition || this._edition === "proto3") {
	        // Avoid emitting proto3 since we need to default to it for backwards
	        // compatibility anyway.
	        return undefined;
	    }
	    return this._edition;
	};

	// Sets up cyclic dependencies (called in index-light)
	ReflectionObject._configure = function(Root_) {
	    Root = Root_;
	};
	return object;
}

var _enum;
var hasRequired_enum;

function require_enum () {
	if (hasRequired_enum) return _enum;
	hasRequired_enum = 1;
	_enum = Enum;

	// extends ReflectionObject
	var ReflectionObject = requireObject();
	Enum.prototype = Object.create(ReflectionObject.prototype, {
	    constructor: {
	        value: Enum,
	        writable: true,
	        enumerable: false,
	        configurable: true
	    }
	});
	Enum.className = "Enum";

	var Namespace = requireNamespace(),
	    util = requireUtil();

	/**
	 * Constructs a new enum instance.
	 * @classdesc Reflected enum.
	 * @extends ReflectionObject
	 * @constructor
	 * @param {string} name Unique name within its namespace
	 * @param {Object.<string,number>} [values] Enum values as an object, by name
	 * @param {Object.<string,*>} [options] Declared options
	 * @param {string} [comment] The comment for this enum
	 * @param {Object.<string,string|null>} [comments] The value comments for this enum
	 * @param {Object.<string,Object<string,*>>|undefined} [valuesOptions] The value options for this enum
	 */
	function Enum(name, values, options, comment, comments, valuesOptions) {
	    ReflectionObject.call(this, name, options);

	    if (values && typeof values !== "object")
	        throw TypeError("values must be an object");

	    /**
	     * Enum values by id.
	     * @type {Object.<number,string>}
	     */
	    this.valuesById = Object.create(null);

	    /**
	     * Enum values by name.
	     * @type {Object.<string,number>}
	     */
	    this.values = Object.create(this.valuesById); // toJSON, marker

	    /**
	     * Enum comment text.
	     * @type {string|null}
	     */
	    this.comment = comment;

	    /**
	     * Value comment texts, if any.
	     * @type {Object.<string,string|null>}
	     */
	    this.comments = comments || {};

	    /**
	     * Values options, if any
	     * @type {Object<string, Object<string, *>>|undefined}
	     */
	    this.valuesOptions = valuesOptions;

	    /**
	     * Resolved values features, if any
	     * @type {Object<string, Object<string, *>>|undefined}
	     */
	    this._valuesFeatures = {};

	    /**
	     * Reserved ranges, if any.
	     * @type {Array.<number[]|string>}
	     */
	    this.reserved = undefined; // toJSON

	    /**
	     * Declared symbol visibility, if any.
	     * @type {"local"|"export"|undefined}
	     */
	    this.visibility = undefined; // toJSON

	    // Note that values inherit valuesById on their prototype which makes them a TypeScript-
	    // compatible enum. This is used by pbts to write actual enum definitions that work for
	    // static and reflection code alike instead of emitting generic object definitions.

	    if (values)
	        for (var keys = Object.keys(values), i = 0; i < keys.length; ++i)
	            if (keys[i] !== "__proto__" && typeof values[keys[i]] === "number") { // use forward entries only
	                this.values[keys[i]] = values[keys[i]];
	                if (this.valuesById[values[keys[i]]] === undefined)
	                    this.valuesById[values[keys[i]]] = keys[i];
	            }
	}

	/**
	 * @override
	 */
	Enum.prototype._resolveFeatures = function _resolveFeatures(edition) {
	    edition = this._edition || edition;
	    ReflectionObject.prototype._resolveFeatures.call(this, edition);

	    Object.keys(this.values).forEach(key => {
	        var parentFeaturesCopy = util.merge({}, this._features);
	        this._valuesFeatures[key] = util.merge(parentFeaturesCopy, this.valuesOptions && this.valuesOptions[key] && this.valuesOptions[key].features || {});
	    });

	    return this;
	};

	/**
	 * Enum descriptor.
	 * @interface IEnum
	 * @property {string} [edition] Edition
	 * @property {Object.<string,number>} values Enum values
	 * @property {Object.<string,*>} [options] Enum options
	 * @property {Object.<string,Object.<string,*>>} [valuesOptions] Enum value options
	 * @property {Array.<number[]|string>} [reserved] Reserved ranges
	 * @property {"local"|"export"} [visibility] Declared symbol visibility
	 * @property {string|null} [comment] Enum comment
	 * @property {Object.<string,string|null>} [comments] Value comments
	 */

	/**
	 * Constructs an enum from an enum descriptor.
	 * @param {string} name Enum name
	 * @param {IEnum} json Enum descriptor
	 * @returns {Enum} Created enum
	 * @throws {TypeError} If arguments are invalid
	 */
	Enum.fromJSON = function fromJSON(name, json) {
	    var enm = new Enum(name, json.values, json.options, json.comment, json.comments, json.valuesOptions);
	    enm.reserved = json.reserved;
	    if (json.visibility)
	        enm.visibility = json.visibility;
	    if (json.edition)
	        enm._edition = json.edition;
	    enm._defaultEdition = "proto3";  // For backwards-compatibility.
	    return enm;
	};

	/**
	 * Converts this enum to an enum descriptor.
	 * @param {IToJSONOptions} [toJSONOptions] JSON conversion options
	 * @returns {IEnum} Enum descriptor
	 */
	Enum.prototype.toJSON = function toJSON(toJSONOptions) {
	    var keepComments = toJSONOptions ? Boolean(toJSONOptions.keepComments) : false;
	    return util.toObject([
	        "edition"       , this._editionToJSON(),
	        "options"       , this.options,
	        "valuesOptions" , this.valuesOptions,
	        "values"        , this.values,
	        "reserved"      , this.reserved && this.reserved.length ? this.reserved : undefined,
	        "visibility"    , this.visibility,
	        "comment"       , keepComments ? this.comment : undefined,
	        "comments"      , keepComments ? this.comments : undefined
	    ]);
	};

	/**
	 * Adds a value to this enum.
	 * @param {string} name Value name
	 * @param {number} id Value id
	 * @param {string} [comment] Comment, if any
	 * @param {Object.<string, *>|undefined} [options] Options, if any
	 * @returns {Enum} `this`
	 * @throws {TypeError} If arguments are invalid
	 * @throws {Error} If there is already a value with this name or id
	 */
	Enum.prototype.add = function add(name, id, comment, options) {
	    // utilized by the parser but not by .fromJSON

	    if (!util.isString(name))
	        throw TypeError("name must be a string");

	    if (!util.isInteger(id))
	        throw TypeError("id must be an integer");

	    if (name === "__proto__")
	        return this;

	    if (this.values[name] !== undefined)
	        throw Error("duplicate name '" + name + "' in " + this);

	    if (this.isReservedId(id))
	        throw Error("id " + id + " is reserved in " + this);

	    if (this.isReservedName(name))
	        throw Error("name '" + name + "' is reserved in " + this);

	    if (this.valuesById[id] !== undefined) {
	        if (!(this.options && this.options.allow_alias))
	            throw Error("duplicate id " + id + " in " + this);
	        this.values[name] = id;
	    } else
	        this.valuesById[this.values[name] = id] = name;

	    if (options) {
	        if (this.valuesOptions === undefined)
	            this.valuesOptions = {};
	        this.valuesOptions[name] = options || null;
	    }

	    this.comments[name] = comment || null;
	    return this;
	};

	/**
	 * Removes a value from this enum
	 * @param {string} name Value name
	 * @returns {Enum} `this`
	 * @throws {TypeError} If arguments are invalid
	 * @throws {Error} If `name` is not a name of this enum
	 */
	Enum.prototype.remove = function remove(name) {

	    if (!util.isString(name))
	        throw TypeError("name must be a string");

	    var val = this.values[name];
	    if (val == null)
	        throw Error("name '" + name + "' does not exist in " + this);

	    delete this.valuesById[val];
	    delete this.values[name];
	    delete this.comments[name];
	    if (this.valuesOptions)
	        delete this.valuesOptions[name];

	    return this;
	};

	/**
	 * Tests if the specified id is reserved.
	 * @param {number} id Id to test
	 * @returns {boolean} `true` if reserved, otherwise `false`
	 */
	Enum.prototype.isReservedId = function isReservedId(id) {
	    return Namespace.isReservedId(this.reserved, id);
	};

	/**
	 * Tests if the specified name is reserved.
	 * @param {string} name Name to test
	 * @returns {boolean} `true` if reserved, otherwise `false`
	 */
	Enum.prototype.isReservedName = function isReservedName(name) {
	    return Namespace.isReservedName(this.reserved, name);
	};
	return _enum;
}

var encoder_1;
var hasRequiredEncoder;

function requireEncoder () {
	if (hasRequiredEncoder) return encoder_1;
	hasRequiredEncoder = 1;
	encoder_1 = encoder;

	var Enum     = require_enum(),
	    types    = requireTypes(),
	    util     = requireUtil();

	/**
	 * Generates a partial message type encoder.
	 * @param {Codegen} gen Codegen instance
	 * @param {Field} field Reflected field
	 * @param {number} fieldIndex Field index
	 * @param {string} ref Variable reference
	 * @returns {Codegen} Codegen instance
	 * @ignore
	 */
	function genTypePartial(gen, field, fieldIndex, ref) {
	    return field.delimited
	        ? gen("types[%i].encode(%s,w.uint32(%i),q+1).uint32(%i)", fieldIndex, ref, (field.id << 3 | 3) >>> 0, (field.id << 3 | 4) >>> 0)
	        : gen("types[%i].encode(%s,w.uint32(%i).fork(),q+1).ldelim()", fieldIndex, ref, (field.id << 3 | 2) >>> 0);
	}

	/**
	 * Generates an encoder specific to the specified message type.
	 * @param {Type} mtype Message type
	 * @returns {Codegen} Codegen instance
	 */
	function encoder(mtype) {
	    /* eslint-disable no-unexpected-multiline, block-scoped-var, no-redeclare */
	    var gen = util.codegen(["m", "w", "q"])
	    ("if(!w)")
	        ("w=Writer.create()")
	    ("if(q===undefined)q=0")
	    ("if(q>util.recursionLimit)")
	        ("throw Error(\"max depth exceeded\")");

	    var i, ref;

	    // "when a message is serialized its known fields should be written sequentially by field number"
	    var fields = /* initializes */ mtype.fieldsArray.slice().sort(util.compareFieldsById);

	    for (var i = 0; i < fields.length; ++i) {
	        var field    = fields[i].resolve(),
	            index    = mtype._fieldsArray.indexOf(field),
	            type     = field.resolvedType instanceof Enum ? "int32" : field.type,
	            wireType = types.basic[type];
	            ref      = "m" + util.safeProp(field.name);

	        // Map fields
	        if (field.map) {
	            gen
	    ("if(%s!=null&&Object.hasOwnProperty.call(m,%j)){", ref, field.name) // !== undefined && !== null
	        ("for(var ks=Object.keys(%s),i=0;i<ks.length;++i){", ref);
	            if (field.keyType === "bool") gen
	            ("w.uint32(%i).fork().uint32(%i).bool(util.boolFromKey(ks[i]))", (field.id << 3 | 2) >>> 0, 8 | types.mapKey[field.keyType]);
	            else if (types.long[field.keyType] !== undefined) gen
	            ("w.uint32(%i).fork().uint32(%i).%s(util.longFromKey(ks[i],%j))", (field.id << 3 | 2) >>> 0, 8 | types.mapKey[field.keyType], field.keyType, field.keyType === "uint64" || field.keyType === "fixed64");
	            else gen
	            ("w.uint32(%i).fork().uint32(%i).%s(ks[i])", (field.id << 3 | 2) >>> 0, 8 | types.mapKey[field.keyType], field.keyType);
	            if (wireType === undefined) gen
	            ("types[%i].encode(%s[ks[i]],w.uint32(18).fork(),q+1).ldelim().ldelim()", index, ref); // can't be groups
	            else gen
	            (".uint32(%i).%s(%s[ks[i]]).ldelim()", 16 | wireType, type, ref);
	            gen
	        ("}")
	    ("}");

	            // Repeated fields
	        } else if (field.repeated) { gen
	    ("if(%s!=null&&%s.length){", ref, ref); // !== undefined && !== null

	            // Packed repeated
	            if (field.packed && types.packed[type] !== undefined) { gen

	        ("w.uint32(%i).%ss(%s)", (field.id << 3 | 2) >>> 0, type, ref);

	            // Non-packed
	            } else { gen

	        ("for(var i=0;i<%s.length;++i)", ref);
	                if (wireType === undefined)
	            genTypePartial(gen, field, index, ref + "[i]");
	                else gen
	            ("w.uint32(%i).%s(%s[i])", (field.id << 3 | wireType) >>> 0, type, ref);

	            } gen
	    ("}");

	        // Non-repeated
	        } else {
	            if (!field.required)
	                if (field.hasPresence || !(field.resolvedType instanceof Enum || types.basic[type] !== undefined)) gen
	    ("if(%s!=null&&Object.hasOwnProperty.call(m,%j))", ref, field.name); // !== undefined && !== null
	                else if (field.resolvedType instanceof Enum) gen
	    ("if(%s!=null&&Object.hasOwnProperty.call(m,%j)&&%s!==%j)", ref, field.name, ref, field.typeDefault);
	                else if (type === "bool") gen
	    ("if(%s!=null&&Object.hasOwnProperty.call(m,%j)&&%s!==false)", ref, field.name, ref);
	                else if (type === "string") gen
	    ("if(%s!=null&&Object.hasOwnProperty.call(m,%j)&&%s!==\"\")", ref, field.name, ref);
	                else if (type === "bytes") gen
	    ("if(%s!=null&&Object.hasOwnProperty.call(m,%j)&&%s.length)", ref, field.name, ref);
	                else if (type === "double" || type === "float") gen
	    ("if(%s!=null&&Object.hasOwnProperty.call(m,%j)&&!Object.is(%s,0))", ref, field.name, ref);
	                else if (types.long[type] !== undefined) gen
	    ("if(%s!=null&&Object.hasOwnProperty.call(m,%j)&&(typeof %s===\"object\"?%s.low||%s.high:%s!==0))", ref, field.name, ref, ref, ref, ref);
	                else gen
	    ("if(%s!=null&&Object.hasOwnProperty.call(m,%j)&&%s!==0)", ref, field.name, ref);

	            if (wireType === undefined)
	        genTypePartial(gen, field, index, ref);
	            else gen
	        ("w.uint32(%i).%s(%s)", (field.id << 3 | wireType) >>> 0, type, ref);

	        }
	    }

	    return gen
	    ("if(m.$unknowns!=null&&Object.hasOwnProperty.call(m,\"$unknowns\"))")
	        ("for(var i=0;i<m.$unknowns.length;++i)")
	            ("w.raw(m.$unknowns[i])")
	    ("return w");
	    /* eslint-enable no-unexpected-multiline, block-scoped-var, no-redeclare */
	}
	return encoder_1;
}

var hasRequiredIndexLight;

function requireIndexLight () {
	if (hasRequiredIndexLight) return indexLight.exports;
	hasRequiredIndexLight = 1;
	(function (module, exports) {
		exports = module.exports = requireIndexMinimal();

		exports.build = "light";

		/**
		 * A node-style callback as used by {@link load} and {@link Root#load}.
		 * @typedef LoadCallback
		 * @type {function}
		 * @param {Error|null} error Error, if any, otherwise `null`
		 * @param {Root} [root] Root, if there hasn't been an error
		 * @returns {undefined}
		 */

		/**
		 * Loads one or multiple .proto or preprocessed .json files into a common root namespace and calls the callback.
		 * @param {string|string[]} filename One or multiple files to load
		 * @param {Root} root Root namespace, defaults to create a new one if omitted.
		 * @param {LoadCallback} callback Callback function
		 * @returns {undefined}
		 * @see {@link Root#load}
		 */
		function load(filename, root, callback) {
		    if (typeof root === "function") {
		        callback = root;
		        root = new exports.Root();
		    } else if (!root)
		        root = new exports.Root();
		    return root.load(filename, callback);
		}

		/**
		 * Loads one or multiple .proto or preprocessed .json files into a common root namespace and calls the callback.
		 * @name load
		 * @function
		 * @param {string|string[]} filename One or multiple files to load
		 * @param {LoadCallback} callback Callback function
		 * @returns {undefined}
		 * @see {@link Root#load}
		 * @variation 2
		 */
		// function load(filename:string, callback:LoadCallback):undefined

		/**
		 * Loads one or multiple .proto or preprocessed .json files into a common root namespace and returns a promise.
		 * @name load
		 * @function
		 * @param {string|string[]} filename One or multiple files to load
		 * @param {Root} [root] Root namespace, defaults to create a new one if omitted.
		 * @returns {Promise<Root>} Promise
		 * @see {@link Root#load}
		 * @variation 3
		 */
		// function load(filename:string, [root:Root]):Promise<Root>

		exports.load = load;

		/**
		 * Synchronously loads one or multiple .proto or preprocessed .json files into a common root namespace (node only).
		 * @param {string|string[]} filename One or multiple files to load
		 * @param {Root} [root] Root namespace, defaults to create a new one if omitted.
		 * @returns {Root} Root namespace
		 * @throws {Error} If synchronous fetching is not supported (i.e. in browsers) or if a file's syntax is invalid
		 * @see {@link Root#loadSync}
		 */
		function loadSync(filename, root) {
		    if (!root)
		        root = new exports.Root();
		    return root.loadSync(filename);
		}

		exports.loadSync = loadSync;

		// Serialization
		exports.encoder          = requireEncoder();
		exports.decoder          = requireDecoder();
		exports.verifier         = requireVerifier();
		exports.converter        = requireConverter();

		// Reflection
		exports.ReflectionObject = requireObject();
		exports.Namespace        = requireNamespace();
		exports.Root             = requireRoot();
		exports.Enum             = require_enum();
		exports.Type             = requireType();
		exports.Field            = requireField();
		exports.OneOf            = requireOneof();
		exports.MapField         = requireMapfield();
		exports.Service          = requireService();
		exports.Method           = requireMethod();

		// Runtime
		exports.Message          = requireMessage();
		exports.wrappers         = requireWrappers();

		// Utility
		exports.types            = requireTypes();
		exports.util             = requireUtil();

		// Set up possibly cyclic reflection dependencies
		exports.ReflectionObject._configure(exports.Root);
		exports.Namespace._configure(exports.Type, exports.Service, exports.Enum);
		exports.Root._configure(exports.Type, undefined, {});
		exports.Field._configure(exports.Type); 
	} (indexLight, indexLight.exports));
	return indexLight.exports;
}

var tokenize_1;
var hasRequiredTokenize;

function requireTokenize () {
	if (hasRequiredTokenize) return tokenize_1;
	hasRequiredTokenize = 1;
	tokenize_1 = tokenize;

	var delimRe        = /[\s{}=;:[\],'"()<>]/g,
	    stringDoubleRe = /(?:"([^"\\]*(?:\\.[^"\\]*)*)")/g,
	    stringSingleRe = /(?:'([^'\\]*(?:\\.[^'\\]*)*)')/g;

	var setCommentRe = /^ *[*/]+ */,
	    setCommentAltRe = /^\s*\*?\/*/,
	    setCommentSplitRe = /\n/g,
	    whitespaceRe = /\s/,
	    unescapeRe = /\\([0-7]{1,3}|[xX][0-9a-fA-F]{1,2}|.?)/g;

	var unescapeMap = {
	    "a": "\x07",
	    "b": "\b",
	    "f": "\f",
	    "r": "\r",
	    "n": "\n",
	    "t": "\t",
	    "v": "\v",
	    "?": "?",
	    "'": "'",
	    "\"": "\""
	};

	/**
	 * Unescapes a string.
	 * @param {string} str String to unescape
	 * @returns {string} Unescaped string
	 * @property {Object.<string,string>} map Special characters map
	 * @memberof tokenize
	 */
	function unescape(str) {
	    return str.replace(unescapeRe, function($0, $1) {
	        var first = $1.charAt(0);
	        if (first >= "0" && first <= "7")
	            return String.fromCharCode(parseInt($1, 8) & 255);
	        if (first === "x" || first === "X")
	            return String.fromCharCode(parseInt($1.substring(1), 16));
	        switch ($1) {
	            case "\\":
	            case "":
	                return $1;
	            default:
	                return unescapeMap[$1] || "";
	        }
	    });
	}

	tokenize.unescape = unescape;

	/**
	 * Gets the next token and advances.
	 * @typedef TokenizerHandleNext
	 * @type {function}
	 * @returns {string|null} Next token or `null` on eof
	 */

	/**
	 * Peeks for the next token.
	 * @typedef TokenizerHandlePeek
	 * @type {function}
	 * @returns {string|null} Next token or `null` on eof
	 */

	/**
	 * Pushes a token back to the stack.
	 * @typedef TokenizerHandlePush
	 * @type {function}
	 * @param {string} token Token
	 * @returns {undefined}
	 */

	/**
	 * Skips the next token.
	 * @typedef TokenizerHandleSkip
	 * @type {function}
	 * @param {string} expected Expected token
	 * @param {boolean} [optional=false] If optional
	 * @returns {boolean} Whether the token matched
	 * @throws {Error} If the token didn't match and is not optional
	 */

	/**
	 * Gets the comment on the previous line or, alternatively, the line comment on the specified line.
	 * @typedef TokenizerHandleCmnt
	 * @type {function}
	 * @param {number} [line] Line number
	 * @returns {string|null} Comment text or `null` if none
	 */

	/**
	 * Handle object returned from {@link tokenize}.
	 * @interface ITokenizerHandle
	 * @property {TokenizerHandleNext} next Gets the next token and advances (`null` on eof)
	 * @property {TokenizerHandlePeek} peek Peeks for the next token (`null` on eof)
	 * @property {TokenizerHandlePush} push Pushes a token back to the stack
	 * @property {TokenizerHandleSkip} skip Skips a token, returns its presence and advances or, if non-optional and not present, throws
	 * @property {TokenizerHandleCmnt} cmnt Gets the comment on the previous line or the line comment on the specified line, if any
	 * @property {number} line Current line number
	 */

	/**
	 * Tokenizes the given .proto source and returns an object with useful utility functions.
	 * @param {string} source Source contents
	 * @param {boolean} alternateCommentMode Whether we should activate alternate comment parsing mode.
	 * @returns {ITokenizerHandle} Tokenizer handle
	 */
	function tokenize(source, alternateCommentMode) {
	    /* eslint-disable callback-return */
	    source = source.toString();

	    var offset = 0,
	        length = source.length,
	        line = 1,
	        lastCommentLine = 0,
	        comments = {};

	    var stack = [];

	    var stringDelim = null;

	    /* istanbul ignore next */
	    /**
	     * Creates an error for illegal syntax.
	     * @param {string} subject Subject
	     * @returns {Error} Error created
	     * @inner
	     */
	    function illegal(subject) {
	        return Error("illegal " + subject + " (line " + line + ")");
	    }

	    /**
	     * Reads a string till its end.
	     * @returns {string} String read
	     * @inner
	     */
	    function readString() {
	        var re = stringDelim === "'" ? stringSingleRe : stringDoubleRe;
	        re.lastIndex = offset - 1;
	        var match = re.exec(source);
	        if (!match)
	            throw illegal("string");
	        offset = re.lastIndex;
	        push(stringDelim);
	        stringDelim = null;
	        return unescape(match[1]);
	    }

	    /**
	     * Gets the character at `pos` within the source.
	     * @param {number} pos Position
	     * @returns {string} Character
	     * @inner
	     */
	    function charAt(pos) {
	        return source.charAt(pos);
	    }

	    /**
	     * Sets the current comment text.
	     * @param {number} start Start offset
	     * @param {number} end End offset
	     * @param {boolean} isLeading set if a leading comment
	     * @returns {undefined}
	     * @inner
	     */
	    function setComment(start, end, isLeading) {
	        var comment = {
	            type: source.charAt(start++),
	            lineEmpty: false,
	            leading: isLeading,
	        };
	        var lookback;
	        if (alternateCommentMode) {
	            lookback = 2;  // alternate comment parsing: "//" or "/*"
	        } else {
	            lookback = 3;  // "///" or "/**"
	        }
	        var commentOffset = start - lookback,
	            c;
	        do {
	            if (--commentOffset < 0 ||
	                    (c = source.charAt(commentOffset)) === "\n") {
	                comment.lineEmpty = true;
	                break;
	            }
	        } while (c === " " || c === "\t");
	        var lines = source
	            .substring(start, end)
	            .split(setCommentSplitRe);
	        for (var i = 0; i < lines.length; ++i)
	            lines[i] = lines[i]
	                .replace(alternateCommentMode ? setCommentAltRe : setCommentRe, "")
	                .trim();
	        comment.text = lines
	            .join("\n")
	            .trim();

	        comments[line] = comment;
	        lastCommentLine = line;
	    }

	    function isDoubleSlashCommentLine(startOffset) {
	        var endOffset = findEndOfLine(startOffset);

	        // see if remaining line matches comment pattern
	        var lineText = source.substring(startOffset, endOffset);
	        var isComment = /^\s*\/\//.test(lineText);
	        return isComment;
	    }

	    function findEndOfLine(cursor) {
	        // find end of cursor's line
	        var endOffset = cursor;
	        while (endOffset < length && charAt(endOffset) !== "\n") {
	            endOffset++;
	        }
	        return endOffset;
	    }

	    /**
	     * Obtains the next token.
	     * @returns {string|null} Next token or `null` on eof
	     * @inner
	     */
	    function next() {
	        if (stack.length > 0)
	            return stack.shift();
	        if (stringDelim)
	            return readString();
	        var repeat,
	            prev,
	            curr,
	            start,
	            isDoc,
	            nextLineIsComment,
	            isLeadingComment = offset === 0;
	        do {
	            if (offset === length)
	                return null;
	            repeat = false;
	            while (whitespaceRe.test(curr = charAt(offset))) {
	                if (curr === "\n") {
	                    isLeadingComment = true;
	                    ++line;
	                }
	                if (++offset === length)
	                    return null;
	            }

	            if (charAt(offset) === "/") {
	                if (++offset === length) {
	                    throw illegal("comment");
	                }
	                if (charAt(offset) === "/") { // Line
	                    if (!alternateCommentMode) {
	                        // check for triple-slash comment
	                        isDoc = charAt(start = offset + 1) === "/";

	                        while (charAt(++offset) !== "\n") {
	                            if (offset === length) {
	                                return null;
	                            }
	                        }
	                        ++offset;
	                        if (isDoc) {
	                            setComment(start, offset - 1, isLeadingComment);
	                            // Trailing comment cannot not be multi-line,
	                            // so leading comment state should be reset to handle potential next comments
	                            isLeadingComment = true;
	                        }
	                        ++line;
	                        repeat = true;
	                    } else {
	                        // check for double-slash comments, consolidating consecutive lines
	                        start = offset;
	                        isDoc = false;
	                        if (isDoubleSlashCommentLine(offset - 1)) {
	                            isDoc = true;
	                            do {
	                                offset = findEndOfLine(offset);
	                                if (offset === length) {
	                                    break;
	                                }
	                                offset++;
	                                if (!isLeadingComment) {
	                                    // Trailing comment cannot not be multi-line
	                                    break;
	                                }
	                                nextLineIsComment = isDoubleSlashCommentLine(offset);
	                                if (nextLineIsComment) {
	                                    line++;
	                                }
	                            } while (nextLineIsComment);
	                        } else {
	                            offset = Math.min(length, findEndOfLine(offset) + 1);
	                        }
	                        if (isDoc) {
	                            setComment(start, offset, isLeadingComment);
	                            isLeadingComment = true;
	                        }
	                        line++;
	                        repeat = true;
	                    }
	                } else if ((curr = charAt(offset)) === "*") { /* Block */
	                    // check for /** (regular comment mode) or /* (alternate comment mode)
	                    start = offset + 1;
	                    isDoc = alternateCommentMode || charAt(start) === "*";
	                    do {
	                        if (curr === "\n") {
	                            ++line;
	                        }
	                        if (++offset === length) {
	                            throw illegal("comment");
	                        }
	                        prev = curr;
	                        curr = charAt(offset);
	                    } while (prev !== "*" || curr !== "/");
	                    ++offset;
	                    if (isDoc) {
	                        setComment(start, offset - 2, isLeadingComment);
	                        isLeadingComment = true;
	                    }
	                    repeat = true;
	                } else {
	                    return "/";
	                }
	            }
	        } while (repeat);

	        // offset !== length if we got here

	        var end = offset;
	        delimRe.lastIndex = 0;
	        var delim = delimRe.test(charAt(end++));
	        if (!delim)
	            while (end < length && !delimRe.test(charAt(end)))
	                ++end;
	        var token = source.substring(offset, offset = end);
	        if (token === "\"" || token === "'")
	            stringDelim = token;
	        return token;
	    }

	    /**
	     * Pushes a token back to the stack.
	     * @param {string} token Token
	     * @returns {undefined}
	     * @inner
	     */
	    function push(token) {
	        stack.push(token);
	    }

	    /**
	     * Peeks for the next token.
	     * @returns {string|null} Token or `null` on eof
	     * @inner
	     */
	    function peek() {
	        if (!stack.length) {
	            var token = next();
	            if (token === null)
	                return null;
	            push(token);
	        }
	        return stack[0];
	    }

	    /**
	     * Skips a token.
	     * @param {string} expected Expected token
	     * @param {boolean} [optional=false] Whether the token is optional
	     * @returns {boolean} `true` when skipped, `false` if not
	     * @throws {Error} When a required token is not present
	     * @inner
	     */
	    function skip(expected, optional) {
	        var actual = peek(),
	            equals = actual === expected;
	        if (equals) {
	            next();
	            return true;
	        }
	        if (!optional)
	            throw illegal("token '" + actual + "', '" + expected + "' expected");
	        return false;
	    }

	    /**
	     * Gets a comment.
	     * @param {number} [trailingLine] Line number if looking for a trailing comment
	     * @returns {string|null} Comment text
	     * @inner
	     */
	    function cmnt(trailingLine) {
	        var ret = null;
	        var comment;
	        if (trailingLine === undefined) {
	            comment = comments[line - 1];
	            delete comments[line - 1];
	            if (comment && (alternateCommentMode || comment.type === "*" || comment.lineEmpty)) {
	                ret = comment.leading ? comment.text : null;
	            }
	        } else {
	            /* istanbul ignore else */
	            if (lastCommentLine < trailingLine) {
	                peek();
	            }
	            comment = comments[trailingLine];
	            delete comments[trailingLine];
	            if (comment && !comment.lineEmpty && (alternateCommentMode || comment.type === "/")) {
	                ret = comment.leading ? null : comment.text;
	            }
	        }
	        return ret;
	    }

	    return Object.defineProperty({
	        next: next,
	        peek: peek,
	        push: push,
	        skip: skip,
	        cmnt: cmnt
	    }, "line", {
	        get: function() { return line; }
	    });
	    /* eslint-enable callback-return */
	}
	return tokenize_1;
}

var parse_1;
var hasRequiredParse;

function requireParse () {
	if (hasRequiredParse) return parse_1;
	hasRequiredParse = 1;
	parse_1 = parse;

	parse.filename = null;
	parse.defaults = { keepCase: false };

	var tokenize  = requireTokenize(),
	    Root      = requireRoot(),
	    Type      = requireType(),
	    Field     = requireField(),
	    MapField  = requireMapfield(),
	    OneOf     = requireOneof(),
	    Enum      = require_enum(),
	    Service   = requireService(),
	    Method    = requireMethod(),
	    ReflectionObject = requireObject(),
	    types     = requireTypes(),
	    util      = requireUtil();

	var base10Re    = /^[1-9][0-9]*$/,
	    base10NegRe = /^-?[1-9][0-9]*$/,
	    base16Re    = /^0[x][0-9a-fA-F]+$/,
	    base16NegRe = /^-?0[x][0-9a-fA-F]+$/,
	    base8Re     = /^0[0-7]+$/,
	    base8NegRe  = /^-?0[0-7]+$/,
	    integerTypeRe = /^(?:u?int|sint|s?fixed)(?:32|64)$/,
	    unsignedTypeRe = /^(?:uint|fixed)(?:32|64)$/,
	    numberRe    = util.patterns.numberRe,
	    nameRe      = /^[a-zA-Z_][a-zA-Z_0-9]*$/,
	    typeRefRe   = util.patterns.typeRefRe;

	var maxFieldId = 536870911, // 2^29 - 1
	    maxEnumId = 2147483647; // 2^31 - 1

	/**
	 * Result object returned from {@link parse}.
	 * @interface IParserResult
	 * @property {string|undefined} package Package name, if declared
	 * @property {string[]|undefined} imports Imports, if any
	 * @property {string[]|undefined} weakImports Weak imports, if any
	 * @property {Root} root Populated root instance
	 */

	/**
	 * Options modifying the behavior of {@link parse}.
	 * @interface IParseOptions
	 * @property {boolean} [keepCase=false] Keeps field casing instead of converting to camel case
	 * @property {boolean} [alternateCommentMode=false] Recognize double-slash comments in addition to doc-block comments.
	 * @property {boolean} [preferTrailingComment=false] Use trailing comment when both leading comment and trailing comment exist.
	 */

	/**
	 * Options modifying the behavior of JSON serialization.
	 * @interface IToJSONOptions
	 * @property {boolean} [keepComments=false] Serializes comments.
	 */

	/**
	 * Parses the given .proto source and returns an object with the parsed contents.
	 * @param {string} source Source contents
	 * @param {Root} root Root to populate
	 * @param {IParseOptions} [options] Parse options. Defaults to {@link parse.defaults} when omitted.
	 * @returns {IParserResult} Parser result
	 * @property {string} filename=null Currently processing file name for error reporting, if known
	 * @property {IParseOptions} defaults Default {@link IParseOptions}
	 */
	function parse(source, root, options) {
	    /* eslint-disable callback-return */
	    if (!(root instanceof Root)) {
	        options = root;
	        root = new Root();
	    }
	    if (!options)
	        options = parse.defaults;

	    var preferTrailingComment = options.preferTrailingComment || false;
	    var tn = tokenize(source, options.alternateCommentMode || false),
	        next = tn.next,
	        push = tn.push,
	        peek = tn.peek,
	        skip = tn.skip,
	        cmnt = tn.cmnt;

	    var head = true,
	        pkg,
	        imports,
	        weakImports,
	        edition = "proto2";

	    var ptr = root;

	    var topLevelObjects = [];
	    var topLevelOptions = {};

	    var applyCase = options.keepCase ? function(name) { return name; } : util.camelCase;

	    function resolveFileFeatures() {
	        topLevelObjects.forEach(obj => {
	            obj._edition = edition;
	            Object.keys(topLevelOptions).forEach(opt => {
	                if (obj.getOption(opt) !== undefined) return;
	                obj.setOption(opt, topLevelOptions[opt], true);
	            });
	        });
	    }

	    /* istanbul ignore next */
	    function illegal(token, name, insideTryCatch) {
	        var filename = parse.filename;
	        if (!insideTryCatch)
	            parse.filename = null;
	        return Error("illegal " + (name || "token") + " '" + token + "' (" + (filename ? filename + ", " : "") + "line " + tn.line + ")");
	    }

	    function readString() {
	        var values = [],
	            token;
	        do {
	            /* istanbul ignore if */
	            if ((token = next()) !== "\"" && token !== "'")
	                throw illegal(token);

	            values.push(next());
	            skip(token);
	            token = peek();
	        } while (token === "\"" || token === "'");
	        return values.join("");
	    }

	    function readValue(acceptTypeRef) {
	        var token = next();
	        switch (token) {
	            case "'":
	            case "\"":
	                push(token);
	                return readString();
	            case "true": case "TRUE":
	                return true;
	            case "false": case "FALSE":
	                return false;
	        }
	        try {
	            return parseNumber(token, /* insideTryCatch */ true);
	        } catch (e) {
	            /* istanbul ignore else */
	            if (typeRefRe.test(token))
	                return token;

	            /* istanbul ignore next */
	            throw illegal(token, "value");
	        }
	    }

	    function readRanges(target, acceptStrings, max, acceptNegative) {
	        var token, start;
	        do {
	            if (acceptStrings && ((token = peek()) === "\"" || token === "'")) {
	                var str = readString();
	                target.push(str);
	                if (edition >= 2023) {
	                    throw illegal(str, "id");
	                }
	            } else {
	                try {
	                    target.push([ start = parseId(next(), acceptNegative, max), skip("to", true) ? parseId(next(), acceptNegative, max) : start ]);
	                } catch (err) {
	                    if (acceptStrings && typeRefRe.test(token) && edition >= 2023) {
	                        target.push(token);
	                    } else {
	                        throw err;
	                    }
	                }
	            }
	        } while (skip(",", true));
	        var dummy = {options: undefined};
	        dummy.setOption = function(name, value) {
	          if (this.options === undefined) this.options = {};
	          this.options[name] = value;
	        };
	        ifBlock(
	            dummy,
	            function parseRange_block(token) {
	              /* istanbul ignore else */
	              if (token === "option") {
	                parseOption(dummy, token);  // skip
	                skip(";");
	              } else
	                throw illegal(token);
	            },
	            function parseRange_line() {
	              parseInlineOptions(dummy);  // skip
	            });
	    }

	    function parseNumber(token, insideTryCatch) {
	        var sign = 1;
	        if (token.charAt(0) === "-") {
	            sign = -1;
	            token = token.substring(1);
	        }
	        switch (token) {
	            case "inf": case "INF": case "Inf":
	                return sign * Infinity;
	            case "nan": case "NAN": case "Nan": case "NaN":
	                return NaN;
	            case "0":
	                return sign * 0;
	        }
	        if (base10Re.test(token))
	            return sign * parseInt(token, 10);
	        if (base16Re.test(token))
	            return sign * parseInt(token, 16);
	        if (base8Re.test(token))
	            return sign * parseInt(token, 8);

	        /* istanbul ignore else */
	        if (numberRe.test(token))
	            return sign * parseFloat(token);

	        /* istanbul ignore next */
	        throw illegal(token, "number", insideTryCatch);
	    }

	    function parseInteger(token, acceptNegative, name) {
	        if (token === null)
	            throw illegal(token, "end of input");
	        if (!acceptNegative && token.charAt(0) === "-")
	            throw illegal(token, name || "integer");
	        if (token === "0" || token === "-0")
	            return 0;
	        var value;
	        if (base10NegRe.test(token))
	            value = parseInt(token, 10);
	        else if (base16NegRe.test(token))
	            value = parseInt(token, 16);
	        else if (base8NegRe.test(token))
	            value = parseInt(token, 8);
	        else
	            throw illegal(token, name || "integer");
	        return value || 0;
	    }

	    function parseId(token, acceptNegative, max) {
	        switch (token) {
	            case "max": case "MAX": case "Max":
	                return max || maxFieldId;
	        }
	        return parseInteger(token, acceptNegative, "id");
	    }

	    function parsePackage() {
	        /* istanbul ignore if */
	        if (pkg !== undefined)
	            throw illegal("package");

	        pkg = next();

	        /* istanbul ignore if */
	        if (pkg === null || !typeRefRe.test(pkg))
	            throw illegal(pkg, "name");

	        ptr = ptr.define(pkg);

	        skip(";");
	    }

	    function parseImport() {
	        var token = peek();
	        var whichImports;
	        switch (token) {
	            case "option":
	                if (edition < "2024") {
	                    throw illegal("option");
	                }
	                // Import options are only used for resolving options, which we don't
	                // do.  We can just throw them out.
	                next();
	                readString();
	                skip(";");
	                return;
	            case "weak":
	                whichImports = weakImports || (weakImports = []);
	                next();
	                break;
	            case "public":
	                next();
	                // eslint-disable-next-line no-fallthrough
	            default:
	                whichImports = imports || (imports = []);
	                break;
	        }
	        token = readString();
	        skip(";");
	        whichImports.push(token);
	    }

	    function parseSyntax() {
	        skip("=");
	        edition = readString();

	        /* istanbul ignore if */
	        if (edition < 2023)
	            throw illegal(edition, "syntax");

	        skip(";");
	    }

	    function parseEdition() {
	        skip("=");
	        edition = readString();
	        const supportedEditions = ["2023", "2024", "2026"];

	        /* istanbul ignore if */
	        if (!supportedEditions.includes(edition))
	            throw illegal(edition, "edition");

	        skip(";");
	    }


	    function parseCommon(parent, token, depth) {
	        if (depth === undefined)
	            depth = 0;
	        // depth is checked by dispatched functions
	        switch (token) {

	            case "option":
	                parseOption(parent, token);
	                skip(";");
	                return true;

	            case "message":
	                parseType(parent, token, depth + 1);
	                return true;

	            case "enum":
	                parseEnum(parent, token);
	                return true;

	            case "export":
	            case "local":
	                if (edition < "2024") {
	                    return false;
	                }
	                var visibility = token;
	                token = next();
	                if (token === "export" || token === "local") {
	                    return false;
	                }
	                if (token !== "message" && token !== "enum") {
	                    return false;
	                }
	                (token === "message"
	                    ? parseType(parent, token, depth + 1)
	                    : parseEnum(parent, token)
	                ).visibility = visibility;
	                return true;

	            case "service":
	                parseService(parent, token, depth + 1);
	                return true;

	            case "extend":
	                parseExtension(parent, token, depth);
	                return true;
	        }
	        return false;
	    }

	    function ifBlock(obj, fnIf, fnElse) {
	        var trailingLine = tn.line;
	        if (obj) {
	            if(typeof obj.comment !== "string") {
	              obj.comment = cmnt(); // try block-type comment
	            }
	            obj.filename = parse.filename;
	        }
	        if (skip("{", true)) {
	            var token;
	            while ((token = next()) !== "}")
	                fnIf(token);
	            skip(";", true);
	        } else {
	            if (fnElse)
	                fnElse();
	            skip(";");
	            if (obj && (typeof obj.comment !== "string" || preferTrailingComment))
	                obj.comment = cmnt(trailingLine) || obj.comment; // try line-type comment
	        }
	    }

	    function parseType(parent, token, depth) {
	        if (depth === undefined)
	            depth = 0;
	        if (depth > util.nestingLimit)
	            throw Error("max depth exceeded");

	        /* istanbul ignore if */
	        if ((token = next()) === null || !nameRe.test(token))
	            throw illegal(token, "type name");

	        var type = new Type(token);
	        ifBlock(type, function parseType_block(token) {
	            if (parseCommon(type, token, depth))
	                return;

	            switch (token) {

	                case ";":
	                    break;

	                case "map":
	                    parseMapField(type);
	                    break;

	                case "required":
	                    if (edition !== "proto2")
	                        throw illegal(token);
	                /* eslint-disable no-fallthrough */
	                case "repeated":
	                    parseField(type, token, undefined, depth + 1);
	                    break;

	                case "optional":
	                    /* istanbul ignore if */
	                    if (edition === "proto3") {
	                        parseField(type, "proto3_optional", undefined, depth + 1);
	                    } else if (edition !== "proto2") {
	                        throw illegal(token);
	                    } else {
	                        parseField(type, "optional", undefined, depth + 1);
	                    }
	                    break;

	                case "oneof":
	                    parseOneOf(type, token, depth + 1);
	                    break;

	                case "extensions":
	                    readRanges(type.extensions || (type.extensions = []));
	                    break;

	                case "reserved":
	                    readRanges(type.reserved || (type.reserved = []), true);
	                    break;

	                default:
	                    /* istanbul ignore if */
	                    if (edition === "proto2" || !typeRefRe.test(token)) {
	                        throw illegal(token);
	                    }

	                    push(token);
	                    parseField(type, "optional", undefined, depth + 1);
	                    break;
	            }
	        });
	        parent.add(type);
	        if (parent === ptr) {
	            topLevelObjects.push(type);
	        }
	        return type;
	    }

	    function parseField(parent, rule, extend, depth) {
	        var type = next();
	        if (type === null) {
	            throw illegal(type, "end of input");
	        }
	        if (type === "group") {
	            parseGroup(parent, rule, extend, depth);
	            return;
	        }
	        // Type names can consume multiple tokens, in multiple variants:
	        //    package.subpackage   field       tokens: "package.subpackage" [TYPE NAME ENDS HERE] "field"
	        //    package . subpackage field       tokens: "package" "." "subpackage" [TYPE NAME ENDS HERE] "field"
	        //    package.  subpackage field       tokens: "package." "subpackage" [TYPE NAME ENDS HERE] "field"
	        //    package  .subpackage field       tokens: "package" ".subpackage" [TYPE NAME ENDS HERE] "field"
	        // Keep reading tokens until we get a type name with no period at the end,
	        // and the next token does not start with a period.
	        while (type.endsWith(".") || (peek() || "").startsWith(".")) {
	            var part = next();
	            if (part === null) {
	                throw illegal(part, "end of input");
	            }
	            type += part;
	        }

	        /* istanbul ignore if */
	        if (!typeRefRe.test(type))
	            throw illegal(type, "type");

	        var name = next();
	        if (name === null) {
	            throw illegal(name, "end of input");
	        }

	        /* istanbul ignore if */

	        if (!nameRe.test(name))
	            throw illegal(name, "name");

	        var protoName = name;
	        name = applyCase(name);
	        skip("=");

	        var field = new Field(name, parseId(next()), type, rule === "proto3_optional" ? "optional" : rule, extend);
	        if (protoName !== name)
	            field.protoName = protoName;

	        ifBlock(field, function parseField_block(token) {

	            /* istanbul ignore else */
	            if (token === "option") {
	                parseOption(field, token);
	                skip(";");
	            } else
	                throw illegal(token);

	        }, function parseField_line() {
	            parseInlineOptions(field);
	        });

	        if (rule === "proto3_optional") {
	            // for proto3 optional fields, we create a single-member Oneof to mimic "optional" behavior
	            var oneof = new OneOf("_" + name);
	            field.setOption("proto3_optional", true);
	            oneof.add(field);
	            parent.add(oneof);
	        } else {
	            parent.add(field);
	        }
	        if (parent === ptr) {
	            topLevelObjects.push(field);
	        }
	    }

	    function parseGroup(parent, rule, extend, depth) {
	        if (depth === undefined)
	            depth = 0;
	        if (depth > util.nestingLimit)
	            throw Error("max depth exceeded");
	        if (edition >= 2023) {
	            throw illegal("group");
	        }
	        var name = next();

	        /* istanbul ignore if */
	        if (name === null || !nameRe.test(name))
	            throw illegal(name, "name");

	        var fieldName = util.lcFirst(name);
	        if (name === fieldName)
	            name = util.ucFirst(name);
	        skip("=");
	        var id = parseId(next());
	        var type = new Type(name);
	        type.group = true;
	        var field = new Field(fieldName, id, name, rule, extend);
	        field.filename = parse.filename;
	        ifBlock(type, function parseGroup_block(token) {
	            switch (token) {

	                case ";":
	                    break;

	                case "map":
	                    parseMapField(type);
	                    break;

	                case "option":
	                    parseOption(type, token);
	                    skip(";");
	                    break;
	                case "required":
	                case "repeated":
	                    parseField(type, token, undefined, depth + 1);
	                    break;

	                case "optional":
	                    /* istanbul ignore if */
	                    if (edition === "proto3") {
	                        parseField(type, "proto3_optional", undefined, depth + 1);
	                    } else {
	                        parseField(type, "optional", undefined, depth + 1);
	                    }
	                    break;

	                case "message":
	                    parseType(type, token, depth + 1);
	                    break;

	                case "enum":
	                    parseEnum(type, token);
	                    break;

	                case "reserved":
	                    readRanges(type.reserved || (type.reserved = []), true);
	                    break;

	                case "export":
	                case "local":
	                    if (edition < "2024") {
	                        throw illegal(token);
	                    }
	                    token = next();
	                    switch (token) {
	                        case "message":
	                            parseType(type, token, depth + 1);
	                            break;
	                        case "enum":
	                            parseType(type, token, depth + 1);
	                            break;
	                        default:
	                            throw illegal(token);
	                    }
	                    break;

	                /* istanbul ignore next */
	                default:
	                    throw illegal(token); // there are no groups with proto3 semantics
	            }
	        });
	        parent.add(type)
	              .add(field);
	        if (parent === ptr) {
	            topLevelObjects.push(type);
	            topLevelObjects.push(field);
	        }
	    }

	    function parseMapField(parent) {
	        skip("<");
	        var keyType = next();

	        /* istanbul ignore if */
	        if (types.mapKey[keyType] === undefined)
	            throw illegal(keyType, "type");

	        skip(",");
	        var valueType = next();

	        /* istanbul ignore if */
	        if (!typeRefRe.test(valueType))
	            throw illegal(valueType, "type");

	        skip(">");
	        var name = next();

	        /* istanbul ignore if */
	        if (name === null || !nameRe.test(name))
	            throw illegal(name, "name");

	        skip("=");
	        var protoName = name;
	        name = applyCase(name);
	        var field = new MapField(name, parseId(next()), keyType, valueType);
	        if (protoName !== name)
	            field.protoName = protoName;
	        ifBlock(field, function parseMapField_block(token) {

	            /* istanbul ignore else */
	            if (token === "option") {
	                parseOption(field, token);
	                skip(";");
	            } else
	                throw illegal(token);

	        }, function parseMapField_line() {
	            parseInlineOptions(field);
	        });
	        parent.add(field);
	    }

	    function parseOneOf(parent, token, depth) {

	        /* istanbul ignore if */
	        if ((token = next()) === null || !nameRe.test(token))
	            throw illegal(token, "name");

	        var oneof = new OneOf(applyCase(token));
	        ifBlock(oneof, function parseOneOf_block(token) {
	            if (token === "option") {
	                parseOption(oneof, token);
	                skip(";");
	            } else {
	                push(token);
	                parseField(oneof, "optional", undefined, depth);
	            }
	        });
	        parent.add(oneof);
	    }

	    function parseEnum(parent, token) {

	        /* istanbul ignore if */
	        if ((token = next()) === null || !nameRe.test(token))
	            throw illegal(token, "name");

	        var enm = new Enum(token),
	            values = [];
	        ifBlock(enm, function parseEnum_block(token) {
	          switch(token) {
	            case ";":
	              break;

	            case "option":
	              parseOption(enm, token);
	              skip(";");
	              break;

	            case "reserved":
	              readRanges(enm.reserved || (enm.reserved = []), true, maxEnumId, true);
	              if(enm.reserved === undefined) enm.reserved = [];
	              break;

	            default:
	              values.push(parseEnumValue(token));
	          }
	        });
	        for (var i = 0; i < values.length; ++i)
	            enm.add(values[i].name, values[i].id, values[i].comment, values[i].options);
	        parent.add(enm);
	        if (parent === ptr) {
	            topLevelObjects.push(enm);
	        }
	        return enm;
	    }

	    function parseEnumValue(token) {

	        /* istanbul ignore if */
	        if (!nameRe.test(token))
	            throw illegal(token, "name");

	        skip("=");
	        var value = parseId(next(), true),
	            dummy = {
	                options: undefined
	            };
	        dummy.getOption = function(name) {
	            return this.options[name];
	        };
	        dummy.setOption = function(name, value) {
	            ReflectionObject.prototype.setOption.call(dummy, name, value);
	        };
	        dummy.setParsedOption = function() {
	            return undefined;
	        };
	        ifBlock(dummy, function parseEnumValue_block(token) {

	            /* istanbul ignore else */
	            if (token === "option") {
	                parseOption(dummy, token); // skip
	                skip(";");
	            } else
	                throw illegal(token);

	        }, function parseEnumValue_line() {
	            parseInlineOptions(dummy); // skip
	        });
	        return {
	            name: token,
	            id: value,
	            comment: dummy.comment,
	            options: dummy.parsedOptions || dummy.options
	        };
	    }

	    function parseOption(parent, token) {
	            var option;
	            var propName;
	            var isOption = true;
	            if (token === "option") {
	                token = next();
	            }

	            while (token !== "=") {
	                if (token === null) {
	                    throw illegal(token, "end of input");
	                }
	                if (token === "(") {
	                    var parensValue = next();
	                    skip(")");
	                    token = "(" + parensValue + ")";
	                }
	                if (isOption) {
	                    isOption = false;
	                    if (token.includes(".") && !token.includes("(")) {
	                        var tokens = token.split(".");
	                        option = tokens[0] + ".";
	                        token = tokens[1];
	                        continue;
	                    }
	                    option = token;
	                } else {
	                    propName = propName ? propName += token : token;
	                }
	                token = next();
	            }
	            var name = propName ? option.concat(propName) : option;
	            var optionValue = parseOptionValue(parent, name);
	            propName = propName && propName[0] === "." ? propName.slice(1) : propName;
	            option = option && option[option.length - 1] === "." ? option.slice(0, -1) : option;
	            setParsedOption(parent, option, optionValue, propName);
	    }

	    function parseOptionValue(parent, name, depth) {
	        if (depth === undefined)
	            depth = 0;
	        if (depth > util.recursionLimit)
	            throw Error("max depth exceeded");
	        // { a: "foo" b { c: "bar" } }
	        if (skip("{", true)) {
	            var objectResult = {};

	            while (!skip("}", true)) {
	                token = next();
	                var propName;
	                if (token === null)
	                    throw illegal(token, "end of input");
	                if (token === "[") {
	                    token = next();
	                    // Extension name or, for Any, a type URL: "<prefix>/<fully.qualified.Type>".
	                    var slash = token === null ? -1 : token.lastIndexOf("/");
	                    if (token === null || !typeRefRe.test(slash < 0 ? token : token.slice(slash + 1)))
	                        throw illegal(token, "name");
	                    propName = "[" + token + "]";
	                    skip("]");
	                } else {
	                    /* istanbul ignore if */
	                    if (!nameRe.test(token)) {
	                        throw illegal(token, "name");
	                    }
	                    propName = token;
	                }

	                var value;

	                skip(":", true);

	                if (peek() === "{") {
	                    // option (my_option) = {
	                    //     repeated_value: [ "foo", "bar" ]
	                    // };
	                    value = parseOptionValue(parent, name + "." + propName, depth + 1);
	                } else if (peek() === "[") {
	                    value = [];
	                    var lastValue,
	                        lastValueIsAggregate;
	                    if (skip("[", true)) {
	                        if (!skip("]", true)) {
	                            do {
	                                lastValueIsAggregate = peek() === "{";
	                                lastValue = lastValueIsAggregate
	                                    ? parseOptionValue(parent, name + "." + propName, depth + 1)
	                                    : readValue();
	                                value.push(lastValue);
	                            } while (skip(",", true));
	                            skip("]");
	                            if (typeof lastValue !== "undefined") {
	                                if (!lastValueIsAggregate)
	                                    setOption(parent, name + "." + propName, lastValue);
	                            }
	                        }
	                    }
	                } else {
	                    value = readValue();
	                    setOption(parent, name + "." + propName, value);
	                }

	                var prevValue = Object.prototype.hasOwnProperty.call(objectResult, propName)
	                    ? objectResult[propName]
	                    : undefined;

	                if (prevValue)
	                    value = [].concat(prevValue).concat(value);

	                if (propName !== "__proto__")
	                    objectResult[propName] = value;

	                // Semicolons and commas can be optional
	                skip(",", true);
	                skip(";", true);
	            }

	            return objectResult;
	        }

	        var simpleValue = name === "default" && parent instanceof Field && integerTypeRe.test(parent.type)
	            ? parseInteger(next(), !unsignedTypeRe.test(parent.type))
	            : readValue();
	        setOption(parent, name, simpleValue);
	        return simpleValue;
	        // Does not enforce a delimiter to be universal
	    }

	    function setOption(parent, name, value) {
	        if (ptr === parent && /^features\./.test(name)) {
	            topLevelOptions[name] = value;
	            return;
	        }
	        // lift json_name onto Field
	        if (name === "json_name" && parent instanceof Field) {
	            parent.jsonName = value;
	        }
	        if (parent.setOption)
	            parent.setOption(name, value);
	    }

	    function setParsedOption(parent, name, value, propName) {
	        if (parent.setParsedOption)
	            parent.setParsedOption(name, value, propName);
	    }

	    function parseInlineOptions(parent) {
	        if (skip("[", true)) {
	            do {
	                parseOption(parent, "option");
	            } while (skip(",", true));
	            skip("]");
	        }
	        return parent;
	    }

	    function parseService(parent, token, depth) {
	        if (depth === undefined)
	            depth = 0;
	        if (depth > util.recursionLimit)
	            throw Error("max depth exceeded");

	        /* istanbul ignore if */
	        if ((token = next()) === null || !nameRe.test(token))
	            throw illegal(token, "service name");

	        var service = new Service(token);
	        ifBlock(service, function parseService_block(token) {
	            if (parseCommon(service, token, depth)) {
	                return;
	            }

	            /* istanbul ignore else */
	            if (token === ";")
	                return;
	            if (token === "rpc")
	                parseMethod(service, token);
	            else
	                throw illegal(token);
	        });
	        parent.add(service);
	        if (parent === ptr) {
	            topLevelObjects.push(service);
	        }
	    }

	    function parseMethod(parent, token) {
	        // Get the comment of the preceding line now (if one exists) in case the
	        // method is defined across multiple lines.
	        var commentText = cmnt();

	        var type = token;

	        /* istanbul ignore if */
	        if (!nameRe.test(token = next()))
	            throw illegal(token, "name");

	        var name = token,
	            requestType, requestStream,
	            responseType, responseStream;

	        skip("(");
	        if (skip("stream", true))
	            requestStream = true;

	        /* istanbul ignore if */
	        if (!typeRefRe.test(token = next()))
	            throw illegal(token);

	        requestType = token;
	        skip(")"); skip("returns"); skip("(");
	        if (skip("stream", true))
	            responseStream = true;

	        /* istanbul ignore if */
	        if (!typeRefRe.test(token = next()))
	            throw illegal(token);

	        responseType = token;
	        skip(")");

	        var method = new Method(name, type, requestType, responseType, requestStream, responseStream);
	        method.comment = commentText;
	        ifBlock(method, function parseMethod_block(token) {

	            /* istanbul ignore else */
	            if (token === ";")
	                return;
	            if (token === "option") {
	                parseOption(method, token);
	                skip(";");
	            } else
	                throw illegal(token);

	        });
	        parent.add(method);
	    }

	    function parseExtension(parent, token, depth) {

	        /* istanbul ignore if */
	        if ((token = next()) === null || !typeRefRe.test(token))
	            throw illegal(token, "reference");

	        var reference = token;
	        ifBlock(null, function parseExtension_block(token) {
	            switch (token) {

	                case "required":
	                case "repeated":
	                    parseField(parent, token, reference, depth + 1);
	                    break;

	                case "optional":
	                    /* istanbul ignore if */
	                    if (edition === "proto3") {
	                        parseField(parent, "proto3_optional", reference, depth + 1);
	                    } else {
	                        parseField(parent, "optional", reference, depth + 1);
	                    }
	                    break;

	                default:
	                    /* istanbul ignore if */
	                    if (edition === "proto2" || !typeRefRe.test(token))
	                        throw illegal(token);
	                    push(token);
	                    parseField(parent, "optional", reference, depth + 1);
	                    break;
	            }
	        });
	    }

	    var token;
	    while ((token = next()) !== null) {
	        switch (token) {

	            case ";":
	                break;

	            case "package":

	                /* istanbul ignore if */
	                if (!head)
	                    throw illegal(token);

	                parsePackage();
	                break;

	            case "import":

	                parseImport();
	                break;

	            case "syntax":

	                /* istanbul ignore if */
	                if (!head)
	                    throw illegal(token);

	                parseSyntax();
	                break;

	            case "edition":
	                /* istanbul ignore if */
	                if (!head)
	                    throw illegal(token);
	                parseEdition();
	                break;

	            case "option":
	                parseOption(ptr, token);
	                skip(";", true);
	                break;

	            default:

	                /* istanbul ignore else */
	                if (parseCommon(ptr, token, 0)) {
	                    head = false;
	                    continue;
	                }

	                /* istanbul ignore next */
	                throw illegal(token);
	        }
	    }

	    resolveFileFeatures();

	    parse.filename = null;
	    return {
	        "package"     : pkg,
	        "imports"     : imports,
	         weakImports  : weakImports,
	         root         : root
	    };
	}

	/**
	 * Parses the given .proto source and returns an object with the parsed contents.
	 * @name parse
	 * @function
	 * @param {string} source Source contents
	 * @param {IParseOptions} [options] Parse options. Defaults to {@link parse.defaults} when omitted.
	 * @returns {IParserResult} Parser result
	 * @property {string} filename=null Currently processing file name for error reporting, if known
	 * @property {IParseOptions} defaults Default {@link IParseOptions}
	 * @variation 2
	 */
	return parse_1;
}

var common_1;
var hasRequiredCommon;

function requireCommon () {
	if (hasRequiredCommon) return common_1;
	hasRequiredCommon = 1;
	common_1 = common;

	var commonRe = /\/|\./;

	/**
	 * Provides common type definitions.
	 * Can also be used to provide additional google types or your own custom types.
	 * @param {string} name Short name as in `google/protobuf/[name].proto` or full file name
	 * @param {Object.<string,*>} json JSON definition within `google.protobuf` if a short name, otherwise the file's root definition
	 * @returns {undefined}
	 * @property {INamespace} google/protobuf/any.proto Any
	 * @property {INamespace} google/protobuf/duration.proto Duration
	 * @property {INamespace} google/protobuf/empty.proto Empty
	 * @property {INamespace} google/protobuf/field_mask.proto FieldMask
	 * @property {INamespace} google/protobuf/struct.proto Struct, Value, NullValue and ListValue
	 * @property {INamespace} google/protobuf/timestamp.proto Timestamp
	 * @property {INamespace} google/protobuf/wrappers.proto Wrappers
	 * @example
	 * // manually provides descriptor.proto (assumes google/protobuf/ namespace and .proto extension)
	 * protobuf.common("descriptor", descriptorJson);
	 *
	 * // manually provides a custom definition (uses my.foo namespace)
	 * protobuf.common("my/foo/bar.proto", myFooBarJson);
	 */
	function common(name, json) {
	    if (!commonRe.test(name)) {
	        name = "google/protobuf/" + name + ".proto";
	        json = { nested: { google: { nested: { protobuf: { nested: json } } } } };
	    }
	    common[name] = json;
	}

	// Not provided because of limited use (feel free to discuss or to provide yourself):
	//
	// google/protobuf/descriptor.proto
	// google/protobuf/source_context.proto
	// google/protobuf/type.proto
	//
	// Stripped and pre-parsed versions of these non-bundled files are instead available as part of
	// the repository or package within the google/protobuf directory.

	common("any", {

	    /**
	     * Properties of a google.protobuf.Any message.
	     * @interface IAny
	     * @type {Object}
	     * @property {string} [typeUrl]
	     * @property {Uint8Array} [bytes]
	     * @memberof common
	     */
	    Any: {
	        fields: {
	            type_url: {
	                type: "string",
	                id: 1
	            },
	            value: {
	                type: "bytes",
	                id: 2
	            }
	        }
	    }
	});

	var timeType;

	common("duration", {

	    /**
	     * Properties of a google.protobuf.Duration message.
	     * @interface IDuration
	     * @type {Object}
	     * @property {number|Long} [seconds]
	     * @property {number} [nanos]
	     * @memberof common
	     */
	    Duration: timeType = {
	        fields: {
	            seconds: {
	                type: "int64",
	                id: 1
	            },
	            nanos: {
	                type: "int32",
	                id: 2
	            }
	        }
	    }
	});

	common("timestamp", {

	    /**
	     * Properties of a google.protobuf.Timestamp message.
	     * @interface ITimestamp
	     * @type {Object}
	     * @property {number|Long} [seconds]
	     * @property {number} [nanos]
	     * @memberof common
	     */
	    Timestamp: timeType
	});

	common("empty", {

	    /**
	     * Properties of a google.protobuf.Empty message.
	     * @interface IEmpty
	     * @memberof common
	     */
	    Empty: {
	        fields: {}
	    }
	});

	common("struct", {

	    /**
	     * Properties of a google.protobuf.Struct message.
	     * @interface IStruct
	     * @type {Object}
	     * @property {Object.<string,IValue>} [fields]
	     * @memberof common
	     */
	    Struct: {
	        fields: {
	            fields: {
	                keyType: "string",
	                type: "Value",
	                id: 1
	            }
	        }
	    },

	    /**
	     * Properties of a google.protobuf.Value message.
	     * @interface IValue
	     * @type {Object}
	     * @property {string} [kind]
	     * @property {0} [nullValue]
	     * @property {number} [numberValue]
	     * @property {string} [stringValue]
	     * @property {boolean} [boolValue]
	     * @property {IStruct} [structValue]
	     * @property {IListValue} [listValue]
	     * @memberof common
	     */
	    Value: {
	        oneofs: {
	            kind: {
	                oneof: [
	                    "nullValue",
	                    "numberValue",
	                    "stringValue",
	                    "boolValue",
	                    "structValue",
	                    "listValue"
	                ]
	            }
	        },
	        fields: {
	            nullValue: {
	                type: "NullValue",
	                id: 1,
	                protoName: "null_value"
	            },
	            numberValue: {
	                type: "double",
	                id: 2,
	                protoName: "number_value"
	            },
	            stringValue: {
	                type: "string",
	                id: 3,
	                protoName: "string_value"
	            },
	            boolValue: {
	                type: "bool",
	                id: 4,
	                protoName: "bool_value"
	            },
	            structValue: {
	                type: "Struct",
	                id: 5,
	                protoName: "struct_value"
	            },
	            listValue: {
	                type: "ListValue",
	                id: 6,
	                protoName: "list_value"
	            }
	        }
	    },

	    NullValue: {
	        values: {
	            NULL_VALUE: 0
	        }
	    },

	    /**
	     * Properties of a google.protobuf.ListValue message.
	     * @interface IListValue
	     * @type {Object}
	     * @property {Array.<IValue>} [values]
	     * @memberof common
	     */
	    ListValue: {
	        fields: {
	            values: {
	                rule: "repeated",
	                type: "Value",
	                id: 1
	            }
	        }
	    }
	});

	common("wrappers", {

	    /**
	     * Properties of a google.protobuf.DoubleValue message.
	     * @interface IDoubleValue
	     * @type {Object}
	     * @property {number} [value]
	     * @memberof common
	     */
	    DoubleValue: {
	        fields: {
	            value: {
	                type: "double",
	                id: 1
	            }
	        }
	    },

	    /**
	     * Properties of a google.protobuf.FloatValue message.
	     * @interface IFloatValue
	     * @type {Object}
	     * @property {number} [value]
	     * @memberof common
	     */
	    FloatValue: {
	        fields: {
	            value: {
	                type: "float",
	                id: 1
	            }
	        }
	    },

	    /**
	     * Properties of a google.protobuf.Int64Value message.
	     * @interface IInt64Value
	     * @type {Object}
	     * @property {number|Long} [value]
	     * @memberof common
	     */
	    Int64Value: {
	        fields: {
	            value: {
	                type: "int64",
	                id: 1
	            }
	        }
	    },

	    /**
	     * Properties of a google.protobuf.UInt64Value message.
	     * @interface IUInt64Value
	     * @type {Object}
	     * @property {number|Long} [value]
	     * @memberof common
	     */
	    UInt64Value: {
	        fields: {
	            value: {
	                type: "uint64",
	                id: 1
	            }
	        }
	    },

	    /**
	     * Properties of a google.protobuf.Int32Value message.
	     * @interface IInt32Value
	     * @type {Object}
	     * @property {number} [value]
	     * @memberof common
	     */
	    Int32Value: {
	        fields: {
	            value: {
	                type: "int32",
	                id: 1
	            }
	        }
	    },

	    /**
	     * Properties of a google.protobuf.UInt32Value message.
	     * @interface IUInt32Value
	     * @type {Object}
	     * @property {number} [value]
	     * @memberof common
	     */
	    UInt32Value: {
	        fields: {
	            value: {
	                type: "uint32",
	                id: 1
	            }
	        }
	    },

	    /**
	     * Properties of a google.protobuf.BoolValue message.
	     * @interface IBoolValue
	     * @type {Object}
	     * @property {boolean} [value]
	     * @memberof common
	     */
	    BoolValue: {
	        fields: {
	            value: {
	                type: "bool",
	                id: 1
	            }
	        }
	    },

	    /**
	     * Properties of a google.protobuf.StringValue message.
	     * @interface IStringValue
	     * @type {Object}
	     * @property {string} [value]
	     * @memberof common
	     */
	    StringValue: {
	        fields: {
	            value: {
	                type: "string",
	                id: 1
	            }
	        }
	    },

	    /**
	     * Properties of a google.protobuf.BytesValue message.
	     * @interface IBytesValue
	     * @type {Object}
	     * @property {Uint8Array} [value]
	     * @memberof common
	     */
	    BytesValue: {
	        fields: {
	            value: {
	                type: "bytes",
	                id: 1
	            }
	        }
	    }
	});

	common("field_mask", {

	    /**
	     * Properties of a google.protobuf.FieldMask message.
	     * @interface IFieldMask
	     * @type {Object}
	     * @property {string[]} [paths]
	     * @memberof common
	     */
	    FieldMask: {
	        fields: {
	            paths: {
	                rule: "repeated",
	                type: "string",
	                id: 1
	            }
	        }
	    }
	});

	/**
	 * Gets the root definition of the specified common proto file.
	 *
	 * Bundled definitions are:
	 * - google/protobuf/any.proto
	 * - google/protobuf/duration.proto
	 * - google/protobuf/empty.proto
	 * - google/protobuf/field_mask.proto
	 * - google/protobuf/struct.proto
	 * - google/protobuf/timestamp.proto
	 * - google/protobuf/wrappers.proto
	 *
	 * @param {string} file Proto file name
	 * @returns {INamespace|null} Root definition or `null` if not defined
	 */
	common.get = function get(file) {
	    return common[file] || null;
	};
	return common_1;
}

var hasRequiredSrc;

function requireSrc () {
	if (hasRequiredSrc) return src.exports;
	hasRequiredSrc = 1;
	(function (module, exports) {
		exports = module.exports = requireIndexLight();

		exports.build = "full";

		// Parser
		exports.tokenize         = requireTokenize();
		exports.parse            = requireParse();
		exports.common           = requireCommon();

		// Configure parser
		exports.Root._configure(exports.Type, exports.parse, exports.common); 
	} (src, src.exports));
	return src.exports;
}

var protobufjs;
var hasRequiredProtobufjs;

function requireProtobufjs () {
	if (hasRequiredProtobufjs) return protobufjs;
	hasRequiredProtobufjs = 1;
	protobufjs = requireSrc();
	return protobufjs;
}

var protobufjsExports = requireProtobufjs();
var protobuf = /*@__PURE__*/getDefaultExportFromCjs(protobufjsExports);

/**
 * The part of TensorBoard's `Event` protobuf (tensorflow/core/util/event.proto, summary.proto,
 * tensor.proto) that scalars live in, read with protobufjs from this minimal schema: fields not named
 * here (graphs, images, histograms, audio) are skipped by the decoder unread.
 * A scalar is a `Summary.Value` with `simple_value` (TF1, tensorboardX's add_scalar), or a rank-0
 * numeric `tensor` (TF2 `tf.summary.scalar`, recent torch and tensorboardX writers).
 */
const EVENT_PROTO = `
syntax = "proto3";
message Event {
  double wall_time = 1;
  int64 step = 2;
  Summary summary = 5;
  SessionLog session_log = 7;
}
message SessionLog {
  int32 status = 1;
}
message Summary {
  message Value {
    string tag = 1;
    float simple_value = 2;
    TensorProto tensor = 8;
    SummaryMetadata metadata = 9;
  }
  repeated Value value = 1;
}
message SummaryMetadata {
  message PluginData { string plugin_name = 1; }
  PluginData plugin_data = 1;
}
message TensorShapeProto {
  message Dim { int64 size = 1; }
  repeated Dim dim = 2;
}
message TensorProto {
  int32 dtype = 1;
  TensorShapeProto tensor_shape = 2;
  bytes tensor_content = 4;
  repeated float float_val = 5;
  repeated double double_val = 6;
  repeated int32 int_val = 7;
  repeated int64 int64_val = 10;
  repeated int32 half_val = 13;
}
`;
const root = protobuf.parse(EVENT_PROTO, { keepCase: true }).root;
const EventType = root.lookupType('Event');
/** SessionLog.SessionStatus.START. */
const SESSION_START = 1;
/** TensorFlow DataType numbers of the numeric scalars read. */
const DT = { FLOAT: 1, DOUBLE: 2, INT32: 3, INT64: 9, BFLOAT16: 14, HALF: 19 };
const toNumber = (v) => (v === undefined ? 0 : typeof v === 'number' ? v : v.toNumber());
/** One event record's step, wall time and scalar values (none for other records). */
function decodeEvent(data) {
    const e = EventType.decode(data);
    const scalars = [];
    for (const v of e.summary?.value ?? []) {
        if (!v.tag)
            continue;
        // proto3 leaves simple_value 0 when unset: a tensor, when present, is what the writer wrote.
        const value = v.tensor ? tensorScalar(v.tensor) : Object.hasOwn(v, 'simple_value') ? v.simple_value : null;
        if (value !== null)
            scalars.push({ tag: v.tag, value });
    }
    const start = e.session_log?.status === SESSION_START;
    return { step: toNumber(e.step), wallTime: e.wall_time ?? 0, scalars, start };
}
/** A rank-0 numeric tensor's value, or null (a histogram, an image, text, a vector). */
function tensorScalar(t) {
    if ((t.tensor_shape?.dim?.length ?? 0) > 0)
        return null;
    const raw = t.tensor_content;
    const view = raw?.length ? new DataView(raw.buffer, raw.byteOffset, raw.byteLength) : null;
    switch (t.dtype) {
        case DT.FLOAT:
            return view && raw.length >= 4 ? view.getFloat32(0, true) : (t.float_val?.[0] ?? null);
        case DT.DOUBLE:
            return view && raw.length >= 8 ? view.getFloat64(0, true) : (t.double_val?.[0] ?? null);
        case DT.INT32:
            return view && raw.length >= 4 ? view.getInt32(0, true) : (t.int_val?.[0] ?? null);
        case DT.INT64:
            return view && raw.length >= 8
                ? Number(view.getBigInt64(0, true))
                : t.int64_val?.[0] !== undefined
                    ? toNumber(t.int64_val[0])
                    : null;
        case DT.HALF:
            return view && raw.length >= 2 ? halfToNumber(view.getUint16(0, true)) : halfOrNull(t.half_val?.[0]);
        case DT.BFLOAT16: {
            const bits = view && raw.length >= 2 ? view.getUint16(0, true) : t.half_val?.[0];
            if (bits === undefined)
                return null;
            const f = new DataView(new ArrayBuffer(4));
            f.setUint32(0, (bits & 0xffff) << 16);
            return f.getFloat32(0);
        }
        default:
            return null;
    }
}
const halfOrNull = (bits) => (bits === undefined ? null : halfToNumber(bits));
/** IEEE 754 binary16 → number. */
function halfToNumber(bits) {
    const sign = bits & 0x8000 ? -1 : 1;
    const exp = (bits >> 10) & 0x1f;
    const frac = bits & 0x3ff;
    if (exp === 0)
        return sign * 2 ** -14 * (frac / 1024);
    if (exp === 31)
        return frac ? Number.NaN : sign * Infinity;
    return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

/**
 * TensorBoard event files as a Table: one file, or a run directory of them (a resumed job leaves one per
 * attempt), read in file-name order as TensorBoard's directory loader reads them (the names start with
 * the writer's start time). Every scalar tag becomes a column named as written (`train/loss`,
 * `lr-AdamW`), classified as any column is; the step is the event's. Other summaries (images,
 * histograms, text) are skipped. A file cut inside its last record (a job killed mid-write) is a warning
 * and marks the table truncated, like a cut CSV row; a record whose data fails its CRC is skipped and
 * counted.
 *
 * Points are merged as TensorBoard merges them: by tag and step, the later write winning where a step
 * was written twice (a resumed job), and nothing dropped but what a `SessionLog.START` at step S (a
 * writer opened with `purge_step`) purges, the points at S and after. A step going back is not a restart
 * by itself: Lightning writes its test phase to a second file from step 0, with tags of its own.
 * A first pass finds the tags and whether the events come in step order, file after file (every writer
 * we know writes one file so). Then the rows stream through StepOrderedRows, in bounded memory (a START
 * purge is its restart). Files that overlap in steps, or events out of order, are read into memory
 * instead (json/step-map.ts), each point placed at its step.
 */
const EVENT_FILE = /^events\.out\.tfevents\./;
const DEFAULT_BATCH = 65_536;
/** The event files of a run directory, in the order TensorBoard reads them; [] when there are none. */
async function eventFilesIn(dir) {
    const names = (await readdir(dir)).filter((n) => EVENT_FILE.test(n)).sort();
    return names.map((n) => join(dir, n));
}
async function openEventsTable(path, options = {}) {
    const isDir = (await stat(path)).isDirectory();
    const files = isDir ? await eventFilesIn(path) : [path];
    if (!files.length)
        throw new InputError(path, null, 'is a directory with no TensorBoard event file (events.out.tfevents.*)');
    const input = { source: path, files, isDir };
    const { tags, ordered } = await scanTags(input);
    if (!tags.size)
        throw new InputError(path, null, 'TensorBoard events with no scalar summary');
    const batch = options.batchSize ?? DEFAULT_BATCH;
    return ordered ? streamedTable(input, tags, batch) : inMemoryTable(input, batch);
}
/** Each file's decoded records, in order; corrupt and cut records go to `found`. */
async function* events(input, found) {
    for (const file of input.files) {
        const scan = { corrupt: 0, truncated: false };
        let index = 0;
        for await (const record of tfRecords(file, scan)) {
            index++;
            let event;
            try {
                event = decodeEvent(record);
            }
            catch {
                scan.corrupt++;
                continue;
            }
            yield { file, index, event };
        }
        const name = input.isDir ? file.slice(input.source.length).replace(/^[/\\]/, '') : file;
        if (scan.corrupt)
            found.warnings.push(`${name}: ${scan.corrupt} record${scan.corrupt === 1 ? '' : 's'} failed their CRC32C and were left out`);
        if (scan.truncated) {
            found.truncated = true;
            found.warnings.push(`${name}: the file ends inside its last record (a job stopped mid-write); the record is left out`);
        }
    }
}
/** The first pass: the tags in order of appearance, and whether the scalar events, file after file, are in step order. */
async function scanTags(input) {
    const tags = new Map();
    let ordered = true;
    let last = -Infinity;
    for await (const { event } of events(input, { warnings: [], truncated: false })) {
        // A START purge is a restart StepOrderedRows resolves alike: the rows from its step on are replaced.
        if (event.start && event.step > 0)
            last = -Infinity;
        if (!event.scalars.length)
            continue;
        if (event.step < last)
            ordered = false;
        last = event.step;
        for (const { tag } of event.scalars)
            if (!tags.has(tag))
                tags.set(tag, tags.size);
    }
    return { tags, ordered };
}
/** The second pass, streamed: each event a row, the rows of one step merged, restarts resolved. */
function streamedTable(input, tags, stepBuffer) {
    const warnings = [];
    const truncated = { value: false };
    return {
        source: input.source,
        columns: [...tags.keys()],
        stepColumn: 'step',
        warnings,
        truncated,
        batches: (async function* () {
            const rows = new StepOrderedRows(tags.size, stepBuffer, 'record');
            const found = { warnings: [], truncated: false };
            for await (const { index, event } of events(input, found)) {
                if (!event.scalars.length)
                    continue;
                rows.clearRow();
                for (const { tag, value } of event.scalars) {
                    const c = tags.get(tag);
                    rows.values[c] = value;
                    rows.kinds[c] = Number.isNaN(value) ? CellKind.NanToken : CellKind.Number;
                }
                rows.commit(event.step, index);
                yield* rows.take();
            }
            yield* rows.finish();
            warnings.push(...found.warnings, ...rows.warnings());
            truncated.value = found.truncated;
        })(),
    };
}
/** Events out of step order (overlapping files): every point kept in memory and placed at its own step. */
async function inMemoryTable(input, batchSize) {
    const map = new StepMap(input.source);
    const found = { warnings: [], truncated: false };
    for await (const { event } of events(input, found)) {
        if (event.start && event.step > 0)
            map.purgeFrom(event.step);
        for (const { tag, value } of event.scalars)
            map.set(event.step, tag, value);
    }
    const replaced = map.replacedNote();
    if (replaced)
        found.warnings.push(replaced);
    if (map.purged)
        found.warnings.push(`${map.purged} point${map.purged === 1 ? '' : 's'} purged by a SessionLog START (a writer opened with purge_step), as TensorBoard purges them`);
    const table = map.toTable('step', batchSize, found.warnings);
    if (found.truncated)
        table.truncated.value = true;
    return table;
}

/** Open any supported metrics file as a Table, choosing the reader by the file's content. */
/** Whether `path` is a folder; false when it cannot be read (opening it names the problem). */
async function isDirectory(path) {
    try {
        return (await stat(path)).isDirectory();
    }
    catch {
        return false; // opening it names the problem
    }
}
/** JSON metric files are read whole; anything larger is not one of the supported JSON shapes. */
const MAX_JSON_BYTES$1 = 256 << 20;
async function openJsonTable(source, batchSize) {
    const text = (await readTextFile(source, MAX_JSON_BYTES$1)).replace(/^\uFEFF/, '');
    if (looksLikeJsonLines(text)) {
        const warnings = [];
        const parsed = parseJsonLines(source, text, warnings);
        const stepKey = jsonLinesStepKey(parsed.objects);
        if (stepKey)
            return jsonLinesTable(source, parsed, stepKey, batchSize, warnings);
        throw new InputError(source, null, `JSON lines without a step key (${STEP_KEYS.join(', ')}) on most lines, so not a per-step log: a run manifest of JSON lines is given with --metadata (input metadata)`);
    }
    let json;
    try {
        json = parseJsonLimited(text, source);
    }
    catch (e) {
        if (e instanceof InputError)
            throw e;
        const message = e.message;
        const at = /position (\d+)/.exec(message);
        const line = at ? lineAt(text, Number(at[1])) : null;
        const jsonLines = line !== null && line > 1 && /^\s*\{/.test(text) && /\}\s*\r?\n\s*\{/.test(text.slice(0, 1 << 16));
        throw new InputError(source, line, jsonLines
            ? 'JSON lines, not one JSON document (a run manifest of JSON lines is given with --metadata, input metadata)'
            : `invalid JSON: ${message.split('\n')[0]}`);
    }
    if (isHfTrainerState(json))
        return hfTrainerStateTable(source, json, batchSize);
    if (isMegatronGoldenValues(json))
        return megatronTable(source, json, batchSize);
    if (isStepMajorGoldenValues(json))
        return stepMajorTable(source, json, batchSize);
    throw new InputError(source, null, 'JSON of an unknown shape: expected Megatron golden values {metric: {values: {step: value}}}, step-major golden values {step: {metric: value}}, or a Hugging Face trainer_state.json with log_history');
}
/**
 * Open a metrics file: a per-step CSV (streamed), Megatron golden-values JSON, a Hugging Face
 * `trainer_state.json`, a JSON-lines per-step log, or TensorBoard event files (a file or a run
 * directory), told apart by content (sniff.ts) before any parser runs. Problems visible up front throw InputError; problems found
 * while streaming are thrown as InputError from `batches`.
 */
async function openTable(path, options = {}) {
    const stepBuffer = Math.max(1, Math.floor(options.stepBuffer ?? DEFAULT_STEP_BUFFER));
    // A run directory of TensorBoard event files (a resumed job writes one per attempt).
    if (await isDirectory(path)) {
        if ((await eventFilesIn(path)).length)
            return openEventsTable(path, { batchSize: stepBuffer });
        // A rank's folder (`rank_3/`) or a run's folder holding its one metrics file (by name, else its one file).
        const all = (await readdir(path, { withFileTypes: true }))
            .filter((e) => e.isFile() && !e.name.startsWith('.'))
            .map((e) => e.name)
            .sort();
        const named = all.filter((n) => METRICS_EXT.has(extname(n).toLowerCase()));
        const files = named.length ? named : all;
        if (files.length === 1)
            return openTable(join(path, files[0]), options);
        throw new InputError(path, null, files.length
            ? `is a directory of ${files.length} metrics files (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}): name the file`
            : 'is a directory, not a metrics file (nor a run directory of TensorBoard event files)');
    }
    const head = await readHead(path, 4096);
    if (head.length === 0)
        throw new InputError(path, null, 'empty file');
    const kind = head.includes(0) && !isTfRecordStart(head) ? 'csv' : sniffKind(path, head);
    if (kind === 'tensorboard')
        return openEventsTable(path, { batchSize: stepBuffer });
    if (kind === 'json')
        return openJsonTable(path, stepBuffer);
    if (kind === 'rl-monitor')
        return monitorTable(path, stepBuffer);
    return openCsvTable(path, { stepBuffer });
}

/**
 * Sample times as written by GPU samplers, in ms since the epoch.
 * nvidia-smi: `2026/07/14 08:12:53.353` (the host's local time, no zone: read as UTC — only differences are used),
 * or ISO 8601 with `Z` or an offset from wrappers; amd-smi and scripts: Unix epoch numbers, in the unit the
 * column's name states (`timestamp_ms`) or else told by size (seconds, ms, µs, ns — today's dates are ten,
 * thirteen, sixteen or nineteen digits); dmon -o DT: `20260714 08:12:53`. NaN when the text is none of these.
 */
function parseSampleTime(text, unit = '') {
    const t = text.trim();
    if (/^\d{1,20}(\.\d{1,9})?$/.test(t))
        return epochMs(Number(t), unit.toLowerCase());
    const slash = /^(\d{4})[/-](\d{2})[/-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(t);
    if (slash)
        return utc(slash);
    const dmon = /^(\d{4})(\d{2})(\d{2})\s+(\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(t);
    if (dmon)
        return utc(dmon);
    const iso = Date.parse(t);
    return Number.isFinite(iso) ? iso : Number.NaN;
}
function utc(m) {
    const [, y, mo, d, h, mi, s, frac] = m;
    return (Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) +
        (frac ? Math.round(Number(frac) * 1000) : 0));
}
const EPOCH_UNIT_MS = { s: 1000, ms: 1, us: 1e-3, ns: 1e-6 };
function epochMs(n, unit) {
    const factor = EPOCH_UNIT_MS[unit];
    if (factor !== undefined)
        return n * factor;
    if (n > 1e17)
        return n / 1e6;
    if (n > 1e14)
        return n / 1e3;
    return n > 1e11 ? n : n * 1000;
}

const is_object = function (obj) {
  return typeof obj === "object" && obj !== null && !Array.isArray(obj);
};

class CsvError extends Error {
  constructor(code, message, options, ...contexts) {
    if (Array.isArray(message)) message = message.join(" ").trim();
    super(message);
    if (Error.captureStackTrace !== undefined) {
      Error.captureStackTrace(this, CsvError);
    }
    this.code = code;
    for (const context of contexts) {
      for (const key in context) {
        const value = context[key];
        this[key] = Buffer.isBuffer(value)
          ? value.toString(options.encoding)
          : value == null
            ? value
            : JSON.parse(JSON.stringify(value));
      }
    }
  }
}

const normalize_columns_array = function (columns) {
  const normalizedColumns = [];
  for (let i = 0, l = columns.length; i < l; i++) {
    const column = columns[i];
    if (column === undefined || column === null || column === false) {
      normalizedColumns[i] = { disabled: true };
    } else if (typeof column === "string" || typeof column === "number") {
      normalizedColumns[i] = { name: `${column}` };
    } else if (is_object(column)) {
      if (typeof column.name !== "string") {
        throw new CsvError("CSV_OPTION_COLUMNS_MISSING_NAME", [
          "Option columns missing name:",
          `property "name" is required at position ${i}`,
          "when column is an object literal",
        ]);
      }
      normalizedColumns[i] = column;
    } else {
      throw new CsvError("CSV_INVALID_COLUMN_DEFINITION", [
        "Invalid column definition:",
        "expect a string or a literal object,",
        `got ${JSON.stringify(column)} at position ${i}`,
      ]);
    }
  }
  return normalizedColumns;
};

class ResizeableBuffer {
  constructor(size = 100) {
    this.size = size;
    this.length = 0;
    this.buf = Buffer.allocUnsafe(size);
  }
  prepend(val) {
    if (Buffer.isBuffer(val)) {
      const length = this.length + val.length;
      if (length >= this.size) {
        this.resize();
        if (length >= this.size) {
          throw Error("INVALID_BUFFER_STATE");
        }
      }
      const buf = this.buf;
      this.buf = Buffer.allocUnsafe(this.size);
      val.copy(this.buf, 0);
      buf.copy(this.buf, val.length);
      this.length += val.length;
    } else {
      const length = this.length++;
      if (length === this.size) {
        this.resize();
      }
      const buf = this.clone();
      this.buf[0] = val;
      buf.copy(this.buf, 1, 0, length);
    }
  }
  append(val) {
    const length = this.length++;
    if (length === this.size) {
      this.resize();
    }
    this.buf[length] = val;
  }
  clone() {
    return Buffer.from(this.buf.slice(0, this.length));
  }
  resize() {
    const length = this.length;
    this.size = this.size * 2;
    const buf = Buffer.allocUnsafe(this.size);
    this.buf.copy(buf, 0, 0, length);
    this.buf = buf;
  }
  toString(encoding) {
    if (encoding) {
      return this.buf.toString(encoding, 0, this.length);
    } else {
      return Uint8Array.prototype.slice.call(this.buf.slice(0, this.length));
    }
  }
  toJSON() {
    return this.toString("utf8");
  }
  reset() {
    this.length = 0;
  }
}

const init_state = function (options) {
  // ECMAScript WhiteSpace + LineTerminator codepoints, encoded under
  // `options.encoding`. Aligns trimming with `String.prototype.trim()`.
  // https://tc39.es/ecma262/#sec-white-space
  // https://tc39.es/ecma262/#sec-line-terminators
  //
  // Codepoints unrepresentable in the target encoding are dropped: Node's
  // Buffer substitutes them with `?` (0x3F), and including those would cause
  // literal `?` bytes in the input to be trimmed under `latin1`/`ascii`.
  const timchars = [
    // Basic Latin
    0x0020, // [Space](https://www.fileformat.info/info/unicode/char/0020/index.htm)
    0x0009, // [CHARACTER TABULATION (HT)](https://www.fileformat.info/info/unicode/char/0009/index.htm)
    0x000a, // [LINE FEED (LF)](https://www.fileformat.info/info/unicode/char/000a/index.htm)
    0x000d, // [CARRIAGE RETURN (CR)](https://www.fileformat.info/info/unicode/char/000d/index.htm)
    0x000c, // [FORM FEED (FF)](https://www.fileformat.info/info/unicode/char/000c/index.htm)
    0x000b, // [LINE TABULATION (VT)](https://www.fileformat.info/info/unicode/char/000b/index.htm)
    // Latin-1 Supplement
    0x00a0, // [NO-BREAK SPACE (NBSP)](https://www.fileformat.info/info/unicode/char/00a0/index.htm)
    // Ogham
    0x1680, // [OGHAM SPACE MARK](https://www.fileformat.info/info/unicode/char/1680/index.htm)
    // General Punctuation
    0x2000, // [EN QUAD](https://www.fileformat.info/info/unicode/char/2000/index.htm)
    0x2001, // [EM QUAD](https://www.fileformat.info/info/unicode/char/2001/index.htm)
    0x2002, // [EN SPACE](https://www.fileformat.info/info/unicode/char/2002/index.htm)
    0x2003, // [EM SPACE](https://www.fileformat.info/info/unicode/char/2003/index.htm)
    0x2004, // [THREE-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2004/index.htm)
    0x2005, // [FOUR-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2005/index.htm)
    0x2006, // [SIX-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2006/index.htm)
    0x2007, // [FIGURE SPACE](https://www.fileformat.info/info/unicode/char/2007/index.htm)
    0x2008, // [PUNCTUATION SPACE](https://www.fileformat.info/info/unicode/char/2008/index.htm)
    0x2009, // [THIN SPACE](https://www.fileformat.info/info/unicode/char/2009/index.htm)
    0x200a, // [HAIR SPACE](https://www.fileformat.info/info/unicode/char/200a/index.htm)
    0x2028, // [LINE SEPARATOR](https://www.fileformat.info/info/unicode/char/2028/index.htm)
    0x2029, // [PARAGRAPH SEPARATOR](https://www.fileformat.info/info/unicode/char/2029/index.htm)
    0x202f, // [NARROW NO-BREAK SPACE (NNBSP)](https://www.fileformat.info/info/unicode/char/202f/index.htm)
    0x205f, // [MEDIUM MATHEMATICAL SPACE (MMSP)](https://www.fileformat.info/info/unicode/char/205f/index.htm)
    0x3000, // [IDEOGRAPHIC SPACE](https://www.fileformat.info/info/unicode/char/3000/index.htm)
    0xfeff, // [ZERO WIDTH NO-BREAK SPACE (BOM)](https://www.fileformat.info/info/unicode/char/feff/index.htm)
  ].reduce((acc, codepoint) => {
    const encoded = Buffer.from(
      String.fromCharCode(codepoint),
      options.encoding,
    );
    if (codepoint !== 0x3f && encoded.length === 1 && encoded[0] === 0x3f) {
      return acc;
    }
    acc.push(encoded);
    return acc;
  }, []);
  // First-byte lookup table for `__isCharTrimable`. Non-whitespace bytes
  // (the common case) bail out in O(1) without scanning every timchar.
  const timcharFirstBytes = new Uint8Array(256);
  for (const t of timchars) timcharFirstBytes[t[0]] = 1;
  return {
    bomSkipped: false,
    bufBytesStart: 0,
    castField: options.cast_function,
    commenting: false,
    delimiterBufPrevious: undefined,
    delimiterDiscovered: false,
    // Current error encountered by a record
    error: undefined,
    enabled: options.from_line === 1,
    escaping: false,
    escapeIsQuote:
      Buffer.isBuffer(options.escape) &&
      Buffer.isBuffer(options.quote) &&
      Buffer.compare(options.escape, options.quote) === 0,
    // columns can be `false`, `true`, `Array`
    expectedRecordLength: Array.isArray(options.columns)
      ? options.columns.length
      : undefined,
    field: new ResizeableBuffer(20),
    firstLineToHeaders: options.cast_first_line_to_header,
    needMoreDataSize: Math.max(
      // Skip if the remaining buffer smaller than comment
      options.comment !== null ? options.comment.length : 0,
      // Skip if the remaining buffer can be delimiter
      ...(options.delimiter
        ? options.delimiter.map((delimiter) => delimiter.length)
        : []),
      // Auto discovery of delimiter is limited to 1 character
      options.delimiter_auto ? 1 : 0,
      // Skip if the remaining buffer can be escape sequence
      options.quote !== null ? options.quote.length : 0,
      // Skip if the remaining buffer can be a multi-byte trim character
      ...timchars.map((t) => t.length),
    ),
    previousBuf: undefined,
    quoting: false,
    stop: false,
    rawBuffer: new ResizeableBuffer(100),
    record: [],
    recordHasError: false,
    record_length: 0,
    recordDelimiterMaxLength:
      options.record_delimiter.length === 0
        ? 0
        : Math.max(...options.record_delimiter.map((v) => v.length)),
    trimChars: [
      Buffer.from(" ", options.encoding)[0],
      Buffer.from("\t", options.encoding)[0],
    ],
    wasQuoting: false,
    wasRowDelimiter: false,
    timchars: timchars,
    timcharFirstBytes: timcharFirstBytes,
  };
};

const underscore = function (str) {
  return str.replace(/([A-Z])/g, function (_, match) {
    return "_" + match.toLowerCase();
  });
};

const normalize_options = function (opts) {
  const options = {};
  // Merge with user options
  for (const opt in opts) {
    options[underscore(opt)] = opts[opt];
  }
  // Normalize option `encoding`
  // Note: defined first because other options depends on it
  // to convert chars/strings into buffers.
  if (options.encoding === undefined || options.encoding === true) {
    options.encoding = "utf8";
  } else if (options.encoding === null || options.encoding === false) {
    options.encoding = null;
  } else if (
    typeof options.encoding !== "string" &&
    options.encoding !== null
  ) {
    throw new CsvError(
      "CSV_INVALID_OPTION_ENCODING",
      [
        "Invalid option encoding:",
        "encoding must be a string or null to return a buffer,",
        `got ${JSON.stringify(options.encoding)}`,
      ],
      options,
    );
  }
  // Normalize option `bom`
  if (
    options.bom === undefined ||
    options.bom === null ||
    options.bom === false
  ) {
    options.bom = false;
  } else if (options.bom !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_BOM",
      [
        "Invalid option bom:",
        "bom must be true,",
        `got ${JSON.stringify(options.bom)}`,
      ],
      options,
    );
  }
  // Normalize option `cast`
  options.cast_function = null;
  if (
    options.cast === undefined ||
    options.cast === null ||
    options.cast === false ||
    options.cast === ""
  ) {
    options.cast = undefined;
  } else if (typeof options.cast === "function") {
    options.cast_function = options.cast;
    options.cast = true;
  } else if (options.cast !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_CAST",
      [
        "Invalid option cast:",
        "cast must be true or a function,",
        `got ${JSON.stringify(options.cast)}`,
      ],
      options,
    );
  }
  // Normalize option `cast_date`
  if (
    options.cast_date === undefined ||
    options.cast_date === null ||
    options.cast_date === false ||
    options.cast_date === ""
  ) {
    options.cast_date = false;
  } else if (options.cast_date === true) {
    options.cast_date = function (value) {
      const date = Date.parse(value);
      return !isNaN(date) ? new Date(date) : value;
    };
  } else if (typeof options.cast_date !== "function") {
    throw new CsvError(
      "CSV_INVALID_OPTION_CAST_DATE",
      [
        "Invalid option cast_date:",
        "cast_date must be true or a function,",
        `got ${JSON.stringify(options.cast_date)}`,
      ],
      options,
    );
  }
  // Normalize option `columns`
  options.cast_first_line_to_header = undefined;
  if (options.columns === true) {
    // Fields in the first line are converted as-is to columns
    options.cast_first_line_to_header = undefined;
  } else if (typeof options.columns === "function") {
    options.cast_first_line_to_header = options.columns;
    options.columns = true;
  } else if (Array.isArray(options.columns)) {
    options.columns = normalize_columns_array(options.columns);
  } else if (
    options.columns === undefined ||
    options.columns === null ||
    options.columns === false
  ) {
    options.columns = false;
  } else {
    throw new CsvError(
      "CSV_INVALID_OPTION_COLUMNS",
      [
        "Invalid option columns:",
        "expect an array, a function or true,",
        `got ${JSON.stringify(options.columns)}`,
      ],
      options,
    );
  }
  // Normalize option `group_columns_by_name`
  if (
    options.group_columns_by_name === undefined ||
    options.group_columns_by_name === null ||
    options.group_columns_by_name === false
  ) {
    options.group_columns_by_name = false;
  } else if (options.group_columns_by_name !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_GROUP_COLUMNS_BY_NAME",
      [
        "Invalid option group_columns_by_name:",
        "expect an boolean,",
        `got ${JSON.stringify(options.group_columns_by_name)}`,
      ],
      options,
    );
  } else if (options.columns === false) {
    throw new CsvError(
      "CSV_INVALID_OPTION_GROUP_COLUMNS_BY_NAME",
      [
        "Invalid option group_columns_by_name:",
        "the `columns` mode must be activated.",
      ],
      options,
    );
  }
  // Normalize option `comment`
  if (
    options.comment === undefined ||
    options.comment === null ||
    options.comment === false ||
    options.comment === ""
  ) {
    options.comment = null;
  } else {
    if (typeof options.comment === "string") {
      options.comment = Buffer.from(options.comment, options.encoding);
    }
    if (!Buffer.isBuffer(options.comment)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_COMMENT",
        [
          "Invalid option comment:",
          "comment must be a buffer or a string,",
          `got ${JSON.stringify(options.comment)}`,
        ],
        options,
      );
    }
  }
  // Normalize option `comment_no_infix`
  if (
    options.comment_no_infix === undefined ||
    options.comment_no_infix === null ||
    options.comment_no_infix === false
  ) {
    options.comment_no_infix = false;
  } else if (options.comment_no_infix !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_COMMENT",
      [
        "Invalid option comment_no_infix:",
        "value must be a boolean,",
        `got ${JSON.stringify(options.comment_no_infix)}`,
      ],
      options,
    );
  }
  // Normalize option `delimiter_auto`
  if (
    options.delimiter_auto === undefined ||
    options.delimiter_auto === null ||
    options.delimiter_auto === false
  ) {
    options.delimiter_auto = false;
  } else if (options.delimiter_auto === true) {
    options.delimiter_auto = {};
  } else if (!is_object(options.delimiter_auto)) {
    throw new CsvError(
      "CSV_INVALID_OPTION_DELIMITER_AUTO",
      [
        "Invalid option delimiter_auto:",
        "delimiter_auto must be a boolean or a configuration object,",
        `got ${JSON.stringify(options.delimiter_auto)}`,
      ],
      options,
    );
  }
  if (options.delimiter_auto) {
    if (options.delimiter_auto.preferred === undefined)
      options.delimiter_auto.preferred = {
        [",".charCodeAt(0)]: 1.8,
        ["\t".charCodeAt(0)]: 1.8,
        [";".charCodeAt(0)]: 1.6,
        [" ".charCodeAt(0)]: 1.6,
        [":".charCodeAt(0)]: 1.5,
        [".".charCodeAt(0)]: 1.4,
        ["/".charCodeAt(0)]: 1.4,
      };
    else if (!is_object(options.delimiter_auto.preferred)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "preferred must be an object,",
          `got ${JSON.stringify(options.delimiter_auto.preferred)}`,
        ],
        options,
      );
    }
    if (options.delimiter_auto.score === undefined)
      options.delimiter_auto.score = (info, options) => {
        return (
          (info.total - info.std) * (options.preferred[info.char_code] || 1)
        );
      };
    else if (typeof options.delimiter_auto.score !== "function") {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "score must be a function,",
          `got ${JSON.stringify(options.delimiter_auto.score)}`,
        ],
        options,
      );
    }
    if (options.delimiter_auto.size === undefined)
      options.delimiter_auto.size = 2048;
    else if (typeof options.delimiter_auto.size !== "number") {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "size must be a number,",
          `got ${JSON.stringify(options.delimiter_auto.size)}`,
        ],
        options,
      );
    }
  }
  // Normalize option `delimiter`
  const delimiter_json = JSON.stringify(options.delimiter);
  if (options.delimiter_auto !== false) {
    options.delimiter = [];
  }
  if (!Array.isArray(options.delimiter)) {
    if (
      options.delimiter === undefined ||
      options.delimiter === null ||
      options.delimiter === false
    ) {
      options.delimiter = Buffer.from(",", options.encoding);
    }
    options.delimiter = [options.delimiter];
  }
  options.delimiter = options.delimiter.map(function (delimiter) {
    if (typeof delimiter === "string") {
      delimiter = Buffer.from(delimiter, options.encoding);
    }
    if (!Buffer.isBuffer(delimiter) || delimiter.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER",
        [
          "Invalid option delimiter:",
          "delimiter must be a non empty string or buffer or array of string|buffer,",
          `got ${delimiter_json}`,
        ],
        options,
      );
    }
    return delimiter;
  });
  // Normalize option `escape`
  if (options.escape === undefined || options.escape === true) {
    options.escape = Buffer.from('"', options.encoding);
  } else if (typeof options.escape === "string") {
    options.escape = Buffer.from(options.escape, options.encoding);
  } else if (options.escape === null || options.escape === false) {
    options.escape = null;
  }
  if (options.escape !== null) {
    if (!Buffer.isBuffer(options.escape)) {
      throw new Error(
        `Invalid Option: escape must be a buffer, a string or a boolean, got ${JSON.stringify(options.escape)}`,
      );
    }
  }
  // Normalize option `from`
  if (options.from === undefined || options.from === null) {
    options.from = 1;
  } else {
    if (typeof options.from === "string" && /\d+/.test(options.from)) {
      options.from = parseInt(options.from);
    }
    if (Number.isInteger(options.from)) {
      if (options.from < 0) {
        throw new Error(
          `Invalid Option: from must be a positive integer, got ${JSON.stringify(opts.from)}`,
        );
      }
    } else {
      throw new Error(
        `Invalid Option: from must be an integer, got ${JSON.stringify(options.from)}`,
      );
    }
  }
  // Normalize option `from_line`
  if (options.from_line === undefined || options.from_line === null) {
    options.from_line = 1;
  } else {
    if (
      typeof options.from_line === "string" &&
      /\d+/.test(options.from_line)
    ) {
      options.from_line = parseInt(options.from_line);
    }
    if (Number.isInteger(options.from_line)) {
      if (options.from_line <= 0) {
        throw new Error(
          `Invalid Option: from_line must be a positive integer greater than 0, got ${JSON.stringify(opts.from_line)}`,
        );
      }
    } else {
      throw new Error(
        `Invalid Option: from_line must be an integer, got ${JSON.stringify(opts.from_line)}`,
      );
    }
  }
  // Normalize options `ignore_last_delimiters`
  if (
    options.ignore_last_delimiters === undefined ||
    options.ignore_last_delimiters === null
  ) {
    options.ignore_last_delimiters = false;
  } else if (typeof options.ignore_last_delimiters === "number") {
    options.ignore_last_delimiters = Math.floor(options.ignore_last_delimiters);
    if (options.ignore_last_delimiters === 0) {
      options.ignore_last_delimiters = false;
    }
  } else if (typeof options.ignore_last_delimiters !== "boolean") {
    throw new CsvError(
      "CSV_INVALID_OPTION_IGNORE_LAST_DELIMITERS",
      [
        "Invalid option `ignore_last_delimiters`:",
        "the value must be a boolean value or an integer,",
        `got ${JSON.stringify(options.ignore_last_delimiters)}`,
      ],
      options,
    );
  }
  if (options.ignore_last_delimiters === true && options.columns === false) {
    throw new CsvError(
      "CSV_IGNORE_LAST_DELIMITERS_REQUIRES_COLUMNS",
      [
        "The option `ignore_last_delimiters`",
        "requires the activation of the `columns` option",
      ],
      options,
    );
  }
  // Normalize option `info`
  if (
    options.info === undefined ||
    options.info === null ||
    options.info === false
  ) {
    options.info = false;
  } else if (options.info !== true) {
    throw new Error(
      `Invalid Option: info must be true, got ${JSON.stringify(options.info)}`,
    );
  }
  // Normalize option `max_record_size`
  if (
    options.max_record_size === undefined ||
    options.max_record_size === null ||
    options.max_record_size === false
  ) {
    options.max_record_size = 0;
  } else if (
    Number.isInteger(options.max_record_size) &&
    options.max_record_size >= 0
  ) ; else if (
    typeof options.max_record_size === "string" &&
    /\d+/.test(options.max_record_size)
  ) {
    options.max_record_size = parseInt(options.max_record_size);
  } else {
    throw new Error(
      `Invalid Option: max_record_size must be a positive integer, got ${JSON.stringify(options.max_record_size)}`,
    );
  }
  // Normalize option `objname`
  if (
    options.objname === undefined ||
    options.objname === null ||
    options.objname === false
  ) {
    options.objname = undefined;
  } else if (Buffer.isBuffer(options.objname)) {
    if (options.objname.length === 0) {
      throw new Error(`Invalid Option: objname must be a non empty buffer`);
    }
    if (options.encoding === null) ; else {
      options.objname = options.objname.toString(options.encoding);
    }
  } else if (typeof options.objname === "string") {
    if (options.objname.length === 0) {
      throw new Error(`Invalid Option: objname must be a non empty string`);
    }
    // Great, nothing to do
  } else if (typeof options.objname === "number") ; else {
    throw new Error(
      `Invalid Option: objname must be a string or a buffer, got ${options.objname}`,
    );
  }
  if (options.objname !== undefined) {
    if (typeof options.objname === "number") {
      if (options.columns !== false) {
        throw Error(
          "Invalid Option: objname index cannot be combined with columns or be defined as a field",
        );
      }
    } else {
      // A string or a buffer
      if (options.columns === false) {
        throw Error(
          "Invalid Option: objname field must be combined with columns or be defined as an index",
        );
      }
    }
  }
  // Normalize option `on_record`
  if (options.on_record === undefined || options.on_record === null) {
    options.on_record = undefined;
  } else if (typeof options.on_record !== "function") {
    throw new CsvError(
      "CSV_INVALID_OPTION_ON_RECORD",
      [
        "Invalid option `on_record`:",
        "expect a function,",
        `got ${JSON.stringify(options.on_record)}`,
      ],
      options,
    );
  }
  // Normalize option `on_skip`
  // options.on_skip ??= (err, chunk) => {
  //   this.emit('skip', err, chunk);
  // };
  if (
    options.on_skip !== undefined &&
    options.on_skip !== null &&
    typeof options.on_skip !== "function"
  ) {
    throw new Error(
      `Invalid Option: on_skip must be a function, got ${JSON.stringify(options.on_skip)}`,
    );
  }
  // Normalize option `quote`
  if (
    options.quote === null ||
    options.quote === false ||
    options.quote === ""
  ) {
    options.quote = null;
  } else {
    if (options.quote === undefined || options.quote === true) {
      options.quote = Buffer.from('"', options.encoding);
    } else if (typeof options.quote === "string") {
      options.quote = Buffer.from(options.quote, options.encoding);
    }
    if (!Buffer.isBuffer(options.quote)) {
      throw new Error(
        `Invalid Option: quote must be a buffer or a string, got ${JSON.stringify(options.quote)}`,
      );
    }
  }
  // Normalize option `raw`
  if (
    options.raw === undefined ||
    options.raw === null ||
    options.raw === false
  ) {
    options.raw = false;
  } else if (options.raw !== true) {
    throw new Error(
      `Invalid Option: raw must be true, got ${JSON.stringify(options.raw)}`,
    );
  }
  // Normalize option `record_delimiter`
  if (options.record_delimiter === undefined) {
    options.record_delimiter = [];
  } else if (
    typeof options.record_delimiter === "string" ||
    Buffer.isBuffer(options.record_delimiter)
  ) {
    if (options.record_delimiter.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a non empty string or buffer,",
          `got ${JSON.stringify(options.record_delimiter)}`,
        ],
        options,
      );
    }
    options.record_delimiter = [options.record_delimiter];
  } else if (!Array.isArray(options.record_delimiter)) {
    throw new CsvError(
      "CSV_INVALID_OPTION_RECORD_DELIMITER",
      [
        "Invalid option `record_delimiter`:",
        "value must be a string, a buffer or array of string|buffer,",
        `got ${JSON.stringify(options.record_delimiter)}`,
      ],
      options,
    );
  }
  options.record_delimiter = options.record_delimiter.map(function (rd, i) {
    if (typeof rd !== "string" && !Buffer.isBuffer(rd)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a string, a buffer or array of string|buffer",
          `at index ${i},`,
          `got ${JSON.stringify(rd)}`,
        ],
        options,
      );
    } else if (rd.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a non empty string or buffer",
          `at index ${i},`,
          `got ${JSON.stringify(rd)}`,
        ],
        options,
      );
    }
    if (typeof rd === "string") {
      rd = Buffer.from(rd, options.encoding);
    }
    return rd;
  });
  // Normalize option `relax_column_count`
  if (typeof options.relax_column_count === "boolean") ; else if (
    options.relax_column_count === undefined ||
    options.relax_column_count === null
  ) {
    options.relax_column_count = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count must be a boolean, got ${JSON.stringify(options.relax_column_count)}`,
    );
  }
  if (typeof options.relax_column_count_less === "boolean") ; else if (
    options.relax_column_count_less === undefined ||
    options.relax_column_count_less === null
  ) {
    options.relax_column_count_less = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count_less must be a boolean, got ${JSON.stringify(options.relax_column_count_less)}`,
    );
  }
  if (typeof options.relax_column_count_more === "boolean") ; else if (
    options.relax_column_count_more === undefined ||
    options.relax_column_count_more === null
  ) {
    options.relax_column_count_more = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count_more must be a boolean, got ${JSON.stringify(options.relax_column_count_more)}`,
    );
  }
  // Normalize option `relax_quotes`
  if (typeof options.relax_quotes === "boolean") ; else if (
    options.relax_quotes === undefined ||
    options.relax_quotes === null
  ) {
    options.relax_quotes = false;
  } else {
    throw new Error(
      `Invalid Option: relax_quotes must be a boolean, got ${JSON.stringify(options.relax_quotes)}`,
    );
  }
  // Normalize option `skip_empty_lines`
  if (typeof options.skip_empty_lines === "boolean") ; else if (
    options.skip_empty_lines === undefined ||
    options.skip_empty_lines === null
  ) {
    options.skip_empty_lines = false;
  } else {
    throw new Error(
      `Invalid Option: skip_empty_lines must be a boolean, got ${JSON.stringify(options.skip_empty_lines)}`,
    );
  }
  // Normalize option `skip_records_with_empty_values`
  if (typeof options.skip_records_with_empty_values === "boolean") ; else if (
    options.skip_records_with_empty_values === undefined ||
    options.skip_records_with_empty_values === null
  ) {
    options.skip_records_with_empty_values = false;
  } else {
    throw new Error(
      `Invalid Option: skip_records_with_empty_values must be a boolean, got ${JSON.stringify(options.skip_records_with_empty_values)}`,
    );
  }
  // Normalize option `skip_records_with_error`
  if (typeof options.skip_records_with_error === "boolean") ; else if (
    options.skip_records_with_error === undefined ||
    options.skip_records_with_error === null
  ) {
    options.skip_records_with_error = false;
  } else {
    throw new Error(
      `Invalid Option: skip_records_with_error must be a boolean, got ${JSON.stringify(options.skip_records_with_error)}`,
    );
  }
  // Normalize option `rtrim`
  if (
    options.rtrim === undefined ||
    options.rtrim === null ||
    options.rtrim === false
  ) {
    options.rtrim = false;
  } else if (options.rtrim !== true) {
    throw new Error(
      `Invalid Option: rtrim must be a boolean, got ${JSON.stringify(options.rtrim)}`,
    );
  }
  // Normalize option `ltrim`
  if (
    options.ltrim === undefined ||
    options.ltrim === null ||
    options.ltrim === false
  ) {
    options.ltrim = false;
  } else if (options.ltrim !== true) {
    throw new Error(
      `Invalid Option: ltrim must be a boolean, got ${JSON.stringify(options.ltrim)}`,
    );
  }
  // Normalize option `trim`
  if (
    options.trim === undefined ||
    options.trim === null ||
    options.trim === false
  ) {
    options.trim = false;
  } else if (options.trim !== true) {
    throw new Error(
      `Invalid Option: trim must be a boolean, got ${JSON.stringify(options.trim)}`,
    );
  }
  // Normalize options `trim`, `ltrim` and `rtrim`
  if (options.trim === true && opts.ltrim !== false) {
    options.ltrim = true;
  } else if (options.ltrim !== true) {
    options.ltrim = false;
  }
  if (options.trim === true && opts.rtrim !== false) {
    options.rtrim = true;
  } else if (options.rtrim !== true) {
    options.rtrim = false;
  }
  // Normalize option `to`
  if (options.to === undefined || options.to === null) {
    options.to = -1;
  } else if (options.to !== -1) {
    if (typeof options.to === "string" && /\d+/.test(options.to)) {
      options.to = parseInt(options.to);
    }
    if (Number.isInteger(options.to)) {
      if (options.to <= 0) {
        throw new Error(
          `Invalid Option: to must be a positive integer greater than 0, got ${JSON.stringify(opts.to)}`,
        );
      }
    } else {
      throw new Error(
        `Invalid Option: to must be an integer, got ${JSON.stringify(opts.to)}`,
      );
    }
  }
  // Normalize option `to_line`
  if (options.to_line === undefined || options.to_line === null) {
    options.to_line = -1;
  } else if (options.to_line !== -1) {
    if (typeof options.to_line === "string" && /\d+/.test(options.to_line)) {
      options.to_line = parseInt(options.to_line);
    }
    if (Number.isInteger(options.to_line)) {
      if (options.to_line <= 0) {
        throw new Error(
          `Invalid Option: to_line must be a positive integer greater than 0, got ${JSON.stringify(opts.to_line)}`,
        );
      }
    } else {
      throw new Error(
        `Invalid Option: to_line must be an integer, got ${JSON.stringify(opts.to_line)}`,
      );
    }
  }
  return options;
};

// Discussed in [issue #400](https://github.com/adaltas/node-csv/issues/400)
// See https://github.com/python/cpython/blob/ea1b1c579f600cc85d145c60862b2e6b98701b24/Lib/csv.py#L349
const delimiter_discover = function (records, options) {
  // Normalize the configuration
  if (!options) {
    ({ delimiter_auto: options } = normalize_options({ delimiter_auto: true }));
  }
  // Convert String to Buffer
  if (typeof records === "string") {
    records = Buffer.from(records);
  }
  // Convert Buffer to an array of records
  if (Buffer.isBuffer(records)) {
    records = ((data) => {
      const records = [];
      const parser = transform({ delimiter: [] });
      const push = (record) => records.push(record);
      const close = () => {};
      const error = parser.parse(data, true, push, close);
      if (error !== undefined) throw error;
      return records;
    })(records);
  }
  // Info array initialization, 127 entries, one per char code
  const info = Array(127)
    .fill()
    .map(() => ({ lines: [] }));
  // Traverse each records, count occurences per char code
  records.map(([record], line) => {
    for (let i = 0, l = record.length; i < l; i++) {
      // Count the character frequency
      const code = record.charCodeAt(i);
      if (info[code].lines[line] === undefined) info[code].lines[line] = 0;
      info[code].lines[line]++;
    }
  });
  // Traverse each char code, compute the score
  info.map((info, i) => {
    info.char_code = i;
    info.std = std(info.lines);
    info.total = info.lines.reduce((acc, val) => acc + val, 0);
    info.preferred = !!options.preferred[i];
    info.score = options.score(info, options);
  });
  // Extract the dominant character
  const result = info.reduce(
    (acc, info) => (acc.score > info.score ? acc : info),
    {},
  );
  return String.fromCharCode(result.char_code);
};

const std = function (array) {
  const n = array.length;
  if (n === 0) return 0;
  const mean = array.reduce((a, b) => a + b) / n;
  return Math.sqrt(
    array.map((x) => Math.pow(x - mean, 2)).reduce((a, b) => a + b) / n,
  );
};

const isRecordEmpty = function (record) {
  return record.every(
    (field) =>
      field == null || (field.toString && field.toString().trim() === ""),
  );
};

const cr = 13; // `\r`, carriage return, 0x0D in hexadécimal, 13 in decimal
const nl = 10; // `\n`, newline, 0x0A in hexadecimal, 10 in decimal

const boms = {
  // Note, the following are equals:
  // Buffer.from("\ufeff")
  // Buffer.from([239, 187, 191])
  // Buffer.from('EFBBBF', 'hex')
  utf8: Buffer.from([239, 187, 191]),
  // Note, the following are equals:
  // Buffer.from "\ufeff", 'utf16le
  // Buffer.from([255, 254])
  utf16le: Buffer.from([255, 254]),
};

const transform = function (original_options = {}) {
  const info = {
    bytes: 0,
    bytes_records: 0,
    comment_lines: 0,
    empty_lines: 0,
    invalid_field_length: 0,
    lines: 1,
    records: 0,
  };
  const options = normalize_options(original_options);
  return {
    info: info,
    original_options: original_options,
    options: options,
    state: init_state(options),
    __needMoreData: function (i, bufLen, end) {
      if (end) return false;
      const { encoding, escape, quote } = this.options;
      const { quoting, needMoreDataSize, recordDelimiterMaxLength } =
        this.state;
      const numOfCharLeft = bufLen - i - 1;
      const requiredLength = Math.max(
        needMoreDataSize,
        // Skip if the remaining buffer smaller than record delimiter
        // If "record_delimiter" is yet to be discovered:
        // 1. It is equals to `[]` and "recordDelimiterMaxLength" equals `0`
        // 2. We set the length to windows line ending in the current encoding
        // Note, that encoding is known from user or bom discovery at that point
        // recordDelimiterMaxLength,
        recordDelimiterMaxLength === 0
          ? Buffer.from("\r\n", encoding).length
          : recordDelimiterMaxLength,
        // Skip if remaining buffer can be an escaped quote
        quoting ? (escape === null ? 0 : escape.length) + quote.length : 0,
        // Skip if remaining buffer can be record delimiter following the closing quote
        quoting ? quote.length + recordDelimiterMaxLength : 0,
      );
      return numOfCharLeft < requiredLength;
    },
    // Central parser implementation
    parse: function (nextBuf, end, push, close) {
      const {
        bom,
        comment_no_infix,
        delimiter_auto,
        encoding,
        from_line,
        ltrim,
        max_record_size,
        raw,
        relax_quotes,
        rtrim,
        skip_empty_lines,
        to,
        to_line,
      } = this.options;
      let { comment, escape, quote, record_delimiter } = this.options;
      const {
        bomSkipped,
        delimiterDiscovered,
        delimiterBufPrevious,
        rawBuffer,
        escapeIsQuote,
      } = this.state;
      // Automatic delimiter discovery
      if (!delimiterDiscovered && delimiter_auto) {
        let delimiterBuf;
        if (delimiterBufPrevious === undefined) {
          delimiterBuf = nextBuf;
        } else if (
          delimiterBufPrevious !== undefined &&
          nextBuf === undefined
        ) {
          delimiterBuf = delimiterBufPrevious;
        } else {
          delimiterBuf = Buffer.concat([delimiterBufPrevious, nextBuf]);
        }
        // Ensure that nextBuf is not concatenated a second time during buffer reconciliation
        nextBuf = undefined;
        // this.delimiterBufPrevious = delimiterBuf;
        if (end || delimiterBuf.length > delimiter_auto.size) {
          this.options.delimiter = [
            Buffer.from(
              delimiter_discover(delimiterBuf, this.options.delimiter_auto),
            ),
          ];
          this.state.previousBuf = delimiterBuf;
          this.state.delimiterBufPrevious = undefined;
          this.state.delimiterDiscovered = true;
        } else {
          this.state.delimiterBufPrevious = delimiterBuf;
          return;
        }
      }
      // Previous buffers reconciliation
      const { previousBuf } = this.state;
      let buf;
      if (previousBuf === undefined) {
        if (nextBuf === undefined) {
          // Handle empty string
          close();
          return;
        } else {
          buf = nextBuf;
        }
      } else if (previousBuf !== undefined && nextBuf === undefined) {
        buf = previousBuf;
      } else {
        buf = Buffer.concat([previousBuf, nextBuf]);
      }
      // Handle UTF BOM
      if (bomSkipped === false) {
        if (bom === false) {
          this.state.bomSkipped = true;
        } else if (buf.length < 3) {
          // No enough data
          if (end === false) {
            // Wait for more data
            this.state.previousBuf = buf;
            return;
          }
        } else {
          for (const encoding in boms) {
            if (boms[encoding].compare(buf, 0, boms[encoding].length) === 0) {
              // Skip BOM
              const bomLength = boms[encoding].length;
              this.state.bufBytesStart += bomLength;
              buf = buf.slice(bomLength);
              // Renormalize original options with the new encoding
              const options = normalize_options({
                ...this.original_options,
                encoding: encoding,
              });
              // Properties are merged with the existing options instance
              for (const key in options) {
                this.options[key] = options[key];
              }
              // Options will re-evaluate the Buffer with the new encoding
              ({ comment, escape, quote } = this.options);
              break;
            }
          }
          this.state.bomSkipped = true;
        }
      }
      const bufLen = buf.length;
      let pos;
      for (pos = 0; pos < bufLen; pos++) {
        // Ensure we get enough space to look ahead
        // There should be a way to move this out of the loop
        if (this.__needMoreData(pos, bufLen, end)) {
          break;
        }
        if (this.state.wasRowDelimiter === true) {
          this.info.lines++;
          this.state.wasRowDelimiter = false;
        }
        if (to_line !== -1 && this.info.lines > to_line) {
          this.state.stop = true;
          close();
          return;
        }
        // Auto discovery of record_delimiter, unix, mac and windows supported
        if (this.state.quoting === false && record_delimiter.length === 0) {
          const record_delimiterCount = this.__autoDiscoverRecordDelimiter(
            buf,
            pos,
          );
          if (record_delimiterCount) {
            record_delimiter = this.options.record_delimiter;
          }
        }
        const chr = buf[pos];
        if (raw === true) {
          rawBuffer.append(chr);
        }
        if (
          (chr === cr || chr === nl) &&
          this.state.wasRowDelimiter === false
        ) {
          this.state.wasRowDelimiter = true;
        }
        // Previous char was a valid escape char
        // treat the current char as a regular char
        if (this.state.escaping === true) {
          this.state.escaping = false;
        } else {
          // Escape is only active inside quoted fields
          // We are quoting, the char is an escape chr and there is a chr to escape
          // if(escape !== null && this.state.quoting === true && chr === escape && pos + 1 < bufLen){
          if (
            escape !== null &&
            this.state.quoting === true &&
            this.__isEscape(buf, pos, chr) &&
            pos + escape.length < bufLen
          ) {
            if (escapeIsQuote) {
              if (this.__isQuote(buf, pos + escape.length)) {
                this.state.escaping = true;
                pos += escape.length - 1;
                continue;
              }
            } else {
              this.state.escaping = true;
              pos += escape.length - 1;
              continue;
            }
          }
          // Not currently escaping and chr is a quote
          // TODO: need to compare bytes instead of single char
          if (this.state.commenting === false && this.__isQuote(buf, pos)) {
            if (this.state.quoting === true) {
              const nextChr = buf[pos + quote.length];
              const isNextChrTrimable =
                rtrim && this.__isCharTrimable(buf, pos + quote.length);
              const isNextChrComment =
                comment !== null &&
                this.__compareBytes(comment, buf, pos + quote.length, nextChr);
              const isNextChrDelimiter = this.__isDelimiter(
                buf,
                pos + quote.length,
                nextChr,
              );
              const isNextChrRecordDelimiter =
                record_delimiter.length === 0
                  ? this.__autoDiscoverRecordDelimiter(buf, pos + quote.length)
                  : this.__isRecordDelimiter(nextChr, buf, pos + quote.length);
              // Escape a quote
              // Treat next char as a regular character
              if (
                escape !== null &&
                this.__isEscape(buf, pos, chr) &&
                this.__isQuote(buf, pos + escape.length)
              ) {
                pos += escape.length - 1;
              } else if (
                !nextChr ||
                isNextChrDelimiter ||
                isNextChrRecordDelimiter ||
                isNextChrComment ||
                isNextChrTrimable
              ) {
                this.state.quoting = false;
                this.state.wasQuoting = true;
                pos += quote.length - 1;
                continue;
              } else if (relax_quotes === false) {
                const err = this.__error(
                  new CsvError(
                    "CSV_INVALID_CLOSING_QUOTE",
                    [
                      "Invalid Closing Quote:",
                      `got "${String.fromCharCode(nextChr)}"`,
                      `at line ${this.info.lines}`,
                      "instead of delimiter, record delimiter, trimable character",
                      "(if activated) or comment",
                    ],
                    this.options,
                    this.__infoField(),
                  ),
                );
                if (err !== undefined) return err;
              } else {
                this.state.quoting = false;
                this.state.wasQuoting = true;
                this.state.field.prepend(quote);
                pos += quote.length - 1;
              }
            } else {
              if (this.state.field.length !== 0) {
                // In relax_quotes mode, treat opening quote preceded by chrs as regular
                if (relax_quotes === false) {
                  const info = this.__infoField();
                  const bom = Object.keys(boms)
                    .map((b) =>
                      boms[b].equals(this.state.field.toString()) ? b : false,
                    )
                    .filter(Boolean)[0];
                  const err = this.__error(
                    new CsvError(
                      "INVALID_OPENING_QUOTE",
                      [
                        "Invalid Opening Quote:",
                        `a quote is found on field ${JSON.stringify(info.column)} at line ${info.lines}, value is ${JSON.stringify(this.state.field.toString(encoding))}`,
                        bom ? `(${bom} bom)` : undefined,
                      ],
                      this.options,
                      info,
                      {
                        field: this.state.field,
                      },
                    ),
                  );
                  if (err !== undefined) return err;
                }
              } else {
                this.state.quoting = true;
                pos += quote.length - 1;
                continue;
              }
            }
          }
          if (this.state.quoting === false) {
            const recordDelimiterLength = this.__isRecordDelimiter(
              chr,
              buf,
              pos,
            );
            if (recordDelimiterLength !== 0) {
              // Do not emit comments which take a full line
              const skipCommentLine =
                this.state.commenting &&
                this.state.wasQuoting === false &&
                this.state.record.length === 0 &&
                this.state.field.length === 0;
              if (skipCommentLine) {
                this.info.comment_lines++;
                // Skip full comment line
              } else {
                // Activate records emission if above from_line
                if (
                  this.state.enabled === false &&
                  this.info.lines +
                    (this.state.wasRowDelimiter === true ? 1 : 0) >=
                    from_line
                ) {
                  this.state.enabled = true;
                  this.__resetField();
                  this.__resetRecord();
                  pos += recordDelimiterLength - 1;
                  continue;
                }
                // Skip if line is empty and skip_empty_lines activated
                if (
                  skip_empty_lines === true &&
                  this.state.wasQuoting === false &&
                  this.state.record.length === 0 &&
                  this.state.field.length === 0
                ) {
                  this.info.empty_lines++;
                  pos += recordDelimiterLength - 1;
                  continue;
                }
                this.info.bytes = this.state.bufBytesStart + pos;
                const errField = this.__onField();
                if (errField !== undefined) return errField;
                this.info.bytes =
                  this.state.bufBytesStart + pos + recordDelimiterLength;
                const errRecord = this.__onRecord(push);
                if (errRecord !== undefined) return errRecord;
                if (to !== -1 && this.info.records >= to) {
                  this.state.stop = true;
                  close();
                  return;
                }
              }
              this.state.commenting = false;
              pos += recordDelimiterLength - 1;
              continue;
            }
            if (this.state.commenting) {
              continue;
            }
            if (
              comment !== null &&
              (comment_no_infix === false ||
                (this.state.record.length === 0 &&
                  this.state.field.length === 0))
            ) {
              const commentCount = this.__compareBytes(comment, buf, pos, chr);
              if (commentCount !== 0) {
                this.state.commenting = true;
                continue;
              }
            }
            const delimiterLength = this.__isDelimiter(buf, pos, chr);
            if (delimiterLength !== 0) {
              this.info.bytes = this.state.bufBytesStart + pos;
              const errField = this.__onField();
              if (errField !== undefined) return errField;
              pos += delimiterLength - 1;
              continue;
            }
          }
        }
        if (this.state.commenting === false) {
          if (
            max_record_size !== 0 &&
            this.state.record_length + this.state.field.length > max_record_size
          ) {
            return this.__error(
              new CsvError(
                "CSV_MAX_RECORD_SIZE",
                [
                  "Max Record Size:",
                  "record exceed the maximum number of tolerated bytes",
                  `of ${max_record_size}`,
                  `at line ${this.info.lines}`,
                ],
                this.options,
                this.__infoField(),
              ),
            );
          }
        }
        const lappend =
          ltrim === false ||
          this.state.quoting === true ||
          this.state.field.length !== 0 ||
          !this.__isCharTrimable(buf, pos);
        // rtrim in non quoting is handle in __onField
        const rappend = rtrim === false || this.state.wasQuoting === false;
        if (lappend === true && rappend === true) {
          this.state.field.append(chr);
        } else if (rtrim === true && !this.__isCharTrimable(buf, pos)) {
          return this.__error(
            new CsvError(
              "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE",
              [
                "Invalid Closing Quote:",
                "found non trimable byte after quote",
                `at line ${this.info.lines}`,
              ],
              this.options,
              this.__infoField(),
            ),
          );
        } else {
          if (lappend === false) {
            pos += this.__isCharTrimable(buf, pos) - 1;
          }
          continue;
        }
      }
      if (end === true) {
        // Ensure we are not ending in a quoting state
        if (this.state.quoting === true) {
          const err = this.__error(
            new CsvError(
              "CSV_QUOTE_NOT_CLOSED",
              [
                "Quote Not Closed:",
                `the parsing is finished with an opening quote at line ${this.info.lines}`,
              ],
              this.options,
              this.__infoField(),
            ),
          );
          if (err !== undefined) return err;
        } else {
          // Skip last line if it has no characters
          if (
            this.state.wasQuoting === true ||
            this.state.record.length !== 0 ||
            this.state.field.length !== 0
          ) {
            this.info.bytes = this.state.bufBytesStart + pos;
            const errField = this.__onField();
            if (errField !== undefined) return errField;
            const errRecord = this.__onRecord(push);
            if (errRecord !== undefined) return errRecord;
          } else if (this.state.wasRowDelimiter === true) {
            this.info.empty_lines++;
          } else if (this.state.commenting === true) {
            this.info.comment_lines++;
          }
        }
      } else {
        this.state.bufBytesStart += pos;
        this.state.previousBuf = buf.slice(pos);
      }
      if (this.state.wasRowDelimiter === true) {
        this.info.lines++;
        this.state.wasRowDelimiter = false;
      }
    },
    __onRecord: function (push) {
      const {
        columns,
        group_columns_by_name,
        encoding,
        info,
        from,
        relax_column_count,
        relax_column_count_less,
        relax_column_count_more,
        raw,
        skip_records_with_empty_values,
      } = this.options;
      const { enabled, record } = this.state;
      if (enabled === false) {
        return this.__resetRecord();
      }
      // Convert the first line into column names
      const recordLength = record.length;
      if (columns === true) {
        if (skip_records_with_empty_values === true && isRecordEmpty(record)) {
          this.__resetRecord();
          return;
        }
        return this.__firstLineToColumns(record);
      }
      if (columns === false && this.info.records === 0) {
        this.state.expectedRecordLength = recordLength;
      }
      if (recordLength !== this.state.expectedRecordLength) {
        const err =
          columns === false
            ? new CsvError(
                "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH",
                [
                  "Invalid Record Length:",
                  `expect ${this.state.expectedRecordLength},`,
                  `got ${recordLength} on line ${this.info.lines}`,
                ],
                this.options,
                this.__infoField(),
                {
                  record: record,
                },
              )
            : new CsvError(
                "CSV_RECORD_INCONSISTENT_COLUMNS",
                [
                  "Invalid Record Length:",
                  `columns length is ${columns.length},`, // rename columns
                  `got ${recordLength} on line ${this.info.lines}`,
                ],
                this.options,
                this.__infoField(),
                {
                  record: record,
                },
              );
        if (
          relax_column_count === true ||
          (relax_column_count_less === true &&
            recordLength < this.state.expectedRecordLength) ||
          (relax_column_count_more === true &&
            recordLength > this.state.expectedRecordLength)
        ) {
          this.info.invalid_field_length++;
          this.state.error = err;
          // Error is undefined with skip_records_with_error
        } else {
          const finalErr = this.__error(err);
          if (finalErr) return finalErr;
        }
      }
      if (skip_records_with_empty_values === true && isRecordEmpty(record)) {
        this.__resetRecord();
        return;
      }
      if (this.state.recordHasError === true) {
        this.__resetRecord();
        this.state.recordHasError = false;
        return;
      }
      this.info.records++;
      if (from === 1 || this.info.records >= from) {
        const { objname } = this.options;
        // With columns, records are object
        if (columns !== false) {
          const obj = {};
          // Transform record array to an object
          for (let i = 0, l = record.length; i < l; i++) {
            if (columns[i] === undefined || columns[i].disabled) continue;
            // Turn duplicate columns into an array
            if (
              group_columns_by_name === true &&
              Object.hasOwn(obj, columns[i].name)
            ) {
              if (Array.isArray(obj[columns[i].name])) {
                obj[columns[i].name] = obj[columns[i].name].concat(record[i]);
              } else {
                obj[columns[i].name] = [obj[columns[i].name], record[i]];
              }
            } else {
              Object.defineProperty(obj, columns[i].name, {
                value: record[i],
                enumerable: true,
                writable: true,
                configurable: true,
              });
            }
          }
          // Without objname (default)
          if (raw === true || info === true) {
            const extRecord = Object.assign(
              { record: obj },
              raw === true
                ? { raw: this.state.rawBuffer.toString(encoding) }
                : {},
              info === true ? { info: this.__infoRecord() } : {},
            );
            const err = this.__push(
              objname === undefined ? extRecord : [obj[objname], extRecord],
              push,
            );
            if (err) {
              return err;
            }
          } else {
            const err = this.__push(
              objname === undefined ? obj : [obj[objname], obj],
              push,
            );
            if (err) {
              return err;
            }
          }
          // Without columns, records are array
        } else {
          if (raw === true || info === true) {
            const extRecord = Object.assign(
              { record: record },
              raw === true
                ? { raw: this.state.rawBuffer.toString(encoding) }
                : {},
              info === true ? { info: this.__infoRecord() } : {},
            );
            const err = this.__push(
              objname === undefined ? extRecord : [record[objname], extRecord],
              push,
            );
            if (err) {
              return err;
            }
          } else {
            const err = this.__push(
              objname === undefined ? record : [record[objname], record],
              push,
            );
            if (err) {
              return err;
            }
          }
        }
      }
      this.__resetRecord();
    },
    __firstLineToColumns: function (record) {
      const { firstLineToHeaders } = this.state;
      try {
        const headers =
          firstLineToHeaders === undefined
            ? record
            : firstLineToHeaders.call(null, record);
        if (!Array.isArray(headers)) {
          return this.__error(
            new CsvError(
              "CSV_INVALID_COLUMN_MAPPING",
              [
                "Invalid Column Mapping:",
                "expect an array from column function,",
                `got ${JSON.stringify(headers)}`,
              ],
              this.options,
              this.__infoField(),
              {
                headers: headers,
              },
            ),
          );
        }
        const normalizedHeaders = normalize_columns_array(headers);
        this.state.expectedRecordLength = normalizedHeaders.length;
        this.options.columns = normalizedHeaders;
        this.__resetRecord();
        return;
      } catch (err) {
        return err;
      }
    },
    __resetRecord: function () {
      if (this.options.raw === true) {
        this.state.rawBuffer.reset();
      }
      this.state.error = undefined;
      this.state.record = [];
      this.state.record_length = 0;
    },
    __onField: function () {
      const { cast, encoding, rtrim, max_record_size } = this.options;
      const { enabled, wasQuoting } = this.state;
      // Short circuit for the from_line options
      if (enabled === false) {
        return this.__resetField();
      }
      let field = this.state.field.toString(encoding);
      if (rtrim === true && wasQuoting === false) {
        field = field.trimRight();
      }
      if (cast === true) {
        const [err, f] = this.__cast(field);
        if (err !== undefined) return err;
        field = f;
      }
      this.state.record.push(field);
      // Increment record length if record size must not exceed a limit
      if (max_record_size !== 0 && typeof field === "string") {
        this.state.record_length += field.length;
      }
      this.__resetField();
    },
    __resetField: function () {
      this.state.field.reset();
      this.state.wasQuoting = false;
    },
    __push: function (record, push) {
      const { on_record } = this.options;
      if (on_record !== undefined) {
        const info = this.__infoRecord();
        try {
          record = on_record.call(null, record, info);
        } catch (err) {
          return err;
        }
        if (record === undefined || record === null) {
          return;
        }
      }
      this.info.bytes_records += this.info.bytes;
      push(record);
    },
    // Return a tuple with the error and the casted value
    __cast: function (field) {
      const { columns, relax_column_count } = this.options;
      const isColumns = Array.isArray(columns);
      // Dont loose time calling cast
      // because the final record is an object
      // and this field can't be associated to a key present in columns
      if (
        isColumns === true &&
        relax_column_count &&
        this.options.columns.length <= this.state.record.length
      ) {
        return [undefined, undefined];
      }
      if (this.state.castField !== null) {
        try {
          const info = this.__infoField();
          return [undefined, this.state.castField.call(null, field, info)];
        } catch (err) {
          return [err];
        }
      }
      if (this.__isFloat(field)) {
        return [undefined, parseFloat(field)];
      } else if (this.options.cast_date !== false) {
        const info = this.__infoField();
        return [undefined, this.options.cast_date.call(null, field, info)];
      }
      return [undefined, field];
    },
    __compareBytes: function (sourceBuf, targetBuf, targetPos, firstByte) {
      if (sourceBuf[0] !== firstByte) return 0;
      const sourceLength = sourceBuf.length;
      for (let i = 1; i < sourceLength; i++) {
        if (sourceBuf[i] !== targetBuf[targetPos + i]) return 0;
      }
      return sourceLength;
    },
    // Helper to test if a character is trimable
    __isCharTrimable: function (buf, pos) {
      const { timchars, timcharFirstBytes } = this.state;
      // Fast bail-out: non-whitespace bytes (the common case) are rejected
      // without scanning the full timchar list.
      const first = buf[pos];
      if (first === undefined || timcharFirstBytes[first] === 0) return 0;
      loop1: for (let i = 0; i < timchars.length; i++) {
        const timchar = timchars[i];
        for (let j = 0; j < timchar.length; j++) {
          if (timchar[j] !== buf[pos + j]) continue loop1;
        }
        return timchar.length;
      }
      return 0;
    },
    __isDelimiter: function (buf, pos, chr) {
      const { delimiter, ignore_last_delimiters } = this.options;
      if (
        ignore_last_delimiters === true &&
        this.state.record.length === this.options.columns.length - 1
      ) {
        return 0;
      } else if (
        ignore_last_delimiters !== false &&
        typeof ignore_last_delimiters === "number" &&
        this.state.record.length === ignore_last_delimiters - 1
      ) {
        return 0;
      }
      loop1: for (let i = 0; i < delimiter.length; i++) {
        const del = delimiter[i];
        if (del[0] === chr) {
          for (let j = 1; j < del.length; j++) {
            if (del[j] !== buf[pos + j]) continue loop1;
          }
          return del.length;
        }
      }
      return 0;
    },
    __isEscape: function (buf, pos, chr) {
      const { escape } = this.options;
      if (escape === null) return false;
      const l = escape.length;
      if (escape[0] === chr) {
        for (let i = 0; i < l; i++) {
          if (escape[i] !== buf[pos + i]) {
            return false;
          }
        }
        return true;
      }
      return false;
    },
    __isFloat: function (value) {
      return value - parseFloat(value) + 1 >= 0; // Borrowed from jquery
    },
    // Keep it in case we implement the `cast_int` option
    // __isInt(value){
    //   // return Number.isInteger(parseInt(value))
    //   // return !isNaN( parseInt( obj ) );
    //   return /^(\-|\+)?[1-9][0-9]*$/.test(value)
    // }
    __isQuote: function (buf, pos) {
      const { quote } = this.options;
      if (quote === null) return false;
      const l = quote.length;
      for (let i = 0; i < l; i++) {
        if (quote[i] !== buf[pos + i]) {
          return false;
        }
      }
      return true;
    },
    __isRecordDelimiter: function (chr, buf, pos) {
      const { record_delimiter } = this.options;
      const recordDelimiterLength = record_delimiter.length;
      loop1: for (let i = 0; i < recordDelimiterLength; i++) {
        const rd = record_delimiter[i];
        const rdLength = rd.length;
        if (rd[0] !== chr) {
          continue;
        }
        for (let j = 1; j < rdLength; j++) {
          if (rd[j] !== buf[pos + j]) {
            continue loop1;
          }
        }
        return rd.length;
      }
      return 0;
    },
    __autoDiscoverRecordDelimiter: function (buf, pos) {
      const { encoding } = this.options;
      // Note, we don't need to cache this information in state,
      // It is only called on the first line until we find out a suitable
      // record delimiter.
      const rds = [
        // Important, the windows line ending must be before mac os 9
        Buffer.from("\r\n", encoding),
        Buffer.from("\n", encoding),
        Buffer.from("\r", encoding),
      ];
      loop: for (let i = 0; i < rds.length; i++) {
        const l = rds[i].length;
        for (let j = 0; j < l; j++) {
          if (rds[i][j] !== buf[pos + j]) {
            continue loop;
          }
        }
        this.options.record_delimiter.push(rds[i]);
        this.state.recordDelimiterMaxLength = rds[i].length;
        return rds[i].length;
      }
      return 0;
    },
    __error: function (msg) {
      const { encoding, raw, skip_records_with_error } = this.options;
      const err = typeof msg === "string" ? new Error(msg) : msg;
      if (skip_records_with_error) {
        this.state.recordHasError = true;
        if (this.options.on_skip !== undefined) {
          try {
            this.options.on_skip(
              err,
              raw ? this.state.rawBuffer.toString(encoding) : undefined,
            );
          } catch (err) {
            return err;
          }
        }
        // this.emit('skip', err, raw ? this.state.rawBuffer.toString(encoding) : undefined);
        return undefined;
      } else {
        return err;
      }
    },
    __infoDataSet: function () {
      return {
        ...this.info,
        columns: this.options.columns,
      };
    },
    __infoRecord: function () {
      const { columns, raw, encoding } = this.options;
      return {
        ...this.__infoDataSet(),
        bytes_records: this.info.bytes,
        error: this.state.error,
        header: columns === true,
        index: this.state.record.length,
        raw: raw ? this.state.rawBuffer.toString(encoding) : undefined,
      };
    },
    __infoField: function () {
      const { columns } = this.options;
      const isColumns = Array.isArray(columns);
      // Bytes records are only incremented when all records'fields are parsed
      const bytes_records = this.info.bytes_records;
      return {
        ...this.__infoRecord(),
        bytes_records: bytes_records,
        column:
          isColumns === true
            ? columns.length > this.state.record.length
              ? columns[this.state.record.length].name
              : null
            : this.state.record.length,
        quoting: this.state.wasQuoting,
      };
    },
  };
};

/*
CSV Parse

Please look at the [project documentation](https://csv.js.org/parse/) for
additional information.
*/


class Parser extends Transform {
  constructor(opts = {}) {
    super({ ...{ readableObjectMode: true }, ...opts, encoding: null });
    this.api = transform({
      on_skip: (err, chunk) => {
        this.emit("skip", err, chunk);
      },
      ...opts,
    });
    // Backward compatibility
    this.state = this.api.state;
    this.options = this.api.options;
    this.info = this.api.info;
  }
  // Implementation of `Transform._transform`
  _transform(buf, _, callback) {
    if (this.state.stop === true) {
      return;
    }
    const err = this.api.parse(
      buf,
      false,
      (record) => {
        this.push(record);
      },
      () => {
        this.push(null);
        this.end();
        // Fix #333 and break #410
        //   ko: api.stream.iterator.coffee
        //   ko with v21.4.0, ok with node v20.5.1: api.stream.finished # aborted (with generate())
        //   ko: api.stream.finished # aborted (with Readable)
        // this.destroy()
        // Fix #410 and partially break #333
        //   ok: api.stream.iterator.coffee
        //   ok: api.stream.finished # aborted (with generate())
        //   broken: api.stream.finished # aborted (with Readable)
        this.on("end", this.destroy);
      },
    );
    if (err !== undefined) {
      this.state.stop = true;
    }
    callback(err);
  }
  // Implementation of `Transform._flush`
  _flush(callback) {
    if (this.state.stop === true) {
      return;
    }
    const err = this.api.parse(
      undefined,
      true,
      (record) => {
        this.push(record);
      },
      () => {
        this.push(null);
        this.on("end", this.destroy);
      },
    );
    callback(err);
  }
}

const parse = function () {
  let data, options, callback;
  for (const i in arguments) {
    const argument = arguments[i];
    const type = typeof argument;
    if (
      data === undefined &&
      (typeof argument === "string" || Buffer.isBuffer(argument))
    ) {
      data = argument;
    } else if (options === undefined && is_object(argument)) {
      options = argument;
    } else if (callback === undefined && type === "function") {
      callback = argument;
    } else {
      throw new CsvError(
        "CSV_INVALID_ARGUMENT",
        ["Invalid argument:", `got ${JSON.stringify(argument)} at index ${i}`],
        options || {},
      );
    }
  }
  const parser = new Parser(options);
  if (callback) {
    const records =
      options === undefined || options.objname === undefined
        ? []
        : Object.create(null);
    parser.on("readable", function () {
      let record;
      while ((record = this.read()) !== null) {
        if (options === undefined || options.objname === undefined) {
          records.push(record);
        } else {
          Object.assign(records, {
            [record[0]]: record[1],
            // writable: true,
            // enumerable: true,
            // configurable: true
          });
        }
      }
    });
    parser.on("error", function (err) {
      callback(err, undefined, parser.api.__infoDataSet());
    });
    parser.on("end", function () {
      callback(undefined, records, parser.api.__infoDataSet());
    });
  }
  if (data !== undefined) {
    const writer = function () {
      parser.write(data);
      parser.end();
    };
    // Support Deno, Rollup doesn't provide a shim for setImmediate
    if (typeof setImmediate === "function") {
      setImmediate(writer);
    } else {
      setTimeout(writer, 0);
    }
  }
  return parser;
};

var index = /*#__PURE__*/Object.freeze({
	__proto__: null,
	CsvError: CsvError,
	Parser: Parser,
	normalize_options: normalize_options,
	parse: parse
});

/**
 * A temporary folder that lives until the process exits: files a later stage of the same run reads (a
 * rank's rows split out of a shared file, nvidia-smi's table saved for the environment). One exit
 * listener removes them all, however many there are (one listener each would pass Node's limit of ten
 * and print a warning).
 */
const dirs = new Set();
function removeAll() {
    for (const dir of dirs)
        rmSync(dir, { recursive: true, force: true });
    dirs.clear();
}
function tempDirUntilExit(prefix) {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    if (dirs.size === 0)
        process.once('exit', removeAll);
    dirs.add(dir);
    return dir;
}

/**
 * One file holding several ranks' rows, told apart by a `rank` (or `global_rank`) column of a CSV or key
 * of a JSON-lines log: split into one file per rank before any reader orders the rows by step, since one
 * rank's step 1 logged after another's step 2 is not a restart. Each rank's file keeps the original's line
 * numbers (the other ranks' lines become blank lines, which every reader skips), so a message about a row
 * names the line it is on in the original.
 *
 * A file of one rank costs one read up to the end and writes nothing; a file of several is read until its
 * second rank shows, then once more to write the ranks' files, in a temporary folder removed when the
 * process exits. A row whose rank cannot be read is left out, and counted. The blank lines cost each
 * rank's file a byte per line of the original; a column of more than MAX_RANKS values is not ranks (a
 * ranking, an id), and the file is read as it is.
 */
/** A column or key naming the rank a row is from. */
const RANK_FIELD = /^(global_)?rank$/i;
/** JSON files are read whole, as the JSON reader does. */
const MAX_JSON_BYTES = 256 << 20;
const HEAD_BYTES = 64 << 10;
/** More ranks than any one file of a job holds (a node's logger writes its 8; a job's, its few hundred). */
const MAX_RANKS = 1024;
/** A rank cell: a whole number (`3`, or `3.0` as a float column writes it). */
function rankCell(cell) {
    if (typeof cell === 'number')
        return Number.isSafeInteger(cell) && cell >= 0 ? String(cell) : null;
    if (typeof cell !== 'string')
        return null;
    const m = /^\s*(\d{1,9})(?:\.0*)?\s*$/.exec(cell);
    return m ? String(Number(m[1])) : null;
}
/** The file's rows split by rank, or null when it has no rank column or only one rank in it. */
async function splitRanks(path) {
    const source = await rankSource(path);
    if (!source || !(await hasTwoRanks(source)))
        return null;
    return write(path, source);
}
class TooManyRanks extends Error {
}
/**
 * The rank a file's first row names in its rank column or key; null when it has none (or is no table). A
 * JSON-lines log's first line is in its head, so the file is not read whole for it.
 */
async function firstRank(path) {
    const head = await readHead(path, HEAD_BYTES).catch(() => null);
    if (head && sniffKind(path, head) === 'json') {
        const first = firstLineOf(head.toString('utf8').replace(/^\uFEFF/, ''));
        return first === null ? null : rankOf$1(objectOf(first));
    }
    const source = await rankSource(path);
    if (source)
        for await (const row of source.rows())
            if (row.rank !== null)
                return row.rank;
    return null;
}
/** A JSON-lines object's rank, from its rank key; null without one. */
function rankOf$1(obj) {
    const key = obj && Object.keys(obj).find((k) => RANK_FIELD.test(k));
    return key ? rankCell(obj[key]) : null;
}
/**
 * The file as rows with their ranks, when it is a CSV or JSON-lines table whose first line names a rank;
 * null otherwise, or when it cannot be read (opening it as a table names the problem). Every run's file
 * comes through here, so a file without a rank costs one read of its first bytes, no more.
 */
async function rankSource(path) {
    try {
        const head = await readHead(path, HEAD_BYTES);
        const kind = sniffKind(path, head);
        const first = firstLineOf(head.toString('utf8').replace(/^\uFEFF/, ''));
        if (kind === 'csv')
            return first !== null && names(first).some((n) => RANK_FIELD.test(n)) ? await csvSource(path) : null;
        if (kind === 'json') {
            const obj = first === null ? null : objectOf(first);
            return obj && Object.keys(obj).some((k) => RANK_FIELD.test(k)) ? await jsonLinesSource(path) : null;
        }
    }
    catch {
        // opening it as a table names the problem
    }
    return null;
}
/** The first non-blank line of a file's head; null when the head ends inside it. */
function firstLineOf(head) {
    // Line by line, not one regular expression: a long line without a break would make one backtrack.
    for (let start = 0;;) {
        const end = head.indexOf('\n', start);
        if (end < 0)
            return null;
        const line = head.slice(start, end).replace(/\r$/, '');
        if (line.trim() !== '')
            return line;
        start = end + 1;
    }
}
/** A header line's names, whatever the delimiter (the CSV sniffer decides it later), quotes taken off. */
function names(line) {
    return line.split(/[,\t;|]/).map((n) => n
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim());
}
async function hasTwoRanks(source) {
    let first = null;
    for await (const row of source.rows()) {
        if (row.rank === null)
            continue;
        first ??= row.rank;
        if (row.rank !== first)
            return true;
    }
    return false;
}
async function write(path, source) {
    const dir = tempDirUntilExit('tmg-ranks-');
    const ext = extname(path) || '.csv';
    const files = new Map();
    let pendingChars = 0;
    const flush = () => {
        for (const f of files.values())
            if (f.pending.length)
                writeSync(f.fd, f.pending.splice(0).join(''));
        pendingChars = 0;
    };
    let unread = 0;
    let firstUnread = 0;
    try {
        for await (const row of source.rows()) {
            if (row.rank === null) {
                if (unread++ === 0)
                    firstUnread = row.firstLine + (/^[\r\n]*/.exec(row.text)[0].match(/\n/g)?.length ?? 0);
                continue;
            }
            let f = files.get(row.rank);
            if (!f) {
                if (files.size === MAX_RANKS)
                    throw new TooManyRanks();
                const file = join(dir, `${basename(path, ext)}.rank-${row.rank}${ext}`);
                f = { fd: openSync(file, 'w'), file, lines: source.headLines, pending: [source.head] };
                files.set(row.rank, f);
            }
            // The other ranks' lines become blank lines, so this one stays at its line.
            const blanks = row.firstLine - 1 - f.lines;
            const chunk = blanks > 0 ? '\n'.repeat(blanks) + row.text : row.text;
            f.pending.push(chunk);
            f.lines = row.firstLine - 1 + newlines(row.text);
            pendingChars += chunk.length;
            if (pendingChars >= 1 << 20)
                flush();
        }
        flush();
    }
    catch (e) {
        if (!(e instanceof TooManyRanks))
            throw e;
        return null;
    }
    finally {
        for (const f of files.values())
            closeSync(f.fd);
    }
    const warnings = unread
        ? [
            `${unread} row${unread === 1 ? '' : 's'} of a file of several ranks had no readable rank (a whole number); left out (first at line ${firstUnread})`,
        ]
        : [];
    const ranks = [...files.entries()]
        .sort((a, b) => Number(a[0]) - Number(b[0]))
        .map(([rank, f]) => ({ rank, file: f.file }));
    return { ranks, warnings };
}
/** A CSV whose header names a rank column: its rows through csv-parse, with the dialect the reader uses. */
async function csvSource(path) {
    const window = new FileWindow(path);
    let sniffed;
    let headEnd;
    try {
        sniffed = await sniffCsv(window);
        headEnd = window.fileOffset - window.filled + sniffed.dataStart;
    }
    finally {
        await window.close();
    }
    const column = sniffed.names.findIndex((n) => RANK_FIELD.test(n.trim()));
    if (column < 0)
        return null;
    const head = (await readHead(path, headEnd)).toString('utf8');
    const headLines = sniffed.headerLine;
    return {
        head: head.endsWith('\n') ? head : `${head}\n`,
        headLines,
        rows: async function* () {
            const fh = await openFile(path);
            try {
                yield* csvRows(fh, headEnd, headLines, sniffed.delimiter, column);
            }
            catch (e) {
                throw csvErrorToInput(path, e, headLines);
            }
            finally {
                await fh.close();
            }
        },
    };
}
/**
 * The rows of a CSV after its header, each with its bytes as written: csv-parse says where each record
 * ends (`info.bytes`; its line count is off after a CRLF inside quotes), and the bytes are taken from a
 * second, sequential read of the file.
 */
async function* csvRows(fh, headEnd, headLines, delimiter, column) {
    const parser = fh
        .createReadStream({ start: headEnd, autoClose: false })
        .pipe(parse({ ...csvParseOptions(delimiter), max_record_size: MAX_LINE, info: true }));
    const bytes = new SequentialBytes(fh, headEnd);
    let line = headLines + 1;
    for await (const r of parser) {
        const text = await bytes.upTo(headEnd + r.info.bytes);
        yield { rank: rankCell(r.record[column]), text, firstLine: line };
        line += newlines(text);
    }
}
/** A file's bytes in order, read a MiB at a time. */
class SequentialBytes {
    fh;
    buf = Buffer.alloc(0);
    /** File offset of buf[0]. */
    start;
    pos;
    constructor(fh, from) {
        this.fh = fh;
        this.start = from;
        this.pos = from;
    }
    /** The text from where the last call ended up to file offset `end`. */
    async upTo(end) {
        const parts = [];
        while (this.pos < end) {
            const at = this.pos - this.start;
            if (at >= this.buf.length) {
                const chunk = Buffer.allocUnsafe(Math.max(1 << 20, end - this.pos));
                const { bytesRead } = await this.fh.read(chunk, 0, chunk.length, this.pos);
                if (bytesRead === 0)
                    break;
                this.buf = chunk.subarray(0, bytesRead);
                this.start = this.pos;
                continue;
            }
            const take = Math.min(this.buf.length - at, end - this.pos);
            parts.push(this.buf.subarray(at, at + take));
            this.pos += take;
        }
        return Buffer.concat(parts).toString('utf8');
    }
}
function newlines(text) {
    let n = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1))
        n++;
    return n;
}
/** A JSON-lines log whose first object has a rank key: its lines, each parsed for its rank. */
async function jsonLinesSource(path) {
    const text = (await readTextFile(path, MAX_JSON_BYTES)).replace(/^\uFEFF/, '');
    const lines = text.split('\n');
    const firstLine = lines.findIndex((l) => l.trim() !== '');
    const first = firstLine < 0 ? null : objectOf(lines[firstLine]);
    if (!first || !Object.keys(first).some((k) => RANK_FIELD.test(k)))
        return null;
    return {
        head: '',
        headLines: 0,
        rows: async function* () {
            for (let i = 0; i < lines.length; i++) {
                const line = lines[i].replace(/\r$/, '');
                if (line.trim() === '')
                    continue;
                yield {
                    rank: rankOf$1(objectOf(line)),
                    text: i < lines.length - 1 ? `${lines[i]}\n` : lines[i],
                    firstLine: i + 1,
                };
            }
        },
    };
}
function objectOf(line) {
    try {
        const v = JSON.parse(line);
        return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : null;
    }
    catch {
        return null;
    }
}

/**
 * The batch manifest `experiment_metadata.jsonl`: one JSON object per line, one line per run.
 * Schema and examples: docs/manifest.md.
 */
const NAME_KEYS = ['name', 'run_name', 'experiment'];
/** A line that is one rank of a job: lines of one run name with different ranks are that job's files. */
const RANK_KEYS = ['rank', 'global_rank'];
const PATH_KEYS = [
    'csv',
    'metrics',
    'metrics_file',
    'metrics_csv',
    'file',
    'path',
    'dir',
    'output_dir',
    'log_dir',
    'run_dir',
];
const DURATION_KEYS = [
    'duration_seconds',
    'duration_s',
    'duration',
    'wall_time_sec',
    'wall_time_s',
    'elapsed_seconds',
    'runtime_seconds',
    'train_runtime',
];
const START_KEYS = ['start_time', 'started_at', 'start', 'start_timestamp', 'begin_time', 'start_ts'];
const END_KEYS = ['end_time', 'ended_at', 'finished_at', 'end', 'end_timestamp', 'stop_time', 'end_ts'];
/** Per-run values that are never tags: a run's times are unique to it. */
const NOT_CONFIG = [...DURATION_KEYS, ...START_KEYS, ...END_KEYS];
/** Canonical fingerprint key ← the names runs use for it. */
const FINGERPRINT_KEYS = {
    gpu: ['gpu', 'gpu_type', 'gpu_model', 'gpu_name', 'accelerator'],
    world_size: ['world_size', 'num_gpus', 'n_gpus', 'ngpus', 'gpus', 'total_gpus'],
    nodes: ['nodes', 'num_nodes', 'n_nodes', 'nnodes'],
    gpus_per_node: ['gpus_per_node', 'nproc_per_node'],
};
/** The file a run directory holds its metrics in. */
const DEFAULT_METRICS_FILE = 'metrics_rank_0.csv';
/** One run's line; far above any real one (a ledger's config dump is a few KiB). */
const MAX_LINE_CHARS = 1 << 20;
function isObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function scalarString(v) {
    if (typeof v === 'string')
        return v;
    if (typeof v === 'number' && Number.isFinite(v))
        return String(v);
    if (typeof v === 'boolean')
        return String(v);
    return undefined;
}
/** Scalars of `obj`, nested objects as dotted keys; arrays and nulls are left out. */
function flatten(obj, skip, prefix = '', out = plainRecord()) {
    for (const [key, value] of Object.entries(obj)) {
        if (!prefix && skip.has(key))
            continue;
        const s = scalarString(value);
        if (s !== undefined)
            out[prefix + key] = s;
        else if (isObject(value))
            flatten(value, skip, `${prefix}${key}.`, out);
    }
    return out;
}
function firstOf(obj, keys) {
    for (const key of keys)
        if (obj[key] !== undefined && obj[key] !== null)
            return { key, value: obj[key] };
    return undefined;
}
/** Whether `target` (a real path) lies inside `root` (a real path). */
function inside(root, target) {
    const rel = relative(root, target);
    // `..` or `../…` climbs out; a name that merely starts with two dots (`..data`) does not.
    return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
function refusal(allowed, written) {
    return allowed.roots.length
        ? `metrics path "${written}" is outside the manifest's folder and every manifest-root (${allowed.roots.join(', ')}); refused`
        : `metrics path "${written}" is outside the manifest's folder; refused`;
}
/**
 * The metrics file a manifest path names: the file itself, or within a directory `metrics_rank_0.csv` or
 * its only CSV. The check is made on the real path (`..` and every symlink resolved), and that real path is
 * what is returned and registered with its identity, so what is opened is what was checked.
 */
async function resolveMetricsFile(allowed, line, written) {
    const { manifest } = allowed;
    const candidate = resolve(allowed.folder, written);
    let real;
    try {
        real = await realpath(candidate);
    }
    catch {
        throw new InputError(manifest, line, `metrics path "${written}" not found`);
    }
    if (!inside(allowed.folder, real) && !allowed.roots.some((root) => inside(root, real)))
        throw new InputError(manifest, line, refusal(allowed, written));
    // lstat, not stat: a symlink here means the path was swapped after realpath resolved it.
    const stats = await lstat(real);
    if (stats.isSymbolicLink())
        throw new InputError(manifest, line, `metrics path "${written}" changed while it was checked; refused`);
    if (!stats.isDirectory()) {
        checkedFiles.add(real, stats);
        return real;
    }
    const entries = await readdir(real);
    const inDir = (name) => `${written.replace(/[\\/]+$/, '')}/${name}`;
    if (entries.includes(DEFAULT_METRICS_FILE))
        return resolveMetricsFile(allowed, line, inDir(DEFAULT_METRICS_FILE));
    const csvs = entries.filter((e) => extname(e).toLowerCase() === '.csv').sort();
    if (csvs.length === 1)
        return resolveMetricsFile(allowed, line, inDir(csvs[0]));
    if (!csvs.length)
        throw new InputError(manifest, line, `directory "${written}" has no ${DEFAULT_METRICS_FILE} and no other CSV`);
    throw new InputError(manifest, line, `directory "${written}" has no ${DEFAULT_METRICS_FILE} and ${csvs.length} CSVs (${csvs.slice(0, 4).join(', ')}${csvs.length > 4 ? ', …' : ''}); name the file`);
}
const RANK_FILE = /^metrics_rank_(\d+)\.csv$/;
/**
 * A run directory's ranks' files, when it holds `metrics_rank_N.csv` of two ranks or more (a multi-rank
 * job is one run, src/ranks/): each checked as the run's file is; null otherwise.
 */
async function rankFilesOf(allowed, line, written, file) {
    if (basename(file) !== DEFAULT_METRICS_FILE || !(await stat(resolve(allowed.folder, written))).isDirectory())
        return null;
    const ranks = (await readdir(dirname(file)))
        .filter((name) => RANK_FILE.test(name))
        .sort((a, b) => Number(RANK_FILE.exec(a)[1]) - Number(RANK_FILE.exec(b)[1]));
    if (ranks.length < 2)
        return null;
    const inDir = (name) => `${written.replace(/[\\/]+$/, '')}/${name}`;
    const out = [];
    for (const name of ranks)
        out.push({ rank: Number(RANK_FILE.exec(name)[1]), file: await resolveMetricsFile(allowed, line, inDir(name)) });
    return out;
}
/** The line's rank (a whole number ≥ 0, or its digits as a string, as a rank cell is read), undefined when it names none. */
function rankOfLine(manifest, line, obj) {
    const found = firstOf(obj, RANK_KEYS);
    if (!found)
        return undefined;
    const rank = rankCell(found.value);
    if (rank === null)
        throw new InputError(manifest, line, `"${found.key}" is not a rank (a whole number from 0): ${JSON.stringify(found.value)}`);
    return Number(rank);
}
/**
 * The real paths of the roots the user named (each may be a path list, `:`-separated, `;` on Windows); a
 * root that does not exist is an error for the whole manifest.
 */
async function realRoots(roots) {
    const out = [];
    for (const root of roots
        .flatMap((r) => r.split(delimiter))
        .map((r) => r.trim())
        .filter(Boolean)) {
        try {
            out.push(await realpath(root));
        }
        catch {
            throw new InputError('manifest-root', null, `"${root}" not found`);
        }
    }
    return out;
}
function durationOf(manifest, line, obj, config) {
    const found = firstOf(obj, DURATION_KEYS) ?? (config ? firstOf(config, DURATION_KEYS) : undefined);
    if (!found)
        return undefined;
    const n = typeof found.value === 'number'
        ? found.value
        : typeof found.value === 'string'
            ? Number(found.value.trim() || NaN)
            : NaN;
    if (!Number.isFinite(n) || n < 0)
        throw new InputError(manifest, line, `"${found.key}" is not a duration in seconds: ${JSON.stringify(found.value)}`);
    return n;
}
function fingerprintOf(sources) {
    const out = {};
    for (const [canonical, names] of Object.entries(FINGERPRINT_KEYS)) {
        for (const source of sources) {
            const found = firstOf(source, names);
            const s = found && scalarString(found.value);
            if (s !== undefined) {
                out[canonical] = s;
                break;
            }
        }
    }
    return out;
}
async function readLine(allowed, line, obj) {
    const manifest = allowed.manifest;
    const pathEntry = PATH_KEYS.map((key) => ({ key, value: obj[key] })).find((e) => typeof e.value === 'string' && e.value.trim() !== '');
    if (!pathEntry)
        throw new InputError(manifest, line, `run has no metrics path (one of: ${PATH_KEYS.join(', ')})`);
    const written = pathEntry.value.trim();
    const rank = rankOfLine(manifest, line, obj);
    const file = await resolveMetricsFile(allowed, line, written);
    const rankFiles = rank === undefined ? await rankFilesOf(allowed, line, written, file) : null;
    const nameEntry = firstOf(obj, NAME_KEYS);
    const name = (nameEntry && scalarString(nameEntry.value)?.trim()) ||
        `${basename(dirname(file))}/${basename(file, extname(file))}`;
    const configObject = isObject(obj.config) ? obj.config : undefined;
    // A rank differs between the lines of one job: it is not a tag of the job.
    const skip = new Set([...NAME_KEYS, pathEntry.key, ...NOT_CONFIG, ...RANK_KEYS, 'fingerprint', 'hardware']);
    const config = configObject ? flatten(configObject, new Set([...NOT_CONFIG, ...RANK_KEYS])) : flatten(obj, skip);
    const hardware = [obj.fingerprint, obj.hardware].filter(isObject);
    const run = {
        line,
        name,
        file,
        config,
        fingerprint: fingerprintOf([...hardware, obj, ...(configObject ? [configObject] : [])]),
    };
    if (rankFiles)
        run.rankFiles = rankFiles;
    const duration = durationOf(manifest, line, obj, configObject);
    if (duration !== undefined)
        run.durationSeconds = duration;
    const timeRange = timeRangeOf(manifest, line, [obj, ...(configObject ? [configObject] : [])], duration);
    if (timeRange)
        run.timeRange = timeRange;
    return { run, rank };
}
/** A time written in a manifest: ISO 8601 (with `Z` or an offset), nvidia-smi's form, or a Unix epoch number. */
function timeOf(manifest, line, found) {
    const text = typeof found.value === 'number' || typeof found.value === 'string' ? String(found.value) : '';
    const t = parseSampleTime(text);
    if (Number.isNaN(t))
        throw new InputError(manifest, line, `"${found.key}" is not a time: ${JSON.stringify(found.value)}`);
    return t;
}
/** The run's start and end: both given, or one of them and the duration. */
function timeRangeOf(manifest, line, sources, duration) {
    const pick = (keys) => sources.map((src) => firstOf(src, keys)).find((f) => f !== undefined);
    const startEntry = pick(START_KEYS);
    const endEntry = pick(END_KEYS);
    const start = startEntry ? timeOf(manifest, line, startEntry) : undefined;
    const end = endEntry ? timeOf(manifest, line, endEntry) : undefined;
    const ms = duration === undefined ? undefined : duration * 1000;
    const range = start !== undefined && end !== undefined
        ? { start, end }
        : start !== undefined && ms !== undefined
            ? { start, end: start + ms }
            : end !== undefined && ms !== undefined
                ? { start: end - ms, end }
                : undefined;
    if (range && range.end < range.start)
        throw new InputError(manifest, line, `"${endEntry?.key}" is before "${startEntry?.key}"`);
    return range;
}
/**
 * Read a run manifest. Each line that names a metrics file becomes a run; a line that is broken (bad JSON,
 * a run name without a path, a missing file, a path outside the manifest's folder and the named roots) becomes an InputError in
 * `errors` and the other runs are still returned. Lines that are neither (a ledger's other events) are
 * skipped; when no line at all is a run, that is one error. A missing or unreadable manifest throws.
 */
/** The manifest's text; a missing or unreadable file is an InputError. */
async function readManifestText(path) {
    try {
        return await readRegularText(path);
    }
    catch (e) {
        if (e instanceof InputError)
            throw e;
        const code = e.code;
        throw new InputError(path, null, code === 'ENOENT'
            ? 'manifest not found'
            : code === 'EISDIR'
                ? 'manifest is a directory'
                : `cannot read manifest: ${e.message}`);
    }
}
async function readManifest(path, options = {}) {
    const text = await readManifestText(path);
    const allowed = {
        manifest: path,
        folder: await realpath(dirname(path)),
        roots: await realRoots(options.roots ?? []),
    };
    const runs = [];
    const errors = [];
    const names = new Map();
    // Jobs listed a rank per line: the first line's run, and the line of each rank seen.
    const jobs = new Map();
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    let skipped = 0;
    let skippedKind;
    for (let i = 0; i < lines.length; i++) {
        const lineText = lines[i].trim();
        const line = i + 1;
        if (!lineText)
            continue;
        let obj;
        try {
            obj = parseJsonLimited(lineText, path, { line, maxChars: MAX_LINE_CHARS });
        }
        catch (e) {
            if (e instanceof InputError) {
                errors.push(e);
                continue;
            }
            errors.push(new InputError(path, line, `not valid JSON: ${e.message.split('\n')[0]}`));
            continue;
        }
        if (!isObject(obj)) {
            errors.push(new InputError(path, line, 'expected a JSON object per line'));
            continue;
        }
        const hasPath = PATH_KEYS.some((key) => typeof obj[key] === 'string');
        const hasName = NAME_KEYS.some((key) => scalarString(obj[key]) !== undefined);
        if (!hasPath && !hasName) {
            skipped++;
            skippedKind ??= scalarString(obj.kind) ?? scalarString(obj.type);
            continue;
        }
        try {
            const { run, rank } = await readLine(allowed, line, obj);
            const job = jobs.get(run.name);
            if (rank !== undefined && job) {
                const same = job.ranks.get(rank);
                if (same !== undefined)
                    throw new InputError(path, line, `rank ${rank} of run "${run.name}" already listed on line ${same}`);
                job.ranks.set(rank, line);
                job.run.rankFiles.push({ rank, file: run.file });
                continue;
            }
            const earlier = names.get(run.name);
            if (earlier !== undefined)
                throw new InputError(path, line, `run name "${run.name}" already used on line ${earlier}`);
            names.set(run.name, line);
            if (rank !== undefined) {
                run.rankFiles = [{ rank, file: run.file }];
                jobs.set(run.name, { run, ranks: new Map([[rank, line]]) });
            }
            runs.push(run);
        }
        catch (e) {
            if (!(e instanceof InputError))
                throw e;
            errors.push(e);
        }
    }
    for (const { run } of jobs.values()) {
        const ranks = run.rankFiles.sort((a, b) => a.rank - b.rank);
        // One rank listed is a run of its own; several are one job, opened from its lowest rank's file first.
        if (ranks.length < 2)
            delete run.rankFiles;
        else
            run.file = ranks[0].file;
    }
    if (!runs.length && !errors.length) {
        errors.push(new InputError(path, null, skipped
            ? `no runs: none of the ${skipped} lines names a metrics file (${PATH_KEYS.slice(0, 4).join(', ')}, …)${skippedKind ? `; lines look like "${skippedKind}" events` : ''}`
            : 'no runs: the manifest is empty'));
    }
    return { runs, errors };
}

/**
 * The ranks of one file (split-ranks.ts) as tables that speak of the original: a message about a rank's row
 * names the original file, the line it is on there, and the rank, never the temporary file it was read from.
 */
/** Null when the file has no rank column or one rank only: it is then opened as the run's one table. */
async function openRankTables(path) {
    const split = await splitRanks(path);
    if (!split)
        return null;
    const ranks = [];
    for (const { rank, file } of split.ranks) {
        const relabel = (e) => e instanceof InputError && e.file === file ? new InputError(path, e.line, `rank ${rank}: ${e.detail}`) : e;
        let table;
        try {
            table = await openTable(file);
        }
        catch (e) {
            throw relabel(e);
        }
        const batches = table.batches;
        ranks.push({
            rank,
            table: {
                ...table,
                source: `${path} (rank ${rank})`,
                batches: {
                    async *[Symbol.asyncIterator]() {
                        try {
                            yield* batches;
                        }
                        catch (e) {
                            throw relabel(e);
                        }
                    },
                },
            },
        });
    }
    return { ranks, warnings: split.warnings };
}

/**
 * A folder of a job's ranks' files whose names say nothing of the rank (`worker-host1-4242.csv`) but
 * whose rows do, in a `rank` column or key: two files or more, each naming a different rank in its first
 * row, are that job's files. Anything else (one file, a file without a rank, two files of one rank) is
 * not, and the folder is read as it always was.
 */
/** The folder's files by the rank their rows name, in rank order; null when they are not one job's ranks. */
async function rankColumnFilesIn(dir) {
    let names;
    try {
        names = (await readdir(dir, { withFileTypes: true }))
            .filter((e) => e.isFile() && METRICS_EXT.has(extname(e.name).toLowerCase()))
            .map((e) => e.name)
            .sort();
    }
    catch {
        return null;
    }
    if (names.length < 2)
        return null;
    const out = [];
    const seen = new Set();
    for (const name of names) {
        const file = join(dir, name);
        const rank = await firstRank(file);
        if (rank === null || seen.has(rank))
            return null;
        seen.add(rank);
        out.push({ rank, file });
    }
    return out.sort((a, b) => Number(a.rank) - Number(b.rank));
}

const MIN_POINTS = 8;
/** A utilisation-like metric: a share of a resource in use, which is a ratio once converted. */
function isUtilisation(header, cls) {
    return (cls.unit === 'ratio' || /(^|[._])(gpu_)?(util|utilization|utilisation|mfu|hfu)($|[._])/.test(metricKey(header)));
}
/** Whether a timer or throughput column only ever rose. */
function isCumulative(cls, s) {
    const rate = cls.kind === 'timer' || (cls.kind === 'window' && cls.direction === 'higher');
    if (!rate || s.count < MIN_POINTS)
        return false;
    const pairs = s.count - 1;
    const climbing = s.nonDecreasing + (s.resets ?? 0);
    return climbing >= 0.99 * pairs && s.rising >= 0.5 * pairs && s.last - s.first >= 0.25 * Math.abs(s.last);
}
/** The class the values confirm, the scale to apply and a note saying what changed. */
function classFromValues(header, cls, s) {
    if (isCumulative(cls, s)) {
        return {
            cls: { ...cls, kind: 'gauge', direction: 'none', gate: false },
            scale: 1,
            note: `"${header}" only rises over the run (a counter, not a rate): sent as its last value and not judged`,
        };
    }
    if (!isUtilisation(header, cls))
        return { cls, scale: 1, note: null };
    if (s.count > 0 && (s.aboveHundred ?? 0) > s.count / 2)
        return {
            cls: { ...cls, unit: '' },
            scale: 1,
            note: `"${header}" is named as a utilisation, but most of its values are above 100: not a percentage nor a ratio, kept as logged`,
        };
    const byHeader = cls.unit === 'percent';
    const byValues = s.count > 0 && s.aboveOne > s.count / 2;
    if (!byHeader && !byValues)
        return { cls, scale: 1, note: null };
    return {
        cls: { ...cls, unit: 'ratio' },
        scale: 0.01,
        note: `"${header}" is logged in percent (${byHeader ? 'as its header says' : 'most values are above 1'}): divided by 100 and sent as a ratio`,
    };
}

/**
 * How one step of a multi-rank job gets its value from its ranks' values, by what the metric means
 * (docs/gate.md#multi-rank-jobs):
 *
 * - a step timer is the slowest rank's: every rank waits for it at the next collective;
 * - memory is the largest rank's: the job fits only if its fullest GPU does;
 * - a utilisation or a per-GPU rate (MFU, TFLOP/s) is the mean over ranks: the job's own figure when
 *   every rank has the same peak;
 * - another rate (tokens/s, samples/s) is the job's as logged when the ranks agree (each logs the global
 *   figure), else the sum of the ranks' shares;
 * - a loss or quality metric is the ranks' value when they agree (all-reduced, or logged by rank 0 only), else their mean;
 * - anything else (learning rate, counters) is the lowest rank's that has one.
 */
function rankCombine(name, cls) {
    if (cls.kind === 'timer')
        return 'max';
    if (cls.kind === 'loss' || cls.kind === 'quality')
        return 'same-or-mean';
    if (cls.kind === 'window' && cls.direction === 'lower')
        return 'max';
    if (cls.kind === 'window' && cls.direction === 'higher') {
        const perGpu = isUtilisation(name, cls) || cls.unit === 'tflops' || /per_gpu|_gpu$|per_device/.test(metricKey(name));
        return perGpu ? 'mean' : 'same-or-sum';
    }
    return 'first';
}
/**
 * One step's job value from `values[from..from + n)`, the ranks' values in rank order, NaN where a rank
 * logged none; NaN when no rank did.
 */
function combineRanks(how, values, n, from = 0) {
    let count = 0;
    let sum = 0;
    let max = Number.NEGATIVE_INFINITY;
    let first = Number.NaN;
    let same = true;
    for (let r = from; r < from + n; r++) {
        const v = values[r];
        if (Number.isNaN(v))
            continue;
        if (count === 0)
            first = v;
        else if (v !== first)
            same = false;
        count++;
        sum += v;
        if (v > max)
            max = v;
    }
    if (count === 0)
        return Number.NaN;
    switch (how) {
        case 'max':
            return max;
        case 'mean':
        case 'same-or-mean':
            // Equal values are kept exactly: a mean of three equal doubles can round away from them.
            return same ? first : sum / count;
        case 'same-or-sum':
            return same ? first : sum;
        case 'first':
            return first;
    }
}

/**
 * Which rank wrote a file, and which job it belongs to, from its path alone: the number after `rank` in
 * the file's name (`metrics_rank_3.csv`, `log-rank3.jsonl`), else in its folder's (`rank_3/metrics.csv`,
 * `rank3/events.out.tfevents.…`). The job is the path with that number taken out, so the files of one
 * job share it and two jobs' files never do.
 */
const IN_NAME = /(^|[._-])rank[_-]?(\d+)(?=$|[._-])/i;
const FOLDER = /^rank[_-]?(\d+)$/i;
/** A TensorBoard event file's name differs per file (time, host, pid): its folder is the rank's. */
const EVENTS = /^events\.out\.tfevents\./;
function rankOf(path) {
    const file = basename(path);
    const stem = basename(file, extname(file));
    const named = EVENTS.test(file) ? null : IN_NAME.exec(stem);
    if (named) {
        const star = `${stem.slice(0, named.index)}${named[0].replace(/\d+$/, '*')}${stem.slice(named.index + named[0].length)}`;
        return { rank: String(Number(named[2])), job: join(dirname(path), `${star}${extname(file)}`) };
    }
    const folder = basename(dirname(path));
    const inFolder = FOLDER.exec(folder);
    if (inFolder) {
        const star = folder.replace(/\d+$/, '*');
        return {
            rank: String(Number(inFolder[1])),
            job: join(dirname(dirname(path)), star, EVENTS.test(file) ? '' : file),
        };
    }
    const dir = FOLDER.exec(file);
    if (dir)
        return { rank: String(Number(dir[1])), job: join(dirname(path), file.replace(/\d+$/, '*')) };
    return null;
}

/**
 * The files of one multi-rank job found among the files given: those whose paths name ranks of the same
 * job (rank-of.ts), two ranks or more, become one job at the place of its first file; every other file
 * stays a run of its own. A folder given as a run whose entries are ranks' files or folders is that job.
 */
function groupRanks(files) {
    const byJob = new Map();
    const order = [];
    for (const file of files) {
        const of = rankOf(file);
        const members = of ? byJob.get(of.job) : undefined;
        if (of && members?.some((m) => m.rank === of.rank || m.file === file))
            order.push({ rank: '', file });
        else if (of && members)
            members.push({ rank: of.rank, file });
        else if (of) {
            byJob.set(of.job, [{ rank: of.rank, file }]);
            order.push(of.job);
        }
        else
            order.push({ rank: '', file });
    }
    return order.map((o) => {
        if (typeof o !== 'string')
            return { job: null, files: [o] };
        const members = byJob.get(o);
        if (members.length < 2)
            return { job: null, files: [{ rank: '', file: members[0].file }] };
        return { job: o, files: [...members].sort((a, b) => Number(a.rank) - Number(b.rank)) };
    });
}
/**
 * The ranks' files or folders in `dir` when there are two or more of one job (the job with rank 0, else
 * the first), else null: the folder is then read as it always was.
 */
async function rankEntriesIn(dir) {
    let entries;
    try {
        entries = await readdir(dir, { withFileTypes: true });
    }
    catch {
        return null;
    }
    const candidates = entries
        .filter((e) => (e.isFile() && METRICS_EXT.has(extname(e.name).toLowerCase())) || e.isDirectory())
        .map((e) => join(dir, e.name))
        .sort();
    const jobs = groupRanks(candidates).filter((j) => j.job !== null);
    const job = jobs.find((j) => j.files.some((f) => f.rank === '0')) ?? jobs[0];
    return job ? job.files.map((f) => f.file) : null;
}
/**
 * A job's run name: the folder of `metrics_rank_N.csv` files (as for one rank's file), the folder above
 * `rank_N/` folders, else the file name without its rank (`train-rank3.jsonl` → `train`).
 */
function jobName(job) {
    const file = basename(job);
    if (file.includes('*')) {
        const stem = basename(file, extname(file));
        if (/^metrics[_-]?rank[_-]?\*$/i.test(stem))
            return basename(dirname(job)) || stem;
        const bare = stem.replace(/[._-]?rank[_-]?\*/i, '');
        return bare || basename(dirname(job)) || stem;
    }
    // `job/rank_*/metrics.csv` or `job/rank_*`: the job's folder.
    const parts = job.split(/[\\/]/).filter(Boolean);
    const at = parts.findIndex((p) => p.includes('*'));
    return (at > 0 ? parts[at - 1] : undefined) ?? parts[0] ?? 'job';
}

/**
 * The median of the last `window` values, kept as a ring in arrival order and the same values sorted, so
 * a push costs O(window) and memory is the window whatever the run's length. Shared by the divergence
 * rule and watch mode's collapse rule, so both smooth a series the same way.
 */
class RollingMedian {
    window;
    ring;
    sorted;
    filled = 0;
    at = 0;
    constructor(window) {
        this.window = window;
        this.ring = new Float64Array(window);
        this.sorted = new Float64Array(window);
    }
    /** Put `value` in the window (dropping the oldest) → the window's median, or NaN while it is not full. */
    push(value) {
        const { ring, sorted, window } = this;
        let n = this.filled;
        if (n === window) {
            // Remove the oldest value from the sorted copy by shifting the ones after it down.
            const old = ring[this.at];
            let k = 0;
            while (sorted[k] !== old)
                k++;
            for (; k < n - 1; k++)
                sorted[k] = sorted[k + 1];
            n -= 1;
        }
        let k = n;
        while (k > 0 && sorted[k - 1] > value) {
            sorted[k] = sorted[k - 1];
            k--;
        }
        sorted[k] = value;
        ring[this.at] = value;
        this.at = (this.at + 1) % window;
        this.filled = n + 1;
        return this.filled === window ? sorted[(window - 1) >> 1] : Number.NaN;
    }
}

/**
 * Divergence: a sustained rise of the smoothed loss above its own smoothed running minimum, large against
 * the run's own noise — not one bad batch, not per-batch noise, not a spike that recovers. Over the finite
 * points x_1 … x_t of one loss column after warm-up, in step order:
 *
 *   y_t = ln x_t for a positive loss (its noise scales with its level); for a loss that reaches 0 or
 *         below, y_t = x_t (both readings are kept over the first 1,000 points, so a loss that falls
 *         below 0 early loses nothing on the switch; one that does so later is read as is from there)
 *   noise:   e_t = y_t − (y_{t−1} + y_{t+1})/2           (residual around the local linear trend)
 *            σ   = 1.4826 · median_t |e_t| / √1.5         (robust noise of one point, iid-normal scaled;
 *                                                          relative to the level in log space)
 *   long scale, w = 9:
 *            r_t = median(y_{t−8} … y_t)                  (smoothed loss, once 9 points are in)
 *            m_t = min(r_9 … r_t)                         (its running minimum)
 *            elevated_t ⇔ r_t > m_t + ln(1 + rise) + k_t · 1.2533 σ / √9           (log space)
 *                         r_t > m_t + max(rise · |m_t|, 1.25 · X_t) + k_t · 1.2533 σ / √9
 *                                  (as is; X_t the largest swing: an excursion r − m the loss came back
 *                                  from, or its way down to m from the highest r before it)
 *                                                          (rise = 0.5, k_t = 2 + √(2 ln t): the
 *                                                          minimum of t medians lies about √(2 ln t)
 *                                                          standard errors below their level; 1.2533 σ/√w
 *                                                          is the noise of a median of w points)
 *   short scale, for logs of at most 40 points: m_t the minimum of the medians of 3 points, and the
 *            last point judged alone (w = 1) and with the one before it (their mean, w = 2)
 *
 * A point is elevated only once the loss has fallen: m_t below r at its first window by more than
 * 1.2533 σ/√w (a loss that only ever rose, as an RL value loss does while returns grow, has no best to
 * diverge from).
 *
 * Diverged at the long scale after 10 elevated points in a row, or 5 that last to the end of the run; at
 * the short scale (where 9 points are a quarter of the run or more) when the last point and the mean of
 * the last two are both elevated. The finding names the step where the rise began, in the loss's units.
 *
 * Why each part: a median ignores a single batch far off (real Lightning logs have batches 400 times the
 * loss); the noise is the median residual over the whole run, so single-batch extremes and the quiet
 * stretch where the minimum happened to fall do not set it; the noise term keeps the minimum of many
 * noisy medians, which lies below their usual level by a few times their noise, from counting as the
 * level (in log space, so that a per-batch loss whose spread is as large as its level, whose lower tail
 * is bounded by 0, is weighed fairly); the relative rise keeps a smooth loss that is merely flat from
 * crying wolf. Memory is bounded (per reading, two windows and a fixed histogram) whatever the run's
 * length, and points are fed one at a time, so a file read in batches and a run watched live give the
 * same answer.
 */
/** Points in the long scale's rolling median. Odd, so the median is one of them. */
const DIVERGENCE_WINDOW = 9;
/** Logs of at most this many points are also judged at the short scale. */
const SHORT_LOG = 40;
const RISE = 0.5;
const LOG_RISE = Math.log1p(RISE);
/** As is, a rise must go this share beyond the largest swing the loss has made. */
const BEYOND = 0.25;
/**
 * One smoothing scale: its rolling median, running minimum and the streak of elevated points. `judged`
 * says what is compared with the minimum: the smoothed loss (the long scale), or the last points
 * themselves (the short scale, where a median of 3 would lag a rise over the last 3 points of a 10-point log).
 */
class Scale {
    window;
    sustain;
    mode;
    sigma;
    judged;
    median;
    smoothed = Number.NaN;
    min = Number.POSITIVE_INFINITY;
    /**
     * The largest excursion r − m the loss has made and come back from (as is only).
     */
    excursion = 0;
    /** The peak of the excursion under way: it counts once the loss is back below half of it. */
    peak = 0;
    /** The highest smoothed value so far, and how far the loss came down from it to its minimum. */
    max = Number.NEGATIVE_INFINITY;
    swing = 0;
    streak = 0;
    /** The first smoothed value: a loss that never fell below it does not behave as a training loss. */
    first = Number.NaN;
    start = { step: Number.NaN, value: Number.NaN, min: Number.NaN };
    found = null;
    /** The point before the latest (the short scale judges the mean of the last two as well). */
    previous = Number.NaN;
    /** Whether the last two points' mean is elevated (short scale). */
    pairElevated = false;
    constructor(window, sustain, mode, sigma, judged = 'smoothed') {
        this.window = window;
        this.sustain = sustain;
        this.mode = mode;
        this.sigma = sigma;
        this.judged = judged;
        this.median = new RollingMedian(window);
    }
    /** Add one point (in the mode's units); `noise()` gives k·σ when a rise needs weighing against it. */
    push(step, y, noise) {
        const r = this.median.push(y);
        const before = this.previous;
        this.previous = y;
        if (Number.isNaN(r))
            return;
        this.smoothed = r;
        if (Number.isNaN(this.first))
            this.first = r;
        if (r > this.max)
            this.max = r;
        if (r < this.min) {
            this.min = r;
            this.swing = this.max - r;
        }
        const above = r - this.min;
        if (above > this.peak)
            this.peak = above;
        else if (above <= this.peak / 2) {
            this.excursion = Math.max(this.excursion, this.peak);
            this.peak = above;
        }
        const points = this.judged === 'points';
        const x = points ? y : r;
        // The noise is weighed only past the rise alone (most points are not); a loss that never fell (an RL
        // value loss rising as returns grow from its first point) is not diverging from a best it never had.
        const elevated = x > this.min + this.riseOnly() && x > this.limit(points ? 1 : this.window, noise) && this.fell();
        this.pairElevated = points && elevated && (before + y) / 2 > this.limit(2, noise);
        if (!elevated) {
            this.streak = 0;
            return;
        }
        if (this.streak === 0)
            this.start = { step, value: x, min: this.min };
        this.streak += 1;
        if (this.streak >= this.sustain && !this.found)
            this.found = this.finding();
    }
    /**
     * The rise alone, before the noise is weighed (cheap: most points stop here). As is, near 0 (a GAN's
     * losses, a loss that falls below 0) |m| is no size at all: there the rise must also exceed, by a
     * quarter, the largest swing the loss has made: an excursion above its minimum that it came back from, or
     * its way down to the minimum.
     */
    riseOnly() {
        return this.mode === 'log'
            ? LOG_RISE
            : Math.max(RISE * Math.abs(this.min), (1 + BEYOND) * Math.max(this.excursion, this.swing));
    }
    /**
     * Whether the loss fell before it rose: its running minimum lies below its first smoothed value by more
     * than one standard error of a median of the scale's window (1.2533 σ/√w). An RL loss that grows from
     * its first point (a value loss as returns grow) never had a best to diverge from.
     */
    fell() {
        const drop = this.first - this.min;
        return drop > 0 && drop > (1.2533 * this.sigma()) / Math.sqrt(this.window);
    }
    /** The level above which something that averages `w` points is elevated. */
    limit(w, noise) {
        return this.min + this.riseOnly() + (1.2533 * noise()) / Math.sqrt(w);
    }
    finding() {
        const back = (v) => (this.mode === 'log' ? Math.exp(v) : v);
        return { step: this.start.step, value: back(this.start.value), min: back(this.start.min) };
    }
    /** Elevated for at least `n` points up to now. */
    endsElevated(n) {
        return this.streak >= n ? this.finding() : null;
    }
    /** The smoothed value in the loss's own units. */
    smoothedValue() {
        return this.mode === 'log' ? Math.exp(this.smoothed) : this.smoothed;
    }
}
/**
 * The median of |residual| from a histogram of log₂ values, a quarter octave a bin: within 19 % of the
 * exact median, in fixed memory.
 */
class ResidualScale {
    static LOW = -60;
    static BINS = 4 * 72;
    counts = new Uint32Array(ResidualScale.BINS);
    zeros = 0;
    n = 0;
    cached = Number.NaN;
    cachedAt = -1;
    add(r) {
        this.n += 1;
        if (r === 0) {
            this.zeros += 1;
            return;
        }
        const bin = Math.floor((Math.log2(r) - ResidualScale.LOW) * 4);
        this.counts[Math.min(ResidualScale.BINS - 1, Math.max(0, bin))] += 1;
    }
    /** σ of one point (relative to the level); 0 with no residual yet. */
    sigma() {
        if (this.cachedAt === this.n)
            return this.cached;
        let value = 0;
        const half = this.n / 2;
        if (this.n > 0 && this.zeros < half) {
            let seen = this.zeros;
            for (let b = 0; b < ResidualScale.BINS; b++) {
                seen += this.counts[b];
                if (seen >= half) {
                    value = 2 ** ((b + 0.5) / 4 + ResidualScale.LOW);
                    break;
                }
            }
        }
        this.cached = (1.4826 * value) / Math.sqrt(1.5);
        this.cachedAt = this.n;
        return this.cached;
    }
}
/** The detector's state for one reading of the points: log space, or as is. */
class State {
    mode;
    long;
    short;
    residuals = new ResidualScale();
    prev2 = Number.NaN;
    prev1 = Number.NaN;
    points = 0;
    sigma = () => this.residuals.sigma();
    /**
     * k·σ, k = 2 + √(2 ln n): the lowest of n noisy medians lies about √(2 ln n) of their standard errors
     * below their level, so a run's best is further below its level the longer it runs; 2 more make a rise
     * beyond that the claim.
     */
    allowance = () => this.residuals.sigma() * (2 + Math.sqrt(2 * Math.log(Math.max(2, this.points))));
    constructor(mode) {
        this.mode = mode;
        this.long = new Scale(DIVERGENCE_WINDOW, 10, mode, this.sigma);
        this.short = new Scale(3, Number.POSITIVE_INFINITY, mode, this.sigma, 'points');
    }
    add(step, value) {
        const y = this.mode === 'log' ? Math.log(value) : value;
        const [a, b] = [this.prev2, this.prev1];
        if (!Number.isNaN(a)) {
            this.residuals.add(Math.abs(b - (a + y) / 2));
        }
        this.prev2 = b;
        this.prev1 = y;
        this.points += 1;
        this.long.push(step, y, this.allowance);
        if (this.points <= SHORT_LOG)
            this.short.push(step, y, this.allowance);
    }
}
/**
 * Points a positive loss keeps its as-is reading for: a loss that reaches 0 or below later than this is
 * read as is from there (the cost of a second reading is not paid all run long).
 */
const LINEAR_KEPT = 1000;
class DivergenceDetector {
    /** Both readings from the first point on: log space while every point is positive, and as is. */
    log = new State('log');
    linear = new State('linear');
    get state() {
        return this.log ?? this.linear;
    }
    /** The smoothed loss (the long scale's rolling median; NaN until its window fills): watch mode shows it live. */
    get smoothed() {
        return this.state.long.smoothedValue();
    }
    /** Add the points `values[i]` at `steps[i]` for i in [from, to), in step order; NaN and ±Infinity are skipped. */
    addColumn(steps, values, from, to) {
        for (let i = from; i < to; i++) {
            const value = values[i];
            if (value - value !== 0)
                continue;
            if (value <= 0 && this.log) {
                this.log = null;
                this.linear ??= new State('linear');
            }
            this.log?.add(steps[i], value);
            this.linear?.add(steps[i], value);
            if (this.log && this.linear && this.log.points > LINEAR_KEPT)
                this.linear = null;
        }
    }
    /**
     * The robust noise of one point at `level`, in the loss's own units: σ · |level| where the loss is read
     * in log space (σ is relative there), σ where it is read as is; NaN before three points.
     */
    noiseAt(level) {
        const s = this.state;
        if (s.points < 3)
            return Number.NaN;
        return s.mode === 'log' ? s.sigma() * Math.abs(level) : s.sigma();
    }
    /**
     * The sustained rise only (elevated for 10 points in a row at the long scale): what a live run is
     * stopped for, since "elevated up to the end" is known only once the run has ended.
     */
    sustained() {
        return this.state.long.found;
    }
    result() {
        const s = this.state;
        const short = s.points <= SHORT_LOG && s.short.pairElevated ? s.short.endsElevated(1) : null;
        return s.long.found ?? s.long.endsElevated(5) ?? short;
    }
}

/**
 * A metric's final window: the values it logged in the last FINAL_SHARE of its own step span (its first
 * finite step to its last), and their median — the "final" number a run is judged by, taken over a share
 * of the run's steps rather than a count of points, so a loss logged a few times a run (validation) gets
 * its last values and not the median of the whole run.
 *
 *   window start = first + (1 − FINAL_SHARE) · (last − first)
 *
 * The span is known only at the end, but its start only moves forward, so a value that falls out never
 * comes back: a ring holds the values inside it. A quarter, not a tenth: the gate compares this number
 * across runs, and a median of fewer noisy batches is a noisier number (docs/gate.md). On runs long enough to overflow the ring, every 2^k-th
 * value (by its index among the metric's finite values) is kept, so memory stays bounded and the median is
 * that of an even subsample. Values are taken one at a time, so the result does not depend on batching.
 */
const FINAL_SHARE = 0.25;
/** Values held exactly: a run of up to four times this many logged points has an exact final median. */
const CAPACITY = 4096;
/** CAPACITY is a power of two: ring positions wrap with a mask. */
const MASK = CAPACITY - 1;
class FinalWindow {
    steps = new Float64Array(CAPACITY);
    values = new Float64Array(CAPACITY);
    ordinals = new Float64Array(CAPACITY);
    /** Ring: the oldest value is at `head`, `size` of them. */
    head = 0;
    size = 0;
    stride = 1;
    /** Finite values seen. */
    seen = 0;
    first = Number.NaN;
    /**
     * Add a batch's column in step order; NaN and ±Infinity are not values. The ring's fields live in
     * locals during the loop (a double stored in a field per value is boxed until the code is optimised).
     */
    addColumn(steps, values) {
        const ringSteps = this.steps;
        let { head, size, seen, first } = this;
        for (let i = 0; i < steps.length; i++) {
            const value = values[i];
            if (value - value !== 0)
                continue;
            const step = steps[i];
            if (seen === 0)
                first = step;
            const ordinal = seen++;
            const start = first + (1 - FINAL_SHARE) * (step - first);
            while (size > 0 && ringSteps[head] < start) {
                head = (head + 1) & MASK;
                size -= 1;
            }
            if ((ordinal & (this.stride - 1)) !== 0)
                continue;
            if (size === CAPACITY) {
                this.head = head;
                this.size = size;
                this.thin();
                size = this.size;
                if ((ordinal & (this.stride - 1)) !== 0)
                    continue;
            }
            const at = (head + size) & MASK;
            ringSteps[at] = step;
            this.values[at] = value;
            this.ordinals[at] = ordinal;
            size += 1;
        }
        this.head = head;
        this.size = size;
        this.seen = seen;
        this.first = first;
    }
    /** Double the stride: keep the values whose index is a multiple of it, packed from slot 0. */
    thin() {
        this.stride *= 2;
        let kept = 0;
        for (let k = 0; k < this.size; k++) {
            const from = (this.head + k) & MASK;
            if (this.ordinals[from] % this.stride !== 0)
                continue;
            // kept ≤ k and slots before `from` in ring order are already read, so nothing unread is overwritten.
            const to = (this.head + kept) & MASK;
            this.steps[to] = this.steps[from];
            this.values[to] = this.values[from];
            this.ordinals[to] = this.ordinals[from];
            kept += 1;
        }
        this.size = kept;
    }
    /** The window and its median; null when no finite value was seen. */
    result() {
        if (this.size === 0)
            return null;
        const sorted = new Float64Array(this.size);
        for (let k = 0; k < this.size; k++)
            sorted[k] = this.values[(this.head + k) & MASK];
        sorted.sort();
        const mid = this.size >> 1;
        return {
            from: this.steps[this.head],
            to: this.steps[(this.head + this.size - 1) & MASK],
            count: this.size,
            median: this.size % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2,
        };
    }
}

/** Index of the first of `steps[from…]` (increasing) that is ≥ `limit`; `steps.length` when none is. */
function firstAtOrAbove(steps, from, limit) {
    let lo = from;
    let hi = steps.length;
    while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (steps[mid] < limit)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/**
 * Loss points sampled every `every` steps: the first logged step at or after each multiple, and the
 * metric's last finite point, so every consumer sees where the run ended (a 1,999-step run ends at
 * 1,999, not 1,950; a 29-step run sends step 28 after step 0). When more than `maxPoints` would be kept,
 * the interval doubles and every other grid point goes, so the count stays bounded (the last point
 * included) and runs of equal length keep aligned steps.
 */
class LossSampler {
    every;
    maxPoints;
    points = [];
    lastBucket = Number.NaN;
    /** The last finite point seen: sent after the grid points when it is not one of them. */
    last = null;
    constructor(every, maxPoints) {
        this.every = every;
        this.maxPoints = maxPoints;
    }
    /**
     * Add a batch: `values[i]` logged at `steps[i]` (increasing), NaN or ±Infinity where nothing usable was
     * logged. Only the first finite value of each interval is kept, so the search jumps from one interval to
     * the next instead of visiting every step.
     */
    addColumn(steps, values) {
        for (let k = steps.length - 1; k >= 0; k--) {
            const value = values[k];
            if (value - value === 0) {
                this.last = [steps[k], value];
                break;
            }
        }
        let i = 0;
        while (i < steps.length) {
            const value = values[i];
            if (value - value !== 0) {
                i++;
                continue;
            }
            const step = steps[i];
            const bucket = Math.floor(step / this.every);
            if (bucket !== this.lastBucket) {
                this.lastBucket = bucket;
                this.points.push([step, value]);
                // One place is left for the last point.
                if (this.points.length > Math.max(1, this.maxPoints - 1))
                    this.coarsen();
            }
            i = firstAtOrAbove(steps, i + 1, (this.lastBucket + 1) * this.every);
        }
    }
    coarsen() {
        this.every *= 2;
        let last = Number.NaN;
        this.points = this.points.filter(([step]) => {
            const bucket = Math.floor(step / this.every);
            if (bucket === last)
                return false;
            last = bucket;
            return true;
        });
        this.lastBucket = Math.floor(this.points[this.points.length - 1][0] / this.every);
    }
    /** The grid points, then the last point when it is not the last of them. */
    result() {
        const last = this.last;
        const grid = this.points[this.points.length - 1];
        if (!last || (grid && grid[0] === last[0]))
            return this.points;
        return [...this.points, last];
    }
}

var mapping = {};

var KeyMapping = {};

var _protobufStandIn = { roots: {}, util: {}, Reader: {}, Writer: {} };

var _protobufStandIn$1 = /*#__PURE__*/Object.freeze({
	__proto__: null,
	default: _protobufStandIn
});

var require$$2 = /*@__PURE__*/getAugmentedNamespace(_protobufStandIn$1);

var hasRequiredKeyMapping;

function requireKeyMapping () {
	if (hasRequiredKeyMapping) return KeyMapping;
	hasRequiredKeyMapping = 1;
	/*
	 * Unless explicitly stated otherwise all files in this repository are licensed
	 * under the Apache 2.0 license (see LICENSE).
	 * This product includes software developed at Datadog (https://www.datadoghq.com/).
	 * Copyright 2020 Datadog, Inc.
	 */
	Object.defineProperty(KeyMapping, "__esModule", { value: true });
	KeyMapping.KeyMapping = void 0;
	var index_1 = requireMapping();
	// 1.1125369292536007e-308
	var MIN_SAFE_FLOAT = Math.pow(2, -1023);
	var MAX_SAFE_FLOAT = Number.MAX_VALUE;
	/**
	 * A mapping between values and integer indices that imposes relative accuracy
	 * guarantees. Specifically, for any value `minPossible() < value <
	 * maxPossible` implementations of `KeyMapping` must be such that
	 * `value(key(v))` is close to `v` with a relative error that is less than
	 * `relativeAccuracy`.
	 *
	 * In implementations of KeyMapping, there is generally a trade-off between the
	 * cost of computing the key and the number of keys that are required to cover a
	 * given range of values (memory optimality). The most memory-optimal mapping is
	 * the LogarithmicMapping, but it requires the costly evaluation of the logarithm
	 * when computing the index. Other mappings can approximate the logarithmic
	 * mapping, while being less computationally costly.
	 */
	var KeyMapping$1 = /** @class */ (function () {
	    function KeyMapping(relativeAccuracy, offset) {
	        if (offset === void 0) { offset = 0; }
	        if (relativeAccuracy <= 0 || relativeAccuracy >= 1) {
	            throw Error('Relative accuracy must be between 0 and 1 when initializing a KeyMapping');
	        }
	        this.relativeAccuracy = relativeAccuracy;
	        this._offset = offset;
	        var gammaMantissa = (2 * relativeAccuracy) / (1 - relativeAccuracy);
	        this.gamma = 1 + gammaMantissa;
	        this._multiplier = 1 / Math.log1p(gammaMantissa);
	        this.minPossible = MIN_SAFE_FLOAT * this.gamma;
	        this.maxPossible = MAX_SAFE_FLOAT / this.gamma;
	    }
	    KeyMapping.fromGammaOffset = function (gamma, indexOffset) {
	        var relativeAccuracy = (gamma - 1) / (gamma + 1);
	        return new this(relativeAccuracy, indexOffset);
	    };
	    /** Retrieve the key specifying the bucket for a `value` */
	    KeyMapping.prototype.key = function (value) {
	        return Math.ceil(this._logGamma(value)) + this._offset;
	    };
	    /** Retrieve the value represented by the bucket at `key` */
	    KeyMapping.prototype.value = function (key) {
	        return this._powGamma(key - this._offset) * (2 / (1 + this.gamma));
	    };
	    KeyMapping.prototype.toProto = function () {
	        var ProtoIndexMapping = require$$2.IndexMapping;
	        return ProtoIndexMapping.create({
	            gamma: this.gamma,
	            indexOffset: this._offset,
	            interpolation: this._protoInterpolation()
	        });
	    };
	    KeyMapping.fromProto = function (protoMapping) {
	        if (!protoMapping ||
	            /* Double equals (==) is intentional here to check for
	             * `null` | `undefined` without including `0` */
	            protoMapping.gamma == null ||
	            protoMapping.indexOffset == null) {
	            throw Error('Failed to decode mapping from protobuf');
	        }
	        var Interpolation = require$$2.IndexMapping.Interpolation;
	        var interpolation = protoMapping.interpolation, gamma = protoMapping.gamma, indexOffset = protoMapping.indexOffset;
	        switch (interpolation) {
	            case Interpolation.NONE:
	                return index_1.LogarithmicMapping.fromGammaOffset(gamma, indexOffset);
	            case Interpolation.LINEAR:
	                return index_1.LinearlyInterpolatedMapping.fromGammaOffset(gamma, indexOffset);
	            case Interpolation.CUBIC:
	                return index_1.CubicallyInterpolatedMapping.fromGammaOffset(gamma, indexOffset);
	            default:
	                throw Error('Unrecognized mapping when decoding from protobuf');
	        }
	    };
	    /** Return (an approximation of) the logarithm of the value base gamma */
	    KeyMapping.prototype._logGamma = function (value) {
	        return Math.log2(value) * this._multiplier;
	    };
	    /** Return (an approximation of) gamma to the power value */
	    KeyMapping.prototype._powGamma = function (value) {
	        return Math.pow(2, value / this._multiplier);
	    };
	    KeyMapping.prototype._protoInterpolation = function () {
	        var Interpolation = require$$2.IndexMapping.Interpolation;
	        return Interpolation.NONE;
	    };
	    return KeyMapping;
	}());
	KeyMapping.KeyMapping = KeyMapping$1;
	return KeyMapping;
}

var LogarithmicMapping = {};

var hasRequiredLogarithmicMapping;

function requireLogarithmicMapping () {
	if (hasRequiredLogarithmicMapping) return LogarithmicMapping;
	hasRequiredLogarithmicMapping = 1;
	/*
	 * Unless explicitly stated otherwise all files in this repository are licensed
	 * under the Apache 2.0 license (see LICENSE).
	 * This product includes software developed at Datadog (https://www.datadoghq.com/).
	 * Copyright 2020 Datadog, Inc.
	 */
	var __extends = (LogarithmicMapping && LogarithmicMapping.__extends) || (function () {
	    var extendStatics = function (d, b) {
	        extendStatics = Object.setPrototypeOf ||
	            ({ __proto__: [] } instanceof Array && function (d, b) { d.__proto__ = b; }) ||
	            function (d, b) { for (var p in b) if (Object.prototype.hasOwnProperty.call(b, p)) d[p] = b[p]; };
	        return extendStatics(d, b);
	    };
	    return function (d, b) {
	        if (typeof b !== "function" && b !== null)
	            throw new TypeError("Class extends value " + String(b) + " is not a constructor or null");
	        extendStatics(d, b);
	        function __() { this.constructor = d; }
	        d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
	    };
	})();
	Object.defineProperty(LogarithmicMapping, "__esModule", { value: true });
	LogarithmicMapping.LogarithmicMapping = void 0;
	var KeyMapping_1 = requireKeyMapping();
	/**
	 * A memory-optimal KeyMapping, i.e., given a targeted relative accuracy, it
	 * requires the least number of keys to cover a given range of values. This is
	 * done by logarithmically mapping floating-point values to integers.
	 */
	var LogarithmicMapping$1 = /** @class */ (function (_super) {
	    __extends(LogarithmicMapping, _super);
	    function LogarithmicMapping(relativeAccuracy, offset) {
	        if (offset === void 0) { offset = 0; }
	        var _this = _super.call(this, relativeAccuracy, offset) || this;
	        _this._multiplier *= Math.log(2);
	        return _this;
	    }
	    LogarithmicMapping.prototype._logGamma = function (value) {
	        return Math.log2(value) * this._multiplier;
	    };
	    LogarithmicMapping.prototype._powGamma = function (value) {
	        return Math.pow(2, value / this._multiplier);
	    };
	    LogarithmicMapping.prototype._protoInterpolation = function () {
	        var Interpolation = require$$2.IndexMapping.Interpolation;
	        return Interpolation.NONE;
	    };
	    return LogarithmicMapping;
	}(KeyMapping_1.KeyMapping));
	LogarithmicMapping.LogarithmicMapping = LogarithmicMapping$1;
	return LogarithmicMapping;
}

var LinearlyInterpolatedMapping = {};

var math = {};

var hasRequiredMath;

function requireMath () {
	if (hasRequiredMath) return math;
	hasRequiredMath = 1;
	/*
	 * Unless explicitly stated otherwise all files in this repository are licensed
	 * under the Apache 2.0 license (see LICENSE).
	 * This product includes software developed at Datadog (https://www.datadoghq.com/).
	 * Copyright 2020 Datadog, Inc.
	 */
	Object.defineProperty(math, "__esModule", { value: true });
	math.ldexp = math.frexp = void 0;
	/**
	 * Splits a double-precision floating-point number into a normalized fraction
	 * and an integer power of two.
	 */
	function frexp(value) {
	    if (value === 0 || !Number.isFinite(value))
	        return [value, 0];
	    var absValue = Math.abs(value);
	    var exponent = Math.max(-1023, Math.floor(Math.log2(absValue)) + 1);
	    var mantissa = absValue * Math.pow(2, -exponent);
	    while (mantissa < 0.5) {
	        mantissa *= 2;
	        exponent--;
	    }
	    while (mantissa >= 1) {
	        mantissa *= 0.5;
	        exponent++;
	    }
	    if (value < 0) {
	        mantissa = -mantissa;
	    }
	    return [mantissa, exponent];
	}
	math.frexp = frexp;
	/**
	 * Multiplies a double-precision floating-point number by an integer power of
	 * two; i.e., x = frac * 2^exp.
	 */
	function ldexp(mantissa, exponent) {
	    var iterations = Math.min(3, Math.ceil(Math.abs(exponent) / 1023));
	    var result = mantissa;
	    for (var i = 0; i < iterations; i++) {
	        result *= Math.pow(2, Math.floor((exponent + i) / iterations));
	    }
	    return result;
	}
	math.ldexp = ldexp;
	return math;
}

var hasRequiredLinearlyInterpolatedMapping;

function requireLinearlyInterpolatedMapping () {
	if (hasRequiredLinearlyInterpolatedMapping) return LinearlyInterpolatedMapping;
	hasRequiredLinearlyInterpolatedMapping = 1;
	/*
	 * Unless explicitly stated otherwise all files in this repository are licensed
	 * under the Apache 2.0 license (see LICENSE).
	 * This product includes software developed at Datadog (https://www.datadoghq.com/).
	 * Copyright 2020 Datadog, Inc.
	 */
	var __extends = (LinearlyInterpolatedMapping && LinearlyInterpolatedMapping.__extends) || (function () {
	    var extendStatics = function (d, b) {
	        extendStatics = Object.setPrototypeOf ||
	            ({ __proto__: [] } instanceof Array && function (d, b) { d.__proto__ = b; }) ||
	            function (d, b) { for (var p in b) if (Object.prototype.hasOwnProperty.call(b, p)) d[p] = b[p]; };
	        return extendStatics(d, b);
	    };
	    return function (d, b) {
	        if (typeof b !== "function" && b !== null)
	            throw new TypeError("Class extends value " + String(b) + " is not a constructor or null");
	        extendStatics(d, b);
	        function __() { this.constructor = d; }
	        d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
	    };
	})();
	Object.defineProperty(LinearlyInterpolatedMapping, "__esModule", { value: true });
	LinearlyInterpolatedMapping.LinearlyInterpolatedMapping = void 0;
	var KeyMapping_1 = requireKeyMapping();
	var math_1 = requireMath();
	/**
	 * A fast KeyMapping that approximates the memory-optimal one
	 * (LogarithmicMapping) by extracting the floor value of the logarithm to the
	 * base 2 from the binary representations of floating-point values and
	 * linearly interpolating the logarithm in-between.
	 */
	var LinearlyInterpolatedMapping$1 = /** @class */ (function (_super) {
	    __extends(LinearlyInterpolatedMapping, _super);
	    function LinearlyInterpolatedMapping(relativeAccuracy, offset) {
	        if (offset === void 0) { offset = 0; }
	        return _super.call(this, relativeAccuracy, offset) || this;
	    }
	    /**
	     * Approximates log2 by s + f
	     * where v = (s+1) * 2 ** f  for s in [0, 1)
	     *
	     * frexp(v) returns m and e s.t.
	     * v = m * 2 ** e ; (m in [0.5, 1) or 0.0)
	     * so we adjust m and e accordingly
	     */
	    LinearlyInterpolatedMapping.prototype._log2Approx = function (value) {
	        var _a = (0, math_1.frexp)(value), mantissa = _a[0], exponent = _a[1];
	        var significand = 2 * mantissa - 1;
	        return significand + (exponent - 1);
	    };
	    /** Inverse of _log2Approx */
	    LinearlyInterpolatedMapping.prototype._exp2Approx = function (value) {
	        var exponent = Math.floor(value) + 1;
	        var mantissa = (value - exponent + 2) / 2;
	        return (0, math_1.ldexp)(mantissa, exponent);
	    };
	    LinearlyInterpolatedMapping.prototype._logGamma = function (value) {
	        return Math.log2(value) * this._multiplier;
	    };
	    LinearlyInterpolatedMapping.prototype._powGamma = function (value) {
	        return Math.pow(2, value / this._multiplier);
	    };
	    LinearlyInterpolatedMapping.prototype._protoInterpolation = function () {
	        var Interpolation = require$$2.IndexMapping.Interpolation;
	        return Interpolation.LINEAR;
	    };
	    return LinearlyInterpolatedMapping;
	}(KeyMapping_1.KeyMapping));
	LinearlyInterpolatedMapping.LinearlyInterpolatedMapping = LinearlyInterpolatedMapping$1;
	return LinearlyInterpolatedMapping;
}

var CubicallyInterpolatedMapping = {};

var hasRequiredCubicallyInterpolatedMapping;

function requireCubicallyInterpolatedMapping () {
	if (hasRequiredCubicallyInterpolatedMapping) return CubicallyInterpolatedMapping;
	hasRequiredCubicallyInterpolatedMapping = 1;
	/*
	 * Unless explicitly stated otherwise all files in this repository are licensed
	 * under the Apache 2.0 license (see LICENSE).
	 * This product includes software developed at Datadog (https://www.datadoghq.com/).
	 * Copyright 2020 Datadog, Inc.
	 */
	var __extends = (CubicallyInterpolatedMapping && CubicallyInterpolatedMapping.__extends) || (function () {
	    var extendStatics = function (d, b) {
	        extendStatics = Object.setPrototypeOf ||
	            ({ __proto__: [] } instanceof Array && function (d, b) { d.__proto__ = b; }) ||
	            function (d, b) { for (var p in b) if (Object.prototype.hasOwnProperty.call(b, p)) d[p] = b[p]; };
	        return extendStatics(d, b);
	    };
	    return function (d, b) {
	        if (typeof b !== "function" && b !== null)
	            throw new TypeError("Class extends value " + String(b) + " is not a constructor or null");
	        extendStatics(d, b);
	        function __() { this.constructor = d; }
	        d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
	    };
	})();
	Object.defineProperty(CubicallyInterpolatedMapping, "__esModule", { value: true });
	CubicallyInterpolatedMapping.CubicallyInterpolatedMapping = void 0;
	var KeyMapping_1 = requireKeyMapping();
	var math_1 = requireMath();
	/**
	 * A fast KeyMapping that approximates the memory-optimal LogarithmicMapping by
	 * extracting the floor value of the logarithm to the base 2 from the binary
	 * representations of floating-point values and cubically interpolating the
	 * logarithm in-between.
	 *
	 * More detailed documentation of this method can be found in:
	 * <a href="https://github.com/DataDog/sketches-java/">sketches-java</a>
	 */
	var CubicallyInterpolatedMapping$1 = /** @class */ (function (_super) {
	    __extends(CubicallyInterpolatedMapping, _super);
	    function CubicallyInterpolatedMapping(relativeAccuracy, offset) {
	        if (offset === void 0) { offset = 0; }
	        var _this = _super.call(this, relativeAccuracy, offset) || this;
	        _this.A = 6 / 35;
	        _this.B = -3 / 5;
	        _this.C = 10 / 7;
	        _this._multiplier /= _this.C;
	        return _this;
	    }
	    /** Approximates log2 using a cubic polynomial */
	    CubicallyInterpolatedMapping.prototype._cubicLog2Approx = function (value) {
	        var _a = (0, math_1.frexp)(value), mantissa = _a[0], exponent = _a[1];
	        var significand = 2 * mantissa - 1;
	        return (((this.A * significand + this.B) * significand + this.C) *
	            significand +
	            (exponent - 1));
	    };
	    /** Derived from Cardano's formula */
	    CubicallyInterpolatedMapping.prototype._cubicExp2Approx = function (value) {
	        var exponent = Math.floor(value);
	        var delta0 = this.B * this.B - 3 * this.A * this.C;
	        var delta1 = 2 * this.B * this.B * this.B -
	            9 * this.A * this.B * this.C -
	            27 * this.A * this.A * (value - exponent);
	        var cardano = Math.cbrt((delta1 -
	            Math.sqrt(delta1 * delta1 - 4 * delta0 * delta0 * delta0)) /
	            2);
	        var significandPlusOne = -(this.B + cardano + delta0 / cardano) / (3 * this.A) + 1;
	        var mantissa = significandPlusOne / 2;
	        return (0, math_1.ldexp)(mantissa, exponent + 1);
	    };
	    CubicallyInterpolatedMapping.prototype._logGamma = function (value) {
	        return this._cubicLog2Approx(value) * this._multiplier;
	    };
	    CubicallyInterpolatedMapping.prototype._powGamma = function (value) {
	        return this._cubicExp2Approx(value / this._multiplier);
	    };
	    CubicallyInterpolatedMapping.prototype._protoInterpolation = function () {
	        var Interpolation = require$$2.IndexMapping.Interpolation;
	        return Interpolation.CUBIC;
	    };
	    return CubicallyInterpolatedMapping;
	}(KeyMapping_1.KeyMapping));
	CubicallyInterpolatedMapping.CubicallyInterpolatedMapping = CubicallyInterpolatedMapping$1;
	return CubicallyInterpolatedMapping;
}

var hasRequiredMapping;

function requireMapping () {
	if (hasRequiredMapping) return mapping;
	hasRequiredMapping = 1;
	(function (exports) {
		/*
		 * Unless explicitly stated otherwise all files in this repository are licensed
		 * under the Apache 2.0 license (see LICENSE).
		 * This product includes software developed at Datadog (https://www.datadoghq.com/).
		 * Copyright 2020 Datadog, Inc.
		 */
		Object.defineProperty(exports, "__esModule", { value: true });
		exports.CubicallyInterpolatedMapping = exports.LinearlyInterpolatedMapping = exports.LogarithmicMapping = exports.KeyMapping = void 0;
		var KeyMapping_1 = requireKeyMapping();
		Object.defineProperty(exports, "KeyMapping", { enumerable: true, get: function () { return KeyMapping_1.KeyMapping; } });
		var LogarithmicMapping_1 = requireLogarithmicMapping();
		Object.defineProperty(exports, "LogarithmicMapping", { enumerable: true, get: function () { return LogarithmicMapping_1.LogarithmicMapping; } });
		var LinearlyInterpolatedMapping_1 = requireLinearlyInterpolatedMapping();
		Object.defineProperty(exports, "LinearlyInterpolatedMapping", { enumerable: true, get: function () { return LinearlyInterpolatedMapping_1.LinearlyInterpolatedMapping; } });
		var CubicallyInterpolatedMapping_1 = requireCubicallyInterpolatedMapping();
		Object.defineProperty(exports, "CubicallyInterpolatedMapping", { enumerable: true, get: function () { return CubicallyInterpolatedMapping_1.CubicallyInterpolatedMapping; } }); 
	} (mapping));
	return mapping;
}

var mappingExports = requireMapping();

/**
 * A sketch store: counts per key over a contiguous key range, in a Float64Array that doubles (centred on
 * the range) when the range outgrows it, so a store that keeps widening is copied a logarithmic number of
 * times, and adding to a key already in range touches one element.
 */
class DenseCounts {
    bins = new Float64Array(0);
    /** Key of bins[0]. */
    offset = 0;
    minKey = Number.POSITIVE_INFINITY;
    maxKey = Number.NEGATIVE_INFINITY;
    count = 0;
    /** Count one value at `key`. */
    add(key) {
        if (key < this.minKey || key > this.maxKey)
            this.extend(key, key);
        const i = key - this.offset;
        this.bins[i] = this.bins[i] + 1;
        this.count += 1;
    }
    /** Make room for keys in [low, high]: in place when they fit, else twice the range needed, centred. */
    extend(low, high) {
        const min = Math.min(low, this.minKey);
        const max = Math.max(high, this.maxKey);
        if (min < this.offset || max >= this.offset + this.bins.length) {
            const needed = max - min + 1;
            const bins = new Float64Array(Math.max(64, 2 * needed));
            const offset = min - ((bins.length - needed) >> 1);
            if (this.minKey <= this.maxKey)
                bins.set(this.bins.subarray(this.minKey - this.offset, this.maxKey - this.offset + 1), this.minKey - offset);
            this.bins = bins;
            this.offset = offset;
        }
        this.minKey = min;
        this.maxKey = max;
    }
    /** Add every count of `other`. */
    merge(other) {
        if (other.count === 0)
            return;
        this.extend(other.minKey, other.maxKey);
        const shift = other.offset - this.offset;
        const bins = this.bins;
        const from = other.bins;
        for (let i = other.minKey - other.offset; i <= other.maxKey - other.offset; i++)
            bins[i + shift] = bins[i + shift] + from[i];
        this.count += other.count;
    }
    /**
     * The keys holding the values of ranks `ranks` (0-based, ascending): for each, the first key whose running
     * count exceeds the rank (`lower`), or reaches rank + 1 — sketches-js' DenseStore.keyAtRank. One pass over
     * the bins for all of them: a window spanning a few stalls has thousands of bins and is asked for seven.
     */
    keysAtRanks(ranks, lower) {
        const keys = new Array(ranks.length);
        let j = 0;
        let running = 0;
        for (let k = this.minKey; k <= this.maxKey && j < ranks.length; k++) {
            running += this.bins[k - this.offset];
            while (j < ranks.length && (lower ? running > ranks[j] : running >= ranks[j] + 1))
                keys[j++] = k;
        }
        while (j < ranks.length)
            keys[j++] = this.maxKey;
        return keys;
    }
}

/**
 * Quantile sketches: DDSketch keeps every quantile within a relative error α of the true value in
 * bounded memory, and two sketches merge exactly — what step windows need when they coarsen.
 *
 *   key(x) = ⌈log_γ x⌉,  γ = (1 + α) / (1 − α)        (sketches-js' LogarithmicMapping)
 *   value(k) = 2γ^k / (1 + γ)                          (within α of every x with key k)
 *
 * The mapping is sketches-js'; the bin counts are not its DenseStore (dense-counts.ts instead), for three
 * reasons. Its DDSketch.merge drops the other sketch's negative values; its DenseStore.merge misplaces the
 * counts of key 0 (1 and the values just below it) when it has to widen the range below; and it keeps the counts in a
 * JS array that it re-slices and re-spreads each time the key range moves, which makes it the slower of the
 * two on a run's windows in a fresh process, as the CLI runs (`npm run bench:sketch` compares them). The
 * answers are otherwise the same (tests hold every quantile equal to sketches-js').
 *
 * The counting stays in JavaScript, like the rest of the summary, rather than in a compiled module: one ran
 * a run's first values faster, before V8 has optimised this code, at the price of a second language, a
 * build step and memory freed by hand; bench/sketch/RESULTS.md has what that costs.
 */
/** 0.05 % relative error: far below the 1 % run-to-run noise the gate works against. */
const RELATIVE_ACCURACY = 0.0005;
const MAPPING = new mappingExports.LogarithmicMapping(RELATIVE_ACCURACY);
/** Below this a value counts as zero (the mapping's smallest indexable value). */
const MIN_INDEXABLE = MAPPING.minPossible;
/**
 * MAPPING.key(x) = ⌈log2(x) · MULTIPLIER⌉, computed as the mapping computes it (a test holds the two
 * equal). Inline in the loop because a double handed to a call that is not inlined is boxed on the heap.
 */
const MULTIPLIER = (1 / Math.log1p((2 * RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY))) * Math.log(2);
/** The mapping's key of a positive value. */
function keyOf(value) {
    return Math.ceil(Math.log2(value) * MULTIPLIER) + 0; // + 0 turns -0 into 0, as the mapping does
}
class Sketch {
    count = 0;
    min = Number.POSITIVE_INFINITY;
    max = Number.NEGATIVE_INFINITY;
    zero = 0;
    positive = new DenseCounts();
    negative = new DenseCounts();
    /** Add a finite value. */
    accept(value) {
        if (value > MIN_INDEXABLE)
            this.positive.add(keyOf(value));
        else if (value < -MIN_INDEXABLE)
            this.negative.add(keyOf(-value));
        else
            this.zero += 1;
        this.count += 1;
        if (value < this.min)
            this.min = value;
        if (value > this.max)
            this.max = value;
    }
    /** Add the finite values among `values[from, to)`; a batch's run of one window goes in with one call. */
    acceptMany(values, from, to) {
        const positive = this.positive;
        let positives = 0;
        let count = 0;
        let min = this.min;
        let max = this.max;
        for (let i = from; i < to; i++) {
            const value = values[i];
            if (value - value !== 0)
                continue; // NaN or ±Infinity
            if (value > MIN_INDEXABLE) {
                const key = Math.ceil(Math.log2(value) * MULTIPLIER) + 0; // keyOf, inline
                if (key < positive.minKey || key > positive.maxKey)
                    positive.extend(key, key);
                const bins = positive.bins;
                const at = key - positive.offset;
                bins[at] = bins[at] + 1;
                positives += 1;
            }
            else if (value < -MIN_INDEXABLE)
                this.negative.add(keyOf(-value));
            else
                this.zero += 1;
            count += 1;
            if (value < min)
                min = value;
            if (value > max)
                max = value;
        }
        positive.count += positives;
        this.count += count;
        this.min = min;
        this.max = max;
    }
    /** Add everything `other` holds; the result is the sketch of both inputs together. */
    merge(other) {
        this.positive.merge(other.positive);
        this.negative.merge(other.negative);
        this.zero += other.zero;
        this.count += other.count;
        if (other.min < this.min)
            this.min = other.min;
        if (other.max > this.max)
            this.max = other.max;
    }
    /** The value at quantile q ∈ [0, 1] (rank q·(n − 1)), as sketches-js' DDSketch.getValueAtQuantile answers. */
    quantile(q) {
        return this.quantiles([q])[0];
    }
    /** `quantile` of each level, with one pass over each store. */
    quantiles(levels) {
        const out = new Array(levels.length).fill(Number.NaN);
        if (this.count === 0)
            return out;
        const negatives = this.negative.count;
        // Ranks that fall among the negative values (counted from the most negative) and the positive ones.
        const negativeAsks = [];
        const positiveAsks = [];
        levels.forEach((q, at) => {
            if (!(q >= 0 && q <= 1))
                return;
            const rank = q * (this.count - 1);
            if (rank < negatives)
                negativeAsks.push({ rank: negatives - rank - 1, at });
            else if (rank < negatives + this.zero)
                out[at] = 0;
            else
                positiveAsks.push({ rank: rank - this.zero - negatives, at });
        });
        answer(out, negativeAsks, this.negative, false, -1);
        answer(out, positiveAsks, this.positive, true, 1);
        return out;
    }
}
/** Write into `out` the value of each ask's key in `store`, with one pass over its bins. */
function answer(out, asks, store, lower, sign) {
    if (!asks.length)
        return;
    asks.sort((a, b) => a.rank - b.rank);
    const keys = store.keysAtRanks(asks.map((a) => a.rank), lower);
    asks.forEach((a, i) => {
        out[a.at] = sign * MAPPING.value(keys[i]);
    });
}
/**
 * Values at the given quantile levels, clamped into [min, max] (the sketch answers bucket centres); the
 * levels 0 and 1 are the smallest and largest values, exactly.
 */
function quantilesOf(sketch, levels) {
    const inner = sketch.quantiles(levels);
    return levels.map((q, i) => q === 0 ? sketch.min : q === 1 ? sketch.max : Math.min(sketch.max, Math.max(sketch.min, inner[i])));
}

function steadyFromQuantiles(quantile, mean, n, fromStep) {
    return {
        median: quantile(0.5),
        p10: quantile(0.1),
        p90: quantile(0.9),
        mean,
        spread: (quantile(0.75) - quantile(0.25)) / 1.349,
        n,
        fromStep,
    };
}

/** Buckets kept per metric: at most 32 for a whole run (17 to 32), so 5 to 10 for one cut at 30 %. */
const CURVE_BUCKETS = 32;
class StepCurveBuilder {
    maxBuckets;
    every = 1;
    /** Bucket index of slot 0. */
    start = Number.NaN;
    sums;
    counts;
    /** Slots in use. */
    used = 0;
    constructor(maxBuckets = CURVE_BUCKETS) {
        this.maxBuckets = maxBuckets;
        this.sums = new Float64Array(maxBuckets);
        this.counts = new Float64Array(maxBuckets);
    }
    /**
     * Add a batch's column in step order; NaN and ±Infinity are not values. A bucket's values are summed in
     * locals, one bucket at a time: the loop over values calls nothing.
     */
    addColumn(steps, values) {
        const n = steps.length;
        let i = 0;
        while (i < n) {
            const first = values[i];
            if (first - first !== 0) {
                i++;
                continue;
            }
            if (Number.isNaN(this.start))
                this.start = Math.floor(steps[i] / this.every);
            let at = Math.floor(steps[i] / this.every) - this.start;
            while (at >= this.maxBuckets) {
                this.coarsen();
                at = Math.floor(steps[i] / this.every) - this.start;
            }
            const end = (this.start + at + 1) * this.every;
            let sum = 0;
            let count = 0;
            for (; i < n && steps[i] < end; i++) {
                const value = values[i];
                if (value - value !== 0)
                    continue;
                sum += value;
                count += 1;
            }
            this.sums[at] += sum;
            this.counts[at] += count;
            if (at >= this.used)
                this.used = at + 1;
        }
    }
    /** Double the width: slot k goes to ⌊(start + k)/2⌋ − ⌊start/2⌋, which never lies after k. */
    coarsen() {
        const start = Math.floor(this.start / 2);
        let used = 0;
        for (let k = 0; k < this.used; k++) {
            const at = Math.floor((this.start + k) / 2) - start;
            const sum = this.sums[k];
            const count = this.counts[k];
            this.sums[k] = 0;
            this.counts[k] = 0;
            this.sums[at] += sum;
            this.counts[at] += count;
            used = at + 1;
        }
        this.every *= 2;
        this.start = start;
        this.used = used;
    }
    /** The curve, means rounded to 6 significant digits as the history keeps them; null with no value. */
    result() {
        if (Number.isNaN(this.start))
            return null;
        const means = [];
        const counts = [];
        for (let k = 0; k < this.used; k++) {
            const count = this.counts[k];
            means.push(count > 0 ? Number((this.sums[k] / count).toPrecision(6)) : null);
            counts.push(count);
        }
        return { every: this.every, start: this.start, means, counts };
    }
}

/**
 * A step window's values: a quantile sketch, plus the values themselves while there are at most
 * FEW_VALUES of them, so a small window (a sparse timer, a window at the end of a run) sends the values
 * that were logged, not the sketch's estimates of them.
 */
const FEW_VALUES = WINDOW_QUANTILES.length;
class WindowSketch {
    sketch = new Sketch();
    /** The finite values in arrival order while count ≤ FEW_VALUES; null once there are more. */
    few = [];
    get count() {
        return this.sketch.count;
    }
    /** Add the finite values among `values[from, to)`. */
    acceptMany(values, from, to) {
        this.sketch.acceptMany(values, from, to);
        if (this.few === null)
            return;
        if (this.sketch.count > FEW_VALUES) {
            this.few = null;
            return;
        }
        for (let i = from; i < to; i++) {
            const value = values[i];
            if (value - value === 0)
                this.few.push(value);
        }
    }
    merge(other) {
        this.sketch.merge(other.sketch);
        this.few = this.few && other.few && this.sketch.count <= FEW_VALUES ? [...this.few, ...other.few] : null;
    }
    /** The exact values in ascending order, or null when there are more than FEW_VALUES. */
    values() {
        return this.few ? [...this.few].sort((a, b) => a - b) : null;
    }
}

/**
 * Step windows whose number stays bounded however long the run: windows are aligned to multiples
 * of the width, and when there would be more than `maxWindows`, neighbours merge pairwise and the
 * width doubles. Runs of the same length therefore get the same windows (`steps:A-B` tags line up).
 *
 * Each value is accepted once: warm-up values go to a window's separate warm-up sketch, so the steady
 * state is the merge of the windows' main sketches and no second sketch per metric is needed. Timers
 * leave warm-up out of their windows; it is kept all the same, for a run too short to have any other.
 *
 * The run's end: a last window that covers less than half the width (often one step, a checkpoint
 * stall) joins the window just before it, so it is never sent or drawn as the run's throughput; and no
 * window's label runs past the run's last step.
 */
/** The window's warm-up sketch, made on its first warm-up value: most windows have none. */
function warmSketch(slot) {
    slot.warm ??= new WindowSketch();
    return slot.warm;
}
class StepWindows {
    maxWindows;
    width;
    slots = new Map();
    currentIndex = Number.NaN;
    current = null;
    constructor(initialWidth, maxWindows) {
        this.maxWindows = maxWindows;
        this.width = Math.max(1, initialWidth);
    }
    /**
     * Add a batch's column: `values[i]` logged at `steps[i]` (steps increasing). Values at steps below
     * `steadyFrom` are warm-up: they count in their window's warm-up sketch, not in the steady state.
     * Non-finite values are skipped, and a window is only made for a finite value.
     * Whole runs of a window go to its sketch at once, so no value is handed through a call on its own.
     * A batch's steps increase strictly, so a window's end is found by bisection.
     */
    addColumn(steps, values, steadyFrom) {
        const n = steps.length;
        let i = 0;
        while (i < n) {
            const v = values[i];
            if (v - v !== 0) {
                i++; // NaN or ±Infinity
                continue;
            }
            const step = steps[i];
            const warm = step < steadyFrom;
            const slot = this.slotAt(step);
            const windowEnd = (Math.floor(step / this.width) + 1) * this.width;
            const j = firstAtOrAbove(steps, i + 1, warm ? Math.min(windowEnd, steadyFrom) : windowEnd);
            (warm ? warmSketch(slot) : slot.main).acceptMany(values, i, j);
            i = j;
        }
    }
    /** The window holding `step`, made if new (coarsening when there would be too many). */
    slotAt(step) {
        const index = Math.floor(step / this.width);
        if (index === this.currentIndex)
            return this.current;
        let slot = this.slots.get(index);
        if (!slot) {
            slot = { main: new WindowSketch(), warm: null };
            this.slots.set(index, slot);
            if (this.slots.size > this.maxWindows) {
                this.coarsen();
                return this.slotAt(step);
            }
        }
        this.currentIndex = index;
        this.current = slot;
        return slot;
    }
    coarsen() {
        while (this.slots.size > this.maxWindows) {
            this.width *= 2;
            const merged = new Map();
            for (const [index, slot] of this.slots) {
                const into = merged.get(Math.floor(index / 2));
                if (!into) {
                    merged.set(Math.floor(index / 2), slot);
                    continue;
                }
                into.main.merge(slot.main);
                if (slot.warm)
                    warmSketch(into).merge(slot.warm);
            }
            this.slots = merged;
        }
        this.currentIndex = Number.NaN;
        this.current = null;
    }
    /** Everything but the warm-up values (or, with `withWarm`, everything), merged. Null when there is none. */
    steady(withWarm = false) {
        const all = new Sketch();
        for (const slot of this.slots.values()) {
            all.merge(slot.main.sketch);
            if (withWarm && slot.warm)
                all.merge(slot.warm.sketch);
        }
        return all.count > 0 ? all : null;
    }
    /**
     * The windows in step order, warm-up values in them when `withWarm`; `lastStep` is the run's last step
     * (NaN when unknown): the last window ends there, and joins its neighbour before it when it covers less
     * than half the width.
     */
    result(withWarm, lastStep) {
        const parts = [];
        for (const [index, slot] of [...this.slots.entries()].sort((a, b) => a[0] - b[0])) {
            const values = new WindowSketch();
            values.merge(slot.main);
            if (withWarm && slot.warm)
                values.merge(slot.warm);
            if (values.count > 0)
                parts.push({ from: index * this.width, to: (index + 1) * this.width - 1, values });
        }
        const last = parts[parts.length - 1];
        if (last && Number.isFinite(lastStep)) {
            const before = parts[parts.length - 2];
            // Only a neighbour: a sparse metric (an eval every 1,000 steps) has one value a window by design.
            if (before && before.to + 1 === last.from && lastStep - last.from + 1 < this.width / 2) {
                before.values.merge(last.values);
                before.to = last.to;
                parts.pop();
            }
            const end = parts[parts.length - 1];
            end.to = Math.max(end.from, Math.min(end.to, lastStep));
        }
        return parts.map(stepWindow);
    }
}
function stepWindow(part) {
    const { sketch } = part.values;
    const window = {
        from: part.from,
        to: part.to,
        count: sketch.count,
        quantiles: quantilesOf(sketch, WINDOW_QUANTILES),
    };
    const values = part.values.values();
    if (values)
        window.values = values;
    return window;
}

function rescaleSummary(m, k) {
    const window = (w) => ({
        ...w,
        quantiles: w.quantiles.map((q) => q * k),
        ...(w.values ? { values: w.values.map((v) => v * k) } : {}),
    });
    return {
        ...m,
        first: m.first * k,
        last: m.last * k,
        min: m.min * k,
        max: m.max * k,
        steady: m.steady && {
            ...m.steady,
            median: m.steady.median * k,
            p10: m.steady.p10 * k,
            p90: m.steady.p90 * k,
            mean: m.steady.mean * k,
            spread: m.steady.spread * k,
        },
        windows: m.windows.map(window),
        ...(m.curve
            ? {
                curve: {
                    ...m.curve,
                    means: m.curve.means.map((v) => (v === null ? null : Number((v * k).toPrecision(6)))),
                },
            }
            : {}),
    };
}

/**
 * The shape of a column's values that its name cannot tell: whether it only ever rises (a counter such as
 * `throughput/total_training_Gflops`, a cumulative time), and whether it is written in percent (an MFU of
 * 42.1 rather than 0.421). Counts only: O(1) memory, fed column by column in step order.
 */
class ValueShape {
    count = 0;
    first = Number.NaN;
    last = Number.NaN;
    /** Consecutive finite points that did not fall, and that rose. */
    nonDecreasing = 0;
    rising = 0;
    /** Falls to below half the value before (a clock started again by a resume), counted apart from the rest. */
    resets = 0;
    /** Points above 1.5: no ratio gets there, while a percentage almost always does. */
    aboveOne = 0;
    /** Points above 100: no percentage gets there (a "utilization" in TFLOP/s per GPU does). */
    aboveHundred = 0;
    addColumn(values) {
        let { count, last, nonDecreasing, rising, resets, aboveOne, aboveHundred } = this;
        for (let i = 0; i < values.length; i++) {
            const value = values[i];
            if (value - value !== 0)
                continue;
            if (count === 0)
                this.first = value;
            else if (value >= last) {
                nonDecreasing += 1;
                if (value > last)
                    rising += 1;
            }
            else if (last > 0 && value >= 0 && value < last / 2)
                resets += 1;
            if (value > 1.5)
                aboveOne += 1;
            if (value > 100.5)
                aboveHundred += 1;
            count += 1;
            last = value;
        }
        Object.assign(this, { count, last, nonDecreasing, rising, resets, aboveOne, aboveHundred });
    }
}

/**
 * Everything the pipeline needs to know about one metric, built in one pass over its values in step
 * order with memory bounded by the sketches, windows and samples — never by the run's length.
 *
 * Warm-up counts from the metric's own first finite value: a resumed run whose first rows are empty for
 * this metric does not spend its warm-up on them. A metric with no value after its warm-up (a run
 * shorter than `warmup_steps`) keeps its steady state, taken over every value, and says so.
 */
class MetricAccumulator {
    name;
    cls;
    count = 0;
    nan = 0;
    inf = 0;
    firstNonFiniteStep = null;
    first = Number.NaN;
    firstStep = Number.NaN;
    last = Number.NaN;
    lastStep = Number.NaN;
    min = Number.POSITIVE_INFINITY;
    max = Number.NEGATIVE_INFINITY;
    steadySum = 0;
    /** Sum of the warm-up values: the mean of a run with no steady state. */
    warmSum = 0;
    /** First steady step: the metric's first finite step + warm-up; NaN until that value is seen. */
    steadyFrom = Number.NaN;
    warmupSteps;
    steady;
    /** Loss and quality only: their warm-up values, for a run too short to have a steady state. */
    warm;
    windows;
    sampler;
    divergence;
    /** Loss and quality only: the same rule over the warm-up's points, for a run with nothing after its warm-up. */
    divergenceAll;
    final;
    curve;
    /** Rates, timers and utilisations: what their values say about their class (src/classify/from-values.ts). */
    shape;
    /** Lines for the run's warnings (a class the values changed). */
    notes = [];
    constructor(name, cls, config) {
        this.name = name;
        this.cls = cls;
        const kind = cls.kind;
        this.warmupSteps = config.warmupSteps;
        this.windows = kind === 'window' || kind === 'timer' ? new StepWindows(config.lossEvery, config.maxWindows) : null;
        // Window and timer metrics get their steady state from their windows; loss and quality metrics keep
        // their own sketch, sampled points and final window. The divergence detector also measures the
        // per-point noise, which a quality metric needs too; only a loss is ever called diverged.
        const sampled = judgedAtEnd(kind);
        this.steady = sampled ? new Sketch() : null;
        this.warm = sampled ? new Sketch() : null;
        this.sampler = sampled ? new LossSampler(config.lossEvery, config.lossMaxPoints) : null;
        this.divergence = sampled ? new DivergenceDetector() : null;
        this.divergenceAll = sampled ? new DivergenceDetector() : null;
        this.final = sampled ? new FinalWindow() : null;
        this.curve = sampled || kind === 'window' || kind === 'timer' ? new StepCurveBuilder() : null;
        this.shape = kind === 'window' || kind === 'timer' || isUtilisation(name, cls) ? new ValueShape() : null;
    }
    /**
     * Add a batch's column: `values[i]` logged at `steps[i]`, NaN where the row has no value.
     *
     * Column at a time, in loops that each see one kind of work: a double handed to a call that is not
     * inlined is boxed on the heap, and a loop that sees loss columns first and window columns later is
     * compiled, thrown away and compiled again. Both cost more than the arithmetic in a short CLI run.
     */
    addColumn(steps, values) {
        if (Number.isNaN(this.steadyFrom))
            this.startWarmup(steps, values);
        this.addStatistics(steps, values);
        if (this.sampler)
            this.addLoss(steps, values);
        this.windows?.addColumn(steps, values, this.steadyFrom);
        this.curve?.addColumn(steps, values);
        this.shape?.addColumn(values);
    }
    /** Warm-up starts at the first finite value; a batch without one leaves it unset (NaN compares false). */
    startWarmup(steps, values) {
        for (let i = 0; i < steps.length; i++) {
            const value = values[i];
            if (value - value === 0) {
                this.steadyFrom = steps[i] + this.warmupSteps;
                return;
            }
        }
    }
    /**
     * Count, first, last, min, max and the steady-state sum; infinities counted apart. The fields are read
     * into locals for the loop and written back after it, so no double is stored in the object per value.
     */
    addStatistics(steps, values) {
        const n = steps.length;
        const steadyFrom = this.steadyFrom;
        let { count, first, firstStep, last, lastStep, min, max, steadySum, warmSum } = this;
        let infinite = 0;
        let firstInfinite = Number.NaN;
        for (let i = 0; i < n; i++) {
            const value = values[i];
            if (value - value !== 0) {
                // NaN is a missing value; ±Infinity a broken one, counted apart.
                if (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY) {
                    if (infinite === 0)
                        firstInfinite = steps[i];
                    infinite += 1;
                }
                continue;
            }
            lastStep = steps[i];
            if (count === 0) {
                first = value;
                firstStep = lastStep;
            }
            count += 1;
            last = value;
            if (value < min)
                min = value;
            if (value > max)
                max = value;
            if (lastStep >= steadyFrom)
                steadySum += value;
            else
                warmSum += value;
        }
        this.count = count;
        this.first = first;
        this.firstStep = firstStep;
        this.warmSum = warmSum;
        this.last = last;
        this.lastStep = lastStep;
        this.min = min;
        this.max = max;
        this.steadySum = steadySum;
        if (infinite > 0) {
            this.inf += infinite;
            this.firstNonFiniteStep ??= firstInfinite;
        }
    }
    /** Loss and quality only: the steady (and warm-up) sketch, divergence, sampled points and the final window. */
    addLoss(steps, values) {
        // Steps increase, so the steady part of the batch is one run of it (none while steadyFrom is NaN).
        const steadyAt = Number.isNaN(this.steadyFrom) ? steps.length : firstAtOrAbove(steps, 0, this.steadyFrom);
        this.warm.acceptMany(values, 0, steadyAt);
        this.steady.acceptMany(values, steadyAt, steps.length);
        this.divergence.addColumn(steps, values, steadyAt, steps.length);
        // Only the warm-up: with no steady value at the end, it has seen every point.
        this.divergenceAll.addColumn(steps, values, 0, steadyAt);
        this.sampler.addColumn(steps, values);
        this.final.addColumn(steps, values);
    }
    /** An explicit NaN where the row had other values: the metric itself broke. */
    addNaN(step) {
        this.nan += 1;
        this.firstNonFiniteStep ??= step;
    }
    /**
     * The summary; the accumulator is done with afterwards. `runLastStep` is the run's last step: the
     * last step window ends there.
     */
    finish(runLastStep) {
        const { steady, warmupIncluded } = this.steadyState();
        const summary = {
            name: this.name,
            class: this.cls,
            count: this.count,
            nan: this.nan,
            inf: this.inf,
            firstNonFiniteStep: this.firstNonFiniteStep,
            first: this.first,
            ...(this.count ? { firstStep: this.firstStep } : {}),
            last: this.last,
            lastStep: this.lastStep,
            min: this.count ? this.min : Number.NaN,
            max: this.count ? this.max : Number.NaN,
            steady,
            // Timers leave warm-up out of their windows, unless it is all there is.
            windows: this.windows?.result(this.cls.kind !== 'timer' || warmupIncluded, runLastStep) ?? [],
        };
        const curve = this.curve?.result();
        if (curve)
            summary.curve = curve;
        const final = this.final?.result();
        if (this.sampler && final) {
            const detector = warmupIncluded ? this.divergenceAll : this.divergence;
            const noise = detector.noiseAt(final.median);
            summary.loss = {
                samples: this.sampler.result(),
                every: this.sampler.every,
                finalWindow: final,
                runningMin: this.min,
                divergence: this.cls.kind === 'loss' ? detector.result() : null,
                ...(Number.isFinite(noise) ? { noise } : {}),
            };
        }
        return this.shape ? this.fromValues(summary) : summary;
    }
    /** After warm-up; over every value (marked) when nothing came after it. Null for gauges and empty metrics. */
    steadyState() {
        const main = this.windows ? this.windows.steady() : this.steady;
        if (main && main.count > 0)
            return { steady: steadyState(main, this.steadySum, this.steadyFrom), warmupIncluded: false };
        let all = null;
        if (this.windows)
            all = this.windows.steady(true);
        else if (this.warm && this.warm.count > 0)
            all = this.warm;
        if (!all)
            return { steady: null, warmupIncluded: false };
        const steady = steadyState(all, this.warmSum + this.steadySum, this.firstStep);
        return { steady: { ...steady, warmupIncluded: true }, warmupIncluded: true };
    }
    /** The summary under the class its values confirm: a counter as a gauge, percent as a ratio. */
    fromValues(summary) {
        const verdict = classFromValues(this.name, this.cls, this.shape);
        if (verdict.note)
            this.notes.push(verdict.note);
        const out = verdict.scale === 1 ? summary : rescaleSummary(summary, verdict.scale);
        if (verdict.cls.kind !== 'gauge' || this.cls.kind === 'gauge')
            return { ...out, class: verdict.cls };
        // A counter is sent as its last value, like any gauge: no steady state, no windows.
        const { curve: _curve, ...gauge } = out;
        return { ...gauge, class: verdict.cls, steady: null, windows: [] };
    }
}
/** Steady-state numbers from the sketch. */
function steadyState(sketch, sum, fromStep) {
    return steadyFromQuantiles((p) => quantilesOf(sketch, [p])[0], sum / sketch.count, sketch.count, fromStep);
}

/**
 * When adding a new value to a list, one does not have to necessary
 * recompute the mean of the list in linear time. They can instead use
 * this function to compute the new mean by providing the current mean,
 * the number of elements in the list that produced it and the new
 * value to add.
 *
 * @since 2.5.0
 * @param {number} mean current mean
 * @param {number} n number of items in the list
 * @param {number} newValue the added value
 * @returns {number} the new mean
 *
 * @example
 * addToMean(14, 5, 53); // => 20.5
 */

/**
 * Our default sum is the [Kahan-Babuska algorithm](https://pdfs.semanticscholar.org/1760/7d467cda1d0277ad272deb2113533131dc09.pdf).
 * This method is an improvement over the classical
 * [Kahan summation algorithm](https://en.wikipedia.org/wiki/Kahan_summation_algorithm).
 * It aims at computing the sum of a list of numbers while correcting for
 * floating-point errors. Traditionally, sums are calculated as many
 * successive additions, each one with its own floating-point roundoff. These
 * losses in precision add up as the number of numbers increases. This alternative
 * algorithm is more accurate than the simple way of calculating sums by simple
 * addition.
 *
 * This runs in `O(n)`, linear time, with respect to the length of the array.
 *
 * @param {Array<number>} x input
 * @return {number} sum of all input numbers
 * @example
 * sum([1, 2, 3]); // => 6
 */
function sum(x) {
    // If the array is empty, we needn't bother computing its sum
    if (x.length === 0) {
        return 0;
    }

    // Initializing the sum as the first number in the array
    var sum = x[0];

    // Keeping track of the floating-point error correction
    var correction = 0;

    var transition;

    if (typeof sum !== "number") {
        return Number.NaN;
    }

    for (var i = 1; i < x.length; i++) {
        if (typeof x[i] !== "number") {
            return Number.NaN;
        }
        transition = sum + x[i];

        // Here we need to update the correction in a different fashion
        // if the new absolute value is greater than the absolute sum
        if (Math.abs(sum) >= Math.abs(x[i])) {
            correction += sum - transition + x[i];
        } else {
            correction += x[i] - transition + sum;
        }

        sum = transition;
    }

    // Returning the corrected sum
    return sum + correction;
}

/**
 * The mean, _also known as average_,
 * is the sum of all values over the number of values.
 * This is a [measure of central tendency](https://en.wikipedia.org/wiki/Central_tendency):
 * a method of finding a typical or central value of a set of numbers.
 *
 * This runs in `O(n)`, linear time, with respect to the length of the array.
 *
 * @param {Array<number>} x sample of one or more data points
 * @throws {Error} if the length of x is less than one
 * @returns {number} mean
 * @example
 * mean([0, 10]); // => 5
 */
function mean(x) {
    if (x.length === 0) {
        throw new Error("mean requires at least one data point");
    }

    return sum(x) / x.length;
}

/**
 * The sum of deviations to the Nth power.
 * When n=2 it's the sum of squared deviations.
 * When n=3 it's the sum of cubed deviations.
 *
 * @param {Array<number>} x
 * @param {number} n power
 * @returns {number} sum of nth power deviations
 *
 * @example
 * var input = [1, 2, 3];
 * // since the variance of a set is the mean squared
 * // deviations, we can calculate that with sumNthPowerDeviations:
 * sumNthPowerDeviations(input, 2) / input.length;
 */
function sumNthPowerDeviations(x, n) {
    var meanValue = mean(x);
    var sum = 0;
    var tempValue;
    var i;

    // This is an optimization: when n is 2 (we're computing a number squared),
    // multiplying the number by itself is significantly faster than using
    // the Math.pow method.
    {
        for (i = 0; i < x.length; i++) {
            tempValue = x[i] - meanValue;
            sum += tempValue * tempValue;
        }
    }

    return sum;
}

/**
 * The [sample variance](https://en.wikipedia.org/wiki/Variance#Sample_variance)
 * is the sum of squared deviations from the mean. The sample variance
 * is distinguished from the variance by the usage of [Bessel's Correction](https://en.wikipedia.org/wiki/Bessel's_correction):
 * instead of dividing the sum of squared deviations by the length of the input,
 * it is divided by the length minus one. This corrects the bias in estimating
 * a value from a set that you don't know if full.
 *
 * References:
 * * [Wolfram MathWorld on Sample Variance](http://mathworld.wolfram.com/SampleVariance.html)
 *
 * @param {Array<number>} x a sample of two or more data points
 * @throws {Error} if the length of x is less than 2
 * @return {number} sample variance
 * @example
 * sampleVariance([1, 2, 3, 4, 5]); // => 2.5
 */
function sampleVariance(x) {
    if (x.length < 2) {
        throw new Error("sampleVariance requires at least two data points");
    }

    var sumSquaredDeviationsValue = sumNthPowerDeviations(x);

    // this is Bessels' Correction: an adjustment made to sample statistics
    // that allows for the reduced degree of freedom entailed in calculating
    // values from samples rather than complete populations.
    var besselsCorrection = x.length - 1;

    // Find the mean value of that list
    return sumSquaredDeviationsValue / besselsCorrection;
}

/**
 * The [sample standard deviation](http://en.wikipedia.org/wiki/Standard_deviation#Sample_standard_deviation)
 * is the square root of the sample variance.
 *
 * @param {Array<number>} x input array
 * @returns {number} sample standard deviation
 * @example
 * sampleStandardDeviation([2, 4, 4, 4, 5, 5, 7, 9]).toFixed(2);
 * // => '2.14'
 */
function sampleStandardDeviation(x) {
    var sampleVarianceX = sampleVariance(x);
    return Math.sqrt(sampleVarianceX);
}

/**
 * This computes the maximum number in an array.
 *
 * This runs in `O(n)`, linear time, with respect to the length of the array.
 *
 * @param {Array<number>} x sample of one or more data points
 * @returns {number} maximum value
 * @throws {Error} if the length of x is less than one
 * @example
 * max([1, 2, 3, 4]);
 * // => 4
 */
function max(x) {
    if (x.length === 0) {
        throw new Error("max requires at least one data point");
    }

    var value = x[0];
    for (var i = 1; i < x.length; i++) {
        if (x[i] > value) {
            value = x[i];
        }
    }
    return value;
}

/**
 * This is the internal implementation of quantiles: when you know
 * that the order is sorted, you don't need to re-sort it, and the computations
 * are faster.
 *
 * This implements the linear interpolation method (type=7 in R/numpy),
 * which is the default in numpy.percentile and R's quantile.
 *
 * @param {Array<number>} x sample of one or more data points
 * @param {number} p desired quantile: a number between 0 to 1, inclusive
 * @returns {number} quantile value
 * @throws {Error} if p ix outside of the range from 0 to 1
 * @throws {Error} if x is empty
 * @example
 * quantileSorted([3, 6, 7, 8, 8, 9, 10, 13, 15, 16, 20], 0.5); // => 9
 */
function quantileSorted(x, p) {
    // Use (n-1) * p for index, matching numpy's linear method (type=7)
    var idx = (x.length - 1) * p;
    if (x.length === 0) {
        throw new Error("quantile requires at least one data point.");
    } else if (p < 0 || p > 1) {
        throw new Error("quantiles must be between 0 and 1");
    } else if (p === 1) {
        // If p is 1, directly return the last element
        return x[x.length - 1];
    } else if (p === 0) {
        // If p is 0, directly return the first element
        return x[0];
    } else if (idx % 1 !== 0) {
        // If idx is not integer, interpolate linearly between floor and ceil
        var lower = Math.floor(idx);
        var upper = Math.ceil(idx);
        var fraction = idx - lower;
        return x[lower] + fraction * (x[upper] - x[lower]);
    } else {
        // If idx is integer, type=7 returns the value at that index
        return x[idx];
    }
}

/**
 * Rearrange items in `arr` so that all items in `[left, k]` range are the smallest.
 * The `k`-th element will have the `(k - left + 1)`-th smallest value in `[left, right]`.
 *
 * Implements Floyd-Rivest selection algorithm https://en.wikipedia.org/wiki/Floyd-Rivest_algorithm
 *
 * @param {Array<number>} arr input array
 * @param {number} k pivot index
 * @param {number} [left] left index
 * @param {number} [right] right index
 * @returns {void} mutates input array
 * @example
 * var arr = [65, 28, 59, 33, 21, 56, 22, 95, 50, 12, 90, 53, 28, 77, 39];
 * quickselect(arr, 8);
 * // = [39, 28, 28, 33, 21, 12, 22, 50, 53, 56, 59, 65, 90, 77, 95]
 */
function quickselect(arr, k, left, right) {
    left = left || 0;
    right = right || arr.length - 1;

    while (right > left) {
        // 600 and 0.5 are arbitrary constants chosen in the original paper to minimize execution time
        if (right - left > 600) {
            var n = right - left + 1;
            var m = k - left + 1;
            var z = Math.log(n);
            var s = 0.5 * Math.exp((2 * z) / 3);
            var sd = 0.5 * Math.sqrt((z * s * (n - s)) / n);
            if (m - n / 2 < 0) { sd *= -1; }
            var newLeft = Math.max(left, Math.floor(k - (m * s) / n + sd));
            var newRight = Math.min(
                right,
                Math.floor(k + ((n - m) * s) / n + sd)
            );
            quickselect(arr, k, newLeft, newRight);
        }

        var t = arr[k];
        var i = left;
        var j = right;

        swap(arr, left, k);
        if (arr[right] > t) { swap(arr, left, right); }

        while (i < j) {
            swap(arr, i, j);
            i++;
            j--;
            while (arr[i] < t) { i++; }
            while (arr[j] > t) { j--; }
        }

        if (arr[left] === t) { swap(arr, left, j); }
        else {
            j++;
            swap(arr, j, right);
        }

        if (j <= k) { left = j + 1; }
        if (k <= j) { right = j - 1; }
    }
}

function swap(arr, i, j) {
    var tmp = arr[i];
    arr[i] = arr[j];
    arr[j] = tmp;
}

/**
 * The [quantile](https://en.wikipedia.org/wiki/Quantile):
 * this is a population quantile, since we assume to know the entire
 * dataset in this library. This implementation uses linear interpolation,
 * equivalent to R's type=7 and numpy's default percentile method.
 *
 * Sample is a one-dimensional array of numbers,
 * and p is either a decimal number from 0 to 1 or an array of decimal
 * numbers from 0 to 1.
 * In terms of a k/q quantile, p = k/q - it's just dealing with fractions or dealing
 * with decimal values.
 * When p is an array, the result of the function is also an array containing the appropriate
 * quantiles in input order
 *
 * @param {Array<number>} x sample of one or more numbers
 * @param {Array<number> | number} p the desired quantile, as a number between 0 and 1
 * @returns {number} quantile
 * @example
 * quantile([3, 6, 7, 8, 8, 9, 10, 13, 15, 16, 20], 0.5); // => 9
 */
function quantile(x, p) {
    var copy = x.slice();

    if (Array.isArray(p)) {
        // rearrange elements so that each element corresponding to a requested
        // quantile is on a place it would be if the array was fully sorted
        multiQuantileSelect(copy, p);
        // Initialize the result array
        var results = [];
        // For each requested quantile
        for (var i = 0; i < p.length; i++) {
            results[i] = quantileSorted(copy, p[i]);
        }
        return results;
    } else {
        var idx = quantileIndex(copy.length, p);
        quantileSelect(copy, idx, 0, copy.length - 1);
        return quantileSorted(copy, p);
    }
}

function quantileSelect(arr, k, left, right) {
    if (k % 1 === 0) {
        quickselect(arr, k, left, right);
    } else {
        k = Math.floor(k);
        quickselect(arr, k, left, right);
        quickselect(arr, k + 1, k + 1, right);
    }
}

function multiQuantileSelect(arr, p) {
    // Collect every integer order statistic that the requested quantiles need.
    // Linear interpolation (type=7) reads x[floor(idx)] and x[ceil(idx)], so both
    // surrounding positions must be placed. Deduplicate to integer positions
    // so each is selected with an unambiguous index.
    var positions = new Set();
    for (var i = 0; i < p.length; i++) {
        var idx = quantileIndex(arr.length, p[i]);
        positions.add(Math.floor(idx));
        positions.add(Math.ceil(idx));
    }
    var indices = Array.from(positions).sort(compare);

    multiselect(arr, indices, 0, indices.length - 1, 0, arr.length - 1);
}

// Place every order statistic in `indices` by partitioning around the median
// requested position, then recursing into the two halves. The just-placed pivot
// is excluded from the child ranges (indices[mid] ± 1) so that a later, narrower
// quickselect cannot disturb an already-finalized position.
function multiselect(arr, indices, lo, hi, left, right) {
    if (lo > hi) { return; }
    var mid = (lo + hi) >> 1;
    quickselect(arr, indices[mid], left, right);
    multiselect(arr, indices, lo, mid - 1, left, indices[mid] - 1);
    multiselect(arr, indices, mid + 1, hi, indices[mid] + 1, right);
}

function compare(a, b) {
    return a - b;
}

function quantileIndex(len, p) {
    // Use (n-1) * p to match numpy's linear method (type=7)
    var idx = (len - 1) * p;
    if (p === 1) {
        // If p is 1, directly return the last index
        return len - 1;
    } else if (p === 0) {
        // If p is 0, directly return the first index
        return 0;
    } else if (idx % 1 !== 0) {
        // If index is not integer, keep the fractional position so we can
        // select both surrounding order statistics for interpolation.
        return idx;
    } else {
        // If index is integer, return that exact position.
        return idx;
    }
}

/**
 * The [median](http://en.wikipedia.org/wiki/Median) is
 * the middle number of a list. This is often a good indicator of 'the middle'
 * when there are outliers that skew the `mean()` value.
 * This is a [measure of central tendency](https://en.wikipedia.org/wiki/Central_tendency):
 * a method of finding a typical or central value of a set of numbers.
 *
 * The median isn't necessarily one of the elements in the list: the value
 * can be the average of two elements if the list has an even length
 * and the two central values are different.
 *
 * @param {Array<number>} x input
 * @returns {number} median value
 * @example
 * median([10, 2, 5, 100, 2, 1]); // => 3.5
 */
function median(x) {
    return +quantile(x, 0.5);
}

/**
 * The [Median Absolute Deviation](http://en.wikipedia.org/wiki/Median_absolute_deviation) is
 * a robust measure of statistical
 * dispersion. It is more resilient to outliers than the standard deviation.
 *
 * @param {Array<number>} x input array
 * @returns {number} median absolute deviation
 * @example
 * medianAbsoluteDeviation([1, 1, 2, 2, 4, 6, 9]); // => 1
 */
function medianAbsoluteDeviation(x) {
    var medianValue = median(x);
    var medianAbsoluteDeviations = [];

    // Make a list of absolute deviations from the median
    for (var i = 0; i < x.length; i++) {
        medianAbsoluteDeviations.push(Math.abs(x[i] - medianValue));
    }

    // Find the median value of that list
    return median(medianAbsoluteDeviations);
}

/**
 * We use `ε`, epsilon, as a stopping criterion when we want to iterate
 * until we're "close enough". Epsilon is a very small number: for
 * simple statistics, that number is **0.0001**
 *
 * This is used in calculations like the binomialDistribution, in which
 * the process of finding a value is [iterative](https://en.wikipedia.org/wiki/Iterative_method):
 * it progresses until it is close enough.
 *
 * Below is an example of using epsilon in [gradient descent](https://en.wikipedia.org/wiki/Gradient_descent),
 * where we're trying to find a local minimum of a function's derivative,
 * given by the `fDerivative` method.
 *
 * @example
 * // From calculation, we expect that the local minimum occurs at x=9/4
 * var x_old = 0;
 * // The algorithm starts at x=6
 * var x_new = 6;
 * var stepSize = 0.01;
 *
 * function fDerivative(x) {
 *   return 4 * Math.pow(x, 3) - 9 * Math.pow(x, 2);
 * }
 *
 * // The loop runs until the difference between the previous
 * // value and the current value is smaller than epsilon - a rough
 * // meaure of 'close enough'
 * while (Math.abs(x_new - x_old) > ss.epsilon) {
 *   x_old = x_new;
 *   x_new = x_old - stepSize * fDerivative(x_old);
 * }
 *
 * console.log('Local minimum occurs at', x_new);
 */
var epsilon = 0.0001;

// Define series coefficients
var COEFFICIENTS = [
    0.99999999999999709182, 57.156235665862923517, -59.59796035547549,
    14.136097974741747174, -0.4919138160976202, 0.33994649984811888699e-4,
    0.46523628927048575665e-4, -9837447530487956e-20,
    0.15808870322491248884e-3, -21026444172410488e-20,
    0.2174396181152126432e-3, -1643181065367639e-19,
    0.84418223983852743293e-4, -26190838401581408e-21,
    0.36899182659531622704e-5
];

var g = 607 / 128;
var LOGSQRT2PI = Math.log(Math.sqrt(2 * Math.PI));

/**
 * Compute the logarithm of the [gamma function](https://en.wikipedia.org/wiki/Gamma_function) of a value using Lanczos' approximation.
 * This function takes as input any real-value n greater than 0.
 * This function is useful for values of n too large for the normal gamma function (n > 165).
 * The code is based on Lanczo's Gamma approximation, defined [here](http://my.fit.edu/~gabdo/gamma.txt).
 *
 * @param {number} n Any real number greater than zero.
 * @returns {number} The logarithm of gamma of the input value.
 *
 * @example
 * gammaln(500); // 2605.1158503617335
 * gammaln(2.4); // 0.21685932244884043
 */
function gammaln(n) {
    // Return infinity if value not in domain
    if (n <= 0) {
        return Number.POSITIVE_INFINITY;
    }

    // Decrement n, because approximation is defined for n - 1
    n--;

    // Create series approximation
    var a = COEFFICIENTS[0];

    for (var i = 1; i < 15; i++) {
        a += COEFFICIENTS[i] / (n + i);
    }

    var tmp = g + 0.5 + n;

    // Return natural logarithm of gamma(n)
    return LOGSQRT2PI + Math.log(a) - tmp + (n + 0.5) * Math.log(tmp);
}

/**
 * **[Gaussian error function](http://en.wikipedia.org/wiki/Error_function)**
 *
 * The `errorFunction(x/(sd * Math.sqrt(2)))` is the probability that a value in a
 * normal distribution with standard deviation sd is within x of the mean.
 *
 * This function returns a numerical approximation to the exact value.
 * It uses Horner's method to evaluate the polynomial of τ (tau).
 *
 * @param {number} x input
 * @return {number} error estimation
 * @example
 * errorFunction(1).toFixed(2); // => '0.84'
 */
function errorFunction(x) {
    var t = 1 / (1 + 0.5 * Math.abs(x));
    var tau =
        t *
        Math.exp(
            -x * x +
                ((((((((0.17087277 * t - 0.82215223) * t + 1.48851587) * t -
                    1.13520398) *
                    t +
                    0.27886807) *
                    t -
                    0.18628806) *
                    t +
                    0.09678418) *
                    t +
                    0.37409196) *
                    t +
                    1.00002368) *
                    t -
                1.26551223
        );
    if (x >= 0) {
        return 1 - tau;
    } else {
        return tau - 1;
    }
}

/**
 * The Inverse [Gaussian error function](http://en.wikipedia.org/wiki/Error_function)
 * returns a numerical approximation to the value that would have caused
 * `errorFunction()` to return x.
 *
 * @param {number} x value of error function
 * @returns {number} estimated inverted value
 */
function inverseErrorFunction(x) {
    var a = (8 * (Math.PI - 3)) / (3 * Math.PI * (4 - Math.PI));

    var inv = Math.sqrt(
        Math.sqrt(
            Math.pow(2 / (Math.PI * a) + Math.log(1 - x * x) / 2, 2) -
                Math.log(1 - x * x) / a
        ) -
            (2 / (Math.PI * a) + Math.log(1 - x * x) / 2)
    );

    if (x >= 0) {
        return inv;
    } else {
        return -inv;
    }
}

/**
 * The [Probit](http://en.wikipedia.org/wiki/Probit)
 * is the inverse of cumulativeStdNormalProbability(),
 * and is also known as the normal quantile function.
 *
 * It returns the number of standard deviations from the mean
 * where the p'th quantile of values can be found in a normal distribution.
 * So, for example, probit(0.5 + 0.6827/2) ≈ 1 because 68.27% of values are
 * normally found within 1 standard deviation above or below the mean.
 *
 * @param {number} p
 * @returns {number} probit
 */
function probit(p) {
    if (p === 0) {
        p = epsilon;
    } else if (p >= 1) {
        p = 1 - epsilon;
    }
    return Math.sqrt(2) * inverseErrorFunction(2 * p - 1);
}

/**
 * What a debugging engineer looks at first in a slow multi-rank job: which rank is slow, by how much,
 * from when, and which rank stopped while the others went on.
 *
 * - A rank's step time is the steady-state median of the job's step timer in its own file; its excess is
 *   that over the median rank's, minus 1.
 * - The straggler is the rank with the largest excess over the stretch up to its last step in which its
 *   step time over the median rank's, step by step and bucket by bucket, stays at least STRAGGLER_EXCESS:
 *   a rank that turned slow at step 1,200 of 2,000 is named, though its median over the run is not slow.
 *   It is slow "from" the first step of that stretch (its first step when it was slow throughout).
 * - A rank stalled when its last step is short of the last step of the others by more than STALL_SHARE
 *   of the job's span and two of its own logging intervals.
 */
/** Below it, the slowest rank is within the ranks' usual spread and is not named. */
const STRAGGLER_EXCESS = 0.05;
/** Curve buckets a rank's ratio to the median rank is kept in: the straggler's onset to 1/256 of the run. */
const RATIO_BUCKETS = 256;
/** A slow stretch shorter than this many buckets is a few slow steps, not a straggler. */
const MIN_SLOW_BUCKETS = 3;
/** Share of the job's step span a rank must fall short by to have stalled. */
const STALL_SHARE = 0.05;
function ranksSummary(stepTimer, tracks) {
    const times = tracks.map((t) => (t.rows ? (t.stepTime?.finish(t.lastStep).steady?.median ?? null) : null));
    const known = times.filter((v) => v !== null && v > 0);
    const median$1 = known.length ? median(known) : null;
    const ranks = tracks.map((t, i) => ({
        rank: t.rank,
        source: t.source,
        rows: t.rows,
        firstStep: t.firstStep,
        lastStep: t.lastStep,
        stepTime: times[i] ?? null,
        excess: median$1 !== null && times[i] != null ? times[i] / median$1 - 1 : null,
    }));
    return { stepTimer, ranks, straggler: straggler(ranks, tracks), stalls: stalls(ranks) };
}
function straggler(ranks, tracks) {
    if (ranks.length < 2)
        return null;
    let best = null;
    tracks.forEach((t, i) => {
        const slow = slowStretch(t);
        if (slow && (!best || slow.excess > best.excess))
            best = { rank: ranks[i].rank, ...slow };
    });
    return best;
}
/**
 * The stretch up to a rank's last step in which it was slower than the median rank by STRAGGLER_EXCESS or
 * more, bucket after bucket (at least MIN_SLOW_BUCKETS of them), its mean excess, and where it began: the
 * stretch is taken back over the buckets still above half that excess, so the bucket it began in counts.
 */
function slowStretch(track) {
    const curve = track.ratio.result();
    if (!curve)
        return null;
    const filled = curve.means.flatMap((mean, k) => (mean === null ? [] : [{ k, mean, count: curve.counts[k] }]));
    let at = filled.length;
    while (at > 0 && filled[at - 1].mean >= 1 + STRAGGLER_EXCESS)
        at--;
    const stretch = filled.slice(at);
    if (stretch.length < MIN_SLOW_BUCKETS)
        return null;
    const excess = stretch.reduce((s, b) => s + b.mean * b.count, 0) / stretch.reduce((s, b) => s + b.count, 0) - 1;
    while (at > 0 && filled[at - 1].mean >= 1 + excess / 2)
        at--;
    const from = at === 0 ? track.firstStep : Math.max(track.firstStep, (curve.start + filled[at].k) * curve.every);
    return { excess, from };
}
function stalls(ranks) {
    const logged = ranks.filter((r) => r.rows > 0);
    if (logged.length < 2)
        return [];
    const first = Math.min(...logged.map((r) => r.firstStep));
    const out = [];
    for (const r of logged) {
        const othersLast = Math.max(...logged.filter((o) => o !== r).map((o) => o.lastStep));
        const interval = r.rows > 1 ? (r.lastStep - r.firstStep) / (r.rows - 1) : 0;
        const short = Math.max(STALL_SHARE * (othersLast - first), 2 * interval);
        if (othersLast - r.lastStep > short)
            out.push({ rank: r.rank, lastStep: r.lastStep, othersLast });
    }
    return out;
}
/** One line per stalled rank, for the run's warnings. */
function stallNotes(summary) {
    const source = new Map(summary.ranks.map((r) => [r.rank, r.source]));
    return summary.stalls.map((s) => `rank ${s.rank} (${source.get(s.rank)}) stopped at step ${s.lastStep} while the other ranks went on to step ${s.othersLast}`);
}

/**
 * Several ranks' tables read as one job's table, streamed: a k-way merge by step. Each step's row holds
 * every column any rank logged, each combined from the ranks that logged it at that step by what the
 * metric means (combine.ts). An explicit NaN on any rank is a NaN of the job: the job's loss is broken
 * when one rank's is. Memory is bounded by one batch per rank, whatever the job's length.
 *
 * With two ranks or more and a step timer, the job gets one more column, `rank_imbalance`: per step, the
 * slowest rank's step time over the median rank's (1 when balanced). It is summarised, emitted and gated
 * like any other window metric. Per rank, the step timer's steady state and its ratio to the median at
 * each step are kept on the side, to name the straggler and the stalls once the table is drained
 * (stragglers.ts).
 */
/** The job's imbalance column. */
const RANK_IMBALANCE = 'rank_imbalance';
/** A step's imbalance, max(t) / median(t) over the ranks' step times t; NaN unless the median is above 0. */
function rankImbalance(max, median) {
    return median > 0 ? max / median : Number.NaN;
}
const BATCH_ROWS = 4096;
/** The step timer ranks are compared by: the first gated timer, one named for the step before others. */
function stepTimerColumn(columns, classes) {
    const timers = columns.map((_, c) => c).filter((c) => classes[c].kind === 'timer' && classes[c].gate);
    const named = timers.find((c) => /step|iter|batch/.test(metricKey(columns[c])));
    return named ?? timers[0] ?? -1;
}
class Cursor {
    index;
    table;
    batch = null;
    pos = 0;
    done = false;
    /** Per column of the rank's table: the job's column, or −1. */
    into;
    /** Per column: the next entry of the batch's nanTokens to look at. */
    tokenAt;
    it;
    constructor(index, table, jobColumn) {
        this.index = index;
        this.table = table;
        this.into = Int32Array.from(table.columns, (name) => jobColumn.get(name) ?? -1);
        this.tokenAt = new Int32Array(table.columns.length);
        this.it = table.batches[Symbol.asyncIterator]();
    }
    get step() {
        return this.batch.steps[this.pos];
    }
    /** Up to the next row, loading batches as needed (empty ones skipped). */
    async fill() {
        while (!this.done && (this.batch === null || this.pos >= this.batch.steps.length)) {
            const next = await this.it.next();
            if (next.done) {
                this.done = true;
                this.batch = null;
            }
            else {
                this.batch = next.value;
                this.pos = 0;
                this.tokenAt.fill(0);
            }
        }
    }
    /** Whether the current row's cell of column `c` held an explicit NaN token. */
    token(c) {
        const list = this.batch.nanTokens?.[c];
        if (!list)
            return false;
        let k = this.tokenAt[c];
        while (k < list.length && list[k] < this.pos)
            k++;
        this.tokenAt[c] = k;
        return list[k] === this.pos;
    }
}
function mergeRankTables(source, ranks, settings) {
    const jobColumn = new Map();
    for (const { table } of ranks)
        for (const name of table.columns)
            if (!RANK_FIELD.test(name) && !jobColumn.has(name))
                jobColumn.set(name, jobColumn.size);
    const data = [...jobColumn.keys()];
    const classes = data.map((name) => settings.classify(name));
    const how = data.map((name, m) => rankCombine(name, classes[m]));
    const timer = stepTimerColumn(data, classes);
    const imbalance = timer >= 0 && ranks.length >= 2 && !jobColumn.has(RANK_IMBALANCE);
    const columns = imbalance ? [...data, RANK_IMBALANCE] : data;
    const tracks = ranks.map(({ rank, table }) => ({
        rank,
        source: table.source,
        rows: 0,
        firstStep: Number.NaN,
        lastStep: Number.NaN,
        stepTime: timer >= 0 ? new MetricAccumulator(data[timer], classes[timer], settings.summary) : null,
        ratio: new StepCurveBuilder(RATIO_BUCKETS),
    }));
    const warnings = [];
    const truncated = { value: false };
    const expected = ranks.map((r) => r.table.expectedSteps).filter((n) => n !== undefined);
    async function* batches() {
        const K = ranks.length;
        const M = data.length;
        const cursors = ranks.map(({ table }, r) => new Cursor(r, table, jobColumn));
        for (const c of cursors)
            await c.fill();
        const cells = new Float64Array(M * K);
        const tokenRow = new Uint8Array(M);
        const times = ranks.map(() => new Float64Array(BATCH_ROWS));
        const ratios = ranks.map(() => new Float64Array(BATCH_ROWS));
        const present = new Float64Array(K);
        let out = newBatch(columns.length);
        let row = 0;
        const flush = () => {
            const steps = out.steps.slice(0, row);
            const batch = {
                steps,
                values: out.values.map((v) => v.slice(0, row)),
                ...(out.nanTokens.some((t) => t.length)
                    ? { nanTokens: out.nanTokens.map((t) => (t.length ? t : undefined)) }
                    : {}),
            };
            tracks.forEach((t, r) => {
                t.stepTime?.addColumn(steps, times[r].subarray(0, row));
                t.ratio.addColumn(steps, ratios[r].subarray(0, row));
            });
            out = newBatch(columns.length);
            row = 0;
            return batch;
        };
        for (;;) {
            let step = Number.POSITIVE_INFINITY;
            for (const c of cursors)
                if (!c.done && c.step < step)
                    step = c.step;
            if (step === Number.POSITIVE_INFINITY)
                break;
            cells.fill(Number.NaN);
            tokenRow.fill(0);
            for (const c of cursors) {
                if (c.done || c.step !== step)
                    continue;
                const b = c.batch;
                for (let col = 0; col < c.into.length; col++) {
                    const m = c.into[col];
                    if (m < 0)
                        continue;
                    cells[m * K + c.index] = b.values[col][c.pos];
                    if (c.token(col))
                        tokenRow[m] = 1;
                }
                const t = tracks[c.index];
                t.rows++;
                if (Number.isNaN(t.firstStep))
                    t.firstStep = step;
                t.lastStep = step;
                c.pos++;
                if (c.pos >= b.steps.length)
                    await c.fill();
            }
            out.steps[row] = step;
            for (let m = 0; m < M; m++) {
                if (tokenRow[m]) {
                    out.values[m][row] = Number.NaN;
                    out.nanTokens[m].push(row);
                }
                else
                    out.values[m][row] = combineRanks(how[m], cells, K, m * K);
            }
            if (timer >= 0) {
                let n = 0;
                for (let r = 0; r < K; r++) {
                    const v = cells[timer * K + r];
                    times[r][row] = v;
                    if (Number.isFinite(v))
                        present[n++] = v;
                }
                const median = n >= 2 ? medianOf(present.subarray(0, n)) : Number.NaN;
                let max = Number.NEGATIVE_INFINITY;
                for (let i = 0; i < n; i++)
                    if (present[i] > max)
                        max = present[i];
                for (let r = 0; r < K; r++)
                    ratios[r][row] = median > 0 ? cells[timer * K + r] / median : Number.NaN;
                if (imbalance)
                    out.values[M][row] = rankImbalance(max, median);
            }
            row++;
            if (row === BATCH_ROWS)
                yield flush();
        }
        if (row)
            yield flush();
        for (const { table } of ranks) {
            warnings.push(...table.warnings);
            if (table.truncated.value)
                truncated.value = true;
        }
    }
    const table = {
        source,
        columns,
        stepColumn: ranks[0]?.table.stepColumn ?? null,
        batches: { [Symbol.asyncIterator]: () => batches() },
        warnings,
        truncated,
        ...(expected.length ? { expectedSteps: Math.max(...expected) } : {}),
    };
    return { table, ranks: () => ranksSummary(timer >= 0 ? data[timer] : null, tracks) };
}
function newBatch(columns) {
    return {
        steps: new Float64Array(BATCH_ROWS),
        values: Array.from({ length: columns }, () => new Float64Array(BATCH_ROWS)),
        nanTokens: Array.from({ length: columns }, () => []),
    };
}
/** Median of a few values, sorted in place. */
function medianOf(values) {
    values.sort();
    const n = values.length;
    return n % 2 ? values[(n - 1) / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/**
 * An RL loss is no training loss that should fall and stay down: a value or critic loss grows as the
 * returns it predicts grow. A loss the divergence rule flags while the run's own return (episode reward,
 * return, success rate) improved over the same stretch is not called diverged, and the run's warnings
 * say why: the return from the step the rise began to the end, against its level there.
 *
 *   level at the rise = median of the return's sampled points at or before the rise's step (the last 5)
 *   improved ⇔ its final-window median − that level > max(min_effect · |level|, its own per-point noise)
 */
const RETURN = /(^|[._])(rewards?|returns?|ep_?rew(ard)?(_mean)?|eprewmean|episode_(reward|return)s?|success(_rate)?)($|[._])|epret$/;
/** The return's level where the rise began, and at its end, where it improved; else null. */
function improvedFrom(q, step) {
    const loss = q.loss;
    if (!loss || loss.finalWindow.count === 0)
        return null;
    const before = loss.samples.filter(([s]) => s <= step).slice(-5);
    if (before.length === 0)
        return null;
    const from = median(before.map(([, v]) => v));
    const to = loss.finalWindow.median;
    const margin = Math.max(q.class.minEffect * Math.abs(from), loss.noise ?? 0);
    return to - from > margin ? { from, to } : null;
}
function withRisingReturns(metrics) {
    const returns = metrics.filter((m) => m.class.kind === 'quality' && m.class.direction === 'higher' && m.class.gate && RETURN.test(metricKey(m.name)));
    const notes = [];
    const out = metrics.map((m) => {
        const d = m.class.kind === 'loss' ? m.loss?.divergence : null;
        if (!d || !m.loss)
            return m;
        for (const q of returns) {
            const up = improvedFrom(q, d.step);
            if (!up)
                continue;
            notes.push(`"${m.name}" rose from step ${d.step} while "${q.name}" improved (${up.from.toPrecision(4)} → ${up.to.toPrecision(4)}): an RL loss grows with the returns, so it is not called diverged`);
            return { ...m, loss: { ...m.loss, divergence: null } };
        }
        return m;
    });
    return { metrics: out, notes };
}

class RowSpan {
    /** Rows up to the last one with data. */
    count = 0;
    first = Number.NaN;
    last = Number.NaN;
    /** Rows after the last one with data, and the steps they span. */
    pending = 0;
    padFrom = Number.NaN;
    padTo = Number.NaN;
    add(batch) {
        const n = batch.steps.length;
        if (Number.isNaN(this.first))
            this.first = batch.steps[0];
        const at = lastRowWithData(batch);
        if (at >= 0) {
            this.count += this.pending + at + 1;
            this.last = batch.steps[at];
            this.pending = 0;
        }
        if (at < n - 1) {
            if (this.pending === 0)
                this.padFrom = batch.steps[at + 1];
            this.pending += n - at - 1;
            this.padTo = batch.steps[n - 1];
        }
    }
    /** One line on the trailing rows left out, or null when there are none. */
    paddingWarning() {
        if (this.pending === 0)
            return null;
        const rows = `${this.pending} trailing row${this.pending === 1 ? '' : 's'}`;
        const steps = this.padFrom === this.padTo ? `step ${this.padFrom}` : `steps ${this.padFrom}–${this.padTo}`;
        const end = Number.isNaN(this.last) ? 'no row has a value' : `the run ends at step ${this.last}`;
        return `${rows} (${steps}) have no value in any column: not counted as steps; ${end}`;
    }
}
/**
 * Index of the batch's last row with a non-NaN cell or an explicit NaN token (±Infinity and a logged NaN
 * are data: a broken value), or −1.
 */
function lastRowWithData(batch) {
    let best = -1;
    const n = batch.steps.length;
    for (const rows of batch.nanTokens ?? [])
        if (rows?.length)
            best = Math.max(best, rows[rows.length - 1]);
    for (const column of batch.values) {
        // Only rows after the best so far can move it: in a run without padding this stops at once.
        for (let i = n - 1; i > best; i--) {
            if (!Number.isNaN(column[i])) {
                best = i;
                break;
            }
        }
        if (best === n - 1)
            break;
    }
    return best;
}

/**
 * A timer whose unit the file does not say is read as seconds. Where that reading is implausible for a
 * training step, the run's warnings say so, with the likely unit and the config line that sets it.
 */
/** A timer's steady level above which seconds are implausible for one training step (more than 100 s). */
const MAX_PLAUSIBLE_SECONDS = 100;
/**
 * The seconds a step takes by the run's own token counts: tokens per step (a running count of tokens
 * over the steps it spans) over tokens per second; null without both, or where they say nothing.
 */
function stepSecondsByTokens(metrics) {
    const key = (m) => metricKey(m.name);
    const rate = metrics.find((m) => m.class.kind === 'window' && /(^|[._])(tokens_per_s(ec(ond)?)?|tok_s|tok_per_s|tps)$/.test(key(m)))?.steady?.median;
    const count = metrics.find((m) => /(^|[._])(consumed|total|num)_tokens$|(^|[._])tokens_(seen|consumed|processed)$/.test(key(m)) &&
        m.firstStep !== undefined &&
        m.lastStep > m.firstStep);
    if (!rate || !(rate > 0) || !count)
        return null;
    const perStep = (count.last - count.first) / (count.lastStep - count.firstStep);
    return perStep > 0 ? perStep / rate : null;
}
/**
 * A timer whose name and header state no unit is read as seconds; a steady level of 1,020 is then a
 * step of 17 minutes, which a millisecond timer written without its unit (`step_time`) also looks like.
 * Where the run's token counts tell how long a step takes, they decide; else a level above 100 s is said,
 * with the likely unit and the config line that sets it. The class is left as the name gave it.
 */
function implausibleSeconds(m, rules, bySeconds) {
    const level = m.steady?.median;
    if (m.class.kind !== 'timer' || m.class.unit !== 'seconds' || level === undefined || !(level > 0))
        return [];
    if (statesTimeUnit(m.name) || rules.some((r) => r.override.unit !== undefined && r.matches(m.name)))
        return [];
    const near = (a, b) => a / b > 0.5 && a / b < 2;
    if (bySeconds !== null && near(level, bySeconds))
        return [];
    const byTokens = bySeconds !== null && near(level / 1000, bySeconds);
    if (!byTokens && !(level > MAX_PLAUSIBLE_SECONDS))
        return [];
    const likely = level >= 1e5 && !byTokens ? 'microseconds' : 'milliseconds';
    const minutes = level / 60;
    const why = byTokens ? `; its tokens per second say a step takes ${formatLevel(bySeconds)} s` : '';
    return [
        `${JSON.stringify(m.name)} is a timer with no unit in its name, read as seconds, but its steady level is ${formatLevel(level)} (${minutes >= 60 ? `${formatLevel(minutes / 60)} h` : `${formatLevel(minutes)} min`} a step${why}): probably ${likely}; if so, say it in the config (metrics: {${JSON.stringify(m.name)}: {unit: ${likely}}}), and name it with its unit where it is logged`,
    ];
}
function formatLevel(x) {
    return x >= 100 ? String(Math.round(x)) : x.toPrecision(3);
}

/**
 * A metric the config gates that no column of this run matches: a renamed column must not quietly stop
 * being judged.
 */
function unmatchedGatedRules(rules, columns) {
    const gates = (r) => r.override.gate === true ||
        (r.override.gate !== false && r.override.kind !== undefined && !['gauge', 'ignore'].includes(r.override.kind));
    return rules
        .filter((r) => gates(r) && !columns.some((c) => r.matches(c)))
        .map((r) => `config: metrics ${JSON.stringify(r.pattern)} gates a metric, but no column of this run matches it (renamed or no longer logged?): nothing is judged by it`);
}

/**
 * summarize: one pass over a run's batches → a RunSummary of plain numbers (per metric steady state,
 * bounded step windows, sampled loss, NaN/inf and divergence). Memory is bounded by the number of
 * metrics, not by the number of steps.
 */
async function summarizeRun(input, config) {
    const { table } = input;
    const classes = table.columns.map((name) => classify(name, config));
    checkMetricKeys(table.columns, table.source, classes, table.warnings);
    const accumulators = table.columns.map((name, c) => classes[c].kind === 'ignore' ? null : new MetricAccumulator(name, classes[c], config.summary));
    const rows = new RowSpan();
    for await (const batch of table.batches) {
        if (batch.steps.length === 0)
            continue;
        rows.add(batch);
        for (let c = 0; c < accumulators.length; c++) {
            const acc = accumulators[c];
            if (!acc)
                continue;
            acc.addColumn(batch.steps, batch.values[c]);
            // A step logged with a NaN loss is a broken loss, alone on its row or not, last row or not: a format's
            // own padding (golden values) is taken off by its reader, which says so.
            const tokens = acc.cls.kind === 'loss' ? batch.nanTokens?.[c] : undefined;
            if (tokens)
                for (const i of tokens)
                    acc.addNaN(batch.steps[i]);
        }
    }
    const live = accumulators.filter((a) => a !== null);
    const warnings = [...table.warnings, ...unmatchedGatedRules(config.rules, table.columns)];
    const padding = rows.paddingWarning();
    if (padding)
        warnings.push(padding);
    const returns = withRisingReturns(live.map((a) => a.finish(rows.last)));
    const metrics = returns.metrics;
    warnings.push(...live.flatMap((a) => a.notes), ...returns.notes);
    const bySeconds = stepSecondsByTokens(metrics);
    warnings.push(...metrics.flatMap((m) => implausibleSeconds(m, config.rules, bySeconds)));
    const short = metrics.filter((m) => m.steady?.warmupIncluded).map((m) => m.name);
    if (short.length)
        warnings.push(`${short.join(', ')}: fewer steps than warmup_steps (${config.summary.warmupSteps}) after ${short.length === 1 ? 'its' : 'their'} first value; steady state taken over every value, warm-up included`);
    return {
        name: input.name,
        experiment: input.experiment,
        source: table.source,
        tags: input.tags,
        fingerprint: input.fingerprint,
        steps: {
            count: rows.count,
            first: rows.first,
            last: rows.last,
            ...(table.expectedSteps === undefined ? {} : { expected: table.expectedSteps }),
        },
        truncated: table.truncated.value,
        ...(input.durationSeconds === undefined ? {} : { durationSeconds: input.durationSeconds }),
        ...(input.timeRange === undefined ? {} : { timeRange: input.timeRange }),
        warnings,
        metrics,
        ...(input.ranks ? { ranks: input.ranks() } : {}),
    };
}
/**
 * Every sink names a metric by its key, so two headers with one key (`lm loss`, `lm_loss`) would
 * overwrite each other downstream: refuse them. A header with no key at all (`%`) is left out.
 */
function checkMetricKeys(columns, source, classes, warnings) {
    const seen = new Map();
    const line = /\.json$/i.test(source) ? null : 1;
    columns.forEach((name, c) => {
        const key = metricKey(name);
        if (!key) {
            classes[c] = { ...classes[c], kind: 'ignore', gate: false };
            warnings.push(`column "${name}" has no letters or digits to name a metric by; left out`);
            return;
        }
        const other = seen.get(key);
        if (other !== undefined)
            throw new InputError(source, line, `columns "${other}" and "${name}" would both be sent as the metric "${key}"; rename one`);
        seen.set(key, name);
    });
}

/** ingest + summarize: each run opened lazily and summarised in one pass, one at a time. */
/** Every run that could be read, summarised, in the order given; the others are recorded as errors. */
async function readRuns(ctx, config) {
    const summaries = [];
    const recordError = (e) => ctx.recordError(e);
    const notices = [];
    const inputs = await resolveInputs(ctx.options, config, recordError, notices);
    for (const n of notices)
        ctx.warn(n);
    for (const input of inputs) {
        try {
            const summary = await summarizeRun(checkNameLengths(await input()), config);
            if (summary.ranks)
                summary.warnings.push(...stallNotes(summary.ranks));
            for (const w of summary.warnings)
                ctx.warn(w);
            summaries.push(summary);
        }
        catch (e) {
            ctx.recordError(e);
        }
    }
    return summaries;
}
/**
 * An experiment or run name is a tag value, a Pushgateway group and a history key: one over the bound
 * would be cut there, and two long names could become one, so it is refused (the other runs go on).
 */
function checkNameLengths(input) {
    for (const [what, name] of [
        ['experiment', input.experiment],
        ['run', input.name],
    ]) {
        if (name.length > NAME_LIMITS.tagValue)
            throw new InputError(what, null, `"${name.slice(0, 40)}…" is ${name.length} characters long; ${what} names are at most ${NAME_LIMITS.tagValue}`);
    }
    return input;
}
/** Each run to process, opened lazily; manifest problems are reported and the other runs still go. */
async function resolveInputs(options, config, recordError, notices) {
    const inputs = await csvRunOpeners(options.csv, config, notices, (name) => options.experiment ?? name);
    if (options.metadata) {
        try {
            const manifest = await readManifest(options.metadata, { roots: options.manifestRoot });
            for (const e of manifest.errors)
                recordError(e);
            for (const r of manifest.runs) {
                const job = r.rankFiles
                    ? { job: rankJobOf(r.rankFiles), files: r.rankFiles.map((f) => ({ rank: String(f.rank), file: f.file })) }
                    : { job: null, files: [{ rank: '', file: r.file }] };
                const who = {
                    name: r.name,
                    experiment: options.experiment ? `${options.experiment}/${r.name}` : r.name,
                    tags: r.config,
                    fingerprint: r.fingerprint,
                    ...(r.durationSeconds === undefined ? {} : { durationSeconds: r.durationSeconds }),
                    ...(r.timeRange === undefined ? {} : { timeRange: r.timeRange }),
                };
                inputs.push(() => openRun(job, who, config));
            }
        }
        catch (e) {
            recordError(e);
        }
    }
    if (!inputs.length && !options.metadata)
        recordError(new InputError('(arguments)', null, 'no input: give --csv FILE or --metadata FILE'));
    return inputs;
}
/** A manifest job's source in messages: the path its ranks' files share (`…/metrics_rank_*.csv`), else rank 0's file and the count. */
function rankJobOf(files) {
    const shared = rankOf(files[0].file)?.job;
    return shared && files.every((f) => rankOf(f.file)?.job === shared)
        ? shared
        : `${files[0].file} (+${files.length - 1} ranks)`;
}
/**
 * The `--csv` runs, opened lazily: each file a run, except that the ranks' files of one job (given one by
 * one, or as the folder they are in) are one run (src/ranks/).
 */
async function csvRunOpeners(paths, config, notices, experimentOf) {
    const files = [];
    // Jobs whose files are told apart by their rows' rank, not their names: each in place of its folder.
    const byColumn = new Map();
    for (const path of paths) {
        if (!(await isDirectory(path)))
            files.push(path);
        else {
            const named = await rankEntriesIn(path);
            const columned = named ? null : await rankColumnFilesIn(path);
            if (columned)
                byColumn.set(path, { job: join(path, '*'), name: basename(path) || path, files: columned });
            files.push(...(named ?? [path]));
        }
    }
    const jobs = groupRanks(files).map((j) => (j.job === null && byColumn.get(j.files[0].file)) || j);
    return uniqueRunNames(jobs, notices).map(([job, name]) => async () => openRun(job, { name, experiment: experimentOf(name), tags: {}, fingerprint: {} }, config));
}
/** One run's input: its file's table, or its ranks' tables merged into the job's. */
async function openRun(job, who, config) {
    let tables = [];
    let source = job.job;
    const warnings = [];
    if (job.job === null) {
        // One file may hold several ranks' rows, told apart by a rank column.
        const file = job.files[0].file;
        const split = await openRankTables(file);
        if (!split) {
            const table = await openTable(file);
            return { ...who, tags: { ...table.tags, ...who.tags }, table };
        }
        ({ ranks: tables } = split);
        warnings.push(...split.warnings);
        source = file;
    }
    else
        for (const { rank, file } of job.files)
            tables.push({ rank, table: await openTable(file) });
    const merged = mergeRankTables(source, tables, {
        classify: (name) => classify(name, config),
        summary: config.summary,
    });
    // A job of other ranks is another job: its step time and memory are not this one's.
    const fingerprint = { ...who.fingerprint, ranks: String(tables.length) };
    merged.table.warnings.push(...warnings);
    return { ...who, fingerprint, table: merged.table, ranks: merged.ranks };
}
/**
 * Each `--csv` run with its name, unique within the batch: two files that would share a name (two
 * `…/run1/metrics.csv`) would share every series on every sink, so the later ones become `run1-2`, `run1-3`.
 */
function uniqueRunNames(jobs, notices) {
    const taken = new Set();
    return jobs.map((job) => {
        const what = job.job ?? job.files[0].file;
        const base = job.name ?? (job.job ? jobName(job.job) : runNameOf(what));
        let name = base;
        for (let n = 2; taken.has(name); n++)
            name = `${base}-${n}`;
        if (name !== base)
            notices.push(`${what}: another --csv run is already named ${base}; this one is named ${name}`);
        taken.add(name);
        return [job, name];
    });
}
/** A run's name from its file: the folder for the conventional metrics_rank_0.csv, else the file's stem. */
function runNameOf(file) {
    const stem = basename(file, extname(file));
    return /^metrics(_rank_\d+)?$/.test(stem) ? basename(dirname(file)) || stem : stem;
}

/**
 * What every stage of run() shares: the options, the shell it runs in, and how the run speaks. Warnings and
 * user errors are kept in the order they were met; they go into the result as they are.
 */
class RunContext {
    options;
    io;
    shell;
    /** User errors met on the way (bad manifest lines, unreadable files); the other runs still went through. */
    errors = [];
    warnings = [];
    /** Every sink leaves out the same tags, so each is warned about once, not once per sink and run. */
    refusedTags = new Set();
    constructor(options, io, shell) {
        this.options = options;
        this.io = io;
        this.shell = shell;
    }
    warn(message) {
        this.warnings.push(message);
        this.io.warn(message);
    }
    /** A tag a sink left out (a unique id). */
    refuseTag(reason) {
        if (this.refusedTags.has(reason))
            return;
        this.refusedTags.add(reason);
        this.warn(`tag refused: ${reason}`);
    }
    /** Record a user error (InputError) and go on: the run fails at the end. Anything else is a bug and propagates. */
    recordError(e) {
        if (!(e instanceof InputError))
            throw e;
        this.errors.push(e.message);
        this.io.error(e.message);
    }
}

/**
 * The one engine behind the action and the CLI: options in, a result out. Each stage returns what it made
 * and run() hands it to the next — runs (ingest + summarize) → GPU → verdicts (gate) → sinks → report →
 * record — so this function reads as the pipeline. Only sinks, stores and the report's GitHub calls touch
 * the outside world, none of them able to change the verdict. Stages a run does not ask for are not even
 * loaded (a plain `emit` never loads the GitHub client, prom-client or the GPU code).
 */
const NOTHING = { summaries: [], gate: [], gpu: null, statsd: null, sinks: [], report: null };
async function run(options, io, shell = { jobSummary: false }) {
    const ctx = new RunContext(options, io, shell);
    for (const n of options.notices)
        ctx.warn(n);
    const config = await readConfig(ctx);
    if (!config)
        return runResult(ctx, NOTHING);
    if (options.command === 'post-comment') {
        const report = await (await import('./post-comment-ti7Wiuf5.js')).postComment(ctx, options.commentFile);
        return runResult(ctx, { ...NOTHING, report });
    }
    // Loaded while the first files are read (hot-shots and the socket modules are a fair part of start-up).
    const statsdStage = options.statsdHost || options.dryRun ? import('./statsd-05dfmdz9.js') : null;
    // Loaded, and a database history connecting, while the files are read.
    const historyStage = options.history ? import('./history-DTWS5Bbk.js') : null;
    const prepared = historyStage?.then((stage) => stage.prepareHistory(options.history)) ?? null;
    const runs = await readRuns(ctx, config);
    const gpu = wantsGpu(options, config) ? await (await import('./gpu-D-jx9Lvr.js')).readGpu(ctx, runs, config) : null;
    const summaries = withGpuMetrics(runs, gpu);
    // What the run ran on: kept in its record, and compared with the last good run's when it regresses.
    const environment = options.history || options.environment.length
        ? await (await import('./environment-SjUtJQuY.js')).runEnvironment(ctx)
        : null;
    const gated = historyStage && options.history
        ? await (await historyStage).gateRuns(ctx, summaries, options.history, config.gate, await prepared, environment)
        : null;
    const judged = { summaries, gate: gated?.verdicts ?? [], gpu };
    // One deadline for every sink together, so an unreachable one never holds the job past sink-timeout.
    const budget = sinkBudget(options.sinkTimeout);
    const statsd = statsdStage ? await (await statsdStage).emitStatsd(ctx, judged, budget) : null;
    const sinks = wantsHttpSinks(ctx)
        ? await (await import('./http-sinks-DRSRJVEU.js')).sendToHttpSinks(ctx, judged, budget)
        : [];
    // The report goes first: a report file that cannot be written stops the run from being recorded, so
    // fixing the path and running again does not record the same run twice.
    const report = judged.gate.length
        ? await (await import('./report--7281upi.js')).publish(ctx, judged, gated?.open.history ?? null)
        : warnNoReport(ctx);
    if (historyStage && gated)
        await (await historyStage).recordRuns(ctx, summaries, gated.open, gated.verdicts, environment);
    // The history's connection (PostgreSQL), kept open from the read to the record.
    await (gated?.open.store ?? (await prepared))?.close();
    if (options.failOnSinkError && (sinks.some((r) => !r.ok) || (statsd?.errors.length ?? 0) > 0)) {
        ctx.recordError(new InputError('sinks', null, 'a sink could not deliver and fail-on-sink-error is set'));
    }
    return runResult(ctx, { ...judged, statsd, sinks, report, environment });
}
/** The config with the `gpu-price` input; null when it cannot be read (already reported). */
async function readConfig(ctx) {
    try {
        return await loadConfig(ctx.options.config, { gpuPrice: ctx.options.gpuPrice });
    }
    catch (e) {
        ctx.recordError(e);
        return null;
    }
}
/** A capture to read or prices to apply: either makes a GPU report. */
function wantsGpu(options, config) {
    return options.gpuCsv.length > 0 || options.gpuScrape.length > 0 || config.gpuPricesGiven;
}
/** A dry run sends nothing: it says which HTTP sinks it left alone. */
function wantsHttpSinks({ options, io }) {
    const named = [
        options.pushgatewayUrl ? 'Pushgateway' : '',
        options.datadogUrl && options.datadogApiKey ? 'Datadog API' : '',
    ].filter(Boolean);
    if (named.length && options.dryRun)
        io.info(`dry run: nothing sent to the ${named.join(' or the ')}`);
    return named.length > 0 && !options.dryRun;
}
/** Without verdicts there is nothing to report; asking for report files then gets a warning, not an error. */
function warnNoReport(ctx) {
    if (ctx.options.markdown || ctx.options.html)
        ctx.warn("markdown/html: no report written, because it shows the gate's verdicts and none were made (check with history makes them)");
    return null;
}
/**
 * Bad input wins over a regression; a regression fails only when fail-on-regression says so, a run that
 * judged nothing only when fail-on-not-judged does.
 */
function runResult(ctx, out) {
    const regression = out.gate.some((g) => g.regression);
    const notJudged = out.gate.some((g) => g.verdict === 'not-judged');
    const fails = (regression && ctx.options.failOnRegression) || (notJudged && ctx.options.failOnNotJudged);
    const exitCode = ctx.errors.length ? 2 : fails ? 1 : 0;
    return {
        exitCode: ctx.options.bisect ? bisectExitCode(out.gate, ctx.errors.length) : exitCode,
        summaries: out.summaries,
        gate: out.gate,
        statsd: out.statsd,
        gpu: out.gpu,
        sinks: out.sinks,
        report: out.report,
        ...(out.environment ? { environment: out.environment } : {}),
        errors: ctx.errors,
        warnings: ctx.warnings,
    };
}

/**
 * Once the work is done the process ends, at once when nothing is left (the timer is unref'd), and at most
 * END_GRACE_MS later when something outside our reach still holds the event loop: a DNS lookup that the
 * sink-timeout abandoned (getaddrinfo cannot be cancelled and runs on until the resolver gives up, a
 * minute or more with a silent server), or a socket a library left open. The exit code is already set.
 */
const END_GRACE_MS = 500;
function endSoon(ms = END_GRACE_MS) {
    setTimeout(() => process.exit(), ms).unref();
}

/**
 * The `history: postgres://user[:password]@host[:port]/db[?sslmode=…]` spec (also `postgresql://`): where
 * to connect, what may be printed (the location, never the password), and the secrets to mask. The
 * password comes from the URL or from PGPASSWORD, as libpq does.
 */
function isPostgresSpec(spec) {
    return typeof spec === 'string' && /^postgres(ql)?:\/\//i.test(spec);
}
/**
 * The secrets a history spec and environment hold: the password as written in the URL and decoded (an
 * error or a log may show either), and PGPASSWORD. Registered before anything is printed.
 */
function historySecrets(spec, env = {}) {
    const out = [];
    if (env.PGPASSWORD)
        out.push(env.PGPASSWORD);
    if (!spec || !isPostgresSpec(spec))
        return out;
    // Taken by hand, not by URL: a spec too broken to parse must still have its password masked.
    const authority = spec.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/)[0] ?? '';
    const at = authority.lastIndexOf('@');
    const colon = at < 0 ? -1 : authority.slice(0, at).indexOf(':');
    if (colon >= 0) {
        const raw = authority.slice(colon + 1, at);
        out.push(raw);
        try {
            out.push(decodeURIComponent(raw));
        }
        catch {
            // not valid percent-encoding: the raw form is all there is
        }
    }
    const query = /[?&]password=([^&#]*)/i.exec(spec)?.[1];
    if (query)
        out.push(query, safeDecode(query));
    return [...new Set(out.filter((s) => s.length > 0))];
}
function safeDecode(s) {
    try {
        return decodeURIComponent(s);
    }
    catch {
        return s;
    }
}
/** The spec as a connection target; InputError (naming no password) when it is not a usable URL. */
function parsePostgresSpec(spec) {
    let url;
    try {
        url = new URL(spec);
    }
    catch {
        throw new InputError('history', null, 'the PostgreSQL history is not a valid URL (postgres://user[:password]@host[:port]/db)');
    }
    const database = safeDecode(url.pathname.replace(/^\//, ''));
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const user = safeDecode(url.username);
    const port = url.port ? Number(url.port) : 5432;
    const location = `postgres://${user ? `${url.username}@` : ''}${url.host}/${url.pathname.replace(/^\//, '')}`;
    if (!host)
        throw new InputError('history', null, `${location}: the PostgreSQL history names no host`);
    if (!database || database.includes('/'))
        throw new InputError('history', null, `${location}: the PostgreSQL history names no database (…/db at the end)`);
    return { connectionString: spec, location, host, port, database, user };
}

export { specialKind as $, isBlank as A, BISECT_SKIP as B, COMMANDS as C, DIVERGENCE_WINDOW as D, isHeaderRecord as E, classifyCell as F, csvParseOptions as G, detectDelimiter as H, InputError as I, parseHeader as J, recordsOfBytes as K, LF as L, MAX_TIMER_MS as M, typeColumns as N, OutputStreams as O, PARAMETERS as P, QUOTE as Q, RANK_IMBALANCE as R, SecretRegistry as S, findStepColumn as T, RecordCells as U, UnquotedRows as V, CR as W, CHUNK$1 as X, MAX_LINE as Y, recordAt as Z, decodeEvent as _, run as a, parsePostgresSpec as a$, rankOf as a0, jobName as a1, runNameOf as a2, tempDirUntilExit as a3, getDefaultExportFromCjs as a4, tagValue as a5, looksLikeUniqueId as a6, ownValue as a7, gpuGaugesFor as a8, plainRecord as a9, checkPushgatewayUrl as aA, redactUrl as aB, commonjsGlobal as aC, judgedAtEnd as aD, WINDOW_QUANTILES as aE, htmlText as aF, mdText as aG, FINAL_SHARE as aH, mermaidText as aI, stallNotes as aJ, slug as aK, readRegularText as aL, METRIC_KINDS as aM, DEFAULT_GATE_CONFIG as aN, DEFAULT_SUMMARY_SETTINGS as aO, transform as aP, CsvError as aQ, normalize_options as aR, errorFunction as aS, summarizeRun as aT, csvRunOpeners as aU, DEFAULT_OPTIONS as aV, DATADOG_TEMPLATE_TAGS as aW, RUN_GAUGES as aX, DATADOG_RUN_STATS as aY, openTable as aZ, redactUrlCredentials as a_, branchType as aa, defaultClass as ab, fingerprintKey as ac, fingerprintFields as ad, findColumn as ae, FIELD_UNIT as af, parseSampleTime as ag, DMON_COLUMNS as ah, readTextFile as ai, steadyFromQuantiles as aj, quantileSorted as ak, columnName as al, findCsvColumn as am, CSV_IDENTITY as an, CSV_COLUMNS as ao, scanJson as ap, lineAt as aq, redactSecrets as ar, readHead as as, datadogRunGaugeName as at, statsdName as au, metricNameTooLong as av, datadogUnit as aw, datadogStatName as ax, datadogSeriesUrl as ay, DEFAULT_SINK_TIMEOUT_SECONDS as az, resultJson as b, isPostgresSpec as b0, mean as b1, sampleStandardDeviation as b2, medianAbsoluteDeviation as b3, probit as b4, gammaln as b5, redactThenCut as b6, withinBudget as b7, parseJsonLimited as b8, datadogApiBase as b9, commandsOf as c, classify as d, endSoon as e, metricKey as f, githubContextFromEnv as g, historySecrets as h, median as i, jobVerdict as j, rankImbalance as k, loadConfig as l, metricsOutput as m, max as n, combineRanks as o, rankCombine as p, runTagSet as q, resolveOptions as r, stepTimerColumn as s, RollingMedian as t, Sketch as u, DivergenceDetector as v, workflowCommandSafe as w, CellKind as x, isUtilisation as y, readManifest as z };
