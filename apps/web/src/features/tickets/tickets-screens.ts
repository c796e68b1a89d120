import type { ComponentType } from 'react';

/** The ticket screens (/tickets, /call-center), each its own chunk, reached through this one module. */
export const TICKET_SCREENS = {
  tickets: async () => (await import('./pages/ticket-list-page')).TicketListPage,
  callCenterDashboard: async () =>
    (await import('./pages/call-center-dashboard-page')).CallCenterDashboardPage,
  callCenterTicket: async () => (await import('./pages/ticket-detail-page')).TicketDetailPage,
} satisfies Record<string, () => Promise<ComponentType>>;

export type TicketScreen = keyof typeof TICKET_SCREENS;
