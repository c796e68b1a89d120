import type { ParamTranslatorPreview, ParamTranslatorPreviewRequestSchema } from '@sapa/contracts';
import type { z } from 'zod';
import type { CountryCode } from '../../../lib/phone.js';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { getClient } from '../../clients/index.js';
import { requireCampaignAccess } from '../campaigns.access.js';
import { compileTranslator, localeOfCountry } from './param-translator.js';

/**
 * A sample row through a param translator, exactly as an upload reads it (the client's country and
 * locale, the same compiled rules): what the param-translator editor previews while it is edited.
 * Anyone who may see the channel's campaigns may preview; nothing is stored.
 */
export async function previewParamTranslator(
  db: Executor,
  actor: Actor,
  body: z.infer<typeof ParamTranslatorPreviewRequestSchema>,
): Promise<ParamTranslatorPreview> {
  await requireCampaignAccess(db, actor, body.channel, 'view');
  const client = await getClient(db, actor.clientId);
  const compiled = compileTranslator(body.paramTranslator, {
    country: client.countryCode as CountryCode,
    locale: localeOfCountry(client.countryCode),
    channel: body.channel,
  });
  const problem = compiled.checkHeader(Object.keys(body.row));
  if (problem) return { ok: false, reason: problem };
  return compiled.translate(body.row);
}
