import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PrefixBlock } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { describeError } from '../../../lib/http';
import { usePrefixBlocks, useUnblockPrefix } from '../api/otp-api';

/** The prefixes the fraud guard blocks now, each with an unblock action behind a confirmation. */
export function PrefixBlocksTable({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation();
  const blocks = usePrefixBlocks(clientId);
  const unblock = useUnblockPrefix(clientId);
  const [asked, setAsked] = useState<PrefixBlock | null>(null);
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const confirm = () => {
    if (!asked) return;
    unblock.mutate(asked.prefix, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: t('otp.blocks.unblocked', { prefix: `+${asked.prefix}` }),
        });
        setAsked(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: describeError(error, t) });
        setAsked(null);
      },
    });
  };

  return (
    <>
      <DataTable
        label={t('otp.blocks.title')}
        rows={blocks.data?.items}
        rowKey={(row) => row.prefix}
        loading={blocks.isPending}
        refreshing={blocks.isFetching && !blocks.isPending}
        error={blocks.error}
        onRetry={() => void blocks.refetch()}
        emptyText={t('otp.blocks.empty')}
        columns={[
          { key: 'prefix', header: t('otp.blocks.prefix'), render: (row) => `+${row.prefix}` },
          { key: 'sends', header: t('otp.blocks.sends'), render: (row) => row.sends, align: 'right' },
          {
            key: 'since',
            header: t('otp.blocks.since'),
            render: (row) => time.format(new Date(row.createdAt)),
          },
          {
            key: 'until',
            header: t('otp.blocks.until'),
            render: (row) => time.format(new Date(row.blockedUntil)),
          },
          {
            key: 'action',
            header: '',
            align: 'right',
            render: (row) => (
              <Button size="xs" variant="light" color="red" onClick={() => setAsked(row)}>
                {t('otp.blocks.unblock')}
              </Button>
            ),
          },
        ]}
      />
      <ConfirmDialog
        opened={asked !== null}
        title={t('otp.blocks.confirmTitle')}
        message={t('otp.blocks.confirm', { prefix: `+${asked?.prefix ?? ''}` })}
        confirmLabel={t('otp.blocks.unblock')}
        loading={unblock.isPending}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      />
    </>
  );
}
