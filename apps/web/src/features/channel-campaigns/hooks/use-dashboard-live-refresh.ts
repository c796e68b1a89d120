import { type CampaignChannel, readCampaignEvent } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime } from '../../../lib/realtime';
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
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({
          queryKey: channelCampaignKeys.all(clientId),
          predicate: (query) => DASHBOARD_PARTS.has(String(query.queryKey[2])),
        });
      }, LIVE_REFRESH_MS);
    };
    const unsubscribe = realtime.subscribe({
      onEvent: (frame) => {
        const event = readCampaignEvent(frame);
        if (event?.typeNotif !== 'BATCH_PROGRESS') return;
        if (channel && event.data.channel !== channel) return;
        refresh();
      },
      onReset: refresh,
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [clientId, channel, queryClient]);
}
