import type { ComponentType } from 'react';
import './analytics-i18n';

/** The /analytics screens, each its own chunk, reached through this one lazy module. */
export const ANALYTICS_SCREENS = {
  analyticsList: async () => (await import('./pages/analytics-list-page')).AnalyticsListPage,
  analyticsMetabase: async () => (await import('./pages/metabase-page')).MetabasePage,
  analyticsEmailPulse: async () => (await import('./pages/email-pulse-page')).EmailPulsePage,
} satisfies Record<string, () => Promise<ComponentType>>;

export type AnalyticsScreen = keyof typeof ANALYTICS_SCREENS;
