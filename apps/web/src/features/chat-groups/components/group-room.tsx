import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ChatGroupDetail, GROUP_MAX_PARTICIPANTS } from '@sapa/contracts';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import {
  useAddParticipant,
  useChangeParticipant,
  useChatGroup,
  useGroupMessages,
  useMarkGroupRead,
  useRetryGroupSync,
  useSendGroupMessage,
  useUpdateGroup,
} from '../api/chat-groups-api';
import '../chat-groups-i18n';

/** One group: its subject and WhatsApp link, its participants, and its messages with a composer. */
export function GroupRoom({ clientId, groupId }: { clientId: string; groupId: string }) {
  const { t } = useTranslation();
  const detail = useChatGroup(clientId, groupId);
  return (
    <QueryState
      data={detail.data}
      loading={detail.isPending}
      error={detail.error}
      onRetry={() => void detail.refetch()}
      notFoundText={t('chatGroups.notFound')}
    >
      {(group) => (
        <Stack gap="md">
          <GroupSettings clientId={clientId} group={group} />
          <GroupMessages clientId={clientId} group={group} />
          <Participants clientId={clientId} group={group} />
        </Stack>
      )}
    </QueryState>
  );
}

function GroupSettings({ clientId, group }: { clientId: string; group: ChatGroupDetail }) {
  const { t } = useTranslation();
  const update = useUpdateGroup(clientId);
  const [subject, setSubject] = useState(group.subject);
  const [providerId, setProviderId] = useState(group.providerGroupId ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setSubject(group.subject);
    setProviderId(group.providerGroupId ?? '');
  }, [group.subject, group.providerGroupId]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!subject.trim()) return setError(t('chatGroups.subjectRequired'));
    setError(null);
    update.mutate(
      { id: group.id, subject: subject.trim(), ...(providerId.trim() ? { groupId: providerId.trim() } : {}) },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('chatGroups.saved') }),
        onError: (failure) => setError(describeError(failure, t)),
      },
    );
  };
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('chatGroups.subject')}
            value={subject}
            maxLength={128}
            onChange={(event) => setSubject(event.currentTarget.value)}
            error={error}
          />
          <TextInput
            label={t('chatGroups.groupId')}
            value={providerId}
            onChange={(event) => setProviderId(event.currentTarget.value)}
          />
          <Button type="submit" loading={update.isPending}>
            {t('chatGroups.save')}
          </Button>
        </Group>
      </form>
      <SyncState clientId={clientId} group={group} />
    </Card>
  );
}

const SYNC_COLOR = { pending: 'yellow', synced: 'green', failed: 'red' } as const;

/** Whether WhatsApp has the group as shown (live: the socket moves it), its invite link, and a retry. */
function SyncState({ clientId, group }: { clientId: string; group: ChatGroupDetail }) {
  const { t } = useTranslation();
  const retry = useRetryGroupSync(clientId);
  return (
    <Stack gap={4} mt="sm">
      <Group gap="xs">
        <Text size="sm">{t('chatGroups.sync.label')}</Text>
        <Badge color={SYNC_COLOR[group.syncState]} data-testid="group-sync-state">
          {t(`chatGroups.sync.${group.syncState}`)}
        </Badge>
        {group.syncState === 'failed' ? (
          <Button
            size="xs"
            variant="light"
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(
                { groupId: group.id },
                {
                  onError: (failure) =>
                    notifications.show({ color: 'red', message: describeError(failure, t) }),
                },
              )
            }
          >
            {t('chatGroups.sync.retry')}
          </Button>
        ) : null}
      </Group>
      {group.syncState === 'failed' && group.syncError ? (
        <Text size="sm" c="red">
          {group.syncError}
        </Text>
      ) : null}
      {group.inviteLink ? (
        <Text size="sm">
          {t('chatGroups.sync.inviteLink')}{' '}
          <Anchor href={group.inviteLink} target="_blank" rel="noreferrer">
            {group.inviteLink}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

function GroupMessages({ clientId, group }: { clientId: string; group: ChatGroupDetail }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const messages = useGroupMessages(clientId, group.id);
  const send = useSendGroupMessage(clientId);
  const markRead = useMarkGroupRead(clientId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const unread = group.unreadCount;
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (unread > 0) markReadNow({ groupId: group.id });
  }, [unread, group.id, markReadNow]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) return setError(t('chatGroups.messageRequired'));
    setError(null);
    send.mutate(
      { groupId: group.id, content: text.trim() },
      { onSuccess: () => setText(''), onError: (failure) => setError(describeError(failure, t)) },
    );
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('chatGroups.messages')}
      </Title>
      <QueryState
        data={messages.data}
        loading={messages.isPending}
        error={messages.error}
        onRetry={() => void messages.refetch()}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('chatGroups.noMessages')}
      >
        {(data) => (
          <Stack gap="xs" mah={360} style={{ overflowY: 'auto' }}>
            {[...data.items].reverse().map((message) => (
              <Paper
                key={message.id}
                p="xs"
                withBorder
                ml={message.fromCs ? 'xl' : 0}
                mr={message.fromCs ? 0 : 'xl'}
              >
                {!message.fromCs && message.authorName ? (
                  <Text size="xs" fw={600}>
                    {message.authorName}
                  </Text>
                ) : null}
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {message.content ?? `[${message.type}]`}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(message.createdAt)}
                  {message.status ? ` · ${t(`chatGroups.status.${message.status}`)}` : ''}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs" mt="sm">
          {group.providerGroupId ? null : (
            <Text size="sm" c="dimmed">
              {t('chatGroups.notLinked')}
            </Text>
          )}
          <Textarea
            aria-label={t('chatGroups.write')}
            placeholder={t('chatGroups.write')}
            value={text}
            maxLength={4096}
            autosize
            minRows={2}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            disabled={!group.providerGroupId}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending} disabled={!group.providerGroupId}>
              {t('chatGroups.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Participants({ clientId, group }: { clientId: string; group: ChatGroupDetail }) {
  const { t } = useTranslation();
  const add = useAddParticipant(clientId);
  const change = useChangeParticipant(clientId);
  const [phone, setPhone] = useState('');
  const [asAdmin, setAsAdmin] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = group.participants.length >= GROUP_MAX_PARTICIPANTS;
  const fail = (failure: unknown) => notifications.show({ color: 'red', message: describeError(failure, t) });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phone.trim().length < 5) return setError(t('chatGroups.phoneRequired'));
    setError(null);
    add.mutate(
      { groupId: group.id, customerPhoneNumber: phone.trim(), isAdmin: asAdmin },
      {
        onSuccess: () => {
          setPhone('');
          setAsAdmin(false);
        },
        onError: (failure) => setError(describeError(failure, t)),
      },
    );
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('chatGroups.participantsOf', { count: group.participants.length, max: GROUP_MAX_PARTICIPANTS })}
      </Title>
      {group.participants.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('chatGroups.noParticipants')}
        </Text>
      ) : (
        <Stack gap={4}>
          {group.participants.map((participant) => (
            <Group key={participant.phoneNumber} justify="space-between">
              <Group gap="xs">
                <Text size="sm">+{participant.phoneNumber}</Text>
                {participant.isAdmin ? <Badge size="sm">{t('chatGroups.admin')}</Badge> : null}
                <Badge size="sm" variant="outline" color={participant.state === 'joined' ? 'green' : 'gray'}>
                  {t(`chatGroups.participantState.${participant.state}`)}
                </Badge>
              </Group>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() =>
                    change.mutate(
                      {
                        groupId: group.id,
                        customerPhoneNumber: participant.phoneNumber,
                        isAdmin: !participant.isAdmin,
                      },
                      { onError: fail },
                    )
                  }
                >
                  {participant.isAdmin ? t('chatGroups.removeAdmin') : t('chatGroups.makeAdmin')}
                </Button>
                <Tooltip label={t('chatGroups.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('chatGroups.removeNamed', { phone: participant.phoneNumber })}
                    onClick={() =>
                      change.mutate(
                        { groupId: group.id, customerPhoneNumber: participant.phoneNumber, remove: true },
                        { onError: fail },
                      )
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
          <TextInput
            label={t('chatGroups.phone')}
            placeholder="6281234567890"
            value={phone}
            maxLength={30}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={error ?? (full ? t('chatGroups.full', { max: GROUP_MAX_PARTICIPANTS }) : undefined)}
            disabled={full}
          />
          <Checkbox
            label={t('chatGroups.admin')}
            checked={asAdmin}
            onChange={(event) => setAsAdmin(event.currentTarget.checked)}
            disabled={full}
          />
          <Button type="submit" loading={add.isPending} disabled={full}>
            {t('chatGroups.add')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
