import type { CampaignChannel } from '@sapa/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** A channel screen's heading: the route's name, area then page (`WhatsApp · Send`). */
export function ChannelPageHeader({
  channel,
  page,
  description,
  actions,
}: {
  channel: CampaignChannel;
  page: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={`${t(`areas.${channel.toLowerCase()}`)} · ${t(`pages.${page}`)}`}
      description={description}
      actions={actions}
    />
  );
}
