import type { FormLoginResult, PrefillVerifyResult, PublicForm } from '@sheetforms/contract';
import { type ApiResult, api } from './http';

export function bearer(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

let early: { key: string; promise: Promise<ApiResult<PublicForm>> } | null = null;

/**
 * GET /forms/validate-form. The entry script starts this request before React renders (`preload`), and
 * the page's first load picks that promise up, so the fetch overlaps rendering.
 */
export function loadPublicForm(formId: string, token: string | null, options: { preload?: boolean } = {}) {
  const key = `${formId}\n${token ?? ''}`;
  if (!options.preload && early?.key === key) {
    const { promise } = early;
    early = null;
    return promise;
  }
  const promise = api<PublicForm>(`/forms/validate-form?formId=${encodeURIComponent(formId)}`, {
    headers: bearer(token),
  });
  if (options.preload) {
    // Handled by whoever consumes it; avoid an unhandled rejection if nobody does.
    promise.catch(() => undefined);
    early = { key, promise };
  }
  return promise;
}

/** POST /user/form/login; the spec's clientToken header carries 'Bearer {formId}'. */
export function loginToForm(body: { email: string; password: string; formId: string }) {
  return api<FormLoginResult>('/user/form/login', {
    method: 'POST',
    body,
    headers: { clientToken: `Bearer ${body.formId}` },
  });
}

/**
 * POST /forms/{formId}/prefill/verify: a prefilled link's locked answers, once the server verified its
 * token for this form (a 400 says why not). No login: the token is the owner's signed word.
 */
export function verifyPrefillToken(formId: string, token: string) {
  return api<PrefillVerifyResult>(`/forms/${encodeURIComponent(formId)}/prefill/verify`, {
    method: 'POST',
    body: { token },
  });
}
