import {
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { ChatRoom } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useInternalRooms, useOpenInternalRoom } from '../api/internal-rooms-api';
import { useAgents } from '../api/lookups-api';
import '../chat-internal-i18n';

type Props = { selectedId: string | null; onSelect: (room: ChatRoom) => void };

/** Internal rooms: agents and supervisors talking about a customer, each with the reader's unread count. */
export function InternalRoomList({ selectedId, onSelect }: Props) {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const rooms = useInternalRooms(clientId);
  const [opening, setOpening] = useState(false);
  return (
    <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
      <Button size="xs" variant="light" onClick={() => setOpening(true)}>
        {t('chatInternal.new')}
      </Button>
      <OpenInternalRoom
        clientId={clientId}
        opened={opening}
        onClose={() => setOpening(false)}
        onOpened={(room) => {
          setOpening(false);
          onSelect(room);
        }}
      />
      <QueryState
        data={rooms.data}
        loading={rooms.isPending}
        error={rooms.error}
        onRetry={() => void rooms.refetch()}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('chatInternal.empty')}
      >
        {(data) => (
          <ScrollArea style={{ flex: 1 }}>
            <Stack gap={4} data-testid="internal-room-list">
              {data.items.map((room) => (
                <UnstyledButton
                  key={room.id}
                  onClick={() => onSelect(room)}
                  p="xs"
                  aria-current={room.id === selectedId ? 'true' : undefined}
                  style={{
                    borderRadius: 6,
                    background: room.id === selectedId ? 'var(--mantine-color-yellow-light)' : undefined,
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600} truncate>
                      {room.name ?? room.customerPhoneNumber}
                    </Text>
                    {room.unreadCount > 0 ? (
                      <Badge
                        size="sm"
                        color="red"
                        aria-label={t('chatInternal.unread', { count: room.unreadCount })}
                      >
                        {room.unreadCount}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {room.lastMessage?.content ?? t('chatInternal.noMessages')}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea>
        )}
      </QueryState>
    </Stack>
  );
}

function OpenInternalRoom({
  clientId,
  opened,
  onClose,
  onOpened,
}: {
  clientId: string;
  opened: boolean;
  onClose: () => void;
  onOpened: (room: ChatRoom) => void;
}) {
  const { t } = useTranslation();
  const me = useSessionStore((state) => state.session?.csId);
  const agents = useAgents();
  const open = useOpenInternalRoom(clientId);
  const [phone, setPhone] = useState('');
  const [colleague, setColleague] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phone.trim().length < 5) return setError(t('chatInternal.phoneRequired'));
    setError(null);
    open.mutate(
      { customerPhoneNumber: phone.trim(), ...(colleague ? { toCsId: colleague } : {}) },
      {
        onSuccess: (room) => {
          setPhone('');
          setColleague(null);
          onOpened(room);
        },
        onError: (failure) => setError(describeError(failure, t)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('chatInternal.new')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('chatInternal.customerPhone')}
            value={phone}
            maxLength={30}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={error}
            required
          />
          <Select
            label={t('chatInternal.colleague')}
            data={(agents.data ?? [])
              .filter((agent) => agent.id !== me && !agent.deleted)
              .map((agent) => ({ value: agent.id, label: agent.name }))}
            value={colleague}
            onChange={setColleague}
            searchable
            clearable
          />
          <Group justify="flex-end">
            <Button type="submit" loading={open.isPending}>
              {t('chatInternal.open')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
