import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import id from '../locales/id.json';
import { findRouteEntry } from './route-lookup';
import { NAV_SECTIONS, openPathOf, ROUTE_TABLE } from './route-table';

const CHANNEL_PAGES = [
  'self-service/send',
  'self-service/history-self-service',
  'campaign/list',
  'campaign/collection-reminder',
  'campaign/campaign-batch-detail',
  'campaign/campaign-attempt',
  'campaign/campaign-request',
  'campaign/retry-plan',
  'campaign/retry-strategy',
  'campaign/window',
  'campaign/param-translator',
  'campaign/create',
  'campaign/edit',
  'status-messages',
  'status-messages/export',
  'configuration/edit-request',
  'configuration/provider',
  'blacklist',
  'manage',
];

/** Every screen path named in spec §2, with a sample for each parameter. */
const SPEC_PATHS = [
  '/dashboard',
  ...['voice', 'email', 'sms', 'otp', 'whatsapp', 'customer-service', 'internal'].map(
    (d) => `/dashboard/${d}`,
  ),
  '/dashboard-notification/notification',
  ...[
    'dashboard',
    'upload',
    'campaign',
    'campaign/create',
    'campaign/show',
    'campaign/edit',
    'campaign/delete',
    'message/batch',
    'message/batch/SMS',
    'message/batch/SMS/2026-01-31',
    'batchErrorInput',
    'batchInput',
    'batchInput/attempts',
    'self-service',
    'collection-reminder',
    'campaign-batch-detail',
    'campaign-attempt',
  ].map((page) => `/notification/${page}`),
  ...['whatsapp', 'voice', 'sms', 'telegram', 'email'].flatMap((channel) =>
    CHANNEL_PAGES.map((page) => `/${channel}/${page}`),
  ),
  ...['auto-reply', 'phoneNumber', 'provider', 'template', 'createtemplate', 'pdf', 'resources'].map(
    (page) => `/whatsapp/${page}`,
  ),
  '/voice/voiceHistory',
  '/sms/pdf',
  '/sms/resources',
  '/email/pdf',
  '/email/resources',
  '/email/pdf-script/C-1',
  '/carrierWA/chatAPI',
  ...['dashboard', 'otpDetails', 'sendOTP', 'otpVerification'].map((page) => `/otp/${page}`),
  ...['dashboard', 'details', 'demo'].map((page) => `/verify/${page}`),
  ...[
    'chat',
    'chat/queue',
    'chatGroup',
    'dashboard',
    'chatHistory',
    'manage',
    'manage/supervisor',
    'manage/internal-user',
  ].map((page) => `/customerService/${page}`),
  '/billing',
  '/customers',
  '/exports',
  '/tag',
  '/fb-catalog/items',
  '/fb-catalog/templates',
  '/config',
  ...[
    'CS',
    'CSAvailability',
    'AutoClose',
    'AutoReply',
    'chatTemplate',
    'roomCategory',
    'chatbot',
    'ChatBotProvider/kata/bot-1',
    'provider',
    'strategies',
    'maintenance',
  ].map((page) => `/config/${page}`),
  ...[
    'pages',
    'categories',
    'items',
    'payments',
    'orders',
    'reports',
    'configuration/edit',
    'configuration/provider',
    'store',
    'voucher',
  ].map((page) => `/catalogues/${page}`),
  '/validations/self-service',
  '/validations/history',
  '/geo-location',
  '/fbmanager',
  ...['logs', 'etl', 'glue/job-runs', 'dedicated/job-runs'].map((page) => `/health-check/${page}`),
  '/report',
  ...['download', 'reportPage', 'query', 'notificationHistory'].map((page) => `/report/${page}`),
  ...['list', 'metabase', 'email-pulse'].map((page) => `/analytics/${page}`),
  '/users',
  '/users/user',
  '/users/user/u-1',
  '/clients',
  '/clients/client',
  '/clients/client/c-1',
  '/packagas',
  '/self-service',
  '/tickets',
  '/subscription',
  '/call-center/dashboard',
  '/call-center/ticket/7',
  '/scenario-diagram/C-1',
  '/logs',
  '/embedded-signup',
  ...['page', 'visited-page', 'api'].map((page) => `/metrics/${page}`),
  '/documents/guide',
  '/documents/faq',
  '/settings/editProfile',
  '/pages/404',
  '/pages/500',
  '/pages/apiCallTest',
  '/pages/apiCallTest/success',
];

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string) =>
  key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );

describe('route table', () => {
  it.each(SPEC_PATHS)('has a screen for %s', (path) => {
    expect(findRouteEntry(path), path).toBeDefined();
  });

  it('names no path twice', () => {
    const paths = ROUTE_TABLE.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('opens every sample path on its own route', () => {
    for (const entry of ROUTE_TABLE) expect(findRouteEntry(openPathOf(entry))).toBe(entry);
  });

  it('names every area and page in English and Indonesian', () => {
    for (const entry of ROUTE_TABLE) {
      for (const key of [`areas.${entry.area}`, `pages.${entry.page}`]) {
        expect(typeof lookup(en as Tree, key), key).toBe('string');
        expect(typeof lookup(id as Tree, key), key).toBe('string');
      }
    }
    for (const section of NAV_SECTIONS)
      expect(typeof lookup(en as Tree, `nav.sections.${section.key}`)).toBe('string');
  });

  it('places every area shown in the navigation in a section', () => {
    const placed = new Set(NAV_SECTIONS.flatMap((section) => section.areas));
    const listed = new Set(ROUTE_TABLE.filter((entry) => entry.nav).map((entry) => entry.area));
    expect([...listed].filter((area) => !placed.has(area))).toEqual([]);
  });
});
