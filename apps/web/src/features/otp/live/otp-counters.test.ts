import type { OtpSummary } from '@sapa/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { otpKeys } from '../api/otp-api';
import { applyOtpCountersEvent } from './otp-counters';

const CLIENT = 'client-a';
const summary = (): OtpSummary => ({
  requested: 10,
  sent: 12,
  verified: 5,
  failedChecks: 2,
  successRate: 50,
  byChannel: [{ channel: 'sms', sent: 12, verified: 5 }],
  byHour: [{ hour: '2026-11-27T07:00:00Z', sent: 12, verified: 5 }],
});
const event = (kind: 'otp' | 'verify') => ({
  typeNotif: 'OTP_COUNTERS',
  data: {
    hour: '2026-11-27T08:00:00Z',
    counters: [
      {
        kind,
        requested: 2,
        sent: 3,
        verified: 5,
        failedChecks: 1,
        byChannel: [
          { channel: 'sms', sent: 2, verified: 4 },
          { channel: 'voice', sent: 1, verified: 1 },
        ],
      },
    ],
  },
});

describe('OTP dashboard live counters', () => {
  it("adds an update to every cached period of its kind, and leaves the other kind's alone", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(otpKeys.summary(CLIENT, 'otp', 24), summary());
    queryClient.setQueryData(otpKeys.summary(CLIENT, 'otp', 168), summary());
    queryClient.setQueryData(otpKeys.summary(CLIENT, 'verify', 24), summary());

    expect(applyOtpCountersEvent(queryClient, CLIENT, event('otp'))).toBe(true);

    for (const hours of [24, 168]) {
      expect(queryClient.getQueryData(otpKeys.summary(CLIENT, 'otp', hours))).toEqual({
        requested: 12,
        sent: 15,
        verified: 10,
        failedChecks: 3,
        successRate: 83.3,
        byChannel: [
          { channel: 'sms', sent: 14, verified: 9 },
          { channel: 'voice', sent: 1, verified: 1 },
        ],
        byHour: [
          { hour: '2026-11-27T07:00:00Z', sent: 12, verified: 5 },
          { hour: '2026-11-27T08:00:00Z', sent: 3, verified: 5 },
        ],
      });
    }
    expect(queryClient.getQueryData(otpKeys.summary(CLIENT, 'verify', 24))).toEqual(summary());
  });

  it('ignores other events and counters that do not fit', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(otpKeys.summary(CLIENT, 'otp', 24), summary());
    expect(applyOtpCountersEvent(queryClient, CLIENT, { typeNotif: 'NEW_MESSAGE', data: {} })).toBe(false);
    expect(applyOtpCountersEvent(queryClient, CLIENT, { typeNotif: 'OTP_COUNTERS', data: { hour: 1 } })).toBe(
      false,
    );
    expect(queryClient.getQueryData(otpKeys.summary(CLIENT, 'otp', 24))).toEqual(summary());
  });
});
