import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  BOT_SIGNATURE_HEADER,
  BotProviderReplySchema,
  botAnswers,
  type CsConfig,
  fillTemplateParameters,
  fillVariables,
  NOTE_MESSAGE_TYPE,
  ROOM_EVENT_MESSAGE_TYPE,
  type RoomEvent,
} from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import type { AfterCommit } from '../../../platform/after-commit.js';
import type { Database, Executor } from '../../../platform/database.js';
import type { OutboundHttp } from '../../../platform/outbound-http.js';
import { unseal } from '../../../platform/secrets.js';
import { findCustomerByPhone, mergeCustomerUserData } from '../../contacts/index.js';
import { type InboxContent, templateUsability } from '../../messaging/index.js';
import { findAgent } from '../agents/agents.repository.js';
import { isWithinBusinessHours } from '../availability/availability.service.js';
import { insertMessage } from '../chat/chat.repository.js';
import { INBOX_SOURCE } from '../chat/chat.service.js';
import type { CsMessageRow } from '../chat/chat.tables.js';
import { toMessage } from '../chat/message.view.js';
import { findConfiguration } from '../configuration/configuration.repository.js';
import type { InboxDeps } from '../inbox.deps.js';
import { type InboxEvent, publishInboxEvents, roomAudience } from '../inbox.events.js';
import { toRoom } from '../rooms/room.view.js';
import { findRoom, recordMessageOnRoom, updateRoom } from '../rooms/rooms.repository.js';
import type { CsRoomRow } from '../rooms/rooms.tables.js';
import { listOnlineAgents } from '../routing/routing.repository.js';
import { routeRoom } from '../routing/routing.service.js';
import { advanceFlow, type FlowSend, type FlowStep, outsideWindow } from './bot-flow.js';
import {
  findBot,
  findProject,
  findProvider,
  findSession,
  insertSession,
  listActionRows,
  listUnhandledCustomerMessages,
  listValidationRows,
  lockSession,
  unsafeListStalledSessions,
  updateSession,
} from './bots.repository.js';
import type { CsBotRow, CsBotSessionRow } from './bots.tables.js';

export const BOT_TURN_JOB = 'inbox.bot-turn';
export const BOT_SWEEP_JOB = 'inbox.bot-sweep';
export type BotTurnJobData = { clientId: string; roomId: string };
type Enqueue = (name: string, data: object, options?: object) => Promise<unknown>;

/** What the bot engine needs: the inbox's database, socket and channel, and for external bots the network. */
export type BotDeps = Pick<InboxDeps, 'realtime' | 'messaging'> & {
  db: Database;
  /** Every call to an external bot service goes through the SSRF policy (decision 0035). */
  outbound?: OutboundHttp | undefined;
  /** Opens the providers' sealed signing secrets. */
  encryptionKey?: Buffer | undefined;
  log?: { warn(object: object, message: string): void } | undefined;
  /** Whether the client is inside its business hours at a moment; left out, the availability schedules say. */
  withinBusinessHours?: ((executor: Executor, clientId: string, at: Date) => Promise<boolean>) | undefined;
};

/**
 * Inside the arrival's transaction: the bot that takes a new conversation, or null for the agents'
 * queue. The client must start conversations in the bot (`initialState` 'bot', `chatBot` on), have
 * an active default bot, and that bot's schedule must say it answers now.
 */
export async function botForNewRoom(
  deps: Pick<BotDeps, 'withinBusinessHours'>,
  tx: Executor,
  clientId: string,
  config: CsConfig,
  at: Date,
  /** The client's default bot when the caller read it with the configuration; else read here. */
  knownDefaultBotId?: string | null,
): Promise<string | null> {
  if (config.initialState !== 'bot' || !config.chatBot) return null;
  const defaultBotId =
    knownDefaultBotId !== undefined
      ? knownDefaultBotId
      : (await findConfiguration(tx, clientId))?.defaultBotId;
  const bot = defaultBotId && isId(defaultBotId) ? await findBot(tx, clientId, { id: defaultBotId }) : null;
  if (!bot?.active) return null;
  const answers = botAnswers(bot.schedule, {
    withinBusinessHours:
      bot.schedule === 'outsideBusinessHours'
        ? await (deps.withinBusinessHours ?? isWithinBusinessHours)(tx, clientId, at)
        : true,
    agentsOnline: bot.schedule === 'noAgentOnline' ? (await listOnlineAgents(tx, clientId)).length > 0 : true,
  });
  return answers ? bot.id : null;
}

/**
 * Inside the arrival's transaction, for a message of a bot room: opens the room's session when the
 * bot just took it, and queues the bot's turn. The turn runs in a job, never in the webhook's request;
 * a lost job is picked up by the sweep.
 */
export async function botHeard(
  deps: { enqueue?: Enqueue | undefined; wake?: ((name: string) => void) | undefined; log?: BotDeps['log'] },
  tx: Executor,
  room: Pick<CsRoomRow, 'clientId' | 'id' | 'isBot'>,
  newBotId: string | null,
  afterCommit?: AfterCommit | null,
) {
  if (!room.isBot) return;
  if (newBotId) await insertSession(tx, { clientId: room.clientId, roomId: room.id, botId: newBotId });
  const { enqueue } = deps;
  if (!enqueue) return;
  const data: BotTurnJobData = { clientId: room.clientId, roomId: room.id };
  const failed = (error: unknown) =>
    deps.log?.warn({ err: error, ...data }, 'could not queue a bot turn; the sweep runs it');
  if (afterCommit) {
    // Queued once the message is committed, and the worker woken: the bot answers now, not at the
    // worker's next poll (decision 0044).
    afterCommit.add(async () => {
      await enqueue(BOT_TURN_JOB, data, { retryLimit: 3 }).catch(failed);
      deps.wake?.(BOT_TURN_JOB);
    });
    return;
  }
  // Not awaited: on PGlite the queue's insert waits for this transaction; the job starts a second later.
  void enqueue(BOT_TURN_JOB, data, { startAfter: 1, retryLimit: 3 }).catch(failed);
}

/** The provider's answer and the customer messages it answered. */
type ExternalOutcome = { steps: FlowStep[]; ids: Set<string> } | null;

const sign = (secret: string, body: string | Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

function signatureMatches(secret: string, body: Buffer, header: string | string[] | undefined) {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const handOff = (reason: string): FlowStep => ({ kind: 'handOff', tag: null, csId: null, reason });

/**
 * Asks an external bot service what to answer (outside any transaction): a signed POST of the
 * customer's new messages; its answer must be signed with the same secret. Anything else (not
 * connected, refused, unreachable, unsigned, malformed) hands the customer to the agents.
 */
async function askProvider(deps: BotDeps, bot: CsBotRow, session: CsBotSessionRow): Promise<ExternalOutcome> {
  const { db } = deps;
  const pending = await listUnhandledCustomerMessages(db, bot.clientId, session.roomId, cursorOf(session));
  if (pending.length === 0) return null;
  const ids = new Set(pending.map((message) => message.id));
  const project = bot.projectId ? await findProject(db, bot.clientId, bot.projectId) : null;
  const provider = project ? await findProvider(db, bot.clientId, project.provider, project.name) : null;
  if (!project || !provider?.connected || !provider.webhookUrl || !provider.secretSealed) {
    return { steps: [handOff('the bot provider is not connected')], ids };
  }
  if (!deps.outbound || !deps.encryptionKey) return { steps: [handOff('no network for bot providers')], ids };
  const room = await findRoom(db, bot.clientId, session.roomId);
  const customer = room ? await findCustomerByPhone(db, bot.clientId, room.customerPhoneNumber) : null;
  const secret = unseal(deps.encryptionKey, provider.secretSealed);
  const body = JSON.stringify({
    event: 'message',
    projectId: project.kataAiProjectId,
    botName: bot.botName,
    roomId: session.roomId,
    customer: {
      phoneNumber: room?.customerPhoneNumber ?? null,
      name: customer?.name ?? room?.customerName ?? null,
      userData: customer?.userData ?? {},
    },
    messages: pending.map((message) => ({
      id: message.id,
      type: message.type,
      text: message.content,
      sentAt: message.createdAt.toISOString(),
    })),
  });
  try {
    const response = await deps.outbound.request(provider.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BOT_SIGNATURE_HEADER]: sign(secret, body) },
      body,
      timeoutMs: 10_000,
      maxBytes: 256 * 1024,
    });
    if (response.status !== 200)
      return { steps: [handOff(`the bot provider answered ${response.status}`)], ids };
    if (!signatureMatches(secret, response.body, response.headers[BOT_SIGNATURE_HEADER])) {
      return { steps: [handOff('the bot provider’s answer was not signed with the shared secret')], ids };
    }
    const parsed = BotProviderReplySchema.safeParse(JSON.parse(response.body.toString('utf8')));
    if (!parsed.success) return { steps: [handOff('the bot provider’s answer was malformed')], ids };
    const reply = parsed.data;
    const steps: FlowStep[] = reply.messages.map((message) => ({
      kind: 'send',
      content:
        message.type === 'text'
          ? { type: 'text', text: message.text }
          : { type: 'buttons', text: message.text, buttons: message.buttons.map((button) => button.title) },
    }));
    for (const [key, value] of Object.entries(reply.userData)) steps.push({ kind: 'save', key, value });
    if (reply.handOff)
      steps.push({ kind: 'handOff', tag: reply.handOff.tag, csId: null, reason: 'the bot provider' });
    return { steps, ids };
  } catch (error) {
    deps.log?.warn({ err: error, roomId: session.roomId }, 'bot provider call failed');
    return { steps: [handOff('the bot provider could not be reached')], ids };
  }
}

function cursorOf(session: CsBotSessionRow) {
  return session.handledAt ? { at: session.handledAt, ids: session.handledIds } : null;
}

/** The cursor after a turn: the latest moment handled, and every message handled at that moment. */
function cursorAfter(session: CsBotSessionRow, handled: CsMessageRow[]) {
  const at = handled.reduce(
    (latest, m) => (m.createdAt > latest ? m.createdAt : latest),
    handled[0]!.createdAt,
  );
  const same = handled.filter((m) => m.createdAt.getTime() === at.getTime()).map((m) => m.id);
  const earlier = session.handledAt?.getTime() === at.getTime() ? session.handledIds : [];
  return { handledAt: at, handledIds: [...new Set([...earlier, ...same])] };
}

function outboundOf(content: Exclude<FlowSend, { type: 'template' }>): InboxContent {
  switch (content.type) {
    case 'text':
      return { kind: 'text', text: content.text };
    case 'image':
      return { kind: 'image', url: content.url, caption: content.caption };
    case 'buttons':
      return {
        kind: 'buttons',
        text: content.text,
        buttons: content.buttons.map((title, index) => ({ id: `bot-${index + 1}`, title })),
      };
  }
}

/** The bot's message as the agents read it in the transcript: buttons listed under the text. */
function transcriptOf(content: Exclude<FlowSend, { type: 'template' }>) {
  if (content.type === 'image') return { type: 'image', content: content.caption, url: content.url };
  if (content.type === 'buttons')
    return {
      type: 'text',
      content: [content.text, ...content.buttons.map((title) => `[${title}]`)].join('\n'),
      url: null,
    };
  return { type: 'text', content: content.text, url: null };
}

/**
 * One turn of a bot room (the job): the customer's messages since the last turn are answered, in
 * order, in one transaction holding the room's session, so a repeated job finds nothing left to do.
 */
export async function runBotTurn(deps: BotDeps, job: BotTurnJobData) {
  const { db } = deps;
  const first = await findSession(db, job.clientId, job.roomId);
  if (first?.status !== 'active') return;
  const bot = await findBot(db, job.clientId, { id: first.botId });
  const external = bot?.kind === 'external' && bot.active ? await askProvider(deps, bot, first) : null;
  // Read before the transaction: the channel's window is its own query (one connection on PGlite).
  const firstRoom = await findRoom(db, job.clientId, job.roomId);
  const windowOpen =
    firstRoom && deps.messaging
      ? (
          await deps.messaging.customerWindow(
            job.clientId,
            'whatsapp',
            firstRoom.customerPhoneNumber,
            firstRoom.channelId,
          )
        ).open
      : false;
  const queued = await db.transaction(async (tx) => {
    const session = await lockSession(tx, job.clientId, job.roomId);
    if (session?.status !== 'active') return [];
    const room = await findRoom(tx, job.clientId, job.roomId);
    if (!room || room.status === 'closed' || !room.isBot) {
      await updateSession(tx, job.clientId, job.roomId, {
        status: room?.status === 'closed' ? 'closed' : 'handedOff',
      });
      return [];
    }
    const messages = await listUnhandledCustomerMessages(tx, job.clientId, job.roomId, cursorOf(session));
    const handled = external ? messages.filter((m) => external.ids.has(m.id)) : messages;
    if (handled.length === 0) return [];
    let steps: FlowStep[] = [];
    let state = { state: session.state, retries: session.retries };
    let status: CsBotSessionRow['status'] = 'active';
    if (!bot?.active) {
      steps = [handOff('the bot is off')];
      status = 'handedOff';
    } else if (external) {
      steps = external.steps;
      if (steps.some((step) => step.kind === 'handOff')) status = 'handedOff';
    } else if (bot.kind === 'flow') {
      const actions = await listActionRows(tx, job.clientId, [bot.id]);
      const { rows } = await listValidationRows(tx, job.clientId, bot.id);
      const validations = new Map(rows.map((row) => [row.stateName, row]));
      for (const message of handled) {
        const result = advanceFlow(actions, validations, state, message.content);
        steps.push(...result.steps);
        state = { state: result.state, retries: result.retries };
        status = result.status;
        if (status !== 'active') break;
      }
    }
    // Outside the customer's 24-hour window the bot sends only its template actions; the rest is
    // skipped with the reason, and a question nobody can answer hands off (decision 0044).
    if (!windowOpen) ({ steps, status } = outsideWindow({ steps, status }));
    const turn = new BotTurn(deps, tx, room, bot?.botName ?? 'Bot', { ...session.collected });
    for (const step of steps) {
      await turn.apply(step);
      if (step.kind === 'handOff' || step.kind === 'close') break;
    }
    await updateSession(tx, job.clientId, job.roomId, {
      state: state.state,
      retries: state.retries,
      status,
      collected: turn.collected,
      ...cursorAfter(session, handled),
    });
    await publishInboxEvents(deps, tx, job.clientId, turn.events);
    return turn.queued;
  });
  for (const row of queued) deps.messaging?.dispatch(row);
}

/** The effects of one turn inside its transaction: messages sent, data stored, the room handed off. */
class BotTurn {
  readonly events: InboxEvent[] = [];
  readonly queued: Parameters<NonNullable<BotDeps['messaging']>['dispatch']>[0][] = [];
  constructor(
    private readonly deps: BotDeps,
    private readonly tx: Executor,
    private room: CsRoomRow,
    private readonly botName: string,
    readonly collected: Record<string, string>,
  ) {}

  async apply(step: FlowStep) {
    switch (step.kind) {
      case 'send':
        return this.send(step.content, step.action);
      case 'save':
        return this.save(step.key, step.value);
      case 'skip':
        return this.skip(step.action, step.reason);
      case 'handOff':
        return this.handOff(step);
      case 'close':
        return this.close();
    }
  }

  private async insertInternal(type: string, content: string) {
    const row = await insertMessage(this.tx, {
      clientId: this.room.clientId,
      id: newId(),
      roomId: this.room.id,
      channel: this.room.channel,
      type,
      content,
      fromCs: true,
      csId: null,
      isInternal: true,
      authorName: this.botName,
      status: null,
    });
    return row;
  }

  /** Recorded for the agents as an internal note: what the bot did not send, and why. */
  private async skip(action: string | undefined, reason: string) {
    const note = await this.insertInternal(
      NOTE_MESSAGE_TYPE,
      `The bot skipped ${action ? `the action ${action}` : 'a message'}: ${reason}.`,
    );
    this.events.push({
      audience: roomAudience(this.room.csId),
      typeNotif: 'NEW_MESSAGE',
      messageId: note.id,
      data: { roomId: this.room.id },
      chat: toMessage(note),
      chatroom: toRoom(this.room),
    });
  }

  /**
   * A template action: checked again on the conversation's own number (it may have been paused since
   * the flow was saved), its values filled from the customer's data, sent like an agent's template.
   */
  private async sendTemplate(content: Extract<FlowSend, { type: 'template' }>, action: string | undefined) {
    const { tx, room } = this;
    const usability = await templateUsability(tx, room.clientId, content, room.channelId);
    if (!usability.usable) {
      const why =
        usability.reason === 'not_found'
          ? `this number has no WhatsApp template ${content.name} (${content.language})`
          : `the WhatsApp template ${content.name} is ${usability.status}, not APPROVED`;
      return this.skip(action, why);
    }
    const customer = await findCustomerByPhone(tx, room.clientId, room.customerPhoneNumber);
    // `{{name}}` is the customer's WhatsApp name until they tell the bot theirs.
    const parameters = fillTemplateParameters(content.parameters, {
      name: customer?.name ?? room.customerName,
      ...(customer?.userData ?? {}),
      ...this.collected,
    });
    return this.store(
      { type: 'template', content: fillVariables(usability.body, parameters), url: null },
      { kind: 'template', templateName: content.name, language: content.language, parameters },
    );
  }

  private async send(content: FlowSend, action?: string) {
    if (content.type === 'template') return this.sendTemplate(content, action);
    return this.store(transcriptOf(content), outboundOf(content));
  }

  private async store(
    shown: { type: string; content: string | null; url: string | null },
    outbound: InboxContent,
  ) {
    const { tx, room } = this;
    const message = await insertMessage(tx, {
      clientId: room.clientId,
      id: newId(),
      roomId: room.id,
      channel: room.channel,
      type: shown.type,
      content: shown.content,
      url: shown.url,
      fromCs: true,
      csId: null,
      isInternal: false,
      authorName: this.botName,
      status: this.deps.messaging ? 'pending' : null,
    });
    this.room =
      (await recordMessageOnRoom(tx, room.clientId, room.id, {
        preview: shown.content ?? `[${shown.type}]`,
        fromCs: true,
        at: message.createdAt,
      })) ?? room;
    if (this.deps.messaging) {
      const row = await this.deps.messaging.queueMessage(tx, room.clientId, {
        channel: 'whatsapp',
        channelAccountId: room.channelId,
        recipient: room.customerPhoneNumber,
        content: outbound,
        source: INBOX_SOURCE,
        sourceRef: message.id,
        idempotencyKey: `${INBOX_SOURCE}:${message.id}`,
      });
      this.queued.push(row);
    }
    this.events.push({
      audience: roomAudience(this.room.csId),
      typeNotif: 'NEW_MESSAGE',
      messageId: message.id,
      data: { roomId: room.id },
      chat: toMessage(message),
      chatroom: toRoom(this.room),
    });
  }

  private async save(key: string, value: string) {
    const { tx, room } = this;
    this.collected[key] = value;
    await mergeCustomerUserData(tx, room.clientId, room.customerPhoneNumber, { [key]: value });
    // A name the customer gave names the conversation in the agents' lists.
    if (key === 'name')
      this.room = (await updateRoom(tx, room.clientId, room.id, { customerName: value })) ?? room;
  }

  /**
   * Out of the bot queue into normal routing (or straight to the named agent), with the transcript
   * where it is, a room event saying who handed it over, and a note listing what the bot collected.
   */
  private async handOff(step: Extract<FlowStep, { kind: 'handOff' }>) {
    const { tx, room } = this;
    const clientId = room.clientId;
    const agent = step.csId ? await findAgent(tx, clientId, { csId: step.csId }) : null;
    const toAgent = agent?.kind === 'cs' && !agent.deleted && !agent.deactivated ? agent : null;
    const reason = `handed off by bot ${this.botName}: ${step.reason}`;
    let updated: CsRoomRow;
    if (toAgent) {
      updated = (await updateRoom(tx, clientId, room.id, {
        isBot: false,
        status: 'open',
        csId: toAgent.id,
        assignedAt: new Date(),
        assignmentReason: reason,
      }))!;
    } else {
      await updateRoom(tx, clientId, room.id, {
        isBot: false,
        status: 'queued',
        csId: null,
        assignedAt: null,
        ...(step.tag ? { tags: [step.tag] } : {}),
        assignmentReason: reason,
      });
      await routeRoom(this.deps, tx, clientId, room.id);
      updated = (await findRoom(tx, clientId, room.id))!;
    }
    const toName = updated.csId
      ? ((await findAgent(tx, clientId, { csId: updated.csId }))?.name ?? null)
      : null;
    const event: RoomEvent = {
      event: toAgent ? 'transferred' : 'queued',
      from: this.botName,
      to: toName,
      tag: toAgent ? null : step.tag,
      by: this.botName,
    };
    const recorded = [await this.insertInternal(ROOM_EVENT_MESSAGE_TYPE, JSON.stringify(event))];
    const collected = Object.entries(this.collected);
    if (collected.length > 0) {
      recorded.push(
        await this.insertInternal(
          NOTE_MESSAGE_TYPE,
          collected.map(([key, value]) => `${key}: ${value}`).join('\n'),
        ),
      );
    }
    this.room = updated;
    this.events.push({
      audience: { csIds: updated.csId ? [updated.csId] : [], chatRoles: ['SPV', 'CS'] },
      typeNotif: 'ROOM_TRANSFERRED',
      data: {
        roomId: room.id,
        fromCsId: null,
        ...(step.tag && !toAgent ? { toTag: step.tag } : {}),
        toCsId: updated.csId,
        by: `bot:${this.botName}`,
      },
      chatroom: toRoom(updated),
    });
    for (const message of recorded) {
      this.events.push({
        audience: roomAudience(updated.csId),
        typeNotif: 'NEW_MESSAGE',
        messageId: message.id,
        data: { roomId: room.id },
        chat: toMessage(message),
        chatroom: toRoom(updated),
      });
    }
  }

  private async close() {
    const { tx, room } = this;
    const closedBy = `bot:${this.botName}`;
    const closed = await updateRoom(tx, room.clientId, room.id, {
      status: 'closed',
      closedAt: new Date(),
      closedBy,
      remarks: `Closed by the bot ${this.botName}`,
      unreadCount: 0,
    });
    if (!closed) return;
    this.room = closed;
    this.events.push({
      audience: roomAudience(closed.csId),
      typeNotif: 'ROOM_CLOSED',
      data: { roomId: room.id, closedBy },
      chatroom: toRoom(closed),
    });
  }
}

/** Turns whose job was lost (a crash between commit and queueing): at most a few hundred a minute. */
export async function sweepBotTurns(deps: BotDeps) {
  let ran = 0;
  for (const job of await unsafeListStalledSessions(deps.db, 200)) {
    await runBotTurn(deps, job).catch((error: unknown) =>
      deps.log?.warn({ err: error, ...job }, 'bot turn failed; the next sweep tries again'),
    );
    ran++;
  }
  return ran;
}
