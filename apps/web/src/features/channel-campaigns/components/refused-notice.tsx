import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/http';
import '../channel-campaigns-i18n';

/** Whether the server refused the reader (403): their role or the channel's feature, not a failure. */
export const isRefused = (error: unknown) => error instanceof ApiError && error.status === 403;

/** What a reader the server refuses sees instead of the screen: why, in the server's words, and no retry. */
export function RefusedNotice({ error, message }: { error?: unknown; message?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      icon={<IconLock size={18} />}
      title={t('channelCampaigns.refusedTitle')}
      role="alert"
    >
      {message ?? describeError(error, t)}
    </Alert>
  );
}
