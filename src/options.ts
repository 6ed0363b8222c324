/**
 * Everything a run needs to know, resolved once from action inputs or CLI flags (which are named alike:
 * input `statsd-host` ⇔ flag `--statsd-host`). The engine never reads process.env or argv itself.
 */
import { readFileSync } from 'node:fs';
import type { OtlpTarget } from './sinks/otlp/target.js';

export type Command = 'emit' | 'record' | 'check' | 'post-comment' | 'watch' | 'site';

/** The CLI's subcommands and the action's `command` input. */
export const COMMANDS: readonly Command[] = ['emit', 'record', 'check', 'post-comment', 'watch', 'site'];

export interface GitHubContext {
  /** GITHUB_REF, e.g. refs/heads/main, refs/pull/12/merge. */
  ref: string;
  /** GITHUB_EVENT_NAME, e.g. push, pull_request, schedule. */
  eventName: string;
  /** GITHUB_WORKFLOW. */
  workflow: string;
  /** Repository default branch name when known (main if unknown). */
  defaultBranch: string;
  serverUrl: string;
  repository: string;
  runId: string;
  /** GITHUB_RUN_ATTEMPT: 1, then 2 and up for each re-run of the same workflow run. */
  runAttempt?: string;
  sha: string;
  /** PR number when the event is a pull request (refs/pull/N/…, or the pull_request_target payload's). */
  prNumber: number | null;
  /**
   * On a merge_group event, the pull request the merge queue is testing (its branch
   * `gh-readonly-queue/<base>/pr-N-<sha>`): its runs are stored apart, as a pull request's are.
   */
  mergeGroupPr?: number | null;
  /** The pull request's head commit (GITHUB_SHA is the merge commit), from the event payload. */
  prHeadSha?: string | null;
  /** On a workflow_run event, the head commit of the run that triggered this one, from the event payload. */
  workflowRunHeadSha?: string | null;
  /** REST API root, GITHUB_API_URL (GitHub Enterprise Server has its own); absent: https://api.github.com. */
  apiUrl?: string;
  /** The runner's documented variables, where any is set (src/environment/runner.ts). */
  runner?: RunnerInfo;
}

/** RUNNER_NAME, RUNNER_OS, RUNNER_ARCH, RUNNER_ENVIRONMENT, and ImageOS/ImageVersion of hosted runner images. */
export interface RunnerInfo {
  name?: string;
  os?: string;
  arch?: string;
  /** `github-hosted` or `self-hosted`. */
  environment?: string;
  imageOs?: string;
  imageVersion?: string;
}

export interface Options {
  command: Command;
  /** Per-step metric files (CSV, Megatron golden-values JSON, HF trainer_state.json). */
  csv: string[];
  /** experiment_metadata.jsonl manifest of a batch. */
  metadata: string | null;
  /** Folders a manifest may name metrics files in besides its own (repeatable, or a path list). */
  manifestRoot: string[];
  experiment: string | null;
  /** YAML config overriding classification and gate settings. */
  config: string | null;
  gpuCsv: string[];
  gpuScrape: string[];
  /** Price per GPU-hour by GPU type, YAML/JSON text such as `{ H100: 2.49 }` (else the config's gpu_price). */
  gpuPrice: string | null;

  /** StatsD target; null disables StatsD (unless dryRun, which prints the lines). */
  statsdHost: string | null;
  statsdPort: number;
  /** plain: lines any StatsD server accepts (statsd_exporter); datadog: DogStatsD to a Datadog Agent. */
  statsdFlavor: 'plain' | 'datadog';
  /** udp; tcp (statsd_exporter's TCP listener, same port); uds (a Unix datagram socket: statsdHost is its path). */
  statsdProtocol: 'auto' | 'udp' | 'tcp' | 'uds';
  /** Pacing of UDP and Unix datagram sends: bytes handed to the socket per millisecond on average. */
  statsdMaxBytesPerMs: number;
  /** Tags taken from DD_* variables: none, service (env/service/version, DD_TAGS), all (+ the pod's entity id); null: by flavor. */
  statsdEnvTags: 'none' | 'service' | 'all' | null;
  prefix: string;
  maxBufferSize: number;
  tags: Record<string, string>;
  /** Allow tag values that look like unique ids (SHAs, UUIDs, run ids). */
  allowIdTags: boolean;
  dryRun: boolean;
  /** No progress on stderr (long reading, sending, building). */
  quiet: boolean;
  /** Where to write the JSON account of what was done. */
  json: string | null;

  /** History store: a JSON file path, or `git:<branch>[:<path>]` for a data branch of the repository. */
  history: string | null;
  /** site: the folder the trend site is written into. */
  siteOutput: string | null;
  /** Runs kept per experiment and fingerprint; null: the store's default (HistoryStore.defaultMax). */
  historyMax: number | null;
  record: 'auto' | 'always' | 'never';
  failOnRegression: boolean;
  /** Fail (exit 1) when a checked run had no gated metric that could be judged. */
  failOnNotJudged: boolean;
  /** Mark this run as the start of a new baseline (an accepted, intended change). */
  newBaseline: boolean;
  /** Files that tell the run's environment: JSON, pip freeze, conda list or nvidia-smi output. */
  environment: string[];
  /** The job's container image (name, tag or digest), kept in the record's environment as `image`. */
  containerImage: string | null;
  /** The run's identity in the history (else the workflow run id): recording it again replaces its record. */
  runId: string | null;
  /** check for `git bisect run`: exit 0 good, 1 bad, 125 skip; judged against the history before its first bad run. */
  bisect: boolean;

  markdown: string | null;
  html: string | null;
  comment: 'always' | 'on-regression' | 'off';
  githubToken: string | null;
  /** emit/check: write the PR comment to this JSON file (fork pull requests); post-comment: the file to post. */
  commentFile: string | null;

  pushgatewayUrl: string | null;
  datadogUrl: string | null;
  datadogApiKey: string | null;
  /** OTLP/HTTP base URL (else OTEL_EXPORTER_OTLP_ENDPOINT), encoding, headers and signals, as given. */
  otlpEndpoint: string | null;
  otlpProtocol: string | null;
  otlpHeaders: string | null;
  otlpSignals: string | null;
  /** Where traces and metrics go over OTLP, resolved from those and the OTEL_* variables; null: nowhere. */
  otlp: OtlpTarget | null;
  failOnSinkError: boolean;
  /** Seconds all sinks together may take, retries included; what is left unsent after it is abandoned. */
  sinkTimeout: number;

  /** watch: where the live /metrics listen, `host:port` (default 127.0.0.1:9094), or `off`. */
  listen: string | null;
  /** watch: the abort rules, a list of nan, divergence, stall, collapse (default nan,divergence,stall), or `none`. */
  abortOn: string | null;
  /** watch: no new step for this long is a stall (a duration: 90s, 10m; default 10m). */
  stallAfter: string | null;
  /** watch: a throughput or MFU below this fraction of its level has collapsed (default 0.5; turns the rule on). */
  collapseBelow: string | null;
  /** watch: sample nvidia-smi this often while the command runs (a duration); null: no GPU polling. */
  gpuPoll: string | null;
  /** watch: after SIGTERM, how long the command's processes get before SIGKILL (a duration; default 10s). */
  abortGrace: string | null;
  /** watch: how often the files are looked at besides file-change events (a duration; default 250ms). */
  tailPoll: string | null;
  /** watch: record a run that watch stopped in the history too (default: not). */
  recordAborted: boolean;
  /** Lines shown under every run's table in the report (watch: why and where it stopped the run). */
  reportNotes: string[];

  github: GitHubContext;
  /** Warnings from resolving the options (e.g. a sink asked for that cannot run), shown by run(). */
  notices: string[];
}

export const DEFAULT_OPTIONS: Omit<Options, 'command' | 'github' | 'notices'> = {
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

/** The parts of the webhook payload the runner saves at GITHUB_EVENT_PATH that a run uses. */
interface EventPayload {
  repository?: { default_branch?: unknown };
  pull_request?: { number?: unknown; head?: { sha?: unknown } };
  merge_group?: { head_ref?: unknown };
  workflow_run?: { head_sha?: unknown };
}

/**
 * The pull request a run belongs to: `refs/pull/N/…` (pull_request), else the event's own pull request
 * (pull_request_target runs on the base branch's ref).
 */
function pullRequestNumber(ref: string, event: EventPayload): number | null {
  const fromRef = /^refs\/pull\/(\d+)\//.exec(ref);
  if (fromRef) return Number(fromRef[1]);
  const n = event.pull_request?.number;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** The pull request a merge queue's branch `refs/heads/gh-readonly-queue/<base>/pr-N-<sha>` tests. */
function mergeGroupPullRequest(event: EventPayload): number | null {
  const ref = event.merge_group?.head_ref;
  const m = typeof ref === 'string' ? /^refs\/heads\/gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]+$/.exec(ref) : null;
  return m ? Number(m[1]) : null;
}

function readEvent(path: string | undefined): EventPayload {
  if (!path) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as EventPayload;
  } catch {
    return {};
  }
}

const stringOrNull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The GitHub context from the runner's environment (empty strings outside Actions). */
export function githubContextFromEnv(env: NodeJS.ProcessEnv): GitHubContext {
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

function runnerFromEnv(env: NodeJS.ProcessEnv): { runner?: RunnerInfo } {
  const runner: RunnerInfo = {};
  const take = (key: keyof RunnerInfo, name: string) => {
    const v = env[name]?.trim();
    if (v) runner[key] = v;
  };
  take('name', 'RUNNER_NAME');
  take('os', 'RUNNER_OS');
  take('arch', 'RUNNER_ARCH');
  take('environment', 'RUNNER_ENVIRONMENT');
  take('imageOs', 'ImageOS');
  take('imageVersion', 'ImageVersion');
  return Object.keys(runner).length ? { runner } : {};
}
