import {
  type CheckerMakerChannel,
  CLIENT_ADMIN_ROLES,
  type ConnectionCheckResult,
  type FeatureFlag,
  type Provider,
  type ProviderChange,
  type ProviderChannel,
  type ProviderInput,
} from '@sapa/contracts';
import { z } from 'zod';
import { isId, newId } from '../../../lib/ids.js';
import {
  type Actor,
  actorLabel,
  hasRole,
  isSuperAdmin,
  principalOf,
  requireFeatureOpen,
} from '../../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../../platform/audit/index.js';
import type { Database, Executor, Transaction } from '../../../platform/database.js';
import type { OutboundHttp } from '../../../platform/outbound-http.js';
import { type Keys, seal, unseal } from '../../../platform/secrets.js';
import {
  type ApprovalRegistry,
  type ApprovalTaskRow,
  findCheckerMakerUser,
  proposeChange,
} from '../../approvals/index.js';
import { getClient } from '../../clients/index.js';
import type { RunningConfig } from './provider-routing.js';
import { PROVIDER_TYPES } from './provider-type-registry.js';
import {
  notProviderUser,
  providerChanged,
  providerEditPending,
  providerInvalid,
  providerIsDefault,
  providerNameTaken,
  providerNotFound,
  providerTypeUnknown,
} from './providers.errors.js';
import {
  clearDefault,
  countProviders,
  decideEditRequest,
  deleteProvider,
  findDefaultProvider,
  findPendingCreate,
  findProvider,
  insertEditRequest,
  insertProvider,
  listPendingEditRequests,
  listProviders,
  lockPendingEditRequest,
  lockProvider,
  updateProvider,
} from './providers.repository.js';
import type { ChannelProviderRow, ProviderEditRequestRow } from './providers.tables.js';

/**
 * Provider configuration per client and channel (issue 16). A change is an edit request: applied at
 * once, or, when the client requires maker-checker, kept in `provider_edit_requests` (secrets sealed)
 * until a checker of the channel approves its task; the running configuration stays until then. The
 * task and the audit trail name the provider, its type, name and settings, never a secret.
 */
export const PROVIDER_CHANGE_TASK = 'provider.change';

export type ProvidersDeps = {
  db: Database;
  keys: Keys;
  outbound: OutboundHttp;
  /** Told after a change was applied: the sending side reads the configuration again. */
  changed(clientId: string, channel: ProviderChannel): void;
};

const FEATURE: Record<ProviderChannel, FeatureFlag & CheckerMakerChannel> = {
  sms: 'SMS',
  email: 'EMAIL',
  telegram: 'TELEGRAM',
  voice: 'VOICE',
};

type Desired = {
  action: 'create' | 'update' | 'delete' | 'default';
  providerId: string;
  channel: ProviderChannel;
  type: string;
  name: string;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  isDefault: boolean;
};

/** What the API shows of a secret: never the value; the last two characters of a long one. */
export function secretHint(value: string) {
  return value.length >= 12 ? `••••${value.slice(-2)}` : '••••';
}

const hintsOf = (secrets: Record<string, string>) =>
  Object.fromEntries(Object.entries(secrets).map(([field, value]) => [field, secretHint(value)]));

export function toProvider(row: ChannelProviderRow): Provider {
  return {
    id: row.id,
    channel: row.channel,
    type: row.type,
    name: row.name,
    settings: row.settings,
    secrets: row.secretHints,
    isDefault: row.isDefault,
    version: row.version,
    pendingTaskId: row.pendingTaskId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The client's admins, and the channel's named makers (change) and checkers (see, test). */
async function requireProviderAccess(
  db: Executor,
  actor: Actor,
  channel: ProviderChannel,
  need: 'view' | 'make',
) {
  requireFeatureOpen(actor, FEATURE[channel]);
  if (hasRole(actor, CLIENT_ADMIN_ROLES)) return;
  const person = principalOf(actor);
  const named = person
    ? await findCheckerMakerUser(db, actor.clientId, FEATURE[channel], person.userId)
    : null;
  const allowed = need === 'make' ? named?.maker : named?.maker || named?.checker;
  if (!allowed) throw notProviderUser(channel);
}

async function loadProvider(db: Executor, actor: Actor, channel: ProviderChannel, id: string) {
  const row = isId(id) ? await findProvider(db, actor.clientId, channel, id) : null;
  if (!row) throw providerNotFound();
  return row;
}

const typeOf = (channel: ProviderChannel, type: string) => {
  const found = PROVIDER_TYPES[channel].find((candidate) => candidate.type === type);
  if (!found)
    throw providerTypeUnknown(
      channel,
      type,
      PROVIDER_TYPES[channel].map((candidate) => candidate.type),
    );
  return found;
};

const issues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`).join('; ');

/** Settings checked by the type; secrets: only its fields, all of them once merged with the stored ones. */
function checkInput(
  channel: ProviderChannel,
  input: ProviderInput,
  stored: Record<string, string> | null,
): { settings: Record<string, unknown>; secrets: Record<string, string> } {
  const type = typeOf(channel, input.type);
  const parsed = type.settings.safeParse(input.settings);
  if (!parsed.success) throw providerInvalid(issues(parsed.error));
  const unknown = Object.keys(input.secrets).filter((field) => !type.secretFields.includes(field));
  if (unknown.length)
    throw providerInvalid(
      `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a secret' : 'are not secrets'} of ${type.type}; its secrets are ${type.secretFields.join(', ') || 'none'}.`,
    );
  const secrets: Record<string, string> = {};
  for (const field of type.secretFields) {
    const value = input.secrets[field] ?? stored?.[field];
    if (!value) throw providerInvalid(`${field}: required for a ${type.type} provider.`);
    secrets[field] = value;
  }
  return { settings: parsed.data as Record<string, unknown>, secrets };
}

const unsealSecrets = (keys: Keys, sealed: string) =>
  JSON.parse(unseal(keys.encryption, sealed)) as Record<string, string>;

/** A client that requires maker-checker waits for a checker; a super admin's changes never wait. */
async function needsApproval(db: Executor, actor: Actor) {
  if (isSuperAdmin(actor)) return false;
  return (await getClient(db, actor.clientId)).approvalRequired;
}

/** What the audit trail keeps of a change: never a secret value. */
const auditView = (desired: Desired) => ({
  action: desired.action,
  channel: desired.channel,
  type: desired.type,
  name: desired.name,
  settings: desired.settings,
  secrets: hintsOf(desired.secrets),
  isDefault: desired.isDefault,
});

/** Applies a change inside the caller's transaction; answers the provider as it now is (null: deleted). */
async function applyDesired(tx: Executor, keys: Keys, clientId: string, desired: Desired) {
  const sealed = seal(keys.encryption, JSON.stringify(desired.secrets));
  switch (desired.action) {
    case 'create': {
      const first = (await countProviders(tx, clientId, desired.channel)) === 0;
      const isDefault = desired.isDefault || first;
      if (isDefault) await clearDefault(tx, clientId, desired.channel);
      return insertProvider(tx, {
        clientId,
        id: desired.providerId,
        channel: desired.channel,
        type: desired.type,
        name: desired.name,
        settings: desired.settings,
        secretsSealed: sealed,
        secretHints: hintsOf(desired.secrets),
        isDefault,
      });
    }
    case 'update': {
      if (desired.isDefault) await clearDefault(tx, clientId, desired.channel);
      const fields = {
        type: desired.type,
        name: desired.name,
        settings: desired.settings,
        secretsSealed: sealed,
        secretHints: hintsOf(desired.secrets),
        pendingTaskId: null,
        ...(desired.isDefault ? { isDefault: true } : {}),
      };
      return (
        (await updateProvider(tx, clientId, desired.providerId, fields, true)) ?? raise(providerChanged())
      );
    }
    case 'default': {
      await clearDefault(tx, clientId, desired.channel);
      const fields = { isDefault: true, pendingTaskId: null };
      return (
        (await updateProvider(tx, clientId, desired.providerId, fields, false)) ?? raise(providerChanged())
      );
    }
    case 'delete': {
      (await deleteProvider(tx, clientId, desired.providerId)) ?? raise(providerChanged());
      return null;
    }
  }
}

function raise(error: Error): never {
  throw error;
}

/**
 * Runs a change: at once (with its audit entry), or as an edit request for a checker of the channel.
 * `current` is the provider as it runs (locked), null for a create.
 */
async function submitChange(
  deps: ProvidersDeps,
  caller: AuditActor,
  desired: Desired,
  current: ChannelProviderRow | null,
): Promise<ProviderChange> {
  const { actor } = caller;
  const approval = await needsApproval(deps.db, actor);
  try {
    const change = await deps.db.transaction(async (tx) => {
      const locked = current ? await lockProvider(tx, actor.clientId, desired.channel, current.id) : null;
      if (current && !locked) throw providerNotFound();
      if (locked?.pendingTaskId) throw providerEditPending();
      if (!approval) {
        const applied = await applyDesired(tx, deps.keys, actor.clientId, desired);
        await recordAudit(tx, caller, {
          clientId: actor.clientId,
          action: `provider.${desired.action}`,
          entityType: 'channel_provider',
          entityId: desired.providerId,
          before: locked ? toProvider(locked) : null,
          after: applied ? toProvider(applied) : null,
        });
        return { applied: true, provider: applied && toProvider(applied), taskId: null };
      }
      if (
        desired.action === 'create' &&
        (await findPendingCreate(tx, actor.clientId, desired.channel, desired.name))
      )
        throw providerNameTaken(desired.name);
      const requestId = newId();
      const task = await proposeChange(tx, caller, {
        clientId: actor.clientId,
        type: PROVIDER_CHANGE_TASK,
        channel: FEATURE[desired.channel],
        summary: `${desired.action === 'create' ? 'Add' : desired.action === 'delete' ? 'Remove' : desired.action === 'default' ? 'Make default' : 'Change'} ${desired.channel} provider ${desired.name} (${desired.type})`,
        payload: {
          requestId,
          providerId: desired.providerId,
          action: desired.action,
          channel: desired.channel,
        },
      });
      await insertEditRequest(tx, {
        clientId: actor.clientId,
        id: requestId,
        providerId: desired.providerId,
        action: desired.action,
        channel: desired.channel,
        type: desired.type,
        name: desired.name,
        settings: desired.settings,
        secretsSealed: seal(deps.keys.encryption, JSON.stringify(desired.secrets)),
        secretHints: hintsOf(desired.secrets),
        isDefault: desired.isDefault,
        status: 'pending',
        taskId: task.id,
        createdBy: actorLabel(actor),
      });
      await recordAudit(tx, caller, {
        clientId: actor.clientId,
        action: 'provider.edit_request',
        entityType: 'channel_provider',
        entityId: desired.providerId,
        after: { taskId: task.id, ...auditView(desired) },
      });
      const pending = locked
        ? await updateProvider(tx, actor.clientId, locked.id, { pendingTaskId: task.id }, false)
        : null;
      return { applied: false, provider: pending && toProvider(pending), taskId: task.id };
    });
    if (change.applied) deps.changed(actor.clientId, desired.channel);
    return change;
  } catch (error) {
    if (isUniqueViolation(error)) throw providerNameTaken(desired.name);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * A type's settings as a JSON Schema of what may be submitted (defaults, bounds, nullable fields), so
 * the web forms follow the server's rules without a copy of them.
 */
function settingsJsonSchema(settings: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(settings, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

export function createProviderConfiguration(deps: ProvidersDeps) {
  const { db, keys } = deps;
  return {
    listProviderTypes(actor: Actor, channel: ProviderChannel) {
      requireFeatureOpen(actor, FEATURE[channel]);
      return {
        items: PROVIDER_TYPES[channel].map((type) => ({
          type: type.type,
          secretFields: [...type.secretFields],
          settingsSchema: settingsJsonSchema(type.settings),
        })),
      };
    },

    async listProviders(actor: Actor, channel: ProviderChannel) {
      await requireProviderAccess(db, actor, channel, 'view');
      return { items: (await listProviders(db, actor.clientId, channel)).map(toProvider) };
    },

    /** What waits for a checker, as the checker reviews it: never a secret value. */
    async listEditRequests(
      actor: Actor,
      channel: ProviderChannel,
      page: { pageSize: number; pageNumber: number },
    ) {
      await requireProviderAccess(db, actor, channel, 'view');
      const { items, total } = await listPendingEditRequests(db, actor.clientId, channel, page);
      return {
        ...page,
        total,
        items: items.map((row) => ({
          requestId: row.id,
          taskId: row.taskId,
          providerId: row.providerId,
          action: row.action,
          type: row.type,
          name: row.name,
          settings: row.settings,
          secrets: row.secretHints,
          isDefault: row.isDefault,
          createdBy: row.createdBy,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    async getProvider(actor: Actor, channel: ProviderChannel, id: string) {
      await requireProviderAccess(db, actor, channel, 'view');
      return toProvider(await loadProvider(db, actor, channel, id));
    },

    async createProvider(caller: AuditActor, channel: ProviderChannel, input: ProviderInput) {
      await requireProviderAccess(db, caller.actor, channel, 'make');
      const { settings, secrets } = checkInput(channel, input, null);
      return submitChange(
        deps,
        caller,
        {
          action: 'create',
          providerId: newId(),
          channel,
          type: input.type,
          name: input.name,
          settings,
          secrets,
          isDefault: input.isDefault ?? false,
        },
        null,
      );
    },

    async updateProvider(caller: AuditActor, channel: ProviderChannel, id: string, input: ProviderInput) {
      await requireProviderAccess(db, caller.actor, channel, 'make');
      const row = await loadProvider(db, caller.actor, channel, id);
      // A type change starts from no stored secret: the old type's secrets mean nothing to the new one.
      const stored = input.type === row.type ? unsealSecrets(keys, row.secretsSealed) : null;
      const { settings, secrets } = checkInput(channel, input, stored);
      return submitChange(
        deps,
        caller,
        {
          action: 'update',
          providerId: row.id,
          channel,
          type: input.type,
          name: input.name,
          settings,
          secrets,
          isDefault: input.isDefault ?? false,
        },
        row,
      );
    },

    async setDefaultProvider(caller: AuditActor, channel: ProviderChannel, id: string) {
      await requireProviderAccess(db, caller.actor, channel, 'make');
      const row = await loadProvider(db, caller.actor, channel, id);
      return submitChange(deps, caller, desiredOf(keys, row, 'default'), row);
    },

    async deleteProvider(caller: AuditActor, channel: ProviderChannel, id: string) {
      await requireProviderAccess(db, caller.actor, channel, 'make');
      const row = await loadProvider(db, caller.actor, channel, id);
      if (row.isDefault && (await countProviders(db, caller.actor.clientId, channel)) > 1)
        throw providerIsDefault();
      return submitChange(deps, caller, desiredOf(keys, row, 'delete'), row);
    },

    /** Connects with the stored configuration and says what worked; never sends a message. */
    async testProvider(actor: Actor, channel: ProviderChannel, id: string): Promise<ConnectionCheckResult> {
      await requireProviderAccess(db, actor, channel, 'view');
      const row = await loadProvider(db, actor, channel, id);
      const type = typeOf(channel, row.type);
      const settings = type.settings.safeParse(row.settings);
      if (!settings.success)
        return { ok: false, steps: [{ step: 'Settings', ok: false, message: issues(settings.error) }] };
      return type.testConnection(
        { settings: settings.data, secrets: unsealSecrets(keys, row.secretsSealed) },
        { outbound: deps.outbound },
      );
    },

    /** The default provider of a client's channel as it runs (secrets unsealed), for the router. */
    async findRunningConfig(clientId: string, channel: ProviderChannel): Promise<RunningConfig | null> {
      const row = await findDefaultProvider(db, clientId, channel);
      if (!row) return null;
      return {
        id: row.id,
        type: row.type,
        version: row.version,
        settings: row.settings,
        secrets: unsealSecrets(keys, row.secretsSealed),
      };
    },

    /** A provider of the client (any channel) with its secrets: the status callbacks verify with them. */
    async findProviderSecrets(clientId: string, channel: ProviderChannel, id: string) {
      const row = isId(clientId) && isId(id) ? await findProvider(db, clientId, channel, id) : null;
      if (!row) return null;
      return { row, secrets: unsealSecrets(keys, row.secretsSealed) };
    },
  };
}

export type ProviderConfiguration = ReturnType<typeof createProviderConfiguration>;

function desiredOf(keys: Keys, row: ChannelProviderRow, action: 'default' | 'delete'): Desired {
  return {
    action,
    providerId: row.id,
    channel: row.channel,
    type: row.type,
    name: row.name,
    settings: row.settings,
    secrets: unsealSecrets(keys, row.secretsSealed),
    isDefault: action === 'default',
  };
}

type TaskPayload = { requestId?: string };

async function pendingRequestOf(tx: Transaction, task: ApprovalTaskRow) {
  const { requestId } = task.payload as TaskPayload;
  return requestId && isId(requestId) ? lockPendingEditRequest(tx, task.clientId, requestId) : null;
}

const desiredFromRequest = (keys: Keys, request: ProviderEditRequestRow): Desired => ({
  action: request.action,
  providerId: request.providerId,
  channel: request.channel,
  type: request.type,
  name: request.name,
  settings: request.settings,
  secrets: unsealSecrets(keys, request.secretsSealed),
  isDefault: request.isDefault,
});

/**
 * What approving or rejecting a provider edit request does, inside the approval's transaction: an
 * approved one becomes the running configuration (the senders read it again); a rejected one leaves
 * the running configuration as it was.
 */
export function registerProviderApprovals(
  registry: ApprovalRegistry,
  deps: Pick<ProvidersDeps, 'keys' | 'changed'>,
) {
  registry.register(PROVIDER_CHANGE_TASK, {
    async apply(tx, checker, task) {
      const request = (await pendingRequestOf(tx, task)) ?? raise(providerChanged());
      const desired = desiredFromRequest(deps.keys, request);
      if (desired.action === 'delete') {
        const row = await lockProvider(tx, task.clientId, desired.channel, desired.providerId);
        if (row?.isDefault && (await countProviders(tx, task.clientId, desired.channel)) > 1)
          throw providerIsDefault();
      }
      let applied: ChannelProviderRow | null;
      try {
        applied = await applyDesired(tx, deps.keys, task.clientId, desired);
      } catch (error) {
        if (isUniqueViolation(error)) throw providerNameTaken(desired.name);
        throw error;
      }
      await decideEditRequest(tx, task.clientId, request.id, 'approved');
      await recordAudit(tx, checker, {
        clientId: task.clientId,
        action: `provider.${desired.action}`,
        entityType: 'channel_provider',
        entityId: desired.providerId,
        after: applied ? toProvider(applied) : auditView(desired),
      });
      deps.changed(task.clientId, desired.channel);
      return { result: { providerId: desired.providerId, action: desired.action, name: desired.name } };
    },
    async reject(tx, checker, task, note) {
      const request = await pendingRequestOf(tx, task);
      if (!request) return;
      await decideEditRequest(tx, task.clientId, request.id, 'rejected');
      const row = await lockProvider(tx, task.clientId, request.channel, request.providerId);
      if (row?.pendingTaskId === task.id)
        await updateProvider(tx, task.clientId, row.id, { pendingTaskId: null }, false);
      await recordAudit(tx, checker, {
        clientId: task.clientId,
        action: 'provider.edit_reject',
        entityType: 'channel_provider',
        entityId: request.providerId,
        after: { action: request.action, name: request.name, note },
      });
    },
  });
}
