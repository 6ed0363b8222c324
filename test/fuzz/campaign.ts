/**
 * One input type's fuzz campaign: build case i from (seed, input, i) alone, run it through the CLI's
 * entry in a case server, hold what it did to the rules in verdict.ts, and run a spread-out few again as
 * real processes. Reports every broken rule with the seed and case index that reproduce it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '../../bench/random.js';
import { CaseServer, type Outcome, runCliProcess } from './case-runner.js';
import type { FuzzInput, Seed } from './inputs.js';
import { mutate, mutationsOf, pick } from './mutate.js';
import { type Bounds, type CaseFacts, problems } from './verdict.js';

export interface FuzzOptions {
  seed: number;
  cases: number;
  /** Cases per input run again as real CLI processes. */
  processes: number;
  bounds: Bounds;
  /** A real process also starts node and the TypeScript loader: this much more time is allowed. */
  processStartMs: number;
  /** After this many hangs or crashed servers the input stops: the cases so far are the evidence. */
  maxHangs: number;
  /** Only this case index, to reproduce one failure. */
  only: number | null;
}

export interface CaseFailure {
  index: number;
  seedFile: string;
  mutations: string[];
  how: 'in-process' | 'process';
  problems: string[];
}

export interface InputReport {
  input: string;
  seed: number;
  casesRun: number;
  processesRun: number;
  notRun: number;
  crashes: number;
  hangs: number;
  failures: CaseFailure[];
  /** Wall time of the whole campaign, and the slowest in-process case. */
  ms: number;
  slowestCaseMs: number;
  /** The five slowest in-process cases: where the time goes. */
  slowest: { index: number; ms: number; mutations: string[] }[];
}

/** The random source of case `index`: a hash of (seed, input, index), so each case stands alone. */
function caseRandom(seed: number, input: string, index: number): () => number {
  let h = 2166136261;
  for (const c of `${seed}:${input}:${index}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return mulberry32(h >>> 0);
}

export interface FuzzCase {
  index: number;
  seed: Seed;
  mutations: string[];
  bytes: Buffer;
}

export function buildCase(input: FuzzInput, seeds: readonly Seed[], seed: number, index: number): FuzzCase {
  const rnd = caseRandom(seed, input.name, index);
  const from = pick(rnd, seeds);
  const mutations = mutationsOf(index, rnd);
  return { index, seed: from, mutations, bytes: mutate(from.text, mutations, rnd, input.syntax) };
}

const ENV = (workspace: string): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: workspace });

/** The state of one campaign: its server, the heap the server started from, and what was found. */
class Campaign {
  private heapBaseline: number | null = null;
  readonly report: InputReport;

  constructor(
    readonly input: FuzzInput,
    readonly options: FuzzOptions,
    readonly workspace: string,
    readonly seeds: Seed[],
    readonly server: CaseServer,
  ) {
    this.report = {
      input: input.name,
      seed: options.seed,
      casesRun: 0,
      processesRun: 0,
      notRun: 0,
      crashes: 0,
      hangs: 0,
      failures: [],
      ms: 0,
      slowestCaseMs: 0,
      slowest: [],
    };
  }

  get file(): string {
    return join(this.workspace, this.input.caseFile);
  }

  /** A fresh server's heap, after one unmutated case: what a later case's heap is measured against. */
  private async baseline(): Promise<number> {
    if (this.server.running && this.heapBaseline !== null) return this.heapBaseline;
    await writeFile(this.file, this.seeds[0]!.text);
    const o = await this.server.run(this.input.argv(this.workspace, this.file), ENV(this.workspace), 60_000);
    if (o.kind !== 'done') throw new Error(`${this.input.name}: the unmutated seed did not complete (${o.kind})`);
    this.heapBaseline = o.heapAfterGc;
    return o.heapAfterGc;
  }

  async inProcess(c: FuzzCase): Promise<CaseFacts> {
    const baseline = await this.baseline();
    await writeFile(this.file, c.bytes);
    const o = await this.server.run(
      this.input.argv(this.workspace, this.file),
      ENV(this.workspace),
      this.options.bounds.caseMs,
    );
    this.report.casesRun++;
    this.report.slowestCaseMs = Math.max(this.report.slowestCaseMs, o.ms);
    this.report.slowest = [...this.report.slowest, { index: c.index, ms: Math.round(o.ms), mutations: c.mutations }]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5);
    return { ...(await this.facts(o, c)), heapGrowth: o.kind === 'done' ? o.heapAfterGc - baseline : null };
  }

  async asProcess(c: FuzzCase): Promise<CaseFacts> {
    await writeFile(this.file, c.bytes);
    const limit = this.options.bounds.caseMs + this.options.processStartMs;
    const p = await runCliProcess(this.input.argv(this.workspace, this.file), ENV(this.workspace), limit);
    this.report.processesRun++;
    const died = p.signal && !p.timedOut ? `signal ${p.signal}` : null;
    return {
      code: p.timedOut || died ? null : p.code,
      stdout: p.stdout,
      stderr: p.stderr,
      ms: Math.max(0, p.ms - this.options.processStartMs),
      hang: p.timedOut,
      died,
      uncaught: false,
      heapGrowth: null,
      historyChanged: await this.historyChanged(c),
    };
  }

  private async facts(o: Outcome, c: FuzzCase): Promise<Omit<CaseFacts, 'heapGrowth'>> {
    const base = { ms: o.ms, stderr: o.stderr, historyChanged: await this.historyChanged(c) };
    if (o.kind === 'done')
      return { ...base, code: o.code, stdout: o.stdout, hang: false, died: null, uncaught: o.uncaught };
    return {
      ...base,
      code: null,
      stdout: '',
      hang: o.kind === 'hang',
      died: o.kind === 'died' ? o.exit : null,
      uncaught: false,
    };
  }

  private async historyChanged(c: FuzzCase): Promise<boolean | null> {
    if (!this.input.history) return null;
    const now = await readFile(this.file).catch(() => null);
    return !now?.equals(c.bytes);
  }

  note(c: FuzzCase, how: CaseFailure['how'], facts: CaseFacts, extra: string[] = []): void {
    if (facts.hang) this.report.hangs++;
    if (facts.died || facts.uncaught) this.report.crashes++;
    const bounds = this.input.exitCodes
      ? { ...this.options.bounds, exitCodes: this.input.exitCodes }
      : this.options.bounds;
    const found = [...problems(facts, bounds), ...extra];
    if (found.length)
      this.report.failures.push({
        index: c.index,
        seedFile: c.seed.name,
        mutations: c.mutations,
        how,
        problems: found,
      });
  }
}

/** Indices run again as processes: spread over the range, so they mix lone and combined mutations. */
function processIndices(options: FuzzOptions): Set<number> {
  const n = Math.min(options.processes, options.cases);
  return new Set(Array.from({ length: n }, (_, k) => Math.floor((k * options.cases) / n)));
}

export async function fuzzInput(input: FuzzInput, options: FuzzOptions): Promise<InputReport> {
  const started = performance.now();
  const workspace = await mkdtemp(join(tmpdir(), `tmg-fuzz-${input.name}-`));
  const server = new CaseServer();
  try {
    const seeds = await input.prepare(workspace, async (argv) => {
      const o = await server.run(argv, ENV(workspace), 60_000);
      return o.kind === 'done' ? o.code : -1;
    });
    const campaign = new Campaign(input, options, workspace, seeds, server);
    await runCases(campaign);
    campaign.report.ms = performance.now() - started;
    return campaign.report;
  } finally {
    server.close();
    await input.teardown?.();
    await rm(workspace, { recursive: true, force: true });
  }
}

async function runCases(campaign: Campaign): Promise<void> {
  const { options, input, seeds, report } = campaign;
  const cases = Math.min(options.cases, input.maxCases ?? options.cases);
  const spawned = processIndices({ ...options, cases });
  const indices = options.only !== null ? [options.only] : Array.from({ length: cases }, (_, i) => i);
  for (const [k, index] of indices.entries()) {
    if (report.hangs + report.crashes >= options.maxHangs) {
      report.notRun = indices.length - k;
      return;
    }
    const c = buildCase(input, seeds, options.seed, index);
    const undo = await input.beforeCase?.(index);
    try {
      const facts = await campaign.inProcess(c);
      const own = facts.hang ? [] : ((await input.check?.(campaign.workspace, c.bytes, facts)) ?? []);
      campaign.note(c, 'in-process', facts, own);
      if (!spawned.has(index) && options.only === null) continue;
      if (facts.hang) continue; // a hang in-process would only hang again
      const real = await campaign.asProcess(c);
      const same = real.code === null || real.code === facts.code;
      campaign.note(c, 'process', real, same ? [] : [`exit code ${real.code} as a process, ${facts.code} in-process`]);
    } finally {
      await undo?.();
    }
  }
}

/** The failures as lines a reader can act on: what broke, in which case, and how to run it again. */
export function describeFailures(r: InputReport, limit = 15): string {
  const head = `${r.input} (FUZZ_SEED=${r.seed}): ${r.failures.length} failing of ${r.casesRun} cases and ${r.processesRun} processes; ${r.crashes} crashes, ${r.hangs} hangs; ${sec(r.ms)} s, slowest case ${sec(r.slowestCaseMs)} s${r.notRun ? `; stopped early, ${r.notRun} cases not run` : ''}`;
  const lines = r.failures
    .slice(0, limit)
    .map(
      (f) =>
        `  case ${f.index} (${f.how}; ${f.seedFile}; ${f.mutations.join(' + ')}): ${f.problems.join('; ')}\n` +
        `    again: FUZZ_SEED=${r.seed} FUZZ_ONLY=${r.input}:${f.index} npm run fuzz`,
    );
  const more = r.failures.length > limit ? [`  … and ${r.failures.length - limit} more`] : [];
  return [head, ...lines, ...more].join('\n');
}

const sec = (ms: number): string => (ms / 1000).toFixed(1);
