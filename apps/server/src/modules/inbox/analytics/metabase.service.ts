import type { MetabaseEmbed, MetabaseSettingsSave } from '@sapa/contracts';
import { SignJWT } from 'jose';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import { seal, unseal } from '../../../platform/secrets.js';
import { findAnalyticsSettings, upsertAnalyticsSettings } from './analytics.repository.js';

/** How long a signed embed address works: the screen asks for a new one when it opens. */
const EMBED_TOKEN_SECONDS = 10 * 60;

/**
 * Metabase's signed embedding: a JWT (HS256 with the site's embedding secret key) naming the dashboard,
 * appended to `<site>/embed/dashboard/`. The key never leaves the server (decision 0038).
 */
export async function signMetabaseEmbed(
  settings: { siteUrl: string; secretKey: string; dashboardId: number },
  now: Date = new Date(),
) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ resource: { dashboard: settings.dashboardId }, params: {} })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + EMBED_TOKEN_SECONDS)
    .sign(new TextEncoder().encode(settings.secretKey));
  return {
    embedUrl: `${settings.siteUrl.replace(/\/+$/, '')}/embed/dashboard/${token}#bordered=true&titled=true`,
    expiresAt: new Date((issuedAt + EMBED_TOKEN_SECONDS) * 1000).toISOString(),
  };
}

export async function getMetabaseEmbed(db: Executor, key: Buffer, actor: Actor): Promise<MetabaseEmbed> {
  const row = await findAnalyticsSettings(db, actor.clientId);
  if (!row) return { configured: false };
  const signed = await signMetabaseEmbed({
    siteUrl: row.metabaseSiteUrl,
    secretKey: unseal(key, row.metabaseSecretSealed),
    dashboardId: row.metabaseDashboardId,
  });
  return { configured: true, siteUrl: row.metabaseSiteUrl, dashboardId: row.metabaseDashboardId, ...signed };
}

export async function saveMetabaseSettings(
  db: Executor,
  key: Buffer,
  actor: Actor,
  input: MetabaseSettingsSave,
): Promise<MetabaseEmbed> {
  const stored = await findAnalyticsSettings(db, actor.clientId);
  if (!input.secretKey && !stored)
    throw new AppError(400, 'secret_key_required', 'Enter the Metabase embedding secret key');
  await upsertAnalyticsSettings(db, {
    clientId: actor.clientId,
    metabaseSiteUrl: input.siteUrl.replace(/\/+$/, ''),
    metabaseSecretSealed: input.secretKey ? seal(key, input.secretKey) : stored!.metabaseSecretSealed,
    metabaseDashboardId: input.dashboardId,
  });
  return getMetabaseEmbed(db, key, actor);
}
