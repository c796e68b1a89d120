import { CAMPAIGN_CHANNELS, type CampaignChannel, CLIENT_ADMIN_ROLES, REPORT_ROLES } from '@sapa/contracts';
import { type Actor, allows, hasRole, principalOf, requireFeatureOpen } from '../../platform/actor.js';
import type { Executor } from '../../platform/database.js';
import { AppError } from '../../platform/errors.js';
import { findCheckerMakerUser } from '../approvals/index.js';
import { notCampaignUser } from './campaigns.errors.js';

/**
 * Who works on a channel's campaigns (decision 0028): the client's admins (SAD, ADC, ADB; a client-wide
 * job counts as one) and the users named maker or checker of that channel (`/<channel>/manage`).
 * Makers change campaigns; checkers see them and decide their approval tasks.
 */
export type CampaignNeed = 'view' | 'make';

/** Whether the channel's feature is on (and the trial not over) for the actor, without throwing. */
function featureOpen(actor: Actor, channel: CampaignChannel): boolean {
  try {
    requireFeatureOpen(actor, channel);
    return true;
  } catch {
    return false;
  }
}

async function mayWorkOn(db: Executor, actor: Actor, channel: CampaignChannel, need: CampaignNeed) {
  if (hasRole(actor, CLIENT_ADMIN_ROLES)) return true;
  const person = principalOf(actor);
  if (!person) return false;
  const named = await findCheckerMakerUser(db, actor.clientId, channel, person.userId);
  return need === 'make' ? Boolean(named?.maker) : Boolean(named?.maker || named?.checker);
}

/** The channel's feature is open (403 `feature_disabled`) and the actor works on its campaigns (403). */
export async function requireCampaignAccess(
  db: Executor,
  actor: Actor,
  channel: CampaignChannel,
  need: CampaignNeed,
): Promise<void> {
  requireFeatureOpen(actor, channel);
  if (!(await mayWorkOn(db, actor, channel, need))) throw notCampaignUser(channel);
}

/** The channels whose campaigns the actor may see: feature open, and admin or named on it. */
export async function visibleChannels(db: Executor, actor: Actor, need: CampaignNeed = 'view') {
  const open = CAMPAIGN_CHANNELS.filter((channel) => featureOpen(actor, channel));
  const allowed = await Promise.all(open.map((channel) => mayWorkOn(db, actor, channel, need)));
  return open.filter((_, index) => allowed[index]);
}

/**
 * Windows and retry plans serve every channel: the admins and anyone named on a channel whose feature
 * is open may see them; admins and makers change them.
 */
export async function requireSharedAccess(db: Executor, actor: Actor, need: CampaignNeed): Promise<void> {
  if (!CAMPAIGN_CHANNELS.some((channel) => featureOpen(actor, channel))) {
    // A client with a campaign channel whose trial is over hears that (`trial_expired`).
    const owned = CAMPAIGN_CHANNELS.find((channel) => allows(actor, { feature: channel }));
    if (owned) requireFeatureOpen(actor, owned);
    throw new AppError(
      403,
      'feature_disabled',
      'The client has no campaign channel (voice, SMS, email, WhatsApp, Telegram).',
    );
  }
  if ((await visibleChannels(db, actor, need)).length === 0) {
    throw new AppError(
      403,
      'forbidden',
      "Only the client's admins and the channels' makers and checkers may do this.",
    );
  }
}

/**
 * What was sent on a channel (status messages, their exports) is also a report: the report roles of
 * spec §6 (SAD, ADC, USR, USV, ADB) read it besides the channel's campaign users; the feature must be open.
 */
export async function requireChannelReportAccess(db: Executor, actor: Actor, channel: CampaignChannel) {
  requireFeatureOpen(actor, channel);
  if (hasRole(actor, REPORT_ROLES)) return;
  if (!(await mayWorkOn(db, actor, channel, 'view'))) throw notCampaignUser(channel);
}

/** The channels whose sends the actor may read as reports: every open one for the report roles. */
export async function reportChannels(db: Executor, actor: Actor): Promise<CampaignChannel[]> {
  if (hasRole(actor, REPORT_ROLES)) return CAMPAIGN_CHANNELS.filter((channel) => featureOpen(actor, channel));
  return visibleChannels(db, actor, 'view');
}
