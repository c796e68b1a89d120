import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useRegisterTelegramWebhook, useTelegramWebhook } from '../api/telegram-webhook-api';
import { isRefused } from './refused-notice';
import '../channel-providers-i18n';

/**
 * The running Telegram bot's webhook (decision 0040 provider form; `/api/channels/telegram/webhook`):
 * whether Telegram accepted `setWebhook`, its last answer or error, and a button to ask again.
 */
export function TelegramWebhookCard({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const webhook = useTelegramWebhook(clientId);
  const register = useRegisterTelegramWebhook(clientId);
  // Those the webhook is not for (another role) see the providers without it.
  if (isRefused(webhook.error)) return null;
  return (
    <Card withBorder aria-label={t('channelProviders.webhook.title')} role="region">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} size="h5">
          {t('channelProviders.webhook.title')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={register.isPending}
          disabled={!webhook.data?.registration}
          onClick={() => register.mutate()}
        >
          {t('channelProviders.webhook.rerun')}
        </Button>
      </Group>
      <QueryState
        data={webhook.data}
        loading={webhook.isPending}
        error={webhook.error}
        onRetry={() => void webhook.refetch()}
      >
        {({ registration }) =>
          registration ? (
            <Stack gap={4}>
              <Group gap="xs">
                <Badge
                  color={registration.ok === null ? 'yellow' : registration.ok ? 'teal' : 'red'}
                  data-testid="telegram-webhook-state"
                >
                  {t(
                    `channelProviders.webhook.${registration.ok === null ? 'waiting' : registration.ok ? 'set' : 'failed'}`,
                  )}
                </Badge>
                <Text size="xs" c="dimmed">
                  {t('channelProviders.webhook.attempted', { at: formatDate(registration.attemptedAt) })}
                </Text>
              </Group>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {registration.url}
              </Text>
              {registration.description ? (
                <Text size="sm" c={registration.ok === false ? 'red' : 'dimmed'}>
                  {registration.ok === false
                    ? t('channelProviders.webhook.lastError', { error: registration.description })
                    : registration.description}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('channelProviders.webhook.none')}
            </Text>
          )
        }
      </QueryState>
      {register.error ? (
        <Alert color="red" mt="sm" role="alert">
          {describeError(register.error, t)}
        </Alert>
      ) : register.isSuccess ? (
        <Text size="xs" c="dimmed" mt="sm">
          {t('channelProviders.webhook.queued')}
        </Text>
      ) : null}
    </Card>
  );
}
