import type { SubmissionReceipt, SubmitFormBody } from '@sheetforms/contract';
import { ApiError, type api } from '../lib/http';
import type { Answers, FieldErrors } from './answers';
import { fieldErrorsFromProblem } from './answers';
import type { ConsentState } from './consent';
import type { SubmissionAttempts } from './idempotency';

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

/** What happened after the server stored the response, for steps that follow it. */
export interface AfterSubmitContext {
  formId: string;
  formName: string;
  response: Answers;
  receipt: SubmissionReceipt;
  notify: Notify;
}

/**
 * Seam for the steps of spec 001's submit sequence that come after the server stored the response.
 * The sheet-sync issue adds its 'Saving to Google Sheets...' step here; a step may notify but must not
 * throw the submission away: the response is already stored, so the thank-you shows regardless.
 */
export type AfterSubmitStep = (context: AfterSubmitContext) => Promise<void>;

export interface SignatureToSend {
  /** Changes whenever the drawing changes, so an unchanged drawing is uploaded once. */
  version: number;
  toBlob(): Promise<Blob>;
}

export interface SubmitInput {
  formId: string;
  formName: string;
  fields: readonly { label: string }[];
  response: Answers;
  signature: SignatureToSend | null;
  token: string | null;
  consent: ConsentState | undefined;
  honeypot: string;
}

export interface SubmitDeps {
  request: typeof api;
  attempts: SubmissionAttempts;
  notify: Notify;
  /** The last uploaded signature, so a retry does not upload the same drawing twice. */
  uploaded: { version: number; url: string } | null;
  afterSubmit?: readonly AfterSubmitStep[];
}

export type SubmitOutcome =
  | { kind: 'submitted'; receipt: SubmissionReceipt }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  | { kind: 'unauthorized' }
  | { kind: 'not-accepting' }
  | { kind: 'failed'; retryable: boolean };

/** Spec 001 submit sequence: (validated answers) → upload the signature → submit → after-steps. */
export async function submitForm(input: SubmitInput, deps: SubmitDeps): Promise<SubmitOutcome> {
  const authHeaders: Record<string, string> = input.token ? { Authorization: `Bearer ${input.token}` } : {};
  const response: Answers = { ...input.response };

  if (input.signature) {
    let url = deps.uploaded?.version === input.signature.version ? deps.uploaded.url : undefined;
    if (!url) {
      deps.notify.info(SUBMIT_MESSAGES.uploading);
      try {
        const body = new FormData();
        body.append('formId', input.formId);
        body.append('signature', await input.signature.toBlob(), 'signature.png');
        const uploaded = await deps.request<{ status: string; signature: string }>(
          '/forms/submit-signature',
          {
            method: 'POST',
            body,
            headers: authHeaders,
          },
        );
        url = uploaded.data.signature;
        if (!url) throw new Error('no signature URL');
        deps.uploaded = { version: input.signature.version, url };
      } catch {
        deps.notify.error(SUBMIT_MESSAGES.uploadFailed);
        return { kind: 'failed', retryable: true };
      }
    }
    response.signature = url;
  }

  const payload: Omit<SubmitFormBody, 'idempotencyKey'> = {
    formId: input.formId,
    response,
    website: input.honeypot,
    ...(input.token ? { userToken: input.token } : {}),
    ...(input.consent ? { consent: input.consent } : {}),
  };
  const idempotencyKey = deps.attempts.keyFor(JSON.stringify(payload));

  let receipt: SubmissionReceipt;
  try {
    const result = await deps.request<SubmissionReceipt>(
      `/forms/${encodeURIComponent(input.formId)}/submit-form`,
      { method: 'POST', body: { ...payload, idempotencyKey }, headers: authHeaders },
    );
    receipt = result.data;
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
    deps.notify.error(error.detail ?? SUBMIT_MESSAGES.failed);
    const fieldErrors = fieldErrorsFromProblem(input.fields, error.fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };
    return { kind: 'failed', retryable: false };
  }
  deps.attempts.settle();

  for (const step of deps.afterSubmit ?? []) {
    try {
      await step({ formId: input.formId, formName: input.formName, response, receipt, notify: deps.notify });
    } catch {
      // A later step failing never undoes a stored response.
    }
  }
  deps.notify.success(SUBMIT_MESSAGES.submitted);
  return { kind: 'submitted', receipt };
}
