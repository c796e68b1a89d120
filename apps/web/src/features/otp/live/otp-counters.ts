import { type OtpCountersDelta, type OtpSummary, readOtpCountersEvent } from '@sapa/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type RealtimeConnection, realtime } from '../../../lib/realtime';
import { otpKeys } from '../api/otp-api';

/** A dashboard's figures with one update of the live counters added (the period ends now). */
export function addCounters(summary: OtpSummary, delta: OtpCountersDelta, hour: string): OtpSummary {
  const requested = summary.requested + delta.requested;
  const verified = summary.verified + delta.verified;
  const byChannel = summary.byChannel.map((row) => ({ ...row }));
  for (const change of delta.byChannel) {
    const row = byChannel.find((entry) => entry.channel === change.channel);
    if (row) {
      row.sent += change.sent;
      row.verified += change.verified;
    } else byChannel.push({ ...change });
  }
  const byHour = summary.byHour.map((row) => ({ ...row }));
  const bar = byHour.find((row) => row.hour === hour);
  if (bar) {
    bar.sent += delta.sent;
    bar.verified += delta.verified;
  } else if (delta.sent > 0 || delta.verified > 0) {
    byHour.push({ hour, sent: delta.sent, verified: delta.verified });
    byHour.sort((a, b) => a.hour.localeCompare(b.hour));
  }
  return {
    requested,
    sent: summary.sent + delta.sent,
    verified,
    failedChecks: summary.failedChecks + delta.failedChecks,
    // As the server rounds it: verified over requested, one decimal.
    successRate: requested === 0 ? 0 : Math.round((verified / requested) * 1000) / 10,
    byChannel,
    byHour,
  };
}

/** Applies one socket event to every cached dashboard of the client; false when it is not the counters. */
export function applyOtpCountersEvent(
  queryClient: QueryClient,
  clientId: string,
  event: { typeNotif: string; data?: unknown },
): boolean {
  const update = readOtpCountersEvent(event);
  if (!update) return false;
  for (const delta of update.counters) {
    queryClient.setQueriesData<OtpSummary>(
      { queryKey: [...otpKeys.all(clientId), 'summary', delta.kind] },
      (summary) => (summary ? addCounters(summary, delta, update.hour) : summary),
    );
  }
  return true;
}

/**
 * Keeps the OTP dashboard live from the socket's counters (about once a second while codes move);
 * when the server cannot replay a gap, the figures are fetched again.
 */
export function useOtpCountersLive(clientId: string, connection: RealtimeConnection = realtime) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      connection.subscribe({
        onEvent: (event) => void applyOtpCountersEvent(queryClient, clientId, event),
        onReset: () =>
          void queryClient.invalidateQueries({ queryKey: [...otpKeys.all(clientId), 'summary'] }),
      }),
    [connection, queryClient, clientId],
  );
}
