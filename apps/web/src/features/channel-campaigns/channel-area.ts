import { CAMPAIGN_CHANNELS, type CampaignChannel, type ProviderChannel } from '@sapa/contracts';
import { useLocation } from 'react-router';

/** The channel areas of spec §2 and the dashboards under `/dashboard/<channel>`, by their path segment. */
const CHANNEL_OF_SEGMENT: Readonly<Record<string, CampaignChannel>> = Object.fromEntries(
  CAMPAIGN_CHANNELS.map((channel) => [channel.toLowerCase(), channel]),
);

/** The channel a path belongs to: `/sms/…` and `/dashboard/sms` are SMS; null for any other path. */
export function channelOfPath(pathname: string): CampaignChannel | null {
  const [first, second] = pathname.split('/').filter(Boolean);
  const segment = first === 'dashboard' ? second : first;
  return (segment && CHANNEL_OF_SEGMENT[segment]) || null;
}

/** The channel area of the screen being shown (one set of screens serves all five). */
export function useChannelArea(): CampaignChannel {
  const channel = channelOfPath(useLocation().pathname);
  // The route table mounts these screens only under a channel's paths.
  if (!channel) throw new Error('A channel screen was mounted outside a channel area');
  return channel;
}

/** The path of a channel area's page: `areaPath('SMS', 'status-messages')` is `/sms/status-messages`. */
export const areaPath = (channel: CampaignChannel, page: string) => `/${channel.toLowerCase()}/${page}`;

/** The provider configuration of a channel area (issue 16); WhatsApp's numbers are configured apart. */
const PROVIDER_CHANNEL: Partial<Record<CampaignChannel, ProviderChannel>> = {
  SMS: 'sms',
  EMAIL: 'email',
  TELEGRAM: 'telegram',
  VOICE: 'voice',
};
export const providerChannelOf = (channel: CampaignChannel): ProviderChannel | null =>
  PROVIDER_CHANNEL[channel] ?? null;
