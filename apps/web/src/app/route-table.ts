/**
 * The route map of spec §2: every screen of the portal, in one table. The router, the navigation, the
 * document title and the browser journeys are all generated from it; access rules live in
 * `@sapa/contracts` (`guardRoute`) and are looked up by path.
 */

/** Which screen a route shows. Screens later issues build show the "not available yet" page. */
export type ScreenKind =
  | 'notAvailable'
  | 'dashboard'
  | 'subscription'
  | 'notFound'
  | 'serverError'
  | 'apiCallTest'
  | 'profile'
  | 'clientList'
  | 'clientForm'
  | 'userList'
  | 'userCreate'
  | 'userDetail'
  | 'taskList'
  | 'taskDetail'
  | 'roles'
  | 'auditTrail'
  | 'activityLogs'
  | 'checkerMaker'
  | 'mailOutbox'
  | 'csChatHistory'
  | 'csAgents'
  | 'csSupervisors'
  | 'csInternalUsers'
  | 'csCustomers'
  | 'csTags'
  | 'csConfig'
  | 'autoClose'
  | 'chatTemplates'
  | 'chatbots'
  | 'chatbotProvider'
  | 'roomCategories'
  | 'csAvailability'
  | 'autoReply'
  | 'routingStrategies'
  | 'maintenance'
  | 'csProvider'
  | 'csDashboard'
  | 'csExports'
  | 'chat'
  | 'chatQueue'
  | 'otpDashboard'
  | 'otpDetails'
  | 'sendOtp'
  | 'otpVerification'
  | 'verifyDemo'
  | 'validationSelfService'
  | 'validationHistory'
  | 'notificationDashboard'
  | 'notificationCampaignList'
  | 'notificationCampaignCreate'
  | 'notificationCampaignShow'
  | 'notificationCampaignEdit'
  | 'notificationCampaignDelete'
  | 'notificationUpload'
  | 'notificationBatchList'
  | 'notificationBatchDetail'
  | 'notificationBatchErrors'
  | 'notificationBatchInput'
  | 'notificationAttempts'
  | 'notificationChannelCampaigns'
  | 'notificationRetryPlans'
  | 'notificationWindows'
  | 'notificationParamTranslator'
  | 'notificationCampaignRequests'
  | 'channelProviders'
  | 'channelProviderRequests'
  | 'channelSelfServiceSend'
  | 'channelSelfServiceHistory'
  | 'channelStatusMessages'
  | 'channelStatusMessagesExport'
  | 'channelBlacklist'
  | 'channelDashboard'
  | 'notificationCampaignsDashboard'
  | 'internalDashboard'
  | 'selfServicePage'
  | 'tickets'
  | 'callCenterDashboard'
  | 'callCenterTicket'
  | 'chatGroup'
  | 'reportQuery'
  | 'reportDownload'
  | 'reportPage'
  | 'reportNotificationHistory'
  | 'voiceHistory'
  | 'scenarioDiagram'
  | 'whatsappTemplateList'
  | 'whatsappPhoneNumbers'
  | 'campaignPdfs'
  | 'pdfScriptEditor'
  | 'whatsappTemplateCreate'
  | 'channelResources'
  | 'analyticsList'
  | 'analyticsMetabase'
  | 'analyticsEmailPulse'
  /** Redirect-only paths (bare `/dashboard`, `/config`): the guard always sends the user on. */
  | 'redirect';

export type RouteEntry = {
  /** Absolute path pattern, react-router syntax. */
  path: string;
  /** Navigation group and the first half of the route name: `areas.<area>`. */
  area: string;
  /** The second half of the route name: `pages.<page>`; `index` names the area alone. */
  page: string;
  screen: ScreenKind;
  /** Listed in the navigation (pages with parameters and detail actions are reached from their lists). */
  nav: boolean;
  /** A concrete path for routes with parameters (journeys, screenshots). */
  sample?: string;
};

type Spec = [path: string, page: string, options?: { screen?: ScreenKind; nav?: boolean; sample?: string }];

function area(name: string, specs: Spec[]): RouteEntry[] {
  return specs.map(([path, page, options = {}]) => ({
    path,
    area: name,
    page,
    screen: options.screen ?? 'notAvailable',
    nav: options.nav ?? (!path.includes(':') && options.screen !== 'redirect'),
    ...(options.sample ? { sample: options.sample } : {}),
  }));
}

/** The pages every outbound channel has (spec §2 "Channel areas"). */
function channel(name: 'whatsapp' | 'voice' | 'sms' | 'telegram' | 'email', extra: Spec[]): RouteEntry[] {
  const base = `/${name}`;
  return area(name, [
    [`${base}/self-service/send`, 'selfServiceSend', { screen: 'channelSelfServiceSend' }],
    [
      `${base}/self-service/history-self-service`,
      'selfServiceHistory',
      { screen: 'channelSelfServiceHistory' },
    ],
    // The campaign pages are the `/notification` screens, showing the area's channel (decision 0040).
    [`${base}/campaign/list`, 'campaignList', { screen: 'notificationChannelCampaigns' }],
    [`${base}/campaign/create`, 'campaignCreate', { screen: 'notificationCampaignCreate', nav: false }],
    [`${base}/campaign/edit`, 'campaignEdit', { screen: 'notificationCampaignEdit', nav: false }],
    [`${base}/campaign/collection-reminder`, 'collectionReminder', { screen: 'notificationCampaignList' }],
    [
      `${base}/campaign/campaign-batch-detail`,
      'campaignBatchDetail',
      { screen: 'notificationBatchDetail', nav: false },
    ],
    [`${base}/campaign/campaign-attempt`, 'campaignAttempt', { screen: 'notificationAttempts', nav: false }],
    [`${base}/campaign/campaign-request`, 'campaignRequest', { screen: 'notificationCampaignRequests' }],
    [`${base}/campaign/retry-plan`, 'retryPlan', { screen: 'notificationRetryPlans' }],
    [`${base}/campaign/retry-strategy`, 'retryStrategy', { screen: 'notificationRetryPlans' }],
    [`${base}/campaign/window`, 'callWindow', { screen: 'notificationWindows' }],
    [`${base}/campaign/param-translator`, 'paramTranslator', { screen: 'notificationParamTranslator' }],
    [`${base}/status-messages`, 'statusMessages', { screen: 'channelStatusMessages' }],
    [
      `${base}/status-messages/export`,
      'statusMessagesExport',
      { screen: 'channelStatusMessagesExport', nav: false },
    ],
    [`${base}/configuration/edit-request`, 'configurationEditRequest', { screen: 'channelProviderRequests' }],
    [`${base}/configuration/provider`, 'configurationProvider', { screen: 'channelProviders' }],
    [`${base}/blacklist`, 'blacklist', { screen: 'channelBlacklist' }],
    [`${base}/manage`, 'checkerMakerUsers', { screen: 'checkerMaker' }],
    ...extra,
  ]);
}

export const ROUTE_TABLE: readonly RouteEntry[] = [
  ...area('dashboard', [
    ['/dashboard', 'index', { screen: 'redirect' }],
    ['/dashboard/voice', 'dashboardVoice', { screen: 'channelDashboard' }],
    ['/dashboard/email', 'dashboardEmail', { screen: 'channelDashboard' }],
    ['/dashboard/sms', 'dashboardSms', { screen: 'channelDashboard' }],
    ['/dashboard/otp', 'dashboardOtp', { screen: 'otpDashboard' }],
    ['/dashboard/whatsapp', 'dashboardWhatsapp', { screen: 'channelDashboard' }],
    ['/dashboard/customer-service', 'dashboardCustomerService', { screen: 'csDashboard' }],
    ['/dashboard/internal', 'dashboardInternal', { screen: 'internalDashboard' }],
    [
      '/dashboard-notification/notification',
      'dashboardNotification',
      { screen: 'notificationCampaignsDashboard' },
    ],
  ]),
  ...area('notification', [
    ['/notification/dashboard', 'notificationDashboard', { screen: 'notificationDashboard' }],
    ['/notification/upload', 'upload', { screen: 'notificationUpload' }],
    ['/notification/campaign', 'campaignList', { screen: 'notificationCampaignList' }],
    ['/notification/campaign/create', 'campaignCreate', { screen: 'notificationCampaignCreate', nav: false }],
    ['/notification/campaign/show', 'campaignShow', { screen: 'notificationCampaignShow', nav: false }],
    ['/notification/campaign/edit', 'campaignEdit', { screen: 'notificationCampaignEdit', nav: false }],
    ['/notification/campaign/delete', 'campaignDelete', { screen: 'notificationCampaignDelete', nav: false }],
    [
      '/notification/message/batch/:appType?/:date?',
      'messageBatch',
      { screen: 'notificationBatchList', nav: true, sample: '/notification/message/batch' },
    ],
    ['/notification/batchErrorInput', 'batchErrorInput', { screen: 'notificationBatchErrors' }],
    ['/notification/batchInput', 'batchInput', { screen: 'notificationBatchInput' }],
    [
      '/notification/batchInput/attempts',
      'batchInputAttempts',
      { screen: 'notificationAttempts', nav: false },
    ],
    ['/notification/self-service', 'selfService', { screen: 'selfServicePage' }],
    ['/notification/collection-reminder', 'collectionReminder', { screen: 'notificationCampaignList' }],
    [
      '/notification/campaign-batch-detail',
      'campaignBatchDetail',
      { screen: 'notificationBatchDetail', nav: false },
    ],
    ['/notification/campaign-attempt', 'campaignAttempt', { screen: 'notificationAttempts', nav: false }],
  ]),
  ...channel('whatsapp', [
    ['/whatsapp/auto-reply', 'autoReply', { screen: 'autoReply' }],
    // Decision 0051: the numbers as Meta describes them, and the provider page of the WhatsApp area.
    ['/whatsapp/phoneNumber', 'phoneNumber', { screen: 'whatsappPhoneNumbers' }],
    ['/whatsapp/provider', 'provider', { screen: 'channelProviders' }],
    ['/whatsapp/template', 'template', { screen: 'whatsappTemplateList' }],
    ['/whatsapp/createtemplate', 'createTemplate', { screen: 'whatsappTemplateCreate', nav: false }],
    ['/whatsapp/pdf', 'pdf', { screen: 'campaignPdfs' }],
    ['/whatsapp/resources', 'resources', { screen: 'channelResources' }],
  ]),
  ...channel('voice', [
    ['/voice/voiceHistory', 'voiceHistory', { screen: 'voiceHistory' }],
    // Not in spec §2: where voice campaigns' recordings are uploaded (spec §7 "voice recordings"; decision 0045).
    ['/voice/resources', 'resources', { screen: 'channelResources' }],
  ]),
  ...channel('sms', [
    ['/sms/pdf', 'pdf', { screen: 'campaignPdfs' }],
    ['/sms/resources', 'resources', { screen: 'channelResources' }],
  ]),
  ...channel('telegram', []),
  ...channel('email', [
    ['/email/pdf', 'pdf', { screen: 'campaignPdfs' }],
    ['/email/resources', 'resources', { screen: 'channelResources' }],
    [
      '/email/pdf-script/:campaignCode',
      'pdfScript',
      { screen: 'pdfScriptEditor', sample: '/email/pdf-script/DEMO-EMAIL-STATEMENT' },
    ],
  ]),
  ...area('carrierWA', [['/carrierWA/chatAPI', 'chatApi']]),
  ...area('otp', [
    ['/otp/dashboard', 'otpDashboard', { screen: 'otpDashboard' }],
    ['/otp/otpDetails', 'otpDetails', { screen: 'otpDetails' }],
    ['/otp/sendOTP', 'sendOtp', { screen: 'sendOtp' }],
    ['/otp/otpVerification', 'otpVerification', { screen: 'otpVerification' }],
  ]),
  ...area('verify', [
    ['/verify/dashboard', 'verifyDashboard', { screen: 'otpDashboard' }],
    ['/verify/details', 'verifyDetails', { screen: 'otpDetails' }],
    ['/verify/demo', 'verifyDemo', { screen: 'verifyDemo' }],
  ]),
  ...area('customerService', [
    ['/customerService/chat', 'chat', { screen: 'chat' }],
    ['/customerService/chat/queue', 'chatQueue', { screen: 'chatQueue' }],
    ['/customerService/chatGroup', 'chatGroup', { screen: 'chatGroup' }],
    ['/customerService/dashboard', 'csDashboard', { screen: 'csDashboard' }],
    ['/customerService/chatHistory', 'chatHistory', { screen: 'csChatHistory' }],
    ['/customerService/manage', 'manageAgents', { screen: 'csAgents' }],
    ['/customerService/manage/supervisor', 'manageSupervisors', { screen: 'csSupervisors' }],
    ['/customerService/manage/internal-user', 'manageInternalUsers', { screen: 'csInternalUsers' }],
  ]),
  ...area('customers', [
    ['/customers', 'customerList', { screen: 'csCustomers' }],
    ['/exports', 'exports', { screen: 'csExports' }],
    ['/tag', 'tags', { screen: 'csTags' }],
  ]),
  ...area('config', [
    ['/config', 'index', { screen: 'redirect' }],
    ['/config/CS', 'csConfig', { screen: 'csConfig' }],
    ['/config/CSAvailability', 'csAvailability', { screen: 'csAvailability' }],
    ['/config/AutoClose', 'autoClose', { screen: 'autoClose' }],
    ['/config/AutoReply', 'autoReply', { screen: 'autoReply' }],
    ['/config/chatTemplate', 'chatTemplate', { screen: 'chatTemplates' }],
    ['/config/roomCategory', 'roomCategory', { screen: 'roomCategories' }],
    ['/config/chatbot', 'chatbot', { screen: 'chatbots' }],
    [
      '/config/ChatBotProvider/:provider/:name',
      'chatbotProvider',
      { screen: 'chatbotProvider', sample: '/config/ChatBotProvider/kata/demo-bot' },
    ],
    ['/config/provider', 'provider', { screen: 'csProvider' }],
    ['/config/strategies', 'strategies', { screen: 'routingStrategies' }],
    ['/config/maintenance', 'maintenance', { screen: 'maintenance' }],
  ]),
  ...area('catalogues', [
    ['/catalogues/pages', 'cataloguePages'],
    ['/catalogues/categories', 'categories'],
    ['/catalogues/items', 'items'],
    ['/catalogues/payments', 'payments'],
    ['/catalogues/orders', 'orders'],
    ['/catalogues/reports', 'reports'],
    ['/catalogues/configuration/edit', 'configurationEdit'],
    ['/catalogues/configuration/provider', 'configurationProvider'],
    ['/catalogues/store', 'store'],
    ['/catalogues/voucher', 'vouchers'],
  ]),
  ...area('fbCatalog', [
    ['/fb-catalog/items', 'items'],
    ['/fb-catalog/templates', 'templates'],
  ]),
  ...area('validations', [
    ['/validations/self-service', 'selfService', { screen: 'validationSelfService' }],
    ['/validations/history', 'history', { screen: 'validationHistory' }],
  ]),
  ...area('report', [
    ['/report', 'index', { screen: 'reportQuery' }],
    ['/report/download', 'download', { screen: 'reportDownload' }],
    ['/report/reportPage', 'reportPage', { screen: 'reportPage' }],
    ['/report/query', 'query', { screen: 'reportQuery' }],
    ['/report/notificationHistory', 'notificationHistory', { screen: 'reportNotificationHistory' }],
  ]),
  ...area('analytics', [
    ['/analytics/list', 'analyticsList', { screen: 'analyticsList' }],
    ['/analytics/metabase', 'metabase', { screen: 'analyticsMetabase' }],
    ['/analytics/email-pulse', 'emailPulse', { screen: 'analyticsEmailPulse' }],
  ]),
  ...area('metrics', [
    ['/metrics/page', 'pageMetrics'],
    ['/metrics/visited-page', 'visitedPages'],
    ['/metrics/api', 'apiMetrics'],
  ]),
  ...area('users', [
    ['/users', 'userList', { screen: 'userList' }],
    ['/users/user', 'userCreate', { screen: 'userCreate', nav: false }],
    [
      '/users/user/:userId',
      'userEdit',
      { screen: 'userDetail', sample: '/users/user/0190a000-0000-7000-8000-000000000001' },
    ],
    // Not in spec §2: the maker-checker inbox of spec §4 "Approval tasks" (guard: the users area's).
    ['/users/tasks', 'userTasks', { screen: 'taskList' }],
    [
      '/users/tasks/:taskId',
      'userTask',
      { screen: 'taskDetail', sample: '/users/tasks/0190a000-0000-7000-8000-000000000003' },
    ],
    // Roles and rights (SAD edits, the other admins read) and the audit trail (SAD, ADC, ADB).
    ['/users/roles', 'userRoles', { screen: 'roles' }],
    ['/users/audit-trail', 'auditTrail', { screen: 'auditTrail' }],
  ]),
  ...area('clients', [
    ['/clients', 'clientList', { screen: 'clientList' }],
    ['/clients/client', 'clientCreate', { screen: 'clientForm', nav: false }],
    [
      '/clients/client/:clientId',
      'clientEdit',
      { screen: 'clientForm', sample: '/clients/client/0190a000-0000-7000-8000-000000000002' },
    ],
  ]),
  ...area('billing', [
    ['/billing', 'index'],
    ['/packagas', 'packages'],
    ['/subscription', 'subscription', { screen: 'subscription' }],
  ]),
  ...area('operations', [
    ['/self-service', 'selfServicePage', { screen: 'selfServicePage' }],
    ['/tickets', 'tickets', { screen: 'tickets' }],
    ['/call-center/dashboard', 'callCenterDashboard', { screen: 'callCenterDashboard' }],
    [
      '/call-center/ticket/:id',
      'callCenterTicket',
      { screen: 'callCenterTicket', sample: '/call-center/ticket/0190a000-0000-7000-8000-000000000004' },
    ],
    [
      '/scenario-diagram/:campaignCode',
      'scenarioDiagram',
      { screen: 'scenarioDiagram', sample: '/scenario-diagram/DEMO-SMS-PROMO' },
    ],
    ['/logs', 'logs', { screen: 'activityLogs' }],
    ['/embedded-signup', 'embeddedSignup'],
    ['/geo-location', 'geoLocation'],
    ['/fbmanager', 'fbManager'],
    ['/health-check/logs', 'healthCheckLogs'],
    ['/health-check/etl', 'etl'],
    ['/health-check/glue/job-runs', 'glueJobRuns'],
    ['/health-check/dedicated/job-runs', 'dedicatedJobRuns'],
  ]),
  ...area('documents', [
    ['/documents/guide', 'guide'],
    ['/documents/faq', 'faq'],
  ]),
  ...area('settings', [
    ['/settings/editProfile', 'editProfile', { screen: 'profile' }],
    // Not in spec §2: the sandbox mail outbox of embedded mode (SAD), where a reset email can be read.
    ['/settings/mailOutbox', 'mailOutbox', { screen: 'mailOutbox' }],
  ]),
  ...area('system', [
    ['/pages/404', 'notFound', { screen: 'notFound', nav: false }],
    ['/pages/500', 'serverError', { screen: 'serverError', nav: false }],
    ['/pages/apiCallTest', 'apiCallTest', { screen: 'apiCallTest', nav: false }],
    [
      '/pages/apiCallTest/:scenario',
      'apiCallTestScenario',
      { screen: 'apiCallTest', sample: '/pages/apiCallTest/error' },
    ],
  ]),
];

/** Navigation sections, in order, and the areas each one groups. */
export const NAV_SECTIONS: ReadonlyArray<{ key: string; areas: readonly string[] }> = [
  { key: 'overview', areas: ['dashboard'] },
  { key: 'messaging', areas: ['notification', 'whatsapp', 'sms', 'email', 'voice', 'telegram', 'carrierWA'] },
  { key: 'otpVerify', areas: ['otp', 'verify', 'validations'] },
  { key: 'customerService', areas: ['customerService', 'customers', 'config'] },
  { key: 'commerce', areas: ['catalogues', 'fbCatalog'] },
  { key: 'insights', areas: ['report', 'analytics', 'metrics'] },
  { key: 'administration', areas: ['users', 'clients', 'billing', 'documents', 'settings'] },
  { key: 'operations', areas: ['operations'] },
];

/** The concrete path to open a route with (its sample when it has parameters). */
export function openPathOf(entry: RouteEntry): string {
  return entry.sample ?? entry.path;
}
