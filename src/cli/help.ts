/**
 * `--help`, and the generator commands' flags written once: the help lists them without loading the
 * generators, and each generator repeats them in its own usage errors.
 */
import type { Command } from '../options.js';
import { commandsOf, type Parameter, PARAMETERS } from '../parameters.js';

export const GRAFANA_FLAGS =
  '[--source pushgateway|statsd-exporter|watch] [--csv FILE]… [--config FILE] [--prefix P] [--datasource-uid UID] [--tempo-datasource-uid UID] [--title T] [--uid U] [--no-gate] [--gpu] [--apply [--grafana-url URL] [--folder-uid UID]]';
export const CALIBRATE_FLAGS =
  '(--csv A.csv --csv B.csv … | --history H --experiment NAME) [--config FILE] [--false-alarm-rate 0.01] [--quiet]';
export const MAPPING_FLAGS = '[--csv FILE]… [--config FILE] [--prefix P]';
export const DATADOG_FLAGS =
  '[--source dogstatsd|api] [--prefix P] [--csv FILE]… [--config FILE] [--model-tag model] [--notify @handle] [--title T] [--apply [--datadog-url URL]]';

/** A flag as `--help` lists it: name, what it takes, its line and its default. */
function flagLine(p: Parameter): string {
  const arg =
    p.kind === 'boolean'
      ? ''
      : p.choices
        ? ` ${p.choices.join('|')}`
        : p.kind === 'number'
          ? ' N'
          : p.kind === 'tags'
            ? ' k:v,…'
            : ' VALUE';
  const fallback = p.defaultText ? ` (default: ${p.defaultText.replace(/`/g, '')})` : '';
  return `  --${p.name}${arg}${p.kind === 'list' ? ' (repeatable)' : ''}\n      ${p.description}${fallback}`;
}

/** How each command that runs the job is called. */
const USAGE: Record<Command, string> = {
  emit: 'training-metrics-gate emit   (--csv FILE [--csv FILE …] | --metadata FILE) [flags]',
  record: 'training-metrics-gate record --history H.json --experiment NAME --csv A.csv [--csv B.csv …]',
  check:
    'training-metrics-gate check  --history H.json --experiment NAME --csv C.csv [--json OUT.json] [--markdown OUT.md] [--html OUT.html]',
  'post-comment': `training-metrics-gate post-comment --comment-file comment.json [--github-token T] [--comment always|on-regression]
      (posts a comment a pull request's run wrote with --comment-file: pull requests from forks)`,
  watch: `training-metrics-gate watch  (--csv FILE|GLOB … | --metadata FILE) --experiment NAME [--listen HOST:PORT]
                               [--abort-on nan,divergence,stall,collapse] [flags] -- COMMAND [ARGS…]
      (runs COMMAND, serves live /metrics, stops it on a NaN loss, divergence, stall or collapse; then the
      normal job on its files; exit 1 when stopped, else the command's code when it failed; docs/watch.md)`,
  site: `training-metrics-gate site   --history H --site-output DIR [--config FILE]
      (the trend site of the history, the same as history site --history H --output DIR; docs/site.md)`,
};

const CALIBRATE_USAGE = `training-metrics-gate calibrate ${CALIBRATE_FLAGS}
      (repeated runs of the same code → the config's minimum effects, warm-up and gate.alpha, as YAML)`;

const EXIT_CODES =
  'Exit codes: 0 pass, 1 regression, 2 bad input; check --bisect: 0 good, 1 bad, 125 skip (git bisect run).';

/** The whole `--help` text; `generators` maps each generator command to its usage line. */
export function helpText(generators: Record<string, { usage: string }>): string {
  return `training-metrics-gate — training metrics CSVs → StatsD / Prometheus / Datadog, and a regression gate

Usage:
${Object.values(USAGE)
  .map((u) => `  ${u}`)
  .join('\n')}
  ${CALIBRATE_USAGE}
${Object.entries(generators)
  .map(([name, g]) => `  training-metrics-gate ${name} ${g.usage}`)
  .join('\n')}

${EXIT_CODES}

Flags (each is also an action input of the same name; a boolean flag also has a --no-<flag> form,
e.g. --no-fail-on-regression, and --pushgateway is short for --pushgateway-url):
${PARAMETERS.map(flagLine).join('\n')}
`;
}

/**
 * `<command> --help`: how that command is called and the flags it takes, with their defaults; for the
 * subcommands of history, dashboard, monitors and mapping, their own usage. Null for an unknown command.
 */
export function commandHelp(command: string, generators: Record<string, { usage: string }>): string | null {
  if (command in USAGE) {
    const c = command as Command;
    const flags = PARAMETERS.filter((p) => commandsOf(p).includes(c));
    const codes = c === 'check' ? EXIT_CODES : 'Exit codes: 0 pass, 1 regression, 2 bad input.';
    return `Usage:\n  ${USAGE[c]}\n\n${codes}\n\nFlags of ${c} (a boolean flag also has a --no-<flag> form):\n${flags.map(flagLine).join('\n')}\n`;
  }
  if (command === 'calibrate') return `Usage:\n  ${CALIBRATE_USAGE}\n`;
  if (generators[command]) return `Usage:\n  training-metrics-gate ${command} ${generators[command].usage}\n`;
  return null;
}
