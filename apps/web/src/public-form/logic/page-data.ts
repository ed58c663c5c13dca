import type { PublicForm } from '@sheetforms/contract';

/** What is wrong with the answers, by field label. */
export type FieldErrors = Record<string, string>;

/**
 * What the server rendered /form/{formId} with, inlined in the page as JSON
 * (`<script type="application/json" id="sf-form-data">`) so the browser hydrates the same tree without
 * asking for the form again. The server builds it from the public view only (decision 0020).
 */
export type InitialView =
  | {
      kind: 'form';
      form: PublicForm;
      /**
       * After a refused no-JavaScript submission: what was sent (a checkboxes answer as its choices or as
       * the stored 'A, B'), and what was wrong with it. On a prefilled address (`?{id or label}=...`,
       * `prefill={token}`): the prefilled answers, by label; `formError` then says why a token was refused.
       */
      values?: Record<string, string | string[]>;
      /**
       * A prefilled link's locked answers (issue 23): the labels (as in `values`) of the fields a token
       * the server verified locks; shown read-only, their values are in `values`.
       */
      locked?: string[];
      /** That verified token, to send back with the submission as `prefillToken` (JSON and plain POST). */
      prefillToken?: string;
      errors?: FieldErrors;
      signatureError?: string;
      formError?: string;
    }
  /** A login-protected form: the browser holds the respondent token, so it loads the form itself. */
  | { kind: 'login' }
  /** A page that could not be shown (an unknown form), or a submission the server refused outright. */
  | { kind: 'error'; detail: string; title?: string }
  | { kind: 'submitted' };

export interface FormPageData {
  formId: string;
  view: InitialView;
  /**
   * Unique per rendered page: the no-JavaScript submission's idempotency comes from it (the server
   * derives the key from it and the answers). The JavaScript path makes its own keys.
   */
  nonce: string;
}

export const FORM_PAGE_DATA_ID = 'sf-form-data';

/**
 * Names of the no-JavaScript form's inputs. Answers are `answer:{label}` so that no label (a field
 * called 'website', say) can collide with the honeypot or the nonce; the server reads the same names.
 */
export const FORM_POST_FIELDS = {
  answerPrefix: 'answer:',
  /** The text box of a radio or checkboxes field's 'Other' choice (read only when Other is ticked). */
  otherPrefix: 'other:',
  nonce: 'submission',
  /** The prefilled link's signed token (issue 23), posted back as it came. */
  prefillToken: 'prefillToken',
} as const;

export function answerName(label: string): string {
  return `${FORM_POST_FIELDS.answerPrefix}${label}`;
}

export function otherName(label: string): string {
  return `${FORM_POST_FIELDS.otherPrefix}${label}`;
}

/** Whether the page needs its JavaScript as soon as it loads, not only once the respondent acts. */
export function needsScriptAtOnce(view: InitialView): boolean {
  if (view.kind === 'submitted') return false;
  if (view.kind !== 'form') return true;
  const { settings } = view.form;
  return settings.loginRequired === 1 || settings.gdprEnabled === 1 || settings.signatureEnabled === 1;
}
