import { ThemeIcon, Tooltip } from '@mantine/core';
import { REALTIME_RECONNECT } from '@sapa/contracts/realtime';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { realtime } from '../../lib/realtime';

function subscribe(onChange: () => void) {
  return realtime.subscribe({ onStatus: onChange });
}

/**
 * A quiet mark in the header once the live socket has given up (spec §4: the max-retry event), so the
 * user knows live updates stopped; nothing is shown while it is connecting or retrying.
 */
export function RealtimeIndicator() {
  const { t } = useTranslation();
  const status = useSyncExternalStore(subscribe, () => realtime.currentStatus);
  if (status !== 'gaveUp') return null;
  const label = t('realtime.gaveUp', { retries: REALTIME_RECONNECT.maxRetries });
  return (
    <Tooltip label={label} multiline w={240} withArrow>
      <ThemeIcon
        variant="light"
        color="orange"
        radius="xl"
        aria-label={label}
        role="img"
        data-testid="realtime-gave-up"
      >
        <IconPlugConnectedX size={16} />
      </ThemeIcon>
    </Tooltip>
  );
}
