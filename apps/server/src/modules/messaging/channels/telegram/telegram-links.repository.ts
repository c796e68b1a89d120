import { eq, gt, isNull } from 'drizzle-orm';
import { inClient } from '../../../../platform/client-scope.js';
import type { Executor } from '../../../../platform/database.js';
import { telegramChatLinks, telegramLinkCodes } from './telegram.tables.js';

export async function insertLinkCode(
  db: Executor,
  clientId: string,
  row: { code: string; phone: string; expiresAt: Date },
) {
  await db.insert(telegramLinkCodes).values({ clientId, ...row });
}

/** Takes a code once: answers its phone when it was unused and not expired, and marks it used. */
export async function useLinkCode(db: Executor, clientId: string, code: string, now: Date) {
  const [row] = await db
    .update(telegramLinkCodes)
    .set({ usedAt: now })
    .where(
      inClient(
        telegramLinkCodes,
        clientId,
        eq(telegramLinkCodes.code, code),
        isNull(telegramLinkCodes.usedAt),
        gt(telegramLinkCodes.expiresAt, now),
      ),
    )
    .returning({ phone: telegramLinkCodes.phone });
  return row?.phone ?? null;
}

export async function upsertChatLink(
  db: Executor,
  clientId: string,
  link: { phone: string; chatId: string; linkedBy: 'code' | 'contact' },
) {
  await db
    .insert(telegramChatLinks)
    .values({ clientId, ...link })
    .onConflictDoUpdate({
      target: [telegramChatLinks.clientId, telegramChatLinks.phone],
      set: { chatId: link.chatId, linkedBy: link.linkedBy, linkedAt: new Date() },
    });
}

export async function findChatIdByPhone(db: Executor, clientId: string, phone: string) {
  const [row] = await db
    .select({ chatId: telegramChatLinks.chatId })
    .from(telegramChatLinks)
    .where(inClient(telegramChatLinks, clientId, eq(telegramChatLinks.phone, phone)));
  return row?.chatId ?? null;
}
