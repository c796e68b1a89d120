import { Counter, Histogram, type Registry } from 'prom-client';
import type { ProviderOutcome } from './provider-types.js';

/**
 * `sapa_provider_requests_total{channel,provider,outcome}` and the latency histogram of provider
 * requests, on the app's registry (`/metrics`). `provider` is the provider type ('smpp', 'http-sms',
 * 'sandbox'): a handful of values, whatever the number of clients.
 */
export type ObserveProvider = (
  channel: string,
  provider: string,
) => (outcome: ProviderOutcome, seconds: number) => void;

export function createProviderMetrics(registry: Registry): ObserveProvider {
  const requests = new Counter({
    name: 'sapa_provider_requests_total',
    help: 'Provider requests (a message submitted, a call placed) by channel, provider type and outcome',
    labelNames: ['channel', 'provider', 'outcome'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'sapa_provider_request_duration_seconds',
    help: 'How long a provider took to accept or refuse a request, by channel and provider type',
    labelNames: ['channel', 'provider'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return (channel, provider) => (outcome, seconds) => {
    requests.inc({ channel, provider, outcome });
    latency.observe({ channel, provider }, seconds);
  };
}
