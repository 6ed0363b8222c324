/**
 * What the runner says about itself (GitHub's documented variables, read into the GitHub context by the
 * shell): `os` (RUNNER_OS), `arch` (RUNNER_ARCH), `runner-image` (ImageOS and ImageVersion, set on
 * GitHub-hosted runner images: an image update is a toolchain change) and `runner` (RUNNER_NAME) on a
 * self-hosted runner only — a hosted runner's name differs on every job and says nothing about the machine,
 * while a self-hosted one names the node. `image`: the job's container image as the `container-image`
 * input gives it; no documented variable tells it.
 */
import type { RunnerInfo } from '../options.js';

export function runnerFields(
  runner: RunnerInfo | undefined,
  containerImage: string | null | undefined,
): [string, string][] {
  const out: [string, string][] = [];
  if (runner?.os) out.push(['os', runner.os]);
  if (runner?.arch) out.push(['arch', runner.arch]);
  const image = [runner?.imageOs, runner?.imageVersion].filter(Boolean).join(' ');
  if (image) out.push(['runner-image', image]);
  if (runner?.name && runner.environment !== 'github-hosted') out.push(['runner', runner.name]);
  if (containerImage?.trim()) out.push(['image', containerImage.trim()]);
  return out;
}
