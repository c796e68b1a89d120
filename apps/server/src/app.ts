import { hkdfSync } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import type { Config } from './config.js';
import { isId, newId } from './lib/ids.js';
import { ApprovalRegistry, approvalsRoutes } from './modules/approvals/index.js';
import {
  batchesJobs,
  type CampaignPdfs,
  campaignPdfJobs,
  campaignPdfRoutes,
  campaignsRoutes,
  createBatchProgressPublisher,
  createCampaignOutcomes,
  createCampaignPdfs,
  createDispatcher,
  type Dispatcher,
  type DispatchSettings,
  dispatchJobs,
  dispatchRoutes,
  notificationsApiRoutes,
  REPORT_EXPORT,
  registerBatchApprovals,
  registerCampaignApprovals,
  reportExportProducer,
  reportsRoutes,
  STATUS_MESSAGES_EXPORT,
  selfServiceRoutes,
  statusMessagesExportProducer,
  unsubscribeRoutes,
  unsubscribeUrl,
} from './modules/campaigns/index.js';
import { clientsRoutes } from './modules/clients/index.js';
import { blacklistedAmong, contactsJobs, contactsRoutes, isBlacklisted } from './modules/contacts/index.js';
import {
  accountRoutes,
  changesAccess,
  createApiKeyCache,
  createFirstAdmin,
  createSessionCache,
  findUser,
  type IdentityDeps,
  identityJobs,
  identityRoutes,
  isSessionLive,
  listUsersByName,
  loadLoginKey,
  registerUserApprovals,
  resolveSession,
  ssoRoutes,
  unsafeEmailTaken,
  unsafeFindUserNames,
  usersRoutes,
} from './modules/identity/index.js';
import {
  analyticsJobs,
  botJobs,
  createCustomerAccess,
  createInboxPort,
  createPresence,
  createRoomListCache,
  findAgentStatus,
  groupJobs,
  inboxExportProducers,
  inboxJobs,
  inboxRoutes,
  type Presence,
  type PresenceOptions,
  type RoomListPage,
  renameAgentsOfUser,
} from './modules/inbox/index.js';
import {
  type ChannelName,
  type ChannelRegistry,
  createChannelRegistry,
  createMessaging,
  createProviderConfiguration,
  createProviderMetrics,
  createProviderRouting,
  createRecordingReader,
  createSandboxChannels,
  createSandboxReceived,
  createTelegramWebhooks,
  createWhatsappChannel,
  createWhatsappGroups,
  createWhatsappTemplates,
  emailBounceRoutes,
  findTelegramChat,
  type InboxPort,
  type MessageChannel,
  type Messaging,
  messagingJobs,
  type OutboundSourcePort,
  type ProviderRouting,
  providersRoutes,
  providerWebhookRoutes,
  registerProviderApprovals,
  type SandboxChannels,
  type SandboxSettings,
  sandboxOutboxRoutes,
  sandboxPhoneRoutes,
  telegramLinkRoutes,
  telegramWebhookJobs,
  telegramWebhookRoutes,
  voiceCallbackRoutes,
  voiceCallbackUrl,
  type WhatsappChannel,
  type WhatsappGroups,
  type WhatsappTemplates,
  whatsappGroupJobs,
  whatsappJobs,
  whatsappSettingsRoutes,
  whatsappTemplateJobs,
  whatsappTemplateRoutes,
  whatsappWebhookRoutes,
  withAttachmentSource,
  withRecordingLinks,
  withTelegramChatLinks,
  withUnsubscribeLinks,
  withVoiceCallbacks,
} from './modules/messaging/index.js';
import {
  createOtp,
  createOtpCounters,
  createOtpMetrics,
  createValidation,
  createVerify,
  OTP_REQUESTS_EXPORT,
  OTP_SOURCE,
  type Otp,
  otpExportProducer,
  otpJobs,
  otpRoutes,
  validationJobs,
  validationRoutes,
  verifyRoutes,
} from './modules/otp/index.js';
import { hasRight, rolesRoutes } from './modules/roles/index.js';
import { subscriptionsRoutes } from './modules/subscriptions/index.js';
import { usageRoutes } from './modules/usage/index.js';
import { createAccessChanges } from './platform/access-changes.js';
import { accessPolicyPlugin } from './platform/access-policy.js';
import { actorFromSession } from './platform/actor.js';
import { auditRoutes } from './platform/audit/index.js';
import { csrfPlugin } from './platform/csrf.js';
import type { DatabaseHandle } from './platform/database.js';
import { answerFrameworkError, errorsPlugin } from './platform/errors.js';
import { createExports, type Exports, exportJobs } from './platform/exports/index.js';
import { integrityPlugin } from './platform/integrity.js';
import { createJobs, type JobDefinition, type Jobs, type JobsOptions } from './platform/jobs.js';
import { createMailer, mailRoutes } from './platform/mail/index.js';
import { observabilityPlugin } from './platform/observability.js';
import { openapiPlugin } from './platform/openapi.js';
import { createOutboundHttp } from './platform/outbound-http.js';
import { createRealtime, type RealtimeServer } from './platform/realtime/index.js';
import type { Realtime } from './platform/realtime/realtime.types.js';
import type { RealtimeOptions } from './platform/realtime/realtime-server.js';
import type { Keys } from './platform/secrets.js';
import { securityHeadersPlugin } from './platform/security-headers.js';
import { createStorage, type Storage, storageRoutes } from './platform/storage/index.js';
import { textGuardPlugin } from './platform/text-guard.js';
import { registerWebApp } from './platform/web-app.js';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  keys: Keys;
  /** Live-socket timings; tests shorten them. */
  realtimeTimings?: Pick<RealtimeOptions, 'helloTimeoutMs' | 'heartbeatMs' | 'sessionCheckMs'>;
  /** Agent presence timings and clock; tests shorten them or drive the sweep by hand. */
  presenceTimings?: Pick<PresenceOptions, 'sweepMs' | 'heartbeatMs' | 'clock'>;
  /** The inbox's side of the channel seam; without it inbound messages stay in the channel ledger. */
  inboxPort?: InboxPort;
  /** Replaces what the inbox publishes to (tests record events with it); the live socket otherwise. */
  realtime?: Realtime;
  /** Replaces registered channels (tests record sends); the real ones (WhatsApp) otherwise. */
  channels?: Partial<Record<ChannelName, MessageChannel>>;
  /** The sandbox providers' latency, report delay, failure rates and seed; tests make them quick and certain. */
  sandbox?: Partial<SandboxSettings>;
  /** Campaign dispatch: chunk size, lease, provider rates; tests also give it a fake clock. */
  dispatch?: Partial<DispatchSettings> & { clock?: () => Date };
  /** How long a send holds its ledger row; the kill -9 test shortens it so a restart soon sends again. */
  messagingHoldMs?: number;
  /** Now, for OTP expiry and limits; tests move it. */
  clock?: () => Date;
  /** WhatsApp templates: the sandbox review's delay and the clock it is measured on (tests move it). */
  whatsappTemplates?: { clock?: () => Date; sandboxReviewSeconds?: number };
  /** The job workers' polling; tests lengthen it to prove work is woken, not polled for. */
  jobOptions?: JobsOptions;
};
export type Sapa = {
  app: FastifyInstance;
  jobs: Jobs;
  realtime: RealtimeServer;
  whatsapp: WhatsappChannel;
  /** The WhatsApp numbers' message templates (Graph API `message_templates`, sandbox review). */
  whatsappTemplates: WhatsappTemplates;
  /** The WhatsApp numbers' Groups API (create, rename, remove participants, invite link; sandbox). */
  whatsappGroups: WhatsappGroups;
  /** The channels messaging sends on. */
  channels: ChannelRegistry;
  /** The outbound ledger and send job every feature sends through. */
  messaging: Messaging;
  /** SMS, email, Telegram and voice on their sandbox providers. */
  sandbox: SandboxChannels;
  /** Campaign dispatch: the scheduler and the claims (its job runs it on workers). */
  dispatcher: Dispatcher;
  /** Recipients' PDFs: rendering at send time, their links, and their retention (decisions 0046, 0052). */
  campaignPdfs: CampaignPdfs;
  /** Stored files (content-addressed, per client). */
  storage: Storage;
  /** OTP and Verify: requests, checks, limits, fallback. */
  otp: Otp;
  /** Requested exports of every kind, built by the export job. */
  exports: Exports;
  /** Agents' presence, following their live sockets. */
  presence: Presence;
};

/** Builds the whole app: platform first, then modules. Never listens; `main.ts` and tests decide that. */
export async function buildApp({
  config,
  database,
  keys,
  realtimeTimings,
  presenceTimings,
  inboxPort,
  realtime: realtimeOverride,
  channels: channelOverrides,
  sandbox: sandboxSettings,
  dispatch: dispatchOptions,
  messagingHoldMs,
  clock,
  whatsappTemplates: templateOptions,
  jobOptions,
}: AppDeps): Promise<Sapa> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests in flight finish on shutdown; idle keep-alive sockets close at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    requestIdHeader: false,
    frameworkErrors: answerFrameworkError,
    // One line per request at debug level (observability plugin); info stays readable for people.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && isId(incoming) ? incoming : newId();
    },
    // Every route validates and serialises with Zod (below): Fastify's default factories would load
    // Ajv and fast-json-stringify on every start only to be replaced (issue 19 goal 4).
    schemaController: {
      // Typed for Ajv's and fast-json-stringify's compilers; the same Zod compilers set below.
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const loginKey = await loadLoginKey(db, keys.encryption);
  // One listener of what cached callers carry (decision 0049): the sessions' and the API secrets' caches.
  const accessChanges = createAccessChanges(database.listen);
  // Verified sessions kept up to a second; a revocation drops them at once (decision 0049).
  const sessions = createSessionCache({ db, keys, changes: accessChanges });
  const identity: IdentityDeps = {
    db,
    keys,
    loginKey,
    config,
    agentStatusOf: findAgentStatus,
    userRenamed: renameAgentsOfUser,
    activeClient: sessions.getClient,
  };
  // The public API's secrets, resolved once per few seconds; any change is heard at once (decision 0031).
  const apiKeys = createApiKeyCache({ db, changes: accessChanges });
  // The inbox's first pages, kept until a live room of the client changes, in any process (decision 0064).
  const roomList = createRoomListCache<RoomListPage>(database.listen);
  const realtime = createRealtime({
    database,
    log: app.log as never,
    resolveActor: async (token) => {
      const session = await resolveSession(identity, token);
      return session && actorFromSession(session);
    },
    isSessionLive: (actor) => isSessionLive(db, actor),
    // A super admin visiting another client is not that client's agent.
    onSocketsChange: (actor, sockets) => {
      if (actor.homeClientId === actor.clientId) void presence.socketsChanged(actor, sockets);
    },
    ...realtimeTimings,
  });
  const inboxRealtime: Realtime = realtimeOverride ?? realtime;
  const presence = createPresence({ db, realtime: inboxRealtime, log: app.log, ...presenceTimings });
  // Shared file links get their own key, derived from the integrity key for this one use.
  const storage = createStorage(
    config.dataDir,
    Buffer.from(hkdfSync('sha256', keys.integrity, 'sapa', 'shared-file-links', 32)),
  );
  // Channels queue jobs and jobs run channel code: the queue is bound once both exist.
  let jobs: Jobs | null = null;
  const enqueue = async (name: string, data: object, options?: object) => {
    if (!jobs) throw new Error('The job queue is not ready');
    return jobs.send(name, data, options);
  };
  // The inbox answers customers by itself (auto-reply) through messaging, which is built next.
  const inbox =
    inboxPort ??
    createInboxPort({
      realtime: inboxRealtime,
      messaging: () => messaging,
      enqueue,
      wake: (name) => jobs?.wake(name),
      log: app.log,
      // One statement under the routing lock pays only where transactions run concurrently (decision 0077).
      openInOneStatement: database.kind === 'postgres',
    });
  const channels = createChannelRegistry();
  // One Prometheus registry per app: the platform's HTTP metrics and the modules' own counters.
  const metrics = new Registry();
  const sources: Record<string, OutboundSourcePort> = { inbox, campaigns: createCampaignOutcomes() };
  // What the sandbox providers received, on their side (the sandbox outbox reads it; decision 0048).
  const sandboxReceived = createSandboxReceived();
  const messaging = createMessaging({
    db,
    channels,
    enqueue,
    log: app.log,
    sources,
    sealingKey: keys.encryption,
    ...(messagingHoldMs ? { holdMs: messagingHoldMs } : {}),
  });
  const { clock: dispatchClock, ...dispatchSettings } = dispatchOptions ?? {};
  // Batch progress on the live socket, to the users who may see the batch's campaigns.
  const batchProgress = createBatchProgressPublisher({ db, realtime, log: app.log });
  // Recipients' PDFs (decision 0046): rendered at send time, linked with a key of their own.
  const campaignPdfs = createCampaignPdfs({
    db,
    storage,
    linkKey: Buffer.from(hkdfSync('sha256', keys.integrity, 'sapa', 'campaign-pdf-links', 32)),
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const dispatcher = createDispatcher({
    db,
    messaging,
    pdfs: campaignPdfs,
    isBlacklisted,
    blacklistedAmong,
    onProgress: batchProgress.onProgress,
    log: app.log,
    settings: dispatchSettings,
    ...(dispatchClock ? { clock: dispatchClock } : {}),
  });
  const otpMetrics = createOtpMetrics(metrics, app.log);
  // The OTP dashboard's live counters, at most one update a second per client.
  const otpCounters = createOtpCounters({ realtime, log: app.log, ...(clock ? { clock } : {}) });
  const otp = createOtp({
    db,
    keys,
    messaging,
    enqueue,
    log: app.log,
    observe: (event) => {
      otpMetrics(event);
      otpCounters.observe(event);
    },
    ...(clock ? { clock } : {}),
  });
  // OTP hears what became of its messages (sent, failed) through the port it registers as a source.
  sources[OTP_SOURCE] = otp.sourcePort;
  const validation = createValidation({ db, storage, enqueue, log: app.log, metrics });
  const outbound = createOutboundHttp({ allowPrivateNetworks: config.outboundAllowPrivateNetworks });
  const whatsapp = createWhatsappChannel({
    db,
    keys,
    storage,
    graphBaseUrl: config.whatsappGraphBaseUrl,
    publicUrl: config.publicUrl,
    outbound,
    // Delivery statuses move messaging's ledger, then the inbox's message.
    inboxPort: messaging.inboundPort(inbox),
    log: app.log,
    enqueue,
    templates: {
      receiveWebhook: (envelope, rawBody, signature) =>
        whatsappTemplates.receiveWebhook(envelope, rawBody, signature),
      sendComponents: (channel, message) => whatsappTemplates.sendComponents(channel, message),
    },
    received: sandboxReceived,
  });
  const whatsappTemplates = createWhatsappTemplates({
    db,
    keys,
    outbound,
    graphBaseUrl: config.whatsappGraphBaseUrl,
    storage,
    publicUrl: config.publicUrl,
    enqueue,
    log: app.log,
    postWebhook: (rawBody, signature) => whatsapp.receiveWebhook(rawBody, signature),
    ...templateOptions,
  });
  const whatsappGroups = createWhatsappGroups({
    db,
    keys,
    outbound,
    graphBaseUrl: config.whatsappGraphBaseUrl,
    enqueue,
    postWebhook: (rawBody, signature) => whatsapp.receiveWebhook(rawBody, signature),
  });
  // Each client's configured providers (issue 16): changes go through approvals, sends through the routers.
  // A changed provider: the routers make the new one; a Telegram bot is told where its updates go.
  const providerChanged = (clientId: string, channel: Parameters<ProviderRouting['changed']>[1]) => {
    providerRouting.changed(clientId, channel);
    if (channel === 'telegram') telegramWebhooks.changed(clientId);
  };
  const providers = createProviderConfiguration({ db, keys, outbound, changed: providerChanged });
  const telegramWebhooks = createTelegramWebhooks({
    db,
    outbound,
    publicUrl: config.publicUrl,
    key: keys.providerCallbacks,
    findRunningConfig: (clientId, channel) => providers.findRunningConfig(clientId, channel),
    enqueue,
    log: app.log,
  });
  const providerRouting = createProviderRouting({
    lookup: providers.findRunningConfig,
    observe: createProviderMetrics(metrics),
    log: app.log,
    outbound,
    publicUrl: config.publicUrl,
  });
  const sandbox = createSandboxChannels({
    db,
    statuses: messaging,
    log: app.log,
    settings: sandboxSettings,
    routing: providerRouting,
    recordingSeconds: createRecordingReader({ db, storage, publicUrl: config.publicUrl }),
    received: sandboxReceived,
  });
  // One line per channel; a channel of the spec without one is refused (`channel_not_registered`).
  channels.register('whatsapp', channelOverrides?.whatsapp ?? whatsapp.sender);
  channels.register('sms', channelOverrides?.sms ?? sandbox.sms);
  // Campaign mail carries its recipient's signed unsubscribe link, whichever provider sends it.
  channels.register(
    'email',
    channelOverrides?.email ??
      withAttachmentSource(
        withUnsubscribeLinks(sandbox.email, (clientId, address) =>
          unsubscribeUrl(keys.unsubscribe, config.publicUrl, { clientId, address }),
        ),
        // A campaign's per-recipient PDF, read (or rendered) as the message goes.
        campaignPdfs.attachment,
      ),
  );
  // A phone number reaches the chat its owner linked (Telegram code/auth).
  channels.register(
    'telegram',
    channelOverrides?.telegram ??
      withTelegramChatLinks(sandbox.telegram, (clientId, phone) => findTelegramChat(db, clientId, phone)),
  );
  // A real gateway reports each call on its own signed URL.
  channels.register(
    'voice',
    channelOverrides?.voice ??
      withRecordingLinks(
        withVoiceCallbacks(sandbox.voice, (clientId, callKey, tariff) =>
          voiceCallbackUrl(keys.providerCallbacks, config.publicUrl, { clientId, callKey, tariff }),
        ),
        // A recording is fetched by the gateway from a signed link to the stored file.
        (clientId, fileId) =>
          `${config.publicUrl.replace(/\/+$/, '')}${storage.sharedPath(clientId, fileId)}`,
      ),
  );
  const exports = createExports({
    db,
    storage,
    send: (name, data, options) => enqueue(name, data, options),
    producers: {
      ...inboxExportProducers(),
      [STATUS_MESSAGES_EXPORT]: statusMessagesExportProducer(),
      [REPORT_EXPORT]: reportExportProducer(),
      [OTP_REQUESTS_EXPORT]: otpExportProducer(),
    },
  });
  jobs = createJobs(
    database.sql,
    [
      ...identityJobs(db),
      ...realtime.jobs(),
      ...whatsappJobs(() => whatsapp),
      ...whatsappTemplateJobs(() => whatsappTemplates),
      ...whatsappGroupJobs(() => whatsappGroups),
      ...groupJobs(() => ({ db, realtime: inboxRealtime, groups: whatsappGroups, enqueue, log: app.log })),
      ...telegramWebhookJobs(() => telegramWebhooks),
      ...(contactsJobs(db) as JobDefinition<never>[]),
      ...(batchesJobs({ db, storage }) as JobDefinition<never>[]),
      ...messagingJobs(() => messaging),
      ...dispatchJobs(() => dispatcher),
      ...campaignPdfJobs(() => campaignPdfs),
      ...otpJobs(() => otp),
      ...validationJobs(() => validation),
      ...(inboxJobs(db, inboxRealtime) as JobDefinition<never>[]),
      ...analyticsJobs({ db, mailer: createMailer(config, db), send: enqueue }),
      ...botJobs(() => ({
        db,
        realtime: inboxRealtime,
        messaging,
        outbound,
        encryptionKey: keys.encryption,
        log: app.log,
      })),
      ...(exportJobs(() => exports) as JobDefinition<never>[]),
    ],
    app.log as never,
    jobOptions,
  );

  await app.register(errorsPlugin);
  await app.register(textGuardPlugin);
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Mantine writes style attributes at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          // The /analytics/metabase screen embeds the client's own Metabase (decision 0038).
          // …and the PDF script editor shows the server's preview from a blob (decision 0046).
          frameSrc: ["'self'", 'https:', 'http:', 'blob:'],
          upgradeInsecureRequests: null,
        },
      },
      // Served over plain HTTP on localhost by default; a TLS proxy in front adds HSTS.
      strictTransportSecurity: false,
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(accessPolicyPlugin, {
    resolveSession: (token) => sessions.resolve(token),
    resolveApiKey: (secret) => apiKeys.resolve(secret),
    hasRight: hasRight(db),
    csrfKey: keys.csrf,
  });
  // What a session or API secret carries, changed by this process, applies before its answer leaves.
  // A plain hook (no promise per request, decision 0066): both steps are synchronous.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (changesAccess(request.method, request.routeOptions.url)) accessChanges.resetAll();
      // What a caller changed shows in their next room list, before the trigger's notification arrives.
      const clientId = request.ctx?.actor?.clientId;
      if (clientId) roomList.forgetClient(clientId);
    }
    done(null, payload);
  });
  await app.register(csrfPlugin, { csrfKey: keys.csrf });
  await app.register(integrityPlugin, { integrityKey: keys.integrity });
  await app.register(observabilityPlugin, {
    database,
    jobsStarting: () => jobs?.starting ?? false,
    metricsToken: config.metricsToken,
    registry: metrics,
  });
  await app.register(openapiPlugin);

  await app.register(identityRoutes, {
    deps: identity,
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  await app.register(accountRoutes, {
    deps: {
      ...identity,
      mailer: createMailer(config, db),
      publicUrl: config.publicUrl,
      passwordResetMailsPerHour: config.passwordResetMailsPerHour,
    },
    rateLimitPerMinute: config.loginRateLimitPerMinute,
    resetRequestsPerHour: config.passwordResetRequestsPerHour,
  });
  await app.register(ssoRoutes, {
    deps: { ...identity, publicUrl: config.publicUrl },
    rateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  await app.register(usersRoutes, { db, userRenamed: renameAgentsOfUser });
  await app.register(mailRoutes, { db });
  await app.register(clientsRoutes, { db, admins: { createFirstAdmin, isEmailTaken: unsafeEmailTaken } });
  await app.register(rolesRoutes, { db });
  await app.register(auditRoutes, { db });
  // Maker-checker: each module registers what approving its task types does.
  const queue = jobs;
  const approvals = new ApprovalRegistry();
  registerUserApprovals(approvals, renameAgentsOfUser);
  registerCampaignApprovals(approvals);
  registerBatchApprovals(approvals);
  registerProviderApprovals(approvals, { keys, changed: providerChanged });
  await app.register(approvalsRoutes, { db, registry: approvals, users: { findUser, listUsersByName } });
  await app.register(usageRoutes, { db, users: { unsafeFindUserNames } });
  await app.register(subscriptionsRoutes, { db });
  await app.register(storageRoutes, { db, storage });
  await app.register(whatsappWebhookRoutes, { whatsapp });
  await app.register(whatsappTemplateRoutes, { templates: whatsappTemplates });
  await app.register(whatsappSettingsRoutes, { whatsapp });
  await app.register(sandboxPhoneRoutes, { whatsapp });
  await app.register(sandboxOutboxRoutes, { messaging, received: sandboxReceived });
  await app.register(providersRoutes, { providers });
  await app.register(providerWebhookRoutes, {
    providers,
    smsReceipts: (receipt) => sandbox.sms.receiveReceipt(receipt),
  });
  await app.register(unsubscribeRoutes, { db, key: keys.unsubscribe });
  await app.register(emailBounceRoutes, { db, statuses: messaging });
  await app.register(telegramLinkRoutes, { db, key: keys.providerCallbacks });
  await app.register(telegramWebhookRoutes, { webhooks: telegramWebhooks });
  await app.register(voiceCallbackRoutes, { key: keys.providerCallbacks, voice: sandbox.voice });
  await app.register(campaignsRoutes, { deps: { db, storage, jobs: queue }, exports });
  await app.register(reportsRoutes, { db, storage, exports });
  await app.register(dispatchRoutes, { db });
  await app.register(campaignPdfRoutes, { db, storage, pdfs: campaignPdfs });
  await app.register(notificationsApiRoutes, { db, messaging });
  await app.register(selfServiceRoutes, { db, messaging });
  await app.register(otpRoutes, { otp, exports });
  await app.register(verifyRoutes, { verify: createVerify({ db, otp }) });
  await app.register(validationRoutes, { validation });
  await app.register(contactsRoutes, { deps: { db, jobs: queue, customerAccess: createCustomerAccess() } });
  await app.register(inboxRoutes, {
    deps: {
      db,
      realtime: inboxRealtime,
      messaging,
      jobs: queue,
      exports,
      storage,
      publicUrl: config.publicUrl,
      encryptionKey: keys.encryption,
      mailer: createMailer(config, db),
      roomList,
    },
  });

  await registerWebApp(app, config.webDist);
  // The socket is not a route: it answers the HTTP server's upgrades on /ws and checks its own hello.
  realtime.attach(app.server);
  app.addHook('onReady', async () => {
    await realtime.start();
    await accessChanges.start();
    await roomList.start();
    presence.start();
  });
  // Upgraded sockets are no longer the HTTP server's: close them first or it waits for them.
  app.addHook('preClose', async () => {
    await realtime.close();
    await presence.stop();
    apiKeys.stop();
    sessions.stop();
    await accessChanges.stop();
    await roomList.stop();
  });
  app.addHook('onClose', async () => {
    // A running dispatch job ends after its round; sends already under way finish (and record their
    // outcome) before the database closes.
    dispatcher.stop();
    await dispatcher.settle();
    await messaging.settle();
    await batchProgress.flush();
    await otp.settle();
    await otpCounters.flush();
    await sandbox.stop();
    await queue.stop();
  });
  return {
    app,
    jobs: queue,
    realtime,
    whatsapp,
    whatsappTemplates,
    whatsappGroups,
    channels,
    messaging,
    sandbox,
    dispatcher,
    campaignPdfs,
    storage,
    otp,
    exports,
    presence,
  };
}
