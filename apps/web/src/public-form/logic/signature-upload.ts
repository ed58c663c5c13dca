import { ApiError, type api } from '../lib/http';

/**
 * How long an uploaded signature's URL is reused for a retry. The server keeps an upload that no response
 * uses for one hour, then refuses a submission naming it; a respondent whose submit failed (offline,
 * server busy) may press Submit again much later. Ten minutes short of the hour leaves room for the
 * submit request's own travel (timeouts included) and for server instances whose clocks differ, so a
 * reused URL is still valid when the server checks it. Older than this, the same drawing is uploaded again.
 */
export const SIGNATURE_REUSE_MS = 50 * 60 * 1000;

/**
 * The server's answer to a submission naming a signature it no longer counts as uploaded for the form
 * (expired, or swept). A copy of the contract's, kept here so the respondent bundle stays small; the
 * contract's constants test holds the two equal.
 */
export const SIGNATURE_NOT_UPLOADED_MESSAGE = 'The signature was not uploaded for this form';

export interface UploadedSignature {
  /** The drawing's version (see SignatureToSend), so a changed drawing is uploaded anew. */
  version: number;
  url: string;
  /** Date.now() when the upload request was sent: the server's clock for it starts no earlier. */
  uploadedAt: number;
}

/** The URL of this drawing's last upload while it is safely young enough to send; otherwise undefined. */
export function reusableSignatureUrl(
  uploaded: UploadedSignature | null,
  version: number,
  now: number,
): string | undefined {
  if (!uploaded || uploaded.version !== version) return undefined;
  const age = now - uploaded.uploadedAt;
  // A negative age means the clock was set back since: how old the upload is cannot be told.
  return age >= 0 && age < SIGNATURE_REUSE_MS ? uploaded.url : undefined;
}

/** The 400 a submission gets when the server no longer accepts its signature URL (not any other 400). */
export function isSignatureNotUploaded(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    error.fieldErrors.some(
      (problem) =>
        problem.path === 'response.signature' && problem.message === SIGNATURE_NOT_UPLOADED_MESSAGE,
    )
  );
}

/** POST /forms/submit-signature with the drawing as a PNG; the upload, or undefined when it failed. */
export async function uploadSignature(
  request: typeof api,
  formId: string,
  signature: { version: number; toBlob(): Promise<Blob> },
  headers: Record<string, string>,
  now: () => number,
): Promise<UploadedSignature | undefined> {
  const uploadedAt = now();
  try {
    const body = new FormData();
    body.append('formId', formId);
    body.append('signature', await signature.toBlob(), 'signature.png');
    const uploaded = await request<{ status: string; signature: string }>('/forms/submit-signature', {
      method: 'POST',
      body,
      headers,
    });
    const url = uploaded.data.signature;
    return url ? { version: signature.version, url, uploadedAt } : undefined;
  } catch {
    return undefined;
  }
}
