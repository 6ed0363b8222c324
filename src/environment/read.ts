/** Reading what tells the environment from disk: `--environment` files whole, GPU captures' first bytes. */
import { readHead, readTextFile } from '../ingest/file.js';
import type { RunnerInfo } from '../options.js';
import { collectEnvironment, type CollectedEnvironment } from './collect.js';

/** An environment file is a listing, not data: a freeze of thousands of packages is well under this. */
const MAX_FILE_BYTES = 16 * 2 ** 20;
/** A capture's header and first rows say its driver; the rest is samples. */
const CAPTURE_HEAD_BYTES = 64 * 1024;
/**
 * A scrape is one sample per GPU, but the series that names the driver (nvidia_gpu_exporter's
 * `nvidia_smi_gpu_info`) can come anywhere in it: read up to this much of each.
 */
const SCRAPE_HEAD_BYTES = 4 * 2 ** 20;

export async function readEnvironment(o: {
  files: readonly string[];
  gpuCaptures: readonly string[];
  /** Prometheus text scrapes of a GPU exporter, whose labels carry the driver. */
  gpuScrapes?: readonly string[];
  runner?: RunnerInfo;
  containerImage?: string | null;
  redact?: (text: string) => string;
}): Promise<CollectedEnvironment> {
  const files = await Promise.all(
    o.files.map(async (source) => ({ source, text: await readTextFile(source, MAX_FILE_BYTES) })),
  );
  // A capture that cannot be read is the GPU stage's to report; here it only tells no driver.
  const head = (path: string, bytes: number) =>
    readHead(path, bytes).then(
      (b) => b.toString('utf8'),
      () => '',
    );
  const captures = await Promise.all([
    ...o.gpuCaptures.map((path) => head(path, CAPTURE_HEAD_BYTES)),
    ...(o.gpuScrapes ?? []).map((path) => head(path, SCRAPE_HEAD_BYTES)),
  ]);
  return collectEnvironment({
    files,
    captures,
    ...(o.runner ? { runner: o.runner } : {}),
    containerImage: o.containerImage ?? null,
    ...(o.redact ? { redact: o.redact } : {}),
  });
}
