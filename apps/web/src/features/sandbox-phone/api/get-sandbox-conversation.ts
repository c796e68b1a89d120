import { type SandboxConversation, whatsappOperations } from '@sapa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { sandboxPhoneKeys } from './sandbox-keys';

/** How often the phone looks for replies and tick changes: it has no login, so no live socket. */
export const CONVERSATION_REFRESH_MS = 1_500;

/** `GET /api/sandbox/whatsapp/{phoneNumberId}/conversations/{customerPhone}`. */
export async function getSandboxConversation(
  phoneNumberId: string,
  customerPhone: string,
  signal?: AbortSignal,
): Promise<SandboxConversation> {
  return callOperation(whatsappOperations.getSandboxConversation, {
    params: { phoneNumberId, customerPhone },
    anonymous: true,
    signal,
  });
}

export function sandboxConversationQueryOptions(phoneNumberId: string, customerPhone: string) {
  return queryOptions({
    queryKey: sandboxPhoneKeys.conversation(phoneNumberId, customerPhone),
    queryFn: ({ signal }) => getSandboxConversation(phoneNumberId, customerPhone, signal),
    refetchInterval: CONVERSATION_REFRESH_MS,
  });
}

export function useSandboxConversation(phoneNumberId: string, customerPhone: string | null) {
  return useQuery({
    ...sandboxConversationQueryOptions(phoneNumberId, customerPhone ?? ''),
    enabled: customerPhone !== null,
  });
}
