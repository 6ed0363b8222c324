/**
 * The fuzz inputs of what the tool writes: the trend site built from a mutated history (into a folder
 * where a symlink stands in the index's place), and a mutated `--environment` file (JSON with made-up
 * secrets of real shapes, a pip freeze, a conda list, nvidia-smi's table) recorded into a history. Besides
 * the rules every case keeps (verdict.ts), each input checks what it writes:
 *  - site: only plain files of the site's own names in its folder, every page whole, no markup from the
 *    history in a page, every run of the history in one of the CSV files, the history and the file the
 *    symlink pointed to untouched;
 *  - environment: no secret the case still holds reaches the history, `--json` or the console; a refused
 *    file records nothing; what is recorded is bounded.
 */
import { mkdir, readdir, readFile, rm, symlink, writeFile, lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { HistoryRecord } from '../../src/model.js';
import { serializeHistory } from '../../src/store/history.js';
import { parseHistory } from '../../src/store/parse-history.js';
import { BY_NAME, BY_SHAPE, type CorpusEntry, HARMLESS, secretPieces } from '../helpers/secret-corpus.js';
import { trendHistory } from '../helpers/site-history.js';
import { firstLines, fixture, type FuzzInput, recordedHistory, writeToday } from './inputs.js';

const SENTINEL = "not the site's: a file outside its folder\n";
/** The names a site writes: its index and list, pages and CSV files (src/site/site-files.ts). */
const OWN_NAME = /^(\.training-metrics-site\.json|[A-Za-z0-9_+-][A-Za-z0-9_.+-]*\.(html|csv))$/;
/** Markup no page of the site holds: a history's text is escaped, and the only links are relative or GitHub's. */
const MARKUP =
  /<script|<img|<iframe|<object|javascript:|href="(?!https:\/\/github\.com\/|[A-Za-z0-9_.+-]+\.(?:html|csv)")/i;

let siteWorkspace = '';

const site: FuzzInput = {
  name: 'site',
  syntax: 'json',
  caseFile: 'history.json',
  history: false,
  prepare: async (workspace, cli) => {
    siteWorkspace = workspace;
    await mkdir(join(workspace, 'outside'), { recursive: true });
    // A history with change points, environments, PR and quarantined runs, and one the CLI recorded.
    const trend = [...trendHistory(), ...trendHistory({ experiment: 'other', runs: 12, mark: 6 })];
    return [
      { name: 'a trend history (test/helpers/site-history.ts)', text: serializeHistory({ format: 1, runs: trend }) },
      await recordedHistory(workspace, cli),
    ];
  },
  // Each case builds into a folder where a symlink to a file outside stands in the index's place.
  beforeCase: async () => {
    const dir = join(siteWorkspace, 'site');
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    await writeFile(join(siteWorkspace, 'outside', 'keep.html'), SENTINEL);
    await symlink(join(siteWorkspace, 'outside', 'keep.html'), join(dir, 'index.html'));
    return null;
  },
  argv: (workspace, file) => ['history', 'site', '--history', file, '--output', join(workspace, 'site')],
  check: async (workspace, bytes, facts) => {
    const out: string[] = [];
    if ((await readFile(join(workspace, 'outside', 'keep.html'), 'utf8')) !== SENTINEL)
      out.push('leak: the site wrote through the symlink in its folder');
    if (!(await readFile(join(workspace, 'history.json'))).equals(bytes))
      out.push('lost data: the site changed its history');
    if (facts.code !== 0) return out;
    let runs: HistoryRecord[] | null = null;
    try {
      runs = parseHistory(bytes.toString('utf8'), 'history.json').runs;
    } catch {
      out.push('misread: a site was built from a history that does not parse');
    }
    const dir = join(workspace, 'site');
    let csvRows = 0;
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      if (!OWN_NAME.test(name) || !(await lstat(path)).isFile()) {
        out.push(`leak: ${JSON.stringify(name)} in the site's folder is not one of its plain files`);
        continue;
      }
      const text = await readFile(path, 'utf8');
      if (name.endsWith('.html')) {
        if (!text.trimEnd().endsWith('</html>')) out.push(`lost data: ${name} is not whole`);
        const markup = MARKUP.exec(text);
        if (markup) out.push(`misread: markup in ${name}: ${JSON.stringify(markup[0])}`);
      }
      if (name.endsWith('.csv')) csvRows += (parse(text, { columns: true }) as unknown[]).length;
    }
    if (runs && csvRows !== runs.length)
      out.push(`lost data: the site's CSV files hold ${csvRows} runs of the history's ${runs.length}`);
    return out;
  },
};

/** The environment campaign's files, known to check (prepare sets them). */
const env = { workspace: '', history: '', json: '', before: Buffer.alloc(0) };
const CORPUS = [...BY_NAME, ...BY_SHAPE];

/** A JSON environment of the corpus and its harmless fields. */
function jsonEnvironment(): string {
  return JSON.stringify({ ...Object.fromEntries(CORPUS.map((e) => [e.field, e.value])), ...HARMLESS }, null, 2);
}

/** A pip freeze with secrets in its URLs and options, as a freeze of a private index holds them. */
function pipFreeze(): string {
  const token = BY_SHAPE.find((e) => e.field === 'runner_note')!.value;
  return [
    '# pip freeze',
    '--extra-index-url https://ci-user:Pr1vAtePassw0rdOnIndex@pypi.internal.example/simple',
    'keyring==25.5.0',
    'google-auth==2.35.0',
    `private-lib @ git+https://x-access-token:${token}@github.com/org/private-lib@v1.2.0`,
    'torch==2.5.0+cu124',
    'tokenizers==0.20.3',
    `-e git+https://oauth2:${token}@gitlab.example/org/tools.git#egg=tools`,
    'numpy==1.26.4',
  ].join('\n');
}

const CONDA = [
  '# packages in environment at /opt/conda:',
  '#',
  '# Name                    Version                   Build  Channel',
  'cudatoolkit               12.4.1               h4ba93d1_13    conda-forge',
  'keyring                   25.5.0          pyha804496_0    conda-forge',
  'python                    3.11.9          hb806964_0_cpython    conda-forge',
  'pytorch                   2.5.0           py3.11_cuda12.4_cudnn9.1.0_0    pytorch',
].join('\n');

/**
 * Whether the case still holds the secret as the rules define it: the whole field (`"NAME": "VALUE"`, its
 * name then says it is a secret) or the secret itself with no letter or digit glued before it (a shape
 * starts at a word's start). A mutation that changed it made something else, which may be recorded.
 */
function stillSecret(text: string, e: CorpusEntry): boolean {
  const escaped = JSON.stringify(e.secret).slice(1, -1);
  if (BY_NAME.includes(e)) return text.includes(`${JSON.stringify(e.field)}: ${JSON.stringify(e.value)}`);
  for (const form of new Set([e.secret, escaped])) {
    const at = text.indexOf(form);
    if (at >= 0 && !/[A-Za-z0-9_]/.test(text[at - 1] ?? '')) return true;
  }
  return false;
}

const environment: FuzzInput = {
  name: 'environment-secrets',
  syntax: 'json',
  caseFile: 'secrets-environment.txt',
  history: false,
  prepare: async (workspace) => {
    Object.assign(env, {
      workspace,
      history: join(workspace, 'history.json'),
      json: join(workspace, 'account.json'),
    });
    await writeToday(workspace);
    return [
      { name: 'a JSON environment of made-up secrets of real shapes', text: jsonEnvironment() },
      { name: 'a pip freeze with credentials in URLs', text: pipFreeze() },
      { name: 'a conda list', text: CONDA },
      {
        name: 'real/nvidia_smi_capture_rtx5060_windows_wddm_bom_process_list.txt',
        text: firstLines(await fixture('real/nvidia_smi_capture_rtx5060_windows_wddm_bom_process_list.txt'), 40),
      },
    ];
  },
  beforeCase: async () => {
    env.before = await readFile(env.history).catch(() => Buffer.alloc(0));
    await rm(env.json, { force: true });
    return null;
  },
  argv: (workspace, file) => [
    'record',
    '--history',
    join(workspace, 'history.json'),
    '--history-max',
    '20',
    '--experiment',
    'env',
    '--csv',
    join(workspace, 'today.csv'),
    '--environment',
    file,
    '--json',
    join(workspace, 'account.json'),
  ],
  check: async (_workspace, bytes, facts) => {
    const out: string[] = [];
    const history = await readFile(env.history).catch(() => Buffer.alloc(0));
    const account = await readFile(env.json, 'utf8').catch(() => '');
    const text = bytes.toString('utf8');
    // This case's record only: the history holds the earlier cases' too, whose secrets a mutation may have
    // changed into text of no secret's shape.
    const added = facts.code === 0 ? parseHistory(history.toString('utf8'), 'history.json').runs.at(-1) : undefined;
    const outputs = {
      stdout: facts.stdout,
      stderr: facts.stderr,
      record: JSON.stringify(added ?? {}),
      '--json': account,
    };
    const secrets = [...CORPUS.filter((e) => stillSecret(text, e))];
    // The pip freeze's own credentials, while its line still stands.
    if (text.includes(':Pr1vAtePassw0rdOnIndex@'))
      secrets.push({ field: 'index', value: '', secret: 'Pr1vAtePassw0rdOnIndex' });
    for (const e of secrets)
      for (const [where, value] of Object.entries(outputs))
        for (const piece of secretPieces(e))
          if (value.includes(piece) || value.includes(JSON.stringify(piece).slice(1, -1))) {
            out.push(`leak: ${e.field}'s secret in ${where}`);
            break;
          }
    if (facts.code === 2 && !history.equals(env.before)) out.push('lost data: a refused run changed the history');
    if (facts.code === 0) {
      const fields = Object.entries(added?.environment ?? {});
      if (fields.length > 1000) out.push(`misread: ${fields.length} environment fields recorded, over 1,000`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
      const bad = fields.find(([k, v]) => k.length > 100 || [...v].length > 200 || /[\u0000-\u001f\u007f]/.test(k + v));
      if (bad) out.push(`misread: environment field ${JSON.stringify(bad[0].slice(0, 40))} recorded beyond its bounds`);
    }
    return [...new Set(out)];
  },
};

export function outputInputs(): FuzzInput[] {
  return [site, environment];
}
