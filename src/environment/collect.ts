/**
 * A run's environment from everything that tells it, later sources overriding earlier ones field by
 * field: the runner (runner.ts), the GPU captures' driver and CUDA version (nvidia-smi-text.ts), the
 * container image input, then each `--environment` file in the order given (a file says what it means to
 * say, so it wins). Null when nothing said anything.
 *
 * Secrets never reach the record (src/secrets/): a field whose name is a secret's (`PGPASSWORD`, `GH_PAT`,
 * `SLACK_WEBHOOK_URL`), other than a package of a pip or conda list, keeps `[redacted]` for its value, and
 * one warning names those fields; every other value (and name) has the run's registered secrets
 * (`redact`) and every secret told by its shape or its name inside it (`ghp_…`, a JWT, a private key, a
 * URL's credentials, `--hf_token=…`) replaced by `***` — before the record's bounds cut it, so no cut
 * leaves a secret's prefix.
 */
import type { RunnerInfo } from '../options.js';
import { boundEnvironment } from './bound.js';
import { parseEnvironmentFile } from './environment-file.js';
import { driverInfo, joinVersions } from './nvidia-smi-text.js';
import { runnerFields } from './runner.js';
import { REDACTED, redactFields } from '../secrets/index.js';

const PACKAGE_LISTS = new Set(['pip', 'conda']);

export interface EnvironmentSources {
  runner?: RunnerInfo;
  containerImage?: string | null;
  /** The first bytes of each GPU capture (its header and first rows). */
  captures?: readonly string[];
  /** `--environment` files, in order. */
  files?: readonly { source: string; text: string }[];
  /** The run's registered secrets out of a text (SecretRegistry.redact). */
  redact?: (text: string) => string;
}

export interface CollectedEnvironment {
  environment: Record<string, string> | null;
  warnings: string[];
}

export function collectEnvironment(s: EnvironmentSources): CollectedEnvironment {
  const fields = new Map<string, string>();
  const put = (entries: Iterable<[string, string]>) => {
    for (const [k, v] of entries) fields.set(k, v);
  };
  const [image, rest] = partition(runnerFields(s.runner, s.containerImage), (f) => f[0] === 'image');
  put(rest);
  const drivers = (s.captures ?? []).map(driverInfo);
  const driver = joinVersions(drivers.flatMap((d) => (d.driver ? d.driver.split(',') : [])));
  const cuda = joinVersions(drivers.flatMap((d) => (d.cuda ? d.cuda.split(',') : [])));
  put([
    ...(driver ? [['driver', driver] as [string, string]] : []),
    ...(cuda ? [['cuda', cuda] as [string, string]] : []),
  ]);
  put(image);
  // A package list names packages (`google-auth`, `oauthlib`), whose values are versions: the secret-name
  // rule is for the fields a JSON file names.
  const packages = new Set<string>();
  for (const f of s.files ?? []) {
    const file = parseEnvironmentFile(f.source, f.text);
    const entries = [...file.fields].sort(([a], [b]) => (a < b ? -1 : 1));
    const listed = PACKAGE_LISTS.has(file.kind);
    for (const [name] of entries) listed ? packages.add(name) : packages.delete(name);
    put(entries);
  }
  if (fields.size === 0) return { environment: null, warnings: [] };
  const registered = (text: string) => (s.redact ? s.redact(text) : text);
  const { fields: safe, hidden } = redactFields(
    [...fields].map(([name, value]) => [registered(name), registered(value)] as const),
    new Set([...packages].map(registered)),
  );
  const bounded = boundEnvironment(safe);
  if (hidden.length === 0) return bounded;
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

function partition<T>(items: T[], test: (t: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((t) => !test(t))];
}
