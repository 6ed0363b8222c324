/**
 * The one table of parameters both shells read: action input `statsd-host` and CLI flag
 * `--statsd-host` are the same entry, parsed and validated the same way.
 */
import { InputError } from './model.js';
import { parseTagList } from './naming.js';
import { resolveDatadogTarget } from './sinks/datadog/target.js';
import { resolveOtlpTarget } from './sinks/otlp/target.js';
import { checkPushgatewayUrl } from './sinks/prometheus/pushgateway-url.js';
import { DEFAULT_OPTIONS, type Command, type GitHubContext, type Options } from './options.js';

type Kind = 'string' | 'list' | 'number' | 'boolean' | 'tags';

export interface Parameter {
  /** Input and flag name. */
  name: string;
  key: keyof Omit<Options, 'command' | 'github' | 'notices' | 'reportNotes' | 'otlp'>;
  kind: Kind;
  choices?: readonly string[];
  description: string;
  /** Secrets are masked by the action and never echoed. */
  secret?: boolean;
  /** The largest value a number may take (a duration a timer can still wait). */
  max?: number;
  /** The whole of what it does, for action.yml and the README (the description is the help's line). */
  details: string;
  /** action.yml's `default:` (the runner fills it in), where the action has one. */
  actionDefault?: string;
  /** The default as the README and `--help` say it, where there is one. */
  defaultText?: string;
  /** Where the docs say more (a path in this repository). */
  docs?: string;
  /** The commands that take it (their `--help` lists it); omitted, the job's: emit, record, check, watch. */
  commands?: readonly Command[];
}

/** The commands that run the job (read, classify, send, judge): the flags they share. */
export const JOB_COMMANDS: readonly Command[] = ['emit', 'record', 'check', 'watch'];

/** The commands a parameter is for. */
export const commandsOf = (p: Parameter): readonly Command[] => p.commands ?? JOB_COMMANDS;

/** An input of the action that is no flag: the subcommand, and watch's command line (`-- COMMAND`). */
export interface ActionOnlyInput {
  name: string;
  details: string;
  defaultText?: string;
}

export const ACTION_ONLY_INPUTS: readonly ActionOnlyInput[] = [
  {
    name: 'command',
    details:
      "What to do, as the CLI's subcommands: emit, check, record, post-comment (post a comment-file from a fork's pull request run), watch (run the run input's command line and stop it on NaN, divergence, a stall or a collapse), or site (write the trend site of the history into site-output). Default: check where history is set, else emit.",
    defaultText: '`check` with `history`, else `emit`',
  },
  {
    name: 'run',
    details:
      'With command watch: the command line of the training to run, e.g. ./run_daily_training.sh --out out/, run as bash -c in the workspace (quotes, && and variables as in a run step).',
  },
];

/** The action's outputs (the CLI's `--json` report holds the same and more). */
export const OUTPUTS: readonly { name: string; details: string }[] = [
  { name: 'datagrams', details: 'StatsD datagrams sent.' },
  { name: 'series', details: 'Distinct series (metric name + tag set) written.' },
  {
    name: 'metrics-json',
    details:
      'Per run, per metric: {value, stat, last, lastStep} as JSON; value is what the gate judges (stat final_window_median for loss, steady_median, or last for gauges).',
  },
  { name: 'regression', details: "'true' when the gate found a regression." },
  {
    name: 'verdict',
    details:
      "What the gate said of the job: 'regression', 'pass' (every checked run had a gated metric judged and none regressed), 'not-judged' (some run had nothing that could be judged), or '' without a history.",
  },
  {
    name: 'aborted',
    details:
      'With command watch: why watch stopped the run (nan, divergence, stall or collapse), empty when it did not.',
  },
  { name: 'report-json', details: 'Path of the JSON report (verdicts, summaries, what was sent).' },
  {
    name: 'report-html',
    details: 'Path of the HTML report when the html input was given (upload it as an artifact).',
  },
  { name: 'comment-url', details: 'URL of the PR comment created or updated, if any.' },
];

/** The longest wait a Node.js timer holds: 2³¹ − 1 ms (24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const PARAMETERS: readonly Parameter[] = [
  {
    name: 'csv',
    key: 'csv',
    kind: 'list',
    description:
      'per-step metrics file(s) or run directories: CSV, golden-values JSON, HF trainer_state.json, JSON-lines logs, TensorBoard event files',
    details:
      'Per-step metrics file(s) or run directories, one per line (CSV, golden-values JSON, HF trainer_state.json, JSON-lines logs, TensorBoard event files).',
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
    details:
      'Folder(s) a manifest may name metrics files in besides its own folder, e.g. shared storage its absolute paths point to (one per line, or a path list).',
    docs: 'docs/manifest.md#paths',
  },
  {
    name: 'experiment',
    key: 'experiment',
    kind: 'string',
    description:
      'experiment name; required with csv when a history is used (record, check); with a manifest, a prefix to the run names',
    details:
      'Experiment name; required with csv when history is set (the history is kept per experiment and a name is never taken from a path). With a manifest, a prefix to its run names.',
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
    details:
      'Price per GPU-hour by GPU type, YAML or JSON such as {H100: 2.49, A100: 1.29}, for cost per run and per billion tokens.',
  },
  {
    name: 'statsd-host',
    key: 'statsdHost',
    kind: 'string',
    description:
      'StatsD host (emit defaults to 127.0.0.1, or DD_AGENT_HOST with the datadog flavor); with statsd-protocol uds, the socket path',
    details:
      'StatsD host, or with statsd-protocol uds the socket path. Empty sends nothing over StatsD (with the datadog flavor, DD_AGENT_HOST; with uds, DD_DOGSTATSD_SOCKET or the Agent default socket).',
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
    description:
      'auto (default: TCP where the target accepts it, as statsd_exporter does on its port, else UDP; UDP for the datadog flavor), udp, tcp, or uds (a Unix datagram socket of a local Datadog Agent; statsd-host is its path)',
    details:
      "auto: TCP where the target accepts a connection on the port (statsd_exporter listens on TCP on its UDP port; TCP loses nothing to a busy receiver), else UDP; the datadog flavor takes UDP (DogStatsD has no TCP listener). Or udp, tcp, or uds (a local Datadog Agent's Unix datagram socket; statsd-host is its path).",
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
    description:
      'tags from DD_* variables: none, service (env, service, version, DD_TAGS) or all (also the per-pod dd.internal.entity_id); default all for the datadog flavor, none for plain',
    details:
      'Tags from DD_* variables - none, service (env, service, version, DD_TAGS) or all (also the per-pod dd.internal.entity_id). Default all for the datadog flavor, none for plain.',
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
    details:
      'Show no progress on stderr. Without it, reading, sending or building that takes more than about 2 s reports its progress there: one line redrawn in a terminal, a plain line every tenth or 10 s in a CI log; never on stdout nor in the JSON report.',
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
    details:
      'Write the JSON account of what was done to this path (default under RUNNER_TEMP; see the report-json output).',
    defaultText: 'action: `$RUNNER_TEMP/training-metrics-gate/report.json`',
    commands: ['emit', 'record', 'check', 'post-comment', 'watch'],
  },
  {
    name: 'history',
    key: 'history',
    kind: 'string',
    description: 'baseline history: a JSON file, git:<branch>[:<path>] for a data branch, or postgres://user@host/db',
    details:
      'Baseline history, a JSON file path, git:<branch>[:<path>] for a data branch, or postgres://user[:password]@host[:port]/db (password also from PGPASSWORD, masked). Enables the gate.',
    docs: 'docs/gate.md#history-store',
    commands: ['record', 'check', 'watch', 'site'],
  },
  {
    name: 'site-output',
    key: 'siteOutput',
    kind: 'string',
    description: 'site: the folder to write the trend site into (an index and a page of charts per experiment)',
    details:
      'With command site: the folder the static trend site of the history is written into, an index of experiments and a page of charts per experiment and fingerprint, ready for actions/upload-pages-artifact.',
    docs: 'docs/site.md',
    commands: ['site'],
  },
  {
    name: 'history-max',
    key: 'historyMax',
    kind: 'number',
    description:
      'runs kept per experiment and fingerprint; the oldest beyond it are removed when a run is recorded, and the log says how many (default 1000 for a JSON file or git branch, every run for PostgreSQL)',
    details:
      'Runs kept per experiment and fingerprint; the oldest beyond it are removed when a run is recorded, and the log and a warning say how many. Default: 1000 for a JSON file or git branch (years of a nightly job), every run for PostgreSQL.',
    defaultText: '1000 (JSON, git); all (PostgreSQL)',
    commands: ['record', 'check', 'watch'],
  },
  {
    name: 'record',
    key: 'record',
    kind: 'string',
    choices: ['auto', 'always', 'never'],
    description: 'record this run in the history: auto = default branch and scheduled runs',
    details:
      'Record this run in the history. auto = pushes to the default branch and scheduled runs; PR runs never write.',
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
    description:
      'exit 1 / fail the job when a checked run was not judged: no gated metric had the history to judge it (default false: a warning)',
    details:
      'Fail the job when a checked run was not judged (no gated metric could be judged: too little or no comparable history, no gated metric); by default a warning, never a pass.',
    actionDefault: 'false',
    defaultText: 'false',
    commands: ['check', 'watch'],
  },
  {
    name: 'new-baseline',
    key: 'newBaseline',
    kind: 'boolean',
    description: 'mark this run as the start of a new baseline (an intended change)',
    details:
      'Mark this run as the start of a new baseline (an intended change). Its regressions are accepted; until min_runs runs exist since the mark the gate reports insufficient history (NaN, infinite or diverged loss still fail).',
    actionDefault: 'false',
    defaultText: 'false',
    commands: ['record', 'check', 'watch'],
  },
  {
    name: 'environment',
    key: 'environment',
    kind: 'list',
    description:
      "file(s) that tell the run's environment, kept in its record: JSON of field → value, pip freeze, conda list or nvidia-smi output",
    details:
      "File(s) that tell the run's environment, kept in its history record and compared when a change is found (one per line): a JSON object of field → value, pip freeze or conda list output (package versions), or nvidia-smi output (driver and CUDA version). Later files override earlier ones field by field.",
    docs: 'docs/history.md#environment',
    commands: ['record', 'check', 'watch'],
  },
  {
    name: 'container-image',
    key: 'containerImage',
    kind: 'string',
    description: "the job's container image (name:tag or @sha256 digest), kept in the record's environment as image",
    details:
      "The job's container image (name:tag, or better its @sha256 digest), kept in the record's environment as image; no runner variable tells it.",
    docs: 'docs/history.md#environment',
    commands: ['record', 'check', 'watch'],
  },
  {
    name: 'run-id',
    key: 'runId',
    kind: 'string',
    description:
      'identity of this run in the history (default: the workflow run id); recording the same run again replaces its record',
    details:
      'Identity of this run in the history (default GITHUB_RUN_ID, with GITHUB_REPOSITORY and GITHUB_RUN_ATTEMPT). Recording the same run again (a re-run) replaces its record.',
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
    description:
      'emit/check: write the PR comment to this JSON file for a second workflow to post (pull requests from forks); post-comment: the file to post',
    details:
      'Write the PR comment to this JSON file, for a second workflow on workflow_run to post (pull requests from forks have a read-only token); with command post-comment, the file to post.',
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
    description:
      'OpenTelemetry collector OTLP/HTTP base URL (default OTEL_EXPORTER_OTLP_ENDPOINT): the run as a trace, and metrics with otlp-signals',
    details:
      "OTLP/HTTP base URL of an OpenTelemetry Collector, e.g. http://otel-collector:4318 (default OTEL_EXPORTER_OTLP_ENDPOINT; /v1/traces and /v1/metrics are appended, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and _METRICS_ENDPOINT are taken as they are). The run, its phases, the tool's work and the gate's verdict go out as a trace; a TRACEPARENT in the environment is joined, and watch hands one to the command. Unset: nothing is sent and the SDK is never loaded.",
    defaultText: '`OTEL_EXPORTER_OTLP_ENDPOINT`',
    docs: 'docs/otlp.md',
  },
  {
    name: 'otlp-protocol',
    key: 'otlpProtocol',
    kind: 'string',
    choices: ['http/protobuf', 'http/json'],
    description: 'OTLP encoding: http/protobuf or http/json (default OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf)',
    details:
      'OTLP encoding, http/protobuf or http/json (default OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf). grpc is not spoken: with it set in the environment nothing is sent over OTLP, with a warning.',
    defaultText: '`OTEL_EXPORTER_OTLP_PROTOCOL`, else `http/protobuf`',
    docs: 'docs/otlp.md',
  },
  {
    name: 'otlp-headers',
    key: 'otlpHeaders',
    kind: 'string',
    secret: true,
    description: 'OTLP request headers key=value,… such as an API key (masked; default OTEL_EXPORTER_OTLP_HEADERS)',
    details:
      'Headers of every OTLP request, key=value,… with percent-encoded values, e.g. an API key (masked, never printed nor handed to a watched command; default OTEL_EXPORTER_OTLP_HEADERS).',
    defaultText: '`OTEL_EXPORTER_OTLP_HEADERS`',
    docs: 'docs/otlp.md',
  },
  {
    name: 'otlp-signals',
    key: 'otlpSignals',
    kind: 'string',
    description:
      'what goes over OTLP: traces, metrics or traces,metrics (default traces; OTEL_TRACES_EXPORTER=none and OTEL_METRICS_EXPORTER=otlp are followed)',
    details:
      "What goes to the OTLP endpoint: traces, metrics, or traces,metrics. Default traces, following OTEL_TRACES_EXPORTER=none and OTEL_METRICS_EXPORTER=otlp; metrics are the StatsD route's levels, windows and verdicts as OTLP gauges and histograms, asked for explicitly so a job that also sends StatsD does not count its series twice.",
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
    description:
      'check: exit 0 good, 1 bad, 125 skip, for git bisect run; the run is judged against the history before its first bad run, and nothing is recorded',
    details:
      'With command check, for git bisect run - exit 0 good, 1 bad, 125 skip (bad input, or nothing could be judged). The run is judged against the history before its first bad run (see docs/history.md); nothing is recorded.',
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
    details:
      'command: watch. Serve the live Prometheus /metrics on HOST:PORT while the command runs (default 127.0.0.1:9094), or off.',
    defaultText: '127.0.0.1:9094',
    commands: ['watch'],
  },
  {
    name: 'abort-on',
    key: 'abortOn',
    kind: 'string',
    description:
      'watch: stop the command on nan, divergence, stall, collapse (comma-separated; default nan,divergence,stall; none)',
    details:
      'command: watch. Stop the command on nan, divergence, stall, collapse (comma-separated; default nan,divergence,stall; none stops nothing).',
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
    description:
      "watch: throughput or MFU below this fraction of the run's steady level (or the history's) is a collapse (default 0.5)",
    details:
      "command: watch. Throughput or MFU below this fraction of the run's steady level, or of the history's when history is set, is a collapse (default 0.5).",
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
    details:
      "command: watch. Time the command's processes get between SIGTERM and SIGKILL when watch stops them (default 10s).",
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

const byName = (name: string): Parameter => PARAMETERS.find((p) => p.name === name)!;

/** Where a parameter's raw text came from, for error messages. */
export type RawValues = Partial<Record<string, string | string[] | boolean>>;

/** Turn raw input/flag values into Options; a bad value is an InputError naming the parameter. */
export function resolveOptions(
  command: Command,
  raw: RawValues,
  github: GitHubContext,
  env: NodeJS.ProcessEnv,
  shell: 'cli' | 'action',
): Options {
  const origin = shell === 'cli' ? 'arguments' : 'action inputs';
  const options: Options = { ...structuredClone(DEFAULT_OPTIONS), command, github, notices: [] };
  const bad = (p: Parameter, why: string) => new InputError(origin, null, `${p.name}: ${why}`);
  for (const p of PARAMETERS) {
    const value = raw[p.name];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    const target = options as unknown as Record<string, unknown>;
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
        if (typeof value === 'boolean') target[p.key] = value;
        else if (/^(true|yes|1)$/i.test(String(value))) target[p.key] = true;
        else if (/^(false|no|0)$/i.test(String(value))) target[p.key] = false;
        else throw bad(p, `expected true or false, got "${String(value)}"`);
        break;
      case 'tags':
        try {
          target[p.key] = parseTagList(String(value));
        } catch (e) {
          throw bad(p, (e as Error).message);
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
    throw bad(
      byName('prefix'),
      `"${options.prefix}" is not a metric prefix (letters, digits and _, dot-separated, e.g. daily_training_metrics)`,
    );
  }

  // Environment defaults where the ecosystem has a convention.
  if (options.statsdProtocol === 'uds') {
    options.statsdHost ??= env.DD_DOGSTATSD_SOCKET || '/var/run/datadog/dsd.socket';
    if (!options.statsdHost.startsWith('/'))
      throw bad(
        byName('statsd-host'),
        `with statsd-protocol uds, the socket's absolute path, got "${options.statsdHost}"`,
      );
  } else if (options.statsdFlavor === 'datadog') {
    if (!raw['statsd-host'] && env.DD_AGENT_HOST) options.statsdHost = env.DD_AGENT_HOST;
    if (!raw['statsd-port'] && env.DD_DOGSTATSD_PORT && Number(env.DD_DOGSTATSD_PORT) > 0)
      options.statsdPort = Number(env.DD_DOGSTATSD_PORT);
  }
  // The CLI's emit exists to send; the action sends over StatsD only where asked.
  if (shell === 'cli' && command === 'emit' && !options.statsdHost) options.statsdHost = '127.0.0.1';
  // The record command records; in the action the record input always has a value (its default, auto).
  if (command === 'record' && (raw.record === undefined || raw.record === 'auto')) options.record = 'always';
  if (command === 'post-comment' && !options.commentFile)
    throw bad(byName('comment-file'), 'post-comment needs the comment file to post');
  if (command === 'site' && !options.siteOutput)
    throw bad(byName('site-output'), 'site needs the folder to write the site into');
  if ((command === 'record' || command === 'check' || command === 'site') && !options.history)
    throw bad(
      byName('history'),
      `${command} needs the history to ${command === 'record' ? 'record in' : command === 'site' ? 'draw' : 'check against'}`,
    );
  if (options.bisect && command !== 'check') throw bad(byName('bisect'), 'bisect is a way to check, for check only');
  // A bisect judges old commits: what it measures must never become history.
  if (options.bisect) options.record = 'never';
  const experiment = options.history ? experimentProblem(options) : null;
  if (experiment) throw bad(byName('experiment'), experiment);
  // A mistyped URL is said before any file is read, not after the run.
  if (options.pushgatewayUrl) checkPushgatewayUrl(options.pushgatewayUrl);
  // The Datadog API sink runs when asked for by URL or by an explicit key; DD_API_KEY alone only supplies the key.
  const datadog = resolveDatadogTarget({ url: options.datadogUrl, apiKey: options.datadogApiKey }, env);
  options.datadogUrl = datadog && 'url' in datadog ? datadog.url : null;
  options.datadogApiKey = datadog && 'url' in datadog ? datadog.apiKey : null;
  if (datadog && 'skip' in datadog) options.notices.push(datadog.skip);
  options.githubToken ??= env.GITHUB_TOKEN || null;
  const otlp = resolveOtlpTarget(
    {
      endpoint: options.otlpEndpoint,
      protocol: options.otlpProtocol,
      headers: options.otlpHeaders,
      signals: options.otlpSignals,
    },
    env,
  );
  options.otlp = otlp && 'skip' in otlp ? null : otlp;
  if (otlp && 'skip' in otlp) options.notices.push(otlp.skip);
  return options;
}

/**
 * The history is kept per experiment, so a run judged or recorded needs a name that means the same run
 * every time. It is never guessed from a path (`out/metrics.csv` → "out", `./metrics.csv` → "."): files
 * given with `csv` need `experiment`; a manifest names each run itself (its experiment is that name).
 */
function experimentProblem(options: Options): string | null {
  if (options.experiment !== null)
    return /[A-Za-z0-9]/.test(options.experiment)
      ? null
      : `"${options.experiment}" is not an experiment name (it needs a letter or digit)`;
  if (!options.csv.length) return null;
  const what = options.command === 'emit' ? 'a history' : options.command;
  return `${what} needs the experiment the csv runs belong to (the history is kept per experiment; a name taken from the file's path would mix unrelated runs)`;
}
