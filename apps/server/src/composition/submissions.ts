import type { DeliveriesWorker } from '../modules/deliveries/deliveries.worker.js';
import type { FormAccessService } from '../modules/form-access/form-access.service.js';
import type { PrefillTokens } from '../modules/prefill-links/prefill-tokens.js';
import type { SheetSyncWorker } from '../modules/sheet-sync/sheet-sync.worker.js';
import { createResponsesRepository } from '../modules/submissions/responses.repository.js';
import { createSubmitLimits } from '../modules/submissions/submissions.routes.js';
import { createSubmissionsService } from '../modules/submissions/submissions.service.js';
import type { UploadsService } from '../modules/uploads/uploads.service.js';
import type { AppContext } from './app-context.js';

export interface SubmissionsDeps {
  access: FormAccessService;
  prefillTokens: PrefillTokens;
  uploads: UploadsService;
  sheetSync: SheetSyncWorker;
  deliveriesWorker: DeliveriesWorker;
}

/** Stored submissions, which wake the sheet-sync and deliveries workers, and their rate limits. */
export function wireSubmissions({ app, config, database, clock }: AppContext, deps: SubmissionsDeps) {
  const { sheetSync, deliveriesWorker } = deps;
  const submissions = createSubmissionsService({
    access: deps.access,
    prefillTokens: deps.prefillTokens,
    responses: createResponsesRepository(database.db, database.writeDb, {
      kind: database.kind,
      sqliteWriter: database.sqliteWriter,
    }),
    uploads: deps.uploads,
    mailConfigured: config.deliveries.mail !== undefined,
    log: app.log,
    onStored: (formRowId, toPlan) => {
      sheetSync.notify(formRowId);
      if (toPlan) deliveriesWorker.notify();
    },
    ...clock,
  });
  // One budget for both ways of submitting: the JSON API and the form page's plain POST.
  const submitLimits = createSubmitLimits(app, config.rateLimit.publicPerMinute);
  return { submissions, submitLimits };
}
