import {
  type ChatRole,
  type CreateSubscription,
  NEVER_EXPIRES,
  type Subscription,
  type UpdateSubscription,
} from '@sapa/contracts';
import { isId } from '../../lib/ids.js';
import { type Actor, principalOf } from '../../platform/actor.js';
import type { Executor } from '../../platform/database.js';
import { getClient } from '../clients/index.js';
import { subscriptionExists, subscriptionNotFound } from './subscriptions.errors.js';
import { findSubscription, insertSubscription, updateSubscription } from './subscriptions.repository.js';
import type { SubscriptionRow } from './subscriptions.tables.js';

function toSubscription(clientId: string, row: SubscriptionRow | null): Subscription {
  if (!row) return { clientId, isTrial: false, expiredAt: NEVER_EXPIRES, chatRole: null };
  return {
    clientId,
    isTrial: row.isTrial,
    expiredAt: row.expiredAt,
    chatRole: (row.chatRole as ChatRole | null) ?? null,
  };
}

/**
 * The subscription of the actor's client; a super admin may name another client. For anyone else,
 * another client's id answers 404, as if it did not exist. A client without a row is not on a trial and never expires.
 */
export async function getSubscription(
  db: Executor,
  actor: Actor,
  clientId: string = actor.clientId,
): Promise<Subscription> {
  if (clientId !== actor.clientId) {
    if (principalOf(actor)?.role !== 'SAD' || !isId(clientId)) throw subscriptionNotFound();
    await getClient(db, clientId);
  }
  return toSubscription(clientId, await findSubscription(db, clientId));
}

export async function createSubscription(db: Executor, body: CreateSubscription): Promise<Subscription> {
  await getClient(db, body.clientId);
  const row = await insertSubscription(db, body.clientId, {
    isTrial: body.isTrial,
    expiredAt: body.expiredAt,
    chatRole: body.chatRole,
  });
  if (!row) throw subscriptionExists();
  return toSubscription(body.clientId, row);
}

export async function changeSubscription(db: Executor, body: UpdateSubscription): Promise<Subscription> {
  await getClient(db, body.clientId);
  const { clientId, ...fields } = body;
  const row = await updateSubscription(db, clientId, fields);
  if (!row) throw subscriptionNotFound();
  return toSubscription(clientId, row);
}
