import { auditOperations, type LOG_TYPES, usageOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation, downloadOperation } from '../../../lib/http';

export type AuditFilter = {
  clientId: string | null;
  action: string;
  entityType: string;
  /** `YYYY-MM-DD` in the browser's time zone, inclusive. */
  from: string;
  to: string;
};

/** Local calendar days as the instants the API filters on: from the start of `from` to the end of `to`. */
function dayStart(day: string): string | undefined {
  const date = new Date(`${day}T00:00:00`);
  return day && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

/** The filter as query parameters, shared by the list and the CSV export. */
export function auditQueryOf(filter: AuditFilter) {
  const end = filter.to ? dayStart(filter.to) : undefined;
  return {
    clientId: filter.clientId ?? undefined,
    action: filter.action.trim() || undefined,
    entityType: filter.entityType.trim() || undefined,
    from: filter.from ? dayStart(filter.from) : undefined,
    to: end ? new Date(new Date(end).getTime() + 86_400_000 - 1).toISOString() : undefined,
  };
}

export function useAuditTrail(filter: AuditFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['auditTrail', filter, page, pageSize] as const,
    queryFn: ({ signal }) =>
      callOperation(auditOperations.listAuditTrail, {
        signal,
        query: { ...auditQueryOf(filter), pageSize, pageNumber: page - 1 },
      }),
    placeholderData: keepPreviousData,
  });
}

export type { ActivityLogRow } from '@sapa/contracts';
export type LogType = (typeof LOG_TYPES)[number];

export function useActivityLogs(
  filter: { clientId: string | null; type: LogType | null },
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: ['activityLogs', filter, page, pageSize] as const,
    queryFn: async ({ signal }) =>
      callOperation(usageOperations.listActivityLogs, {
        signal,
        query: {
          clientId: filter.clientId ?? undefined,
          type: filter.type ?? undefined,
          pageSize,
          pageNumber: page - 1,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The audit trail under a filter, as CSV. */
export const downloadAuditTrail = (filter: AuditFilter) =>
  downloadOperation(auditOperations.exportAuditTrail, { query: auditQueryOf(filter) });
