import {
  AUTHENTICATION_BODY,
  type ParsedTemplateDraft,
  TEMPLATE_HEADER_MEDIA_TYPES,
  type TemplateStatus,
  variableSequenceProblem,
  type WhatsappTemplate,
} from '@sapa/contracts';
import { z } from 'zod';
import { isId, newId } from '../../../lib/ids.js';
import { type AuditActor, recordAudit } from '../../../platform/audit/index.js';
import type { Database } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import type { OutboundHttp } from '../../../platform/outbound-http.js';
import { type Keys, unseal } from '../../../platform/secrets.js';
import { detectedMediaType, type Storage, type StoredFile } from '../../../platform/storage/index.js';
import { signatureMatches, signBody } from '../channels/whatsapp/webhook-signature.js';
import { invalidSignature } from '../channels/whatsapp/whatsapp.errors.js';
import { type ChannelRow, findChannel } from '../channels/whatsapp/whatsapp.repository.js';
import type { WebhookEnvelope } from '../channels/whatsapp/whatsapp.wire.js';
import {
  categoryOf,
  draftOfGraphComponents,
  graphComponentsOf,
  type StoredDraft,
  sendComponentsOf,
  type TemplateSendValues,
} from './template-components.js';
import {
  ALREADY_EXISTS_SUBCODE,
  type GraphTemplate,
  GraphTemplateError,
  graphCreateTemplate,
  graphDeleteTemplate,
  graphListTemplates,
  graphUploadSample,
  type HeaderSample,
  sandboxUploadSample,
  type WabaEndpoint,
} from './template-graph.js';
import {
  templateBeingDeleted,
  templateChannelNotFound,
  templateNameTaken,
  templateNotApproved,
  templateNotFound,
  templateSampleNotFound,
  templateSampleWrongKind,
  wabaNotConfigured,
} from './whatsapp-templates.errors.js';
import {
  deleteTemplateRow,
  findTemplate,
  findTemplateByName,
  insertTemplate,
  listDueReviews,
  listTemplates,
  listTemplatesOfChannel,
  type TemplateListRow,
  type TemplateRow,
  unsafeFindChannelsByWabaIds,
  updateTemplate,
} from './whatsapp-templates.repository.js';

export const SUBMIT_TEMPLATE_JOB = 'whatsapp.template-submit';
export const DELETE_TEMPLATE_JOB = 'whatsapp.template-delete';
export const SYNC_TEMPLATES_JOB = 'whatsapp.template-sync';
export const SANDBOX_REVIEW_JOB = 'whatsapp.template-sandbox-review';
/** The webhook field Meta sends a template's review outcome in. */
export const TEMPLATE_STATUS_FIELD = 'message_template_status_update';
/** Meta reviews most templates within minutes; the sandbox takes this long (seconds). */
export const SANDBOX_REVIEW_SECONDS = 60;

type Enqueue = (name: string, data: object, options?: { startAfter?: number }) => Promise<unknown>;

export type WhatsappTemplatesDeps = {
  db: Database;
  keys: Keys;
  outbound: OutboundHttp;
  graphBaseUrl: string;
  /** Media header samples are stored files of the client (platform storage; messaging never reads campaigns). */
  storage: Storage;
  /** Where providers fetch a shared file link from (config `PUBLIC_URL`). */
  publicUrl: string;
  enqueue: Enqueue;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** The WhatsApp webhook path: the sandbox's review outcome travels it, signed, like Meta's. */
  postWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
  clock?: () => Date;
  sandboxReviewSeconds?: number;
};

/** Meta's `message_template_status_update` value (the fields we read). */
const StatusUpdateSchema = z.looseObject({
  event: z.string().max(40),
  message_template_id: z.union([z.string().max(40), z.number()]).optional(),
  message_template_name: z.string().max(512).optional(),
  message_template_language: z.string().max(20).optional(),
  reason: z.string().max(200).nullish(),
  other_info: z
    .looseObject({ title: z.string().max(200).optional(), description: z.string().max(1000).optional() })
    .optional(),
});

/** Meta's events as our statuses; FLAGGED keeps the template usable (its quality dropped). */
const EVENT_STATUS: Record<string, TemplateStatus> = {
  APPROVED: 'APPROVED',
  REINSTATED: 'APPROVED',
  FLAGGED: 'APPROVED',
  REJECTED: 'REJECTED',
  PENDING: 'PENDING',
  PAUSED: 'PAUSED',
  DISABLED: 'DISABLED',
  IN_APPEAL: 'IN_APPEAL',
  PENDING_DELETION: 'DELETING',
};

/** The words of Meta's rejection reason codes, for the list's reason column. */
const REASON_WORDS: Record<string, string> = {
  INVALID_FORMAT: 'the template is not formatted as Meta requires',
  ABUSIVE_CONTENT: 'the content breaks WhatsApp policy',
  SCAM: 'the content looks like a scam',
  INCORRECT_CATEGORY: 'the content does not fit the category',
  TAG_CONTENT_MISMATCH: 'the content does not match the category',
};

function reasonOf(reason: string | null | undefined, other?: { title?: string; description?: string }) {
  const parts: string[] = [];
  if (reason && reason !== 'NONE')
    parts.push(REASON_WORDS[reason] ? `${reason}: ${REASON_WORDS[reason]}` : reason);
  if (other?.title || other?.description)
    parts.push([other.title, other.description].filter(Boolean).join(': '));
  return parts.length > 0 ? parts.join(' — ') : null;
}

const statusOfGraph = (status: string): TemplateStatus | null => EVENT_STATUS[status.toUpperCase()] ?? null;

export function toTemplate(row: TemplateListRow): WhatsappTemplate {
  return {
    id: row.id,
    channelId: row.channelId,
    displayPhoneNumber: row.displayPhoneNumber,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    reason: row.reason,
    providerTemplateId: row.providerTemplateId,
    draft: row.draft as StoredDraft,
    statusAt: row.statusAt?.toISOString() ?? null,
    syncedAt: row.syncedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Meta-like review of the sandbox: the rules Meta's reviewers apply that a form cannot decide. */
const SHORTENER = /\b(bit\.ly|tinyurl\.com|goo\.gl|t\.co|s\.id|cutt\.ly)\//i;
const SCAM_WORDS =
  /\b(lottery|jackpot|you have won|guaranteed (?:profit|income|returns)|send your pin|kirim pin)\b/i;
const PROMOTION_WORDS = /\b(discount|promo|sale|% off|diskon|voucher|cashback)\b/i;

export function sandboxReview(row: Pick<TemplateRow, 'category' | 'draft'>): {
  event: 'APPROVED' | 'REJECTED';
  reason: string;
} {
  const draft = row.draft as StoredDraft;
  if (row.category === 'AUTHENTICATION') return { event: 'APPROVED', reason: 'NONE' };
  const texts = [
    draft.header?.format === 'TEXT' ? draft.header.text : '',
    draft.body.text,
    draft.footer ?? '',
  ];
  if (variableSequenceProblem(draft.body.text)) return { event: 'REJECTED', reason: 'INVALID_FORMAT' };
  const urls = draft.buttons.flatMap((button) => (button.type === 'URL' ? [button.url] : []));
  if ([...texts, ...urls].some((text) => SHORTENER.test(text)))
    return { event: 'REJECTED', reason: 'INVALID_FORMAT' };
  if (texts.some((text) => SCAM_WORDS.test(text))) return { event: 'REJECTED', reason: 'SCAM' };
  if (row.category === 'UTILITY' && texts.some((text) => PROMOTION_WORDS.test(text)))
    return { event: 'REJECTED', reason: 'INCORRECT_CATEGORY' };
  return { event: 'APPROVED', reason: 'NONE' };
}

export type WhatsappTemplates = ReturnType<typeof createWhatsappTemplates>;

export function createWhatsappTemplates(deps: WhatsappTemplatesDeps) {
  const { db, keys } = deps;
  const clock = deps.clock ?? (() => new Date());
  const reviewSeconds = deps.sandboxReviewSeconds ?? SANDBOX_REVIEW_SECONDS;

  const endpointOf = (channel: ChannelRow): WabaEndpoint => {
    if (!channel.wabaId || !channel.accessTokenSealed) throw wabaNotConfigured();
    return {
      outbound: deps.outbound,
      graphBaseUrl: deps.graphBaseUrl,
      wabaId: channel.wabaId,
      accessToken: unseal(keys.encryption, channel.accessTokenSealed),
    };
  };

  /**
   * The stored file a media header names as its sample: the client's own (another client's id, or
   * none, answers 404) and of the header's kind by its stored type.
   */
  async function sampleFileOf(clientId: string, header: StoredDraft['header'] | undefined) {
    if (!header || header.format === 'TEXT' || !header.exampleFileId) return null;
    let file: StoredFile | null = null;
    if (isId(header.exampleFileId)) {
      try {
        file = await deps.storage.get(db, clientId, header.exampleFileId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    if (!file) throw templateSampleNotFound();
    const allowed: readonly string[] = TEMPLATE_HEADER_MEDIA_TYPES[header.format];
    if (!allowed.includes(file.mimeType)) throw templateSampleWrongKind(header.format, allowed);
    return { file, format: header.format, allowed };
  }

  /** The sample's bytes for an upload, checked again by what they are (not only by the stored type). */
  async function sampleOf(clientId: string, draft: StoredDraft): Promise<HeaderSample | null> {
    const found = await sampleFileOf(clientId, draft.header);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of deps.storage.open(found.file)) chunks.push(Buffer.from(chunk as Buffer));
    const bytes = Buffer.concat(chunks);
    const type = detectedMediaType(bytes);
    if (!type || !found.allowed.includes(type)) throw templateSampleWrongKind(found.format, found.allowed);
    const extension = type.split('/')[1] === 'jpeg' ? 'jpg' : type.split('/')[1];
    return { bytes, mimeType: type, fileName: found.file.fileName?.slice(0, 200) || `sample.${extension}` };
  }

  async function channelOf(clientId: string, channelId: string) {
    const channel = isId(channelId) ? await findChannel(db, clientId, channelId) : null;
    if (!channel) throw templateChannelNotFound();
    return channel;
  }

  async function loaded(clientId: string, templateId: string) {
    const row = isId(templateId) ? await findTemplate(db, clientId, templateId) : null;
    if (!row) throw templateNotFound();
    const channel = await findChannel(db, clientId, row.channelId);
    if (!channel) throw templateNotFound();
    return { row, channel };
  }

  const asListed = (row: TemplateRow, channel: ChannelRow) =>
    toTemplate({ ...row, displayPhoneNumber: channel.displayPhoneNumber });

  const queue = (name: string, data: object, options?: { startAfter?: number }) =>
    deps.enqueue(name, data, options).catch((error: unknown) => {
      deps.log.warn({ err: error, job: name }, 'could not queue a WhatsApp template job');
      throw error;
    });

  async function list(
    clientId: string,
    query: {
      channelId?: string | undefined;
      status?: TemplateStatus | undefined;
      search?: string | undefined;
      pageSize: number;
      pageNumber: number;
    },
  ) {
    if (query.channelId !== undefined && !isId(query.channelId))
      return { pageSize: query.pageSize, pageNumber: query.pageNumber, total: 0, items: [] };
    const page = await listTemplates(
      db,
      clientId,
      {
        ...(query.channelId ? { channelId: query.channelId } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.search?.trim() ? { search: query.search.trim() } : {}),
      },
      query,
    );
    return {
      pageSize: query.pageSize,
      pageNumber: query.pageNumber,
      total: page.total,
      items: page.items.map(toTemplate),
    };
  }

  async function create(caller: AuditActor, draft: ParsedTemplateDraft) {
    const clientId = caller.actor.clientId;
    const channel = await channelOf(clientId, draft.channelId);
    if (channel.provider === 'cloud') endpointOf(channel);
    if (draft.category !== 'AUTHENTICATION') await sampleFileOf(clientId, draft.header ?? null);
    const stored: StoredDraft =
      draft.category === 'AUTHENTICATION'
        ? {
            header: null,
            body: { text: AUTHENTICATION_BODY, examples: ['123456'] },
            footer: null,
            buttons: draft.buttons,
            securityRecommendation: draft.securityRecommendation,
            codeExpirationMinutes: draft.codeExpirationMinutes ?? null,
          }
        : {
            header: draft.header ?? null,
            body: { text: draft.body.text, examples: draft.body.examples },
            footer: draft.footer ?? null,
            buttons: draft.buttons,
            securityRecommendation: false,
            codeExpirationMinutes: null,
          };
    const row = await db.transaction(async (tx) => {
      const inserted = await insertTemplate(tx, {
        clientId,
        id: newId(),
        channelId: channel.id,
        name: draft.name,
        language: draft.language,
        category: draft.category,
        status: 'SUBMITTING',
        draft: stored,
      });
      if (!inserted) throw templateNameTaken();
      await recordAudit(tx, caller, {
        clientId,
        action: 'whatsapp_template.create',
        entityType: 'whatsapp_template',
        entityId: inserted.id,
        before: null,
        after: {
          name: inserted.name,
          language: inserted.language,
          category: inserted.category,
          channelId: channel.id,
        },
      });
      return inserted;
    });
    await queue(SUBMIT_TEMPLATE_JOB, { clientId, templateId: row.id });
    return asListed(row, channel);
  }

  async function get(clientId: string, templateId: string) {
    const { row, channel } = await loaded(clientId, templateId);
    return asListed(row, channel);
  }

  async function remove(caller: AuditActor, templateId: string) {
    const clientId = caller.actor.clientId;
    const { row, channel } = await loaded(clientId, templateId);
    if (row.status === 'DELETING') throw templateBeingDeleted();
    const updated = await db.transaction(async (tx) => {
      const marked = await updateTemplate(tx, clientId, row.id, { status: 'DELETING' });
      await recordAudit(tx, caller, {
        clientId,
        action: 'whatsapp_template.delete',
        entityType: 'whatsapp_template',
        entityId: row.id,
        before: { name: row.name, language: row.language, status: row.status },
        after: null,
      });
      return marked ?? row;
    });
    await queue(DELETE_TEMPLATE_JOB, { clientId, templateId: row.id });
    return asListed(updated, channel);
  }

  async function requestSync(clientId: string, channelId: string) {
    const channel = await channelOf(clientId, channelId);
    if (channel.provider === 'cloud') endpointOf(channel);
    await queue(SYNC_TEMPLATES_JOB, { clientId, channelId: channel.id });
    return { queued: true as const };
  }

  /** Job: submits a SUBMITTING template for review. Ran twice, the second finds it submitted (or adopts Meta's). */
  async function submit(job: { clientId: string; templateId: string }) {
    const row = await findTemplate(db, job.clientId, job.templateId);
    if (row?.status !== 'SUBMITTING') return;
    const channel = await findChannel(db, row.clientId, row.channelId);
    if (!channel) return;
    const now = clock();
    const draft = row.draft as StoredDraft;
    let sample: HeaderSample | null;
    try {
      sample = await sampleOf(row.clientId, draft);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The sample was deleted or changed after the draft was made: nothing to show Meta's reviewers.
      await updateTemplate(db, row.clientId, row.id, {
        status: 'FAILED',
        reason: `The header sample cannot be uploaded: ${error.message}`,
        statusAt: now,
      });
      return;
    }
    if (channel.provider === 'sandbox') {
      // The sandbox takes the sample as Meta's upload does and answers with a handle for the header.
      if (sample) {
        const handle = sandboxUploadSample(sample);
        deps.log.info(
          {
            clientId: row.clientId,
            templateId: row.id,
            components: graphComponentsOf(row.category, draft, handle).length,
          },
          'sandbox template sample uploaded',
        );
      }
      await updateTemplate(db, row.clientId, row.id, {
        status: 'PENDING',
        providerTemplateId: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)),
        statusAt: now,
        reviewDueAt: new Date(now.getTime() + reviewSeconds * 1000),
      });
      await queue(
        SANDBOX_REVIEW_JOB,
        { clientId: row.clientId, channelId: channel.id },
        { startAfter: reviewSeconds },
      );
      return;
    }
    let endpoint: WabaEndpoint;
    try {
      endpoint = endpointOf(channel);
    } catch (error) {
      await updateTemplate(db, row.clientId, row.id, {
        status: 'FAILED',
        reason: (error as Error).message,
        statusAt: now,
      });
      return;
    }
    try {
      const handle = sample ? await graphUploadSample(endpoint, sample) : undefined;
      const answer = await graphCreateTemplate(endpoint, {
        name: row.name,
        language: row.language,
        category: row.category,
        components: graphComponentsOf(row.category, draft, handle),
      });
      await updateTemplate(db, row.clientId, row.id, {
        status: statusOfGraph(answer.status ?? 'PENDING') ?? 'PENDING',
        providerTemplateId: answer.id,
        reason: null,
        statusAt: now,
        ...(categoryOf(answer.category) ? { category: categoryOf(answer.category)! } : {}),
      });
    } catch (error) {
      if (!(error instanceof GraphTemplateError)) throw error;
      if (error.subcode === ALREADY_EXISTS_SUBCODE) {
        // A submission whose answer was lost (or made elsewhere): take Meta's copy.
        const [found] = (await graphListTemplates(endpoint, row.name)).filter(
          (t) => t.language === row.language,
        );
        if (found) {
          await applyGraphTemplate(row, found, now);
          return;
        }
      }
      if (error.retryable) throw error;
      deps.log.warn(
        { clientId: row.clientId, templateId: row.id, code: error.code },
        'whatsapp template submission refused',
      );
      await updateTemplate(db, row.clientId, row.id, {
        status: 'FAILED',
        reason: error.message,
        statusAt: now,
      });
    }
  }

  async function applyGraphTemplate(row: TemplateRow, graph: GraphTemplate, now: Date) {
    const status = statusOfGraph(graph.status);
    await updateTemplate(db, row.clientId, row.id, {
      ...(status ? { status } : {}),
      providerTemplateId: graph.id,
      reason: status === 'REJECTED' || status === 'PAUSED' ? reasonOf(graph.rejected_reason) : null,
      ...(categoryOf(graph.category) ? { category: categoryOf(graph.category)! } : {}),
      statusAt: now,
      syncedAt: now,
    });
  }

  /** Job: removes the template from the business account, then from here. Gone already is done. */
  async function deleteJob(job: { clientId: string; templateId: string }) {
    const row = await findTemplate(db, job.clientId, job.templateId);
    if (row?.status !== 'DELETING') return;
    const channel = await findChannel(db, row.clientId, row.channelId);
    if (channel?.provider === 'cloud' && row.providerTemplateId) {
      try {
        await graphDeleteTemplate(endpointOf(channel), row.name, row.providerTemplateId);
      } catch (error) {
        if (!(error instanceof GraphTemplateError)) throw error;
        // 404 / "does not exist": what we wanted.
        if (error.retryable) throw error;
        if (error.status !== 404 && error.code !== 100) {
          deps.log.warn(
            { clientId: row.clientId, templateId: row.id, code: error.code },
            'whatsapp template delete refused',
          );
          await updateTemplate(db, row.clientId, row.id, {
            status: 'FAILED',
            reason: `Delete refused. ${error.message}`,
          });
          return;
        }
      }
    }
    await deleteTemplateRow(db, row.clientId, row.id);
  }

  /** Job: every template of the business account; ours get Meta's status, others are added. */
  async function sync(job: { clientId: string; channelId: string }) {
    const channel = await findChannel(db, job.clientId, job.channelId);
    if (!channel) return;
    if (channel.provider === 'sandbox') {
      await runSandboxReviews(job);
      return;
    }
    const now = clock();
    const remote = await graphListTemplates(endpointOf(channel));
    const ours = await listTemplatesOfChannel(db, channel.clientId, channel.id);
    for (const graph of remote) {
      const mine = ours.find((row) => row.name === graph.name && row.language === graph.language);
      if (mine) {
        if (mine.status !== 'DELETING') await applyGraphTemplate(mine, graph, now);
        continue;
      }
      const category = categoryOf(graph.category);
      const status = statusOfGraph(graph.status);
      if (!category || !status) continue;
      await insertTemplate(db, {
        clientId: channel.clientId,
        id: newId(),
        channelId: channel.id,
        name: graph.name,
        language: graph.language,
        category,
        status,
        reason: status === 'REJECTED' || status === 'PAUSED' ? reasonOf(graph.rejected_reason) : null,
        providerTemplateId: graph.id,
        draft: draftOfGraphComponents(graph.components),
        statusAt: now,
        syncedAt: now,
      });
    }
  }

  /**
   * The sandbox's review: templates of the number whose delay has passed are approved or rejected
   * (Meta's rules of `sandboxReview`), and the outcome is posted as a signed
   * `message_template_status_update` webhook through the real webhook path.
   */
  async function runSandboxReviews(job: { clientId: string; channelId: string }) {
    const channel = await findChannel(db, job.clientId, job.channelId);
    if (channel?.provider !== 'sandbox') return 0;
    const due = await listDueReviews(db, channel.clientId, channel.id, clock());
    if (due.length === 0) return 0;
    const time = Math.floor(clock().getTime() / 1000);
    const envelope = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: channel.wabaId ?? channel.phoneNumberId,
          time,
          changes: due.map((row) => {
            const outcome = sandboxReview(row);
            return {
              field: TEMPLATE_STATUS_FIELD,
              value: {
                event: outcome.event,
                message_template_id: Number(row.providerTemplateId),
                message_template_name: row.name,
                message_template_language: row.language,
                reason: outcome.reason,
              },
            };
          }),
        },
      ],
    };
    const raw = Buffer.from(JSON.stringify(envelope));
    await deps.postWebhook(raw, signBody(unseal(keys.encryption, channel.appSecretSealed), raw));
    return due.length;
  }

  /**
   * The template part of a webhook delivery: answers false when it has none. Entries name the business
   * account (`entry.id`): the signature must match the app secret of every number of that account, or
   * the whole delivery is refused. An event older than the one applied last (a replay) changes nothing.
   */
  async function receiveWebhook(envelope: WebhookEnvelope, rawBody: Buffer, signature: string | undefined) {
    const entries = envelope.entry
      .map((entry) => ({
        entry,
        changes: entry.changes.filter((change) => change.field === TEMPLATE_STATUS_FIELD),
      }))
      .filter((item) => item.changes.length > 0 && item.entry.id);
    if (entries.length === 0) return false;
    const accounts = [...new Set(entries.map((item) => item.entry.id!))];
    const channels = await unsafeFindChannelsByWabaIds(db, accounts);
    if (channels.length === 0) throw invalidSignature();
    for (const channel of channels) {
      if (!signatureMatches(unseal(keys.encryption, channel.appSecretSealed), rawBody, signature))
        throw invalidSignature();
    }
    for (const { entry, changes } of entries) {
      const time = typeof entry.time === 'number' && Number.isFinite(entry.time) ? entry.time : null;
      const at = time ? new Date(time * 1000) : clock();
      const owners = channels.filter(
        (channel) =>
          (channel.wabaId ?? channel.phoneNumberId) === entry.id || channel.phoneNumberId === entry.id,
      );
      for (const change of changes) {
        const update = StatusUpdateSchema.safeParse(change.value);
        const status = update.success ? EVENT_STATUS[update.data.event.toUpperCase()] : undefined;
        if (!update.success || !status) {
          deps.log.warn({ waba: entry.id }, 'whatsapp template webhook not understood; ignored');
          continue;
        }
        await applyStatusUpdate(owners, update.data, status, at);
      }
    }
    return true;
  }

  async function applyStatusUpdate(
    owners: ChannelRow[],
    update: z.infer<typeof StatusUpdateSchema>,
    status: TemplateStatus,
    at: Date,
  ) {
    const providerId = update.message_template_id === undefined ? null : String(update.message_template_id);
    for (const channel of owners) {
      const rows = await listTemplatesOfChannel(db, channel.clientId, channel.id);
      const row =
        rows.find((r) => providerId !== null && r.providerTemplateId === providerId) ??
        rows.find(
          (r) => r.name === update.message_template_name && r.language === update.message_template_language,
        );
      if (!row) continue;
      await db.transaction(async (tx) => {
        const current = await findTemplate(tx, row.clientId, row.id);
        // A replayed or late event: an older one never moves a newer status back.
        if (!current || (current.statusAt && current.statusAt.getTime() > at.getTime())) return;
        if (current.status === 'DELETING' && status !== 'DELETING') return;
        await updateTemplate(tx, row.clientId, row.id, {
          status,
          reason:
            status === 'APPROVED' && update.event !== 'FLAGGED'
              ? null
              : reasonOf(update.reason, update.other_info),
          statusAt: at,
          reviewDueAt: null,
        });
      });
    }
  }

  /**
   * The components of a template send on this number. A template we do not know (made elsewhere and
   * not synced yet) is sent as the send names it; one we know must be APPROVED.
   */
  async function sendComponents(
    channel: ChannelRow,
    message: { templateName: string; language: string } & TemplateSendValues,
  ): Promise<Record<string, unknown>[] | null> {
    const row = await findTemplateByName(
      db,
      channel.clientId,
      channel.id,
      message.templateName,
      message.language,
    );
    if (!row) return null;
    if (row.status !== 'APPROVED') throw templateNotApproved(row.name, row.status);
    return sendComponentsOf(
      row.category,
      row.draft as StoredDraft,
      message,
      (fileId) => `${deps.publicUrl.replace(/\/+$/, '')}${deps.storage.sharedPath(channel.clientId, fileId)}`,
    );
  }

  return {
    list,
    create,
    get,
    remove,
    requestSync,
    submit,
    deleteJob,
    sync,
    runSandboxReviews,
    receiveWebhook,
    sendComponents,
  };
}
