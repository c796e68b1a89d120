import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ChannelSettings } from '@sapa/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useRefreshWhatsAppNumber } from '../api/providers-api';
import '../whatsapp-numbers-i18n';

/**
 * Reads a Cloud API number again from WhatsApp (a job; the list polls until it ends). The number
 * screen calls it "refresh", the provider page "test connection": one action, one result.
 */
export function NumberRefreshButton({
  number,
  label,
}: {
  number: ChannelSettings;
  label: 'refresh' | 'test';
}) {
  const { t } = useTranslation();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const refresh = useRefreshWhatsAppNumber(clientId);
  if (number.provider !== 'cloud') return null;
  const running = Boolean(number.refreshRequestedAt);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      loading={refresh.isPending || running}
      aria-label={`${t(`whatsappNumbers.${label}`)} ${number.displayPhoneNumber}`}
      onClick={() =>
        refresh.mutate(number.id, {
          onSuccess: () =>
            notifications.show({
              color: 'blue',
              message: t('whatsappNumbers.queued', { number: number.displayPhoneNumber }),
            }),
          onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
        })
      }
    >
      {t(`whatsappNumbers.${label}`)}
    </Button>
  );
}

/** What the last read from WhatsApp said: running, failed (why), or when it answered. */
export function NumberReadState({ number }: { number: ChannelSettings }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  if (number.provider !== 'cloud')
    return (
      <Text size="sm" c="dimmed">
        {t('whatsappNumbers.sandbox')}
      </Text>
    );
  if (number.refreshRequestedAt)
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('whatsappNumbers.refreshing')}
      </Text>
    );
  if (number.graphError)
    return (
      <Text size="sm" c="red" role="alert">
        {t('whatsappNumbers.failed', { error: number.graphError })}
      </Text>
    );
  return (
    <Text size="sm" c={number.graphReadAt ? 'teal' : 'dimmed'}>
      {number.graphReadAt
        ? t('whatsappNumbers.connected', { at: formatDate(number.graphReadAt) })
        : t('whatsappNumbers.never')}
    </Text>
  );
}
