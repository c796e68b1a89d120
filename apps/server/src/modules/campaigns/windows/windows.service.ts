import type { CampaignWindow, WindowInput } from '@sapa/contracts';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { windowInUse, windowNameTaken, windowNotFound } from '../campaigns.errors.js';
import {
  deleteWindow,
  findWindow,
  insertWindow,
  listWindows,
  updateWindow,
} from '../campaigns.repository.js';
import type { CampaignWindowRow } from '../campaigns.tables.js';
import { namedSettingService } from '../named-settings.js';
import { isOpen, nextOpening } from './window-schedule.js';

function toWindow(row: CampaignWindowRow): CampaignWindow {
  return {
    windowId: row.id,
    name: row.name,
    timeZone: row.timeZone,
    ranges: row.ranges,
    blackoutDates: row.blackoutDates,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Sending windows: CRUD through the named-setting shape; blackout dates kept sorted and once each. */
export const windows = namedSettingService({
  entityType: 'campaign_window',
  normalise: (input: WindowInput) => ({ ...input, blackoutDates: [...new Set(input.blackoutDates)].sort() }),
  toView: toWindow,
  usedAs: (windowId) => ({ windowId }),
  list: listWindows,
  find: findWindow,
  insert: insertWindow,
  update: updateWindow,
  remove: deleteWindow,
  notFound: windowNotFound,
  nameTaken: windowNameTaken,
  inUse: windowInUse,
});

/** The "window call": whether the window is open at `at` (now by default) and when it opens next. */
export async function windowOpening(db: Executor, actor: Actor, windowId: string, at: Date) {
  const row = await windows.load(db, actor, windowId, 'view');
  const next = nextOpening(row, at);
  return { open: isOpen(row, at), nextOpening: next?.toISOString() ?? null };
}
