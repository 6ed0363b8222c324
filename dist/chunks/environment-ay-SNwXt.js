import { j as jsonSyntaxError, p as parseTree, a as printParseErrorCode } from './syntax-error-CUtXZmYe.js';
import { ay as scanJson, I as InputError, az as lineAt, aA as redactFields, aB as REDACTED, ar as readTextFile, aC as readHead } from './postgres-url-BezLfty4.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';

/**
 * A JSON environment file → field → value. The file is one object; a string value is kept as it is, a
 * number or boolean as JSON writes it, null is left out, and a nested object is flattened with dots
 * (`{"versions": {"torch": "2.5.0"}}` → `versions.torch`). Field names are kept as written (trimmed). An
 * array, an empty or over-long name, a file nested deeper than MAX_DEPTH or not one object is an
 * InputError naming the line. The depth is checked first without recursion, and the text parsed by
 * JSON.parse, before the (recursive) parser that knows each key's line ever sees it.
 */
/** An environment is a listing: a few levels of grouping at most. */
const MAX_DEPTH = 20;
/** Longest field name kept: a name is a package or a setting, never a document. */
const MAX_FIELD_NAME = 100;
function parseJsonEnvironment(source, text) {
    const { depthAt } = scanJson(text, MAX_DEPTH);
    if (depthAt >= 0)
        throw new InputError(source, lineAt(text, depthAt), `environment JSON is nested deeper than ${MAX_DEPTH} levels`);
    try {
        JSON.parse(text);
    }
    catch (e) {
        const syntax = jsonSyntaxError(e);
        const what = syntax.what;
        const offset = syntax.offset ?? firstErrorOffset(text);
        throw new InputError(source, offset === null ? null : lineAt(text, offset), `environment file is not valid JSON (${what})`);
    }
    const errors = [];
    const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    if (first)
        throw new InputError(source, lineAt(text, first.offset), `environment file is not valid JSON (${printParseErrorCode(first.error)})`);
    if (root?.type !== 'object')
        throw new InputError(source, 1, 'environment JSON must be one object of field → value');
    const out = new Map();
    const walk = (node, prefix) => {
        for (const pair of node.children ?? []) {
            const [key, value] = pair.children ?? [];
            if (!key || !value)
                continue;
            const name = `${prefix}${String(key.value).trim()}`;
            const bad = (what) => new InputError(source, lineAt(text, key.offset), `${JSON.stringify(name)}: ${what}`);
            if (String(key.value).trim() === '')
                throw bad('a field needs a name');
            if (name.length > MAX_FIELD_NAME)
                throw bad(`a field name is at most ${MAX_FIELD_NAME} characters`);
            if (value.type === 'object')
                walk(value, `${name}.`);
            else if (value.type === 'array')
                throw bad('a list is not a value; give one string (e.g. "a,b") or an object of named values');
            else if (value.type === 'null')
                continue;
            else
                out.set(name, typeof value.value === 'string' ? value.value : JSON.stringify(value.value));
        }
    };
    walk(root, '');
    return out;
}
/** Brackets of a text the recursive parser may read to find an error's line: few enough for any stack. */
const MAX_BRACKETS_TO_LOCATE = 1000;
/**
 * Where the first syntax error is, for JSON.parse's messages that give no position (`Unexpected token`):
 * from jsonc-parser, but only where the text holds at most MAX_BRACKETS_TO_LOCATE brackets in all (strings
 * and comments included, so its recursion is bounded whatever it takes for a string); else null.
 */
function firstErrorOffset(text) {
    let brackets = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if ((c === 0x7b || c === 0x5b) && ++brackets > MAX_BRACKETS_TO_LOCATE)
            return null;
    }
    const errors = [];
    parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
    return errors[0]?.offset ?? null;
}

/**
 * What a record keeps of an environment, bounded: a record is written for every run, so a 400-package
 * freeze must not grow 100,000 records without limit.
 *  - A value keeps at most MAX_VALUE characters (longer ones end in `…`), control characters made spaces.
 *  - A field name keeps at most MAX_FIELD_NAME characters.
 *  - At most MAX_FIELDS fields: the first ones given (the runner's, the capture's and the image come first,
 *    then each file's in name order) are kept, and a warning says how many were left out.
 */
const MAX_VALUE = 200;
const MAX_FIELDS = 1000;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
function cut(text, max) {
    const clean = text.replace(CONTROL, ' ').trim();
    const chars = [...clean];
    return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('')}…`;
}
/** The fields in the order given, bounded; `warnings` says what was left out. */
function boundEnvironment(entries) {
    const kept = new Map();
    let dropped = 0;
    for (const [name, value] of entries) {
        const field = cut(name, MAX_FIELD_NAME);
        if (!field)
            continue;
        if (!kept.has(field) && kept.size >= MAX_FIELDS) {
            dropped++;
            continue;
        }
        kept.set(field, cut(value, MAX_VALUE));
    }
    const warnings = dropped
        ? [
            `environment: ${kept.size + dropped} fields, ${dropped} left out: a record keeps at most ${MAX_FIELDS} (give the packages that matter, e.g. pip freeze | grep -E 'torch|nccl|cudnn')`,
        ]
        : [];
    return { environment: Object.fromEntries(kept), warnings };
}

/**
 * A Python package's name as PEP 503 normalises it: lowercase, every run of `-`, `_` and `.` one `-`
 * (`Torch_Vision` → `torch-vision`, `ruamel.yaml` → `ruamel-yaml`), so pip's and
 * conda's spellings of one package are one field.
 */
function packageName(name) {
    return name
        .trim()
        .toLowerCase()
        .replace(/[-_.]+/g, '-');
}

/**
 * A bad line as an error quotes it: JSON-quoted, at most `max` characters, and cut only between words
 * (whitespace-separated tokens), a word too long to fit left out as `…`. A secret or a URL with credentials
 * is one word, so the message holds it whole or not at all, and the redaction every message passes through
 * (SecretRegistry.message) always sees the whole of it: a cut never leaves a secret's prefix behind.
 */
function quoteLine(line, max = 80) {
    let out = '';
    for (const part of line.split(/(\s+)/)) {
        if (out.length + part.length > max)
            return JSON.stringify(`${out.trimEnd()}${out.trim() ? ' ' : ''}…`);
        out += part;
    }
    return JSON.stringify(out);
}

/**
 * `conda list` output → package → version: `# …` header lines, then columns `name version build
 * [channel]` (the version is what is kept; a CUDA toolkit, NCCL or cuDNN is a package of its own there);
 * also `conda list --export` lines `name=version=build`. Names are normalised as PEP 503 says. A line of
 * one column, or of more than four, is an InputError naming it.
 */
function parseCondaList(source, text) {
    const out = new Map();
    text.split(/\r?\n/).forEach((raw, i) => {
        const line = raw.trim();
        if (line === '' || line.startsWith('#'))
            return;
        const exported = /^([^=\s]+)=([^=\s]+)(?:=(\S+))?$/.exec(line);
        const cells = exported ? [exported[1], exported[2]] : line.split(/\s+/);
        if (cells.length < 2 || cells.length > 4)
            throw new InputError(source, i + 1, `not a conda list line (expected name, version, build and channel columns): ${quoteLine(line)}`);
        out.set(packageName(cells[0]), cells[1]);
    });
    return out;
}
/** Does the text look like conda's: its header, or a first entry in its column or export form? */
function looksLikeConda(text) {
    if (/^#\s*(packages in environment at|platform:)/m.test(text))
        return true;
    const first = text.split(/\r?\n/).find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    if (!first)
        return false;
    const line = first.trim();
    if (line.includes('==') || line.includes(' @ ') || line.startsWith('-'))
        return false;
    return /^[^=\s]+=[^=\s]+(=\S+)?$/.test(line) || /^\S+\s+\S+(\s+\S+){0,2}$/.test(line);
}

/**
 * The driver and CUDA version nvidia-smi prints: its table's header (`Driver Version: 550.54.15   CUDA
 * Version: 12.4`), `nvidia-smi -q` (`Driver Version : 550.54.15`, `CUDA Version : 12.4`), or a
 * `--query-gpu` CSV with a `driver_version` column (the values in the rows given), or a GPU exporter's
 * scrape, whose labels carry them: dcgm-exporter's `DCGM_FI_DRIVER_VERSION="580.105.08"` on every series,
 * nvidia_gpu_exporter's `nvidia_smi_gpu_info{…,cuda_version="13.1",driver_version="590.48.01",…}`. nvidia-smi's CUDA
 * version is the newest the driver supports, not the toolkit a framework was built with (that comes from
 * the environment file, e.g. torch's `2.4.1+cu124`). Several GPUs or nodes that disagree give their values
 * sorted and joined by `,`.
 */
const VALUE = /^[0-9][0-9A-Za-z.+-]{0,40}$/;
/** Driver and CUDA version from nvidia-smi text or the head of a capture (CSV or scrape); empty when it says neither. */
function driverInfo(text) {
    const out = {};
    const driver = joinVersions(valuesAfter(text, /Driver Version\s*:\s*([^\s|]+)/g)) ??
        joinVersions(valuesAfter(text, /[{,](?:DCGM_FI_DRIVER_VERSION|driver_version)="([^"\n]*)"/g));
    const cuda = joinVersions(valuesAfter(text, /CUDA Version\s*:\s*([^\s|]+)/g)) ??
        joinVersions(valuesAfter(text, /[{,]cuda_version="([^"\n]*)"/g));
    const column = driver ?? joinVersions(csvColumn(text, 'driver_version'));
    if (column)
        out.driver = column;
    if (cuda)
        out.cuda = cuda;
    return out;
}
function valuesAfter(text, pattern) {
    return [...text.matchAll(pattern)].map((m) => m[1]);
}
/** A column's cells in the CSV rows under the first header that names it (`driver_version`, any case, units after). */
function csvColumn(text, name) {
    const names = (c) => c
        .trim()
        .toLowerCase()
        .replace(/\./g, '_')
        .split(/[\s[(]/)[0] === name;
    const lines = text.split(/\r?\n/);
    const at = lines.findIndex((l) => l.split(',').some(names));
    if (at < 0)
        return [];
    const col = lines[at].split(',').findIndex(names);
    return lines
        .slice(at + 1)
        .map((l) => l.split(',')[col]?.trim() ?? '')
        .filter(Boolean);
}
/** Versions that look like versions, each once, sorted and joined by `,`; undefined when none does. */
function joinVersions(values) {
    const kept = [...new Set(values.filter((v) => VALUE.test(v)))].sort();
    return kept.length ? kept.join(',') : undefined;
}

/**
 * `pip freeze` (and `pip list --format=freeze`) output → package → version. Understood lines:
 * `name==version` (also `===`, with an environment marker after `;` left out), `name @ URL` (a direct
 * reference: the URL is the version), `-e URL#egg=name` (an editable checkout: the URL), comments, blank
 * lines and pip options (`-i`, `--index-url`, …). An editable line that names no package is skipped: there
 * is nothing to call it. Names are normalised as PEP 503 says (package-name.ts). Anything else is an
 * InputError naming the line.
 */
const PINNED = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*===?\s*([^\s;]+)\s*(?:;.*)?$/;
const DIRECT = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s+@\s+(\S+)\s*(?:;.*)?$/;
function parsePipFreeze(source, text) {
    const out = new Map();
    text.split(/\r?\n/).forEach((raw, i) => {
        const line = raw.trim();
        if (line === '' || line.startsWith('#'))
            return;
        if (/^(-e|--editable)\s/.test(line)) {
            const url = line.replace(/^(-e|--editable)\s+/, '');
            const egg = /[#&]egg=([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(url);
            if (egg)
                out.set(packageName(egg[1]), url);
            return;
        }
        if (line.startsWith('-'))
            return; // -i, --index-url, -f …: where pip looked, not what it installed
        const m = PINNED.exec(line) ?? DIRECT.exec(line);
        if (!m)
            throw new InputError(source, i + 1, `not a pip freeze line (expected name==version, name @ URL or -e URL#egg=name): ${quoteLine(line)}`);
        out.set(packageName(m[1]), m[2]);
    });
    return out;
}

/**
 * An `--environment FILE`'s text → field → value, its kind told by its content (sniff, then parse): a JSON
 * object (json-environment.ts), nvidia-smi output (its driver and CUDA version; nvidia-smi-text.ts),
 * `conda list` output (conda-list.ts), else `pip freeze` output (pip-freeze.ts).
 */
/**
 * nvidia-smi's own lines: its table's banner (`| NVIDIA-SMI 550.54.15  Driver Version: …`, or its
 * `NVIDIA-SMI has failed …`), or `nvidia-smi -q`'s `Driver Version : …`, each where a line starts; the
 * words elsewhere (a comment in a package list) do not make a file nvidia-smi's.
 */
const NVIDIA_SMI_LINE = /^[\s|+]*(?:NVIDIA-SMI\b|Driver Version\s*:)/m;
function environmentFileKind(text) {
    const start = text.replace(/^\uFEFF/, '').trimStart();
    if (start.startsWith('{') || start.startsWith('['))
        return 'json';
    if (NVIDIA_SMI_LINE.test(text))
        return 'nvidia-smi';
    return looksLikeConda(text) ? 'conda' : 'pip';
}
function parseEnvironmentFile(source, text) {
    const body = text.replace(/^\uFEFF/, '');
    const kind = environmentFileKind(body);
    return { kind, fields: parseAs(kind, source, body) };
}
function parseAs(kind, source, body) {
    switch (kind) {
        case 'json':
            return parseJsonEnvironment(source, body);
        case 'nvidia-smi': {
            const info = driverInfo(body);
            if (!info.driver && !info.cuda)
                throw new InputError(source, null, 'looks like nvidia-smi output but names no driver or CUDA version');
            return new Map(Object.entries(info));
        }
        case 'conda':
            return parseCondaList(source, body);
        case 'pip':
            return parsePipFreeze(source, body);
    }
}

function runnerFields(runner, containerImage) {
    const out = [];
    if (runner?.os)
        out.push(['os', runner.os]);
    if (runner?.arch)
        out.push(['arch', runner.arch]);
    const image = [runner?.imageOs, runner?.imageVersion].filter(Boolean).join(' ');
    if (image)
        out.push(['runner-image', image]);
    if (runner?.name && runner.environment !== 'github-hosted')
        out.push(['runner', runner.name]);
    if (containerImage?.trim())
        out.push(['image', containerImage.trim()]);
    return out;
}

const PACKAGE_LISTS = new Set(['pip', 'conda']);
function collectEnvironment(s) {
    const fields = new Map();
    const put = (entries) => {
        for (const [k, v] of entries)
            fields.set(k, v);
    };
    const [image, rest] = partition(runnerFields(s.runner, s.containerImage), (f) => f[0] === 'image');
    put(rest);
    const drivers = (s.captures ?? []).map(driverInfo);
    const driver = joinVersions(drivers.flatMap((d) => (d.driver ? d.driver.split(',') : [])));
    const cuda = joinVersions(drivers.flatMap((d) => (d.cuda ? d.cuda.split(',') : [])));
    put([
        ...(driver ? [['driver', driver]] : []),
        ...(cuda ? [['cuda', cuda]] : []),
    ]);
    put(image);
    // A package list names packages (`google-auth`, `oauthlib`), whose values are versions: the secret-name
    // rule is for the fields a JSON file names.
    const packages = new Set();
    for (const f of s.files ?? []) {
        const file = parseEnvironmentFile(f.source, f.text);
        const entries = [...file.fields].sort(([a], [b]) => (a < b ? -1 : 1));
        const listed = PACKAGE_LISTS.has(file.kind);
        for (const [name] of entries)
            listed ? packages.add(name) : packages.delete(name);
        put(entries);
    }
    if (fields.size === 0)
        return { environment: null, warnings: [] };
    const registered = (text) => (s.redact ? s.redact(text) : text);
    const { fields: safe, hidden } = redactFields([...fields].map(([name, value]) => [registered(name), registered(value)]), new Set([...packages].map(registered)));
    const bounded = boundEnvironment(safe);
    if (hidden.length === 0)
        return bounded;
    const names = hidden.slice(0, 10).map((n) => JSON.stringify(n.slice(0, 100)));
    const more = hidden.length > names.length ? `, and ${hidden.length - names.length} more` : '';
    return {
        environment: bounded.environment,
        warnings: [
            `environment: ${hidden.length} field${hidden.length === 1 ? '' : 's'} named like a secret recorded as ${REDACTED}, not as given: ${names.join(', ')}${more}`,
            ...bounded.warnings,
        ],
    };
}
function partition(items, test) {
    return [items.filter(test), items.filter((t) => !test(t))];
}

/** Reading what tells the environment from disk: `--environment` files whole, GPU captures' first bytes. */
/** An environment file is a listing, not data: a freeze of thousands of packages is well under this. */
const MAX_FILE_BYTES = 16 * 2 ** 20;
/** A capture's header and first rows say its driver; the rest is samples. */
const CAPTURE_HEAD_BYTES = 64 * 1024;
/**
 * A scrape is one sample per GPU, but the series that names the driver (nvidia_gpu_exporter's
 * `nvidia_smi_gpu_info`) can come anywhere in it: read up to this much of each.
 */
const SCRAPE_HEAD_BYTES = 4 * 2 ** 20;
async function readEnvironment(o) {
    const files = await Promise.all(o.files.map(async (source) => ({ source, text: await readTextFile(source, MAX_FILE_BYTES) })));
    // A capture that cannot be read is the GPU stage's to report; here it only tells no driver.
    const head = (path, bytes) => readHead(path, bytes).then((b) => b.toString('utf8'), () => '');
    const captures = await Promise.all([
        ...o.gpuCaptures.map((path) => head(path, CAPTURE_HEAD_BYTES)),
        ...(o.gpuScrapes ?? []).map((path) => head(path, SCRAPE_HEAD_BYTES)),
    ]);
    return collectEnvironment({
        files,
        captures,
        ...(o.runner ? { runner: o.runner } : {}),
        containerImage: o.containerImage ?? null,
        ...(o.redact ? { redact: o.redact } : {}),
    });
}

/**
 * The run's environment (src/environment/): the `environment` files, the GPU captures' and scrapes' driver and CUDA
 * version, the container image input and the runner. Null when nothing tells it, or when a file could not
 * be read (an InputError, recorded: the run then fails with exit 2 and records nothing).
 */
async function runEnvironment(ctx) {
    const { options } = ctx;
    const secrets = ctx.io.secrets;
    try {
        const { environment, warnings } = await readEnvironment({
            files: options.environment,
            gpuCaptures: options.gpuCsv,
            gpuScrapes: options.gpuScrape,
            ...(options.github.runner ? { runner: options.github.runner } : {}),
            containerImage: options.containerImage,
            ...(secrets ? { redact: (text) => secrets.redact(text) } : {}),
        });
        for (const w of warnings)
            ctx.warn(w);
        if (environment)
            ctx.io.info(`environment: ${Object.keys(environment).length} field(s) known for this run`);
        return environment;
    }
    catch (e) {
        ctx.recordError(e);
        return null;
    }
}

export { runEnvironment };
