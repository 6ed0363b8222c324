/**
 * Metrics over OTLP through OpenTelemetry's metrics SDK: the points (metric-points.ts) recorded on a
 * meter's gauges and histograms, collected once by a reader of our own and handed to the OTLP exporter in
 * one request within the sinks' deadline. Nothing is left running: no periodic reader, no timer.
 */
import type { Attributes, Gauge, Histogram } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { exported, metricExporter } from './exporters.js';
import type { OtlpPoint } from './metric-points.js';
import type { OtlpTarget } from './target.js';
import { SCOPE } from './tracer.js';

/** A reader that collects when asked, and only then. */
class OnceReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** An instrument name OpenTelemetry accepts (the API ignores others). */
const INSTRUMENT_NAME = /^[A-Za-z][A-Za-z0-9_.\-/]{0,254}$/;

export interface MetricsSent {
  ok: boolean;
  points: number;
  error?: string;
  /** Names not sent (not instrument names). */
  skipped: string[];
}

export async function sendOtlpMetrics(
  points: OtlpPoint[],
  target: OtlpTarget,
  version: string,
  deadline: number,
): Promise<MetricsSent> {
  const signal = target.metrics!;
  const reader = new OnceReader();
  const provider = new MeterProvider({
    resource: resourceFromAttributes({
      ...target.resource,
      'service.name': target.serviceName,
      'service.version': version,
    }),
    readers: [reader],
  });
  const meter = provider.getMeter(SCOPE, version);
  const gauges = new Map<string, Gauge>();
  const histograms = new Map<string, Histogram>();
  const skipped = new Set<string>();
  let recorded = 0;
  for (const p of points) {
    if (!INSTRUMENT_NAME.test(p.name)) {
      skipped.add(p.name);
      continue;
    }
    const attributes: Attributes = p.attributes;
    if (p.kind === 'gauge') {
      const g = gauges.get(p.name) ?? meter.createGauge(p.name, { unit: p.unit });
      gauges.set(p.name, g);
      g.record(p.values[0]!, attributes);
    } else {
      const h =
        histograms.get(p.name) ??
        meter.createHistogram(p.name, {
          unit: p.unit,
          ...(p.buckets ? { advice: { explicitBucketBoundaries: p.buckets } } : {}),
        });
      histograms.set(p.name, h);
      for (const v of p.values) h.record(v, attributes);
    }
    recorded++;
  }
  const exporter = await metricExporter(signal, deadline - Date.now());
  try {
    const { resourceMetrics } = await reader.collect({ timeoutMillis: Math.max(1, deadline - Date.now()) });
    const result = await exported((done) => exporter.export(resourceMetrics, done), deadline);
    return { ...result, points: recorded, skipped: [...skipped] };
  } finally {
    void exporter.shutdown().catch(() => {});
    void provider.shutdown().catch(() => {});
  }
}
