import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { CampaignChannel } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CampaignArea } from './campaign-area';
import '../notification-i18n';

/**
 * Whether something of these channels belongs in the area: `/notification` shows every channel, a channel
 * area only its own (an SMS batch is not found under `/whatsapp/…`; a notification that fell back to
 * another channel still belongs to the area of its first).
 */
export function belongsToArea(area: CampaignArea, channels: readonly CampaignChannel[]): boolean {
  return area.channel === null || channels.includes(area.channel);
}

/**
 * The not-found state of a batch, campaign or notification opened under another channel's path: refused
 * like an unknown id, with a way to the area's campaign list.
 */
export function OutsideArea({ area, text }: { area: CampaignArea; text: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('queryState.errorTitle')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Text size="sm">
          {t('notification.outsideArea', { channel: t(`notification.channels.${area.channel}`) })}
        </Text>
        <Anchor component={Link} to={area.list} size="sm">
          {t('notification.outsideAreaBack')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
