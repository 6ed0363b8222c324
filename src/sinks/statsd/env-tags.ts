/**
 * Which tags derived from `DD_*` variables the StatsD lines carry (`statsd-env-tags`). hot-shots would add
 * them itself whenever any `DD_*` variable is set; the sink turns that off and adds exactly these:
 *
 *   none     nothing from the environment
 *   service  Datadog's unified service tags: `env` (DD_ENV), `service` (DD_SERVICE), `version`
 *            (DD_VERSION), and the tags listed in DD_TAGS — a handful of values per deployment
 *   all      also `dd.internal.entity_id` (DD_ENTITY_ID): the pod's id, which a Datadog Agent uses to
 *            attach the pod's tags and drops; any other server keeps it as a label, one series per pod
 *
 * Default: `all` for the datadog flavor (a Datadog Agent), `none` for plain (statsd_exporter),
 * so relaying does not make a series per pod.
 */
export type EnvTagLevel = 'none' | 'service' | 'all';

export const ENV_TAG_LEVELS: readonly EnvTagLevel[] = ['none', 'service', 'all'];

/** hot-shots' names for the variables it maps (lib/statsd.js, DD_ENV_GLOBAL_TAGS_MAPPING). */
const SERVICE_TAGS: [string, string][] = [
  ['DD_ENV', 'env'],
  ['DD_SERVICE', 'service'],
  ['DD_VERSION', 'version'],
];
const PER_POD_TAGS: [string, string][] = [['DD_ENTITY_ID', 'dd.internal.entity_id']];

export function defaultEnvTagLevel(flavor: 'plain' | 'datadog'): EnvTagLevel {
  return flavor === 'datadog' ? 'all' : 'none';
}

/**
 * `k:v` tags for every line, in hot-shots' order: DD_TAGS first (comma- or space-separated), then the
 * mapped variables, each replacing a DD_TAGS entry of the same key.
 */
export function envTags(env: Record<string, string | undefined>, level: EnvTagLevel): string[] {
  if (level === 'none') return [];
  const raw = env.DD_TAGS || env.DATADOG_TAGS || '';
  let tags = raw
    .split(raw.includes(',') ? ',' : /\s+/)
    .map((t) => t.trim())
    .filter(Boolean);
  const mapped = [...SERVICE_TAGS, ...(level === 'all' ? PER_POD_TAGS : [])].filter(([v]) => env[v]);
  tags = tags.filter((t) => !mapped.some(([, key]) => t.startsWith(`${key}:`)));
  return [...tags, ...mapped.map(([v, key]) => `${key}:${env[v]}`)];
}
