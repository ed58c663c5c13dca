import { API_PREFIX, GOOGLE_API_SCOPES, SIGN_IN_SCOPES } from '@sheetforms/contract';
import type { DatabaseHandle } from '../db/database.js';
import type { HtmlWork } from '../html-work/html-work.js';
import type { createAuthenticate } from '../http/authenticate.js';
import { rejectNulText } from '../http/reject-nul-text.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { chatRoutes } from '../modules/chat/chat.routes.js';
import type { createChatModule } from '../modules/chat/chat-module.js';
import { contactRoutes } from '../modules/contact/contact.routes.js';
import type { ContactService } from '../modules/contact/contact.service.js';
import { webhooksRoutes } from '../modules/deliveries/webhooks.routes.js';
import type { WebhooksService } from '../modules/deliveries/webhooks.service.js';
import type { FormAccessService } from '../modules/form-access/form-access.service.js';
import { formLoginRoutes } from '../modules/form-access/form-login.routes.js';
import { validateFormRoutes } from '../modules/form-access/validate-form.routes.js';
import { formUsersRoutes } from '../modules/form-users/form-users.routes.js';
import type { FormUsersService } from '../modules/form-users/form-users.service.js';
import { formsRoutes } from '../modules/forms/forms.routes.js';
import type { FormsService } from '../modules/forms/forms.service.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import type { Readiness } from '../modules/health/readiness.js';
import { pdfRoutes } from '../modules/pdf/pdf.routes.js';
import type { PdfService } from '../modules/pdf/pdf.service.js';
import { prefillLinksRoutes } from '../modules/prefill-links/prefill-links.routes.js';
import type { PrefillLinksService } from '../modules/prefill-links/prefill-links.service.js';
import { questionsRoutes } from '../modules/questions/questions.routes.js';
import type { QuestionsCache } from '../modules/questions/questions-cache.js';
import { responsesRoutes } from '../modules/responses/responses.routes.js';
import type { ResponsesService } from '../modules/responses/responses.service.js';
import { sheetSyncRoutes } from '../modules/sheet-sync/sheet-sync.routes.js';
import type { SheetSyncService } from '../modules/sheet-sync/sheet-sync.service.js';
import type { SheetSyncWorker } from '../modules/sheet-sync/sheet-sync.worker.js';
import { sheetsRoutes } from '../modules/sheets/sheets.routes.js';
import type { SheetsService } from '../modules/sheets/sheets.service.js';
import { statsRoutes } from '../modules/stats/stats.routes.js';
import type { StatsService } from '../modules/stats/stats.service.js';
import { type createSubmitLimits, submissionsRoutes } from '../modules/submissions/submissions.routes.js';
import type { SubmissionsService } from '../modules/submissions/submissions.service.js';
import { templatesRoutes } from '../modules/templates/templates.routes.js';
import type { TemplatesService } from '../modules/templates/templates.service.js';
import { signatureUploadRoutes } from '../modules/uploads/uploads.routes.js';
import type { UploadsService } from '../modules/uploads/uploads.service.js';
import type { RedisConnection } from '../redis/redis-connection.js';
import type { AppContext } from './app-context.js';

export interface ApiRoutesDeps {
  database: DatabaseHandle;
  readiness: Readiness;
  redis: RedisConnection | undefined;
  auth: AuthService;
  authenticate: ReturnType<typeof createAuthenticate>;
  sheets: SheetsService;
  sheetSync: SheetSyncWorker;
  sheetSyncService: SheetSyncService;
  forms: FormsService;
  prefillLinks: PrefillLinksService;
  webhooks: WebhooksService;
  formUsers: FormUsersService;
  templates: TemplatesService;
  responses: ResponsesService;
  pdf: PdfService;
  html: HtmlWork;
  stats: StatsService;
  access: FormAccessService;
  submissions: SubmissionsService;
  submitLimits: ReturnType<typeof createSubmitLimits>;
  uploads: UploadsService;
  chat: ReturnType<typeof createChatModule>;
  questions: QuestionsCache;
  contact: ContactService;
}

/** Every route under /api/v1, in one encapsulated plugin: its content-type parsers and NUL guard stay inside. */
export async function registerApiRoutes({ app, config }: AppContext, deps: ApiRoutesDeps): Promise<void> {
  const { database, readiness, redis, authenticate, access, uploads } = deps;
  const { publicPerMinute, loginPerMinute } = config.rateLimit;
  await app.register(
    async (api) => {
      // The API speaks JSON only (multipart is added per route where uploads need it).
      api.removeContentTypeParser('text/plain');
      rejectNulText(api);
      await healthRoutes(api, { database, mode: config.mode, readiness, ...(redis ? { redis } : {}) });
      await authRoutes(api, {
        auth: deps.auth,
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
        sheets: deps.sheets,
        authenticate,
        rateLimit: { max: config.rateLimit.sheetsPerMinute, timeWindow: 60_000 },
        formSheetsOf: (ownerId) => deps.forms.list(ownerId),
      });
      await sheetSyncRoutes(api, {
        sync: deps.sheetSyncService,
        authenticate,
        notify: () => deps.sheetSync.notify(),
      });
      await formsRoutes(api, { forms: deps.forms, authenticate });
      await prefillLinksRoutes(api, { prefillLinks: deps.prefillLinks, authenticate, publicPerMinute });
      await webhooksRoutes(api, { webhooks: deps.webhooks, authenticate });
      await formUsersRoutes(api, { formUsers: deps.formUsers, authenticate });
      await templatesRoutes(api, { templates: deps.templates, authenticate });
      await responsesRoutes(api, { responses: deps.responses, authenticate });
      await pdfRoutes(api, { pdf: deps.pdf, html: deps.html, authenticate, perMinute: config.pdf.perMinute });
      await statsRoutes(api, { stats: deps.stats, authenticate });
      await validateFormRoutes(api, { access });
      await formLoginRoutes(api, { access, loginPerMinute });
      await submissionsRoutes(api, {
        submissions: deps.submissions,
        publicPerMinute,
        limits: deps.submitLimits,
      });
      await signatureUploadRoutes(api, { uploads, publicPerMinute });
      await chatRoutes(api, {
        ...deps.chat,
        authenticate,
        startPerMinute: config.chat.startPerMinute,
        messagesPerMinute: config.chat.messagesPerMinute,
      });
      await questionsRoutes(api, { questions: deps.questions, perMinute: publicPerMinute });
      await contactRoutes(api, {
        contact: deps.contact,
        authenticate,
        isAdmin: deps.chat.isAdmin,
        perMinute: config.contact.perMinute,
      });
    },
    { prefix: API_PREFIX },
  );
}
