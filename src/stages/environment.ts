/**
 * The run's environment (src/environment/): the `environment` files, the GPU captures' and scrapes' driver and CUDA
 * version, the container image input and the runner. Null when nothing tells it, or when a file could not
 * be read (an InputError, recorded: the run then fails with exit 2 and records nothing).
 */
import { readEnvironment } from '../environment/index.js';
import type { RunContext } from './run-context.js';

export async function runEnvironment(ctx: RunContext): Promise<Record<string, string> | null> {
  const { options } = ctx;
  const secrets = ctx.io.secrets;
  try {
    const { environment, warnings } = await readEnvironment({
      files: options.environment,
      gpuCaptures: options.gpuCsv,
      gpuScrapes: options.gpuScrape,
      ...(options.github.runner ? { runner: options.github.runner } : {}),
      containerImage: options.containerImage,
      ...(secrets ? { redact: (text: string) => secrets.redact(text) } : {}),
    });
    for (const w of warnings) ctx.warn(w);
    if (environment) ctx.io.info(`environment: ${Object.keys(environment).length} field(s) known for this run`);
    return environment;
  } catch (e) {
    ctx.recordError(e);
    return null;
  }
}
