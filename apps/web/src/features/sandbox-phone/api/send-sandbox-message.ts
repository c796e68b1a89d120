import { type SandboxCustomerMessage, whatsappOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { sandboxPhoneKeys } from './sandbox-keys';

/** `POST /api/sandbox/whatsapp/{phoneNumberId}/messages`: the customer writes; it arrives as a real webhook. */
export async function sendSandboxMessage(phoneNumberId: string, message: SandboxCustomerMessage) {
  return callOperation(whatsappOperations.sendSandboxMessage, {
    params: { phoneNumberId },
    body: message,
    anonymous: true,
  });
}

export function useSendSandboxMessage(phoneNumberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: SandboxCustomerMessage) => sendSandboxMessage(phoneNumberId, message),
    onSuccess: (_sent, message) =>
      queryClient.invalidateQueries({ queryKey: sandboxPhoneKeys.conversation(phoneNumberId, message.from) }),
  });
}
