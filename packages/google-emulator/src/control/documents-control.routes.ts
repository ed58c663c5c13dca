import type { FastifyInstance } from 'fastify';
import { checkSharing, type Sharing } from '../access/sharing.js';
import type { DocumentStore, StoredDocument } from '../docs/document-store.js';
import { sendGoogleError } from '../google-errors.js';
import { documentUrl } from '../sheets/spreadsheet-model.js';
import { checkTitle } from './spreadsheet-input.js';

/** The document summary the control API lists. */
export function documentSummary(document: StoredDocument) {
  return {
    documentId: document.documentId,
    title: document.title,
    documentUrl: documentUrl(document.documentId),
    sharing: document.sharing,
    ...(document.ownerEmail ? { ownerEmail: document.ownerEmail } : {}),
  };
}

/** Emulator-only document management: `POST /__emulator/documents` `{ title, html, sharing?, ownerEmail? }` and a list. */
export function registerDocumentsControlRoutes(app: FastifyInstance, store: DocumentStore) {
  app.post('/__emulator/documents', { bodyLimit: 10 * 1024 * 1024 }, async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    const title = checkTitle(body.title, 'title');
    if (!title.ok) return sendGoogleError(reply, 400, title.message);
    if (typeof body.html !== 'string')
      return sendGoogleError(reply, 400, "Invalid value at 'html': a string is required.");
    let sharing: Sharing | undefined;
    if (body.sharing !== undefined) {
      const checked = checkSharing(body.sharing);
      if (!checked.ok) return sendGoogleError(reply, 400, checked.message);
      sharing = checked.sharing;
    }
    if (
      body.ownerEmail !== undefined &&
      (typeof body.ownerEmail !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(body.ownerEmail))
    ) {
      return sendGoogleError(reply, 400, "Invalid value at 'ownerEmail': must be an email address.");
    }
    const document = await store.create({
      title: title.value,
      html: body.html,
      ...(sharing ? { sharing } : {}),
      ...(typeof body.ownerEmail === 'string' ? { ownerEmail: body.ownerEmail } : {}),
    });
    return reply
      .code(201)
      .send({ documentId: document.documentId, documentUrl: documentUrl(document.documentId) });
  });

  app.get('/__emulator/documents', async () => ({ documents: store.list().map(documentSummary) }));
}
