import { isId, newId } from '../../lib/ids.js';
import type { Actor } from '../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../platform/audit/index.js';
import type { Database, Executor } from '../../platform/database.js';
import type { AppError } from '../../platform/errors.js';
import { requireSharedAccess } from './campaigns.access.js';
import { isUniqueViolation } from './campaigns.errors.js';
import { countCampaignsUsing } from './campaigns.repository.js';

/**
 * Windows and retry plans are the same kind of thing: a client's named settings that campaigns point
 * to, unique by name, kept while a campaign uses them. One service shape serves both.
 */
export type NamedSetting<Row extends { id: string }, Input, Fields, View> = {
  entityType: string;
  normalise(input: Input): Fields;
  toView(row: Row): View;
  /** How campaigns refer to it, to count them before a delete. */
  usedAs(id: string): { windowId: string } | { retryPlanId: string };
  list(db: Executor, clientId: string): Promise<Row[]>;
  find(db: Executor, clientId: string, id: string): Promise<Row | null>;
  insert(db: Executor, row: Fields & { clientId: string; id: string }): Promise<Row>;
  update(db: Executor, clientId: string, id: string, fields: Fields): Promise<Row | null>;
  remove(db: Executor, clientId: string, id: string): Promise<boolean>;
  notFound(): AppError;
  nameTaken(): AppError;
  inUse(campaigns: number): AppError;
};

export function namedSettingService<Row extends { id: string }, Input, Fields, View>(
  kind: NamedSetting<Row, Input, Fields, View>,
) {
  async function load(db: Executor, actor: Actor, id: string, need: 'view' | 'make') {
    await requireSharedAccess(db, actor, need);
    const row = isId(id) ? await kind.find(db, actor.clientId, id) : null;
    if (!row) throw kind.notFound();
    return row;
  }

  /** Runs a write and its audit in one transaction; a name the client already uses is 409. */
  async function write(db: Database, work: (tx: Executor) => Promise<View>): Promise<View> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw kind.nameTaken();
      throw error;
    }
  }

  return {
    load,
    async list(db: Executor, actor: Actor) {
      await requireSharedAccess(db, actor, 'view');
      return { items: (await kind.list(db, actor.clientId)).map(kind.toView) };
    },
    async get(db: Executor, actor: Actor, id: string) {
      return kind.toView(await load(db, actor, id, 'view'));
    },
    async create(db: Database, caller: AuditActor, input: Input) {
      const { actor } = caller;
      await requireSharedAccess(db, actor, 'make');
      const fields = kind.normalise(input);
      return write(db, async (tx) => {
        const row = await kind.insert(tx, { ...fields, clientId: actor.clientId, id: newId() });
        await recordAudit(tx, caller, {
          clientId: actor.clientId,
          action: `${kind.entityType}.create`,
          entityType: kind.entityType,
          entityId: row.id,
          after: fields,
        });
        return kind.toView(row);
      });
    },
    async edit(db: Database, caller: AuditActor, id: string, input: Input) {
      const { actor } = caller;
      const before = await load(db, actor, id, 'make');
      const fields = kind.normalise(input);
      return write(db, async (tx) => {
        const row = await kind.update(tx, actor.clientId, before.id, fields);
        if (!row) throw kind.notFound();
        await recordAudit(tx, caller, {
          clientId: actor.clientId,
          action: `${kind.entityType}.update`,
          entityType: kind.entityType,
          entityId: row.id,
          before: kind.toView(before),
          after: fields,
        });
        return kind.toView(row);
      });
    },
    /** A setting a campaign uses stays (409): a campaign never loses its hours or retries silently. */
    async remove(db: Database, caller: AuditActor, id: string) {
      const { actor } = caller;
      const before = await load(db, actor, id, 'make');
      const users = await countCampaignsUsing(db, actor.clientId, kind.usedAs(before.id));
      if (users > 0) throw kind.inUse(users);
      await db.transaction(async (tx) => {
        if (!(await kind.remove(tx, actor.clientId, before.id))) throw kind.notFound();
        await recordAudit(tx, caller, {
          clientId: actor.clientId,
          action: `${kind.entityType}.delete`,
          entityType: kind.entityType,
          entityId: before.id,
          before: kind.toView(before),
        });
      });
      return { deleted: true };
    },
  };
}
