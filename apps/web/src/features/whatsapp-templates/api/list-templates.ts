import { type TemplateStatus, whatsappTemplateOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { templateKeys } from './template-keys';

export type TemplateQuery = {
  channelId?: string | undefined;
  status?: TemplateStatus | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
};

/** Templates still moving (in review, being submitted or deleted) are looked at again every few seconds. */
const SETTLING: TemplateStatus[] = ['SUBMITTING', 'PENDING', 'DELETING'];
const POLL_MS = 5_000;

export const listTemplates = ({ page, ...query }: TemplateQuery, signal?: AbortSignal) =>
  callOperation(whatsappTemplateOperations.listTemplates, {
    signal,
    query: { ...query, pageNumber: page - 1 },
  });

export function useTemplates(clientId: string, query: TemplateQuery) {
  return useQuery({
    queryKey: templateKeys.list(clientId, query),
    queryFn: ({ signal }) => listTemplates(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((template) => SETTLING.includes(template.status)) ? POLL_MS : false,
  });
}
