import {
  CheckSheetAccessBatchBodySchema,
  CheckSheetAccessBodySchema,
  envelope,
  SheetAccessBatchSchema,
  SheetAccessSchema,
  SheetPreviewQuerySchema,
  SheetPreviewSchema,
  SpreadsheetMetadataQuerySchema,
  SpreadsheetMetadataSchema,
} from '@sheetforms/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/authenticate.js';
import { addressKey } from '../../http/client-address-key.js';
import { ok } from '../../http/envelope.js';
import { OwnerProofHeadersSchema, ownerProofFrom } from './owner-proof-headers.js';
import type { FormSheetSettings, SheetCaller, SheetsService } from './sheets.service.js';

export interface SheetsRoutesDeps {
  sheets: SheetsService;
  authenticate: preHandlerAsyncHookHandler;
  /** Every call spends the service account's Google quota (60 reads/min), so each user gets a budget. */
  rateLimit: { max: number; timeWindow: number };
  /** The signed-in owner's forms with their sheet settings (the forms module's list, owner-scoped). */
  formSheetsOf: (ownerId: string) => Promise<FormSheetSettings[]>;
}

export async function sheetsRoutes(app: FastifyInstance, deps: SheetsRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The owner on whose behalf the shared service account reads: they must be able to open the sheet.
  const callerOf = (request: FastifyRequest): SheetCaller => ({
    ownerId: requireAuth(request).userId,
    ...ownerProofFrom(request.headers),
  });
  const tags = ['sheets'];
  const security = [{ bearerAuth: [] }];
  // Counted per signed-in user and route, after authentication (so it runs as a preHandler, not onRequest).
  const config = {
    rateLimit: {
      ...deps.rateLimit,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `user:${request.auth?.userId ?? addressKey(request.ip)}`,
    },
  };

  // The spec puts the check under /forms; it is a spreadsheet use case, so it lives here.
  r.post(
    '/forms/check-sheet-access',
    {
      preHandler: deps.authenticate,
      config,
      schema: {
        tags,
        summary: 'Whether SheetForms can reach a spreadsheet (the Sheet Status column)',
        security,
        body: CheckSheetAccessBodySchema,
        headers: OwnerProofHeadersSchema,
        response: { 200: envelope(SheetAccessSchema) },
      },
    },
    async (request) =>
      ok(
        await deps.sheets.checkAccess(
          request.body.googleSheetsUrl,
          request.body.sheetName,
          callerOf(request),
        ),
      ),
  );

  // One call per load of Manage Forms for every form's status, instead of one call per form.
  r.post(
    '/forms/check-sheet-access/batch',
    {
      preHandler: deps.authenticate,
      config,
      schema: {
        tags,
        summary: "The Sheet Status of many of the caller's forms; results are reused for 60 s",
        security,
        body: CheckSheetAccessBatchBodySchema,
        headers: OwnerProofHeadersSchema,
        response: { 200: envelope(SheetAccessBatchSchema) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const asked = new Set(request.body.formIds);
      // Only the caller's own forms are looked at: any other id is answered as unchecked, never checked.
      const forms = (await deps.formSheetsOf(caller.ownerId)).filter(
        (form) =>
          asked.has(form.formId) && form.googleSheetsUrl.trim() !== '' && form.sheetName.trim() !== '',
      );
      const results = await deps.sheets.checkForms(forms, caller);
      return ok({ results, unchecked: [...asked].filter((formId) => !Object.hasOwn(results, formId)) });
    },
  );

  r.get(
    '/sheets/metadata',
    {
      preHandler: deps.authenticate,
      config,
      schema: {
        tags,
        summary: "A spreadsheet's title and sheets",
        security,
        querystring: SpreadsheetMetadataQuerySchema,
        headers: OwnerProofHeadersSchema,
        response: { 200: envelope(SpreadsheetMetadataSchema) },
      },
    },
    async (request) => ok(await deps.sheets.getMetadata(request.query.url, callerOf(request))),
  );

  r.get(
    '/sheets/preview',
    {
      preHandler: deps.authenticate,
      config,
      schema: {
        tags,
        summary: 'Headers, the first 5 rows and 3 sample values per header of a sheet',
        security,
        querystring: SheetPreviewQuerySchema,
        headers: OwnerProofHeadersSchema,
        response: { 200: envelope(SheetPreviewSchema) },
      },
    },
    async (request) =>
      ok(await deps.sheets.getPreview(request.query.url, request.query.sheet, callerOf(request))),
  );
}
