import type { SandboxCustomerMessage } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';
import { sandboxPhoneKeys } from './sandbox-keys';

const SentSchema = z.object({ id: z.string() });

/** `POST /api/sandbox/whatsapp/{phoneNumberId}/messages`: the customer writes; it arrives as a real webhook. */
export async function sendSandboxMessage(phoneNumberId: string, message: SandboxCustomerMessage) {
  return SentSchema.parse(
    await http.post(`/api/sandbox/whatsapp/${encodeURIComponent(phoneNumberId)}/messages`, message, {
      anonymous: true,
    }),
  );
}

export function useSendSandboxMessage(phoneNumberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: SandboxCustomerMessage) => sendSandboxMessage(phoneNumberId, message),
    onSuccess: (_sent, message) =>
      queryClient.invalidateQueries({ queryKey: sandboxPhoneKeys.conversation(phoneNumberId, message.from) }),
  });
}
