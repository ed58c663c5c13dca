import { randomBytes } from 'node:crypto';
import { keyedRecord, ownValue } from '@sheetforms/contract';
import { HttpError } from '../../http/http-error.js';
import { SIGNATURE_KEY } from '../form-access/answer-input.js';
import type { FormAccessService } from '../form-access/form-access.service.js';
import { type LoadedForm, toPublicForm } from '../form-access/public-form.serializer.js';
import type { PrefillTokens } from '../prefill-links/prefill-tokens.js';
import type { FormPageCache } from './form-page-cache.js';
import { createFormPageCache } from './form-page-cache.js';
import { plainSummary } from './form-page-html.js';
import type { FormPageRenderer, FormPageView } from './form-page-renderer.js';
import { type PageValues, prefilledView, withPrefillToken } from './prefilled-view.js';

export interface FormPageResult {
  status: number;
  html: string;
}

export interface FormPageServiceDeps {
  access: Pick<FormAccessService, 'load'>;
  renderer: FormPageRenderer;
  cache?: FormPageCache;
  /** Checks a prefilled link's token, so only a verified one shows answers as locked. */
  prefillTokens: Pick<PrefillTokens, 'verify'>;
  /** A fresh nonce for each page sent (the no-JavaScript submission's idempotency). */
  newNonce?: () => string;
}

const DEFAULT_TITLE = 'Form · SheetForms';
/** The description of a page that shows nothing of a form (an error, a thank-you, a login-protected form). */
const DEFAULT_DESCRIPTION = 'A form made with SheetForms.';
const LOGIN_DESCRIPTION = 'Log in to fill in this form, made with SheetForms.';
/** A form name in the generic description is shortened so the sentence still ends within the limit. */
const NAME_IN_DESCRIPTION_MAX = 100;
const FORM_NOT_FOUND = 'Form not found';

export const newPageNonce = () => randomBytes(18).toString('base64url');

/** A refused submission's problems, as the form shows them: under a field, the pad, or above the form. */
export function viewErrors(
  form: Pick<LoadedForm, 'fields'>,
  problems: readonly { path: string; message: string }[],
  fallback: string,
): Pick<Extract<FormPageView, { kind: 'form' }>, 'errors' | 'signatureError' | 'formError'> {
  const labels = new Set(form.fields.map((field) => field.label));
  // By label: a label such as 'constructor' must not find what every object inherits (keyedRecord).
  const errors = keyedRecord<string>();
  let signatureError: string | undefined;
  let formError: string | undefined;
  for (const problem of problems) {
    const label = problem.path.startsWith('response.') ? problem.path.slice('response.'.length) : undefined;
    if (label !== undefined && labels.has(label)) errors[label] ??= problem.message;
    else if (label === SIGNATURE_KEY) signatureError ??= problem.message;
    else formError ??= problem.message;
  }
  if (Object.keys(errors).length === 0 && !signatureError && !formError) formError = fallback;
  return {
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
    ...(signatureError ? { signatureError } : {}),
    ...(formError ? { formError } : {}),
  };
}

/**
 * The page's `<meta name="description">`: the form's own description as one plain line, or, when it has
 * none, a sentence naming the form (search results and link previews show it under the title).
 */
export function formDescription(form: Pick<LoadedForm, 'name' | 'description'>): string {
  const own = plainSummary(form.description);
  if (own) return own;
  return `Fill in “${plainSummary(form.name, NAME_IN_DESCRIPTION_MAX)}” online, a form made with SheetForms.`;
}

/**
 * The public form's page rendered on the server (decision 0020): the form's public view (never more
 * than GET /forms/validate-form answers without a token), rendered once per form version and kept, with
 * a fresh nonce put in for every page sent.
 */
export function createFormPageService(deps: FormPageServiceDeps) {
  const cache = deps.cache ?? createFormPageCache();
  const newNonce = deps.newNonce ?? newPageNonce;

  function render(
    formId: string,
    view: FormPageView,
    title: string,
    description = DEFAULT_DESCRIPTION,
  ): readonly string[] {
    // Rendered around a random marker that is then cut out, so each page sent gets its own nonce.
    let marker = newPageNonce();
    let html = deps.renderer.render({ formId, view, title, description, nonce: marker });
    // A form's own text cannot hold a 24-character random marker; if it ever did, draw another.
    while (html.split(marker).length > 3) {
      marker = newPageNonce();
      html = deps.renderer.render({ formId, view, title, description, nonce: marker });
    }
    return html.split(marker);
  }

  const send = (status: number, parts: readonly string[]): FormPageResult => ({
    status,
    html: parts.join(newNonce()),
  });

  const notFoundPage = (formId: string) =>
    send(404, render(formId, { kind: 'error', detail: FORM_NOT_FOUND }, DEFAULT_TITLE));

  /** The form, or undefined when there is none by that id (the 404 page is then sent). */
  async function loadForm(formId: string): Promise<LoadedForm | undefined> {
    try {
      return await deps.access.load(formId);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return undefined;
      throw error;
    }
  }

  /** The view of a form for a visitor without a token: a login-protected form shows none of itself. */
  function viewOf(form: LoadedForm): { view: FormPageView; title: string; description: string } {
    if (form.settings.loginRequired === 1)
      return { view: { kind: 'login' }, title: DEFAULT_TITLE, description: LOGIN_DESCRIPTION };
    return {
      view: { kind: 'form', form: toPublicForm(form) },
      title: `${form.name} · SheetForms`,
      description: formDescription(form),
    };
  }

  return {
    /**
     * GET /form/{formId}. An address that prefills answers gets its own page, never cached: the query is
     * the visitor's to choose, so caching by it would let anyone fill the cache. Any other address
     * (unrelated parameters included) gets the form's one cached page.
     */
    async formPage(
      formId: string,
      query: URLSearchParams = new URLSearchParams(),
      /** Awaited before a prefilled page is rendered (its own render, never cached): the visitor's limit. */
      beforePrefilledRender?: () => Promise<void>,
    ): Promise<FormPageResult> {
      const form = await loadForm(formId);
      if (!form) return notFoundPage(formId);
      const { view, title, description } = viewOf(form);
      const prefilled =
        view.kind === 'form' && query.size > 0 ? prefilledView(form, query, deps.prefillTokens) : undefined;
      if (prefilled) {
        await beforePrefilledRender?.();
        return send(200, render(formId, { ...view, ...prefilled }, title, description));
      }
      // The description is made from the view's name and description, so the view is the version.
      const version = JSON.stringify(view);
      let parts = cache.get(formId, version);
      if (!parts) {
        parts = render(formId, view, title, description);
        cache.set(formId, version, parts);
      }
      return send(200, parts);
    },

    /**
     * The form again with what was sent and what was wrong with it (a refused no-JavaScript submission),
     * and the prefilled link's locked answers still locked when its token holds.
     */
    async refused(
      formId: string,
      values: PageValues,
      error: HttpError,
      prefillToken?: string,
    ): Promise<FormPageResult> {
      const form = await loadForm(formId);
      if (!form) return notFoundPage(formId);
      const { view, title, description } = viewOf(form);
      if (view.kind !== 'form') return send(error.status, render(formId, view, title, description));
      const kept: PageValues = keyedRecord();
      for (const field of form.fields) {
        const value = ownValue(values, field.label);
        if (value !== undefined && value.length > 0) kept[field.label] = value;
      }
      // The token's own problem, if any, comes with the submission's errors below.
      const { formError: _tokenProblem, ...prefilled } = withPrefillToken(
        form,
        kept,
        prefillToken,
        deps.prefillTokens,
      );
      const problems = error.errors ?? [];
      const refusedView: FormPageView =
        error.status === 400
          ? { ...view, ...prefilled, ...viewErrors(form, problems, error.detail) }
          : { ...view, ...prefilled };
      return send(error.status, render(formId, refusedView, title, description));
    },

    /** The thank-you page of a stored no-JavaScript submission. */
    submitted(formId: string): FormPageResult {
      return send(200, render(formId, { kind: 'submitted' }, 'Thank You! · SheetForms'));
    },

    /** A page that only tells what happened (a login needed, too many submissions, a bad request). */
    message(formId: string, status: number, title: string, detail: string): FormPageResult {
      return send(status, render(formId, { kind: 'error', title, detail }, `${title} · SheetForms`));
    },

    login(formId: string, status: number): FormPageResult {
      return send(status, render(formId, { kind: 'login' }, DEFAULT_TITLE, LOGIN_DESCRIPTION));
    },

    postFields: deps.renderer.postFields,
    invalidate: (formId: string) => cache.invalidate(formId),
  };
}
export type FormPageService = ReturnType<typeof createFormPageService>;
