import { randomUUID } from 'node:crypto';
import type { ServerOptions } from 'node:http';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import { API_PREFIX, GOOGLE_API_SCOPES, SIGN_IN_SCOPES } from '@sheetforms/contract';
import { googleEmulatorPlugin } from '@sheetforms/google-emulator';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config, TrustProxy } from './config/config-types.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.js';
import { createPgChannel } from './db/pg-channel.js';
import { createDriveClient, type DriveClient } from './google/drive-client.js';
import type { FetchFn } from './google/google-http.js';
import { createServiceAccountTokens } from './google/service-account.js';
import { createSheetsClient, type SheetsClient } from './google/sheets-client.js';
import { createSpreadsheetProbes } from './google/spreadsheet-probes.js';
import { createHtmlPool } from './html-work/html-pool.js';
import { createHtmlWork } from './html-work/html-work.js';
import { createAuthenticate } from './http/authenticate.js';
import { addressKey } from './http/client-address-key.js';
import { limitConnectionsPerAddress } from './http/connection-limits.js';
import { logSerializers, redactCredentials } from './http/log-redaction.js';
import { registerOpenApi } from './http/openapi.js';
import { notFoundProblem, registerProblemHandlers, sendProblem } from './http/problem.js';
import { rejectNulText } from './http/reject-nul-text.js';
import { registerSecurityHeaders } from './http/security.js';
import { serializerCompiler } from './http/serializer.js';
import { registerWebApp } from './http/web-app.js';
import { createAccessTokenDenyList } from './modules/auth/access-token-deny-list.js';
import { AccessTokens } from './modules/auth/access-tokens.js';
import { applyAdminEmails } from './modules/auth/admin-roles.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createIdTokenVerifier, type IdTokenVerifier } from './modules/auth/id-token-verifier.js';
import { resolveJwtSecret } from './modules/auth/jwt-secret.js';
import { createRevokedTokensRepository } from './modules/auth/revoked-tokens.repository.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createUsersRepository } from './modules/auth/users.repository.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { createChatModule } from './modules/chat/chat-module.js';
import { redisTicketLedger } from './modules/chat/chat-stream-tickets.js';
import { createContactRepository } from './modules/contact/contact.repository.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { createContactService } from './modules/contact/contact.service.js';
import { createContactCursorCodec } from './modules/contact/contact-cursor.js';
import { createContactMailer } from './modules/contact/contact-mailer.js';
import { createDeliveriesRepository } from './modules/deliveries/deliveries.repository.js';
import { createDeliveriesWorker } from './modules/deliveries/deliveries.worker.js';
import { createReceiptPdf } from './modules/deliveries/receipt-pdf.js';
import { webhooksRoutes } from './modules/deliveries/webhooks.routes.js';
import { createWebhooksService } from './modules/deliveries/webhooks.service.js';
import { createFieldOptions } from './modules/field-options/field-options.service.js';
import { createOptionsCache } from './modules/field-options/options-cache.js';
import { createFormAccessService } from './modules/form-access/form-access.service.js';
import { createFormCache } from './modules/form-access/form-cache.js';
import { createFormChangeBroadcast } from './modules/form-access/form-change-broadcast.js';
import { formLoginRoutes } from './modules/form-access/form-login.routes.js';
import { createPublicFormsRepository } from './modules/form-access/public-forms.repository.js';
import { RespondentTokens } from './modules/form-access/respondent-tokens.js';
import { validateFormRoutes } from './modules/form-access/validate-form.routes.js';
import { formPageRoutes } from './modules/form-page/form-page.routes.js';
import { createFormPageService } from './modules/form-page/form-page.service.js';
import { createFormPageCache } from './modules/form-page/form-page-cache.js';
import { loadFormPageRenderer } from './modules/form-page/form-page-renderer.js';
import { createFormUsersRepository } from './modules/form-users/form-users.repository.js';
import { formUsersRoutes } from './modules/form-users/form-users.routes.js';
import { createFormUsersService } from './modules/form-users/form-users.service.js';
import { createFormsRepository } from './modules/forms/forms.repository.js';
import { formsRoutes } from './modules/forms/forms.routes.js';
import { createFormsService } from './modules/forms/forms.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createReadiness, type Readiness } from './modules/health/readiness.js';
import { createSmtpMailer } from './modules/mail/smtp-mailer.js';
import { createChromiumLauncher } from './modules/pdf/chromium-browser.js';
import { pdfRoutes } from './modules/pdf/pdf.routes.js';
import { createPdfService } from './modules/pdf/pdf.service.js';
import { createPdfResponsesRepository } from './modules/pdf/pdf-responses.repository.js';
import { createQueuedPdfRenderer } from './modules/pdf/queued-pdf-renderer.js';
import { prefillLinksRoutes } from './modules/prefill-links/prefill-links.routes.js';
import { createPrefillLinksService } from './modules/prefill-links/prefill-links.service.js';
import { createPrefillTokens } from './modules/prefill-links/prefill-tokens.js';
import { questionsRoutes } from './modules/questions/questions.routes.js';
import { createQuestionsCache } from './modules/questions/questions-cache.js';
import { createEmulatorTitleLookup, createQuestionsSource } from './modules/questions/questions-source.js';
import { createCursorCodec } from './modules/responses/response-cursor.js';
import { createResponsePagesRepository } from './modules/responses/response-pages.repository.js';
import { createResponseReader } from './modules/responses/response-reader.js';
import { responsesRoutes } from './modules/responses/responses.routes.js';
import { createResponsesService } from './modules/responses/responses.service.js';
import { resolveSheetIdForBinding } from './modules/sheet-sync/sheet-binding.js';
import { createSheetSyncRepository } from './modules/sheet-sync/sheet-sync.repository.js';
import { sheetSyncRoutes } from './modules/sheet-sync/sheet-sync.routes.js';
import { createSheetSyncService } from './modules/sheet-sync/sheet-sync.service.js';
import { createSheetSyncWorker } from './modules/sheet-sync/sheet-sync.worker.js';
import { createOwnerAccessService } from './modules/sheets/owner-access.service.js';
import { sheetsRoutes } from './modules/sheets/sheets.routes.js';
import { createSheetsService } from './modules/sheets/sheets.service.js';
import { createStatsRepository } from './modules/stats/stats.repository.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { createStatsService } from './modules/stats/stats.service.js';
import { formPostRoutes } from './modules/submissions/form-post.routes.js';
import { createResponsesRepository } from './modules/submissions/responses.repository.js';
import { createSubmitLimits, submissionsRoutes } from './modules/submissions/submissions.routes.js';
import { createSubmissionsService } from './modules/submissions/submissions.service.js';
import { createTemplatesRepository } from './modules/templates/templates.repository.js';
import { templatesRoutes } from './modules/templates/templates.routes.js';
import { createTemplatesService } from './modules/templates/templates.service.js';
import { createSignatureStorage } from './modules/uploads/configured-signature-storage.js';
import { createSignatureFiles } from './modules/uploads/signature-files.js';
import { createUploadsRepository } from './modules/uploads/uploads.repository.js';
import { signatureFileRoutes, signatureUploadRoutes } from './modules/uploads/uploads.routes.js';
import { createUploadsService } from './modules/uploads/uploads.service.js';
import { connectRedis } from './redis/redis-connection.js';

export interface AppOverrides {
  /** An already-open database (tests share one per dialect). */
  database?: DatabaseHandle;
  idTokenVerifier?: IdTokenVerifier;
  now?: () => Date;
  /** The fetch Google clients use (tests count or fail requests through it). */
  googleFetch?: FetchFn;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  google: { sheets: SheetsClient; drive: DriveClient };
  /** GET /api/v1/health/ready's state: main.ts marks it shutting down on SIGTERM/SIGINT. */
  readiness: Readiness;
}

/**
 * The composition root: builds the whole server from a Config without listening, so tests can
 * run it in-process and main.ts can start it.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<BuiltApp> {
  let log: FastifyInstance['log'] | undefined;
  const database =
    overrides.database ??
    openDatabase(config.database, (error) =>
      log?.warn({ err: error }, 'database connection lost; the next query opens a new one'),
    );
  await migrateToLatest(database.db);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Chat session ids and stream tickets are credentials: no request or error line writes them.
      serializers: logSerializers,
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Fastify's own two lines per request are replaced by the single onResponse line below.
    logController: new LogController({ disableRequestLogging: true }),
    // Whose X-Forwarded-For to believe for request.ip (every per-IP rate limit's key): nobody unless
    // TRUST_PROXY names the proxies in front of the server, in every mode.
    trustProxy: trustProxyOption(config.trustProxy),
    // Slow clients (headers or a body trickled byte by byte) are cut off instead of holding a connection.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: httpServerOptions(config.http),
    // Errors the router raises before any route runs (a path with bad %-escapes, an over-long
    // parameter) leave as problem+json too, not as Fastify's own JSON.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return sendProblem(
        request,
        reply,
        tooLong ? 414 : 400,
        tooLong ? 'URI_TOO_LONG' : 'BAD_URL',
        tooLong ? 'The address is too long' : 'The address is not valid',
      );
    },
  });
  log = app.log;
  // Not ready from the first moment of a shutdown (app.close() too), before anything else stops.
  const readiness = createReadiness();
  app.addHook('preClose', async () => readiness.markShuttingDown());
  limitConnectionsPerAddress(app.server, config.http.maxConnectionsPerIp);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // One JSON line per request, written when the reply is done.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        // Chat session ids (a visitor's only credential) and stream tickets are never written to logs.
        url: redactCredentials(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  app.addHook('onClose', async () => {
    if (!overrides.database) await database.close();
  });

  await registerSecurityHeaders(app, config);
  // With REDIS_URL the counters are shared by every instance behind the proxy (docs/deploy.md).
  const redis = config.redisUrl ? await connectRedis({ url: config.redisUrl, log: app.log }) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.perMinute,
    timeWindow: 60_000,
    // Per client: an IPv6 /64, an IPv4 address (the plugin's own key would do the same, but every limit
    // keys through one function). Routes without a keyGenerator of their own inherit this one.
    keyGenerator: (request) => addressKey(request.ip),
    // Only the API is limited; the web app's static files and the local emulator are not.
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(redis
      ? {
          redis: redis.client,
          nameSpace: 'sheetforms:rate-limit:',
          // Redis down: requests are served without limits rather than refused (the loss is logged and
          // /health/ready turns 503, so a proxy that checks it sends traffic elsewhere).
          skipOnError: true,
        }
      : {}),
  });
  registerProblemHandlers(app);
  await registerOpenApi(app, config.publicUrl);

  if (config.mode === 'local') {
    await app.register(googleEmulatorPlugin, {
      prefix: '/__google',
      dataDir: config.dataDir,
      issuer: `${config.publicUrl}/__google`,
      clientId: config.google.clientId,
    });
  }

  const jwtSecret = await resolveJwtSecret(database.db, config.jwtSecret);
  const accessTokens = new AccessTokens(jwtSecret, config.accessTokenTtlSeconds, overrides.now);
  // Logged-out access tokens are refused until they expire (a database list, cached in-process).
  const denyList = createAccessTokenDenyList({
    revoked: createRevokedTokensRepository(database.db),
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  const authenticate = createAuthenticate(accessTokens, denyList);
  const auth = createAuthService({
    users: createUsersRepository(database.db),
    sessions: createSessionsRepository(database.db),
    accessTokens,
    denyList,
    idTokens:
      overrides.idTokenVerifier ??
      createIdTokenVerifier({
        jwksUrl: config.google.jwksUrl,
        issuers: config.google.issuers,
        audience: config.google.clientId,
      }),
    adminEmails: config.adminEmails,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  // The stored roles follow ADMIN_EMAILS from the start (a removed Admin loses the role everywhere the
  // users table is read); the log says who is Admin and why.
  await applyAdminEmails({
    users: createUsersRepository(database.db),
    adminEmails: config.adminEmails,
    log: app.log,
    now: (overrides.now?.() ?? new Date()).toISOString(),
  });

  // The same clients talk to Google and to the emulator; config decides the URLs and credentials.
  const { googleApis } = config;
  const serviceAccount = googleApis.serviceAccount
    ? createServiceAccountTokens({
        source: googleApis.serviceAccount,
        timeoutMs: googleApis.timeoutMs,
        ...(overrides.googleFetch ? { fetch: overrides.googleFetch } : {}),
      })
    : undefined;
  const googleFetch = overrides.googleFetch ? { fetch: overrides.googleFetch } : {};
  const google = {
    sheets: createSheetsClient({
      sheetsApiUrl: googleApis.sheetsUrl,
      credentials: { apiKey: googleApis.apiKey, serviceAccount },
      timeoutMs: googleApis.timeoutMs,
      ...googleFetch,
    }),
    drive: createDriveClient({
      driveApiUrl: googleApis.driveUrl,
      serviceAccount,
      timeoutMs: googleApis.timeoutMs,
      ...googleFetch,
    }),
  };
  const serviceAccountEmail = async () => (serviceAccount ? serviceAccount.clientEmail() : undefined);
  const nowOverride = overrides.now;
  // One service account serves every owner, so binding a spreadsheet needs the owner's own access to it.
  const usersForSheetAccess = createUsersRepository(database.db);
  const ownerAccess = createOwnerAccessService({
    drive: google.drive,
    probes: createSpreadsheetProbes({
      sheetsApiUrl: googleApis.sheetsUrl,
      apiKey: googleApis.apiKey,
      timeoutMs: googleApis.timeoutMs,
      ...googleFetch,
    }),
    hasServiceAccount: serviceAccount !== undefined,
    hasApiKey: googleApis.apiKey !== undefined,
    sheets: google.sheets,
    ownerEmail: async (ownerId) => (await usersForSheetAccess.findById(ownerId))?.email,
    log: app.log,
    ...(nowOverride ? { now: () => nowOverride().getTime() } : {}),
  });
  // Options of choice fields read from a range of the form's own spreadsheet, for owners who can edit it.
  const fieldOptions = createFieldOptions({
    sheets: google.sheets,
    ownerCanEdit: async (ownerId, spreadsheetId) =>
      (await ownerAccess.decide(ownerId, spreadsheetId)).kind === 'granted',
    // Its 60 s bound follows the app's clock, which tests move forward.
    ...(nowOverride ? { cache: createOptionsCache({ now: () => nowOverride().getTime() }) } : {}),
  });
  const sheets = createSheetsService({
    sheets: google.sheets,
    ownerAccess,
    serviceAccountEmail,
    log: app.log,
    ...(overrides.now ? { now: overrides.now } : {}),
  });

  const clock = overrides.now ? { now: overrides.now } : {};
  // Stored responses reach their sheets through this worker, never from the request (DESIGN.md).
  const sheetSync = createSheetSyncWorker({
    // Its claims and settlements write hundreds of rows at a time: off the main thread on SQLite.
    db: database.writeDb,
    dialect: database.kind,
    sheets: google.sheets,
    log: app.log,
    shareWithEmail: async () => (serviceAccount ? serviceAccount.clientEmail() : undefined),
    // A binding whose owner has not shown edit access is checked again before the first write to it.
    editAccess: (ownerId, spreadsheetId) => ownerAccess.decide(ownerId, spreadsheetId, { fresh: true }),
    timeZone: config.sheetSync.timeZone,
    writesPerMinute: config.sheetSync.writesPerMinute,
    leaseMs: config.sheetSync.leaseMs,
    ambiguousSettleMs: Math.max(60_000, 2 * googleApis.timeoutMs),
    // Its waits (backoff, the edit-access recheck) follow the app's clock, which tests move forward.
    ...clock,
  });
  if (config.sheetSync.enabled) {
    // Start once the server is ready (in local mode the emulator it writes to is part of this server).
    app.addHook('onReady', async () => sheetSync.start());
    // preClose: stop before the database closes, letting the current batch finish.
    app.addHook('preClose', async () => sheetSync.stop());
  }
  const sheetSyncService = createSheetSyncService(createSheetSyncRepository(database.db, database.kind));
  const formUsersRepository = createFormUsersRepository(database.db);
  const templatesRepository = createTemplatesRepository(database.db);
  // HTML work (sanitizing, filling) on worker threads, so no document can hold up the main thread.
  const htmlPool = createHtmlPool({
    size: config.htmlWork.workers,
    queueLimit: config.htmlWork.queueLimit,
    timeoutMs: config.htmlWork.timeoutMs,
  });
  app.addHook('onClose', async () => htmlPool.close());
  const html = createHtmlWork(htmlPool);
  const responseReader = createResponseReader({
    html,
    pages: createResponsePagesRepository(database.db, database.kind),
    cursors: createCursorCodec(jwtSecret),
    timeZone: config.sheetSync.timeZone,
    ...clock,
  });
  // Signature files go with their form, and a sweep at start and every hour removes orphans.
  const signatureStorage = createSignatureStorage(config.signatureStorage, database);
  const uploadsRepository = createUploadsRepository(database.db);
  const signatureFiles = createSignatureFiles({
    storage: signatureStorage,
    uploads: uploadsRepository,
    log: app.log,
  });
  app.addHook('onReady', async () => signatureFiles.start());
  app.addHook('preClose', async () => signatureFiles.stop());
  // Parsed public forms by id, dropped when the owner changes or deletes the form (form-access/form-cache.ts).
  const formCache = createFormCache();
  // The public form's rendered pages (decision 0020), dropped with the parsed form.
  const formPageCache = createFormPageCache();
  // Every instance on the same PostgreSQL drops a changed form at once (a NOTIFY), not after the 5 s limit.
  const formChanges = createFormChangeBroadcast({
    invalidate: (formId) => {
      formCache.invalidate(formId);
      formPageCache.invalidate(formId);
    },
    clear: () => formCache.clear(),
    channel: database.url
      ? createPgChannel({
          channel: 'sheetforms_forms',
          db: database.db,
          connectionString: database.url,
          onError: (error) => app.log.warn({ err: error }, 'form change channel'),
        })
      : undefined,
    onError: (error) => app.log.warn({ err: error }, 'could not announce a form change'),
  });
  app.addHook('onReady', async () => formChanges.start());
  app.addHook('preClose', async () => formChanges.close());
  const forms = createFormsService({
    forms: createFormsRepository(database.db),
    fieldOptions,
    onFormChanged: (formId) => formChanges.changed(formId),
    signatureFiles,
    responses: responseReader,
    templates: templatesRepository,
    formUsers: formUsersRepository,
    publicUrl: config.publicUrl,
    sheetAccess: ownerAccess,
    resolveSheetId: (spreadsheetId, sheetName) =>
      resolveSheetIdForBinding(google.sheets, spreadsheetId, sheetName),
    onSheetSettingsSaved: async (ownerId, formId) => {
      // The list's next load checks the new settings instead of answering a cached status.
      sheets.forgetChecksOf(ownerId);
      if (await sheetSyncService.retryFailedForForm(ownerId, formId)) sheetSync.notify();
    },
    ...clock,
  });
  const formUsers = createFormUsersService({ forms, users: formUsersRepository, ...clock });
  const templates = createTemplatesService({ forms, templates: templatesRepository, html, ...clock });
  // Every other destination of a response (the owner's e-mail, webhooks): a durable outbox of its own
  // worker, beside the sheet's (issue 24, decision 0028).
  const deliveriesRepository = createDeliveriesRepository(database.db, {
    sqliteWriter: database.sqliteWriter,
  });
  const responses = createResponsesService({
    forms,
    templates: templatesRepository,
    reader: responseReader,
    deliveries: deliveriesRepository,
  });
  const stats = createStatsService({ stats: createStatsRepository(database.db), ...clock });

  // The public side: respondents reach forms by public id, with respondent tokens instead of sessions.
  const access = createFormAccessService({
    forms: createPublicFormsRepository(database.db),
    cache: formCache,
    options: fieldOptions,
    tokens: new RespondentTokens(jwtSecret, overrides.now),
    formUsers: formUsersRepository,
    verifyPassword: (formId, email, password) => formUsers.verifyFormUserPassword(formId, email, password),
  });
  const uploads = createUploadsService({
    access,
    reencode: (png, client) => html.reencodePng(png, client),
    storage: signatureStorage,
    uploads: uploadsRepository,
    publicUrl: config.publicUrl,
    ...clock,
  });
  // Prefilled links' locked answers: signed under a key of their own, derived from the server secret.
  const prefillTokens = createPrefillTokens(jwtSecret, overrides.now);
  const prefillLinks = createPrefillLinksService({
    forms,
    access,
    tokens: prefillTokens,
    publicUrl: config.publicUrl,
    ...clock,
  });
  const deliveryMail = config.deliveries.mail;
  const deliveryMailer =
    deliveryMail && 'smtpUrl' in deliveryMail
      ? createSmtpMailer({ smtpUrl: deliveryMail.smtpUrl, timeoutMs: deliveryMail.timeoutMs })
      : undefined;
  if (deliveryMailer) app.addHook('onClose', async () => deliveryMailer.close());
  const webhooks = createWebhooksService({
    db: database.db,
    forms,
    deliveries: deliveriesRepository,
    onReplay: () => deliveriesWorker.notify(),
    ...clock,
  });
  const deliveriesWorker = createDeliveriesWorker({
    repository: deliveriesRepository,
    disableWebhook: (webhookId, reason) => webhooks.disable(webhookId, reason),
    mail:
      deliveryMailer && deliveryMail && 'smtpUrl' in deliveryMail
        ? { mailer: deliveryMailer, from: deliveryMail.from }
        : deliveryMail
          ? { logOnly: true }
          : undefined,
    // The PDF service is made further down; a receipt is only ever sent once the app is running.
    receiptPdf: (input) => receiptPdf(input),
    publicUrl: config.publicUrl,
    log: app.log,
    allowPrivateWebhooks: config.deliveries.webhookAllowPrivate,
    pollMs: config.deliveries.pollMs,
    leaseMs: config.deliveries.leaseMs,
    ...clock,
  });
  if (config.deliveries.enabled) {
    app.addHook('onReady', async () => deliveriesWorker.start());
    app.addHook('preClose', async () => deliveriesWorker.stop());
  }
  const submissions = createSubmissionsService({
    access,
    prefillTokens,
    responses: createResponsesRepository(database.db, database.writeDb, {
      kind: database.kind,
      sqliteWriter: database.sqliteWriter,
    }),
    uploads,
    log: app.log,
    onStored: (formRowId) => {
      sheetSync.notify(formRowId);
      deliveriesWorker.notify();
    },
    ...clock,
  });
  // PDF export: one warm Chromium per process behind a bounded queue (decision 0012), started on first
  // use (or with the server, not delaying it), closed with the server. Without Chromium only PDFs fail.
  const pdfRenderer = createQueuedPdfRenderer({
    launch: createChromiumLauncher({ executablePath: config.pdf.chromiumPath }),
    concurrency: config.pdf.concurrency,
    queueLimit: config.pdf.queueLimit,
    timeoutMs: config.pdf.timeoutMs,
    recycleAfter: config.pdf.recycleAfter,
    log: app.log,
  });
  if (config.pdf.warmStart) app.addHook('onReady', async () => void pdfRenderer.warm());
  app.addHook('onClose', async () => pdfRenderer.close());
  const pdf = createPdfService({
    renderer: pdfRenderer,
    forms,
    templates,
    responses,
    responsesByIds: createPdfResponsesRepository(database.db),
    signatures: uploads,
    html,
    timeZone: config.sheetSync.timeZone,
    ...clock,
  });
  const receiptPdf = createReceiptPdf({ pdf, format: 'A4', log: app.log });
  const { publicPerMinute, loginPerMinute } = config.rateLimit;
  // One budget for both ways of submitting: the JSON API and the form page's plain POST.
  const submitLimits = createSubmitLimits(app, publicPerMinute);
  // Visitor chat: events cross instances through PostgreSQL LISTEN/NOTIFY, in process on SQLite.
  const chat = createChatModule(app, {
    db: database.db,
    isAdmin: async (userId) => (await createUsersRepository(database.db).findById(userId))?.role === 'Admin',
    adminStreamMaxMs: config.accessTokenTtlSeconds * 1000,
    postgresUrl: database.url,
    jwtSecret,
    ticketLedger: redis ? redisTicketLedger(redis.client) : undefined,
    retentionDays: config.chat.retentionDays,
    log: app.log,
    ...clock,
  });

  // The assistant's questions feed: Google read at most once a minute (stale-while-revalidate).
  const questions = createQuestionsCache({
    read: createQuestionsSource({
      sheets: google.sheets,
      target: config.questions,
      findByTitle: createEmulatorTitleLookup({
        emulatorUrl: googleApis.sheetsUrl,
        timeoutMs: googleApis.timeoutMs,
        ...googleFetch,
      }),
    }),
    log: app.log,
    ...(nowOverride ? { now: () => nowOverride().getTime() } : {}),
  });
  // Contact messages: stored, and mailed to ADMIN_EMAILS when SMTP_URL is set.
  const contactMailer =
    config.contact.smtpUrl && config.adminEmails.length > 0
      ? createContactMailer({
          smtpUrl: config.contact.smtpUrl,
          from: config.contact.mailFrom,
          to: config.adminEmails,
          timeoutMs: config.contact.mailTimeoutMs,
        })
      : undefined;
  if (config.contact.smtpUrl && !contactMailer) {
    app.log.warn('SMTP_URL is set but ADMIN_EMAILS is empty: contact messages are stored, not mailed');
  }
  const contact = createContactService({
    messages: createContactRepository(database.db),
    cursors: createContactCursorCodec(jwtSecret),
    notifier: contactMailer,
    log: app.log,
    ...clock,
  });
  app.addHook('preClose', async () => {
    await contact.drain();
    contactMailer?.close();
  });

  await app.register(
    async (api) => {
      // The API speaks JSON only (multipart is added per route where uploads need it).
      api.removeContentTypeParser('text/plain');
      rejectNulText(api);
      await healthRoutes(api, { database, mode: config.mode, readiness, ...(redis ? { redis } : {}) });
      await authRoutes(api, {
        auth,
        authenticate,
        authConfig: {
          mode: config.mode,
          googleClientId: config.google.clientId,
          authorizationEndpoint: config.google.authorizationEndpoint,
          scopes: [...SIGN_IN_SCOPES],
          googleApis: { ...config.browserGoogleApis, scopes: [...GOOGLE_API_SCOPES] },
        },
        signInRateLimit: { max: config.rateLimit.authPerMinute, timeWindow: 60_000 },
      });
      await sheetsRoutes(api, {
        sheets,
        authenticate,
        rateLimit: { max: config.rateLimit.sheetsPerMinute, timeWindow: 60_000 },
        formSheetsOf: (ownerId) => forms.list(ownerId),
      });
      await sheetSyncRoutes(api, { sync: sheetSyncService, authenticate, notify: () => sheetSync.notify() });
      await formsRoutes(api, { forms, authenticate });
      await prefillLinksRoutes(api, { prefillLinks, authenticate });
      await webhooksRoutes(api, { webhooks, authenticate });
      await formUsersRoutes(api, { formUsers, authenticate });
      await templatesRoutes(api, { templates, authenticate });
      await responsesRoutes(api, { responses, authenticate });
      await pdfRoutes(api, { pdf, html, authenticate, perMinute: config.pdf.perMinute });
      await statsRoutes(api, { stats, authenticate });
      await validateFormRoutes(api, { access });
      await formLoginRoutes(api, { access, loginPerMinute });
      await submissionsRoutes(api, { submissions, publicPerMinute, limits: submitLimits });
      await signatureUploadRoutes(api, { uploads, publicPerMinute });
      await chatRoutes(api, {
        ...chat,
        authenticate,
        startPerMinute: config.chat.startPerMinute,
        messagesPerMinute: config.chat.messagesPerMinute,
      });
      await questionsRoutes(api, { questions, perMinute: publicPerMinute });
      await contactRoutes(api, { contact, authenticate, perMinute: config.contact.perMinute });
    },
    { prefix: API_PREFIX },
  );
  await signatureFileRoutes(app, { uploads });

  // /form/{formId} rendered on the server and its no-JavaScript POST, when the web build has the renderer.
  const formPageRenderer = config.serveWeb
    ? await loadFormPageRenderer(path.resolve(config.webDistDir)).catch((error: unknown) => {
        app.log.error(
          { err: error },
          'the public form renderer could not be loaded; the browser renders forms',
        );
        return undefined;
      })
    : undefined;
  if (formPageRenderer) {
    const pages = createFormPageService({
      access,
      renderer: formPageRenderer,
      cache: formPageCache,
      prefillTokens,
    });
    await formPageRoutes(app, { pages });
    await formPostRoutes(app, { pages, submissions, limits: submitLimits, access });
  }

  const webFallback = config.serveWeb
    ? await registerWebApp(app, path.resolve(config.webDistDir), config.publicUrl)
    : undefined;
  app.setNotFoundHandler(webFallback ?? notFoundProblem);

  return { app, database, google, readiness };
}

/**
 * Fastify (5.12+) treats a numeric trustProxy as "trust nothing", so a hop count becomes proxy-addr's
 * trust function: the socket's peer and the next `hops - 1` addresses of X-Forwarded-For are proxies,
 * and request.ip is the address before them.
 */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Node's own server options for the request, headers and keep-alive timeouts. Node checks the first two
 * every `connectionsCheckingInterval` (30 s by default, which would double a 30 s budget): check a few
 * times per budget instead, so a slow client is cut off close to its deadline.
 */
function httpServerOptions(limits: Config['http']): ServerOptions {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(
      5_000,
      Math.max(100, Math.floor(Math.min(limits.requestTimeoutMs, limits.headersTimeoutMs) / 4)),
    ),
  };
}
