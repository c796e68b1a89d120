import { Stack } from '@mantine/core';
import { CS_SUPERVISOR_ROLES, hasRoleIn } from '@sapa/contracts/access';
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import type { AnalyticsScreen } from '../features/analytics/analytics-screens';
import type { NotificationScreen } from '../features/notification/notification-screens';
import type { ReportScreen } from '../features/report/report-screens';
import type { TicketScreen } from '../features/tickets/tickets-screens';
import type { WhatsappTemplateScreen } from '../features/whatsapp-templates/whatsapp-templates-screens';
import { useSessionStore } from '../lib/session';
import { loginPageLoader, routeGuardLoader, unknownRouteLoader } from './guards/route-guard';
import { requireSessionLoader } from './guards/session-guards';
import { RootLayout, type RouteHandle } from './root-layout';
import { RouteError } from './route-error';
import { ROUTE_TABLE, type RouteEntry, type ScreenKind } from './route-table';
import { useRouteEntry } from './use-route-entry';

type LazyScreen = NonNullable<RouteObject['lazy']>;

/**
 * The page of a screen a later release builds, told which route entry it stands for, with links to
 * what the user can use now; as someone's landing page it welcomes them first.
 */
async function plannedScreen() {
  const { NotAvailablePage } = await import('../features/system/pages/not-available-page');
  const { StartHere, UsableNow, useIsLanding } = await import('./layouts/start-here');
  return function PlannedScreen() {
    const entry = useRouteEntry();
    const landing = useIsLanding(entry?.path);
    if (landing)
      return (
        <StartHere>
          <NotAvailablePage entry={entry} headingOrder={2} />
        </StartHere>
      );
    return (
      <Stack gap="md" maw={720}>
        <NotAvailablePage entry={entry} />
        <UsableNow />
      </Stack>
    );
  };
}

/** A `/notification` screen, through the area's one lazy module (its screens are chunks of their own). */
function notificationScreen(name: NotificationScreen): LazyScreen {
  return async () => ({
    Component: await (await import('../features/notification/notification-screens')).NOTIFICATION_SCREENS[
      name
    ](),
  });
}

/** A ticket screen, through the tickets' one lazy module (each screen a chunk of its own). */
function ticketScreen(name: TicketScreen): LazyScreen {
  return async () => ({
    Component: await (await import('../features/tickets/tickets-screens')).TICKET_SCREENS[name](),
  });
}

/** A report screen (reports, voice history, scenario diagram), through the reports' one lazy module. */
function reportScreen(name: ReportScreen): LazyScreen {
  return async () => ({
    Component: await (await import('../features/report/report-screens')).REPORT_SCREENS[name](),
  });
}

/** A WhatsApp template screen, through the feature's one lazy module. */
function whatsappTemplateScreen(name: WhatsappTemplateScreen): LazyScreen {
  return async () => ({
    Component: await (
      await import('../features/whatsapp-templates/whatsapp-templates-screens')
    ).WHATSAPP_TEMPLATE_SCREENS[name](),
  });
}

/** An `/analytics` screen, through the area's one lazy module. */
function analyticsScreen(name: AnalyticsScreen): LazyScreen {
  return async () => ({
    Component: await (await import('../features/analytics/analytics-screens')).ANALYTICS_SCREENS[name](),
  });
}

/** Each kind of screen is its own chunk, loaded the first time one of its routes opens (or is preloaded). */
const SCREENS: Record<Exclude<ScreenKind, 'redirect'>, LazyScreen> = {
  campaignPdfs: async () => ({
    Component: (await import('../features/campaign-pdfs/pages/campaign-pdfs-page')).CampaignPdfsPage,
  }),
  pdfScriptEditor: async () => ({
    Component: (await import('../features/campaign-pdfs/pages/pdf-script-page')).PdfScriptPage,
  }),
  notAvailable: async () => ({ Component: await plannedScreen() }),
  dashboard: async () => ({ Component: await plannedScreen() }),
  subscription: async () => ({
    Component: (await import('../features/subscription/pages/subscription-page')).SubscriptionPage,
  }),
  notFound: async () => ({
    Component: (await import('../features/system/pages/not-found-page')).NotFoundPage,
  }),
  serverError: async () => ({
    Component: (await import('../features/system/pages/server-error-page')).ServerErrorPage,
  }),
  apiCallTest: async () => ({
    Component: (await import('../features/system/pages/api-call-test-page')).ApiCallTestPage,
  }),
  profile: async () => ({ Component: (await import('../features/account/pages/profile-page')).ProfilePage }),
  mailOutbox: async () => ({
    Component: (await import('../features/account/pages/mail-outbox-page')).MailOutboxPage,
  }),
  clientList: async () => ({
    Component: (await import('../features/clients/pages/client-list-page')).ClientListPage,
  }),
  userList: async () => ({
    Component: (await import('../features/users/pages/user-list-page')).UserListPage,
  }),
  userCreate: async () => ({
    Component: (await import('../features/users/pages/user-create-page')).UserCreatePage,
  }),
  userDetail: async () => ({
    Component: (await import('../features/users/pages/user-detail-page')).UserDetailPage,
  }),
  checkerMaker: async () => ({
    Component: (await import('../features/approvals/pages/checker-maker-page')).CheckerMakerPage,
  }),
  taskList: async () => ({
    Component: (await import('../features/approvals/pages/task-list-page')).TaskListPage,
  }),
  taskDetail: async () => ({
    Component: (await import('../features/approvals/pages/task-detail-page')).TaskDetailPage,
  }),
  roles: async () => ({ Component: (await import('../features/roles/pages/roles-page')).RolesPage }),
  auditTrail: async () => ({
    Component: (await import('../features/audit/pages/audit-trail-page')).AuditTrailPage,
  }),
  activityLogs: async () => ({
    Component: (await import('../features/audit/pages/activity-logs-page')).ActivityLogsPage,
  }),
  csConfig: async () => ({
    Component: (await import('../features/cs-config/pages/cs-config-page')).CsConfigPage,
  }),
  autoClose: async () => ({
    Component: (await import('../features/cs-config/pages/auto-close-page')).AutoClosePage,
  }),
  chatTemplates: async () => ({
    Component: (await import('../features/cs-config/pages/chat-template-page')).ChatTemplatePage,
  }),
  chatbots: async () => ({
    Component: (await import('../features/chatbots/pages/chatbot-page')).ChatbotPage,
  }),
  chatbotProvider: async () => ({
    Component: (await import('../features/chatbots/pages/chatbot-provider-page')).ChatbotProviderPage,
  }),
  roomCategories: async () => ({
    Component: (await import('../features/cs-config/pages/room-category-page')).RoomCategoryPage,
  }),
  csAvailability: async () => ({
    Component: (await import('../features/cs-config/pages/cs-availability-page')).CsAvailabilityPage,
  }),
  autoReply: async () => ({
    Component: (await import('../features/cs-config/pages/auto-reply-page')).AutoReplyPage,
  }),
  routingStrategies: async () => ({
    Component: (await import('../features/cs-config/pages/strategies-page')).StrategiesPage,
  }),
  maintenance: async () => ({
    Component: (await import('../features/cs-config/pages/maintenance-page')).MaintenancePage,
  }),
  csProvider: async () => ({
    Component: (await import('../features/cs-config/pages/cs-provider-page')).CsProviderPage,
  }),
  csDashboard: async () => {
    const { CsDashboardPage } = await import('../features/cs-dashboard/pages/cs-dashboard-page');
    const { StartHere, useIsLanding } = await import('./layouts/start-here');
    // The CS dashboard's figures are the supervisors'; anyone else who lands here (a USP whose
    // client's main feature is CS) is welcomed first, with what they can use instead.
    return {
      Component: function CsDashboardScreen() {
        const role = useSessionStore((state) => state.session?.role);
        const landing = useIsLanding(useRouteEntry()?.path);
        if (landing && !hasRoleIn(CS_SUPERVISOR_ROLES, role)) return <StartHere />;
        return <CsDashboardPage />;
      },
    };
  },
  tickets: ticketScreen('tickets'),
  callCenterDashboard: ticketScreen('callCenterDashboard'),
  callCenterTicket: ticketScreen('callCenterTicket'),
  chatGroup: async () => ({
    Component: (await import('../features/chat-groups/pages/chat-group-page')).ChatGroupPage,
  }),
  csExports: async () => ({
    Component: (await import('../features/cs-exports/pages/exports-page')).ExportsPage,
  }),
  chat: async () => ({ Component: (await import('../features/chat/pages/chat-page')).ChatPage }),
  chatQueue: async () => ({
    Component: (await import('../features/chat/pages/chat-queue-page')).ChatQueuePage,
  }),
  clientForm: async () => ({
    Component: (await import('../features/clients/pages/client-form-page')).ClientFormPage,
  }),
  csChatHistory: async () => ({
    Component: (await import('../features/cs-admin/pages/chat-history-page')).ChatHistoryPage,
  }),
  csAgents: async () => ({
    Component: (await import('../features/cs-admin/pages/agents-page')).ManageAgentsPage,
  }),
  csSupervisors: async () => ({
    Component: (await import('../features/cs-admin/pages/agents-page')).ManageSupervisorsPage,
  }),
  csInternalUsers: async () => ({
    Component: (await import('../features/cs-admin/pages/agents-page')).ManageInternalUsersPage,
  }),
  csCustomers: async () => ({
    Component: (await import('../features/cs-admin/pages/customers-page')).CustomersPage,
  }),
  csTags: async () => ({ Component: (await import('../features/cs-admin/pages/tags-page')).TagsPage }),
  otpDashboard: async () => ({
    Component: (await import('../features/otp/pages/otp-dashboard-page')).OtpDashboardPage,
  }),
  otpDetails: async () => ({
    Component: (await import('../features/otp/pages/otp-details-page')).OtpDetailsPage,
  }),
  sendOtp: async () => ({ Component: (await import('../features/otp/pages/send-otp-page')).SendOtpPage }),
  otpVerification: async () => ({
    Component: (await import('../features/otp/pages/otp-verification-page')).OtpVerificationPage,
  }),
  verifyDemo: async () => ({
    Component: (await import('../features/otp/pages/verify-demo-page')).VerifyDemoPage,
  }),
  validationSelfService: async () => ({
    Component: (await import('../features/validations/pages/validation-self-service-page'))
      .ValidationSelfServicePage,
  }),
  validationHistory: async () => ({
    Component: (await import('../features/validations/pages/validation-history-page')).ValidationHistoryPage,
  }),
  notificationDashboard: notificationScreen('notificationDashboard'),
  notificationCampaignList: notificationScreen('notificationCampaignList'),
  notificationCampaignCreate: notificationScreen('notificationCampaignCreate'),
  notificationCampaignShow: notificationScreen('notificationCampaignShow'),
  notificationCampaignEdit: notificationScreen('notificationCampaignEdit'),
  notificationCampaignDelete: notificationScreen('notificationCampaignDelete'),
  notificationUpload: notificationScreen('notificationUpload'),
  notificationBatchList: notificationScreen('notificationBatchList'),
  notificationBatchDetail: notificationScreen('notificationBatchDetail'),
  notificationBatchErrors: notificationScreen('notificationBatchErrors'),
  notificationBatchInput: notificationScreen('notificationBatchInput'),
  notificationAttempts: notificationScreen('notificationAttempts'),
  notificationChannelCampaigns: notificationScreen('notificationChannelCampaigns'),
  notificationRetryPlans: notificationScreen('notificationRetryPlans'),
  notificationWindows: notificationScreen('notificationWindows'),
  notificationParamTranslator: notificationScreen('notificationParamTranslator'),
  notificationCampaignRequests: notificationScreen('notificationCampaignRequests'),
  channelProviders: async () => ({
    Component: (await import('../features/channel-campaigns/pages/providers-page')).ProvidersPage,
  }),
  channelProviderRequests: async () => ({
    Component: (await import('../features/channel-campaigns/pages/provider-requests-page'))
      .ProviderRequestsPage,
  }),
  whatsappTemplateList: whatsappTemplateScreen('whatsappTemplateList'),
  whatsappPhoneNumbers: async () => ({
    Component: (await import('../features/channel-campaigns/pages/whatsapp-numbers-page'))
      .WhatsAppNumbersPage,
  }),
  whatsappTemplateCreate: whatsappTemplateScreen('whatsappTemplateCreate'),
  channelResources: async () => ({
    Component: (await import('../features/resources/pages/resources-page')).ResourcesPage,
  }),
  channelSelfServiceSend: async () => ({
    Component: (await import('../features/channel-campaigns/pages/self-service-send-page'))
      .SelfServiceSendPage,
  }),
  channelSelfServiceHistory: async () => ({
    Component: (await import('../features/channel-campaigns/pages/self-service-history-page'))
      .SelfServiceHistoryPage,
  }),
  channelStatusMessages: async () => ({
    Component: (await import('../features/channel-campaigns/pages/status-messages-page')).StatusMessagesPage,
  }),
  channelStatusMessagesExport: async () => ({
    Component: (await import('../features/channel-campaigns/pages/status-messages-export-page'))
      .StatusMessagesExportPage,
  }),
  channelBlacklist: async () => ({
    Component: (await import('../features/channel-campaigns/pages/blacklist-page')).BlacklistPage,
  }),
  channelDashboard: async () => ({
    Component: (await import('../features/channel-campaigns/pages/channel-dashboard-page'))
      .ChannelDashboardPage,
  }),
  internalDashboard: async () => ({
    Component: (await import('../features/channel-campaigns/pages/internal-dashboard-page'))
      .InternalDashboardPage,
  }),
  notificationCampaignsDashboard: async () => ({
    Component: (await import('../features/channel-campaigns/pages/notification-dashboard-page'))
      .NotificationDashboardPage,
  }),
  reportQuery: reportScreen('reportQuery'),
  reportDownload: reportScreen('reportDownload'),
  reportPage: reportScreen('reportPage'),
  reportNotificationHistory: reportScreen('reportNotificationHistory'),
  voiceHistory: reportScreen('voiceHistory'),
  scenarioDiagram: reportScreen('scenarioDiagram'),
  analyticsList: analyticsScreen('analyticsList'),
  analyticsMetabase: analyticsScreen('analyticsMetabase'),
  analyticsEmailPulse: analyticsScreen('analyticsEmailPulse'),
  selfServicePage: async () => ({
    Component: (await import('../features/channel-campaigns/pages/self-service-hub-page')).SelfServiceHubPage,
  }),
};

function toRoute(entry: RouteEntry): RouteObject {
  return {
    path: entry.path.slice(1),
    loader: routeGuardLoader,
    handle: { entry } satisfies RouteHandle,
    ...(entry.screen === 'redirect' ? {} : { lazy: SCREENS[entry.screen] }),
  };
}

/** The route table of spec §2: the login page, every screen behind its guard, and the unknown-route catch. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: FullPageLoader,
    children: [
      {
        index: true,
        loader: loginPageLoader,
        handle: { titleKey: 'routes.login' } satisfies RouteHandle,
        lazy: async () => {
          const { LoginScreen } = await import('./login-screen');
          // Signing in preloads the landing screen through the same loaders the routes below use.
          return { Component: () => <LoginScreen screens={SCREENS} /> };
        },
      },
      // The customer-phone simulator of the sandbox WhatsApp provider: outside the login on purpose.
      ...['sandbox/whatsapp', 'sandbox/whatsapp/:phoneNumberId'].map(
        (path): RouteObject => ({
          path,
          handle: { titleKey: 'routes.sandboxPhone' } satisfies RouteHandle,
          lazy: async () => ({
            Component: (await import('../features/sandbox-phone/pages/sandbox-phone-page')).SandboxPhonePage,
          }),
        }),
      ),
      // Account recovery and SSO come before any session, so they stay outside the login too.
      {
        path: 'forgot-password',
        handle: { titleKey: 'routes.forgotPassword' } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/forgot-password-page')).ForgotPasswordPage,
        }),
      },
      {
        path: 'reset-password',
        handle: { titleKey: 'routes.resetPassword' } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: 'sso',
        handle: { titleKey: 'routes.sso' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/auth/pages/sso-page')).SsoPage }),
      },
      {
        id: 'authenticated',
        loader: requireSessionLoader,
        lazy: async () => ({ Component: (await import('./layouts/app-frame')).AppFrame }),
        children: ROUTE_TABLE.map(toRoute),
      },
      { path: '*', loader: unknownRouteLoader },
    ],
  },
];
