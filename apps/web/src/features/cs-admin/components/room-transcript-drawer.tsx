import {
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { type ChatMessage, type ChatRoom, ROOM_EVENT_MESSAGE_TYPE } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button';
import { QueryState } from '../../../components/query-state';
import { useRoomEventText } from '../../../components/room-event-text';
import { useDateTime } from '../../../lib/i18n';
import { downloadRoomCsv, useTranscript } from '../api/cs-history-api';
import '../cs-admin-i18n';

export type RoomTranscriptDrawerProps = {
  room: ChatRoom | null;
  agentName: (csId: string | null) => string;
  /** Who closed the room, as people read it (the room records an email or the system). */
  closerName: (closedBy: string | null) => string;
  onClose: () => void;
};

function Bubble({ message, sender }: { message: ChatMessage; sender: string | null }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const who = message.isInternal
    ? (sender ?? t('csAdmin.history.from.internal'))
    : message.fromCs
      ? (sender ?? t('csAdmin.history.from.cs'))
      : t('csAdmin.history.from.customer');
  return (
    <Box style={{ alignSelf: message.fromCs ? 'flex-end' : 'flex-start', maxWidth: '80%' }}>
      <Paper
        withBorder
        p="xs"
        radius="md"
        bg={message.isInternal ? 'yellow.0' : message.fromCs ? 'blue.0' : undefined}
      >
        <Text size="xs" c="dimmed">
          {who} · {formatDate(message.createdAt)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {message.content ?? (message.url ? `[${message.type}] ${message.url}` : `[${message.type}]`)}
        </Text>
      </Paper>
    </Box>
  );
}

/** A line across the transcript for what happened to the room: a transfer, the close. */
function EventLine({ children, testId }: { children: string; testId: string }) {
  return (
    <Divider
      my={4}
      label={
        <Text size="xs" c="dimmed" data-testid={testId}>
          {children}
        </Text>
      }
      labelPosition="center"
    />
  );
}

/** A closed room: what it was about, who closed it and why, and the whole conversation, with its CSV. */
export function RoomTranscriptDrawer({ room, agentName, closerName, onClose }: RoomTranscriptDrawerProps) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const roomEventText = useRoomEventText();
  const transcript = useTranscript(room?.id ?? null);
  // Pages come newest first; the conversation reads oldest first.
  const messages = transcript.data?.pages.flatMap((page) => page.items).reverse();

  const facts: [string, string][] = room
    ? [
        [t('csAdmin.history.columns.customer'), `${room.name ?? '—'} · ${room.customerPhoneNumber}`],
        [t('csAdmin.history.columns.agent'), agentName(room.csId)],
        [t('csAdmin.history.columns.createdAt'), formatDate(room.createdAt)],
        [t('csAdmin.history.columns.closedAt'), formatDate(room.closedAt)],
        [t('csAdmin.history.columns.closedBy'), closerName(room.closedBy)],
        [t('csAdmin.history.columns.category'), room.category?.name ?? '—'],
        [t('csAdmin.history.columns.mediaPlatform'), room.mediaPlatform],
        [t('csAdmin.history.columns.remarks'), room.remarks ?? '—'],
      ]
    : [];

  return (
    <Drawer
      opened={room !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={room ? t('csAdmin.history.roomTitle', { shortId: room.shortId }) : ''}
    >
      {room ? (
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="xs">
            {facts.map(([label, value]) => (
              <Box key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm">{value}</Text>
              </Box>
            ))}
          </SimpleGrid>
          {room.tags.length ? (
            <Group gap={4}>
              {room.tags.map((tag) => (
                <Badge key={tag} variant="light" size="sm">
                  {tag}
                </Badge>
              ))}
            </Group>
          ) : null}
          <Group>
            <DownloadButton
              download={() => downloadRoomCsv(room.id)}
              fileName={`chat-room-${room.shortId}.csv`}
              label={t('csAdmin.history.exportRoom')}
              size="xs"
            />
          </Group>
          <Divider label={t('csAdmin.history.transcript')} labelPosition="left" />
          <QueryState
            data={messages}
            loading={transcript.isLoading}
            error={transcript.error}
            onRetry={() => void transcript.refetch()}
            isEmpty={(items) => items.length === 0}
            emptyText={t('csAdmin.history.noMessages')}
          >
            {(items) => (
              <Stack gap="xs" role="log" aria-label={t('csAdmin.history.transcript')}>
                {transcript.hasNextPage ? (
                  <Center>
                    <Button
                      size="xs"
                      variant="default"
                      loading={transcript.isFetchingNextPage}
                      onClick={() => void transcript.fetchNextPage()}
                    >
                      {t('csAdmin.history.earlier')}
                    </Button>
                  </Center>
                ) : null}
                {items.map((message) =>
                  message.type === ROOM_EVENT_MESSAGE_TYPE ? (
                    <EventLine key={message.id} testId="transcript-room-event">
                      {`${roomEventText(message.content)} · ${formatDate(message.createdAt)}`}
                    </EventLine>
                  ) : (
                    <Bubble
                      key={message.id}
                      message={message}
                      sender={message.fromCs && message.csId ? agentName(message.csId) : null}
                    />
                  ),
                )}
                {room.closedAt && !transcript.hasNextPage ? (
                  <EventLine testId="transcript-closed">
                    {room.remarks
                      ? t('csAdmin.history.events.closedWithRemarks', {
                          who: closerName(room.closedBy),
                          time: formatDate(room.closedAt),
                          remarks: room.remarks,
                        })
                      : t('csAdmin.history.events.closed', {
                          who: closerName(room.closedBy),
                          time: formatDate(room.closedAt),
                        })}
                  </EventLine>
                ) : null}
              </Stack>
            )}
          </QueryState>
        </Stack>
      ) : null}
    </Drawer>
  );
}
