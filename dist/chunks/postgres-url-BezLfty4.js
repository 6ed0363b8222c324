import { constants, readFileSync, mkdtempSync, rmSync, openSync, closeSync, writeSync } from 'node:fs';
import { lstat, open, chmod, rename, unlink, readdir, stat, realpath } from 'node:fs/promises';
import { join, dirname, basename, sep, relative, extname, delimiter, resolve, isAbsolute } from 'node:path';
import { Readable } from 'node:stream';
import { Transform } from 'stream';
import { tmpdir } from 'node:os';

/**
 * How every file the tool writes is written (reports, `--json`, the comment file, a history export, the
 * site's pages and the JSON history): to a temporary name in the same folder, then renamed over the name,
 * so a reader, or a run killed half way, finds the old file whole or the new one whole, never part of one.
 *
 * Never through a symlink. The temporary file is created exclusively and without following links
 * (O_CREAT | O_EXCL | O_NOFOLLOW), so nothing planted at its name is written; a symlink at the name itself
 * is replaced by the file, as rename replaces a name, and the file it pointed to is left as it was
 * (`replacedLink` says so, for the caller's warning). A folder or a special file at the name is refused.
 * A regular file's permission bits are kept.
 */
/** A temporary file's name beside `path`: hidden, random, short enough for any file name it stands beside. */
function temporaryName(path) {
    const random = Math.random().toString(36).slice(2, 10);
    return join(dirname(path), `.${basename(path).slice(0, 80)}.${process.pid}.${random}.tmp`);
}
/**
 * Whether `name` is a temporary file temporaryName made for `file` whose writer is gone (a killed build's
 * leftover), so it can be removed; one of a writer still running is not.
 */
function isLeftoverOf(name, file) {
    const prefix = `.${file.slice(0, 80)}.`;
    const m = name.startsWith(prefix) ? /^(\d+)\.[0-9a-z]+\.tmp$/.exec(name.slice(prefix.length)) : null;
    if (!m)
        return false;
    const pid = Number(m[1]);
    if (pid === process.pid)
        return false;
    try {
        process.kill(pid, 0);
        return false;
    }
    catch (e) {
        // EPERM: the process exists under another user.
        return e.code === 'ESRCH';
    }
}
function refused(path, what, code) {
    return Object.assign(new Error(`${path} is ${what}, not a file: not replaced`), { code });
}
async function writeFileAtomic(path, data, options = {}) {
    const existing = await lstat(path).catch((e) => {
        if (e.code === 'ENOENT')
            return null;
        throw e;
    });
    if (existing?.isDirectory())
        throw refused(path, 'a directory', 'EISDIR');
    if (existing && !existing.isFile() && !existing.isSymbolicLink())
        throw refused(path, 'a special file', 'ENOTREG');
    const temp = temporaryName(path);
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
    const handle = await open(temp, flags, 0o666);
    try {
        try {
            await handle.writeFile(data);
            if (options.sync ?? true)
                await handle.sync();
        }
        finally {
            await handle.close();
        }
        if (existing?.isFile())
            await chmod(temp, existing.mode & 0o7777);
        await rename(temp, path);
    }
    catch (e) {
        await unlink(temp).catch(() => undefined);
        throw e;
    }
    return { replacedLink: existing?.isSymbolicLink() ?? false };
}
/** The warning a caller gives when writeFileAtomic replaced a symlink. */
function replacedLinkWarning(path) {
    return `${path} was a symbolic link: replaced by the file written; the file it pointed to was not written`;
}

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
    /**
     * The exit code a lost output makes: 2, or 125 under `check --bisect`, where 2 would read as "bad" to
     * `git bisect run` and an incomplete account says nothing about the commit.
     */
    failureCode = 2;
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
    /** `failureCode` when output was lost, else the run's own. */
    exitCode(runCode) {
        return this.failure ? this.failureCode : runCode;
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

/**
 * Names that say their value is a secret: a field of an environment file, a manifest's config key, a
 * command-line flag, an environment variable, a URL's query parameter. A name is split into its word parts
 * (at every character that is not a letter or digit, and where a lower-case letter or digit meets an
 * upper-case one: `hfToken` → `hf`, `token`; `SLACK_WEBHOOK_URL` → `slack`, `webhook`, `url`), and it is a
 * secret's when
 *  - a part is one of WORDS, whole (`GH_PAT`, `MYSQL_PWD`, `CI_JOB_JWT`, `SESSION_ID`, `ssh.key`): `path`,
 *    `keyring`, `monkey`, `passport`, `author` and `tokenizers` are other words;
 *  - a part ends with one of ENDINGS, the words long enough not to end other words by chance: one word
 *    written without a break (`PGPASSWORD`, `HFTOKEN`, `clientsecret`, `APIKey`);
 *  - two neighbouring parts are one of PAIRS (`api key`, `access key`, `private key`).
 * Plurals are only where a secret's name takes one (`secrets`, `credentials`, `cookies`): `max_tokens`
 * counts tokens and `num_keys` keys.
 */
const WORDS = new Set([
    'pass',
    'pwd',
    'pat',
    'jwt',
    'key',
    'auth',
    'authorization',
    'session',
    'sessionid',
    'cookie',
    'cookies',
    'webhook',
    'webhooks',
    'secrets',
    'credentials',
    'bearer',
]);
const ENDINGS = [
    'password',
    'passwd',
    'passphrase',
    'secret',
    'token',
    'apikey',
    'accesskey',
    'privatekey',
    'credential',
];
const PAIRS = new Set(['api key', 'access key', 'private key', 'secret key', 'client secret']);
/** A name's word parts, lower-cased: `AWS_ACCESS_KEY_ID` → `aws`, `access`, `key`, `id`. */
function nameParts(name) {
    return name
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
}
function looksLikeSecretName(name) {
    // A name is at most a few words: a megabyte of one is not a name, and is not split.
    if (name.length > 1000)
        return false;
    const parts = nameParts(name);
    return parts.some((p, i) => WORDS.has(p) || ENDINGS.some((e) => p.endsWith(e)) || PAIRS.has(`${p} ${parts[i + 1]}`));
}

/**
 * Secrets given by name inside a value: a command line (`--hf_token=hf_…`, `--wandb-key abc`,
 * `PGPASSWORD=x python train.py`), a URL's query (`?access_token=…`), a JSON text (`"password": "…"`).
 * Where the name is a secret's (secret-name.ts), what follows it is replaced by `***` and the name kept, so
 * a recorded command line still says which flags it had. For values a run records (environment fields,
 * manifest config); a flag whose name says nothing (`--model gpt`) is left as it is.
 *
 * Each pattern's repeats are bounded and stop at their own end (white space, a quote), so the cost is
 * linear in the text.
 */
/** `NAME=VALUE`, the name after a start, a space, a quote or a query's `?`/`&` (so `a==b` is not one). */
const ASSIGNED = /(^|[\s&?;,'"(])(-{0,2}[A-Za-z_][A-Za-z0-9_.-]{0,99})=("[^"]{0,4096}"|'[^']{0,4096}'|[^\s&;,'"]{1,4096})/g;
/** `--NAME VALUE` (or `-NAME VALUE`): the value a word that does not start with a dash. */
const FLAG_THEN_VALUE = /(^|\s)(--?[A-Za-z][A-Za-z0-9_.-]{0,99})(\s+)("[^"]{0,4096}"|'[^']{0,4096}'|[^\s'"-][^\s'"]{0,4095})/g;
/** `"NAME": "VALUE"` in a JSON text. */
const JSON_MEMBER = /("([A-Za-z0-9_.-]{1,100})"\s{0,8}:\s{0,8})"(?:[^"\\]|\\.){0,4096}"/g;
const flagName = (flag) => flag.replace(/^-+/, '');
function redactSecretArguments(text) {
    if (!/[=:\s]/.test(text))
        return text;
    return text
        .replace(ASSIGNED, (whole, before, name) => looksLikeSecretName(flagName(name)) ? `${before}${name}=***` : whole)
        .replace(FLAG_THEN_VALUE, (whole, before, flag, space) => looksLikeSecretName(flagName(flag)) ? `${before}${flag}${space}***` : whole)
        .replace(JSON_MEMBER, (whole, head, name) => (looksLikeSecretName(name) ? `${head}"***"` : whole));
}

/** `https://user:token@host/…` → `https://***@host/…` (a git remote or a sink URL with credentials in it). */
function redactUrlCredentials(text) {
    // Bounded repeats keep this linear: an unbounded scheme run backtracks from every letter of a long word
    // that never reaches `://` (a megabyte of `m.m.m…` in a file name took minutes).
    return text.replace(/\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^\s/?#@'"]{1,4096}@/gi, '$1***@');
}

/**
 * Secrets told by their shape, wherever they are in a text: what a provider prints at the start of every
 * token it issues, so no other text looks like one. Each is replaced by `***`; a URL keeps its scheme and
 * host. Used on every line the tool prints or writes (src/http/redact.ts) and on every environment and
 * manifest value it records, so a secret is out before anything is cut.
 *
 *  - a PEM private key block (`-----BEGIN … PRIVATE KEY-----` to its END line, or to the end of the text
 *    when the END line is missing: a value cut at 200 characters keeps its start only);
 *  - GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`), Hugging Face (`hf_`), OpenAI and
 *    Anthropic (`sk-…`), Stripe (`sk_live_`, `rk_test_`…), Slack (`xoxb-`, `xoxp-`, `xapp-`…), GitLab
 *    (`glpat-`), npm (`npm_`), AWS access key ids (`AKIA…`, `ASIA…`), Google API keys (`AIza…`);
 *  - JSON Web Tokens (`eyJ….eyJ….…`: a JWT's header and claims are base64url JSON objects);
 *  - a URL's credentials (`https://user:token@host` → `https://***@host`), and the path of a webhook URL
 *    (Slack's `hooks.slack.com/services/…`, Discord's `/api/webhooks/…`, Teams' `webhook.office.com`, and
 *    any URL with a `webhook` or `hooks` segment), whose path is its secret.
 * Every pattern starts with a fixed prefix and repeats a bounded character class that cannot run past
 * its own end, so each costs linear time on any text (a megabyte of `hf_hf_hf_…` included).
 */
const TOKEN_PREFIXES = /\b(?:gh[pousr]_[A-Za-z0-9]{20,255}|github_pat_[A-Za-z0-9_]{20,255}|hf_[A-Za-z0-9]{20,255}|sk-[A-Za-z0-9_-]{20,255}|[rs]k_(?:live|test)_[A-Za-z0-9]{10,255}|xox[abeoprs]-[A-Za-z0-9-]{10,255}|xapp-[A-Za-z0-9-]{10,255}|glpat-[A-Za-z0-9_-]{20,255}|npm_[A-Za-z0-9]{30,255}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35})/g;
const JWT = /\beyJ[A-Za-z0-9_-]{4,8192}\.eyJ[A-Za-z0-9_-]{4,8192}\.[A-Za-z0-9_-]{0,8192}/g;
/** A URL up to its end (white space, a quote, a bracket): scheme and host, then the rest. */
const URL$1 = /\b(https?:\/\/)([^\s/?#'"<>()[\]]{1,255})([/?#][^\s'"<>()[\]]{0,8192})?/gi;
const WEBHOOK_HOST = /(^|\.)(hooks\.slack\.com|webhook\.office\.com|hooks\.zapier\.com)$/i;
const WEBHOOK_PATH = /\/(?:api\/)?(?:webhooks?|hooks)(?:\/|$)/i;
const BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
const END = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
function redactSecretShapes(text) {
    let out = privateKeys(text);
    out = out.replace(TOKEN_PREFIXES, '***').replace(JWT, '***');
    out = out.replace(URL$1, (whole, scheme, host, rest) => {
        if (!rest)
            return whole;
        const at = host.lastIndexOf('@');
        const bareHost = at < 0 ? host : host.slice(at + 1);
        return WEBHOOK_HOST.test(bareHost) || WEBHOOK_PATH.test(rest) ? `${scheme}${host}/***` : whole;
    });
    return redactUrlCredentials(out);
}
/** Each private key block out, its END line found after its BEGIN line (one pass over the text). */
function privateKeys(text) {
    if (!text.includes('PRIVATE KEY-----'))
        return text;
    const parts = [];
    let from = 0;
    BEGIN.lastIndex = 0;
    for (let m = BEGIN.exec(text); m; m = BEGIN.exec(text)) {
        parts.push(text.slice(from, m.index), '***');
        END.lastIndex = m.index + m[0].length;
        const end = END.exec(text);
        from = end ? end.index + end[0].length : text.length;
        BEGIN.lastIndex = from;
    }
    parts.push(text.slice(from));
    return parts.join('');
}

/**
 * The one rule for name → value fields a run records or a history holds (an environment, a manifest's
 * config): a field whose name is a secret's keeps `[redacted]` for its value, so the record says the field
 * was there but not what it held; every other value has the secrets in it by shape and by name taken out
 * (`https://***@host`, `--hf_token=***`), and a name shaped like a secret is taken out too.
 *
 * A package of a `pip freeze` or `conda list` is named by its project (`google-auth`, `oauthlib`), and its
 * value is a version: when a run records one, the name rule is not for it. A history's fields are read
 * back without knowing which were packages, so there a value that reads as a version number (`2.35.0`,
 * `1.0.0rc1`, `12.4`) is shown as it is whatever its name; everything else is as when recorded.
 */
/** What a record keeps instead of a secret-named field's value. */
const REDACTED = '[redacted]';
/** A version as pip and conda write one: `2.35.0`, `1!2.0`, `1.0.0rc1`, `2.5.0+cu121`, `12.4`. */
const VERSION = /^v?(\d+!)?\d{1,9}(\.\d{1,9}){0,6}((a|b|rc|c|alpha|beta|pre|preview|post|dev)\.?\d{0,9}){0,4}(\+[a-z0-9]{1,20}(\.[a-z0-9]{1,20}){0,4})?$/i;
/**
 * What was found for a name or a value lately: a history's runs repeat their packages and versions, so
 * `history show` over 1,000 runs of 400 fields looks at each distinct one once. Bounded: emptied when full.
 */
class Memo {
    f;
    map = new Map();
    constructor(f) {
        this.f = f;
    }
    get(key) {
        let v = this.map.get(key);
        if (v === undefined) {
            if (this.map.size >= 20_000)
                this.map.clear();
            v = this.f(key);
            this.map.set(key, v);
        }
        return v;
    }
}
/** A value with every secret in it out, by shape and by name. */
const cleanValue = new Memo((value) => redactSecretArguments(redactSecretShapes(value)));
const secretName = new Memo(looksLikeSecretName);
/** One field as it may be recorded or shown; `exempt`: a package, whose name says nothing of its value. */
function redactFieldValue(name, value, exempt = false) {
    return !exempt && secretName.get(name) ? REDACTED : cleanValue.get(value);
}
/** Fields a run records: `packages` are the names of a pip or conda list's packages. */
function redactFields(entries, packages = new Set()) {
    const fields = [];
    const hidden = [];
    for (const [name, value] of entries) {
        const exempt = packages.has(name);
        if (!exempt && secretName.get(name))
            hidden.push(redactSecretShapes(name));
        fields.push([redactSecretShapes(name), redactFieldValue(name, value, exempt)]);
    }
    return { fields, hidden };
}
/**
 * A history's fields as every output shows them (history show, export, the site, the report's culprit
 * line): as recorded, with the rule applied again, so a history written before it, or by hand, shows no
 * secret either. Null and undefined pass through.
 */
function redactStoredFields(fields) {
    if (!fields)
        return fields;
    // fromEntries makes own properties: a field named `__proto__` stays a field.
    return Object.fromEntries(Object.entries(fields).map(([name, value]) => [
        redactSecretShapes(name),
        redactFieldValue(name, value, VERSION.test(value) || value === REDACTED),
    ]));
}

/**
 * Secrets out of every message and output: error lines, URLs echoed back by a server, the files the tool
 * writes. The secrets a run knows (registered), then every secret told by its shape (src/secrets/).
 */
/**
 * Replace every occurrence of each secret (and its URL-encoded form) with `***`; then every secret told by
 * its shape (a token's prefix, a JWT, a private key, a URL's credentials or a webhook's path).
 */
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
    return redactSecretShapes(out);
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
    quiet: false,
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
    otlpEndpoint: null,
    otlpProtocol: null,
    otlpHeaders: null,
    otlpSignals: null,
    otlp: null,
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
/**
 * A trailing unit in a header, as nvidia-smi and spreadsheets write it: `memory.used [MiB]`, `power (W)`:
 * where the suffix starts (the blanks before its bracket included) and the unit in it, trimmed; null
 * without one. What `/\s*[[(]\s*([^\])]*)\s*[\])]\s*$/` matches, found by index instead: that pattern
 * rescans the rest of the name from every bracket, quadratic on a long name of brackets (80 KB of `[{"k":`
 * in a file's first line took seconds).
 */
function unitSuffix(header) {
    if (TASK_LETTER.test(header))
        return null;
    let end = header.length;
    while (end > 0 && /\s/.test(header[end - 1]))
        end--;
    const close = end - 1;
    if (close < 0 || (header[close] !== ']' && header[close] !== ')'))
        return null;
    // The opening bracket is the first after any other closing one: the unit holds no closing bracket.
    const after = Math.max(header.lastIndexOf(']', close - 1), header.lastIndexOf(')', close - 1));
    let open = -1;
    for (let i = after + 1; i < close; i++) {
        if (header[i] === '[' || header[i] === '(') {
            open = i;
            break;
        }
    }
    if (open < 0)
        return null;
    let start = open;
    while (start > 0 && /\s/.test(header[start - 1]))
        start--;
    return { start, unit: header.slice(open + 1, close).trim() };
}
/**
 * Ultralytics' task letter, a capital in parentheses right after the name (`metrics/mAP50(B)` for boxes,
 * `(M)` for masks, `(P)` for poses): part of the name, not a unit (B is no byte here).
 */
const TASK_LETTER = /[A-Za-z0-9]\([A-Z]\)$/;
/** The unit written in a header's `[unit]` / `(unit)` suffix, or ''. */
function headerUnit(header) {
    return unitSuffix(header)?.unit ?? '';
}
/**
 * The metric's key in every sink: lower case, the `[unit]` suffix dropped, runs of anything but
 * letters, digits, `_` and `.` turned into one `_`. `lm loss` → `lm_loss`, `memory.used [MiB]` → `memory.used`.
 */
function metricKey(header) {
    return header
        .slice(0, unitSuffix(header)?.start ?? header.length)
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
 * `run:<name>` for every run of a batch in which two runs share an experiment (several `--csv` files with
 * one `--experiment`): without it their lines would be one series. Names are unique within the batch; one
 * that looks like a unique id is numbered instead (`run-2`), as the Pushgateway labels it.
 */
function runTagsWhereShared(summaries, allowIds) {
    const experiments = summaries.map((s) => tagValue(s.experiment));
    if (new Set(experiments).size === experiments.length)
        return summaries.map(() => ({}));
    return summaries.map((s, i) => {
        const name = tagValue(s.name);
        return { run: name && (allowIds || !looksLikeUniqueId(name)) ? name : `run-${i + 1}` };
    });
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

/**
 * Whether and where the OTLP sink sends, from the parameters and OpenTelemetry's own environment
 * variables (https://opentelemetry.io/docs/specs/otel/protocol/exporter/), resolved once by the shells at
 * start-up: this module stays light, the SDK loads only when a run exports.
 *
 * - `OTEL_EXPORTER_OTLP_ENDPOINT` is a base URL: `/v1/traces` and `/v1/metrics` are appended. The signal's
 *   own `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` / `_METRICS_ENDPOINT` is used as it is. The `otlp-endpoint`
 *   parameter, given, is a base URL and wins over both.
 * - `_PROTOCOL` (and the signal's own): `http/protobuf` (the default) or `http/json`. `grpc` is refused
 *   with a notice: its port (4317) does not speak HTTP, and sending there would only time out.
 * - `_HEADERS` (and the signal's own, which win key by key): `key=value,…`, values percent-decoded as the
 *   W3C Baggage format says. They are secrets (an API key): never printed, never handed to a watched command.
 * - `OTEL_TRACES_EXPORTER` / `OTEL_METRICS_EXPORTER`: `none` turns a signal off, `otlp` on. Traces are on
 *   by default; metrics only where asked (`otlp-signals` or `OTEL_METRICS_EXPORTER=otlp`), since a job that
 *   already sends them over StatsD would count every series twice.
 * - `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`: the resource (service.name wins over the attribute).
 * - `TRACEPARENT` / `TRACESTATE`: a caller's trace (a CI system's) the run's spans join.
 */
const DEFAULT_SERVICE_NAME = 'training-metrics-gate';
/** Where to send, null when no endpoint is set; `{ skip }` with a notice when one is set but cannot be used. */
function resolveOtlpTarget(given, env) {
    const base = given.endpoint?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || '';
    const own = (signal) => given.endpoint?.trim() ? '' : env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`]?.trim() || '';
    if (!base && !own('TRACES') && !own('METRICS'))
        return null;
    const wanted = signalsWanted(given.signals, env);
    if ('skip' in wanted)
        return wanted;
    const target = (signal) => {
        if (!wanted.signals.has(signal))
            return null;
        const upper = signal === 'traces' ? 'TRACES' : 'METRICS';
        const url = own(upper) || (base ? joinPath(base, `v1/${signal}`) : '');
        if (!url)
            return null;
        if (!isHttpUrl(url))
            return { skip: `OTLP: ${shown(url)} is not an http(s) URL; nothing sent over OTLP` };
        const protocol = given.protocol?.trim() || env[`OTEL_EXPORTER_OTLP_${upper}_PROTOCOL`] || env.OTEL_EXPORTER_OTLP_PROTOCOL;
        const p = (protocol?.trim() || 'http/protobuf');
        if (p !== 'http/protobuf' && p !== 'http/json')
            return {
                skip: `OTLP: protocol ${p} is not spoken here (http/protobuf or http/json, to the collector's OTLP/HTTP port, 4318 by default); no ${signal} sent over OTLP`,
            };
        return {
            url,
            protocol: p,
            headers: {
                ...parseOtlpHeaders(given.headers ?? env.OTEL_EXPORTER_OTLP_HEADERS ?? ''),
                ...(given.headers ? {} : parseOtlpHeaders(env[`OTEL_EXPORTER_OTLP_${upper}_HEADERS`] ?? '')),
            },
        };
    };
    const traces = target('traces');
    const metrics = target('metrics');
    for (const t of [traces, metrics])
        if (t && 'skip' in t)
            return t;
    return {
        endpoint: shown(base || own('TRACES') || own('METRICS')),
        traces: traces,
        metrics: metrics,
        serviceName: env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME,
        resource: parseKeyValues(env.OTEL_RESOURCE_ATTRIBUTES ?? ''),
        traceparent: env.TRACEPARENT?.trim() || null,
        tracestate: env.TRACESTATE?.trim() || null,
    };
}
/** The signals asked for: the parameter's list, else the OTEL_*_EXPORTER variables, else traces only. */
function signalsWanted(given, env) {
    if (given?.trim()) {
        const words = given
            .split(',')
            .map((w) => w.trim().toLowerCase())
            .filter(Boolean);
        const unknown = words.filter((w) => w !== 'traces' && w !== 'metrics');
        if (unknown.length)
            return { skip: `otlp-signals: expected traces, metrics or both, got "${given}"; nothing sent over OTLP` };
        return { signals: new Set(words) };
    }
    const signals = new Set();
    const exporter = (name) => (env[name] ?? '').split(',').map((w) => w.trim().toLowerCase());
    if (!exporter('OTEL_TRACES_EXPORTER').includes('none'))
        signals.add('traces');
    if (exporter('OTEL_METRICS_EXPORTER').includes('otlp'))
        signals.add('metrics');
    return { signals };
}
/** `key=value,key2=value2`, keys and values trimmed and percent-decoded (W3C Baggage, as the spec says). */
function parseOtlpHeaders(text) {
    return parseKeyValues(text);
}
function parseKeyValues(text) {
    const out = Object.create(null);
    for (const part of text.split(',')) {
        const i = part.indexOf('=');
        if (i <= 0)
            continue;
        const key = decode(part.slice(0, i).trim());
        const value = decode(part.slice(i + 1).trim());
        if (key)
            out[key] = value;
    }
    return out;
}
function decode(text) {
    try {
        return decodeURIComponent(text);
    }
    catch {
        return text;
    }
}
function joinPath(base, path) {
    return `${base.replace(/\/+$/, '')}/${path}`;
}
function isHttpUrl(text) {
    try {
        return /^https?:$/.test(new URL(text).protocol);
    }
    catch {
        return false;
    }
}
/** A URL as messages show it: credentials in it (`https://user:key@…`) taken out. */
function shown(url) {
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1***@');
}
/** Every header value of a target, for the secret registries. */
function otlpSecrets(target) {
    if (!target)
        return [];
    return [target.traces, target.metrics].flatMap((t) => (t ? Object.values(t.headers) : [])).filter(Boolean);
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
        name: 'quiet',
        key: 'quiet',
        kind: 'boolean',
        description: 'no progress on stderr while long reading, sending or building goes on',
        details: 'Show no progress on stderr. Without it, reading, sending or building that takes more than about 2 s reports its progress there: one line redrawn in a terminal, a plain line every tenth or 10 s in a CI log; never on stdout nor in the JSON report.',
        actionDefault: 'false',
        defaultText: 'false',
        docs: 'docs/performance.md#progress',
        commands: ['emit', 'record', 'check', 'watch', 'site'],
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
        name: 'otlp-endpoint',
        key: 'otlpEndpoint',
        kind: 'string',
        description: 'OpenTelemetry collector OTLP/HTTP base URL (default OTEL_EXPORTER_OTLP_ENDPOINT): the run as a trace, and metrics with otlp-signals',
        details: "OTLP/HTTP base URL of an OpenTelemetry Collector, e.g. http://otel-collector:4318 (default OTEL_EXPORTER_OTLP_ENDPOINT; /v1/traces and /v1/metrics are appended, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and _METRICS_ENDPOINT are taken as they are). The run, its phases, the tool's work and the gate's verdict go out as a trace; a TRACEPARENT in the environment is joined, and watch hands one to the command. Unset: nothing is sent and the SDK is never loaded.",
        defaultText: '`OTEL_EXPORTER_OTLP_ENDPOINT`',
        docs: 'docs/otlp.md',
    },
    {
        name: 'otlp-protocol',
        key: 'otlpProtocol',
        kind: 'string',
        choices: ['http/protobuf', 'http/json'],
        description: 'OTLP encoding: http/protobuf or http/json (default OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf)',
        details: 'OTLP encoding, http/protobuf or http/json (default OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf). grpc is not spoken: with it set in the environment nothing is sent over OTLP, with a warning.',
        defaultText: '`OTEL_EXPORTER_OTLP_PROTOCOL`, else `http/protobuf`',
        docs: 'docs/otlp.md',
    },
    {
        name: 'otlp-headers',
        key: 'otlpHeaders',
        kind: 'string',
        secret: true,
        description: 'OTLP request headers key=value,… such as an API key (masked; default OTEL_EXPORTER_OTLP_HEADERS)',
        details: 'Headers of every OTLP request, key=value,… with percent-encoded values, e.g. an API key (masked, never printed nor handed to a watched command; default OTEL_EXPORTER_OTLP_HEADERS).',
        defaultText: '`OTEL_EXPORTER_OTLP_HEADERS`',
        docs: 'docs/otlp.md',
    },
    {
        name: 'otlp-signals',
        key: 'otlpSignals',
        kind: 'string',
        description: 'what goes over OTLP: traces, metrics or traces,metrics (default traces; OTEL_TRACES_EXPORTER=none and OTEL_METRICS_EXPORTER=otlp are followed)',
        details: "What goes to the OTLP endpoint: traces, metrics, or traces,metrics. Default traces, following OTEL_TRACES_EXPORTER=none and OTEL_METRICS_EXPORTER=otlp; metrics are the StatsD route's levels, windows and verdicts as OTLP gauges and histograms, asked for explicitly so a job that also sends StatsD does not count its series twice.",
        defaultText: '`traces`',
        docs: 'docs/otlp.md',
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
                if (!Number.isSafeInteger(n) || n <= 0)
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
    const otlp = resolveOtlpTarget({
        endpoint: options.otlpEndpoint,
        protocol: options.otlpProtocol,
        headers: options.otlpHeaders,
        signals: options.otlpSignals,
    }, env);
    options.otlp = otlp && 'skip' in otlp ? null : otlp;
    if (otlp && 'skip' in otlp)
        options.notices.push(otlp.skip);
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

const MIB = 1024 * 1024;
function amount(n, unit) {
    return unit === 'bytes' ? (n / MIB).toFixed(1) : Math.round(n).toLocaleString('en-US');
}
function rate(perSecond, unit) {
    return unit === 'bytes'
        ? `${(perSecond / MIB).toFixed(1)} MiB/s`
        : `${Math.round(perSecond).toLocaleString('en-US')} ${unit}/s`;
}
/** Seconds as `42 s` or `3 min 5 s`. */
function duration(seconds) {
    const s = Math.max(0, Math.round(seconds));
    return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}
/** The task's line now; `final` once it ended: what was done, in how long. */
function describeTask(t, now, final) {
    const seconds = Math.max(0.001, (now - t.started) / 1000);
    const per = t.done / seconds;
    const unit = t.unit === 'bytes' ? ' MiB' : ` ${t.unit}`;
    if (final)
        return `${t.label}: ${amount(t.done, t.unit)}${unit} in ${duration(seconds)} (${rate(per, t.unit)})`;
    const parts = [`${t.label}: ${amount(t.done, t.unit)} of ${amount(t.total, t.unit)}${unit}`];
    if (t.total > 0)
        parts[0] += ` (${Math.min(100, Math.floor((100 * t.done) / t.total))} %)`;
    parts.push(rate(per, t.unit));
    if (per > 0 && t.total > t.done)
        parts.push(`${duration((t.total - t.done) / per)} left`);
    return parts.join(', ');
}

/**
 * Progress of long work on stderr, never on stdout nor in the JSON account. Work that is done within
 * DELAY_MS says nothing. Past it: in a terminal, one line redrawn in place (what is read of the total,
 * the rate, the time left), erased when the work ends; in a CI log (`CI` or `GITHUB_ACTIONS` set, or
 * stderr not a terminal), a plain line each time the outermost task passes another tenth of its total
 * or QUIET_MS went by without one, and a last line when it ends: about a dozen lines, never a flood.
 *
 * Tasks nest (the runs of a manifest, the bytes of the file being read): the line shows each open one.
 * The clock is given, so tests say what time it is.
 */
const NO_TASK = { add() { }, grow() { }, end() { } };
/** Says nothing (`--quiet`, tests, and what runs inside another command's progress). */
const SILENT = { task: () => NO_TASK };
const DELAY_MS = 2000;
/** The shortest time between two redraws of the terminal line. */
const REDRAW_MS = 200;
/** The longest a CI log goes without a line while work goes on. */
const QUIET_MS = 10_000;
class Progress {
    o;
    open = [];
    /** Something is on the terminal line (to erase), or lines were printed for the outermost task. */
    shown = false;
    lastDraw = Number.NEGATIVE_INFINITY;
    lastTenth = -1;
    constructor(o) {
        this.o = o;
    }
    task(label, total, unit) {
        const t = { label: printable(label), unit, total: Math.max(0, total), done: 0, started: this.o.now() };
        this.open.push(t);
        return {
            add: (n) => {
                t.done += n;
                this.tick();
            },
            grow: (n) => {
                t.total += n;
            },
            end: () => this.end(t),
        };
    }
    tick() {
        const outer = this.open[0];
        if (!outer)
            return;
        const now = this.o.now();
        if (now - outer.started < DELAY_MS)
            return;
        if (this.o.terminal) {
            if (now - this.lastDraw < REDRAW_MS)
                return;
            this.o.write(`\r\x1b[K${this.line(now)}`);
        }
        else {
            const tenth = outer.total > 0 ? Math.floor((10 * outer.done) / outer.total) : -1;
            if (tenth <= this.lastTenth && now - this.lastDraw < QUIET_MS)
                return;
            this.lastTenth = Math.max(tenth, this.lastTenth);
            this.o.write(`${this.line(now)}\n`);
        }
        this.lastDraw = now;
        this.shown = true;
    }
    end(t) {
        const at = this.open.indexOf(t);
        if (at < 0)
            return;
        if (at === 0 && this.shown) {
            const now = this.o.now();
            if (this.o.terminal)
                this.o.write('\r\x1b[K');
            else
                this.o.write(`${describeTask({ ...t, done: t.done }, now, true)}\n`);
        }
        this.open.splice(at);
        if (at === 0) {
            this.shown = false;
            this.lastDraw = Number.NEGATIVE_INFINITY;
            this.lastTenth = -1;
        }
    }
    line(now) {
        return this.open.map((t) => describeTask(t, now, false)).join(' · ');
    }
}
/**
 * A label on one line: control characters (a newline in a file name) would start another, and `##[` is
 * a runner's command anywhere on a line; lines begin with the label's own first word, never `::`.
 */
function printable(label) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is taken out
    const one = label.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').replace(/##\[/g, '#?[');
    return one.length > 80 ? `…${one.slice(-79)}` : one;
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
const LF$1 = 0x0a;
const blankByte = (b) => b === LF$1 || b === 0x0d || b === 0x20 || b === 0x09;
/**
 * The first `bytes` bytes from the file's first line that is not blank, and how many lines came before it.
 * A rank's file split out of a log of many ranks (split-ranks.ts) holds the other ranks' lines as blank
 * lines, so its first row can come after any number of them; the bytes that decide a file's kind are its
 * first written ones. Linear: the blank run is read once, a chunk at a time.
 */
async function readHeadAfterBlankLines(source, bytes) {
    const fh = await openFile(source);
    try {
        const chunk = Buffer.alloc(64 << 10);
        let linesBefore = 0;
        let lineStart = 0;
        for (let pos = 0;;) {
            const { bytesRead } = await fh.read(chunk, 0, chunk.length, pos);
            if (bytesRead === 0)
                return { head: Buffer.alloc(0), linesBefore };
            let i = 0;
            while (i < bytesRead && blankByte(chunk[i])) {
                if (chunk[i] === LF$1) {
                    linesBefore++;
                    lineStart = pos + i + 1;
                }
                i++;
            }
            if (i < bytesRead)
                break;
            pos += bytesRead;
        }
        const head = Buffer.alloc(bytes);
        const { bytesRead } = await fh.read(head, 0, bytes, lineStart);
        return { head: head.subarray(0, bytesRead), linesBefore };
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
    priorCv: { throughput: 0.01, loss: 0.003, quality: 0.005, memory: 0.001, other: 0.01 },
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
        const { gpuPriceSettings } = await import('./gpu-prices-CPz3Z89l.js');
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
    const { parseConfig } = await import('./parse-Do457uyk.js');
    return parseConfig(text, path, inputs);
}

const BISECT_GOOD = 0;
const BISECT_BAD = 1;
const BISECT_SKIP = 125;
function bisectExitCode(gate, errors, summaries = []) {
    if (errors > 0 || gate.length === 0)
        return BISECT_SKIP;
    if (summaries.some((s) => s.crash))
        return BISECT_SKIP;
    if (gate.some((g) => g.regression))
        return BISECT_BAD;
    if (gate.some((g) => !g.run.complete || g.run.truncated))
        return BISECT_SKIP;
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
        id: 'progress',
        test: /(^|[._])(percentage|progress|percent_done|pct_done)$/,
        class: { kind: 'ignore', direction: 'none', gate: false, minEffect: 0 },
        reason: "how far the run has got (LLaMA-Factory's percentage): bookkeeping, never sent as a metric",
    },
    {
        id: 'bookkeeping',
        test: /(^|[._])(epoch|epochs|timestamp|wall_?clock|date|walltime)$/,
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
/** A series named by the axis it is drawn against (Keras 3's `evaluation_loss_vs_iterations`): the metric is what comes before. */
const PLOT_AXIS_SUFFIX = /^(.*[^_.])_vs_(iterations?|steps?|epochs?|samples|tokens|time)$/;
/** The rule a key takes, the suffix-less name first; null where none matches. */
function ruleFor(named) {
    const key = PLOT_AXIS_SUFFIX.exec(named)?.[1] ?? named;
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
    onBytes;
    buf = Buffer.allocUnsafe(CHUNK$1);
    /** Bytes of `buf` that hold file content. */
    filled = 0;
    /** File offset of the byte after `buf[filled - 1]`. */
    fileOffset = 0;
    eof = false;
    fh = null;
    constructor(source, 
    /** Told how many bytes each read adds, for progress. */
    onBytes) {
        this.source = source;
        this.onBytes = onBytes;
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
            this.onBytes?.(bytesRead);
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
        this.onBytes?.(bytesRead);
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
        const { parse } = await import('./sync-DjlYNjSm.js');
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
 * lower-cased: the unit found as every metric name's is (naming.ts's unitSuffix, linear in the name).
 */
function bareName(name) {
    return name
        .slice(0, unitSuffix(name)?.start ?? name.length)
        .trim()
        .toLowerCase();
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

/**
 * A chart exported from Weights & Biases ("Download CSV") holds several runs side by side: a step column,
 * then `<run> - <metric>` for each run with `<run> - <metric>__MIN` and `__MAX` beside it (the range the
 * chart shaded). Read as one run it would be a run of many losses, each run's curve a column; so it is
 * refused, naming its runs, with how to give one run.
 */
/** `<run> - <metric>`, with the chart's `__MIN` / `__MAX` companions told apart. */
const RUN_COLUMN = /^(.+?) - (.+?)(__MIN|__MAX)?$/;
/** The runs a header's columns name, when it is such an export; null otherwise. */
function wandbExportRuns(names) {
    const parsed = names.map((n) => RUN_COLUMN.exec(n));
    const paired = parsed.filter((m) => m?.[3]).length;
    const named = parsed.filter((m) => m !== null).length;
    // Most columns name a run, and the chart's range companions are there.
    if (paired === 0 || named < (names.length - 1) / 2)
        return null;
    return [...new Set(parsed.flatMap((m) => (m ? [m[1]] : [])))];
}
function refuseWandbExport(source, headerLine, names) {
    const runs = wandbExportRuns(names);
    if (!runs)
        return;
    const shown = runs
        .slice(0, 3)
        .map((r) => JSON.stringify(r.length > 80 ? `${r.slice(0, 80)}…` : r))
        .join(', ');
    throw new InputError(source, headerLine, `a Weights & Biases chart export of ${runs.length} run${runs.length === 1 ? '' : 's'} (${shown}${runs.length > 3 ? ', …' : ''}; columns "<run> - <metric>" with __MIN/__MAX), not one run's per-step log: give each run's own log (its wandb-history.jsonl, or the run's CSV export from its Files tab), one file a run`);
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
    const { parse: parseSync } = await import('./sync-DjlYNjSm.js');
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

let Block$1 = class Block {
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
};
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
    hugeSteps = 0;
    firstHugeStep = '';
    /** Cells given two different numbers at one step: how many, and the first. */
    conflicts = 0;
    firstConflict = null;
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
        this.current = new Block$1(columns, blockRows);
        // An empty block rather than null keeps the field's type fixed for the optimiser.
        this.held = new Block$1(columns, 0);
    }
    /** Clear the scratch row (all cells missing). */
    clearRow() {
        this.values.fill(NaN);
        this.kinds.fill(CellKind.Missing);
    }
    /** Add the scratch row at `step`; `line` is its line in the file, for warnings. */
    commit(step, line) {
        if (Number.isNaN(step)) {
            if (this.badSteps++ === 0)
                this.firstBadStepLine = line;
            return;
        }
        if (!(Math.abs(step) <= Number.MAX_SAFE_INTEGER)) {
            if (this.hugeSteps++ === 0)
                this.firstHugeStep = `${this.at} ${line}: ${step}`;
            return;
        }
        // The last row held: in the current block, else at the end of the held one (no object per row).
        const block = this.current.length ? this.current : this.held;
        const row = block.length - 1;
        if (row >= 0 && step === block.steps[row]) {
            this.merge(block, row, line);
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
        this.held = new Block$1(this.columns, 0);
        this.current = new Block$1(this.columns, 1);
        return this.take();
    }
    /**
     * Non-fatal findings so far, one line each. `names` are the columns' names and `source` the file, for
     * the warning about a step logged twice (without them it says the column's number).
     */
    warnings(names = [], source = '') {
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
        if (this.hugeSteps) {
            out.push(`${this.hugeSteps} row${this.hugeSteps === 1 ? '' : 's'} with a step beyond ±${Number.MAX_SAFE_INTEGER} (2^53 − 1, past which steps are no longer exact) skipped (first at ${this.firstHugeStep})`);
        }
        const c = this.firstConflict;
        if (c) {
            const name = names[c.column] ?? `column ${c.column + 1}`;
            const more = this.conflicts > 1 ? `; ${this.conflicts} such cells in all` : '';
            out.push(`${source ? `${source}: ` : ''}${this.at} ${c.line}: step ${c.step} logged twice with different values, "${name}" ${c.earlier} then ${c.kept} (the later kept)${more}`);
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
            this.held = new Block$1(this.columns, 0);
        }
    }
    /** The current block, after moving a full one to `held` (and the held one out of restart reach). */
    blockWithRoom() {
        if (this.current.length === this.current.capacity) {
            this.pass(this.held);
            this.held = this.current;
            this.current = new Block$1(this.columns, this.blockRows);
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
    merge(block, row, line) {
        for (let c = 0; c < this.columns; c++) {
            const kind = this.kinds[c];
            if (kind === CellKind.Missing || kind === CellKind.Text)
                continue;
            const earlier = block.values[c][row];
            const value = this.values[c];
            // Both numbers, and not the same one (a line written twice is no conflict): said, the later kept.
            if (kind === CellKind.Number && !Number.isNaN(earlier) && !Number.isNaN(value) && earlier !== value) {
                if (this.conflicts++ === 0)
                    this.firstConflict = { column: c, step: block.steps[row], kept: value, earlier, line };
            }
            block.values[c][row] = value;
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

/** The line Python starts every traceback with. */
const TRACEBACK_START = 'Traceback (most recent call last):';
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
    tracebackLine = 0;
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
    traceback(line) {
        if (this.tracebackLine === 0)
            this.tracebackLine = line;
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
     * After the last batch: the findings as warnings (and `truncated` set when the last line was cut off,
     * `crash` when a traceback was written into the file);
     * throws when no row, or no finite value, was read.
     */
    close(warnings, truncated, crash = { at: null }) {
        const rowWarnings = this.rows.warnings(this.columns, this.source);
        warnings.push(...rowWarnings, ...this.textCells.warnings());
        if (this.longRows) {
            warnings.push(`${this.longRows} row${this.longRows === 1 ? '' : 's'} had more fields than the header; extra fields ignored (first at line ${this.firstLongRow})`);
        }
        if (this.headerRepeats) {
            warnings.push(`the header is repeated ${this.headerRepeats} time${this.headerRepeats === 1 ? '' : 's'} mid-file (first at line ${this.firstHeaderRepeat}; a log reopened in append mode?): those lines skipped`);
        }
        if (this.tracebackLine) {
            crash.at = `${this.source}:${this.tracebackLine}`;
            warnings.push(`line ${this.tracebackLine}: a Python traceback: the training crashed and wrote its error into this file (the rows before it are read)`);
        }
        if (this.truncatedLine) {
            truncated.value = true;
            warnings.push(`line ${this.truncatedLine}: last line is incomplete (file still being written?); left out, the ${this.rowsOut} complete rows kept`);
        }
        // Every row skipped (steps past 2^53, none numeric): the refusal says why.
        if (this.rowsOut === 0)
            throw new InputError(this.source, null, `no complete data rows${rowWarnings.length ? ` (${rowWarnings.join('; ')})` : ''}`);
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
        if (Number.isNaN(step) && record[0]?.startsWith(TRACEBACK_START))
            sink.traceback?.(line);
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
const TRACEBACK = Buffer.from(TRACEBACK_START);
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
        const rowStart = i;
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
        // A row without a step is rare: only then are its first bytes compared with a traceback's.
        const end = rowStart + TRACEBACK.length;
        if (Number.isNaN(step) && end <= buf.length && buf.compare(TRACEBACK, 0, TRACEBACK.length, rowStart, end) === 0)
            sink.traceback?.(line);
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
    sink.close(plan.warnings, plan.truncated, plan.crash);
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
    const window = new FileWindow(source, options.onBytes);
    const { names, delimiter, headerLine, headerText, dataStart } = await sniffCsv(window);
    const after = window.buf.toString('utf8', dataStart, Math.min(window.filled, dataStart + PROBE_BYTES));
    refuseNonTable(source, { headerLine, headerText, after, delimiter, names });
    const sample = (await sampleRecords(window, dataStart, headerLine, delimiter)).filter((record) => !isHeaderRecord(record, names));
    refuseWandbExport(source, headerLine, names);
    const layout = typeColumns(source, headerLine, names, findStepColumn(names), sample);
    refuseRunSummary(source, headerLine, names, layout, sample);
    const truncated = { value: false };
    const crash = { at: null };
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
            crash,
        }),
        warnings: layout.warnings,
        truncated,
        crash,
    };
}

/** A Table over arrays already in memory: for simulators, small JSON shapes and tests. */
/** Values `[start, end)` as a Float64Array of their own. */
function slice(values, start, end) {
    if (values instanceof Float64Array)
        return values.slice(start, end);
    const out = new Float64Array(end - start);
    for (let i = start; i < end; i++)
        out[i - start] = values[i];
    return out;
}
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
    // Each column's nan-token rows are walked once over all batches (they are in row order).
    const tokens = names.map((name) => {
        const rows = options.nanTokens ? ownValue(options.nanTokens, name) : undefined;
        return rows?.every((r, i) => i === 0 || r >= rows[i - 1]) === false ? [...rows].sort((a, b) => a - b) : rows;
    });
    const next = names.map(() => 0);
    async function* batches() {
        for (let start = 0; start < n; start += batchSize) {
            const end = Math.min(n, start + batchSize);
            const batch = {
                steps: slice(steps, start, end),
                values: names.map((name) => slice(columns[name], start, end)),
            };
            if (options.nanTokens) {
                batch.nanTokens = tokens.map((rows, c) => {
                    if (!rows)
                        return undefined;
                    const out = [];
                    let i = next[c];
                    for (; i < rows.length && rows[i] < end; i++)
                        if (rows[i] >= start)
                            out.push(rows[i] - start);
                    next[c] = i;
                    return out.length ? out : undefined;
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
 * Collects points keyed by step for the shapes read whole (Megatron golden values, HF trainer_state,
 * JSON-lines logs, TensorBoard events out of step order), then hands them on as a Table in step order.
 * A later point for the same step and column replaces an earlier one.
 *
 * Each column keeps its points as two typed arrays (step, value) in the order they came, so a value costs
 * 16 bytes and no object. The table is built once at the end: the steps of all columns merged, each
 * column placed on them by one walk (points that came out of step order are sorted first, stably, so the
 * later write of a step still wins). Linear in the points when they come in step order, n log n otherwise.
 */
/** One column's points, in the order they were added. */
class StepColumn {
    name;
    map;
    steps = new Float64Array(16);
    values = new Float64Array(16);
    length = 0;
    /** Steps strictly increasing so far: placed without sorting. */
    increasing = true;
    /** Values that were text, read as missing. */
    text = 0;
    /** Whether a value other than text came (a column of the table), and when first. */
    order = -1;
    constructor(name, map) {
        this.name = name;
        this.map = map;
    }
    /**
     * Add `value` (a number, a numeric token string such as `"nan"`, or null for missing) at `step`. A NaN
     * number is an explicit NaN, as the token is.
     */
    add(step, value) {
        if (typeof value === 'number')
            this.addNumber(step, value);
        else if (typeof value === 'string') {
            const cell = classifyCell(value, this.map.cell);
            if (cell.kind === CellKind.Number || cell.kind === CellKind.NanToken)
                this.addNumber(step, cell.value);
            else if (cell.kind === CellKind.Missing)
                this.seen();
            else
                this.text++;
        }
        else if (value === null || value === undefined)
            this.seen();
        else
            this.text++;
    }
    /** Add a number at `step` (NaN: an explicit NaN). */
    addNumber(step, value) {
        if (this.order < 0)
            this.seen();
        const n = this.length;
        if (n === this.steps.length)
            this.grow();
        if (n > 0 && !(step > this.steps[n - 1]))
            this.increasing = false;
        this.steps[n] = step;
        this.values[n] = value;
        this.length = n + 1;
    }
    /** Drop the points at `step` and after; how many. */
    purgeFrom(step) {
        let kept = 0;
        for (let i = 0; i < this.length; i++)
            if (this.steps[i] < step) {
                this.steps[kept] = this.steps[i];
                this.values[kept++] = this.values[i];
            }
        const dropped = this.length - kept;
        this.length = kept;
        return dropped;
    }
    seen() {
        if (this.order < 0)
            this.order = this.map.nextOrder++;
    }
    /** Room for `n` more points without growing on the way (a list whose length is known). */
    reserve(n) {
        if (this.length + n > this.steps.length)
            this.resize(this.length + n);
    }
    grow() {
        this.resize(this.steps.length * 2);
    }
    resize(capacity) {
        const steps = new Float64Array(capacity);
        steps.set(this.steps.subarray(0, this.length));
        this.steps = steps;
        const values = new Float64Array(capacity);
        values.set(this.values.subarray(0, this.length));
        this.values = values;
    }
}
class StepMap {
    source;
    byName = new Map();
    /** Scratch cell for classifying text values. */
    cell = { kind: CellKind.Missing, value: Number.NaN };
    nextOrder = 0;
    /** Points dropped by purgeFrom. */
    purged = 0;
    built = null;
    constructor(source) {
        this.source = source;
    }
    /** The column named `name`, made when new. */
    column(name) {
        let c = this.byName.get(name);
        if (!c) {
            c = new StepColumn(name, this);
            this.byName.set(name, c);
        }
        return c;
    }
    /** Add `value` at `step` in column `name` (see StepColumn.add). */
    set(step, name, value) {
        this.column(name).add(step, value);
    }
    /** Drop every point at `step` and after (TensorBoard's purge at a SessionLog START). */
    purgeFrom(step) {
        for (const c of this.byName.values())
            this.purged += c.purgeFrom(step);
    }
    /** Points set again at their step and column with another value (the later one kept). */
    get replaced() {
        return this.build().replaced;
    }
    /**
     * The warning for points set again with another value (a job restarted or resumed into the same file:
     * detectron2 and TensorBoard append), or null: which value was kept is said, never left silent.
     */
    replacedNote() {
        const n = this.replaced;
        return n
            ? `${n} point${n === 1 ? '' : 's'} written again at their step with another value (a resumed job): the later write is kept`
            : null;
    }
    /**
     * The collected points as a Table; an InputError when no column has a finite value. `padding` names a
     * format whose files are padded with NaN where nothing was logged (Megatron's golden values run every
     * metric from the start to `end_step` with "nan", so a run resumed half-way has them before its first
     * logged step, and a run stopped early after its last): steps before the first or after the last
     * finite value of any metric, holding nothing but NaN, are that padding and are left out with a warning.
     * Elsewhere a NaN is a NaN.
     */
    toTable(stepColumn, batchSize, warnings, padding) {
        const { steps: all, columns, dense, held } = this.build();
        let from = 0;
        let to = all.length;
        if (padding)
            [from, to] = this.withoutPadding(all, dense, padding, warnings);
        const steps = all.subarray(from, to);
        // Column names are the file's: `constructor` or `__proto__` must stay a key, never a prototype's property.
        const out = plainRecord();
        const nanTokens = plainRecord();
        const empty = [];
        columns.forEach((c, k) => {
            const values = dense[k].subarray(from, to);
            const tokens = [];
            let finite = false;
            for (let i = 0; i < values.length; i++) {
                const v = values[i];
                if (Number.isNaN(v)) {
                    if (held[k][i + from])
                        tokens.push(i);
                }
                else if (!finite && Number.isFinite(v))
                    finite = true;
            }
            out[c.name] = values;
            if (tokens.length)
                nanTokens[c.name] = tokens;
            if (!finite)
                empty.push(c.name);
        });
        for (const c of this.byName.values()) {
            if (!c.text)
                continue;
            if (c.order < 0)
                warnings.push(`text field "${c.name}" left out (${c.text} value${c.text === 1 ? '' : 's'})`);
            else
                warnings.push(`field "${c.name}": ${c.text} value${c.text === 1 ? '' : 's'} not a number, read as missing`);
        }
        if (!steps.length || empty.length === columns.length) {
            throw new InputError(this.source, null, 'no metric has a finite value');
        }
        if (empty.length)
            warnings.push(`column${empty.length === 1 ? '' : 's'} with no finite value: ${empty.map((n) => `"${n}"`).join(', ')}`);
        return tableFromColumns(this.source, steps, out, { stepColumn, nanTokens, batchSize, warnings });
    }
    /** The merged steps and each column's values on them, built once. */
    build() {
        if (this.built)
            return this.built;
        const columns = [...this.byName.values()].filter((c) => c.order >= 0).sort((a, b) => a.order - b.order);
        const steps = mergedSteps(columns);
        let replaced = 0;
        const dense = [];
        const heldAll = [];
        for (const c of columns) {
            const values = new Float64Array(steps.length).fill(Number.NaN);
            const held = new Uint8Array(steps.length);
            const order = c.increasing ? null : stableOrder(c);
            let row = 0;
            let lastStep = Number.NaN;
            let lastValue = 0;
            for (let j = 0; j < c.length; j++) {
                const i = order ? order[j] : j;
                const step = c.steps[i];
                const value = c.values[i];
                if (step === lastStep) {
                    if (!Object.is(value, lastValue))
                        replaced++;
                }
                else
                    while (steps[row] !== step)
                        row++;
                values[row] = value;
                held[row] = 1;
                lastStep = step;
                lastValue = value;
            }
            dense.push(values);
            heldAll.push(held);
            // Placed: the column's own arrays are not needed again (the map is spent once built).
            c.steps = c.values = new Float64Array(0);
        }
        this.built = { steps, columns, dense, held: heldAll, replaced };
        return this.built;
    }
    withoutPadding(steps, dense, format, warnings) {
        const onlyNan = (r) => dense.every((v) => Number.isNaN(v[r]));
        let end = steps.length;
        while (end > 0 && onlyNan(end - 1))
            end--;
        if (end === 0)
            return [0, steps.length];
        let start = 0;
        while (start < end && onlyNan(start))
            start++;
        const span = (a, b) => `${b - a} ${a === 0 ? 'leading' : 'trailing'} step${b - a === 1 ? ` (step ${steps[a]}) holds` : `s (steps ${steps[a]}–${steps[b - 1]}) hold`} only "nan"`;
        if (start > 0)
            warnings.push(`${span(0, start)}: ${format} pad the steps before a resumed run's first logged step this way; not counted as steps, the run starts at step ${steps[start]}`);
        if (end < steps.length)
            warnings.push(`${span(end, steps.length)}: ${format} pad past the last logged step this way; not counted as steps, the run ends at step ${steps[end - 1]}`);
        return [start, end];
    }
}
/** The steps of every column, sorted, each once. */
function mergedSteps(columns) {
    const first = columns[0];
    if (!first)
        return new Float64Array(0);
    // The common case: every column logged at the same steps, in order.
    if (first.increasing &&
        columns.every((c) => c.increasing && c.length === first.length && sameSteps(c.steps, first.steps, c.length)))
        return first.steps.slice(0, first.length);
    const all = new Float64Array(columns.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of columns) {
        all.set(c.steps.subarray(0, c.length), at);
        at += c.length;
    }
    all.sort();
    let n = 0;
    for (let i = 0; i < all.length; i++)
        if (i === 0 || all[i] !== all[n - 1])
            all[n++] = all[i];
    return all.slice(0, n);
}
function sameSteps(a, b, n) {
    for (let i = 0; i < n; i++)
        if (a[i] !== b[i])
            return false;
    return true;
}
/** The indexes of a column's points sorted by step, the order they came in kept among equal steps. */
function stableOrder(c) {
    const order = Uint32Array.from({ length: c.length }, (_, i) => i);
    const steps = c.steps;
    return order.sort((a, b) => steps[a] - steps[b] || a - b);
}

/**
 * A step a JSON file names, as a key (`"values": {"100": …}`) or a number: a whole number within ±(2⁵³ − 1),
 * where a double holds every integer. Beyond it neighbouring steps are the same number, and a loop that
 * counts from one step to the next never ends.
 */
function safeStep(value) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    return Number.isSafeInteger(n) ? n : null;
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
    let unsafe = 0;
    let firstUnsafe = '';
    json.log_history.forEach((entry, i) => {
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
            throw new InputError(source, null, `log_history[${i}] is not an object`);
        }
        const raw = entry.step;
        if (typeof raw !== 'number' || !Number.isFinite(raw)) {
            withoutStep++;
            return;
        }
        const step = safeStep(raw);
        if (step === null) {
            if (unsafe++ === 0)
                firstUnsafe = `log_history[${i}]: step ${raw}`;
            return;
        }
        for (const key in entry) {
            if (key !== 'step')
                map.set(step, key, entry[key]);
        }
    });
    if (withoutStep)
        warnings.push(`${withoutStep} log_history entr${withoutStep === 1 ? 'y' : 'ies'} without a numeric step left out`);
    if (unsafe)
        warnings.push(`${unsafe} log_history entr${unsafe === 1 ? 'y' : 'ies'} whose step is not a whole number within ±2^53 left out (the first: ${firstUnsafe})`);
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
/**
 * The first step and the interval of a list layout's values (the i-th at `start_step + i × step_interval`),
 * whole numbers whose every step a double holds exactly: a `start_step` of 1e300 would make every step the
 * same number.
 */
function listSteps(source, metric, series, length) {
    const start = series.start_step;
    const interval = series.step_interval;
    if (typeof start !== 'number' || typeof interval !== 'number' || !(interval > 0)) {
        throw new InputError(source, null, `metric "${metric}": "values" is a list, so it needs a numeric "start_step" and a positive "step_interval"`);
    }
    const last = start + Math.max(0, length - 1) * interval;
    for (const [what, v] of [
        ['start_step', start],
        ['step_interval', interval],
        [`the last step (start_step + ${length - 1} × step_interval)`, last],
    ])
        if (!Number.isSafeInteger(v))
            throw new InputError(source, null, `metric "${metric}": ${what} ${v} is not a whole number within ±2^53`);
    return [start, interval];
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
        const column = map.column(metric);
        if (Array.isArray(series.values)) {
            const values = series.values;
            const [start, interval] = listSteps(source, metric, series, values.length);
            column.reserve(values.length);
            for (let i = 0; i < values.length; i++)
                column.add(start + i * interval, values[i]);
            continue;
        }
        for (const key in series.values) {
            const step = safeStep(key);
            if (step === null)
                throw new InputError(source, null, `metric "${metric}": step "${key}" is not a whole number within ±2^53`);
            column.add(step, series.values[key]);
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
 * `maxDepth + 1` (or -1), where Python's bare non-finite tokens start (at most until the depth is
 * exceeded), and, with `topKeys`, the keys the top-level object holds more than once.
 */
function scanJson(text, maxDepth, topKeys = false) {
    let depth = 0;
    const tokens = [];
    const duplicates = [];
    const keys = topKeys ? new Map() : null;
    let topObject = false;
    // Only these characters matter; the regular expression skips the rest (digits, commas) natively.
    const interesting = /["{}[\]NI-]/g;
    for (let m = interesting.exec(text); m !== null; m = interesting.exec(text)) {
        const i = m.index;
        const c = text.charCodeAt(i);
        if (c === 0x22 /* " */) {
            const close = closingQuote(text, i);
            // A string in the top-level object right after its `{` or a `,` is a key.
            if (keys && depth === 1 && topObject && /[{,]/.test(previousNonSpace(text, i))) {
                const raw = text.slice(i + 1, close);
                const key = raw.includes('\\') ? unescaped(raw) : raw;
                const first = keys.get(key);
                if (first === undefined)
                    keys.set(key, i);
                else
                    duplicates.push({ key, first, again: i });
            }
            interesting.lastIndex = close + 1;
        }
        else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
            if (++depth > maxDepth)
                return { depthAt: i, tokens, duplicates };
            if (depth === 1)
                topObject = c === 0x7b;
        }
        else if (c === 0x7d /* } */ || c === 0x5d /* ] */)
            depth--;
        else {
            const token = PYTHON_TOKENS.find((t) => text.startsWith(t, i));
            if (token) {
                tokens.push([i, token]);
                interesting.lastIndex = i + token.length;
            }
        }
    }
    return { depthAt: -1, tokens, duplicates };
}
/** Where the string opened at `open` closes (its closing quote, not one escaped), or the text's end. */
function closingQuote(text, open) {
    for (let q = text.indexOf('"', open + 1); q >= 0; q = text.indexOf('"', q + 1)) {
        let slashes = 0;
        while (text.charCodeAt(q - 1 - slashes) === 0x5c /* \ */)
            slashes++;
        if (slashes % 2 === 0)
            return q;
    }
    return text.length;
}
/** The character before `at`, whitespace skipped ('' at the start). */
function previousNonSpace(text, at) {
    let i = at - 1;
    while (i >= 0 && /\s/.test(text[i]))
        i--;
    return i >= 0 ? text[i] : '';
}
/** A key's text with its escapes read; as it is when they are not JSON's (JSON.parse then says so). */
function unescaped(raw) {
    try {
        return JSON.parse(`"${raw}"`);
    }
    catch {
        return raw;
    }
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
    const { depthAt: at, tokens, duplicates } = scanJson(text, maxDepth, limits.onDuplicateKey !== undefined);
    if (at >= 0) {
        throw new InputError(source, limits.line ?? lineAt(text, at), `JSON nested more than ${maxDepth} levels deep; refused`);
    }
    const value = JSON.parse(tokens.length ? quoteTokens(text, tokens) : text);
    for (const d of duplicates)
        limits.onDuplicateKey(d);
    return value;
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
    const numbers = [];
    let truncated = false;
    // A key twice on a line: JSON.parse keeps the later value without a word.
    let twice = 0;
    let firstTwice = '';
    all.forEach(({ line, text: t }, i) => {
        let value;
        const onDuplicateKey = ({ key }) => {
            if (twice++ === 0)
                firstTwice = `line ${line}: "${key}"`;
        };
        try {
            value = parseJsonLimited(t, source, { line, maxChars: MAX_LINE_CHARS$1, onDuplicateKey });
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
        numbers.push(line);
    });
    if (twice)
        warnings.push(`${twice} key${twice === 1 ? ' is' : 's are'} given twice on a line (the first: ${firstTwice}): the later value is read, the first left out`);
    return { objects, lines: numbers, truncated };
}
/** The per-step table of a JSON-lines log whose step key is `stepKey`. */
function jsonLinesTable(source, parsed, stepKey, batchSize, warnings) {
    const map = new StepMap(source);
    let withoutStep = 0;
    let unsafe = 0;
    let firstUnsafe = '';
    let nested = 0;
    let total;
    let badTotal;
    for (const [i, o] of parsed.objects.entries()) {
        const raw = o[stepKey];
        if (typeof raw !== 'number' || !Number.isFinite(raw)) {
            withoutStep++;
            continue;
        }
        const step = safeStep(raw);
        if (step === null) {
            if (unsafe++ === 0)
                firstUnsafe = `line ${parsed.lines[i]}: ${raw}`;
            continue;
        }
        // LLaMA-Factory's planned length: the expected steps for completeness, not a metric.
        if (typeof o.total_steps === 'number' && o.total_steps > 0) {
            if (Number.isSafeInteger(o.total_steps))
                total = o.total_steps;
            else
                badTotal ??= o.total_steps;
        }
        for (const key in o) {
            if (key === stepKey || key === 'total_steps')
                continue;
            const value = o[key];
            if (typeof value === 'object' && value !== null) {
                nested++;
                continue;
            }
            map.set(step, key, value);
        }
    }
    if (withoutStep)
        warnings.push(`${withoutStep} line${withoutStep === 1 ? '' : 's'} without a numeric "${stepKey}" left out`);
    if (unsafe)
        warnings.push(`${unsafe} line${unsafe === 1 ? '' : 's'} whose "${stepKey}" is not a whole number within ±2^53 left out (the first: ${firstUnsafe})`);
    if (badTotal !== undefined)
        warnings.push(`"total_steps" ${badTotal} is not a whole number within ±2^53; the expected length is not known from it`);
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

/**
 * OpenMMLab's JSON-lines logs keep training and validation lines on axes of their own; read as one table
 * the way their own tools plot them (mmdet's `analyze_logs.py`, mmengine's visualizer), with the two
 * phases kept apart:
 *
 * - mmdetection 2's `*.log.json`: a first line of `env_info`, then lines with `"mode": "train"` (an
 *   `iter` counted within each `epoch`) or `"mode": "val"` (the epoch's metrics; its `iter` is the
 *   epoch's length). A training line's step is the iterations of the epochs before it plus its `iter`;
 *   a validation line's, the iterations up to the end of its epoch.
 * - mmengine's `vis_data/scalars.json`: training lines carry `lr`, a loss and `epoch` beside `step`
 *   (the iteration); validation lines carry neither, and with an epoch-based loop their `step` is the
 *   epoch, placed at the last iteration of that epoch. With an iteration-based loop it is already one.
 *
 * A key both phases log (`data_time`, `time`, `memory`) is the validation's as `val/<key>`: the time of
 * an evaluation batch is no training step time. The validation line's own bookkeeping (`mode`, `epoch`,
 * `iter`, `lr`) is left out. Anything else is read as any JSON-lines log is.
 */
const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);
const isLoss = (key) => /(^|[._/])loss/.test(key);
const BOOKKEEPING = new Set(['mode', 'epoch', 'iter', 'lr', 'step']);
/** A validation line's values under the names they take beside the training lines'. */
function valKeys(o, trainKeys, step) {
    const out = { step };
    for (const [key, value] of Object.entries(o)) {
        if (BOOKKEEPING.has(key))
            continue;
        out[trainKeys.has(key) ? `val/${key}` : key] = value;
    }
    return out;
}
/** mmdetection 2's `*.log.json`: lines with a `mode` of train or val. */
function mmdetLog(objects, lines) {
    const phased = objects.filter((o) => o.mode === 'train' || o.mode === 'val');
    if (phased.length < objects.length / 2 || !phased.some((o) => o.mode === 'train'))
        return null;
    // An epoch's length: its validation line's `iter`, else the last training `iter` logged in it.
    const length = new Map();
    for (const o of phased) {
        if (!isNumber(o.epoch) || !isNumber(o.iter))
            continue;
        const known = length.get(o.epoch) ?? 0;
        length.set(o.epoch, o.mode === 'val' ? o.iter : Math.max(known, o.iter));
    }
    const epochs = [...length.keys()].sort((a, b) => a - b);
    const before = new Map();
    let sum = 0;
    for (const e of epochs) {
        before.set(e, sum);
        sum += length.get(e);
    }
    const trainKeys = new Set(phased.filter((o) => o.mode === 'train').flatMap((o) => Object.keys(o)));
    const out = [];
    const at = [];
    objects.forEach((o, i) => {
        if (!isNumber(o.epoch) || !before.has(o.epoch))
            return;
        if (o.mode === 'train' && isNumber(o.iter)) {
            const { mode: _m, epoch: _e, iter: _i, ...rest } = o;
            out.push({ ...rest, epoch: o.epoch, step: before.get(o.epoch) + o.iter });
        }
        else if (o.mode === 'val')
            out.push(valKeys(o, trainKeys, before.get(o.epoch) + length.get(o.epoch)));
        else
            return;
        at.push(lines[i]);
    });
    return {
        objects: out,
        lines: at,
        note: `an mmdetection log: training lines at their iteration over the run (${epochs.length} epoch${epochs.length === 1 ? '' : 's'}), validation lines at the end of their epoch`,
    };
}
/** mmengine's `scalars.json`: training lines with `lr` and a loss, validation lines with neither. */
function mmengineScalars(objects, lines) {
    // mmengine's logger hook writes `data_time` on every training line beside `lr` and the losses.
    const isTrain = (o) => isNumber(o.lr) && isNumber(o.data_time) && Object.keys(o).some(isLoss);
    const train = objects.filter(isTrain);
    const val = objects.filter((o) => !isTrain(o) && isNumber(o.step) && !('lr' in o) && !Object.keys(o).some(isLoss));
    if (train.length === 0 || val.length === 0 || !train.every((o) => isNumber(o.step)))
        return null;
    // With an epoch-based loop a validation line's step is the epoch: the last iteration of that epoch.
    const epochEnd = new Map();
    for (const o of train)
        if (isNumber(o.epoch))
            epochEnd.set(o.epoch, Math.max(epochEnd.get(o.epoch) ?? 0, o.step));
    const byEpoch = epochEnd.size > 0 && val.every((o) => epochEnd.has(o.step));
    const trainKeys = new Set(train.flatMap((o) => Object.keys(o)));
    const out = [];
    const at = [];
    objects.forEach((o, i) => {
        if (val.includes(o))
            out.push(valKeys(o, trainKeys, byEpoch ? epochEnd.get(o.step) : o.step));
        else
            out.push(o);
        at.push(lines[i]);
    });
    return {
        objects: out,
        lines: at,
        note: byEpoch
            ? 'an mmengine log: validation lines (their step the epoch) at the last iteration of their epoch, apart from the training lines'
            : 'an mmengine log: validation lines apart from the training lines',
    };
}
/** The lines of an OpenMMLab log on one step axis, or null for another log. */
function openMMLabPhases(objects, lines) {
    return mmdetLog(objects, lines) ?? mmengineScalars(objects, lines);
}

/**
 * Golden values in the step-major layout Megatron-Bridge and NeMo 2 write:
 * `{ "<step>": { "<metric>": value, … }, …, "<run-level scalar>": value }` — one object per step holding
 * its metrics, and run-level figures (`alloc`, `max_alloc`) beside them. The run-level figures are
 * kept as gauges of the run: a column with its one value at the run's last step. A NaN is the string
 * `"nan"` (or Python's bare NaN), read as the explicit NaN it is.
 */
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
        const step = safeStep(key);
        if (step === null)
            throw new InputError(source, null, `step "${key}" is not a whole number within ±2^53`);
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
function columnName(header) {
    let unit = '';
    let rest = header.trim();
    const bracket = unitSuffix(rest);
    if (bracket) {
        unit = bracket.unit;
        rest = rest.slice(0, bracket.start);
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

/**
 * The part of TensorBoard's `Event` protobuf (tensorflow/core/util/event.proto, summary.proto,
 * tensor.proto) that scalars live in, decoded straight from the record's bytes:
 *
 *   Event    { double wall_time = 1; int64 step = 2; string file_version = 3; Summary summary = 5;
 *              SessionLog session_log = 7; … }
 *   Summary  { repeated Value value = 1; }   Value { string tag = 1; float simple_value = 2;
 *              TensorProto tensor = 8; … }   SessionLog { SessionStatus status = 1; }  (START = 1)
 *   TensorProto { DataType dtype = 1; TensorShapeProto tensor_shape = 2; bytes tensor_content = 4;
 *              repeated float float_val = 5; double double_val = 6; int32 int_val = 7;
 *              int64 int64_val = 10; int32 half_val = 13; }   TensorShapeProto { repeated Dim dim = 2; }
 *
 * A scalar is a `Summary.Value` with `simple_value` (TF1, tensorboardX's add_scalar), or a rank-0 numeric
 * `tensor` (TF2 `tf.summary.scalar`, recent torch and tensorboardX writers). Every other field (graphs,
 * images, histograms, audio, metadata) is skipped unread.
 *
 * Hand-written rather than protobufjs's generated decoder: that one builds an object per message and,
 * given a field with another wire type than the schema's, reads it as the schema's type anyway (a step
 * sent as a string became step 0). Here a known field with the wrong wire type, a length past the end or a
 * cut varint makes the record malformed: the caller skips and counts it, as a record that fails its CRC.
 * Tags are returned as byte ranges of the record; the caller interns them (tag-table.ts).
 * bench/ingest/RESULTS.md compares this with protobufjs's Reader walking the same fields.
 */
/** How a record decoded. */
var Decoded;
(function (Decoded) {
    Decoded[Decoded["Ok"] = 0] = "Ok";
    /** Not an Event as the schema says (wire types, lengths): skipped and counted. */
    Decoded[Decoded["Malformed"] = 1] = "Malformed";
    /** The step is outside ±(2⁵³ − 1), where a double no longer holds every integer: skipped and counted. */
    Decoded[Decoded["UnsafeStep"] = 2] = "UnsafeStep";
})(Decoded || (Decoded = {}));
/** TensorFlow DataType numbers of the numeric scalars read. */
const DT_FLOAT = 1;
const DT_DOUBLE = 2;
const DT_INT32 = 3;
const DT_INT64 = 9;
const DT_BFLOAT16 = 14;
const DT_HALF = 19;
const SESSION_START = 1;
/** Deepest nesting of unknown groups skipped (proto2 groups; no TensorBoard writer sends one). */
const MAX_GROUP_DEPTH = 16;
const scratch = new DataView(new ArrayBuffer(8));
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
function bfloat16ToNumber(bits) {
    scratch.setUint32(0, (bits & 0xffff) << 16);
    return scratch.getFloat32(0);
}
/**
 * Decodes one record at a time into its own fields, reused from record to record (no object per record).
 * After `decode` returns Ok: `step`, `start` (a `SessionLog.START`), and `count` scalars, the i-th with
 * its tag at `tagStart[i]`..`tagEnd[i]` of the record's buffer and its value in `values[i]`.
 */
class EventDecoder {
    step = 0;
    /** The step as written, when it is outside the safe range (the number `step` is then rounded). */
    stepText = '';
    start = false;
    count = 0;
    tagStart = new Int32Array(64);
    tagEnd = new Int32Array(64);
    values = new Float64Array(64);
    buf = new Uint8Array(0);
    view = new DataView(new ArrayBuffer(0));
    pos = 0;
    /** Set by a read that ran past its end or met a wire type where another was due. */
    bad = false;
    unsafe = false;
    /** The last int64 read the long way. */
    big = 0n;
    // A tensor's fields, as the last Value's tensor left them: the first element of each value list.
    dtype = 0;
    dims = 0;
    contentStart = 0;
    contentEnd = 0;
    /** Which lists (bits by field number) had a first element. */
    listed = 0;
    firstOf = new Float64Array(14);
    decode(buf, start, end) {
        if (buf !== this.buf) {
            this.buf = buf;
            this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
        }
        this.pos = start;
        this.bad = false;
        this.unsafe = false;
        this.step = 0;
        this.start = false;
        this.count = 0;
        while (this.pos < end && !this.bad) {
            const key = this.uint32(end);
            const wire = key & 7;
            switch (key >>> 3) {
                case 2:
                    if (wire !== 0)
                        return Decoded.Malformed;
                    this.step = this.int64(end);
                    if (this.unsafe)
                        this.stepText = this.big.toString();
                    break;
                case 5: {
                    const stop = this.lengthEnd(wire, end);
                    if (!this.bad)
                        this.summary(stop);
                    break;
                }
                case 7: {
                    const stop = this.lengthEnd(wire, end);
                    if (!this.bad)
                        this.sessionLog(stop);
                    break;
                }
                case 1:
                    if (wire !== 1)
                        return Decoded.Malformed;
                    this.pos += 8;
                    break;
                default:
                    this.skip(wire, end, 0);
            }
        }
        if (this.bad || this.pos !== end)
            return Decoded.Malformed;
        return this.unsafe ? Decoded.UnsafeStep : Decoded.Ok;
    }
    summary(end) {
        while (this.pos < end && !this.bad) {
            const key = this.uint32(end);
            if (key === 0x0a /* value = 1, length-delimited */) {
                const stop = this.lengthEnd(2, end);
                if (!this.bad)
                    this.value(stop);
            }
            else if (key >>> 3 === 1)
                this.bad = true;
            else
                this.skip(key & 7, end, 0);
        }
        if (this.pos !== end)
            this.bad = true;
    }
    value(end) {
        let tagStart = 0;
        let tagEnd = 0;
        let simple = Number.NaN;
        let hasSimple = false;
        let hasTensor = false;
        while (this.pos < end && !this.bad) {
            const key = this.uint32(end);
            const wire = key & 7;
            switch (key >>> 3) {
                case 1:
                    tagEnd = this.lengthEnd(wire, end);
                    tagStart = this.pos;
                    this.pos = tagEnd;
                    break;
                case 2:
                    if (wire !== 5 || this.pos + 4 > end)
                        this.bad = true;
                    else {
                        simple = this.view.getFloat32(this.pos, true);
                        hasSimple = true;
                        this.pos += 4;
                    }
                    break;
                case 8: {
                    const stop = this.lengthEnd(wire, end);
                    if (!this.bad) {
                        this.tensor(stop);
                        hasTensor = true;
                    }
                    break;
                }
                default:
                    this.skip(wire, end, 0);
            }
        }
        if (this.bad || tagEnd === tagStart)
            return;
        // A tensor, when present, is what the writer wrote (a oneof: simple_value is then unset).
        let value;
        if (hasTensor) {
            const v = this.tensorScalar();
            if (v === null)
                return;
            value = v;
        }
        else if (hasSimple)
            value = simple;
        else
            return;
        const i = this.count++;
        if (i === this.values.length)
            this.grow();
        this.tagStart[i] = tagStart;
        this.tagEnd[i] = tagEnd;
        this.values[i] = value;
    }
    tensor(end) {
        this.dtype = 0;
        this.dims = 0;
        this.contentStart = this.contentEnd = 0;
        this.listed = 0;
        while (this.pos < end && !this.bad) {
            const key = this.uint32(end);
            const wire = key & 7;
            const field = key >>> 3;
            if (field === 1 && wire === 0)
                this.dtype = this.uint32(end);
            else if (field === 2 && wire === 2)
                this.shape(this.lengthEnd(wire, end));
            else if (field === 4 && wire === 2) {
                this.contentEnd = this.lengthEnd(wire, end);
                this.contentStart = this.pos;
                this.pos = this.contentEnd;
            }
            else if (field === 5 || field === 6 || field === 7 || field === 10 || field === 13)
                this.listValue(field, wire, end);
            else if (field === 1 || field === 2 || field === 4)
                this.bad = true;
            else
                this.skip(wire, end, 0);
        }
    }
    shape(end) {
        while (this.pos < end && !this.bad) {
            const key = this.uint32(end);
            if (key >>> 3 === 2)
                this.dims++;
            this.skip(key & 7, end, 0);
        }
    }
    /**
     * A value list's elements (float_val 5, double_val 6, int_val 7, int64_val 10, half_val 13), packed
     * (one length-delimited run) or one per key; the first is kept. The dtype may come after them.
     */
    listValue(field, wire, end) {
        const fixed = field === 5 ? 5 : field === 6 ? 1 : 0;
        const packed = wire === 2;
        if (!packed && wire !== fixed) {
            this.bad = true;
            return;
        }
        const stop = packed ? this.lengthEnd(wire, end) : end;
        if (this.bad)
            return;
        if (this.pos === stop)
            return; // an empty packed run
        const at = this.pos;
        let v;
        if (fixed === 5) {
            if (at + 4 > stop) {
                this.bad = true;
                return;
            }
            v = this.view.getFloat32(at, true);
            this.pos = at + 4;
        }
        else if (fixed === 1) {
            if (at + 8 > stop) {
                this.bad = true;
                return;
            }
            v = this.view.getFloat64(at, true);
            this.pos = at + 8;
        }
        else {
            const unsafe = this.unsafe;
            v = this.int64(stop);
            this.unsafe = unsafe; // a value, not a step: a large int64 is a rounded number
            if (field === 7)
                v |= 0;
        }
        const bit = 1 << field;
        if (!(this.listed & bit)) {
            this.listed |= bit;
            this.firstOf[field] = v;
        }
        if (packed)
            this.pos = stop;
    }
    /** A rank-0 numeric tensor's value, or null (a histogram, an image, text, a vector). */
    tensorScalar() {
        if (this.dims > 0)
            return null;
        const n = this.contentEnd - this.contentStart;
        const at = this.contentStart;
        const view = this.view;
        const first = (field) => (this.listed & (1 << field) ? this.firstOf[field] : null);
        switch (this.dtype) {
            case DT_FLOAT:
                return n >= 4 ? view.getFloat32(at, true) : first(5);
            case DT_DOUBLE:
                return n >= 8 ? view.getFloat64(at, true) : first(6);
            case DT_INT32:
                return n >= 4 ? view.getInt32(at, true) : first(7);
            case DT_INT64:
                return n >= 8 ? Number(view.getBigInt64(at, true)) : first(10);
            case DT_HALF:
            case DT_BFLOAT16: {
                const bits = n >= 2 ? view.getUint16(at, true) : first(13);
                if (bits === null)
                    return null;
                return this.dtype === DT_HALF ? halfToNumber(bits) : bfloat16ToNumber(bits);
            }
            default:
                return null;
        }
    }
    sessionLog(end) {
        while (this.pos < end && !this.bad) {
            const key = this.uint32(end);
            if (key === 0x08 /* status = 1, varint */)
                this.start = this.uint32(end) === SESSION_START;
            else if (key >>> 3 === 1)
                this.bad = true;
            else
                this.skip(key & 7, end, 0);
        }
    }
    grow() {
        const n = this.values.length * 2;
        const ts = new Int32Array(n);
        ts.set(this.tagStart);
        this.tagStart = ts;
        const te = new Int32Array(n);
        te.set(this.tagEnd);
        this.tagEnd = te;
        const vs = new Float64Array(n);
        vs.set(this.values);
        this.values = vs;
    }
    /** The end of a length-delimited field whose length is at `pos` (the wire type must be 2). */
    lengthEnd(wire, end) {
        if (wire !== 2) {
            this.bad = true;
            return end;
        }
        const length = this.uint32(end);
        const stop = this.pos + length;
        if (stop > end) {
            this.bad = true;
            return end;
        }
        return stop;
    }
    /** A varint of at most 32 bits (keys, lengths, enums, dtypes); longer ones keep their low 32 bits. */
    uint32(end) {
        const buf = this.buf;
        let p = this.pos;
        // Keys and short lengths are one byte.
        if (p < end && buf[p] < 0x80) {
            this.pos = p + 1;
            return buf[p];
        }
        let value = 0;
        for (let shift = 0; shift < 70; shift += 7) {
            if (p >= end) {
                this.bad = true;
                this.pos = end;
                return 0;
            }
            const b = buf[p++];
            if (shift < 32)
                value |= (b & 0x7f) << shift;
            if (b < 0x80) {
                this.pos = p;
                return value >>> 0;
            }
        }
        this.bad = true;
        this.pos = end;
        return 0;
    }
    /** An int64 varint as a number; `unsafe` when it is outside ±(2⁵³ − 1). */
    int64(end) {
        const buf = this.buf;
        const from = this.pos;
        let p = from;
        let low = 0;
        // Up to 4 bytes (28 bits) in integer arithmetic: every step below 268 million.
        for (let shift = 0; shift < 28; shift += 7) {
            if (p >= end)
                return this.cut(end);
            const b = buf[p++];
            low |= (b & 0x7f) << shift;
            if (b < 0x80) {
                this.pos = p;
                return low;
            }
        }
        // Longer: read it whole as a BigInt, two's complement in 64 bits (a negative int64 takes 10 bytes).
        let big = BigInt(low);
        for (let shift = 28n; shift < 70n; shift += 7n) {
            if (p >= end)
                return this.cut(end);
            const b = buf[p++];
            big |= BigInt(b & 0x7f) << shift;
            if (b < 0x80) {
                this.pos = p;
                const v = BigInt.asIntN(64, big);
                this.big = v;
                if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER))
                    this.unsafe = true;
                return Number(v);
            }
        }
        return this.cut(end);
    }
    cut(end) {
        this.bad = true;
        this.pos = end;
        return 0;
    }
    /** Skip a field of an unknown number by its wire type. */
    skip(wire, end, depth) {
        switch (wire) {
            case 0:
                this.uint32(end);
                return;
            case 1:
                this.pos += 8;
                break;
            case 2:
                this.pos = this.lengthEnd(wire, end);
                return;
            case 5:
                this.pos += 4;
                break;
            case 3: {
                // A group: fields until its end-group key.
                if (depth >= MAX_GROUP_DEPTH) {
                    this.bad = true;
                    return;
                }
                while (!this.bad) {
                    if (this.pos >= end) {
                        this.bad = true;
                        return;
                    }
                    const key = this.uint32(end);
                    if ((key & 7) === 4)
                        return;
                    this.skip(key & 7, end, depth + 1);
                }
                return;
            }
            default:
                this.bad = true;
                return;
        }
        if (this.pos > end) {
            this.bad = true;
            this.pos = end;
        }
    }
}
const utf8$1 = new TextDecoder();
const one = new EventDecoder();
/** One record's step and scalars as plain values (for a record at a time, as `watch` reads them); null when malformed. */
function decodeEvent(data) {
    if (one.decode(data, 0, data.length) !== Decoded.Ok)
        return null;
    const scalars = [];
    for (let i = 0; i < one.count; i++)
        scalars.push({ tag: utf8$1.decode(data.subarray(one.tagStart[i], one.tagEnd[i])), value: one.values[i] });
    return { step: one.step, scalars, start: one.start };
}

/** A first block's rows: a short run costs little; a long one grows it a few times only. */
const FIRST_ROWS = 4096;
class Block {
    capacity;
    steps;
    cols = [];
    /** Per column, rows written an explicit NaN (a later write may have replaced one: checked at the end). */
    nan = [];
    /** Whether any explicit NaN was written (most blocks have none: no lookup then). */
    nanWritten = false;
    length = 0;
    constructor(capacity) {
        this.capacity = capacity;
        this.steps = new Float64Array(capacity);
    }
    /** Room for `capacity` rows: arrays copied into larger ones. */
    resize(capacity) {
        const steps = new Float64Array(capacity);
        steps.set(this.steps.subarray(0, this.length));
        this.steps = steps;
        this.cols = this.cols.map((c) => {
            if (!c)
                return c;
            const a = new Float64Array(capacity).fill(Number.NaN);
            a.set(c.subarray(0, this.length));
            return a;
        });
        this.capacity = capacity;
    }
    /** Row index of `step`, or -1. */
    rowOf(step) {
        let lo = 0;
        let hi = this.length;
        while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (this.steps[mid] < step)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo < this.length && this.steps[lo] === step ? lo : -1;
    }
    /** Cells of rows `from` on that hold a point (a number or an explicit NaN). */
    pointsFrom(from) {
        let n = 0;
        for (let c = 0; c < this.cols.length; c++) {
            const a = this.cols[c];
            if (!a)
                continue;
            for (let r = from; r < this.length; r++)
                if (!Number.isNaN(a[r]))
                    n++;
            const nan = this.nan[c];
            if (nan)
                n += new Set(nan.filter((r) => r >= from && Number.isNaN(a[r]))).size;
        }
        return n;
    }
    /** Keep the rows before `from`; the cells after them missing again, for rows written there anew. */
    dropFrom(from) {
        for (let c = 0; c < this.cols.length; c++) {
            this.cols[c]?.fill(Number.NaN, from, this.length);
            const nan = this.nan[c];
            if (nan)
                this.nan[c] = nan.filter((r) => r < from);
        }
        this.length = from;
    }
    toBatch(columns) {
        const n = this.length;
        const whole = n === this.capacity;
        const values = [];
        let nanTokens;
        for (let c = 0; c < columns; c++) {
            const a = this.cols[c];
            values.push(a ? (whole ? a : a.slice(0, n)) : new Float64Array(n).fill(Number.NaN));
            const rows = this.nan[c];
            if (!a || !rows)
                continue;
            const kept = [...new Set(rows)].filter((r) => r < n && Number.isNaN(a[r])).sort((x, y) => x - y);
            if (!kept.length)
                continue;
            nanTokens ??= new Array(columns).fill(undefined);
            nanTokens[c] = kept;
        }
        const batch = { steps: whole ? this.steps : this.steps.slice(0, n), values };
        if (nanTokens)
            batch.nanTokens = nanTokens;
        return batch;
    }
}
class EventRows {
    blockRows;
    /** Full blocks, oldest first, not yet handed on. */
    full = [];
    cur;
    /** The last row's step, or -Infinity before the first. */
    lastStep = Number.NEGATIVE_INFINITY;
    /** Cells allocated: what memory the held rows take, in 8-byte numbers. */
    cells = 0;
    /** Points written again at their step and tag with another value (the later kept). */
    replaced = 0;
    /** By column: whether a batch handed on held a finite value of it. */
    finite = [];
    /** `blockRows`: rows a block holds (a batch); lowered for streaming a table of many columns. */
    constructor(blockRows) {
        this.blockRows = blockRows;
        this.cur = new Block(Math.min(FIRST_ROWS, blockRows));
    }
    /** Write `value` at `step` in column `col`; false when `step` is before the last row's and has no row. */
    set(step, col, value) {
        if (step !== this.lastStep) {
            if (step > this.lastStep)
                this.newRow(step);
            else
                return this.setEarlier(step, col, value);
        }
        this.write(this.cur, this.cur.length - 1, col, value);
        return true;
    }
    /** Drop the rows at `step` and after; the points they held. */
    truncateFrom(step) {
        let dropped = 0;
        const blocks = [...this.full, this.cur];
        while (blocks.length) {
            const b = blocks[blocks.length - 1];
            const from = b.length && b.steps[b.length - 1] >= step ? lowerBound(b, step) : b.length;
            if (from === b.length)
                break;
            dropped += b.pointsFrom(from);
            b.dropFrom(from);
            if (from > 0)
                break;
            blocks.pop();
        }
        // The last block with rows left is where rows are added again.
        const last = blocks.pop() ?? new Block(Math.min(FIRST_ROWS, this.blockRows));
        this.full = blocks;
        this.cur = last;
        this.lastStep = last.length ? last.steps[last.length - 1] : Number.NEGATIVE_INFINITY;
        this.cells = [...this.full, this.cur].reduce((n, b) => n + b.cols.filter(Boolean).length * b.capacity, 0);
        return dropped;
    }
    /** Every point held, in row order: for reading the file as points from here on. */
    *points() {
        for (const b of [...this.full, this.cur])
            for (let c = 0; c < b.cols.length; c++) {
                const a = b.cols[c];
                if (!a)
                    continue;
                const nan = new Set(b.nan[c]);
                for (let r = 0; r < b.length; r++)
                    if (!Number.isNaN(a[r]) || nan.has(r))
                        yield [b.steps[r], c, a[r]];
            }
    }
    /** The full blocks as batches of `columns` columns, handed on and no longer held. */
    take(columns) {
        const out = this.full.map((b) => this.handOn(b, columns));
        this.full = [];
        return out;
    }
    /** Every block left as batches, handed on one by one and no longer held. */
    *finish(columns) {
        const blocks = [...this.full, this.cur];
        this.full = [];
        this.cur = new Block(Math.min(FIRST_ROWS, this.blockRows));
        while (blocks.length) {
            const b = blocks.shift();
            if (b.length)
                yield this.handOn(b, columns);
        }
    }
    handOn(b, columns) {
        const batch = b.toBatch(columns);
        batch.values.forEach((v, c) => {
            if (!this.finite[c] && v.some(Number.isFinite))
                this.finite[c] = true;
        });
        return batch;
    }
    newRow(step) {
        let b = this.cur;
        if (b.length === b.capacity) {
            if (b.capacity < this.blockRows) {
                this.cells += b.cols.filter(Boolean).length * (Math.min(b.capacity * 2, this.blockRows) - b.capacity);
                b.resize(Math.min(b.capacity * 2, this.blockRows));
            }
            else {
                this.full.push(b);
                b = this.cur = new Block(this.blockRows);
            }
        }
        b.steps[b.length++] = step;
        this.lastStep = step;
    }
    setEarlier(step, col, value) {
        for (const b of [...this.full, this.cur].reverse()) {
            if (!b.length || b.steps[0] > step)
                continue;
            const row = b.rowOf(step);
            if (row < 0)
                return false;
            this.write(b, row, col, value);
            return true;
        }
        return false;
    }
    write(b, row, col, value) {
        let a = col < b.cols.length ? b.cols[col] : undefined;
        if (a === undefined) {
            a = new Float64Array(b.capacity).fill(Number.NaN);
            while (b.cols.length < col)
                b.cols.push(undefined);
            b.cols[col] = a;
            this.cells += b.capacity;
        }
        const old = a[row];
        // A value there before, or a NaN the trainer wrote, is a point replaced.
        if (!Number.isNaN(old)) {
            if (old !== value || (old === 0 && 1 / old !== 1 / value))
                this.replaced++;
        }
        else if (b.nanWritten && !Number.isNaN(value) && b.nan[col]?.includes(row))
            this.replaced++;
        a[row] = value;
        if (Number.isNaN(value)) {
            b.nanWritten = true;
            while (b.nan.length <= col)
                b.nan.push(undefined);
            const rows = b.nan[col];
            if (rows)
                rows.push(row);
            else
                b.nan[col] = [row];
        }
    }
}
function lowerBound(b, step) {
    let lo = 0;
    let hi = b.length;
    while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (b.steps[mid] < step)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/**
 * Tags interned from their bytes: an event file repeats the same few tags millions of times, so each is
 * looked up by a hash of its bytes and compared byte for byte, and only a tag never seen before is
 * decoded into a string. Writers log their tags in the same order step after step, so the tag that
 * followed the last one found is tried first, with one comparison and no hash.
 */
const utf8 = new TextDecoder();
class TagTable {
    /** Tags in order of first appearance. */
    names = [];
    byHash = new Map();
    byName = new Map();
    /** By tag index: the entry found after it last time. */
    follows = [];
    last = 0;
    get size() {
        return this.names.length;
    }
    /** The index of the tag in `buf[start, end)`, or -1 when it is new. */
    find(buf, start, end) {
        const guess = this.follows[this.last];
        if (guess !== undefined && same(guess.bytes, buf, start, end)) {
            this.last = guess.index;
            return guess.index;
        }
        let entry = this.byHash.get(hash(buf, start, end)) ?? null;
        for (; entry; entry = entry.next)
            if (same(entry.bytes, buf, start, end)) {
                this.follows[this.last] = entry;
                this.last = entry.index;
                return entry.index;
            }
        return -1;
    }
    /** The index of the tag in `buf[start, end)`, added when new. */
    intern(buf, start, end) {
        const found = this.find(buf, start, end);
        if (found >= 0)
            return found;
        const h = hash(buf, start, end);
        const bytes = buf.slice(start, end);
        const name = utf8.decode(bytes);
        // Two byte strings that are not UTF-8 can decode alike (U+FFFD): one name, one column.
        let index = this.byName.get(name);
        if (index === undefined) {
            index = this.names.length;
            this.names.push(name);
            this.byName.set(name, index);
        }
        const entry = { bytes, index, next: this.byHash.get(h) ?? null };
        this.byHash.set(h, entry);
        this.follows[this.last] = entry;
        this.last = index;
        return index;
    }
}
/** FNV-1a over the bytes, as a small integer key. */
function hash(buf, start, end) {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++)
        h = Math.imul(h ^ buf[i], 0x01000193);
    return h & 0x3fffffff; // a small integer: Map keys stay unboxed
}
function same(a, buf, start, end) {
    if (a.length !== end - start)
        return false;
    for (let i = 0; i < a.length; i++)
        if (a[i] !== buf[start + i])
            return false;
    return true;
}

/**
 * CRC32C (Castagnoli, reflected polynomial 0x82F63B78) of a range of a buffer, slicing by 16 bytes.
 * crc-32's CRC32C (the same algorithm and tables) takes a whole array only, so each of an event file's
 * two checks per record needed a subarray object: half the time of reading a file of scalar events went
 * to those and their collection (bench/ingest/RESULTS.md). This takes the range instead; its test checks
 * it against crc-32 on random data.
 */
const T = new Int32Array(16 * 256);
for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++)
        c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    T[n] = c;
}
// T[256·k + n]: the CRC of byte n followed by k zero bytes.
for (let n = 0; n < 256; n++) {
    let v = T[n];
    for (let k = 1; k < 16; k++) {
        v = (v >>> 8) ^ T[v & 0xff];
        T[256 * k + n] = v;
    }
}
/** CRC32C of `b[start, end)`, as an unsigned 32-bit number. */
function crc32c(b, start, end) {
    let c = -1;
    let i = start;
    // 16 bytes a step, the first four folded into the CRC as one word; then 8; then one at a time.
    for (; i + 16 <= end; i += 16) {
        const a = c ^ (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24));
        c =
            T[3840 + (a & 0xff)] ^
                T[3584 + ((a >>> 8) & 0xff)] ^
                T[3328 + ((a >>> 16) & 0xff)] ^
                T[3072 + (a >>> 24)] ^
                T[2816 + b[i + 4]] ^
                T[2560 + b[i + 5]] ^
                T[2304 + b[i + 6]] ^
                T[2048 + b[i + 7]] ^
                T[1792 + b[i + 8]] ^
                T[1536 + b[i + 9]] ^
                T[1280 + b[i + 10]] ^
                T[1024 + b[i + 11]] ^
                T[768 + b[i + 12]] ^
                T[512 + b[i + 13]] ^
                T[256 + b[i + 14]] ^
                T[b[i + 15]];
    }
    if (i + 8 <= end) {
        // A record's 8-byte length header is this step alone.
        const a = c ^ (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24));
        c =
            T[1792 + (a & 0xff)] ^
                T[1536 + ((a >>> 8) & 0xff)] ^
                T[1280 + ((a >>> 16) & 0xff)] ^
                T[1024 + (a >>> 24)] ^
                T[768 + b[i + 4]] ^
                T[512 + b[i + 5]] ^
                T[256 + b[i + 6]] ^
                T[b[i + 7]];
        i += 8;
    }
    for (; i < end; i++)
        c = (c >>> 8) ^ T[(c ^ b[i]) & 0xff];
    return ~c >>> 0;
}

/**
 * TFRecord framing, as TensorBoard event files use it: each record is
 *   uint64 length (little-endian) · uint32 masked CRC32C(length bytes) · data · uint32 masked CRC32C(data)
 * with mask(c) = ((c >>> 15) | (c << 17)) + 0xa282ead8 (mod 2³²). A file is read in large chunks and its
 * records walked in a plain loop over each chunk: one CRC of the header, one of the data, and the data
 * handed on as a range of the chunk, never copied. Memory stays at one chunk plus the longest record.
 */
const MASK_DELTA = 0xa282ead8;
/** A record longer than this is not an event (a scalar event is tens of bytes; an image a few MB). */
const MAX_RECORD = 256 << 20;
/** Large enough that a read per chunk costs nothing beside the records in it. */
const CHUNK = 4 << 20;
/** CRC32C of `bytes[start, end)`, masked as TFRecord stores it. */
function maskedCrc32c(bytes, start = 0, end = bytes.length) {
    const c = crc32c(bytes, start, end);
    return ((((c >>> 15) | (c << 17)) >>> 0) + MASK_DELTA) >>> 0;
}
const u32 = (buf, at) => (buf[at] | (buf[at + 1] << 8) | (buf[at + 2] << 16) | (buf[at + 3] << 24)) >>> 0;
/** Whether `head` starts with a record header whose length checks against its CRC. */
function isTfRecordStart(head) {
    return head.length >= 12 && maskedCrc32c(head, 0, 8) === u32(head, 8);
}
/** The data length of the record whose 12-byte header starts at `at`; an InputError when its CRC fails. */
function recordLength(buf, at, path, offset) {
    if (maskedCrc32c(buf, at, at + 8) !== u32(buf, at + 8))
        throw new InputError(path, null, `not a TFRecord at byte ${offset}: the record length fails its CRC32C`);
    const length = u32(buf, at) + u32(buf, at + 4) * 2 ** 32;
    if (length > MAX_RECORD)
        throw new InputError(path, null, `a record of ${length} bytes at byte ${offset} is over the limit of ${MAX_RECORD}`);
    return length;
}
/**
 * The record starting at `at` in `buf[at, end)`: where its data starts and where the next record starts;
 * `corrupt` when its data fails its CRC (the framing still holds); `need` when the bytes up to `end` do not
 * hold it whole yet (a record still being written). `offset` is `at`'s place in the file, for messages.
 */
function recordAt(buf, at, end, path, offset) {
    if (end - at < 12)
        return { need: true };
    const length = recordLength(buf, at, path, offset);
    const next = at + 12 + length + 4;
    if (next > end)
        return { need: true };
    const ok = maskedCrc32c(buf, at + 12, at + 12 + length) === u32(buf, at + 12 + length);
    return ok ? { data: buf.subarray(at + 12, at + 12 + length), next } : { corrupt: true, next };
}
/**
 * Walk the records of `path` from `from` in order, synchronously within each chunk read. `onBytes` is told
 * how many bytes each chunk read adds, for progress.
 */
async function walkRecords(path, onRecord, from = { offset: 0, index: 0 }, onBytes) {
    const chunks = walkChunks(path, onRecord, from, onBytes);
    for (;;) {
        const r = await chunks.next();
        if (r.done)
            return r.value;
    }
}
/** The same walk, pausing after each chunk's records (a streamed table hands on its full batches then). */
async function* walkChunks(path, onRecord, from = { offset: 0, index: 0 }, onBytes) {
    const walk = { corrupt: 0, truncated: false, records: from.index, stoppedAt: null };
    const fh = await openFile(path);
    try {
        let buf = Buffer.allocUnsafe(CHUNK);
        let end = 0; // bytes held in buf, from buf[0], which is at file offset `base`
        let base = from.offset;
        let position = from.offset;
        for (;;) {
            const { bytesRead } = await fh.read(buf, end, buf.length - end, position);
            position += bytesRead;
            end += bytesRead;
            onBytes?.(bytesRead);
            const eof = bytesRead === 0;
            let at = 0;
            // The inner loop: whole records in the buffer, no await, no allocation.
            for (;;) {
                if (end - at < 12)
                    break;
                const length = recordLength(buf, at, path, base + at);
                const data = at + 12;
                const next = data + length + 4;
                if (next > end) {
                    // Not whole yet: a record longer than the buffer gets a buffer that holds it.
                    if (next - at > buf.length) {
                        const bigger = Buffer.allocUnsafe(next - at + CHUNK);
                        buf.copy(bigger, 0, at, end);
                        buf = bigger;
                        end -= at;
                        base += at;
                        at = 0;
                    }
                    break;
                }
                walk.records++;
                if (maskedCrc32c(buf, data, data + length) !== u32(buf, data + length))
                    walk.corrupt++;
                else if (!onRecord(buf, data, data + length, walk.records)) {
                    walk.stoppedAt = { offset: base + next, index: walk.records };
                    return walk;
                }
                at = next;
            }
            if (eof) {
                if (end > at)
                    walk.truncated = true;
                return walk;
            }
            yield;
            // Keep the part of a record not yet whole at the start of the buffer.
            buf.copyWithin(0, at, end);
            end -= at;
            base += at;
        }
    }
    finally {
        await fh.close();
    }
}

/**
 * TensorBoard event files as a Table: one file, or a run directory of them (a resumed job leaves one per
 * attempt), read in file-name order as TensorBoard's directory loader reads them (the names start with
 * the writer's start time). Every scalar tag becomes a column named as written (`train/loss`,
 * `lr-AdamW`), classified as any column is; the step is the event's. Other summaries (images,
 * histograms, text) are skipped. A file cut inside its last record (a job killed mid-write) is a warning
 * and marks the table truncated, like a cut CSV row; a record whose data fails its CRC, or that is not an
 * Event as the schema says, is skipped and counted; so is an event at a step beyond ±2⁵³.
 *
 * Points are merged as TensorBoard merges them: by tag and step, the later write winning where a step
 * was written twice (a resumed job), and nothing dropped but what a `SessionLog.START` at step S (a
 * writer opened with `purge_step`) purges: the points read before it at S and after, in every file read
 * so far. A step going back is not a purge by itself: Lightning writes its test phase to a second file
 * from step 0, with tags of its own.
 *
 * One pass, each record decoded once, its points written straight into rows held in memory
 * (event-rows.ts), where a purge is exact. Held rows cost 8 bytes a cell: past MAX_HELD_CELLS (a file of
 * some 400 MiB of scalar events) the rows are handed on as they fill instead, in bounded memory, after one
 * look at the rest of the files for their tags, their step order and where they purge (the columns must
 * be known before the first batch). Points that go back to a step with no row of its own (a resumed run
 * logging at other steps, overlapping files) make the run read as points instead (step-map.ts), each
 * placed at its own step, every point held.
 */
const EVENT_FILE$1 = /^events\.out\.tfevents\./;
const DEFAULT_BATCH = 65_536;
/** Cells (8 bytes each) held before the rows are streamed instead: 64 MiB. */
const MAX_HELD_CELLS = 8 << 20;
/** Cells of a block while streaming: 16 MiB. */
const STREAMED_BLOCK_CELLS = 2 << 20;
/** The event files of a run directory, in the order TensorBoard reads them; [] when there are none. */
async function eventFilesIn(dir) {
    const names = (await readdir(dir)).filter((n) => EVENT_FILE$1.test(n)).sort();
    return names.map((n) => join(dir, n));
}
async function openEventsTable(path, options = {}) {
    const isDir = (await stat(path)).isDirectory();
    const files = isDir ? await eventFilesIn(path) : [path];
    if (!files.length)
        throw new InputError(path, null, 'is a directory with no TensorBoard event file (events.out.tfevents.*)');
    const reader = new EventsReader(path, files, isDir, options);
    return reader.open();
}
class EventsReader {
    source;
    files;
    isDir;
    options;
    tags = new TagTable();
    decoder = new EventDecoder();
    batchSize;
    maxCells;
    accounts;
    rows;
    /** Set once a point went back to a step with no row: every point from then on. */
    points = null;
    purged = 0;
    file = 0;
    constructor(source, files, isDir, options) {
        this.source = source;
        this.files = files;
        this.isDir = isDir;
        this.options = options;
        this.batchSize = options.batchSize ?? DEFAULT_BATCH;
        this.maxCells = options.maxHeldCells ?? MAX_HELD_CELLS;
        this.rows = new EventRows(this.batchSize);
        this.accounts = files.map(() => ({
            corrupt: 0,
            truncated: false,
            malformed: 0,
            firstMalformed: 0,
            unsafe: 0,
            firstUnsafe: '',
        }));
    }
    async open() {
        const stopped = await this.readHeld();
        if (stopped && !this.points) {
            const sizes = await Promise.all(this.files.map(async (f) => (await stat(f)).size));
            const left = sizes.slice(stopped.file).reduce((n, s) => n + s, 0) - stopped.from.offset;
            this.options.onMoreBytes?.(left);
            const rest = await this.lookAhead(stopped);
            if (rest)
                return this.streamedTable(stopped, rest);
            // The rest goes back in steps: the whole run is read again as points.
            this.options.onMoreBytes?.(sizes.reduce((n, s) => n + s, 0));
            this.reset();
            this.points = new StepMap(this.source);
            await this.readHeld();
        }
        if (!this.tags.size)
            throw new InputError(this.source, null, 'TensorBoard events with no scalar summary');
        return this.points ? this.pointsTable(this.points) : this.heldTable();
    }
    /** The first pass: every record into the held rows (or the points); where it stopped when they grew too large. */
    async readHeld() {
        for (this.file = 0; this.file < this.files.length; this.file++) {
            const walk = await walkRecords(this.files[this.file], this.onHeld, undefined, this.options.onBytes);
            this.account(walk);
            if (walk.stoppedAt)
                return { file: this.file, from: walk.stoppedAt };
        }
        return null;
    }
    onHeld = (buf, start, end, index) => {
        const d = this.decoder;
        if (!this.decoded(d.decode(buf, start, end), index))
            return true;
        if (d.start) {
            if (this.points)
                this.points.purgeFrom(d.step);
            else
                this.purged += this.rows.truncateFrom(d.step);
        }
        if (d.count === 0)
            return true;
        const step = d.step;
        for (let i = 0; i < d.count; i++) {
            const col = this.tags.intern(buf, d.tagStart[i], d.tagEnd[i]);
            if (this.points)
                this.pointColumns(col).addNumber(step, d.values[i]);
            else if (!this.rows.set(step, col, d.values[i])) {
                this.toPoints();
                this.pointColumns(col).addNumber(step, d.values[i]);
            }
        }
        return this.points !== null || this.rows.cells <= this.maxCells;
    };
    /** Whether a record decoded as an event to read; counted in its file's account when not. */
    decoded(result, index) {
        if (result === Decoded.Ok)
            return true;
        const a = this.accounts[this.file];
        if (result === Decoded.Malformed) {
            if (a.malformed++ === 0)
                a.firstMalformed = index;
        }
        else if (a.unsafe++ === 0)
            a.firstUnsafe = `record ${index}: step ${this.decoder.stepText}`;
        return false;
    }
    /** The points' columns by tag index. */
    columns = [];
    pointColumns(col) {
        let c = this.columns[col];
        if (!c) {
            c = this.points.column(this.tags.names[col]);
            this.columns[col] = c;
        }
        return c;
    }
    /** From held rows to points: every point held so far moves over. */
    toPoints() {
        this.points = new StepMap(this.source);
        for (const [step, col, value] of this.rows.points())
            this.pointColumns(col).addNumber(step, value);
        this.carriedReplaced = this.rows.replaced;
        this.rows = new EventRows(this.batchSize);
    }
    carriedReplaced = 0;
    reset() {
        this.rows = new EventRows(this.batchSize);
        this.columns = [];
        this.purged = 0;
        this.carriedReplaced = 0;
        for (const a of this.accounts)
            Object.assign(a, { corrupt: 0, truncated: false, malformed: 0, unsafe: 0 });
    }
    account(walk) {
        const a = this.accounts[this.file];
        a.corrupt += walk.corrupt;
        a.truncated ||= walk.truncated;
    }
    /**
     * One look at the records from `from` on: their tags (columns from the start), whether their points
     * keep step order once purges are applied, and where the purges are (record ordinal, step). Null when
     * a point would go back to an earlier step.
     */
    async lookAhead(from) {
        let last = this.rows.lastStep;
        let ordinal = 0;
        let ordered = true;
        const starts = [];
        const steps = [];
        const d = this.decoder;
        const onRecord = (buf, start, end) => {
            ordinal++;
            if (d.decode(buf, start, end) !== Decoded.Ok)
                return true;
            if (d.start) {
                starts.push(ordinal);
                steps.push(d.step);
                // Points before the START at its step and after are dropped: those after it need only not go below it.
                last = Math.min(last, d.step);
            }
            if (d.count === 0)
                return true;
            if (d.step < last) {
                ordered = false;
                return false;
            }
            last = d.step;
            for (let i = 0; i < d.count; i++)
                this.tags.intern(buf, d.tagStart[i], d.tagEnd[i]);
            return true;
        };
        for (let f = from.file; f < this.files.length && ordered; f++)
            await walkRecords(this.files[f], onRecord, f === from.file ? from.from : undefined, this.options.onBytes);
        return ordered ? { starts, steps } : null;
    }
    /** Held rows first, then the rest of the records streamed, each point dropped that a later START purges. */
    streamedTable(from, rest) {
        // The purge floor after each START: the lowest step of it and every START after it.
        const floor = rest.steps.slice();
        for (let i = floor.length - 2; i >= 0; i--)
            floor[i] = Math.min(floor[i], floor[i + 1]);
        if (floor.length)
            this.purged += this.rows.truncateFrom(floor[0]);
        const warnings = [];
        const truncated = { value: false };
        const columns = this.tags.names.slice();
        const self = this;
        return {
            source: this.source,
            columns,
            stepColumn: 'step',
            warnings,
            truncated,
            batches: (async function* () {
                const rows = self.rows;
                // Streamed, a block is what memory holds besides a chunk: many columns (tags) make it fewer rows.
                rows.blockRows = Math.min(self.batchSize, Math.max(256, Math.floor(STREAMED_BLOCK_CELLS / columns.length)));
                yield* rows.take(columns.length);
                let ordinal = 0;
                let next = 0; // the first START after the current record
                const d = self.decoder;
                const onRecord = (buf, start, end, index) => {
                    ordinal++;
                    while (next < rest.starts.length && rest.starts[next] <= ordinal)
                        next++;
                    if (!self.decoded(d.decode(buf, start, end), index) || d.count === 0)
                        return true;
                    if (next < floor.length && d.step >= floor[next]) {
                        self.purged += d.count;
                        return true;
                    }
                    for (let i = 0; i < d.count; i++) {
                        const col = self.tags.find(buf, d.tagStart[i], d.tagEnd[i]);
                        if (!rows.set(d.step, col, d.values[i]))
                            throw new Error('event rows out of step order after the look ahead');
                    }
                    return true;
                };
                for (self.file = from.file; self.file < self.files.length; self.file++) {
                    const at = self.file === from.file ? from.from : undefined;
                    const chunks = walkChunks(self.files[self.file], onRecord, at, self.options.onBytes);
                    for (let r = await chunks.next();; r = await chunks.next()) {
                        yield* rows.take(columns.length);
                        if (r.done) {
                            self.account(r.value);
                            break;
                        }
                    }
                }
                yield* rows.finish(columns.length);
                warnings.push(...self.findings(rows.replaced), ...self.emptyColumns(columns, rows));
                truncated.value = self.accounts.some((a) => a.truncated);
            })(),
        };
    }
    heldTable() {
        const columns = this.tags.names.slice();
        const warnings = this.findings(this.rows.replaced);
        const truncated = { value: this.accounts.some((a) => a.truncated) };
        const rows = this.rows;
        const self = this;
        return {
            source: this.source,
            columns,
            stepColumn: 'step',
            warnings,
            truncated,
            batches: (async function* () {
                yield* rows.finish(columns.length);
                warnings.push(...self.emptyColumns(columns, rows));
            })(),
        };
    }
    /** Once every batch is handed on: the columns without a finite value, said as the points table says them. */
    emptyColumns(columns, rows) {
        const empty = columns.filter((_, c) => !rows.finite[c]);
        if (empty.length === columns.length)
            throw new InputError(this.source, null, 'no metric has a finite value');
        return empty.length
            ? [`column${empty.length === 1 ? '' : 's'} with no finite value: ${empty.map((n) => `"${n}"`).join(', ')}`]
            : [];
    }
    pointsTable(points) {
        const found = this.findings(this.carriedReplaced + points.replaced);
        const table = points.toTable('step', this.batchSize, found);
        if (this.accounts.some((a) => a.truncated))
            table.truncated.value = true;
        return table;
    }
    /** The warnings of the reading: per file what was skipped, then the run's replaced and purged points. */
    findings(replaced) {
        const out = [];
        const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
        this.files.forEach((file, i) => {
            const a = this.accounts[i];
            const name = this.isDir ? file.slice(this.source.length).replace(/^[/\\]/, '') : file;
            if (a.corrupt)
                out.push(`${name}: ${plural(a.corrupt, 'record', 'records')} failed their CRC32C and were left out`);
            if (a.malformed)
                out.push(`${name}: ${plural(a.malformed, 'record is', 'records are')} not a TensorBoard Event (a field of the wrong type or length; the first: record ${a.firstMalformed}) and left out`);
            if (a.unsafe)
                out.push(`${name}: ${plural(a.unsafe, 'event', 'events')} at a step beyond ±2^53, where steps are no longer whole numbers, left out (the first: ${a.firstUnsafe})`);
            if (a.truncated)
                out.push(`${name}: the file ends inside its last record (a job stopped mid-write); the record is left out`);
        });
        if (replaced)
            out.push(`${replaced} point${replaced === 1 ? '' : 's'} written again at their step with another value (a resumed job): the later write is kept`);
        const purged = this.purged + (this.points?.purged ?? 0);
        if (purged)
            out.push(`${purged} point${purged === 1 ? '' : 's'} purged by a SessionLog START (a writer opened with purge_step), as TensorBoard purges them`);
        return out;
    }
}

/**
 * A TensorBoard log directory: a folder whose subfolders hold event files, each subfolder a run named by
 * its path relative to the folder, as `tensorboard --logdir` names them. Keras's TensorBoard callback
 * writes one job's training and validation scalars as two such runs (`logs/train/`, `logs/validation/`,
 * the same tags in both: `epoch_loss`), the TF Object Detection API `train/` and `eval/`. Those splits of
 * one job are read as one table, each tag prefixed with its run's name (`train/epoch_loss`,
 * `validation/epoch_loss`), as TensorBoard shows them and without one split's values taking the other's
 * place. Runs that are not such splits (a sweep, `version_0/` and `version_1/` of a Lightning logger) are
 * other jobs: the folder is refused with the runs it holds, and one run's folder is what to pass.
 */
const EVENT_FILE = /^events\.out\.tfevents\./;
/** The names the writers give one job's splits. */
const SPLITS = new Set(['train', 'training', 'validation', 'val', 'valid', 'eval', 'evaluation', 'test']);
/** Most splits read as one job. */
const MAX_SPLITS = 4;
/** How deep runs are looked for, and how many folders, before the folder is not taken as a log directory. */
const MAX_DEPTH = 4;
const MAX_FOLDERS = 2000;
/** The runs under `dir` (subfolders holding event files), by relative path, sorted; [] when there are none. */
async function tensorboardRunsIn(dir) {
    const runs = [];
    let folders = 0;
    const walk = async (at, depth) => {
        if (depth > MAX_DEPTH || ++folders > MAX_FOLDERS)
            return;
        let entries;
        try {
            entries = await readdir(at, { withFileTypes: true });
        }
        catch {
            return;
        }
        if (depth > 0 && entries.some((e) => e.isFile() && EVENT_FILE.test(e.name)))
            runs.push(relative(dir, at));
        for (const e of entries
            .filter((x) => x.isDirectory() && !x.name.startsWith('.'))
            .sort((a, b) => a.name.localeCompare(b.name)))
            await walk(join(at, e.name), depth + 1);
    };
    await walk(dir, 0);
    return runs.map((r) => r.split(sep).join('/')).sort();
}
/** Whether the runs are splits of one job: siblings named train, validation, eval, test and the like, a few. */
function areSplits(runs) {
    if (runs.length < 2 || runs.length > MAX_SPLITS)
        return false;
    const parent = (r) => r.slice(0, Math.max(0, r.lastIndexOf('/')));
    const name = (r) => r.slice(r.lastIndexOf('/') + 1).toLowerCase();
    return runs.every((r) => parent(r) === parent(runs[0]) && SPLITS.has(name(r)));
}
/** The refusal of a log directory of several jobs, saying how to pass one. */
function severalRuns(dir, runs) {
    const shown = runs.slice(0, 4).join(', ') + (runs.length > 4 ? `, … (${runs.length} in all)` : '');
    return new InputError(dir, null, `is a TensorBoard log directory of ${runs.length} runs (${shown}), not one job's: pass one run's folder, e.g. --csv ${join(dir, runs[0])}` +
        (runs.length <= MAX_SPLITS
            ? " (only a job's splits, train/validation/eval/test folders side by side, are read together)"
            : ''));
}
/**
 * One job's split runs as one table: each run's columns prefixed with its name, the rows merged by step
 * (a step of one split and the same step of another are one row). Each run is read as a run directory
 * is, with its own purges.
 */
function mergeSplits(dir, runs, batchSize) {
    const columns = runs.flatMap(({ name, table }) => table.columns.map((c) => `${name}/${c}`));
    const offsets = [];
    let at = 0;
    for (const r of runs) {
        offsets.push(at);
        at += r.table.columns.length;
    }
    const warnings = [];
    const truncated = { value: false };
    return {
        source: dir,
        columns,
        stepColumn: 'step',
        warnings,
        truncated,
        batches: (async function* () {
            const rows = new EventRows(batchSize);
            const heads = runs.map(({ table }) => new Head(table.batches[Symbol.asyncIterator]()));
            for (const h of heads)
                await h.next();
            for (;;) {
                let step = Number.POSITIVE_INFINITY;
                for (const h of heads)
                    if (h.batch && h.step() < step)
                        step = h.step();
                if (step === Number.POSITIVE_INFINITY)
                    break;
                for (const [k, h] of heads.entries()) {
                    if (!h.batch || h.step() !== step)
                        continue;
                    const b = h.batch;
                    b.values.forEach((v, c) => {
                        const x = v[h.row];
                        if (!Number.isNaN(x) || h.tokens[c]?.has(h.row))
                            rows.set(step, offsets[k] + c, x);
                    });
                    await h.advance();
                }
                yield* rows.take(columns.length);
            }
            yield* rows.finish(columns.length);
            for (const { name, table } of runs) {
                warnings.push(...table.warnings.map((w) => `${name}: ${w}`));
                if (table.truncated.value)
                    truncated.value = true;
            }
        })(),
    };
}
/** Where one run's stream is: its batch, the row in it, its NaN tokens as sets. */
class Head {
    it;
    batch = null;
    row = 0;
    tokens = [];
    constructor(it) {
        this.it = it;
    }
    step() {
        return this.batch.steps[this.row];
    }
    async next() {
        for (;;) {
            const r = await this.it.next();
            if (r.done) {
                this.batch = null;
                return;
            }
            if (!r.value.steps.length)
                continue;
            this.batch = r.value;
            this.row = 0;
            this.tokens = (r.value.nanTokens ?? []).map((rows) => (rows ? new Set(rows) : undefined));
            return;
        }
    }
    async advance() {
        if (++this.row >= this.batch.steps.length)
            await this.next();
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
/** Lines of the file's start that the rules look at: its first non-blank ones. */
const PROBE_LINES = 50;
/** A console log line's start: a bracketed tag (`[2024-…]`, `[INFO]`, `[rank0]:`) or a date-time. */
const LOG_LINE = /^(\[[^\]\n]{1,64}\][\s:<]|\d{4}-\d{2}-\d{2}[ T][\d:.,]+\s+\S|[A-Z]{3,8}[:\s]+\d{4}-\d{2}-\d{2})/;
/** An MLPerf logging line, after a short launcher prefix (`0: `, `[1,0]<stdout>:`). */
const MLPERF_LINE = /^.{0,32}?:::(MLLOG|SYSJSON)\b/;
/** A line of numbers separated by whitespace, two or more. */
const NUMBERS_LINE = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?(\s+[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)+\s*$/;
/**
 * The head's first PROBE_LINES lines that are not blank: a rank's file split out of a log of many ranks has
 * the other ranks' lines as blank lines between its own (split-ranks.ts), so the first 50 lines of one of a
 * 64-rank job's files can hold one row, or none.
 */
function firstLines(head) {
    const out = [];
    const text = head.replace(/^\uFEFF/, '');
    for (let start = 0; start <= text.length && out.length < PROBE_LINES;) {
        let end = text.indexOf('\n', start);
        if (end < 0)
            end = text.length;
        const line = text.slice(start, end).replace(/\r$/, '');
        if (line.trim() !== '')
            out.push(line);
        start = end + 1;
    }
    return out;
}
/** Share of `lines` for which `test` holds. */
const share = (lines, test) => lines.length ? lines.filter(test).length / lines.length : 0;
/**
 * The kind of file `head` (its first bytes) starts, or an InputError naming what it is instead.
 * `linesBefore`: blank lines of the file before the head (readHeadAfterBlankLines), for a refusal's line.
 */
function sniffKind(source, head, linesBefore = 0) {
    if (isTfRecordStart(head) || /(^|[/\\])events\.out\.tfevents\./.test(source))
        return 'tensorboard';
    const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
    const lines = firstLines(text);
    const first = lines[0] ?? '';
    const refuse = (line, what) => new InputError(source, linesBefore + lineNumber(text, line), what);
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
async function openJsonTable(source, batchSize, onBytes) {
    const text = (await readTextFile(source, MAX_JSON_BYTES$1)).replace(/^\uFEFF/, '');
    onBytes(text.length);
    if (looksLikeJsonLines(text)) {
        const warnings = [];
        const read = parseJsonLines(source, text, warnings);
        // OpenMMLab's logs keep training and validation on axes of their own: one step axis, phases apart.
        const phased = openMMLabPhases(read.objects, read.lines);
        if (phased)
            warnings.push(phased.note);
        const parsed = phased ? { ...read, objects: phased.objects, lines: phased.lines } : read;
        const stepKey = phased ? 'step' : jsonLinesStepKey(parsed.objects);
        if (stepKey)
            return jsonLinesTable(source, parsed, stepKey, batchSize, warnings);
        throw new InputError(source, null, `JSON lines without a step key (${STEP_KEYS.join(', ')}) on most lines, so not a per-step log: a run manifest of JSON lines is given with --metadata (input metadata)`);
    }
    let json;
    const duplicates = [];
    try {
        json = parseJsonLimited(text, source, { onDuplicateKey: (d) => duplicates.push(d) });
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
    // JSON.parse keeps the later of two values of one key without a word: the reader says which it read.
    const twice = (what) => duplicates.map(({ key, first, again }) => `${what(key)} "${key}" is given twice (lines ${lineAt(text, first)} and ${lineAt(text, again)}): the later one is read, the first left out`);
    const table = isHfTrainerState(json)
        ? hfTrainerStateTable(source, json, batchSize)
        : isMegatronGoldenValues(json)
            ? megatronTable(source, json, batchSize)
            : isStepMajorGoldenValues(json)
                ? stepMajorTable(source, json, batchSize)
                : null;
    if (table) {
        const golden = isMegatronGoldenValues(json);
        const scalar = (key) => typeof json[key] !== 'object';
        table.warnings.unshift(...twice((key) => isHfTrainerState(json) ? 'key' : scalar(key) ? 'run-level value' : golden ? 'metric' : 'step'));
        return table;
    }
    throw new InputError(source, null, 'JSON of an unknown shape: expected Megatron golden values {metric: {values: {step: value}}}, step-major golden values {step: {metric: value}}, or a Hugging Face trainer_state.json with log_history');
}
/**
 * Open a metrics file: a per-step CSV (streamed), Megatron golden-values JSON, a Hugging Face
 * `trainer_state.json`, a JSON-lines per-step log, or TensorBoard event files (a file or a run
 * directory), told apart by content (sniff.ts) before any parser runs. Problems visible up front throw InputError; problems found
 * while streaming are thrown as InputError from `batches`.
 */
/**
 * The file's kind from its first bytes; a text file that starts with blank lines (a rank's file split out
 * of a log of many ranks) from its first written line on. Binary starts (a TFRecord's length can begin
 * with a line feed byte) are looked at as they are.
 */
async function kindOf(path, head) {
    if (isTfRecordStart(head) || !(head[0] === 0x0a || head[0] === 0x0d))
        return sniffKind(path, head);
    const after = await readHeadAfterBlankLines(path, head.length);
    return sniffKind(path, after.head.length ? after.head : head, after.head.length ? after.linesBefore : 0);
}
async function openTable(path, options = {}) {
    const stepBuffer = Math.max(1, Math.floor(options.stepBuffer ?? DEFAULT_STEP_BUFFER));
    // A run directory of TensorBoard event files (a resumed job writes one per attempt).
    if (await isDirectory(path)) {
        const events = await eventFilesIn(path);
        if (events.length)
            return reading(path, events, options.progress, (onBytes, onMoreBytes) => openEventsTable(path, { batchSize: stepBuffer, onBytes, onMoreBytes }));
        // A rank's folder (`rank_3/`) or a run's folder holding its one metrics file (by name, else its one file).
        const all = (await readdir(path, { withFileTypes: true }))
            .filter((e) => e.isFile() && !e.name.startsWith('.'))
            .map((e) => e.name)
            .sort();
        const named = all.filter((n) => METRICS_EXT.has(extname(n).toLowerCase()));
        const files = named.length ? named : all;
        if (files.length === 1)
            return openTable(join(path, files[0]), options);
        // A TensorBoard log directory: runs in subfolders (docs/ingest.md#tensorboard-log-directories).
        const runs = files.length ? [] : await tensorboardRunsIn(path);
        if (runs.length === 1)
            return openTable(join(path, runs[0]), options);
        if (runs.length > 1) {
            if (!areSplits(runs))
                throw severalRuns(path, runs);
            const tables = [];
            for (const name of runs)
                tables.push({ name, table: await openTable(join(path, name), options) });
            return mergeSplits(path, tables, stepBuffer);
        }
        throw new InputError(path, null, files.length
            ? `is a directory of ${files.length} metrics files (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}): name the file`
            : 'is a directory, not a metrics file (nor a run directory of TensorBoard event files)');
    }
    const head = await readHead(path, 4096);
    if (head.length === 0)
        throw new InputError(path, null, 'empty file');
    const kind = head.includes(0) && !isTfRecordStart(head) ? 'csv' : await kindOf(path, head);
    return reading(path, [path], options.progress, (onBytes, onMoreBytes) => {
        if (kind === 'tensorboard')
            return openEventsTable(path, { batchSize: stepBuffer, onBytes, onMoreBytes });
        if (kind === 'json')
            return openJsonTable(path, stepBuffer, onBytes);
        if (kind === 'rl-monitor')
            return monitorTable(path, stepBuffer);
        return openCsvTable(path, { stepBuffer, onBytes });
    });
}
/** A table read with its progress told: the files' bytes, from opening until its batches are drained. */
async function reading(path, files, progress, open) {
    if (!progress)
        return open(() => { }, () => { });
    let size = 0;
    for (const f of files)
        size += (await stat(f)).size;
    const task = progress.task(`reading ${path}`, size, 'bytes');
    let table;
    try {
        table = await open((n) => task.add(n), (n) => task.grow(n));
    }
    catch (e) {
        task.end();
        throw e;
    }
    const batches = table.batches;
    return {
        ...table,
        batches: (async function* () {
            try {
                yield* batches;
            }
            finally {
                task.end();
            }
        })(),
    };
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
    // At most 2^53 − 1 ms (285,000 years): a longer one is no run's, and its end is no time a clock tells.
    if (!Number.isFinite(n) || n < 0 || n * 1000 > Number.MAX_SAFE_INTEGER)
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
    /**
     * The robust noise of one point inside the window, as is: σ = 1.4826 · median |y_t − (y_{t−1} +
     * y_{t+1})/2| / √1.5 over its consecutive values (the divergence rule's estimator, on the window's own
     * points, so the climb of an eval logged a few times a run is not taken for noise); NaN below three.
     */
    localNoise() {
        if (this.size < 3)
            return Number.NaN;
        const at = (k) => this.values[(this.head + k) & MASK];
        const residuals = new Float64Array(this.size - 2);
        for (let k = 1; k < this.size - 1; k++)
            residuals[k - 1] = Math.abs(at(k) - (at(k - 1) + at(k + 1)) / 2);
        residuals.sort();
        const mid = residuals.length >> 1;
        const median = residuals.length % 2 === 1 ? residuals[mid] : (residuals[mid - 1] + residuals[mid]) / 2;
        return (1.4826 * median) / Math.sqrt(1.5);
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
            const step = steps[i];
            // A step past 2^53 − 1 (the readers skip those) has no next whole step to end its bucket at.
            if (first - first !== 0 || !(Math.abs(step) <= Number.MAX_SAFE_INTEGER)) {
                i++;
                continue;
            }
            if (Number.isNaN(this.start))
                this.start = Math.floor(step / this.every);
            let at = Math.floor(step / this.every) - this.start;
            while (at >= this.maxBuckets) {
                this.coarsen();
                at = Math.floor(step / this.every) - this.start;
            }
            const end = (this.start + at + 1) * this.every;
            // The first value is taken whatever `end` is, so every turn of the loop moves on.
            let sum = first;
            let count = 1;
            for (i++; i < n && steps[i] < end; i++) {
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
            // A quality metric is logged a few times a run, climbing: its noise from its final window's own points
            // (none known below three: the climb of the points before it is no noise).
            const noise = this.cls.kind === 'quality' ? this.final.localNoise() : detector.noiseAt(final.median);
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
    const crash = { at: null };
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
            crash.at ??= table.crash?.at ?? null;
        }
    }
    const table = {
        source,
        columns,
        stepColumn: ranks[0]?.table.stepColumn ?? null,
        batches: { [Symbol.asyncIterator]: () => batches() },
        warnings,
        truncated,
        crash,
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
        ...(table.crash?.at ? { crash: table.crash.at } : {}),
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
    const inputs = await resolveInputs(ctx.options, config, recordError, notices, ctx.progress);
    for (const n of notices)
        ctx.warn(n);
    // A batch of runs tells how many are read; each file, its bytes.
    const task = inputs.length > 1 ? ctx.progress.task('runs read', inputs.length, 'runs') : null;
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
        finally {
            task?.add(1);
        }
    }
    task?.end();
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
async function resolveInputs(options, config, recordError, notices, progress) {
    const inputs = await csvRunOpeners(options.csv, config, notices, (name) => options.experiment ?? name, progress);
    if (options.metadata) {
        try {
            const manifest = await readManifest(options.metadata, { roots: options.manifestRoot });
            for (const e of manifest.errors)
                recordError(e);
            for (const r of manifest.runs) {
                const job = r.rankFiles
                    ? { job: rankJobOf(r.rankFiles), files: r.rankFiles.map((f) => ({ rank: String(f.rank), file: f.file })) }
                    : { job: null, files: [{ rank: '', file: r.file }] };
                // A manifest's config is tags on every sink and in every report: no secret in it (src/secrets/).
                const { fields: tags, hidden } = redactFields(Object.entries(r.config));
                if (hidden.length)
                    notices.push(`${options.metadata}:${r.line}: config field${hidden.length === 1 ? '' : 's'} named like a secret, sent and reported as ${REDACTED}: ${hidden
                        .slice(0, 10)
                        .map((n) => JSON.stringify(n.slice(0, 100)))
                        .join(', ')}`);
                const who = {
                    name: r.name,
                    experiment: options.experiment ? `${options.experiment}/${r.name}` : r.name,
                    tags: Object.fromEntries(tags),
                    fingerprint: r.fingerprint,
                    ...(r.durationSeconds === undefined ? {} : { durationSeconds: r.durationSeconds }),
                    ...(r.timeRange === undefined ? {} : { timeRange: r.timeRange }),
                };
                inputs.push(() => openRun(job, who, config, progress));
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
async function csvRunOpeners(paths, config, notices, experimentOf, progress = SILENT) {
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
    return uniqueRunNames(jobs, notices).map(([job, name]) => async () => openRun(job, { name, experiment: experimentOf(name), tags: {}, fingerprint: {} }, config, progress));
}
/** One run's input: its file's table, or its ranks' tables merged into the job's. */
async function openRun(job, who, config, progress = SILENT) {
    let tables = [];
    let source = job.job;
    const warnings = [];
    if (job.job === null) {
        // One file may hold several ranks' rows, told apart by a rank column.
        const file = job.files[0].file;
        const split = await openRankTables(file);
        if (!split) {
            const table = await openTable(file, { progress });
            return { ...who, tags: { ...table.tags, ...who.tags }, table };
        }
        ({ ranks: tables } = split);
        warnings.push(...split.warnings);
        source = file;
    }
    else
        for (const { rank, file } of job.files)
            tables.push({ rank, table: await openTable(file, { progress }) });
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
    /** Long reading, sending and building tell how far they are here; nothing with --quiet. */
    progress;
    /** When run() began and each stage ran: the trace's spans of the tool's own work (two numbers a stage). */
    startedAt = Date.now();
    stages = [];
    constructor(options, io, shell) {
        this.options = options;
        this.io = io;
        this.shell = shell;
        this.progress = options.quiet ? SILENT : (io.progress ?? SILENT);
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
    /** Run one stage, noting when it ran. */
    async timed(name, work) {
        const start = Date.now();
        try {
            return await work();
        }
        finally {
            this.stages.push({ name, start, end: Date.now() });
        }
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
        const report = await (await import('./post-comment-Dsnh4wzj.js')).postComment(ctx, options.commentFile);
        return runResult(ctx, { ...NOTHING, report });
    }
    // Loaded while the first files are read (hot-shots and the socket modules are a fair part of start-up).
    const statsdStage = options.statsdHost || options.dryRun ? import('./statsd-BU7h0U2I.js') : null;
    // The OpenTelemetry SDK only where an OTLP endpoint is set; a plain emit never loads it, nor a dry run.
    const otlpStage = options.otlp && !options.dryRun ? import('./otlp-CWCIS_LZ.js') : null;
    if (options.otlp && options.dryRun)
        ctx.io.info('dry run: nothing sent to the OTLP endpoint');
    // Loaded, and a database history connecting, while the files are read.
    const historyStage = options.history ? import('./history-BA05s3Kg.js') : null;
    const prepared = historyStage?.then((stage) => stage.prepareHistory(options.history)) ?? null;
    const runs = await ctx.timed('read', () => readRuns(ctx, config));
    const gpu = wantsGpu(options, config)
        ? await ctx.timed('gpu', async () => (await import('./gpu-v_pDK4Gp.js')).readGpu(ctx, runs, config))
        : null;
    const summaries = withGpuMetrics(runs, gpu);
    // What the run ran on: kept in its record, and compared with the last good run's when it regresses.
    const environment = options.history || options.environment.length
        ? await (await import('./environment-ay-SNwXt.js')).runEnvironment(ctx)
        : null;
    const gated = historyStage && options.history
        ? await ctx.timed('check', async () => (await historyStage).gateRuns(ctx, summaries, options.history, config.gate, await prepared, environment))
        : null;
    const judged = { summaries, gate: gated?.verdicts ?? [], gpu };
    // One deadline for every sink together, so an unreachable one never holds the job past sink-timeout.
    const budget = sinkBudget(options.sinkTimeout);
    const statsd = statsdStage
        ? await ctx.timed('statsd', async () => (await statsdStage).emitStatsd(ctx, judged, budget))
        : null;
    const sinks = wantsHttpSinks(ctx)
        ? await ctx.timed('http sinks', async () => (await import('./http-sinks-Be4frG_z.js')).sendToHttpSinks(ctx, judged, budget))
        : [];
    if (otlpStage && options.otlp?.metrics)
        sinks.push(await ctx.timed('otlp metrics', async () => (await otlpStage).sendOtlpMetrics(ctx, judged, budget)));
    // The report goes first: a report file that cannot be written stops the run from being recorded, so
    // fixing the path and running again does not record the same run twice.
    const report = judged.gate.length
        ? await ctx.timed('report', async () => (await import('./report-DHy_OD03.js')).publish(ctx, judged, gated?.open.history ?? null))
        : warnNoReport(ctx);
    if (historyStage && gated)
        await ctx.timed('record', async () => (await historyStage).recordRuns(ctx, summaries, gated.open, gated.verdicts, environment));
    // The history's connection (PostgreSQL), kept open from the read to the record.
    await (gated?.open.store ?? (await prepared))?.close();
    // The trace last, so it holds every stage; within what is left of the sinks' deadline.
    if (otlpStage && options.otlp?.traces)
        sinks.push(await (await otlpStage).exportTrace(ctx, judged, budget));
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
        exitCode: ctx.options.bisect ? bisectExitCode(out.gate, ctx.errors.length, out.summaries) : exitCode,
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

export { UnquotedRows as $, RollingMedian as A, BISECT_SKIP as B, COMMANDS as C, DIVERGENCE_WINDOW as D, Sketch as E, DivergenceDetector as F, CellKind as G, isUtilisation as H, InputError as I, readManifest as J, isBlank as K, LF as L, MAX_TIMER_MS as M, isHeaderRecord as N, OutputStreams as O, PARAMETERS as P, QUOTE as Q, RANK_IMBALANCE as R, SecretRegistry as S, classifyCell as T, csvParseOptions as U, detectDelimiter as V, parseHeader as W, recordsOfBytes as X, typeColumns as Y, findStepColumn as Z, RecordCells as _, run as a, transform as a$, CR as a0, CHUNK$1 as a1, MAX_LINE as a2, recordAt as a3, decodeEvent as a4, MAX_RANKS as a5, specialKind as a6, rankOf as a7, jobName as a8, runNameOf as a9, redactFields as aA, REDACTED as aB, readHead as aC, datadogRunGaugeName as aD, metricNameTooLong as aE, datadogUnit as aF, datadogStatName as aG, redactSecrets as aH, datadogSeriesUrl as aI, DEFAULT_SINK_TIMEOUT_SECONDS as aJ, tagValue as aK, looksLikeUniqueId as aL, checkPushgatewayUrl as aM, redactUrl as aN, getAugmentedNamespace as aO, judgedAtEnd as aP, WINDOW_QUANTILES as aQ, htmlText as aR, mdText as aS, FINAL_SHARE as aT, mermaidText as aU, stallNotes as aV, slug as aW, readRegularText as aX, METRIC_KINDS as aY, DEFAULT_GATE_CONFIG as aZ, DEFAULT_SUMMARY_SETTINGS as a_, tempDirUntilExit as aa, getDefaultExportFromCjs as ab, runTagsWhereShared as ac, ownValue as ad, gpuGaugesFor as ae, plainRecord as af, statsdName as ag, RUN_GAUGES as ah, msLeft as ai, branchType as aj, defaultClass as ak, fingerprintKey as al, fingerprintFields as am, findColumn as an, FIELD_UNIT as ao, parseSampleTime as ap, DMON_COLUMNS as aq, readTextFile as ar, steadyFromQuantiles as as, quantileSorted as at, columnName as au, findCsvColumn as av, CSV_IDENTITY as aw, CSV_COLUMNS as ax, scanJson as ay, lineAt as az, Progress as b, CsvError as b0, normalize_options as b1, errorFunction as b2, summarizeRun as b3, csvRunOpeners as b4, DEFAULT_OPTIONS as b5, DATADOG_TEMPLATE_TAGS as b6, DATADOG_RUN_STATS as b7, openTable as b8, redactStoredFields as b9, redactUrlCredentials as ba, parsePostgresSpec as bb, isPostgresSpec as bc, commonjsGlobal as bd, redactThenCut as be, withinBudget as bf, mean as bg, sampleStandardDeviation as bh, medianAbsoluteDeviation as bi, probit as bj, gammaln as bk, isLeftoverOf as bl, parseJsonLimited as bm, datadogApiBase as bn, resultJson as c, replacedLinkWarning as d, endSoon as e, workflowCommandSafe as f, githubContextFromEnv as g, historySecrets as h, SILENT as i, jobVerdict as j, commandsOf as k, loadConfig as l, metricsOutput as m, classify as n, otlpSecrets as o, parseOtlpHeaders as p, metricKey as q, resolveOptions as r, median as s, stepTimerColumn as t, rankImbalance as u, max as v, writeFileAtomic as w, combineRanks as x, rankCombine as y, runTagSet as z };
