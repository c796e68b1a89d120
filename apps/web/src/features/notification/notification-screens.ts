import { type ComponentType, createElement } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Every notification screen, each its own chunk. The route table reaches them through this one module,
 * so the login page's entry holds a single lazy import for the whole area instead of one per screen
 * (with each one's list of chunks to preload).
 */
export const NOTIFICATION_SCREENS = {
  notificationDashboard: async () =>
    (await import('./pages/notification-dashboard-page')).NotificationDashboardPage,
  notificationCampaignList: async () => (await import('./pages/campaign-list-page')).CampaignListPage,
  notificationCampaignCreate: async () => (await import('./pages/campaign-create-page')).CampaignCreatePage,
  notificationCampaignShow: async () => (await import('./pages/campaign-show-page')).CampaignShowPage,
  notificationCampaignEdit: async () => (await import('./pages/campaign-edit-page')).CampaignEditPage,
  notificationCampaignDelete: async () => (await import('./pages/campaign-delete-page')).CampaignDeletePage,
  notificationUpload: async () => (await import('./pages/upload-page')).UploadPage,
  notificationBatchList: async () => (await import('./pages/batch-list-page')).BatchListPage,
  notificationBatchDetail: async () => (await import('./pages/batch-detail-page')).BatchDetailPage,
  notificationBatchErrors: async () => (await import('./pages/batch-error-input-page')).BatchErrorInputPage,
  notificationBatchInput: async () => (await import('./pages/batch-input-page')).BatchInputPage,
  notificationAttempts: async () => (await import('./pages/attempts-page')).AttemptsPage,
  notificationChannelCampaigns: async () => {
    // A channel area has no show page (spec §2): its list shows one campaign when given its id.
    const [{ CampaignListPage }, { CampaignShowPage }] = await Promise.all([
      import('./pages/campaign-list-page'),
      import('./pages/campaign-show-page'),
    ]);
    return function ChannelCampaignsScreen() {
      return createElement(useSearchParams()[0].get('campaignId') ? CampaignShowPage : CampaignListPage);
    };
  },
  notificationRetryPlans: async () => (await import('./pages/retry-plans-page')).RetryPlansPage,
  notificationWindows: async () => (await import('./pages/windows-page')).WindowsPage,
  notificationParamTranslator: async () =>
    (await import('./pages/param-translator-page')).ParamTranslatorPage,
  notificationCampaignRequests: async () =>
    (await import('./pages/campaign-requests-page')).CampaignRequestsPage,
} satisfies Record<string, () => Promise<ComponentType>>;

export type NotificationScreen = keyof typeof NOTIFICATION_SCREENS;
