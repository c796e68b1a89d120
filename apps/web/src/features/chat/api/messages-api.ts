import { CHAT_IMAGE_MAX_BYTES, type CustomerWindowSchema, chatOperations } from '@sapa/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callOperation } from '../../../lib/http';
import { putMessage } from '../live/inbox-cache';
import { chatKeys } from './chat-keys';

export const MESSAGE_PAGE_SIZE = 20;

/** GET /chat: a room's messages newest first; older pages load as the agent scrolls up. */
export function useConversation(roomId: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(roomId ?? ''),
    enabled: Boolean(roomId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      callOperation(chatOperations.listMessages, {
        signal,
        query: { id: roomId ?? '', pageSize: MESSAGE_PAGE_SIZE, lastEvaluatedKey: pageParam ?? undefined },
      }),
    getNextPageParam: (page) => page.lastEvaluatedKey,
  });
}

export type CustomerWindow = z.infer<typeof CustomerWindowSchema>;

/** GET /chat/window: whether free text may still go to the customer, and until when. */
export function useCustomerWindow(roomId: string | null) {
  return useQuery({
    queryKey: chatKeys.window(roomId ?? ''),
    enabled: Boolean(roomId),
    queryFn: ({ signal }) =>
      callOperation(chatOperations.getWindow, { signal, query: { roomId: roomId ?? '' } }),
  });
}

export type SendInput =
  | { kind: 'text'; roomId: string; content: string }
  | { kind: 'image'; roomId: string; url: string; caption: string }
  | { kind: 'template'; roomId: string; templateId: string; language: string; parameters: string[] };

/** POST /chat (text or image by link) or /chat/template; the answer joins the conversation at once. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendInput) => {
      if (input.kind === 'template')
        return callOperation(chatOperations.sendTemplate, {
          body: {
            roomId: input.roomId,
            templateId: input.templateId,
            language: input.language,
            parameters: input.parameters,
          },
        });
      return callOperation(chatOperations.sendMessage, {
        body:
          input.kind === 'text'
            ? { roomId: input.roomId, type: 'text', content: input.content }
            : {
                roomId: input.roomId,
                type: 'image',
                url: input.url,
                ...(input.caption.trim() ? { content: input.caption.trim() } : {}),
              },
      });
    },
    onSuccess: (message) => putMessage(queryClient, message),
    onError: (_error, input) => {
      // A refusal because the window closed meanwhile: ask the server again so the box switches.
      void queryClient.invalidateQueries({ queryKey: chatKeys.window(input.roomId) });
    },
  });
}

/** What the server accepts for an uploaded image (it checks the bytes again). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_UPLOAD_BYTES = CHAT_IMAGE_MAX_BYTES;

export type ImageUploadInput = { roomId: string; file: File; caption: string };

/** POST /chat/image: uploads one image with its caption and sends it; the stored message joins the conversation. */
export function useSendImageUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImageUploadInput) =>
      callOperation(chatOperations.sendImage, {
        file: input.file,
        fields: { roomId: input.roomId, caption: input.caption.trim() || undefined },
      }),
    onSuccess: (message) => putMessage(queryClient, message),
    onError: (_error, input) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.window(input.roomId) });
    },
  });
}
