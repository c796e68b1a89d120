import { chatOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { putMessage } from '../live/inbox-cache';

export type NoteInput = { roomId: string; content: string; mentions: string[] };

/** POST /chat/note: a private note; it joins the conversation at once and never reaches the customer. */
export function useSendNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoteInput) =>
      callOperation(chatOperations.sendNote, {
        body: { roomId: input.roomId, content: input.content, mentions: input.mentions },
      }),
    onSuccess: (message) => putMessage(queryClient, message),
  });
}

/** POST /chat/typing: the others watching the room see that the caller types (best effort). */
export async function sendTyping(roomId: string, mode: 'reply' | 'note') {
  await callOperation(chatOperations.sendTyping, { body: { roomId, mode } });
}
