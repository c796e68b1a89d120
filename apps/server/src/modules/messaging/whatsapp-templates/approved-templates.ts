import { variableCount, type WhatsappTemplate } from '@sapa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { whatsappChannels } from '../channels/whatsapp/whatsapp.tables.js';
import type { StoredDraft } from './template-components.js';
import { toTemplate } from './whatsapp-templates.service.js';
import { whatsappTemplates } from './whatsapp-templates.tables.js';

/**
 * What other modules may know of a client's templates (decision 0044): which are APPROVED, to offer
 * them to bots and auto-replies, and whether one named template can be sent now. Reads only, in the
 * caller's executor (a transaction when it has one).
 */

/** A bounded list: a WABA holds at most a few hundred templates per number. */
const MAX_LISTED = 500;

/** The client's APPROVED templates, on every number, by name then language. */
export async function listApprovedTemplates(
  executor: Executor,
  clientId: string,
): Promise<WhatsappTemplate[]> {
  const rows = await executor
    .select({ template: whatsappTemplates, displayPhoneNumber: whatsappChannels.displayPhoneNumber })
    .from(whatsappTemplates)
    .innerJoin(
      whatsappChannels,
      inClient(
        whatsappChannels,
        whatsappTemplates.clientId,
        eq(whatsappChannels.id, whatsappTemplates.channelId),
      ),
    )
    .where(inClient(whatsappTemplates, clientId, eq(whatsappTemplates.status, 'APPROVED')))
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language), asc(whatsappTemplates.id))
    .limit(MAX_LISTED);
  return rows.map((row) => toTemplate({ ...row.template, displayPhoneNumber: row.displayPhoneNumber }));
}

export type TemplateUsability =
  | { usable: true; variables: number; body: string }
  | { usable: false; reason: 'not_found' }
  | { usable: false; reason: 'not_approved'; status: string };

/**
 * Whether the client may send the template named so: on `channelId`'s number when given (the
 * conversation's), else on any of its numbers. Another client's template is simply not found.
 */
export async function templateUsability(
  executor: Executor,
  clientId: string,
  template: { name: string; language: string },
  channelId: string | null,
): Promise<TemplateUsability> {
  const rows = await executor
    .select({ status: whatsappTemplates.status, draft: whatsappTemplates.draft })
    .from(whatsappTemplates)
    .where(
      inClient(
        whatsappTemplates,
        clientId,
        and(
          eq(whatsappTemplates.name, template.name),
          eq(whatsappTemplates.language, template.language),
          channelId ? eq(whatsappTemplates.channelId, channelId) : undefined,
        ),
      ),
    )
    .limit(50);
  if (rows.length === 0) return { usable: false, reason: 'not_found' };
  const approved = rows.find((row) => row.status === 'APPROVED');
  if (!approved) return { usable: false, reason: 'not_approved', status: rows[0]!.status };
  const body = (approved.draft as StoredDraft).body.text;
  return { usable: true, variables: variableCount(body), body };
}
