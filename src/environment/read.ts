/** Reading what tells the environment from disk: `--environment` files whole, GPU captures' first bytes. */
import { readHead, readTextFile } from '../ingest/file.js';
import type { RunnerInfo } from '../options.js';
import { collectEnvironment, type CollectedEnvironment } from './collect.js';

/** An environment file is a listing, not data: a freeze of thousands of packages is well under this. */
const MAX_FILE_BYTES = 16 * 2 ** 20;
/** A capture's header and first rows say its driver; the rest is samples. */
const CAPTURE_HEAD_BYTES = 64 * 1024;

export async function readEnvironment(o: {
  files: readonly string[];
  gpuCaptures: readonly string[];
  runner?: RunnerInfo;
  containerImage?: string | null;
  redact?: (text: string) => string;
}): Promise<CollectedEnvironment> {
  const files = await Promise.all(
    o.files.map(async (source) => ({ source, text: await readTextFile(source, MAX_FILE_BYTES) })),
  );
  // A capture that cannot be read is the GPU stage's to report; here it only tells no driver.
  const captures = await Promise.all(
    o.gpuCaptures.map((path) =>
      readHead(path, CAPTURE_HEAD_BYTES).then(
        (b) => b.toString('utf8'),
        () => '',
      ),
    ),
  );
  return collectEnvironment({
    files,
    captures,
    ...(o.runner ? { runner: o.runner } : {}),
    containerImage: o.containerImage ?? null,
    ...(o.redact ? { redact: o.redact } : {}),
  });
}
