import {
  CAMPAIGN_CHANNELS,
  type CampaignChannel,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
  type ReportFilters,
} from '@sapa/contracts';

const DAY = 86_400_000;
/** The server's limit of a report's range (a year). */
export const MAX_REPORT_DAYS = 366;

/** Today's date where the client works (the server counts local days in the client's time zone too). */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: timezone });
}

/** The filters of a report as the form holds them: every day chosen, the rest optional. */
export type ReportForm = {
  channel: CampaignChannel | null;
  campaignId: string | null;
  status: NotificationStatus | null;
  startDate: string;
  endDate: string;
  sort: 'newest' | 'oldest';
};

/** Spec §9: 'Newest - Oldest' with today as the date range. */
export const defaultReportForm = (today: string): ReportForm => ({
  channel: null,
  campaignId: null,
  status: null,
  startDate: today,
  endDate: today,
  sort: 'newest',
});

export type ReportFormErrors = Partial<Record<'startDate' | 'endDate', 'required' | 'backwards' | 'tooLong'>>;

/** What is wrong with the form's days, before the server is asked. */
export function validateReportForm(form: ReportForm): ReportFormErrors {
  const errors: ReportFormErrors = {};
  if (!form.startDate) errors.startDate = 'required';
  if (!form.endDate) errors.endDate = 'required';
  if (form.startDate && form.endDate) {
    if (form.endDate < form.startDate) errors.endDate = 'backwards';
    else if ((Date.parse(form.endDate) - Date.parse(form.startDate)) / DAY >= MAX_REPORT_DAYS)
      errors.endDate = 'tooLong';
  }
  return errors;
}

export function toFilters(form: ReportForm): ReportFilters {
  return {
    sort: form.sort,
    startDate: form.startDate,
    endDate: form.endDate,
    ...(form.channel ? { channel: form.channel } : {}),
    ...(form.campaignId ? { campaignId: form.campaignId } : {}),
    ...(form.status ? { status: form.status } : {}),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The form a link's query holds (`/report/reportPage?channel=SMS&startDate=…`); anything odd is left out. */
export function formFromSearch(search: URLSearchParams, today: string): ReportForm {
  const form = defaultReportForm(today);
  const channel = search.get('channel');
  if (channel && (CAMPAIGN_CHANNELS as readonly string[]).includes(channel))
    form.channel = channel as CampaignChannel;
  const status = search.get('status');
  if (status && (NOTIFICATION_STATUSES as readonly string[]).includes(status))
    form.status = status as NotificationStatus;
  const campaignId = search.get('campaignId');
  if (campaignId && campaignId.length <= 64) form.campaignId = campaignId;
  const startDate = search.get('startDate');
  const endDate = search.get('endDate');
  if (startDate && DATE.test(startDate)) {
    form.startDate = startDate;
    form.endDate = endDate && DATE.test(endDate) ? endDate : startDate;
  }
  if (search.get('sort') === 'oldest') form.sort = 'oldest';
  return form;
}

/** The query of a link that opens the same report elsewhere. */
export function searchOf(filters: Partial<ReportFilters>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value) search.set(key, value);
  }
  return search.toString();
}
