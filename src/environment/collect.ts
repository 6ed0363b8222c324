/**
 * A run's environment from everything that tells it, later sources overriding earlier ones field by
 * field: the runner (runner.ts), the GPU captures' driver and CUDA version (nvidia-smi-text.ts), the
 * container image input, then each `--environment` file in the order given (a file says what it means to
 * say, so it wins). Null when nothing said anything.
 */
import type { RunnerInfo } from '../options.js';
import { boundEnvironment } from './bound.js';
import { parseEnvironmentFile } from './environment-file.js';
import { driverInfo } from './nvidia-smi-text.js';
import { runnerFields } from './runner.js';

export interface EnvironmentSources {
  runner?: RunnerInfo;
  containerImage?: string | null;
  /** The first bytes of each GPU capture (its header and first rows). */
  captures?: readonly string[];
  /** `--environment` files, in order. */
  files?: readonly { source: string; text: string }[];
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
  const driver = joined(drivers.map((d) => d.driver));
  const cuda = joined(drivers.map((d) => d.cuda));
  put([
    ...(driver ? [['driver', driver] as [string, string]] : []),
    ...(cuda ? [['cuda', cuda] as [string, string]] : []),
  ]);
  put(image);
  for (const f of s.files ?? []) put([...parseEnvironmentFile(f.source, f.text)].sort(([a], [b]) => (a < b ? -1 : 1)));
  if (fields.size === 0) return { environment: null, warnings: [] };
  return boundEnvironment(fields);
}

function partition<T>(items: T[], test: (t: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((t) => !test(t))];
}

function joined(values: (string | undefined)[]): string | undefined {
  const kept = [...new Set(values.flatMap((v) => (v ? v.split(',') : [])))].sort();
  return kept.length ? kept.join(',') : undefined;
}
