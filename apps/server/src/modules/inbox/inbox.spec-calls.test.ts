import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The committed document is the app's (platform/openapi.test.ts proves they are equal).
const document = JSON.parse(
  fs.readFileSync(fileURLToPath(new URL('../../../openapi.json', import.meta.url)), 'utf8'),
) as {
  paths: Record<string, Record<string, unknown>>;
};

/** Spec §7 "Customer-service platform", every method and path, relative to `/api/cs`. */
const SPEC_CALLS = `
GET /chatRoom
GET /chatRoom/bot
DELETE /chatRoom
PUT /chatRoom/bot
DELETE /chatRoom/bot
PUT /strategy/distribute
GET /chatRoom/info
GET /chatRoom/detail
POST /chatRoom/transfer
POST /chatRoom/bot/transfer
POST /chatRoom/transfer/by-tag
POST /chatRoom/bot/transfer/by-tag
POST /chatRoom/priority
POST /chatRoom/category
GET /chatRoom/history
POST /chatRoom/history
GET /chatRoom/history/export
POST /exportChatroomHistory
GET /exportChatroomHistory
GET /chatRoom/exportToCsv
POST /chatRoomInternal
GET /chatGroup
POST /chatGroup
PUT /chatGroup
PATCH /chatGroups
POST /chatGroups
GET /customers
GET /customers/byPhoneNumber
POST /customers
PUT /customers
GET /customers/tags
GET /customers/data/tags
GET /customers/data/message
GET /customers/exportToCsv
POST /customers/import
POST /customers/delete
GET /customers/phoneNumber
GET /exportCustomer
POST /exportCustomer
GET /tag/list
POST /tag/list
PUT /tag/list
POST /tag/list/insert
GET /subscriptions/me
POST /subscriptions
PUT /subscriptions
GET /customerService
GET /customerService/detail
POST /customerService
DELETE /customerService
GET /customerService/tags
GET /customerService/listCustomer
GET /customerService/me
GET /customerService/exportToCsv
GET /exportLogToXlsx
POST /customerService/import
GET /manager
PUT /manager
DELETE /manager
POST /manager/import
GET /internal-user
PUT /internal-user
DELETE /internal-user
POST /internal-user/import
GET /chat
GET /chat/internal
GET /chat/id
GET /chat/checkPoint
POST /chat
PUT /chat/markRead
GET /chat/last/customer
GET /image
GET /configuration
PUT /configuration
POST /configuration
PUT /configuration/defaultBot
GET /chatTemplate
PUT /chatTemplate
DELETE /chatTemplate
POST /chatTemplate/action
GET /chatbot
POST /chatbot
PUT /chatbot
DELETE /chatbot
GET /chatbot/action
POST /chatbot/action
DELETE /chatbot/action
GET /auto-reply
POST /auto-reply
GET /chatbot/validation
PUT /chatbot/validation
DELETE /chatbot/validation
GET /tickets
GET /cs-availability
POST /cs-availability
PUT /cs-availability
DELETE /cs-availability
GET /dashboard
GET /dashboard/analytics
PUT /dashboard/analytics
GET /dashboard/chatbotDashboard
GET /dashboard/realtime-status
GET /dashboard/daily-active-customer
GET /analytics
PUT /analytics
DELETE /analytics
GET /email-pulse
POST /email-pulse
PUT /email-pulse
PUT /email-pulse/change-status
`
  .trim()
  .split('\n')
  .map((line) => {
    const [method, path] = line.split(' ') as [string, string];
    return { method: method.toLowerCase(), path: `/api/cs${path}` };
  });

describe('spec §7 customer-service calls (issue 18)', () => {
  it('are all in the OpenAPI document under /api/cs, none missing', () => {
    const missing = SPEC_CALLS.filter(({ method, path }) => !document.paths[path]?.[method]).map(
      ({ method, path }) => `${method.toUpperCase()} ${path}`,
    );
    expect(missing).toEqual([]);
    expect(SPEC_CALLS.length).toBeGreaterThan(100);
  });
});
