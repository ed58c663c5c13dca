import type { FastifyInstance } from 'fastify';
import { ACCEPTED_SCOPES, roleFor } from '../access/access-control.js';
import { type ApiGuardDeps, guardApiCall } from '../access/api-guard.js';
import { GoogleApiError, sendGoogleError } from '../google-errors.js';
import { applyFieldMask, parseFieldMask } from '../sheets/field-mask.js';
import { isPlausibleFileId } from '../sheets/spreadsheet-model.js';
import { modelOf } from './document-model-cache.js';
import { documentResource } from './document-resource.js';
import type { DocumentStore } from './document-store.js';
import { imageBytes } from './inline-images.js';

/** What the Docs API routes need. */
export interface DocsApiRoutesDeps {
  documents: DocumentStore;
  guard: ApiGuardDeps;
  /** The emulator's public URL, for images' `contentUri`. */
  issuer: () => string;
}

const SUGGESTIONS_VIEW_MODES = [
  'SUGGESTIONS_INLINE',
  'PREVIEW_SUGGESTIONS_ACCEPTED',
  'PREVIEW_WITHOUT_SUGGESTIONS',
];

/**
 * Docs v1 `documents.get` (404 and 403 in the modern error envelope), and the addresses its images'
 * `contentUri` point at.
 */
export function registerDocsApiRoutes(app: FastifyInstance, deps: DocsApiRoutesDeps) {
  app.get<{ Params: { documentId: string }; Querystring: Record<string, string | undefined> }>(
    '/v1/documents/:documentId',
    async (request, reply) => {
      const caller = await guardApiCall(request, deps.guard, {
        kind: 'read',
        service: 'docs.googleapis.com',
        scopes: ACCEPTED_SCOPES.docsRead,
      });
      const id = request.params.documentId;
      const document = isPlausibleFileId(id) ? deps.documents.get(id) : undefined;
      if (!document) throw GoogleApiError.of(404, 'Requested entity was not found.', 'NOT_FOUND');
      const role = roleFor(caller, document);
      if (role === 'none') {
        throw GoogleApiError.of(403, 'The caller does not have permission', 'PERMISSION_DENIED');
      }
      const query = request.query;
      const resource = documentResource(document, modelOf(document), {
        includeTabsContent: booleanParameter(query.includeTabsContent, 'include_tabs_content'),
        suggestionsViewMode: suggestionsViewMode(query.suggestionsViewMode, role === 'edit'),
        canEdit: role === 'edit',
        issuer: deps.issuer(),
      });
      const fields = query.fields;
      if (fields === undefined || fields === '') return reply.send(resource);
      const mask = parseFieldMask(fields);
      if (!mask) throw GoogleApiError.of(400, `Invalid field selection ${fields}`, 'INVALID_ARGUMENT');
      return reply.send(applyFieldMask(resource, mask));
    },
  );

  // Like Google's googleusercontent.com addresses, these need no credentials: whoever has the address
  // (from documents.get) may fetch the image, from any origin.
  app.get<{ Params: { documentId: string; objectId: string } }>(
    '/docs-images/:documentId/:objectId',
    async (request, reply) => {
      const { documentId, objectId } = request.params;
      const document = isPlausibleFileId(documentId) ? deps.documents.get(documentId) : undefined;
      const image = document ? imageBytes(modelOf(document), objectId) : undefined;
      if (!image) return sendGoogleError(reply, 404, 'Requested entity was not found.');
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=1800')
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
}

/**
 * The suggestions view mode the reply reports. The default (DEFAULT_FOR_CURRENT_ACCESS) is inline
 * suggestions for editors and a preview without them for viewers, as in Docs.
 */
function suggestionsViewMode(value: string | undefined, canEdit: boolean): string {
  if (value === undefined || value === '' || value === 'DEFAULT_FOR_CURRENT_ACCESS') {
    return canEdit ? 'SUGGESTIONS_INLINE' : 'PREVIEW_WITHOUT_SUGGESTIONS';
  }
  if (SUGGESTIONS_VIEW_MODES.includes(value)) return value;
  throw GoogleApiError.of(
    400,
    `Invalid value at 'suggestions_view_mode' (type.googleapis.com/google.apps.docs.v1.SuggestionsViewMode), "${value}"`,
    'INVALID_ARGUMENT',
  );
}

function booleanParameter(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw GoogleApiError.of(400, `Invalid value at '${name}' (TYPE_BOOL), "${value}"`, 'INVALID_ARGUMENT');
}
