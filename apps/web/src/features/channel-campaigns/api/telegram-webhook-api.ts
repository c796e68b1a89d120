import { telegramWebhookOperations } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

/** While the registration job has not answered, its outcome is read again this often. */
export const WEBHOOK_POLL_MS = 3_000;

const webhookKey = (clientId: string) => [...channelCampaignKeys.all(clientId), 'telegramWebhook'] as const;

/** What Telegram answered to setWebhook for the running bot (`GET /api/channels/telegram/webhook`). */
export function useTelegramWebhook(clientId: string) {
  return useQuery({
    queryKey: webhookKey(clientId),
    queryFn: ({ signal }) => callOperation(telegramWebhookOperations.getTelegramWebhook, { signal }),
    refetchInterval: (query) => (query.state.data?.registration?.ok === null ? WEBHOOK_POLL_MS : false),
  });
}

/** Asks Telegram again (a job calls setWebhook); the outcome then arrives through the query above. */
export function useRegisterTelegramWebhook(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(telegramWebhookOperations.registerTelegramWebhook, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKey(clientId) }),
  });
}
