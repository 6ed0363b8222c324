/**
 * The generator subcommands' flags, written once: `--help` lists them without loading the generators, and
 * each generator repeats them in its own usage errors.
 */
export const GRAFANA_FLAGS =
  '[--source pushgateway|statsd-exporter] [--csv FILE]… [--config FILE] [--prefix P] [--datasource-uid UID] [--title T] [--uid U] [--no-gate] [--gpu] [--apply [--grafana-url URL] [--folder-uid UID]]';
export const MAPPING_FLAGS = '[--csv FILE]… [--config FILE] [--prefix P]';
export const DATADOG_FLAGS =
  '[--source dogstatsd|api] [--prefix P] [--csv FILE] [--config FILE] [--model-tag model] [--notify @handle] [--title T] [--apply [--datadog-url URL]]';
