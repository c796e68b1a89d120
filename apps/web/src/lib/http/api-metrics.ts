import { type ApiMetricBatch, usageOperations } from '@sapa/contracts/usage';

/** Spec §7/§9: call timings are batched and posted to the api-metrics endpoint, debounced 500 ms. */
export const API_METRICS_PATH = usageOperations.recordApiMetrics.path;
export const API_METRICS_DEBOUNCE_MS = 500;
/** The endpoint takes at most this many timings per batch. */
const MAX_BATCH = 500;

export type ApiMetric = ApiMetricBatch['apis'][number];
type Post = (batch: ApiMetricBatch) => Promise<unknown>;

/**
 * Collects call timings and posts them in one batch once calls have been quiet for 500 ms. A failed
 * post is dropped without a word: tracking must never disturb the user (spec §8).
 */
export function createApiMetricsBatcher(post: Post, debounceMs = API_METRICS_DEBOUNCE_MS) {
  let pending: ApiMetric[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    for (let start = 0; start < batch.length; start += MAX_BATCH) {
      post({ apis: batch.slice(start, start + MAX_BATCH) }).catch(() => undefined);
    }
  }

  return {
    record(metric: ApiMetric): void {
      pending.push(metric);
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, debounceMs);
    },
    flush,
    /** Forgets unsent timings (the session ended: nobody may post them any more). */
    discard(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = [];
    },
  };
}
