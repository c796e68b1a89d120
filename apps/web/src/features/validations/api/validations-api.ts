import { otpOperations, type ValidationRun } from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, downloadOperation } from '../../../lib/http';

/** While a run is queued or running its list asks again this often. */
export const RUNS_POLL_MS = 1_500;

export const validationKeys = {
  all: (clientId: string) => ['validations', clientId] as const,
  runs: (clientId: string, page: number, pageSize: number) =>
    [...validationKeys.all(clientId), 'runs', page, pageSize] as const,
  results: (clientId: string, runId: string, page: number) =>
    [...validationKeys.all(clientId), 'results', runId, page] as const,
};

export const isUnfinished = (run: ValidationRun) => run.status === 'queued' || run.status === 'running';

export function useValidationRuns(clientId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: validationKeys.runs(clientId, page, pageSize),
    queryFn: ({ signal }) =>
      callOperation(otpOperations.listValidationRuns, { signal, query: { pageNumber: page - 1, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isUnfinished) ? RUNS_POLL_MS : false),
  });
}

export function useValidationResults(clientId: string, runId: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: validationKeys.results(clientId, runId ?? '', page),
    queryFn: ({ signal }) =>
      callOperation(otpOperations.listValidationResults, {
        signal,
        params: { runId: runId ?? '' },
        query: { pageNumber: page - 1, pageSize },
      }),
    enabled: Boolean(runId),
    placeholderData: keepPreviousData,
  });
}

export function useValidateList(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; numbers: string[]; country?: string }) =>
      callOperation(otpOperations.createValidationRun, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: validationKeys.all(clientId) }),
  });
}

export function useValidateFile(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      callOperation(otpOperations.uploadValidationRun, { file, fileName: file.name, fields: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: validationKeys.all(clientId) }),
  });
}

export const downloadRun = (run: ValidationRun, format: 'csv' | 'xlsx') =>
  downloadOperation(otpOperations.downloadValidationRun, { params: { runId: run.id }, query: { format } });
