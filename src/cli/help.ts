/**
 * `--help`, and the generator commands' flags written once: the help lists them without loading the
 * generators, and each generator repeats them in its own usage errors.
 */
import { PARAMETERS } from '../parameters.js';

export const GRAFANA_FLAGS =
  '[--source pushgateway|statsd-exporter|watch] [--csv FILE]… [--config FILE] [--prefix P] [--datasource-uid UID] [--title T] [--uid U] [--no-gate] [--gpu] [--apply [--grafana-url URL] [--folder-uid UID]]';
export const CALIBRATE_FLAGS =
  '(--csv A.csv --csv B.csv … | --history H --experiment NAME) [--config FILE] [--false-alarm-rate 0.01]';
export const MAPPING_FLAGS = '[--csv FILE]… [--config FILE] [--prefix P]';
export const DATADOG_FLAGS =
  '[--source dogstatsd|api] [--prefix P] [--csv FILE]… [--config FILE] [--model-tag model] [--notify @handle] [--title T] [--apply [--datadog-url URL]]';

/** The whole `--help` text; `generators` maps each generator command to its usage line. */
export function helpText(generators: Record<string, { usage: string }>): string {
  const flags = PARAMETERS.map((p) => {
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
  }).join('\n');
  return `training-metrics-gate — training metrics CSVs → StatsD / Prometheus / Datadog, and a regression gate

Usage:
  training-metrics-gate emit   (--csv FILE [--csv FILE …] | --metadata FILE) [flags]
  training-metrics-gate record --history H.json --experiment NAME --csv A.csv [--csv B.csv …]
  training-metrics-gate check  --history H.json --experiment NAME --csv C.csv [--json OUT.json] [--markdown OUT.md] [--html OUT.html]
  training-metrics-gate post-comment --comment-file comment.json [--github-token T] [--comment always|on-regression]
      (posts a comment a pull request's run wrote with --comment-file: pull requests from forks)
  training-metrics-gate watch  (--csv FILE|GLOB … | --metadata FILE) --experiment NAME [--listen HOST:PORT]
                               [--abort-on nan,divergence,stall,collapse] [flags] -- COMMAND [ARGS…]
      (runs COMMAND, serves live /metrics, stops it on a NaN loss, divergence, stall or collapse; then the
      normal job on its files; exit 1 when stopped, else the command's code when it failed; docs/watch.md)
  training-metrics-gate calibrate ${CALIBRATE_FLAGS}
      (repeated runs of the same code → the config's minimum effects, warm-up and gate.alpha, as YAML)
${Object.entries(generators)
  .map(([name, g]) => `  training-metrics-gate ${name} ${g.usage}`)
  .join('\n')}

Exit codes: 0 pass, 1 regression, 2 bad input; check --bisect: 0 good, 1 bad, 125 skip (git bisect run).

Flags (each is also an action input of the same name; a boolean flag also has a --no-<flag> form,
e.g. --no-fail-on-regression, and --pushgateway is short for --pushgateway-url):
${flags}
`;
}
