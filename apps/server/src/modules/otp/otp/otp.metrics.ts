import { Counter, type Registry } from 'prom-client';
import type { OtpEvent } from './otp.service.js';

/**
 * Every OTP and Verify call and check as Prometheus counters (by channel and outcome, never by client:
 * label cardinality stays bounded) and as a log line: refusals at info (a limit or the fraud guard
 * spoke), the rest at debug. No code is ever part of an event.
 */
export function createOtpMetrics(
  registry: Registry,
  log: { info(object: object, message: string): void; debug(object: object, message: string): void },
) {
  const requests = new Counter({
    name: 'sapa_otp_requests_total',
    help: 'OTP and Verify sends by channel and outcome (sent, resent, refused) and refusal reason',
    labelNames: ['channel', 'outcome', 'reason'] as const,
    registers: [registry],
  });
  const checks = new Counter({
    name: 'sapa_otp_checks_total',
    help: 'OTP and Verify code checks by outcome (approved, wrong, expired, refused)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return (event: OtpEvent) => {
    if (event.kind === 'request') {
      requests.inc({ channel: event.channel, outcome: event.outcome, reason: event.reason ?? '' });
      if (event.outcome === 'refused') log.info(event, 'otp send refused');
      else log.debug(event, 'otp sent');
    } else {
      checks.inc({ outcome: event.outcome });
      log.debug(event, 'otp checked');
    }
  };
}
