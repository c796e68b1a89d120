import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { type MailMessage, useMailOutbox } from '../api/account-api';

const PAGE_SIZE = 20;
const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** The mail text cut into plain runs and links, each keyed by where it starts in the text. */
function segmentsOf(text: string): { at: number; part: string; link: boolean }[] {
  const segments: { at: number; part: string; link: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    if (match.index > at) segments.push({ at, part: text.slice(at, match.index), link: false });
    segments.push({ at: match.index, part: match[0], link: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) segments.push({ at, part: text.slice(at), link: false });
  return segments;
}

/** The mail text as sent, its links clickable (a reset link opens from here in embedded mode). */
function MailText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="mail-text">
      {segmentsOf(text).map(({ at, part, link }) =>
        link ? (
          <Anchor key={at} href={part}>
            {part}
          </Anchor>
        ) : (
          <Fragment key={at}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

/** `/settings/mailOutbox` (SAD): the sandbox outbox of mail sent without SMTP, newest first. */
export function MailOutboxPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const [to, setTo] = useState('');
  const [debouncedTo] = useDebouncedValue(to.trim().toLowerCase(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MailMessage | null>(null);
  const outbox = useMailOutbox(debouncedTo, page, PAGE_SIZE);

  const columns: DataTableColumn<MailMessage>[] = [
    { key: 'when', header: t('mailOutbox.when'), render: (row) => formatDate(row.createdAt), width: 200 },
    { key: 'to', header: t('mailOutbox.to'), render: (row) => row.to },
    { key: 'subject', header: t('mailOutbox.subject'), render: (row) => row.subject },
    {
      key: 'open',
      header: '',
      align: 'right',
      render: (row) => (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => setOpen(row)}
          aria-label={t('mailOutbox.openMail', { subject: row.subject, to: row.to })}
        >
          {t('mailOutbox.open')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('pages.mailOutbox')} description={t('mailOutbox.help')} />
      <DataTable
        label={t('pages.mailOutbox')}
        columns={columns}
        rows={outbox.data?.items}
        rowKey={(row) => row.id}
        loading={outbox.isLoading}
        refreshing={outbox.isFetching && !outbox.isLoading}
        error={outbox.error}
        onRetry={() => void outbox.refetch()}
        emptyText={debouncedTo ? t('mailOutbox.emptyFiltered') : t('mailOutbox.empty')}
        pagination={{ page, pageSize: PAGE_SIZE, total: outbox.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group gap="xs">
            <TextInput
              aria-label={t('mailOutbox.filterTo')}
              placeholder={t('mailOutbox.filterTo')}
              leftSection={<IconSearch size={16} />}
              value={to}
              onChange={(event) => {
                setTo(event.currentTarget.value);
                setPage(1);
              }}
              w={300}
            />
            <Button variant="default" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
              {t('mailOutbox.refresh')}
            </Button>
          </Group>
        }
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject ?? ''} size="lg">
        {open ? (
          <Stack gap="sm">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('mailOutbox.to')}:
              </Text>
              <Text size="sm">{open.to}</Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('mailOutbox.when')}:
              </Text>
              <Text size="sm">{formatDate(open.createdAt)}</Text>
            </Group>
            <MailText text={open.text} />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

export default MailOutboxPage;
