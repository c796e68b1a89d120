import '../chat-automation-i18n';
import {
  Box,
  Button,
  Center,
  Divider,
  Group,
  Image,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { type ChatMessage, NOTE_MESSAGE_TYPE, ROOM_EVENT_MESSAGE_TYPE } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageTicks } from '../../../components/message-ticks';
import { QueryState } from '../../../components/query-state';
import { useRoomEventText } from '../../../components/room-event-text';
import { http } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useCsConfiguration } from '../api/lookups-api';
import { useConversation } from '../api/messages-api';

/**
 * One room's messages, oldest at the top: date separators, reply context, ticks, older pages on scroll
 * up (or only by the button when the configuration turns infinite scroll off).
 */
export function ConversationView({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const roomEventText = useRoomEventText();
  const conversation = useConversation(roomId);
  const viewport = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = conversation;
  // Scrolling loads older pages only once the configuration says isInfinityScroll; else the button does.
  const scrollLoads = useCsConfiguration().data?.isInfinityScroll === true;

  // Pages come newest first; the screen reads oldest first.
  const messages = useMemo(
    () =>
      conversation.data
        ? conversation.data.pages
            .flatMap((page) => page.items)
            .slice()
            .reverse()
        : undefined,
    [conversation.data],
  );
  const byProviderId = useMemo(
    () => new Map((messages ?? []).filter((m) => m.providerMessageId).map((m) => [m.providerMessageId, m])),
    [messages],
  );

  // New messages keep the view at the bottom; older pages keep the message the agent was reading in place.
  const newestId = messages?.at(-1)?.id;
  const heightBefore = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when older messages were added above
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    if (heightBefore.current !== null) {
      element.scrollTop = element.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    }
  }, [messages?.length]);
  useEffect(() => {
    const element = viewport.current;
    if (element && newestId) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  const loadOlder = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    heightBefore.current = viewport.current?.scrollHeight ?? null;
    void fetchNextPage();
  };

  return (
    <ScrollArea
      viewportRef={viewport}
      style={{ flex: 1, minHeight: 0 }}
      type="auto"
      onScrollPositionChange={({ y }) => {
        if (scrollLoads && y < 40) loadOlder();
      }}
    >
      <Box p="sm">
        {hasNextPage ? (
          <Center mb="xs">
            {isFetchingNextPage ? (
              <Loader size="xs" aria-label={t('queryState.loading')} />
            ) : (
              <Button size="xs" variant="subtle" onClick={loadOlder}>
                {t('chat.conversation.older')}
              </Button>
            )}
          </Center>
        ) : null}
        <QueryState
          data={messages}
          loading={conversation.isPending}
          error={conversation.error}
          onRetry={() => void conversation.refetch()}
          isEmpty={(items) => items.length === 0}
          emptyText={t('chat.conversation.empty')}
        >
          {(items) => (
            <Stack gap={6} role="log" aria-label={t('chat.conversation.label')}>
              {items.map((message, index) => {
                const day = format(message.createdAt, 'date');
                const previousDay = index > 0 ? format(items[index - 1]!.createdAt, 'date') : null;
                const quoted = message.replyToProviderMessageId
                  ? (byProviderId.get(message.replyToProviderMessageId) ?? null)
                  : undefined;
                return (
                  <Stack key={message.id} gap={6}>
                    {day !== previousDay ? (
                      <Divider label={day} labelPosition="center" data-testid="date-separator" />
                    ) : null}
                    {message.type === ROOM_EVENT_MESSAGE_TYPE ? (
                      <Divider
                        labelPosition="center"
                        data-testid="room-event"
                        label={
                          <Text size="xs" c="dimmed">
                            {roomEventText(message.content)} · {format(message.createdAt, 'time')}
                          </Text>
                        }
                      />
                    ) : (
                      <Bubble message={message} quoted={quoted} time={format(message.createdAt, 'time')} />
                    )}
                  </Stack>
                );
              })}
            </Stack>
          )}
        </QueryState>
      </Box>
    </ScrollArea>
  );
}

function Bubble({
  message,
  quoted,
  time,
}: {
  message: ChatMessage;
  /** The message replied to: undefined when not a reply, null when it is not loaded. */
  quoted: ChatMessage | null | undefined;
  time: string;
}) {
  const { t } = useTranslation();
  const mine = message.fromCs;
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'}>
      <Paper
        p="xs"
        radius="md"
        maw="75%"
        bg={message.isInternal ? 'yellow.0' : mine ? 'green.0' : 'gray.0'}
        withBorder
        data-testid="chat-message"
        data-from={mine ? 'cs' : 'customer'}
      >
        {quoted !== undefined ? (
          <Box
            mb={4}
            pl="xs"
            style={{ borderLeft: '3px solid var(--mantine-color-blue-4)' }}
            data-testid="reply-context"
          >
            <Text size="xs" c="dimmed" lineClamp={2}>
              {quoted
                ? (quoted.content ?? t(`chat.conversation.kind.${kindOf(quoted)}`))
                : t('chat.conversation.replyNotLoaded')}
            </Text>
          </Box>
        ) : null}
        {message.type === 'image' ? <MessageImage message={message} /> : null}
        {message.type === NOTE_MESSAGE_TYPE ? (
          <Text size="xs" c="yellow.9" fw={600} data-testid="private-note">
            {t('chat.note.bubble', { name: message.authorName ?? t('chat.note.someone') })}
          </Text>
        ) : null}
        {LABELLED.has(message.type) ? (
          <Text size="xs" c="dimmed" fw={500}>
            {t(`chat.conversation.kindLabel.${message.type}`)}
          </Text>
        ) : null}
        {message.content ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.content}
          </Text>
        ) : message.type !== 'image' ? (
          <Text size="sm" c="dimmed" fs="italic">
            {t(`chat.conversation.kind.${kindOf(message)}`)}
          </Text>
        ) : null}
        <Group gap={4} justify="flex-end" mt={2}>
          {message.reaction ? (
            <Text
              size="sm"
              mr="auto"
              role="img"
              aria-label={t('chat.conversation.reacted', { emoji: message.reaction })}
              data-testid="message-reaction"
            >
              {message.reaction}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {time}
          </Text>
          {mine && !message.isInternal ? (
            <MessageTicks status={message.status} errorTitle={message.error?.title ?? null} />
          ) : null}
        </Group>
      </Paper>
    </Group>
  );
}

/** Kinds whose content reads differently from a plain text: a label above it says what it is. */
const LABELLED = new Set([
  'template',
  'contacts',
  'system',
  'flow',
  'csat_request',
  'csat_reply',
  'auto_reply',
]);
const KINDS = new Set([
  'text',
  NOTE_MESSAGE_TYPE,
  'csat_request',
  'csat_reply',
  'auto_reply',
  'image',
  'document',
  'audio',
  'video',
  'sticker',
  'location',
  'template',
  'contacts',
  'system',
  'flow',
]);
function kindOf(message: ChatMessage): string {
  return KINDS.has(message.type) ? message.type : 'unsupported';
}

/**
 * Our stored copies (`/api/…`) need the session's credentials, so they are fetched and shown from
 * memory; links an agent sent are shown as they are.
 */
function MessageImage({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const url = message.url;
  const internal = Boolean(url?.startsWith('/api/'));
  const file = useQuery({
    queryKey: ['chat', 'media', url],
    enabled: internal,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => URL.createObjectURL((await http.download(url!)).blob),
  });
  if (!url)
    return (
      <Text size="xs" c="dimmed" fs="italic">
        {t('chat.conversation.imagePending')}
      </Text>
    );
  const src = internal ? file.data : url;
  if (internal && file.isError)
    return (
      <Text size="xs" c="red">
        {t('chat.conversation.imageFailed')}
      </Text>
    );
  if (!src) return <Loader size="xs" aria-label={t('queryState.loading')} />;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <Image src={src} alt={message.content ?? t('chat.conversation.kind.image')} maw={260} radius="sm" />
    </a>
  );
}
