import type { AdminClient, User } from '@sapa/contracts';

/** A client as `/api/clients` answers it; override what a test cares about. */
export function buildAdminClient(overrides: Partial<AdminClient> = {}): AdminClient {
  return {
    clientId: 'client-1',
    clientName: 'Demo Client',
    abbreviatedClientName: null,
    clientBizType: null,
    clientAddress: null,
    clientPhoneNumber: null,
    clientMobileNumber: null,
    timezone: 'Asia/Jakarta',
    countryCode: 'ID',
    countryPhone: '62',
    logTypes: '[]',
    chatbotDashboard: false,
    mainFeature: null,
    features: [],
    status: 'active',
    approvalRequired: false,
    createdAt: '2026-11-23T06:00:00.000Z',
    updatedAt: '2026-11-23T06:00:00.000Z',
    ...overrides,
  };
}

/** A user as `/api/users` answers it. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    userId: 'user-2',
    clientId: 'client-1',
    name: 'Sari',
    email: 'sari@demo.test',
    role: 'USC',
    chatRole: null,
    csId: null,
    status: 'active',
    mfaEnabled: false,
    lastLoginAt: null,
    createdAt: '2026-11-23T06:00:00.000Z',
    ...overrides,
  };
}

/** One page of a list answer. */
export const pageBody = <T>(items: T[]) => ({ pageSize: 10, pageNumber: 0, total: items.length, items });
