/**
 * One time budget for every sink of a job together (`sink-timeout`): StatsD's flush and close, the
 * Pushgateway's pushes and the Datadog API's posts, retries and waits included, all end by one deadline.
 * What is not sent by then is abandoned with a warning; the verdict never waits on a sink.
 */

export interface SinkBudget {
  /** The whole budget, milliseconds (for messages). */
  readonly ms: number;
  /** Milliseconds since the epoch after which no sink starts a request, a retry or a wait. */
  readonly deadline: number;
}

export const DEFAULT_SINK_TIMEOUT_SECONDS = 30;

export function sinkBudget(seconds: number, now: number = Date.now()): SinkBudget {
  const ms = Math.round(seconds * 1000);
  return { ms, deadline: now + ms };
}

/** Milliseconds left before the deadline (0 once it is spent). */
export function msLeft(budget: SinkBudget, now: number = Date.now()): number {
  return Math.max(0, budget.deadline - now);
}

/** Resolves to `work`'s value, or to `fallback` once the budget is spent, whichever comes first. */
export async function withinBudget<T>(budget: SinkBudget, work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), msLeft(budget));
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
