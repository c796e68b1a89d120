import {
  BOT_WAITING_ACTIONS,
  type BotActionInputSchema,
  type BotValidationInputSchema,
  type ChatBotInputSchema,
} from '@sapa/contracts';
import type { z } from 'zod';
import { isId, newId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { listApprovedTemplates } from '../../messaging/index.js';
import { findAgent } from '../agents/agents.repository.js';
import { findConfiguration, upsertConfiguration } from '../configuration/configuration.repository.js';
import {
  botActionInUse,
  botActionNotFound,
  botExists,
  botFlowInvalid,
  botNotFound,
  botProjectNotFound,
  botProjectRequired,
  botValidationNotFound,
} from './bots.errors.js';
import {
  deleteActionRow,
  deleteBotRows,
  deleteValidationRows,
  findBot,
  findProject,
  insertBot,
  isUniqueViolation,
  listActionRows,
  listBotRows,
  listValidationRows,
  replaceActionRows,
  updateBot,
  upsertValidation,
} from './bots.repository.js';
import type { CsBotActionRow, CsBotRow, CsBotValidationRow } from './bots.tables.js';
import { checkTemplateMessage } from './template-message.js';

type Page = { pageNumber?: number | undefined; pageSize?: number | undefined };
const pageOf = (query: Page) => {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  return { pageSize, pageNumber, offset: (pageNumber - 1) * pageSize };
};

export function toBotAction(row: CsBotActionRow) {
  return {
    id: row.id,
    botId: row.botId,
    botActionName: row.botActionName,
    position: row.position,
    type: row.type,
    text: row.text,
    imageUrl: row.imageUrl,
    options: row.options,
    branches: row.branches,
    saveAs: row.saveAs,
    next: row.next,
    handOffTag: row.handOffTag,
    handOffCsId: row.handOffCsId,
    template: row.template ?? null,
  };
}

function toBot(row: CsBotRow, actions: CsBotActionRow[], defaultBotId: string | null) {
  return {
    id: row.id,
    botName: row.botName,
    description: row.description,
    schedule: row.schedule,
    kind: row.kind,
    projectId: row.projectId,
    active: row.active,
    isDefault: row.id === defaultBotId,
    actions: actions.filter((action) => action.botId === row.id).map(toBotAction),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toValidation(row: CsBotValidationRow) {
  return {
    botId: row.botId,
    stateName: row.stateName,
    rule: row.rule,
    min: row.min,
    max: row.max,
    values: row.values,
    errorMessage: row.errorMessage,
    maxRetries: row.maxRetries,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Another client's bot, a deleted one or a malformed id: the same 404. */
export async function getBot(db: Executor, clientId: string, by: { id: string } | { botName: string }) {
  const row = 'id' in by && !isId(by.id) ? null : await findBot(db, clientId, by);
  if (!row) throw botNotFound();
  return row;
}

async function defaultBotIdOf(db: Executor, clientId: string) {
  return (await findConfiguration(db, clientId))?.defaultBotId ?? null;
}

export async function listChatBots(db: Executor, actor: Actor, query: Page & { id?: string | undefined }) {
  const page = pageOf(query);
  if (query.id) await getBot(db, actor.clientId, { id: query.id });
  const { rows, total } = await listBotRows(db, actor.clientId, { id: query.id, ...page });
  const actions = await listActionRows(
    db,
    actor.clientId,
    rows.map((row) => row.id),
  );
  const defaultBotId = await defaultBotIdOf(db, actor.clientId);
  return {
    items: rows.map((row) => toBot(row, actions, defaultBotId)),
    total,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
  };
}

async function checkProject(
  db: Executor,
  clientId: string,
  kind: 'flow' | 'external',
  projectId: string | null,
) {
  if (kind === 'flow') return null;
  if (!projectId) throw botProjectRequired();
  const project = isId(projectId) ? await findProject(db, clientId, projectId) : null;
  if (!project) throw botProjectNotFound();
  return project.id;
}

export async function createChatBot(db: Executor, actor: Actor, input: z.output<typeof ChatBotInputSchema>) {
  const projectId = await checkProject(db, actor.clientId, input.kind, input.projectId);
  const row = await insertBot(db, {
    clientId: actor.clientId,
    id: newId(),
    botName: input.botName,
    description: input.description,
    schedule: input.schedule,
    kind: input.kind,
    projectId,
    active: input.active,
  });
  if (!row) throw botExists();
  return toBot(row, [], await defaultBotIdOf(db, actor.clientId));
}

export async function updateChatBot(
  db: Executor,
  actor: Actor,
  input: Partial<z.output<typeof ChatBotInputSchema>> & { id: string },
) {
  const current = await getBot(db, actor.clientId, { id: input.id });
  const kind = input.kind ?? current.kind;
  const projectId = await checkProject(
    db,
    actor.clientId,
    kind,
    input.projectId !== undefined ? input.projectId : current.projectId,
  );
  const { id: _id, ...values } = input;
  const row = await updateBot(db, actor.clientId, current.id, { ...values, kind, projectId }).catch(
    (error: unknown) => {
      if (isUniqueViolation(error)) throw botExists();
      throw error;
    },
  );
  if (!row) throw botNotFound();
  const actions = await listActionRows(db, actor.clientId, [row.id]);
  return toBot(row, actions, await defaultBotIdOf(db, actor.clientId));
}

/** Deletes a bot; when it was the default, the client has none until another is chosen. */
export async function deleteChatBot(db: Executor, actor: Actor, botName: string) {
  return db.transaction(async (tx) => {
    const bot = await getBot(tx, actor.clientId, { botName });
    if ((await defaultBotIdOf(tx, actor.clientId)) === bot.id)
      await upsertConfiguration(tx, actor.clientId, { defaultBotId: null });
    return { deleted: await deleteBotRows(tx, actor.clientId, bot.id) };
  });
}

export async function listBotActions(db: Executor, actor: Actor, query: Page & { botName: string }) {
  const bot = await getBot(db, actor.clientId, { botName: query.botName });
  const page = pageOf(query);
  const all = await listActionRows(db, actor.clientId, [bot.id]);
  return {
    items: all.slice(page.offset, page.offset + page.pageSize).map(toBotAction),
    total: all.length,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
  };
}

type ActionInput = z.output<typeof BotActionInputSchema>;

/** Every name an action leads to must be an action of the same flow; names are unique. */
async function checkFlow(db: Executor, clientId: string, actions: ActionInput[]) {
  const names = new Set<string>();
  for (const action of actions) {
    if (names.has(action.botActionName))
      throw botFlowInvalid(`Two actions are named ${action.botActionName}`);
    names.add(action.botActionName);
  }
  for (const action of actions) {
    const targets = [
      action.next,
      ...action.options.map((o) => o.next),
      ...action.branches.map((b) => b.next),
    ];
    const missing = targets.find((target) => target !== null && !names.has(target));
    if (missing)
      throw botFlowInvalid(`${action.botActionName} leads to ${missing}, which is not an action of this bot`);
    if (action.saveAs && !BOT_WAITING_ACTIONS.includes(action.type))
      throw botFlowInvalid(`${action.botActionName} does not wait for an answer, so it cannot store one`);
    if (action.template && action.type === 'template')
      await checkTemplateMessage(db, clientId, action.template);
    if (action.handOffCsId) {
      const agent = isId(action.handOffCsId)
        ? await findAgent(db, clientId, { csId: action.handOffCsId })
        : null;
      if (agent?.kind !== 'cs' || agent.deleted)
        throw botFlowInvalid(`${action.botActionName} hands off to an unknown agent`);
    }
  }
}

/**
 * Saves a bot's whole flow, in order. The checks of states that no longer exist go with them, so a
 * validation never points at nothing.
 */
export async function saveBotActions(db: Executor, actor: Actor, botName: string, actions: ActionInput[]) {
  return db.transaction(async (tx) => {
    const bot = await getBot(tx, actor.clientId, { botName });
    await checkFlow(tx, actor.clientId, actions);
    const rows = await replaceActionRows(
      tx,
      actor.clientId,
      bot.id,
      actions.map((action, position) => ({
        clientId: actor.clientId,
        id: newId(),
        botId: bot.id,
        position,
        ...action,
        handOffCsId: action.handOffCsId ?? null,
        // Only a template action keeps its template.
        template: action.type === 'template' ? action.template : null,
      })),
    );
    const kept = new Set(actions.map((action) => action.botActionName));
    const { rows: validations } = await listValidationRows(tx, actor.clientId, bot.id);
    const orphans = validations.map((row) => row.stateName).filter((name) => !kept.has(name));
    if (orphans.length > 0) await deleteValidationRows(tx, actor.clientId, bot.id, orphans);
    await updateBot(tx, actor.clientId, bot.id, {});
    return { items: rows.map(toBotAction), total: rows.length, pageNumber: 1, pageSize: rows.length };
  });
}

export async function deleteBotAction(db: Executor, actor: Actor, botName: string, botActionName: string) {
  return db.transaction(async (tx) => {
    const bot = await getBot(tx, actor.clientId, { botName });
    const actions = await listActionRows(tx, actor.clientId, [bot.id]);
    if (!actions.some((action) => action.botActionName === botActionName)) throw botActionNotFound();
    const user = actions.find(
      (action) =>
        action.botActionName !== botActionName &&
        [action.next, ...action.options.map((o) => o.next), ...action.branches.map((b) => b.next)].includes(
          botActionName,
        ),
    );
    if (user) throw botActionInUse(user.botActionName);
    await deleteValidationRows(tx, actor.clientId, bot.id, [botActionName]);
    return { deleted: await deleteActionRow(tx, actor.clientId, bot.id, botActionName) };
  });
}

export async function listBotValidations(db: Executor, actor: Actor, query: Page & { botId: string }) {
  const bot = await getBot(db, actor.clientId, { id: query.botId });
  const page = pageOf(query);
  const { rows, total } = await listValidationRows(db, actor.clientId, bot.id, page);
  return { items: rows.map(toValidation), total, pageNumber: page.pageNumber, pageSize: page.pageSize };
}

export async function saveBotValidation(
  db: Executor,
  actor: Actor,
  input: z.output<typeof BotValidationInputSchema>,
) {
  const bot = await getBot(db, actor.clientId, { id: input.botId });
  const actions = await listActionRows(db, actor.clientId, [bot.id]);
  const state = actions.find((action) => action.botActionName === input.stateName);
  if (!state) throw botActionNotFound();
  if (!BOT_WAITING_ACTIONS.includes(state.type))
    throw botFlowInvalid(`${state.botActionName} does not wait for an answer, so there is nothing to check`);
  const row = await upsertValidation(db, {
    clientId: actor.clientId,
    botId: bot.id,
    stateName: input.stateName,
    rule: input.rule,
    min: input.min,
    max: input.max,
    values: input.values,
    errorMessage: input.errorMessage,
    maxRetries: input.maxRetries,
  });
  return toValidation(row);
}

export async function deleteBotValidation(db: Executor, actor: Actor, botId: string, stateName: string) {
  const bot = await getBot(db, actor.clientId, { id: botId });
  const deleted = await deleteValidationRows(db, actor.clientId, bot.id, [stateName]);
  if (deleted === 0) throw botValidationNotFound();
  return { deleted };
}

/** The approved templates a flow (or an auto-reply) may send: the editor's picker. */
export async function listBotTemplates(db: Executor, actor: Actor) {
  return { items: await listApprovedTemplates(db, actor.clientId) };
}
