import { type ClientInfo, featureFlagsFromMask, type RoleCode } from '@sapa/contracts';
import type { Executor } from '../../platform/database.js';
import { notFound } from '../../platform/errors.js';
import type { SessionContext } from '../../platform/request-context.js';
import { findClient, unsafeListAllClientIds, unsafeListAllClients } from './clients.repository.js';
import type { ClientRow } from './clients.tables.js';

export function toClientInfo(row: ClientRow): ClientInfo {
  return {
    clientId: row.id,
    clientName: row.clientName,
    abbreviatedClientName: row.abbreviatedClientName,
    clientBizType: row.clientBizType,
    clientAddress: row.clientAddress,
    clientPhoneNumber: row.clientPhoneNumber,
    clientMobileNumber: row.clientMobileNumber,
    timezone: row.timezone,
    countryCode: row.countryCode,
    countryPhone: row.countryPhone,
    logTypes: row.logTypes,
    chatbotDashboard: row.chatbotDashboard,
    mainFeature: row.mainFeature,
    features: featureFlagsFromMask(row.features),
    status: row.status,
  };
}

export const clientNotFound = () => notFound('client_not_found', 'Client not found');

export async function getClient(db: Executor, clientId: string): Promise<ClientRow> {
  const row = await findClient(db, clientId);
  if (!row) throw clientNotFound();
  return row;
}

/** The clients a user may act for: every client for a super admin, else their own. */
export async function listAccessibleClientIds(db: Executor, role: RoleCode, homeClientId: string) {
  return role === 'SAD' ? unsafeListAllClientIds(db) : [homeClientId];
}

/** The session's client, and the list of client infos (all of them only for SAD, spec §6). */
export async function getListClientInfo(db: Executor, session: SessionContext) {
  const current = await getClient(db, session.clientId);
  const list = session.role === 'SAD' ? await unsafeListAllClients(db) : [current];
  return { clientInfo: toClientInfo(current), listClientInfo: list.map(toClientInfo) };
}

/** One client's info; any client but the session's own answers 404 unless the caller is SAD. */
export async function getClientInfo(
  db: Executor,
  session: SessionContext,
  clientId: string,
): Promise<ClientInfo> {
  if (session.role !== 'SAD' && clientId !== session.clientId) throw clientNotFound();
  return toClientInfo(await getClient(db, clientId));
}
