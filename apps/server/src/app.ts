import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from './composition/api-routes.js';
import { type AppOverrides, createAppContext } from './composition/app-context.js';
import { wireAuth } from './composition/auth.js';
import { wireDeliveries } from './composition/deliveries.js';
import { wireForms } from './composition/forms.js';
import { wireGoogleSheets } from './composition/google-sheets.js';
import { registerHttpPlugins } from './composition/http-plugins.js';
import { registerLocalGoogleEmulator } from './composition/local-mode.js';
import { wirePdf } from './composition/pdf.js';
import { wirePublicForms } from './composition/public-forms.js';
import { wireResponses } from './composition/responses.js';
import { createServer } from './composition/server.js';
import { wireSheetSync } from './composition/sheet-sync.js';
import { wireSubmissions } from './composition/submissions.js';
import { wireVisitors } from './composition/visitors.js';
import { registerWebServing } from './composition/web-serving.js';
import type { Config } from './config/config-types.js';
import type { DatabaseHandle } from './db/database.js';
import type { DriveClient } from './google/drive-client.js';
import type { SheetsClient } from './google/sheets-client.js';
import type { Readiness } from './modules/health/readiness.js';

export type { AppOverrides } from './composition/app-context.js';

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  google: { sheets: SheetsClient; drive: DriveClient };
  /** GET /api/v1/health/ready's state: main.ts marks it shutting down on SIGTERM/SIGINT. */
  readiness: Readiness;
}

/**
 * The composition root: builds the whole server from a Config without listening, so tests can
 * run it in-process and main.ts can start it. Each step registers its plugins, routes and hooks on
 * the one Fastify instance, so the order below is the order of registration (and of hooks): keep it.
 * Each module's wiring lives in composition/; what a later step needs, an earlier one returns.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<BuiltApp> {
  const { app, database, readiness } = await createServer(config, overrides);
  const redis = await registerHttpPlugins(app, config);
  await registerLocalGoogleEmulator(app, config, { seed: overrides.localEmulatorSeed });
  const context = createAppContext(app, config, database, overrides);

  const auth = await wireAuth(context);
  const googleSheets = wireGoogleSheets(context);
  const sync = wireSheetSync(context, googleSheets);
  const forms = wireForms(context, { ...auth, ...googleSheets, ...sync });
  const responses = wireResponses(context, forms);
  const publicForms = wirePublicForms(context, { ...auth, ...googleSheets, ...forms });
  const deliveries = wireDeliveries(context, {
    ...forms,
    ...responses,
    // The PDF service is made further down; a receipt is only ever sent once the app is running.
    receiptPdf: (input) => pdf.receiptPdf(input),
  });
  const submissions = wireSubmissions(context, { ...sync, ...publicForms, ...deliveries });
  const pdf = wirePdf(context, { ...forms, ...responses, ...publicForms });
  const visitors = wireVisitors(context, { ...auth, ...googleSheets, redis });

  const services = { ...auth, ...googleSheets, ...sync, ...forms, ...responses, ...publicForms };
  await registerApiRoutes(context, {
    database,
    readiness,
    redis,
    ...services,
    ...deliveries,
    ...submissions,
    ...pdf,
    ...visitors,
  });
  await registerWebServing(context, { ...services, ...submissions });

  return { app, database, google: googleSheets.google, readiness };
}
