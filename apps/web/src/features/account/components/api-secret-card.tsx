import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { OneTimeSecretNotice } from '../../../components/one-time-secret-notice';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useApiSecretStatus, useMyRight, useRotateApiSecret } from '../api/account-api';
import { SectionCard } from './section-card';

/** The client's secret for the public API: its prefix and date, a new one shown once on rotation. */
export function ApiSecretCard() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const allowed = useMyRight('API_SECRET_MANAGE');
  const clientName = useSessionStore((state) => state.session?.clientInfo.clientName ?? '');
  const status = useApiSecretStatus(allowed === true);
  const rotate = useRotateApiSecret();
  const [confirming, setConfirming] = useState(false);

  // Only roles with the right manage the secret; the others do not see the section at all.
  if (allowed !== true) return null;

  return (
    <SectionCard
      id="api-secret"
      title={t('apiSecret.title')}
      description={t('apiSecret.help', { client: clientName })}
    >
      <QueryState
        data={status.data}
        loading={status.isLoading}
        error={status.error}
        onRetry={() => void status.refetch()}
      >
        {(data) => (
          <Stack gap="sm">
            {data.exists ? (
              <Group gap="xs">
                <Text size="sm">{t('apiSecret.current')}</Text>
                <Code data-testid="api-secret-prefix">{`${data.prefix ?? ''}…`}</Code>
                <Text size="sm" c="dimmed">
                  {t('apiSecret.createdAt', { date: formatDate(data.createdAt) })}
                </Text>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('apiSecret.none')}
              </Text>
            )}
            {rotate.data ? (
              <OneTimeSecretNotice
                title={t('apiSecret.newTitle')}
                description={t('apiSecret.newDescription', { client: clientName })}
                secretLabel={t('apiSecret.secretLabel')}
                secret={rotate.data.apiSecret}
                note={t('apiSecret.shownOnce')}
              />
            ) : null}
            {rotate.isError ? (
              <Alert color="red" role="alert">
                {describeError(rotate.error, t)}
              </Alert>
            ) : null}
            <Button
              variant={data.exists ? 'default' : 'filled'}
              onClick={() => setConfirming(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {data.exists ? t('apiSecret.rotate') : t('apiSecret.create')}
            </Button>
            <ConfirmDialog
              opened={confirming}
              title={data.exists ? t('apiSecret.rotate') : t('apiSecret.create')}
              message={data.exists ? t('apiSecret.rotateConfirm') : t('apiSecret.createConfirm')}
              loading={rotate.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={() => rotate.mutate(undefined, { onSettled: () => setConfirming(false) })}
            />
          </Stack>
        )}
      </QueryState>
    </SectionCard>
  );
}
