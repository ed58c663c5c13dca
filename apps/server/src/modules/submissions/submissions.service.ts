import {
  PREFILL_MESSAGES,
  type PrefillValue,
  SIGNATURE_NOT_UPLOADED_MESSAGE,
  type SubmissionReceipt,
  type SubmitFormBodySchema,
} from '@sheetforms/contract';
import type { z } from 'zod';
import { badRequest, HttpError } from '../../http/http-error.js';
import {
  type FormAccessService,
  formNotFound,
  hasControlCharacters,
} from '../form-access/form-access.service.js';
import type { LoadedForm } from '../form-access/public-form.serializer.js';
import { formHasDestinations } from '../forms/delivery-destinations.js';
import type { PrefillTokens } from '../prefill-links/prefill-tokens.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { validateAnswers } from './answer-validation.js';
import { isHoneypotFilled } from './honeypot.js';
import { storeOnce } from './idempotency.js';
import { newResponseId } from './response-id.js';
import { isMissingFormError, type ResponsesRepository } from './responses.repository.js';

export type SubmitFormInput = z.output<typeof SubmitFormBodySchema>;

export interface SubmissionsServiceDeps {
  access: Pick<FormAccessService, 'load' | 'requireAccepting' | 'authorizeRespondent'>;
  responses: ResponsesRepository;
  uploads: Pick<UploadsService, 'isUnusedFor'>;
  /** Checks the signed token of a prefilled link's locked answers (prefill-links). */
  prefillTokens: Pick<PrefillTokens, 'verify'>;
  log: { info(details: object, message: string): void };
  /**
   * This deployment sends mail deliveries (config.deliveries.mail): with the form's settings and webhooks,
   * whether a response has deliveries to plan (forms/delivery-destinations.ts).
   */
  mailConfigured: boolean;
  /**
   * Called after a new response is committed: wakes the sheet-sync worker instead of waiting for its poll,
   * and the deliveries worker when the response has deliveries to plan.
   */
  onStored?: (formRowId: string, toPlan: boolean) => void;
  now?: () => Date;
  newId?: () => string;
}

/** What a submission without a prefilled link locks: nothing (one map for all of them). */
const NO_LOCKED_ANSWERS: ReadonlyMap<string, PrefillValue> = new Map();

/** `created` is false when the idempotency key was already used: the stored response is answered. */
export interface SubmitResult {
  receipt: SubmissionReceipt;
  created: boolean;
}

/** A respondent's submission: checked against the form, stored once, left 'pending' for the sheet sync. */
export function createSubmissionsService(deps: SubmissionsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? newResponseId;

  /** The answers a prefilled link locks (field id → answer), or its 400 when the token is not good here. */
  function lockedAnswers(form: LoadedForm, token: string | undefined): ReadonlyMap<string, PrefillValue> {
    if (token === undefined || token === '') return NO_LOCKED_ANSWERS;
    const verified = deps.prefillTokens.verify(token, form.formId);
    if (!verified.ok) {
      const message = verified.reason === 'expired' ? PREFILL_MESSAGES.expired : PREFILL_MESSAGES.invalid;
      throw badRequest('VALIDATION_FAILED', message, [{ path: 'body.prefillToken', message }]);
    }
    return new Map(Object.entries(verified.payload.values));
  }

  /** The answers to store, or the 409/400 this submission gets (checked in the request, no write yet). */
  async function check(form: LoadedForm, body: SubmitFormInput) {
    deps.access.requireAccepting(form);
    const checked = validateAnswers(form.fields, body.response, {
      signatureEnabled: form.settings.signatureEnabled === 1,
      locked: lockedAnswers(form, body.prefillToken),
    });
    if (!checked.ok) {
      const first = checked.errors[0];
      throw badRequest('VALIDATION_FAILED', first?.message ?? 'The answers are invalid', checked.errors);
    }
    // A signature is taken by one response: one that a stored response already has is refused here, and a
    // retry of that very response is then answered with it (see submit).
    if (checked.signature !== undefined && !(await deps.uploads.isUnusedFor(form.id, checked.signature))) {
      const message = SIGNATURE_NOT_UPLOADED_MESSAGE;
      throw badRequest('VALIDATION_FAILED', message, [{ path: 'response.signature', message }]);
    }
    return checked;
  }

  return {
    async submit(formId: string, body: SubmitFormInput, bearer: string | undefined): Promise<SubmitResult> {
      if (body.formId !== undefined && body.formId !== '' && body.formId !== formId) {
        throw badRequest('VALIDATION_FAILED', 'formId does not match the form in the URL', [
          { path: 'body.formId', message: 'formId does not match the form in the URL' },
        ]);
      }
      if (hasControlCharacters(body.idempotencyKey)) {
        const message = 'idempotencyKey must not contain control characters';
        throw badRequest('VALIDATION_FAILED', message, [{ path: 'body.idempotencyKey', message }]);
      }
      const form = await deps.access.load(formId);
      if (isHoneypotFilled(body)) {
        deps.log.info({ formId }, 'honeypot filled: submission discarded');
        return { receipt: { responseId: newId(), syncState: 'pending' }, created: true };
      }
      const respondent = await deps.access.authorizeRespondent(form, body.userToken ?? bearer);
      let checked: Awaited<ReturnType<typeof check>>;
      try {
        checked = await check(form, body);
      } catch (error) {
        // A retry of a stored submission answers it, even if the form changed or closed since, or its
        // signature is now taken (by itself). Only a refused submission pays this read: an accepted one
        // learns of a repeated key from its insert.
        if (!(error instanceof HttpError)) throw error;
        const stored = await deps.responses.findByIdempotencyKey(form.id, body.idempotencyKey);
        if (stored)
          return { receipt: { responseId: stored.id, syncState: stored.syncState }, created: false };
        throw error;
      }

      const toPlan = formHasDestinations(form.settings, form.enabledWebhooks, deps.mailConfigured);
      const { receipt, created } = await storeOnce(deps.responses, {
        id: newId(),
        form_id: form.id,
        answers_json: JSON.stringify(checked.answers),
        signature_url: checked.signature ?? null,
        respondent_id: respondent?.formUserId ?? null,
        // Who answered, as the form user's email reads now: kept even if that user is removed later.
        respondent_email: respondent?.email ?? null,
        consent: form.settings.gdprEnabled === 1 && body.consent ? JSON.stringify(body.consent) : null,
        idempotency_key: body.idempotencyKey,
        created_at: now().toISOString(),
        // With no destination beside the sheet there is nothing to plan: stored as planned already, the
        // deliveries planner never reads or marks it (forms/delivery-destinations.ts).
        plan_deliveries: toPlan ? 1 : 0,
      }).catch((error: unknown) => {
        // Deleted through another instance while this one's form cache still held it.
        throw isMissingFormError(error) ? formNotFound() : error;
      });
      if (created) deps.onStored?.(form.id, toPlan);
      return { receipt: { responseId: receipt.id, syncState: receipt.syncState }, created };
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
