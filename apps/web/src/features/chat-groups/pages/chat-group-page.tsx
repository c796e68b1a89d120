import { Button, Grid, Group, Modal, Stack, TextInput } from '@mantine/core';
import { ChatGroupCreateSchema } from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useChatGroups, useChatGroupsLive, useCreateGroup } from '../api/chat-groups-api';
import '../chat-groups-i18n';
import { GroupRoom } from '../components/group-room';

const PAGE_SIZE = 10;

/** `/customerService/chatGroup` (super admin): the client's WhatsApp groups and a group's room. */
export function ChatGroupPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useChatGroups(clientId, page, PAGE_SIZE, search.trim());
  useChatGroupsLive(clientId);
  return (
    <>
      <PageHeader
        title={t('pages.chatGroup')}
        description={t('chatGroups.help')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('chatGroups.new')}
          </Button>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <DataTable
            label={t('pages.chatGroup')}
            columns={[
              { key: 'subject', header: t('chatGroups.subject'), render: (row) => row.subject },
              { key: 'people', header: t('chatGroups.participants'), render: (row) => row.participantCount },
              {
                key: 'unread',
                header: t('chatGroups.unread'),
                render: (row) => (row.unreadCount > 0 ? row.unreadCount : ''),
              },
              {
                key: 'last',
                header: t('chatGroups.lastMessage'),
                render: (row) => (row.lastMessage ? formatDate(row.lastMessage.at) : '—'),
              },
            ]}
            rows={list.data?.items}
            rowKey={(row) => row.id}
            loading={list.isPending}
            refreshing={list.isFetching && !list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
            emptyText={t('chatGroups.empty')}
            onRowClick={(row) => setSelected(row.id)}
            pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
            toolbar={
              <TextInput
                aria-label={t('chatGroups.search')}
                placeholder={t('chatGroups.search')}
                value={search}
                maxLength={200}
                onChange={(event) => {
                  setPage(1);
                  setSearch(event.currentTarget.value);
                }}
              />
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selected ? <GroupRoom clientId={clientId} groupId={selected} /> : null}
        </Grid.Col>
      </Grid>
      <CreateGroupDialog
        clientId={clientId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          setSelected(id);
        }}
      />
    </>
  );
}

function CreateGroupDialog({
  clientId,
  opened,
  onClose,
  onCreated,
}: {
  clientId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateGroup(clientId);
  const [subject, setSubject] = useState('');
  const [groupId, setGroupId] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; groupId?: string; form?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ChatGroupCreateSchema.safeParse({
      subject,
      ...(groupId.trim() ? { groupId: groupId.trim() } : {}),
    });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      setErrors({
        ...(fields.has('subject') ? { subject: t('chatGroups.subjectRequired') } : {}),
        ...(fields.has('groupId') ? { groupId: t('chatGroups.groupIdInvalid') } : {}),
      });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (group) => {
        setSubject('');
        setGroupId('');
        onCreated((group as { id: string }).id);
      },
      onError: (error) => setErrors({ form: describeError(error, t) }),
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('chatGroups.new')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('chatGroups.subject')}
            value={subject}
            maxLength={128}
            onChange={(event) => setSubject(event.currentTarget.value)}
            error={errors.subject}
            required
          />
          <TextInput
            label={t('chatGroups.groupId')}
            description={t('chatGroups.groupIdHelp')}
            value={groupId}
            onChange={(event) => setGroupId(event.currentTarget.value)}
            error={errors.groupId ?? errors.form}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('chatGroups.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('chatGroups.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
