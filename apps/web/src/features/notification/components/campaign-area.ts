import { CAMPAIGN_CHANNELS, type CampaignChannel } from '@sapa/contracts';
import { useLocation } from 'react-router';

/**
 * Where a campaign screen is shown: the `/notification` area (every channel), or one channel area
 * (`/sms/campaign/…`), whose pages show that channel's campaigns and link to that area's pages. The
 * same screens serve both (decision 0040): the channel comes from the path, never from a copy.
 */
export type CampaignArea = {
  /** The area's channel; null in `/notification`. */
  channel: CampaignChannel | null;
  list: string;
  collectionReminders: string;
  create: (query?: string) => string;
  edit: (campaignId: string) => string;
  show: (campaignId: string) => string;
  batchDetail: (batchId: string) => string;
  attempts: (notificationId: string) => string;
};

const CHANNEL_OF_SEGMENT: Readonly<Record<string, CampaignChannel>> = Object.fromEntries(
  CAMPAIGN_CHANNELS.map((channel) => [channel.toLowerCase(), channel]),
);

/** The campaign area a path belongs to. */
export function campaignAreaOf(pathname: string): CampaignArea {
  const segment = pathname.split('/').filter(Boolean)[0] ?? '';
  const channel = CHANNEL_OF_SEGMENT[segment] ?? null;
  if (!channel)
    return {
      channel: null,
      list: '/notification/campaign',
      collectionReminders: '/notification/collection-reminder',
      create: (query = 'action=create') => `/notification/campaign/create?${query}`,
      edit: (id) => `/notification/campaign/edit?campaignId=${id}`,
      show: (id) => `/notification/campaign/show?campaignId=${id}`,
      batchDetail: (id) => `/notification/campaign-batch-detail?batchId=${id}`,
      attempts: (id) => `/notification/campaign-attempt?notificationId=${id}`,
    };
  const base = `/${segment}/campaign`;
  return {
    channel,
    list: `${base}/list`,
    collectionReminders: `${base}/collection-reminder`,
    create: (query = 'action=create') => `${base}/create?${query}`,
    edit: (id) => `${base}/edit?campaignId=${id}`,
    // A channel area has no show page of its own (spec §2): its list shows one campaign when asked.
    show: (id) => `${base}/list?campaignId=${id}`,
    batchDetail: (id) => `${base}/campaign-batch-detail?batchId=${id}`,
    attempts: (id) => `${base}/campaign-attempt?notificationId=${id}`,
  };
}

/** The campaign area of the screen being shown. */
export function useCampaignArea(): CampaignArea {
  return campaignAreaOf(useLocation().pathname);
}
