import type { SubmissionReceipt, SubmitFormBody } from '@sheetforms/contract';
import { PREFILL_MESSAGES } from '@sheetforms/contract/answers';
import { ApiError, type api } from '../lib/http';
import type { Answers } from './answers';
import { fieldErrorsFromProblem } from './answers';
import type { ConsentState } from './consent';
import type { SubmissionAttempts } from './idempotency';
import type { FieldErrors } from './page-data';
import {
  isSignatureNotUploaded,
  reusableSignatureUrl,
  type UploadedSignature,
  uploadSignature,
} from './signature-upload';

export interface Notify {
  info(message: string): void;
  success(message: string): void;
  warning(message: string): void;
  error(message: string): void;
}

export const SUBMIT_MESSAGES = {
  uploading: 'Uploading signature...',
  uploadFailed: 'Failed to upload signature',
  submitted: 'Form submitted successfully!',
  failed: 'Failed to submit form',
  loginRequired: 'Please log in to submit the form',
  notAccepting: 'This form is not accepting responses right now',
  /** The server's NO_ANSWER_MESSAGE (kept here as text: the respondent bundle imports no contract code). */
  noAnswer: 'Please fill in at least one field',
} as const;

export interface SignatureToSend {
  /** Changes whenever the drawing changes, so an unchanged drawing is uploaded once. */
  version: number;
  toBlob(): Promise<Blob>;
}

export interface SubmitInput {
  formId: string;
  fields: readonly { label: string }[];
  response: Answers;
  signature: SignatureToSend | null;
  token: string | null;
  consent: ConsentState | undefined;
  honeypot: string;
  /** The prefilled link's signed token, sent back for the server to check the locked answers. */
  prefillToken?: string | undefined;
}

export interface SubmitDeps {
  request: typeof api;
  attempts: SubmissionAttempts;
  notify: Notify;
  /** The last uploaded signature, so a retry does not upload the same drawing twice while it is valid. */
  uploaded: UploadedSignature | null;
  /** The clock the upload's age is told by (Date.now unless a test sets it). */
  now?: () => number;
}

export type SubmitOutcome =
  | { kind: 'submitted'; receipt: SubmissionReceipt }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  /** A refusal of the whole form the respondent should read above it (a prefilled link gone bad). */
  | { kind: 'refused'; message: string }
  | { kind: 'unauthorized' }
  | { kind: 'not-accepting' }
  | { kind: 'failed'; retryable: boolean };

const PREFILL_REFUSALS: readonly string[] = Object.values(PREFILL_MESSAGES);

/** The server's refusal of a prefilled link (invalid, expired; a locked answer no field error names). */
function isPrefillRefusal(detail: string | undefined): detail is string {
  return detail !== undefined && PREFILL_REFUSALS.includes(detail);
}

/**
 * Spec 001 submit sequence: (validated answers) → upload the signature → submit. Once the server stored
 * the response (its 201) the respondent is done: the spec's 'Saving to Google Sheets...' step is the
 * server's durable queue, and how the row reached the sheet is the owner's to see (Manage Forms,
 * Responses), never a warning to a respondent whose answers are safe.
 */
export async function submitForm(input: SubmitInput, deps: SubmitDeps): Promise<SubmitOutcome> {
  const authHeaders: Record<string, string> = input.token ? { Authorization: `Bearer ${input.token}` } : {};
  const now = deps.now ?? Date.now;
  const signature = input.signature;

  /** Uploads the drawing (again), remembering it for retries; undefined (after the toast) when it failed. */
  const upload = async (drawing: SignatureToSend): Promise<string | undefined> => {
    deps.notify.info(SUBMIT_MESSAGES.uploading);
    const uploaded = await uploadSignature(deps.request, input.formId, drawing, authHeaders, now);
    if (!uploaded) {
      deps.notify.error(SUBMIT_MESSAGES.uploadFailed);
      return undefined;
    }
    deps.uploaded = uploaded;
    return uploaded.url;
  };

  let signatureUrl: string | undefined;
  if (signature) {
    signatureUrl = reusableSignatureUrl(deps.uploaded, signature.version, now()) ?? (await upload(signature));
    // Nothing was sent under the attempt's key, so it stays open for the retry.
    if (!signatureUrl) return { kind: 'failed', retryable: true };
  }

  const payloadWith = (url: string | undefined): Omit<SubmitFormBody, 'idempotencyKey'> => ({
    formId: input.formId,
    response: url === undefined ? { ...input.response } : { ...input.response, signature: url },
    website: input.honeypot,
    ...(input.token ? { userToken: input.token } : {}),
    ...(input.consent ? { consent: input.consent } : {}),
    ...(input.prefillToken ? { prefillToken: input.prefillToken } : {}),
  });
  // The attempt is told by the drawing, not its URL: a retry that had to upload the same drawing again
  // is the same submission and keeps its key, so a first request that was stored is never stored twice.
  const idempotencyKey = deps.attempts.keyFor(
    JSON.stringify({ ...payloadWith(undefined), drawing: signature?.version ?? null }),
  );
  const send = async (url: string | undefined) => {
    const result = await deps.request<SubmissionReceipt>(
      `/forms/${encodeURIComponent(input.formId)}/submit-form`,
      { method: 'POST', body: { ...payloadWith(url), idempotencyKey }, headers: authHeaders },
    );
    return result.data;
  };

  let receipt: SubmissionReceipt;
  try {
    try {
      receipt = await send(signatureUrl);
    } catch (error) {
      // The server no longer counts the upload as this form's (it expired while the respondent was away,
      // or the clocks disagree): upload the same drawing once more and resend under the same key. Nothing
      // was stored, or the server would have answered the stored response instead of this refusal.
      if (!signature || !isSignatureNotUploaded(error)) throw error;
      deps.uploaded = null;
      signatureUrl = await upload(signature);
      if (!signatureUrl) return { kind: 'failed', retryable: true };
      receipt = await send(signatureUrl);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) {
      deps.attempts.settle();
      deps.notify.error(SUBMIT_MESSAGES.failed);
      return { kind: 'failed', retryable: false };
    }
    if (error.isNetworkError) {
      // No reply: keep the attempt open so pressing Submit again reuses the key.
      deps.notify.error(SUBMIT_MESSAGES.failed);
      return { kind: 'failed', retryable: true };
    }
    deps.attempts.settle();
    if (error.status === 401) {
      deps.notify.error(SUBMIT_MESSAGES.loginRequired);
      return { kind: 'unauthorized' };
    }
    if (error.status === 409 || error.code === 'FORM_NOT_ACCEPTING') {
      deps.notify.error(error.detail ?? SUBMIT_MESSAGES.notAccepting);
      return { kind: 'not-accepting' };
    }
    // Refused answers are shown inline beside their fields (a toast of the same words outlived the
    // form it described); only a refusal no field explains becomes a toast.
    const fieldErrors = fieldErrorsFromProblem(input.fields, error.fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };
    if (error.status === 400 && isPrefillRefusal(error.detail))
      return { kind: 'refused', message: error.detail };
    deps.notify.error(error.detail ?? SUBMIT_MESSAGES.failed);
    return { kind: 'failed', retryable: false };
  }
  deps.attempts.settle();
  deps.notify.success(SUBMIT_MESSAGES.submitted);
  return { kind: 'submitted', receipt };
}
