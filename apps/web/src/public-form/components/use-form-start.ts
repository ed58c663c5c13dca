import type { PublicForm } from '@sheetforms/contract';
import { PREFILL_MESSAGES } from '@sheetforms/contract/answers';
import { useEffect, useState } from 'react';
import { verifyPrefillToken } from '../lib/form-api';
import { ApiError } from '../lib/http';
import type { InitialView } from '../logic/page-data';
import { type FormStart, startFromAddress, startFromView, withVerifiedPrefill } from '../logic/prefill';

/** Said when the token could not be checked at all (offline, the server failing): it locks nothing. */
export const PREFILL_UNCHECKED =
  'The answers this link sets could not be loaded. Reload the page to try again.';

/** Why a token's answers are not shown: the server's refusal (as the page and the submission say it), or no answer. */
function refusalOf(error: unknown): string {
  if (!(error instanceof ApiError) || error.status !== 400) return PREFILL_UNCHECKED;
  return error.detail === PREFILL_MESSAGES.expired ? PREFILL_MESSAGES.expired : PREFILL_MESSAGES.invalid;
}

/**
 * What the form starts with. The server's page comes with its token verified. A page the browser renders
 * (a login-protected form) starts with the address's plain values, asks the server about the token, and
 * only then shows its answers locked; a refused token locks nothing, is never sent, and `onRefused` gets
 * the message the page shows. `verifying` holds while the server has not answered.
 */
export function useFormStart(
  form: PublicForm,
  rendered: Extract<InitialView, { kind: 'form' }> | undefined,
  onRefused: (message: string) => void,
): { start: FormStart; verifying: boolean } {
  const [start, setStart] = useState(() =>
    rendered ? startFromView(form, rendered) : startFromAddress(form, window.location.search),
  );
  const token = start.unverifiedToken;

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyPrefillToken(form.formId, token).then(
      ({ data }) => {
        if (live) setStart((current) => withVerifiedPrefill(form, current, token, data.values));
      },
      (error: unknown) => {
        if (!live) return;
        setStart((current) => ({ ...current, unverifiedToken: undefined }));
        onRefused(refusalOf(error));
      },
    );
    return () => {
      live = false;
    };
  }, [form, token, onRefused]);

  return { start, verifying: token !== undefined };
}
