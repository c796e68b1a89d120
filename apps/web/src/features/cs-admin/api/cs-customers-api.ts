import { type CsCustomerImport, type CsRowReport, contactsOperations } from '@sapa/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callOperation, downloadOperation } from '../../../lib/http';

export const CUSTOMER_PAGE_SIZE = 20;

export const customerKeys = {
  all: ['cs-customers'] as const,
  list: (q: string, tags: string[]) => [...customerKeys.all, 'list', q, tags] as const,
  tags: ['cs-customers', 'tags'] as const,
};

/**
 * Customers by name or phone number, or (when tags are chosen) those carrying any of the tags; the API
 * has no call for both at once, so a tag filter replaces the search.
 */
export function useCustomerList(q: string, tags: string[]) {
  return useInfiniteQuery({
    queryKey: customerKeys.list(q, tags),
    queryFn: ({ pageParam, signal }) =>
      tags.length
        ? callOperation(contactsOperations.listCustomersByTags, {
            signal,
            query: { tags: tags.join(','), pageSize: CUSTOMER_PAGE_SIZE, lastEvaluatedKey: pageParam },
          })
        : callOperation(contactsOperations.searchCustomers, {
            signal,
            query: {
              q: q || undefined,
              // Digits (with an optional +) are a phone number search.
              isPhoneNumber: /^\+?\d+$/.test(q) ? 'true' : undefined,
              pageSize: CUSTOMER_PAGE_SIZE,
              lastEvaluatedKey: pageParam,
            },
          }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.lastEvaluatedKey ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerTags() {
  return useQuery({
    queryKey: customerKeys.tags,
    queryFn: async ({ signal }) =>
      (await callOperation(contactsOperations.listCustomerTags, { signal })).tags,
  });
}

/** Sets a customer's tags: POST adds `tags` and takes away `removeTag` (spec §5: "" when none). */
export function useSaveCustomerTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { phoneNumber: string; before: string[]; after: string[] }) => {
      const added = input.after.filter((tag) => !input.before.includes(tag));
      const removed = input.before.filter((tag) => !input.after.includes(tag));
      return callOperation(contactsOperations.saveCustomer, {
        body: {
          phoneNumber: input.phoneNumber,
          tags: added.length ? added : '',
          ...(removed.length ? { removeTag: removed } : {}),
        },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** A customer import is written by a job: follow it until done (its refused rows come with the upload). */
export const followCustomerImport = {
  progressOf: (state: CsCustomerImport) =>
    state.status === 'queued' || state.status === 'running' ? state.progress : null,
  refresh: (state: CsCustomerImport) =>
    callOperation(contactsOperations.getCustomerImport, { params: { id: state.id } }),
};

export const reportOfCustomers = (report: CsRowReport) => ({
  total: report.total,
  succeeded: report.succeeded,
  failed: report.failed,
  rows: report.rows.map((row) => ({
    row: row.row,
    label: row.phoneNumber ?? null,
    ok: row.ok,
    error: row.error,
  })),
});

export const tagKeys = {
  all: ['cs-tag-list'] as const,
  page: (search: string, page: number, pageSize: number) =>
    [...tagKeys.all, 'page', search, page, pageSize] as const,
  names: ['cs-tag-list', 'names'] as const,
};

export function useTagList(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: tagKeys.page(search, page, pageSize),
    queryFn: ({ signal }) =>
      callOperation(contactsOperations.listTags, {
        signal,
        query: { search: search || undefined, pageNumber: page, pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The names on the tag list, for suggestions in tag fields. */
export function useTagNames() {
  return useQuery({
    queryKey: tagKeys.names,
    queryFn: async ({ signal }) =>
      (await callOperation(contactsOperations.listTags, { signal, query: { pageSize: 500 } })).items.map(
        (tag) => tag.name,
      ),
    staleTime: 60_000,
  });
}

export type TagInput = { name: string; description: string | null };

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: TagInput & { id?: string }) =>
      id
        ? callOperation(contactsOperations.updateTag, { body: { id, ...fields } })
        : callOperation(contactsOperations.createTag, { body: fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callOperation(contactsOperations.deleteTag, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

/** The customers as CSV. */
export const downloadCustomersCsv = () => downloadOperation(contactsOperations.exportCustomers);

/** Sends a customers CSV to import; a job writes it (follow it with `followCustomerImport`). */
export function uploadCustomerImport(file: File): Promise<CsCustomerImport> {
  return callOperation(contactsOperations.importCustomers, { file });
}

/** Sends a CSV of the customers to delete; answers the per-row report. */
export function uploadCustomerDeletion(file: File): Promise<CsRowReport> {
  return callOperation(contactsOperations.deleteCustomersFromFile, { file });
}
