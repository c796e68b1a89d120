import { asc, eq, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { preparedOn } from '../../../platform/prepared-query.js';
import { csAutoReplyRules, csAutoReplySends } from './auto-reply.tables.js';

/** Rules in the order they are tried: keyword, outside business hours, no agent online, first message. */
const triggerOrder = sql`array_position(array['keyword','outsideBusinessHours','noAgentOnline','firstMessage']::text[], ${csAutoReplyRules.trigger})`;

export async function listRuleRows(
  db: Executor,
  clientId: string,
  options: { id?: string; enabledOnly?: boolean } = {},
) {
  // Every arrival reads the enabled rules: that case is prepared (decision 0059).
  if (options.enabledOnly && !options.id) {
    const query = preparedOn(db, 'inbox_enabled_auto_replies', (executor) =>
      executor
        .select()
        .from(csAutoReplyRules)
        .where(inClient(csAutoReplyRules, sql.placeholder('clientId'), eq(csAutoReplyRules.enabled, true)))
        .orderBy(triggerOrder, asc(csAutoReplyRules.createdAt), asc(csAutoReplyRules.id))
        .limit(500)
        .prepare('inbox_enabled_auto_replies'),
    );
    return query.execute({ clientId });
  }
  return db
    .select()
    .from(csAutoReplyRules)
    .where(
      inClient(
        csAutoReplyRules,
        clientId,
        options.id ? eq(csAutoReplyRules.id, options.id) : undefined,
        options.enabledOnly ? eq(csAutoReplyRules.enabled, true) : undefined,
      ),
    )
    .orderBy(triggerOrder, asc(csAutoReplyRules.createdAt), asc(csAutoReplyRules.id))
    .limit(500);
}

/** Answers null when the client already has a rule for this (non-keyword) trigger. */
export async function insertRule(db: Executor, row: typeof csAutoReplyRules.$inferInsert) {
  const [inserted] = await db.insert(csAutoReplyRules).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateRule(
  db: Executor,
  clientId: string,
  id: string,
  values: Pick<
    typeof csAutoReplyRules.$inferInsert,
    'trigger' | 'keywords' | 'reply' | 'periodMinutes' | 'enabled' | 'template'
  >,
) {
  const [row] = await db
    .update(csAutoReplyRules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inClient(csAutoReplyRules, clientId, eq(csAutoReplyRules.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRule(db: Executor, clientId: string, id: string) {
  const rows = await db
    .delete(csAutoReplyRules)
    .where(inClient(csAutoReplyRules, clientId, eq(csAutoReplyRules.id, id)))
    .returning({ id: csAutoReplyRules.id });
  return rows.length;
}

/**
 * Takes the customer's turn for an automatic reply: true when they never got it, or last got it at
 * least `periodMinutes` before `at`. One conditional upsert, so of two messages at once only one wins.
 */
export async function claimAutoReplyTurn(
  db: Executor,
  clientId: string,
  ruleKey: string,
  customerPhone: string,
  at: Date,
  periodMinutes: number,
): Promise<boolean> {
  const rows = await db
    .insert(csAutoReplySends)
    .values({ clientId, ruleKey, customerPhone, lastSentAt: at })
    .onConflictDoUpdate({
      target: [csAutoReplySends.clientId, csAutoReplySends.ruleKey, csAutoReplySends.customerPhone],
      set: { lastSentAt: at },
      setWhere: sql`${csAutoReplySends.lastSentAt} <= ${at.toISOString()}::timestamptz - make_interval(mins => ${periodMinutes})`,
    })
    .returning({ ruleKey: csAutoReplySends.ruleKey });
  return rows.length > 0;
}
