import type { DocumentModel } from './document-model.js';
import type { StoredDocument } from './document-store.js';
import { htmlToDocumentModel } from './html-to-model.js';

// Stored documents never change (they are created and deleted whole), so each is parsed once.
const models = new WeakMap<StoredDocument, DocumentModel>();

/** The document's model, parsed from its HTML on first use. */
export function modelOf(document: StoredDocument): DocumentModel {
  let model = models.get(document);
  if (!model) {
    model = htmlToDocumentModel(document.html);
    models.set(document, model);
  }
  return model;
}
