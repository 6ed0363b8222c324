/** What a sink did, for the run's JSON account and the job summary. A sink never decides a verdict. */
export interface SinkReport {
  /** Which sink: `pushgateway`, `datadog`, `statsd`. */
  sink: string;
  /** Where it sent (URL or host:port), secrets removed. */
  target: string;
  /** True when everything was accepted. */
  ok: boolean;
  /** Samples (or lines, or points) accepted. */
  sent: number;
  /** Requests made, retries included. */
  attempts: number;
  /** One line per problem a person should see (already phrased for a warning). */
  warnings: string[];
}
