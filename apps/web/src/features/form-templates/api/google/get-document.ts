import type { DocsDocument } from '../../logic/docs-document';
import { googleGet, joinUrl } from './google-request';

/** Docs API documents.get with the owner's token: the document as structured JSON (converted to HTML here). */
export async function getDocument(docsApiUrl: string, documentId: string, accessToken: string) {
  const url = joinUrl(docsApiUrl, `/v1/documents/${encodeURIComponent(documentId)}`);
  const response = await googleGet(url, accessToken);
  return (await response.json()) as DocsDocument;
}
