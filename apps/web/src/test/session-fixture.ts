import type { Session } from '@sapa/contracts';

/** A complete session of the contracts' shape; override what a test cares about. */
export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    userId: 'user-1',
    name: 'Ayu Lestari',
    email: 'adc@demo.test',
    role: 'ADC',
    token: 'access-1',
    refreshToken: 'refresh-1',
    expiryTime: Date.now() + 15 * 60_000,
    sessionExpiryTime: Date.now() + 24 * 60 * 60_000,
    integrityKey: 'integrity-key-1',
    features: ['OTP', 'CS', 'WHATSAPP'],
    clientId: 'client-1',
    clientIds: ['client-1'],
    mainFeature: 'CS',
    chatRole: null,
    csId: null,
    clientInfo: {
      clientId: 'client-1',
      clientName: 'Demo Client',
      abbreviatedClientName: 'DEMO',
      clientBizType: null,
      clientAddress: null,
      clientPhoneNumber: null,
      clientMobileNumber: null,
      timezone: 'Asia/Jakarta',
      countryCode: 'ID',
      countryPhone: '62',
      logTypes: '["LOGIN"]',
      chatbotDashboard: false,
      mainFeature: 'CS',
      features: ['OTP', 'CS', 'WHATSAPP'],
      status: 'active',
    },
    status: 'offline',
    package: null,
    ...overrides,
  };
}
