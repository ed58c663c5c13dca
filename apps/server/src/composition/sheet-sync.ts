import type { AccessTokenSource } from '../google/service-account.js';
import type { SheetsClient } from '../google/sheets-client.js';
import { sheetLeaseWarning } from '../modules/sheet-sync/sheet-lease-check.js';
import { createSheetSyncRepository } from '../modules/sheet-sync/sheet-sync.repository.js';
import { createSheetSyncService } from '../modules/sheet-sync/sheet-sync.service.js';
import { createSheetSyncWorker } from '../modules/sheet-sync/sheet-sync.worker.js';
import type { OwnerAccessService } from '../modules/sheets/owner-access.service.js';
import type { AppContext } from './app-context.js';

export interface SheetSyncDeps {
  google: { sheets: SheetsClient };
  serviceAccount: AccessTokenSource | undefined;
  ownerAccess: OwnerAccessService;
}

/** The worker that writes stored responses to their sheets, and the service behind its routes. */
export function wireSheetSync({ app, config, database, clock }: AppContext, deps: SheetSyncDeps) {
  const { google, serviceAccount, ownerAccess } = deps;
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
    ambiguousSettleMs: Math.max(60_000, 2 * config.googleApis.timeoutMs),
    // Its waits (backoff, the edit-access recheck) follow the app's clock, which tests move forward.
    ...clock,
  });
  if (config.sheetSync.enabled) {
    const warning = sheetLeaseWarning(config.sheetSync.leaseMs, config.googleApis.timeoutMs);
    if (warning) app.log.warn(warning);
    // Start once the server is ready (in local mode the emulator it writes to is part of this server).
    app.addHook('onReady', async () => sheetSync.start());
    // preClose: stop before the database closes, letting the current batch finish.
    app.addHook('preClose', async () => sheetSync.stop());
  }
  const sheetSyncService = createSheetSyncService(createSheetSyncRepository(database.db, database.kind));
  return { sheetSync, sheetSyncService };
}
