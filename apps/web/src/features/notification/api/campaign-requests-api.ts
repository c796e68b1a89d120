import { approvalsOperations, type CampaignChannel } from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { campaignKeys } from './campaigns-api';

/** The approval task types of a campaign's create (activation) and edit requests (decision 0028). */
export const CAMPAIGN_REQUEST_TYPES = 'campaign.activate,campaign.edit';

const requestKeys = {
  list: (clientId: string, channel: CampaignChannel | null, page: number) =>
    ['notification', clientId, 'campaignRequests', channel, page] as const,
};

/** The campaign requests waiting for a checker, of one channel (or every channel), newest first. */
export function useCampaignRequests(
  clientId: string,
  channel: CampaignChannel | null,
  page: { page: number; pageSize: number },
) {
  return useQuery({
    queryKey: requestKeys.list(clientId, channel, page.page),
    queryFn: ({ signal }) =>
      callOperation(approvalsOperations.listTasks, {
        signal,
        params: { list: 'pending' },
        query: {
          pageSize: page.pageSize,
          pageNumber: page.page - 1,
          type: CAMPAIGN_REQUEST_TYPES,
          ...(channel ? { channel } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Approve a request, or reject it with a note; the campaign lists change with it. */
export function useDecideCampaignRequest(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { taskId: string; decision: 'approve' } | { taskId: string; decision: 'reject'; note: string },
    ) =>
      input.decision === 'approve'
        ? callOperation(approvalsOperations.approveTask, { params: { taskId: input.taskId } }).then(
            (result) => result.task,
          )
        : callOperation(approvalsOperations.rejectTask, {
            params: { taskId: input.taskId },
            body: { note: input.note },
          }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['notification', clientId, 'campaignRequests'] });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all(clientId) });
    },
  });
}
