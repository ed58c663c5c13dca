import { createPgChannel } from '../db/pg-channel.js';
import type { SheetsClient } from '../google/sheets-client.js';
import { createHtmlPool } from '../html-work/html-pool.js';
import { createHtmlWork } from '../html-work/html-work.js';
import type { FieldOptions } from '../modules/field-options/field-options.service.js';
import { createFormCache } from '../modules/form-access/form-cache.js';
import { createFormChangeBroadcast } from '../modules/form-access/form-change-broadcast.js';
import { createFormPageCache } from '../modules/form-page/form-page-cache.js';
import { createFormUsersRepository } from '../modules/form-users/form-users.repository.js';
import { createFormUsersService } from '../modules/form-users/form-users.service.js';
import { createFormsRepository } from '../modules/forms/forms.repository.js';
import { createFormsService } from '../modules/forms/forms.service.js';
import { createCursorCodec } from '../modules/responses/response-cursor.js';
import { createResponsePagesRepository } from '../modules/responses/response-pages.repository.js';
import { createResponseReader } from '../modules/responses/response-reader.js';
import { resolveSheetIdForBinding } from '../modules/sheet-sync/sheet-binding.js';
import type { SheetSyncService } from '../modules/sheet-sync/sheet-sync.service.js';
import type { SheetSyncWorker } from '../modules/sheet-sync/sheet-sync.worker.js';
import type { OwnerAccessService } from '../modules/sheets/owner-access.service.js';
import type { SheetsService } from '../modules/sheets/sheets.service.js';
import { createTemplatesRepository } from '../modules/templates/templates.repository.js';
import { createTemplatesService } from '../modules/templates/templates.service.js';
import { createSignatureStorage } from '../modules/uploads/configured-signature-storage.js';
import { createSignatureFiles } from '../modules/uploads/signature-files.js';
import { createUploadsRepository } from '../modules/uploads/uploads.repository.js';
import type { AppContext } from './app-context.js';

export interface FormsDeps {
  jwtSecret: string;
  google: { sheets: SheetsClient };
  ownerAccess: OwnerAccessService;
  fieldOptions: FieldOptions;
  sheets: SheetsService;
  sheetSync: SheetSyncWorker;
  sheetSyncService: SheetSyncService;
}

/**
 * The owner's forms, their authorized users and templates, with what the forms service needs: HTML work
 * on worker threads, the response reader, signature files, and the caches a form change drops.
 */
export function wireForms({ app, config, database, clock }: AppContext, deps: FormsDeps) {
  const { jwtSecret, google, ownerAccess, fieldOptions, sheets, sheetSync, sheetSyncService } = deps;
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
    pages: createResponsePagesRepository(database.db, database.kind, database.scanDb),
    cursors: createCursorCodec(jwtSecret),
    timeZone: config.sheetSync.timeZone,
    ...clock,
  });
  // Signature files go with their form, and a sweep at start and every hour removes orphans.
  const signatureStorage = createSignatureStorage(config.signatureStorage, database);
  const uploadsRepository = createUploadsRepository(database.db, database.kind);
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
  return {
    formUsersRepository,
    templatesRepository,
    html,
    responseReader,
    signatureStorage,
    uploadsRepository,
    formCache,
    formPageCache,
    /** Reloads a form on every instance (its cached copies dropped), for changes made outside the forms module. */
    announceFormChange: (formId: string) => formChanges.changed(formId),
    forms,
    formUsers,
    templates,
  };
}
