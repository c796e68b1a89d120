import { DEFAULT_TIMEZONE } from '@sapa/contracts';
import { useSearchParams } from 'react-router';
import { useSessionStore } from '../../../lib/session';
import { useCampaignChoices } from '../api/reports-api';
import { formFromSearch, todayIn } from './report-filters';
import type { CampaignChoice } from './report-filters-form';

/** What every report page reads: the client, today there, the filters of the link, the campaigns to pick. */
export function useReportContext() {
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const today = todayIn(session?.clientInfo.timezone ?? DEFAULT_TIMEZONE);
  const [search, setSearch] = useSearchParams();
  const form = formFromSearch(search, today);
  const campaignList = useCampaignChoices(clientId);
  // A reader who may not list campaigns (a report user named on no channel) filters without them.
  const campaigns: CampaignChoice[] | null = campaignList.data
    ? campaignList.data.items.map((campaign) => ({
        value: campaign.campaignId,
        label: `${campaign.code} — ${campaign.name}`,
      }))
    : null;
  return { clientId, today, form, search, setSearch, campaigns };
}
