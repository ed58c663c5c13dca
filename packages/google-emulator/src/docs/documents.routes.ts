import type { FastifyInstance } from 'fastify';
import { ACCEPTED_SCOPES, type Caller, roleFor } from '../access/access-control.js';
import { type ApiGuardDeps, guardApiCall } from '../access/api-guard.js';
import { GoogleApiError } from '../google-errors.js';
import { cellText } from '../sheets/cells.js';
import { csvLine } from '../sheets/csv.js';
import { applyFieldMask, type FieldMask, parseFieldMask } from '../sheets/field-mask.js';
import { firstSheet } from '../sheets/range-resolution.js';
import { isPlausibleFileId, type SpreadsheetMeta } from '../sheets/spreadsheet-model.js';
import type { SpreadsheetStore } from '../sheets/spreadsheet-store.js';
import { documentPdf, documentText } from './document-exports.js';
import { modelOf } from './document-model-cache.js';
import type { DocumentStore, StoredDocument } from './document-store.js';
import { type DriveFileSource, driveFileResource } from './drive-resources.js';
import { textToPdf } from './pdf.js';

/** What the Drive routes need. */
export interface DocumentsRoutesDeps {
  documents: DocumentStore;
  spreadsheets: SpreadsheetStore;
  guard: ApiGuardDeps;
}

/** Drive refuses to export more than 10 MB. */
export const EXPORT_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * Drive v3 `files.get` and `files.export`. Drive answers 404 "File not found" both for unknown files and for
 * files the caller may not see (Drive does not reveal that they exist), in its legacy error envelope.
 */
export function registerDocumentsRoutes(app: FastifyInstance, deps: DocumentsRoutesDeps) {
  app.get<{ Params: { fileId: string }; Querystring: Record<string, string | undefined> }>(
    '/drive/v3/files/:fileId/export',
    async (request, reply) => {
      const caller = await guardApiCall(request, deps.guard, {
        kind: 'read',
        service: 'drive.googleapis.com',
        scopes: ACCEPTED_SCOPES.driveRead,
      });
      const mimeType = request.query.mimeType;
      if (!mimeType) {
        throw GoogleApiError.legacy(400, {
          message: 'Required parameter: mimeType',
          domain: 'global',
          reason: 'required',
          location: 'mimeType',
          locationType: 'parameter',
        });
      }
      const file = findVisibleFile(caller, deps, request.params.fileId);
      const bytes = await exportFile(deps, file, mimeType);
      if (bytes.length > EXPORT_LIMIT_BYTES) {
        throw GoogleApiError.legacy(403, {
          message: 'This file is too large to be exported.',
          domain: 'global',
          reason: 'exportSizeLimitExceeded',
        });
      }
      return reply
        .type(
          mimeType === 'text/html' || mimeType.startsWith('text/') ? `${mimeType}; charset=utf-8` : mimeType,
        )
        .send(bytes);
    },
  );

  app.get<{ Params: { fileId: string }; Querystring: Record<string, string | undefined> }>(
    '/drive/v3/files/:fileId',
    async (request, reply) => {
      const caller = await guardApiCall(request, deps.guard, {
        kind: 'read',
        service: 'drive.googleapis.com',
        scopes: ACCEPTED_SCOPES.driveMetadata,
      });
      const file = findVisibleFile(caller, deps, request.params.fileId);
      const resource = driveFileResource(driveSource(deps, file), caller, file.role);
      const fields = request.query.fields;
      if (fields === undefined || fields === '') {
        const { kind, id, name, mimeType } = resource;
        return reply.send({ kind, id, name, mimeType });
      }
      return reply.send(applyFieldMask(resource, driveFieldMask(fields)));
    },
  );
}

/** Parses Drive's `fields`; a broken mask is Drive's 400 in its legacy envelope. */
export function driveFieldMask(fields: string): FieldMask {
  const mask = parseFieldMask(fields);
  if (mask) return mask;
  throw GoogleApiError.legacy(400, {
    message: `Invalid field selection ${fields}`,
    domain: 'global',
    reason: 'invalidParameter',
    location: 'fields',
    locationType: 'parameter',
  });
}

/** A visible file as Drive's resources describe it. */
export function driveSource(deps: DocumentsRoutesDeps, file: VisibleFile): DriveFileSource {
  if (file.kind === 'document') {
    const { document } = file;
    return {
      kind: 'document',
      id: file.id,
      title: document.title,
      ownerEmail: document.ownerEmail,
      sharing: document.sharing,
      createdTime: document.createdAt,
      modifiedTime: document.createdAt,
    };
  }
  const { meta } = file;
  return {
    kind: 'spreadsheet',
    id: file.id,
    title: meta.title,
    ownerEmail: meta.ownerEmail,
    sharing: meta.sharing,
    createdTime: meta.createdAt,
    modifiedTime: deps.spreadsheets.modifiedTime(file.id) ?? meta.createdAt,
  };
}

/** A file the caller may see, with the most the caller may do with it. */
export type VisibleFile =
  | { kind: 'document'; id: string; title: string; role: VisibleRole; document: StoredDocument }
  | { kind: 'spreadsheet'; id: string; title: string; role: VisibleRole; meta: SpreadsheetMeta };

/** What the caller may do with a file they can see. */
type VisibleRole = 'edit' | 'comment' | 'view';

/** Finds a file the caller may see; Drive's 404 "File not found" otherwise, whether or not it exists. */
export function findVisibleFile(caller: Caller, deps: DocumentsRoutesDeps, id: string): VisibleFile {
  const notFound = GoogleApiError.legacy(404, {
    message: `File not found: ${id}.`,
    domain: 'global',
    reason: 'notFound',
    location: 'fileId',
    locationType: 'parameter',
  });
  if (!isPlausibleFileId(id)) throw notFound;
  const document = deps.documents.get(id);
  if (document) {
    const role = roleFor(caller, document);
    if (role === 'none') throw notFound;
    return { kind: 'document', id, title: document.title, role, document };
  }
  const spreadsheet = deps.spreadsheets.get(id);
  const role = spreadsheet ? roleFor(caller, spreadsheet) : 'none';
  if (spreadsheet && role !== 'none') {
    return { kind: 'spreadsheet', id, title: spreadsheet.title, role, meta: spreadsheet };
  }
  throw notFound;
}

async function exportFile(deps: DocumentsRoutesDeps, file: VisibleFile, mimeType: string): Promise<Buffer> {
  const unsupported = GoogleApiError.legacy(400, {
    message: 'The requested conversion is not supported.',
    domain: 'global',
    reason: 'badRequest',
    location: 'convertTo',
    locationType: 'parameter',
  });
  if (file.kind === 'document') {
    // The stored HTML stands for what Google's HTML export gives back, so it is returned as it is.
    if (mimeType === 'text/html') return Buffer.from(file.document.html, 'utf8');
    if (mimeType === 'text/plain') return Buffer.from(documentText(modelOf(file.document)), 'utf8');
    if (mimeType === 'application/pdf') return documentPdf(file.title, modelOf(file.document));
    throw unsupported;
  }
  const { meta } = file;
  const sheet = firstSheet(meta);
  const rows = await deps.spreadsheets.rows(meta.spreadsheetId, sheet.sheetId);
  const lines = rows.map((row) => row.map((cell) => cellText(cell)));
  if (mimeType === 'text/csv')
    return Buffer.from(lines.map((fields) => csvLine(fields)).join('\r\n'), 'utf8');
  if (mimeType === 'text/tab-separated-values')
    return Buffer.from(lines.map((fields) => fields.join('\t')).join('\r\n'), 'utf8');
  if (mimeType === 'application/pdf') {
    return textToPdf(
      meta.title,
      lines.map((fields) => ({ text: fields.join('  |  '), heading: 0 })),
    );
  }
  throw unsupported;
}
