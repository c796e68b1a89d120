import { Alert, Anchor, Card, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useNotificationAttempts } from '../api/batches-api';
import { useCampaignArea } from '../components/campaign-area';
import { belongsToArea, OutsideArea } from '../components/outside-area';
import { NotificationStatusBadge } from '../components/status-badges';

/**
 * `/notification/campaign-attempt?notificationId=…` (and `/notification/batchInput/attempts`): every
 * attempt of one notification — channel, provider and its message id, outcome, error, times, and for
 * calls the duration and the charged duration.
 */
export function AttemptsPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const { pathname } = useLocation();
  const notificationId = useSearchParams()[0].get('notificationId');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const attempts = useNotificationAttempts(clientId, notificationId);
  const area = useCampaignArea();
  const title = t(
    pathname.startsWith('/notification/batchInput') ? 'pages.batchInputAttempts' : 'pages.campaignAttempt',
  );
  const seconds = (value: number | null) => (value === null ? '—' : `${value} ${t('notification.units.s')}`);
  return (
    <>
      <PageHeader title={title} />
      {notificationId ? (
        <QueryState
          data={attempts.data}
          loading={attempts.isPending}
          error={attempts.error}
          notFoundText={t('notification.attempts.notFound')}
          onRetry={() => void attempts.refetch()}
        >
          {(data) => {
            if (!belongsToArea(area, [data.channel, ...data.attempts.map((attempt) => attempt.channel)]))
              return <OutsideArea area={area} text={t('notification.attempts.notFound')} />;
            const voice =
              data.attempts.some((attempt) => attempt.channel === 'VOICE') || data.channel === 'VOICE';
            return (
              <>
                <Card withBorder mb="md">
                  <SimpleGrid cols={{ base: 2, md: 4 }}>
                    <div>
                      <Text size="xs" c="dimmed">
                        {t('notification.fields.recipient')}
                      </Text>
                      <Text size="sm" data-testid="attempts-recipient">
                        {data.recipient}
                      </Text>
                    </div>
                    <div>
                      <Text size="xs" c="dimmed">
                        {t('notification.fields.status')}
                      </Text>
                      <NotificationStatusBadge status={data.status} />
                    </div>
                    <div>
                      <Text size="xs" c="dimmed">
                        {t('notification.fields.rowNo')}
                      </Text>
                      <Text size="sm">{data.rowNo}</Text>
                    </div>
                    <Group align="flex-end">
                      <Anchor
                        component={Link}
                        to={`/notification/batchInput?batchId=${data.batchId}`}
                        size="sm"
                      >
                        {t('notification.attempts.backToInput')}
                      </Anchor>
                    </Group>
                  </SimpleGrid>
                </Card>
                {data.attempts.length === 0 ? (
                  <Text c="dimmed" ta="center" py="xl">
                    {t('notification.attempts.none')}
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={900}>
                    <Table striped aria-label={t('notification.attempts.title')}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>#</Table.Th>
                          <Table.Th>{t('notification.fields.channel')}</Table.Th>
                          <Table.Th>{t('notification.fields.provider')}</Table.Th>
                          <Table.Th>{t('notification.fields.providerId')}</Table.Th>
                          <Table.Th>{t('notification.fields.outcome')}</Table.Th>
                          <Table.Th>{t('notification.fields.error')}</Table.Th>
                          <Table.Th>{t('notification.fields.startedAt')}</Table.Th>
                          <Table.Th>{t('notification.fields.endedAt')}</Table.Th>
                          {voice ? (
                            <>
                              <Table.Th>{t('notification.fields.duration')}</Table.Th>
                              <Table.Th>{t('notification.fields.charged')}</Table.Th>
                            </>
                          ) : null}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.attempts.map((attempt) => (
                          <Table.Tr key={attempt.attempt}>
                            <Table.Td>{attempt.attempt}</Table.Td>
                            <Table.Td>{t(`notification.channels.${attempt.channel}`)}</Table.Td>
                            <Table.Td>{attempt.provider ?? '—'}</Table.Td>
                            <Table.Td>
                              <Text size="xs" ff="monospace">
                                {attempt.providerMessageId ?? '—'}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <NotificationStatusBadge status={attempt.status} />
                            </Table.Td>
                            <Table.Td>
                              {attempt.error ? (
                                <Text size="xs" c="red">
                                  {attempt.error.code}: {attempt.error.message}
                                </Text>
                              ) : (
                                '—'
                              )}
                            </Table.Td>
                            <Table.Td>{formatDate(attempt.startedAt)}</Table.Td>
                            <Table.Td>{attempt.endedAt ? formatDate(attempt.endedAt) : '—'}</Table.Td>
                            {voice ? (
                              <>
                                <Table.Td>{seconds(attempt.durationSeconds)}</Table.Td>
                                <Table.Td>{seconds(attempt.chargedSeconds)}</Table.Td>
                              </>
                            ) : null}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </>
            );
          }}
        </QueryState>
      ) : (
        <Alert color="blue">{t('notification.attempts.pickFirst')}</Alert>
      )}
    </>
  );
}
