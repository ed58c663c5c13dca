import {
  CheckSheetAccessBodySchema,
  envelope,
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
import type { SheetCaller, SheetsService } from './sheets.service.js';

export interface SheetsRoutesDeps {
  sheets: SheetsService;
  authenticate: preHandlerAsyncHookHandler;
  /** Every call spends the service account's Google quota (60 reads/min), so each user gets a budget. */
  rateLimit: { max: number; timeWindow: number };
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
