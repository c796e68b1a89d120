import type { OtpExportFilters } from '@sapa/contracts';
import { type Actor, hasRole, requireUser } from '../../../platform/actor.js';
import type { CsvRecord } from '../../../platform/csv.js';
import type { ExportProducer, Exports } from '../../../platform/exports/index.js';
import { listRequestsAfter } from './otp.repository.js';

export const OTP_REQUESTS_EXPORT = 'otpRequests';
const PAGE = 1000;
const COLUMNS = [
  'requestId',
  'kind',
  'serviceId',
  'destination',
  'channel',
  'status',
  'attempts',
  'sends',
  'requestedBy',
  'createdAt',
  'expiresAt',
  'approvedAt',
] as const;

/**
 * OTP requests as CSV through the platform's export job (decision 0030), bare OTPs and Verify's
 * verifications apart (`kind` filter and column); no code is in any column.
 */
export function otpExportProducer(): ExportProducer {
  return {
    columns: COLUMNS,
    fileName: 'otp-requests.csv',
    visibility: (actor) => (hasRole(actor, ['SAD', 'ADC', 'ADB']) ? 'all' : 'own'),
    async *rows({ db, actor, request }) {
      const filters = request as OtpExportFilters;
      const where = {
        ...(filters.kind ? { kind: filters.kind } : {}),
        ...(filters.status ? { status: filters.status } : {}),
        ...(filters.channel ? { channel: filters.channel } : {}),
        ...(filters.from ? { from: new Date(filters.from) } : {}),
        ...(filters.to ? { to: new Date(filters.to) } : {}),
      };
      let cursor: { createdAt: Date; id: string } | null = null;
      for (;;) {
        const rows = await listRequestsAfter(db, actor.clientId, where, cursor, PAGE);
        for (const row of rows) {
          yield {
            requestId: row.id,
            // A Verify verification is a request of a service (decision 0029).
            kind: row.serviceId ? 'verify' : 'otp',
            serviceId: row.serviceId,
            destination: row.destination,
            channel: row.channel,
            status: row.status,
            attempts: row.attempts,
            sends: row.sends,
            requestedBy: row.requestedBy,
            createdAt: row.createdAt,
            expiresAt: row.expiresAt,
            approvedAt: row.approvedAt,
          } satisfies CsvRecord;
        }
        if (rows.length < PAGE) return;
        const last = rows.at(-1)!;
        cursor = { createdAt: last.createdAt, id: last.id };
      }
    },
  };
}

export function requestOtpExport(exports: Exports, actor: Actor, filters: OtpExportFilters) {
  return exports.request(requireUser(actor), OTP_REQUESTS_EXPORT, filters);
}
