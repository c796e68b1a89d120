import { type CampaignChannel, readCampaignEvent } from '@sapa/contracts';
import { useLiveRefetch } from '../../../lib/realtime/use-live-refetch';
import { channelCampaignKeys } from '../api/channel-campaign-keys';

/** A burst of progress events (about one a second per running batch) refetches at most this often. */
export const LIVE_REFRESH_MS = 2_000;
const DASHBOARD_PARTS = new Set(['summary', 'activeCustomers', 'dailyProgress', 'dailyTickets']);

/**
 * Reads the dashboard's figures again when the socket reports a batch of the channel (or of any channel,
 * for `null`) moving, or a gap it cannot replay; the poll stays as the fallback for readers the socket
 * does not reach.
 */
export function useDashboardLiveRefresh(clientId: string, channel: CampaignChannel | null) {
  useLiveRefetch(
    channelCampaignKeys.all(clientId),
    (frame) => {
      const event = readCampaignEvent(frame);
      return event?.typeNotif === 'BATCH_PROGRESS' && (!channel || event.data.channel === channel);
    },
    { delayMs: LIVE_REFRESH_MS, predicate: (query) => DASHBOARD_PARTS.has(String(query.queryKey[2])) },
  );
}
