import { Badge, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { ChatRoom } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useDateTime } from '../../../lib/i18n';
import { useAgents, useCsConfiguration, useCustomer, useCustomerHistory } from '../api/lookups-api';
import { CustomerUserData } from './customer-user-data';

/** Who the agent is talking to: name, number, tags, assigned agent, shown user data, past conversations. */
export function CustomerPanel({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const customer = useCustomer(room.customerPhoneNumber);
  const history = useCustomerHistory(room.customerPhoneNumber);
  const agents = useAgents();
  const config = useCsConfiguration();
  const agentName = (csId: string | null) =>
    csId ? (agents.data?.find((agent) => agent.id === csId)?.name ?? t('chat.customer.unknownAgent')) : null;

  return (
    <Stack gap="sm" aria-label={t('chat.customer.label')} role="complementary">
      <QueryState
        data={customer.data === undefined ? undefined : { customer: customer.data }}
        loading={customer.isPending}
        error={customer.error}
        onRetry={() => void customer.refetch()}
      >
        {({ customer: record }) => {
          const assigned = agentName(record?.csId ?? null);
          return (
            <Stack gap={4}>
              <Title order={3} size="h5">
                {record?.name ?? room.name ?? t('chat.customer.noName')}
              </Title>
              <Text size="sm" data-testid="customer-phone">
                +{room.customerPhoneNumber}
              </Text>
              <Group gap={4}>
                {(record?.tags ?? []).length === 0 ? (
                  <Text size="xs" c="dimmed">
                    {t('chat.customer.noTags')}
                  </Text>
                ) : (
                  record?.tags.map((tag) => (
                    <Badge key={tag} size="xs" variant="light" color="grape">
                      {tag}
                    </Badge>
                  ))
                )}
              </Group>
              <Text size="xs">
                {t('chat.customer.assignedCs')}: {assigned ?? t('chat.customer.noAssignedCs')}
              </Text>
              <Text size="xs">
                {t('chat.customer.roomAgent')}: {agentName(room.csId) ?? t('chat.customer.noAssignedCs')}
              </Text>
              {config.data ? (
                <CustomerUserData
                  // A fresh form for another customer or after their data changed elsewhere.
                  key={`${room.customerPhoneNumber}-${record?.updatedAt ?? ''}`}
                  phoneNumber={room.customerPhoneNumber}
                  userData={record?.userData ?? {}}
                  config={config.data}
                />
              ) : null}
            </Stack>
          );
        }}
      </QueryState>
      <Divider />
      <Title order={4} size="h6">
        {t('chat.customer.history')}
      </Title>
      <QueryState
        data={history.data?.items}
        loading={history.isPending}
        error={history.error}
        onRetry={() => void history.refetch()}
        isEmpty={(items) => items.length === 0}
        emptyText={t('chat.customer.noHistory')}
      >
        {(items) => (
          <Stack gap={6} role="list" aria-label={t('chat.customer.history')}>
            {items.map((past) => (
              <Stack key={past.id} gap={0} role="listitem">
                <Text size="xs" fw={600}>
                  #{past.shortId} · {format(past.closedAt ?? past.createdAt, 'dateTime')}
                </Text>
                {past.csId ? (
                  <Text size="xs" c="dimmed">
                    {t('chat.customer.handledBy', { name: agentName(past.csId) })}
                  </Text>
                ) : null}
                {past.category?.name ? (
                  <Text size="xs" c="dimmed">
                    {past.category.name}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {past.remarks ?? t('chat.customer.noRemarks')}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
