import { type PageMetric, usageOperations } from '@sapa/contracts/usage';
import { callOperation } from '../http';
import { findSession } from '../session';

export const PAGE_METRICS_PATH = usageOperations.recordPageMetric.path;

/**
 * Posts one page visit (spec §2: entry and exit times are recorded). Only a signed-in visit is
 * recorded, and a failure is swallowed: tracking never disturbs the user (spec §8).
 */
export function postPageMetric(metric: PageMetric, options: { keepalive?: boolean } = {}): void {
  if (!findSession() || metric.endTime < metric.startTime) return;
  callOperation(usageOperations.recordPageMetric, {
    body: metric,
    track: false,
    ...(options.keepalive ? { keepalive: true } : {}),
  }).catch(() => undefined);
}
