import {
  ALL_FEATURES_MASK,
  type ChatRole,
  featureMaskFromFlags,
  LOG_TYPES,
  ROLE_CODES,
  type RoleCode,
} from '@sapa/contracts';
import { newId } from '../../lib/ids.js';
import type { AuditActor } from '../../platform/audit/index.js';
import type { Database } from '../../platform/database.js';
import type { Keys } from '../../platform/secrets.js';
import { seedCampaignDemo } from '../campaigns/index.js';
import { getClient, insertClient } from '../clients/index.js';
import { hashPassword, insertUser, unsafeFindUserByEmail } from '../identity/index.js';
import { seedInboxDemo } from '../inbox/index.js';
import { insertWhatsappChannel } from '../messaging/index.js';

export const DEMO_PASSWORD = 'Demo#2026';

/** The Demo Client's WhatsApp number on the sandbox provider: real-format webhooks can be posted to it. */
export const DEMO_WHATSAPP = {
  provider: 'sandbox',
  phoneNumberId: '100000000000001',
  displayPhoneNumber: '+62 21 5150 0001',
  wabaId: '100000000000000',
  appSecret: 'demo-app-secret',
  verifyToken: 'demo-verify-token',
} as const;

export type DemoLogin = { email: string; role: RoleCode; clientName: string };

const CHAT_ROLE_BY_ROLE: Partial<Record<RoleCode, ChatRole>> = { USC: 'CS', USE: 'CS', USV: 'SPV' };

function demoUsers(): { clientName: string; users: { email: string; role: RoleCode }[] }[] {
  return [
    {
      clientName: 'Demo Client',
      users: ROLE_CODES.map((role) => ({ email: `${role.toLowerCase()}@demo.test`, role })),
    },
    {
      clientName: 'Second Client',
      users: [
        { email: 'adc2@demo.test', role: 'ADC' },
        { email: 'usc2@demo.test', role: 'USC' },
      ],
    },
  ];
}

export function listDemoLogins(): DemoLogin[] {
  return demoUsers().flatMap(({ clientName, users }) => users.map((user) => ({ ...user, clientName })));
}

/**
 * The demo clients of the README: "Demo Client" with every feature and one user per role, and
 * "Second Client" to show that clients never see each other. Runs once: a later start finds the marker.
 * With `inbox`, the Demo Client's inbox is staffed and has history (decision 0009); with `campaigns`,
 * it has a campaign per channel with an upload each, which the running engine then sends.
 */
export async function seedDemo(
  db: Database,
  options: { keys?: Keys; inbox?: boolean; campaigns?: boolean } = {},
): Promise<{ seeded: boolean }> {
  // Seeding is installation-wide: the demo's super admin marks it done, whatever client it is in.
  if (await unsafeFindUserByEmail(db, 'sad@demo.test')) return { seeded: false };
  let demoClientId = '';
  const passwordHashes = await Promise.all(listDemoLogins().map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    const demo = await insertClient(tx, {
      id: newId(),
      clientName: 'Demo Client',
      abbreviatedClientName: 'DEMO',
      clientBizType: 'Retail',
      clientAddress: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta 12190',
      clientPhoneNumber: '+62215150000',
      clientMobileNumber: '+628111000001',
      logTypes: JSON.stringify(LOG_TYPES),
      chatbotDashboard: true,
      mainFeature: 'CS',
      features: ALL_FEATURES_MASK,
    });
    const second = await insertClient(tx, {
      id: newId(),
      clientName: 'Second Client',
      abbreviatedClientName: 'SECOND',
      clientBizType: 'Logistics',
      clientAddress: 'Jl. Raya Darmo 1, Surabaya 60264',
      clientPhoneNumber: '+62315310000',
      clientMobileNumber: '+628111000002',
      logTypes: JSON.stringify(['LOGIN', 'CS']),
      mainFeature: 'OTP',
      features: featureMaskFromFlags(['OTP', 'CS', 'WHATSAPP']),
    });
    demoClientId = demo.id;
    const clientIdByName = new Map([
      [demo.clientName, demo.id],
      [second.clientName, second.id],
    ]);
    // Its credentials are sealed with the installation's key, so the channel needs the keys.
    if (options.keys) await insertWhatsappChannel(tx, options.keys, demo.id, DEMO_WHATSAPP);
    let index = 0;
    for (const { clientName, users } of demoUsers()) {
      for (const user of users) {
        const name = `${clientName === 'Demo Client' ? 'Demo' : 'Second'} ${user.role}`;
        await insertUser(tx, {
          clientId: clientIdByName.get(clientName)!,
          id: newId(),
          name,
          email: user.email,
          passwordHash: passwordHashes[index++]!,
          role: user.role,
          chatRole: CHAT_ROLE_BY_ROLE[user.role] ?? null,
        });
      }
    }
  });
  // The inbox's agents, customers and history (tests that need an empty inbox leave it out).
  if (options.inbox) await seedInboxDemo(db, demoClientId);
  if (options.campaigns) await seedCampaignDemo(db, await demoAdmin(db, demoClientId));
  return { seeded: true };
}

/** The Demo Client's admin, acting as on their first day (the seed is theirs in the audit trail). */
async function demoAdmin(db: Database, clientId: string): Promise<AuditActor> {
  const user = await unsafeFindUserByEmail(db, 'adc@demo.test');
  if (user?.clientId !== clientId) throw new Error('the demo admin is missing');
  const client = await getClient(db, clientId);
  return {
    actor: {
      kind: 'user',
      userId: user.id,
      sessionId: newId(),
      homeClientId: clientId,
      clientId,
      role: user.role as RoleCode,
      name: user.name,
      email: user.email,
      chatRole: user.chatRole,
      csId: user.csId,
      features: client.features,
    },
    ip: null,
    userAgent: 'demo seed',
  };
}
