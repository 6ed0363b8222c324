import { readFileSync, constants } from 'node:fs';
import { readFile, open, realpath, lstat, readdir } from 'node:fs/promises';
import { dirname, delimiter, basename, extname, resolve, relative, sep, isAbsolute } from 'node:path';
import { Readable } from 'node:stream';

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
/**
 * Quantile levels kept per window; emission sends one histogram value per level, each at a rate whose
 * inverse is its integer share of the count (src/sinks/statsd/exact-rates.ts).
 */
const WINDOW_QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9];
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
const COMMANDS = ['emit', 'record', 'check', 'post-comment', 'watch'];
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
    statsdProtocol: 'udp',
    statsdMaxBytesPerMs: 6144,
    statsdEnvTags: null,
    prefix: 'training_metrics',
    maxBufferSize: 1432,
    tags: {},
    allowIdTags: false,
    dryRun: false,
    json: null,
    history: null,
    historyMax: 100,
    record: 'auto',
    failOnRegression: true,
    newBaseline: false,
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
    };
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
/** The unit written in a header's `[unit]` / `(unit)` suffix, or ''. */
function headerUnit(header) {
    return UNIT_SUFFIX.exec(header)?.[1]?.trim() ?? '';
}
/**
 * The metric's key in every sink: lower case, the `[unit]` suffix dropped, runs of anything but
 * letters, digits, `_` and `.` turned into one `_`. `lm loss` → `lm_loss`, `memory.used [MiB]` → `memory.used`.
 */
function metricKey(header) {
    return header
        .replace(UNIT_SUFFIX, '')
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
const PARAMETERS = [
    {
        name: 'csv',
        key: 'csv',
        kind: 'list',
        description: 'per-step metrics file(s): CSV, Megatron golden-values JSON or HF trainer_state.json',
    },
    {
        name: 'metadata',
        key: 'metadata',
        kind: 'string',
        description: 'experiment_metadata.jsonl manifest listing the runs of a batch',
    },
    {
        name: 'manifest-root',
        key: 'manifestRoot',
        kind: 'list',
        description: 'folder(s) a manifest may name files in besides its own (absolute paths on shared storage)',
    },
    {
        name: 'experiment',
        key: 'experiment',
        kind: 'string',
        description: 'experiment name; required with csv when a history is used (record, check); with a manifest, a prefix to the run names',
    },
    {
        name: 'config',
        key: 'config',
        kind: 'string',
        description: 'YAML config: classification overrides, sampling, gate settings',
    },
    {
        name: 'gpu-csv',
        key: 'gpuCsv',
        kind: 'list',
        description: 'nvidia-smi --query-gpu CSV or dmon output captured during the run',
    },
    { name: 'gpu-scrape', key: 'gpuScrape', kind: 'list', description: 'Prometheus text scrape of dcgm-exporter' },
    {
        name: 'gpu-price',
        key: 'gpuPrice',
        kind: 'string',
        description: 'price per GPU-hour by GPU type, e.g. {H100: 2.49, A100: 1.29}: cost per run and per billion tokens',
    },
    {
        name: 'statsd-host',
        key: 'statsdHost',
        kind: 'string',
        description: 'StatsD host (emit defaults to 127.0.0.1, or DD_AGENT_HOST with the datadog flavor); with statsd-protocol uds, the socket path',
    },
    {
        name: 'statsd-port',
        key: 'statsdPort',
        kind: 'number',
        description: 'StatsD UDP or TCP port (default 8125, or DD_DOGSTATSD_PORT)',
    },
    {
        name: 'statsd-flavor',
        key: 'statsdFlavor',
        kind: 'string',
        choices: ['plain', 'datadog'],
        description: 'plain (statsd_exporter, Etsy statsd) or datadog (DogStatsD to a Datadog Agent)',
    },
    {
        name: 'statsd-protocol',
        key: 'statsdProtocol',
        kind: 'string',
        choices: ['udp', 'tcp', 'uds'],
        description: 'udp (default), tcp (statsd_exporter listens on TCP on the same port), or uds (a Unix datagram socket of a local Datadog Agent; statsd-host is its path)',
    },
    {
        name: 'statsd-max-bytes-per-ms',
        key: 'statsdMaxBytesPerMs',
        kind: 'number',
        description: 'pacing of UDP and Unix-socket sends: bytes per millisecond on average (default 6144)',
    },
    {
        name: 'statsd-env-tags',
        key: 'statsdEnvTags',
        kind: 'string',
        choices: ['none', 'service', 'all'],
        description: 'tags from DD_* variables: none, service (env, service, version, DD_TAGS) or all (also the per-pod dd.internal.entity_id); default all for the datadog flavor, none for plain',
    },
    { name: 'prefix', key: 'prefix', kind: 'string', description: 'metric name prefix (default training_metrics)' },
    {
        name: 'max-buffer-size',
        key: 'maxBufferSize',
        kind: 'number',
        description: 'bytes per datagram (default 1432: unfragmented on a 1500-MTU network)',
    },
    { name: 'tags', key: 'tags', kind: 'tags', description: 'extra tags k:v,k2:v2 on every metric' },
    {
        name: 'allow-id-tags',
        key: 'allowIdTags',
        kind: 'boolean',
        description: 'allow tag values that look like unique ids (SHAs, UUIDs, run ids)',
    },
    { name: 'dry-run', key: 'dryRun', kind: 'boolean', description: 'print the StatsD lines; send nothing to any sink' },
    { name: 'json', key: 'json', kind: 'string', description: 'write a JSON account of what was done to this file' },
    {
        name: 'history',
        key: 'history',
        kind: 'string',
        description: 'baseline history: a JSON file, git:<branch>[:<path>] for a data branch, or postgres://user@host/db',
    },
    {
        name: 'history-max',
        key: 'historyMax',
        kind: 'number',
        description: 'runs kept per experiment and fingerprint (default 100)',
    },
    {
        name: 'record',
        key: 'record',
        kind: 'string',
        choices: ['auto', 'always', 'never'],
        description: 'record this run in the history: auto = default branch and scheduled runs',
    },
    {
        name: 'fail-on-regression',
        key: 'failOnRegression',
        kind: 'boolean',
        description: 'exit 1 / fail the job on a regression (default true)',
    },
    {
        name: 'new-baseline',
        key: 'newBaseline',
        kind: 'boolean',
        description: 'mark this run as the start of a new baseline (an intended change)',
    },
    {
        name: 'run-id',
        key: 'runId',
        kind: 'string',
        description: 'identity of this run in the history (default: the workflow run id); recording the same run again replaces its record',
    },
    { name: 'markdown', key: 'markdown', kind: 'string', description: 'write the Markdown report to this file' },
    { name: 'html', key: 'html', kind: 'string', description: 'write the self-contained HTML report to this file' },
    {
        name: 'comment',
        key: 'comment',
        kind: 'string',
        choices: ['always', 'on-regression', 'off'],
        description: 'PR comment mode (default always)',
    },
    {
        name: 'comment-file',
        key: 'commentFile',
        kind: 'string',
        description: 'emit/check: write the PR comment to this JSON file for a second workflow to post (pull requests from forks); post-comment: the file to post',
    },
    {
        name: 'github-token',
        key: 'githubToken',
        kind: 'string',
        secret: true,
        description: "token for the PR comment (a git history branch pushes with the checkout's credentials)",
    },
    { name: 'pushgateway-url', key: 'pushgatewayUrl', kind: 'string', description: 'Prometheus Pushgateway URL' },
    { name: 'datadog-url', key: 'datadogUrl', kind: 'string', description: 'Datadog API URL (default from DD_SITE)' },
    {
        name: 'datadog-api-key',
        key: 'datadogApiKey',
        kind: 'string',
        secret: true,
        description: 'Datadog API key (default DD_API_KEY)',
    },
    {
        name: 'fail-on-sink-error',
        key: 'failOnSinkError',
        kind: 'boolean',
        description: 'fail when a sink cannot deliver (default: warn)',
    },
    {
        name: 'bisect',
        key: 'bisect',
        kind: 'boolean',
        description: 'check: exit 0 good, 1 bad, 125 skip, for git bisect run; the run is judged against the history before its first bad run, and nothing is recorded',
    },
    {
        name: 'sink-timeout',
        key: 'sinkTimeout',
        kind: 'number',
        description: 'seconds all sinks together may take, retries included (default 30); the rest is abandoned',
    },
    {
        name: 'listen',
        key: 'listen',
        kind: 'string',
        description: 'watch: serve the live Prometheus /metrics on HOST:PORT (default 127.0.0.1:9094), or off',
    },
    {
        name: 'abort-on',
        key: 'abortOn',
        kind: 'string',
        description: 'watch: stop the command on nan, divergence, stall, collapse (comma-separated; default nan,divergence,stall; none)',
    },
    {
        name: 'stall-after',
        key: 'stallAfter',
        kind: 'string',
        description: 'watch: no new step for this long is a stall (e.g. 90s, 10m; default 10m)',
    },
    {
        name: 'collapse-below',
        key: 'collapseBelow',
        kind: 'string',
        description: "watch: throughput or MFU below this fraction of the run's steady level (or the history's) is a collapse (default 0.5)",
    },
    {
        name: 'gpu-poll',
        key: 'gpuPoll',
        kind: 'string',
        description: 'watch: sample nvidia-smi this often while the command runs (e.g. 5s), when nvidia-smi exists',
    },
    {
        name: 'abort-grace',
        key: 'abortGrace',
        kind: 'string',
        description: "watch: time the command's processes get between SIGTERM and SIGKILL when stopped (default 10s)",
    },
    {
        name: 'tail-poll',
        key: 'tailPoll',
        kind: 'string',
        description: 'watch: how often the metrics files are looked at besides change events (default 250ms)',
    },
    {
        name: 'record-aborted',
        key: 'recordAborted',
        kind: 'boolean',
        description: 'watch: record a run that watch stopped in the history as well (default false)',
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
    if ((command === 'record' || command === 'check') && !options.history)
        throw bad(byName('history'), `${command} needs the history to ${command === 'record' ? 'record in' : 'check against'}`);
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

function resultJson(result, options) {
    const first = result.gate[0];
    return {
        command: options.command,
        exitCode: result.exitCode,
        regression: result.gate.some((g) => g.regression),
        ...(first ? { experiment: first.experiment, run: first.run, metrics: first.metrics } : {}),
        experiments: result.gate,
        statsd: result.statsd && {
            target: result.statsd.target,
            protocol: result.statsd.protocol,
            delivery: result.statsd.delivery,
            pacedBytesPerMs: result.statsd.pacedBytesPerMs,
            sendMs: result.statsd.sendMs,
            dryRun: result.statsd.dryRun,
            lines: result.statsd.lines,
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
        const { gpuPriceSettings } = await import('./gpu-prices-AevtOwLW.js');
        return { ...DEFAULT_CONFIG, ...gpuPriceSettings(inputs.gpuPrice, undefined, null) };
    }
    let text;
    try {
        text = await readFile(path, 'utf8');
    }
    catch (e) {
        throw new InputError(path, null, `cannot read config: ${e.code ?? String(e)}`);
    }
    const { parseConfig } = await import('./parse-n1-faVGp.js');
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
    const judged = gate.some((g) => g.metrics.some((m) => m.verdict === 'pass' || m.verdict === 'improvement'));
    return judged ? BISECT_GOOD : BISECT_SKIP;
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
/** Open `source` for reading; a missing file, a directory or no permission is an InputError. */
async function openFile(source) {
    const checked = checkedFiles.get(source);
    try {
        // O_NOFOLLOW is absent on Windows, where the identity check below still applies.
        const fh = await open(source, checked ? constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) : 'r');
        const stat = await fh.stat();
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

/** Bytes read at a time. */
const CHUNK = 1 << 20;
/** The longest line accepted; a file with no line break in its first MAX_LINE bytes is not a metrics CSV. */
const MAX_LINE = 8 << 20;
class FileWindow {
    source;
    buf = Buffer.allocUnsafe(CHUNK);
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
        const chunk = Buffer.allocUnsafe(CHUNK);
        const { bytesRead } = await this.fh.read(chunk, 0, CHUNK, this.fileOffset);
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
/** Names a step column goes by, best first (W&B's `_step` counts log calls, so the trainer's own step wins). */
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
        const { parse } = await import('./sync-BwpihYzg.js');
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
const PROBE_LINES = 200;
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
    const lines = [start.headerText, ...start.after.slice(0, PROBE_CHARS).split('\n', PROBE_LINES)];
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
 * A per-run summary table (one row per run: a results table, a leaderboard) is not a per-step metrics
 * table, and reading its rows as the steps of one run gives a gate nonsense. It is told by its shape: no
 * step column, a text column that names the runs, and column names that only a per-run table uses, in
 * a sixth or more of its columns.
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
/** Refuse a per-run summary table, once the columns have been typed. */
function refuseRunSummary(source, headerLine, names, layout) {
    if (layout.stepColumn !== null)
        return;
    const textColumns = names.filter((n) => n !== layout.stepColumn && !layout.columns.includes(n));
    // A wide per-step capture (every nvidia-smi field) can hold a few such words; a summary is made of them.
    const { words, columns } = perRunWords(names);
    if (!textColumns.length || words.length < 2 || columns * 6 < names.length)
        return;
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
    const { parse: parseSync } = await import('./sync-BwpihYzg.js');
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
        const { parse } = await import('./lib-YZ3_RJBF.js');
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
    constructor(columns, blockRows) {
        this.columns = columns;
        this.blockRows = blockRows;
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
        if (this.badSteps) {
            out.push(`${this.badSteps} row${this.badSteps === 1 ? '' : 's'} without a numeric step skipped (first at line ${this.firstBadStepLine})`);
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
    restart(step, lastStep, line) {
        const r = this.restarts;
        if (r.count++ < 5)
            r.examples.push(`line ${line}: step ${step} after ${lastStep}`);
        if (step <= this.lastTaken && r.keptFirstExample === null) {
            r.keptFirstExample = `line ${line}: step ${step}, rows up to step ${this.lastTaken} already passed on`;
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
        this.rows = new StepOrderedRows(columns.length, stepBuffer);
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
    refuseRunSummary(source, headerLine, names, layout);
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
 * Collects cells keyed by step for the small JSON shapes (Megatron golden values, HF trainer_state), then
 * hands them on as a Table in step order. A later cell for the same step and column replaces an earlier one.
 */
class StepMap {
    source;
    rows = new Map();
    columnOrder = new Map();
    textValues = new Map();
    constructor(source) {
        this.source = source;
    }
    /** Record `value` (a number, a numeric token string such as `"nan"`, or null for missing) at `step`. */
    set(step, column, value) {
        const cell = { kind: CellKind.Missing, value: NaN };
        if (typeof value === 'number') {
            cell.kind = CellKind.Number;
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
        row.set(column, cell);
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
function isObject$1(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isSeries(v) {
    return isObject$1(v) && (isObject$1(v.values) || Array.isArray(v.values));
}
/** Whether parsed JSON has the golden-values shape: series, and at most scalars beside them. */
function isMegatronGoldenValues(json) {
    if (!isObject$1(json))
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
 */
/** Deeper than any file the tool reads or writes (a history record nests about 7 levels). */
const MAX_JSON_DEPTH = 100;
/** Index of the bracket that opens nesting level `maxDepth + 1`, or -1; strings are skipped over. */
function depthExceededAt(text, maxDepth) {
    let depth = 0;
    let inString = false;
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
                return i;
        }
        else if (c === 0x7d /* } */ || c === 0x5d /* ] */)
            depth--;
    }
    return -1;
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
    const at = depthExceededAt(text, maxDepth);
    if (at >= 0) {
        throw new InputError(source, limits.line ?? lineAt(text, at), `JSON nested more than ${maxDepth} levels deep; refused`);
    }
    return JSON.parse(text);
}

/** Open any supported metrics file as a Table, choosing the reader by the file's content. */
/** JSON metric files are read whole; anything larger is not one of the supported JSON shapes. */
const MAX_JSON_BYTES = 256 << 20;
/** `json` when the first non-blank character (after a BOM) opens a JSON object or array, else `csv`. */
function sniffFormat(head) {
    let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
    while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d))
        i++;
    return head[i] === 0x7b /* { */ || head[i] === 0x5b /* [ */ ? 'json' : 'csv';
}
async function openJsonTable(source, batchSize) {
    const text = (await readTextFile(source, MAX_JSON_BYTES)).replace(/^\uFEFF/, '');
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
    throw new InputError(source, null, 'JSON of an unknown shape: expected Megatron golden values {metric: {values: {step: value}}} or a Hugging Face trainer_state.json with log_history');
}
/**
 * Open a metrics file: a per-step CSV (streamed), Megatron golden-values JSON, or a Hugging Face
 * `trainer_state.json`, told apart by content. Problems visible up front throw InputError; problems found
 * while streaming are thrown as InputError from `batches`.
 */
async function openTable(path, options = {}) {
    const stepBuffer = Math.max(1, Math.floor(options.stepBuffer ?? DEFAULT_STEP_BUFFER));
    const head = await readHead(path, 4096);
    if (head.length === 0)
        throw new InputError(path, null, 'empty file');
    if (sniffFormat(head) === 'json' && !head.includes(0))
        return openJsonTable(path, stepBuffer);
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

/**
 * The batch manifest `experiment_metadata.jsonl`: one JSON object per line, one line per run.
 * Schema and examples: docs/manifest.md.
 */
const NAME_KEYS = ['name', 'run_name', 'experiment'];
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
    const file = await resolveMetricsFile(allowed, line, pathEntry.value.trim());
    const nameEntry = firstOf(obj, NAME_KEYS);
    const name = (nameEntry && scalarString(nameEntry.value)?.trim()) ||
        `${basename(dirname(file))}/${basename(file, extname(file))}`;
    const configObject = isObject(obj.config) ? obj.config : undefined;
    const skip = new Set([...NAME_KEYS, pathEntry.key, ...NOT_CONFIG, 'fingerprint', 'hardware']);
    const config = configObject ? flatten(configObject, new Set(NOT_CONFIG)) : flatten(obj, skip);
    const hardware = [obj.fingerprint, obj.hardware].filter(isObject);
    const run = {
        line,
        name,
        file,
        config,
        fingerprint: fingerprintOf([...hardware, obj, ...(configObject ? [configObject] : [])]),
    };
    const duration = durationOf(manifest, line, obj, configObject);
    if (duration !== undefined)
        run.durationSeconds = duration;
    const timeRange = timeRangeOf(manifest, line, [obj, ...(configObject ? [configObject] : [])], duration);
    if (timeRange)
        run.timeRange = timeRange;
    return run;
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
        return await readFile(path, 'utf8');
    }
    catch (e) {
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
            const run = await readLine(allowed, line, obj);
            const earlier = names.get(run.name);
            if (earlier !== undefined)
                throw new InputError(path, line, `run name "${run.name}" already used on line ${earlier}`);
            names.set(run.name, line);
            runs.push(run);
        }
        catch (e) {
            if (!(e instanceof InputError))
                throw e;
            errors.push(e);
        }
    }
    if (!runs.length && !errors.length) {
        errors.push(new InputError(path, null, skipped
            ? `no runs: none of the ${skipped} lines names a metrics file (${PATH_KEYS.slice(0, 4).join(', ')}, …)${skippedKind ? `; lines look like "${skippedKind}" events` : ''}`
            : 'no runs: the manifest is empty'));
    }
    return { runs, errors };
}

const gauge = (direction = 'none') => ({
    kind: 'gauge',
    direction,
    gate: false,
    minEffect: 0,
});
/** Names of rates, which a counter word inside (`total_tokens_per_sec`: summed over GPUs) does not make counters. */
const NOT_RATE = '(?!.*(per_s|_ps$|_tps$|tokens_s$|per_step|per_iter|per_gpu))';
/** A counter word as a name part, in a name that is neither a loss nor a rate. */
const COUNTER_NAME = new RegExp(`^${NOT_RATE}(?!.*(loss|perplexity|ppl))(.*[._/])?(total|cumulative|cum|accumulated|consumed)([._/]|$)`);
/** Rules over the metric key (`metricKey(header)`: lower case, `_` separated, dots kept). */
const RULES = [
    // Bookkeeping and counters: reported as the last value, never judged.
    { test: /(^|[._])(epoch|timestamp|wall_?clock|date|walltime)$/, class: gauge() },
    { test: /(learning_rate|(^|[._])lr($|[._])|lr_scale|weight_decay|momentum)/, class: gauge() },
    { test: /(grad_norm|gradient_norm|num_zeros|params_norm|loss_scale)/, class: gauge() },
    // Hardware telemetry that names memory without being memory use (`mem_0_clk`, `mem_voltage`,
    // `ecc.errors…device_memory`, `temperature.memory`): clocks, voltages, temperatures, error counts.
    {
        test: /(^|[._])(clk|clock|clocks|voltage|temp|temperature|hotspot|fan|ecc|errors|retired_pages|remapped_rows)($|[._])/,
        class: gauge(),
    },
    {
        test: new RegExp(`^${NOT_RATE}.*((^|[._])(consumed|total|num|n)_(tokens|samples|steps|examples|flos)|(^|[._])(tokens|samples)_(seen|consumed|processed)$|total_flos$|(^|[._])(tokens|samples|examples)$)`),
        class: gauge(),
    },
    { test: /(runtime|wall_time|total_time|elapsed_time$|time_elapsed)/, class: { ...gauge(), unit: 'seconds' } },
    // Named counters (`throughput/total_training_Gflops`, `accumulated_eval_time`, `total_duration`): running
    // totals, not rates. A total of losses is still a loss, and a rate summed over GPUs (`total_tokens_per_sec`)
    // still a rate; the values get a second say in classify/from-values.ts.
    { test: COUNTER_NAME, class: gauge() },
    { test: /(eval|val|valid|test)_(wer|cer|bleu|accuracy|acc|f1)/, class: gauge() },
    // Loss and perplexity: sampled every N steps, lower is better.
    {
        test: /(loss|perplexity|(^|[._])ppl($|[._]))/,
        class: { kind: 'loss', direction: 'lower', gate: true, minEffect: 0.01 },
    },
    // Throughput family: higher is better, bucketed into step windows.
    {
        test: /(^|[._])mfu($|[._])|model_flops_util|hfu/,
        class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'ratio' },
    },
    {
        test: /tflops|tflop_s|flops_per_s/,
        class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'tflops' },
    },
    {
        test: /(throughput|tokens_per_s|tokens_per_second|tok_s|tok_per_s|tokens_s$|tps$|samples_per_s|samples_per_second|sequences_per_s|it_s$|steps_per_s)/,
        class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'per_second' },
    },
    // Memory: lower is better; peaks matter most.
    {
        test: /(^|[._])(mem|memory|vram|hbm)|mem_|_mem($|[._])/,
        class: { kind: 'window', direction: 'lower', gate: true, minEffect: 0.03 },
    },
    // Timers: first steps skipped as warm-up, lower is better.
    {
        test: /(step_time|iteration_time|iter_time|time_per_(step|iteration|iter)|elapsed_time_per_iteration|batch_time|(^|[._])(time|duration|latency)($|[._])|_time$|_ms$|_sec$|_seconds$)/,
        class: { kind: 'timer', direction: 'lower', gate: true, minEffect: 0.02, unit: 'seconds' },
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
/** Classify a metric by its header alone. */
function defaultClass(header) {
    const key = metricKey(header);
    const written = headerUnit(header).toLowerCase();
    const unitFromHeader = written ? (ownValue(UNIT_ALIASES, written) ?? written) : '';
    const rule = RULES.find((r) => r.test.test(key));
    const base = rule?.class ?? gauge();
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
            merged.kind === 'window' ? 'higher' : merged.kind === 'gauge' || merged.kind === 'ignore' ? 'none' : 'lower';
    }
    if (merged.kind === 'ignore')
        merged.gate = false;
    return merged;
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
    return s.nonDecreasing >= 0.99 * pairs && s.rising >= 0.5 * pairs && s.last - s.first >= 0.25 * Math.abs(s.last);
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
    start = { step: Number.NaN, value: Number.NaN, min: Number.NaN };
    found = null;
    /** The point before the latest (the short scale judges the mean of the last two as well). */
    previous = Number.NaN;
    /** Whether the last two points' mean is elevated (short scale). */
    pairElevated = false;
    constructor(window, sustain, mode, judged = 'smoothed') {
        this.window = window;
        this.sustain = sustain;
        this.mode = mode;
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
        // The noise is weighed only past the rise alone (most points are not).
        const elevated = x > this.min + this.riseOnly() && x > this.limit(points ? 1 : this.window, noise);
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
        this.long = new Scale(DIVERGENCE_WINDOW, 10, mode);
        this.short = new Scale(3, Number.POSITIVE_INFINITY, mode, 'points');
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
    /** Points above 1.5: no ratio gets there, while a percentage almost always does. */
    aboveOne = 0;
    addColumn(values) {
        let { count, last, nonDecreasing, rising, aboveOne } = this;
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
            if (value > 1.5)
                aboveOne += 1;
            count += 1;
            last = value;
        }
        Object.assign(this, { count, last, nonDecreasing, rising, aboveOne });
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
    /** Loss only: its warm-up values, for a run too short to have a steady state. */
    warm;
    windows;
    sampler;
    divergence;
    /** Loss only: the same rule over the warm-up's points, for a run with nothing after its warm-up. */
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
        // Window and timer metrics get their steady state from their windows; loss keeps its own sketch.
        this.steady = kind === 'loss' ? new Sketch() : null;
        this.warm = kind === 'loss' ? new Sketch() : null;
        this.sampler = kind === 'loss' ? new LossSampler(config.lossEvery, config.lossMaxPoints) : null;
        this.divergence = kind === 'loss' ? new DivergenceDetector() : null;
        this.divergenceAll = kind === 'loss' ? new DivergenceDetector() : null;
        this.final = kind === 'loss' ? new FinalWindow() : null;
        this.curve = kind === 'loss' || kind === 'window' || kind === 'timer' ? new StepCurveBuilder() : null;
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
    /** Loss only: its steady (and warm-up) sketch, divergence, sampled points and the final window. */
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
                divergence: detector.result(),
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
    const warnings = [...table.warnings];
    const padding = rows.paddingWarning();
    if (padding)
        warnings.push(padding);
    const metrics = live.map((a) => a.finish(rows.last));
    warnings.push(...live.flatMap((a) => a.notes));
    const short = metrics.filter((m) => m.steady?.warmupIncluded).map((m) => m.name);
    if (short.length)
        warnings.push(`${short.join(', ')}: fewer steps than warmup_steps (${config.summary.warmupSteps}) after ${short.length === 1 ? 'its' : 'their'} first value; steady state taken over every value, warm-up included`);
    return {
        name: input.name,
        experiment: input.experiment,
        source: table.source,
        tags: input.tags,
        fingerprint: input.fingerprint,
        steps: { count: rows.count, first: rows.first, last: rows.last },
        truncated: table.truncated.value,
        ...(input.durationSeconds === undefined ? {} : { durationSeconds: input.durationSeconds }),
        ...(input.timeRange === undefined ? {} : { timeRange: input.timeRange }),
        warnings,
        metrics,
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
    const inputs = await resolveInputs(ctx.options, recordError, notices);
    for (const n of notices)
        ctx.warn(n);
    for (const input of inputs) {
        try {
            const summary = await summarizeRun(checkNameLengths(await input()), config);
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
async function resolveInputs(options, recordError, notices) {
    const inputs = [];
    for (const [file, name] of uniqueRunNames(options.csv, notices)) {
        const experiment = options.experiment ?? name;
        inputs.push(async () => ({ name, experiment, tags: {}, fingerprint: {}, table: await openTable(file) }));
    }
    if (options.metadata) {
        try {
            const manifest = await readManifest(options.metadata, { roots: options.manifestRoot });
            for (const e of manifest.errors)
                recordError(e);
            for (const r of manifest.runs) {
                inputs.push(async () => ({
                    name: r.name,
                    experiment: options.experiment ? `${options.experiment}/${r.name}` : r.name,
                    tags: r.config,
                    fingerprint: r.fingerprint,
                    ...(r.durationSeconds === undefined ? {} : { durationSeconds: r.durationSeconds }),
                    ...(r.timeRange === undefined ? {} : { timeRange: r.timeRange }),
                    table: await openTable(r.file),
                }));
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
/**
 * Each `--csv` file with its run name, unique within the batch: two files that would share a name (two
 * `…/run1/metrics.csv`) would share every series on every sink, so the later ones become `run1-2`, `run1-3`.
 */
function uniqueRunNames(files, notices) {
    const taken = new Set();
    return files.map((file) => {
        const base = runNameOf(file);
        let name = base;
        for (let n = 2; taken.has(name); n++)
            name = `${base}-${n}`;
        if (name !== base)
            notices.push(`${file}: another --csv run is already named ${base}; this one is named ${name}`);
        taken.add(name);
        return [file, name];
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
        const report = await (await import('./post-comment-BKl1U8_P.js')).postComment(ctx, options.commentFile);
        return runResult(ctx, { ...NOTHING, report });
    }
    // Loaded while the first files are read (hot-shots and the socket modules are a fair part of start-up).
    const statsdStage = options.statsdHost || options.dryRun ? import('./statsd-CSb6Kykn.js') : null;
    // Loaded, and a database history connecting, while the files are read.
    const historyStage = options.history ? import('./history-Br7Q-0qT.js') : null;
    const prepared = historyStage?.then((stage) => stage.prepareHistory(options.history)) ?? null;
    const runs = await readRuns(ctx, config);
    const gpu = wantsGpu(options, config) ? await (await import('./gpu-D7e9OcU0.js')).readGpu(ctx, runs, config) : null;
    const summaries = withGpuMetrics(runs, gpu);
    const gated = historyStage && options.history
        ? await (await historyStage).gateRuns(ctx, summaries, options.history, config.gate, await prepared)
        : null;
    const judged = { summaries, gate: gated?.verdicts ?? [], gpu };
    // One deadline for every sink together, so an unreachable one never holds the job past sink-timeout.
    const budget = sinkBudget(options.sinkTimeout);
    const statsd = statsdStage ? await (await statsdStage).emitStatsd(ctx, judged, budget) : null;
    const sinks = wantsHttpSinks(ctx)
        ? await (await import('./http-sinks-DSfC8DnT.js')).sendToHttpSinks(ctx, judged, budget)
        : [];
    // The report goes first: a report file that cannot be written stops the run from being recorded, so
    // fixing the path and running again does not record the same run twice.
    const report = judged.gate.length
        ? await (await import('./report-BJeOK6U5.js')).publish(ctx, judged, gated?.open.history ?? null)
        : warnNoReport(ctx);
    if (historyStage && gated)
        await (await historyStage).recordRuns(ctx, summaries, gated.open, gated.verdicts);
    // The history's connection (PostgreSQL), kept open from the read to the record.
    await (gated?.open.store ?? (await prepared))?.close();
    if (options.failOnSinkError && (sinks.some((r) => !r.ok) || (statsd?.errors.length ?? 0) > 0)) {
        ctx.recordError(new InputError('sinks', null, 'a sink could not deliver and fail-on-sink-error is set'));
    }
    return runResult(ctx, { ...judged, statsd, sinks, report });
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
/** Bad input wins over a regression; a regression fails only when fail-on-regression says so. */
function runResult(ctx, out) {
    const regression = out.gate.some((g) => g.regression);
    const exitCode = ctx.errors.length ? 2 : regression && ctx.options.failOnRegression ? 1 : 0;
    return {
        exitCode: ctx.options.bisect ? bisectExitCode(out.gate, ctx.errors.length) : exitCode,
        summaries: out.summaries,
        gate: out.gate,
        statsd: out.statsd,
        gpu: out.gpu,
        sinks: out.sinks,
        report: out.report,
        errors: ctx.errors,
        warnings: ctx.warnings,
    };
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

export { datadogRunGaugeName as $, CR as A, CHUNK as B, COMMANDS as C, DIVERGENCE_WINDOW as D, loadConfig as E, tagValue as F, looksLikeUniqueId as G, ownValue as H, InputError as I, gpuGaugesFor as J, plainRecord as K, LF as L, MAX_LINE as M, FINAL_SHARE as N, OutputStreams as O, PARAMETERS as P, QUOTE as Q, RollingMedian as R, SecretRegistry as S, DEFAULT_GATE_CONFIG as T, UnquotedRows as U, fingerprintKey as V, branchType as W, defaultClass as X, parseSampleTime as Y, readTextFile as Z, steadyFromQuantiles as _, run as a, metricNameTooLong as a0, datadogUnit as a1, datadogStatName as a2, redactSecrets as a3, datadogSeriesUrl as a4, DEFAULT_SINK_TIMEOUT_SECONDS as a5, checkPushgatewayUrl as a6, redactUrl as a7, commonjsGlobal as a8, htmlText as a9, WINDOW_QUANTILES as aa, mdText as ab, mermaidText as ac, slug as ad, lineAt as ae, DEFAULT_SUMMARY_SETTINGS as af, getDefaultExportFromCjs as ag, summarizeRun as ah, uniqueRunNames as ai, openTable as aj, DEFAULT_OPTIONS as ak, DATADOG_TEMPLATE_TAGS as al, RUN_GAUGES as am, redactUrlCredentials as an, parsePostgresSpec as ao, isPostgresSpec as ap, withinBudget as aq, parseJsonLimited as ar, redactThenCut as as, datadogApiBase as at, resultJson as b, metricKey as c, runTagSet as d, Sketch as e, DivergenceDetector as f, githubContextFromEnv as g, historySecrets as h, CellKind as i, isUtilisation as j, classify as k, readManifest as l, metricsOutput as m, isBlank as n, isHeaderRecord as o, classifyCell as p, csvParseOptions as q, resolveOptions as r, statsdName as s, detectDelimiter as t, parseHeader as u, recordsOfBytes as v, workflowCommandSafe as w, typeColumns as x, findStepColumn as y, RecordCells as z };
