/** The HTTP sinks: Pushgateway and the Datadog API. An outage warns; it never changes the verdict. */
import { sendToDatadog } from '../sinks/datadog/send.js';
import { pushRunResults } from '../sinks/prometheus/pushgateway.js';
import type { RunSummary } from '../model.js';
import type { Stage } from './context.js';
import { gpuGaugesFor } from './gpu-gauges.js';

/** What both sinks name and tag series by, as the StatsD route does, plus the GPU gauges. */
function seriesOptions({ options, result }: Stage) {
  return {
    prefix: options.prefix,
    tags: options.tags,
    allowIdTags: options.allowIdTags,
    github: options.github,
    extraGauges: (s: RunSummary, i: number) => gpuGaugesFor(result.gpu, s.name, i),
  };
}

export async function pushToPushgateway(stage: Stage, url: string): Promise<void> {
  const { result, io } = stage;
  try {
    const pushed = await pushRunResults(
      url,
      result.summaries,
      result.gate.length ? result.gate : null,
      seriesOptions(stage),
    );
    result.sinks.push(pushed);
    for (const r of pushed.refused) stage.refuseTag(r);
    for (const w of pushed.warnings) stage.warn(w);
    if (pushed.ok) io.info(`Pushgateway: ${pushed.sent} samples to ${pushed.target}`);
  } catch (e) {
    stage.fail(e);
  }
}

export async function sendToDatadogApi(stage: Stage, url: string, apiKey: string): Promise<void> {
  const { result, io } = stage;
  const dd = await sendToDatadog(result.summaries, result.gate, { url, apiKey, ...seriesOptions(stage) });
  result.sinks.push(dd);
  for (const r of dd.refused) stage.refuseTag(r);
  for (const n of dd.notes) io.info(n);
  for (const w of dd.warnings) stage.warn(w);
}
