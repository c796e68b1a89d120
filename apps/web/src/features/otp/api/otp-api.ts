import {
  type OtpChannel,
  type OtpKind,
  type OtpRequestBody,
  type OtpSettings,
  type OtpStatus,
  otpOperations,
  type VerifyServiceInput,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, downloadOperation } from '../../../lib/http';

/**
 * The dashboard's counters arrive over the socket (`useOtpCountersLive`); a full refresh this often
 * also moves the period's start and corrects anything the live updates cannot know.
 */
export const OTP_DASHBOARD_REFRESH_MS = 5 * 60_000;

export const otpKeys = {
  all: (clientId: string) => ['otp', clientId] as const,
  summary: (clientId: string, kind: OtpKind, hours: number) =>
    [...otpKeys.all(clientId), 'summary', kind, hours] as const,
  requests: (clientId: string, filters: OtpRequestFilters) =>
    [...otpKeys.all(clientId), 'requests', filters] as const,
  request: (clientId: string, requestId: string) => [...otpKeys.all(clientId), 'request', requestId] as const,
  services: (clientId: string) => [...otpKeys.all(clientId), 'services'] as const,
  exports: (clientId: string) => [...otpKeys.all(clientId), 'exports'] as const,
  settings: (clientId: string) => [...otpKeys.all(clientId), 'settings'] as const,
  prefixBlocks: (clientId: string) => [...otpKeys.all(clientId), 'prefixBlocks'] as const,
};

export type OtpRequestFilters = {
  kind: OtpKind;
  page: number;
  pageSize: number;
  status?: OtpStatus | undefined;
  channel?: OtpChannel | undefined;
};

export function useOtpSummary(clientId: string, kind: OtpKind, hours: number) {
  return useQuery({
    queryKey: otpKeys.summary(clientId, kind, hours),
    queryFn: ({ signal }) => {
      const to = new Date();
      const from = new Date(to.getTime() - hours * 3_600_000);
      return callOperation(otpOperations.getOtpSummary, {
        signal,
        query: { kind, from: from.toISOString(), to: to.toISOString() },
      });
    },
    placeholderData: keepPreviousData,
    refetchInterval: OTP_DASHBOARD_REFRESH_MS,
  });
}

export function useOtpRequests(clientId: string, filters: OtpRequestFilters) {
  return useQuery({
    queryKey: otpKeys.requests(clientId, filters),
    queryFn: ({ signal }) =>
      callOperation(otpOperations.listOtpRequests, {
        signal,
        query: {
          kind: filters.kind,
          pageSize: filters.pageSize,
          pageNumber: filters.page - 1,
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.channel ? { channel: filters.channel } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOtpRequest(clientId: string, requestId: string | null) {
  return useQuery({
    queryKey: otpKeys.request(clientId, requestId ?? ''),
    queryFn: ({ signal }) =>
      callOperation(otpOperations.getOtpRequest, { signal, params: { requestId: requestId ?? '' } }),
    enabled: Boolean(requestId),
  });
}

export function useSendOtp(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OtpRequestBody) => callOperation(otpOperations.sendOtpFromPortal, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otpKeys.all(clientId) }),
  });
}

export function useVerifyOtp(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { requestId: string; code: string }) =>
      callOperation(otpOperations.verifyOtpFromPortal, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: otpKeys.all(clientId) }),
  });
}

export function useVerifyServices(clientId: string) {
  return useQuery({
    queryKey: otpKeys.services(clientId),
    queryFn: ({ signal }) => callOperation(otpOperations.listVerifyServices, { signal }),
  });
}

export function useCreateVerifyService(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyServiceInput) => callOperation(otpOperations.createVerifyService, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otpKeys.services(clientId) }),
  });
}

export function useStartVerification() {
  return useMutation({
    mutationFn: (input: { serviceId: string; to: string; channel: OtpChannel }) =>
      callOperation(otpOperations.startVerificationFromPortal, {
        params: { serviceId: input.serviceId },
        body: { to: input.to, channel: input.channel },
      }),
  });
}

export function useCheckVerification() {
  return useMutation({
    mutationFn: (input: { serviceId: string; requestId: string; code: string }) =>
      callOperation(otpOperations.checkVerificationFromPortal, {
        params: { serviceId: input.serviceId },
        body: { requestId: input.requestId, code: input.code },
      }),
  });
}

/** While an export is being built its list asks again this often. */
const EXPORTS_POLL_MS = 2_000;

export function useOtpExports(clientId: string) {
  return useQuery({
    queryKey: otpKeys.exports(clientId),
    queryFn: ({ signal }) =>
      callOperation(otpOperations.listOtpExports, { signal, query: { pageNumber: 1, pageSize: 5 } }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'queued' || item.status === 'running')
        ? EXPORTS_POLL_MS
        : false,
  });
}

export function useRequestOtpExport(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: OtpKind; status?: OtpStatus | undefined; channel?: OtpChannel | undefined }) =>
      callOperation(otpOperations.requestOtpExport, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otpKeys.exports(clientId) }),
  });
}

export const downloadOtpExport = (exportId: string) =>
  downloadOperation(otpOperations.downloadOtpExport, { params: { exportId } });

/** The Verify screens show verifications; the OTP screens (and `/dashboard/otp`) bare OTP requests. */
export const kindOfPath = (pathname: string): OtpKind => (pathname.startsWith('/verify') ? 'verify' : 'otp');

export function useOtpSettings(clientId: string, enabled = true) {
  return useQuery({
    queryKey: otpKeys.settings(clientId),
    queryFn: ({ signal }) => callOperation(otpOperations.getOtpSettings, { signal }),
    enabled,
  });
}

export function useUpdateOtpSettings(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OtpSettings) => callOperation(otpOperations.updateOtpSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(otpKeys.settings(clientId), saved),
  });
}

export function usePrefixBlocks(clientId: string, enabled = true) {
  return useQuery({
    queryKey: otpKeys.prefixBlocks(clientId),
    queryFn: ({ signal }) => callOperation(otpOperations.listPrefixBlocks, { signal }),
    enabled,
  });
}

export function useUnblockPrefix(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefix: string) => callOperation(otpOperations.unblockPrefix, { params: { prefix } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: otpKeys.prefixBlocks(clientId) }),
  });
}
