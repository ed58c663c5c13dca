import {
  checkAnswer,
  keyedRecord,
  ownValue,
  PREFILL_LIMITS,
  PREFILL_MESSAGES,
  PREFILL_PARAM,
  type PrefillLinkBodySchema,
  type PrefillLinkResult,
  type PrefillValue,
  type PrefillVerifyResult,
} from '@sheetforms/contract';
import type { z } from 'zod';
import { badRequest } from '../../http/http-error.js';
import { choiceList } from '../form-access/answer-input.js';
import type { FormAccessService } from '../form-access/form-access.service.js';
import type { StoredField } from '../forms/field-ids.js';
import type { FormsService } from '../forms/forms.service.js';
import type { PrefillTokens } from './prefill-tokens.js';

export type PrefillLinkInput = z.output<typeof PrefillLinkBodySchema>;

export interface PrefillLinksServiceDeps {
  /** 404 unless the caller owns the form. */
  forms: Pick<FormsService, 'requireOwned'>;
  /** The form as respondents get it: its fields with options ranges read, as the public form checks them. */
  access: Pick<FormAccessService, 'load'>;
  tokens: Pick<PrefillTokens, 'sign' | 'verify'>;
  publicUrl: string;
  now?: () => Date;
}

const DAY_SECONDS = 86_400;

function invalid(path: string, message: string): never {
  throw badRequest('VALIDATION_FAILED', message, [{ path, message }]);
}

function isBlank(value: PrefillValue): boolean {
  return typeof value === 'string' ? value.trim() === '' : value.every((item) => item.trim() === '');
}

/**
 * A value as the link carries it, once it fits its field (checked like an answer, without `required`,
 * against the options respondents are offered now): checkboxes as their chosen options, a checkbox as
 * Yes or No, typed answers trimmed.
 */
function fittedValue(field: StoredField, value: PrefillValue): PrefillValue {
  const checked = checkAnswer({ ...field, required: false }, value);
  if (!checked.ok) invalid(`values.${field.id}`, checked.message);
  if (field.type === 'checkboxes') {
    // In the options' order, as the answer is stored. Each choice is looked up in a set (as checkAnswer
    // compares, exactly): a search of the options per choice cost 0.1 s for 90 fields of 500 options.
    const options = field.options ?? [];
    const listed = new Set(options);
    const chosen = new Set(choiceList(value, options));
    return [
      ...options.filter((option) => chosen.has(option)),
      ...[...chosen].filter((choice) => !listed.has(choice)),
    ];
  }
  return checked.value ?? '';
}

/**
 * Prefilled links (issue 23): the owner's chosen answers in a public form's address. Unlocked values are
 * plain query parameters the respondent may change; locked ones travel only inside the signed token, so
 * they cannot be edited in the address, and the submission is refused if they change.
 */
export function createPrefillLinksService(deps: PrefillLinksServiceDeps) {
  const now = deps.now ?? (() => new Date());

  return {
    async create(ownerId: string, formId: string, body: PrefillLinkInput): Promise<PrefillLinkResult> {
      await deps.forms.requireOwned(ownerId, formId);
      const form = await deps.access.load(formId);
      const fields = new Map(form.fields.map((field) => [field.id, field]));
      for (const id of Object.keys(body.values)) {
        if (!fields.has(id)) invalid(`values.${id}`, `Unknown field: ${id}`);
      }
      const locked = new Set(body.locked);
      for (const id of locked) {
        const field = fields.get(id);
        if (!field) invalid('locked', `Unknown field: ${id}`);
        const value = body.values[id];
        if (value === undefined || isBlank(value)) {
          invalid('locked', `${field.label} is locked but has no value`);
        }
      }

      const params: [name: string, value: string][] = [];
      const lockedValues: Record<string, PrefillValue> = {};
      // In form order, so the address reads like the form.
      for (const field of form.fields) {
        const value = body.values[field.id];
        if (value === undefined || isBlank(value)) continue;
        const fitted = fittedValue(field, value);
        if (locked.has(field.id)) lockedValues[field.id] = fitted;
        else for (const part of typeof fitted === 'string' ? [fitted] : fitted) params.push([field.id, part]);
      }
      if (params.length === 0 && locked.size === 0) {
        invalid('values', 'Fill in at least one field for the link');
      }

      const expiresAt =
        body.expiresInDays === undefined
          ? undefined
          : Math.floor(now().getTime() / 1000) + body.expiresInDays * DAY_SECONDS;
      // An expiry needs a token even with nothing locked: without one the link could not expire.
      if (locked.size > 0 || expiresAt !== undefined) {
        const token = deps.tokens.sign({ formId: form.formId, values: lockedValues, expiresAt });
        if (token.length > PREFILL_LIMITS.tokenMax) {
          invalid(
            'locked',
            'The locked answers are too long for a link: lock fewer answers, or shorter ones',
          );
        }
        params.push([PREFILL_PARAM, token]);
      }
      // A longer address is refused by servers and proxies on the way (often past 8 KB), this one's too
      // (90 fields of 500 options made one of 345 KB). Building it is linear: it is measured as built.
      const url = `${deps.publicUrl}/form/${encodeURIComponent(form.formId)}?${new URLSearchParams(params).toString()}`;
      if (url.length > PREFILL_LIMITS.urlMax) invalid('values', PREFILL_MESSAGES.linkTooLong);
      return {
        url,
        expiresAt: expiresAt === undefined ? null : new Date(expiresAt * 1000).toISOString(),
      };
    },

    /**
     * A token's locked answers for the page the browser renders (a login-protected form), once its
     * signature holds for this form and it has not expired; else the 400 the page and the submission give
     * (404 for an unknown form). Nobody need be logged in: it tells only what the link already carries,
     * and only for fields the form has now, as the server-rendered page shows them.
     */
    async verify(formId: string, token: string): Promise<PrefillVerifyResult> {
      const form = await deps.access.load(formId);
      const verified = deps.tokens.verify(token, form.formId);
      if (!verified.ok) {
        const message = verified.reason === 'expired' ? PREFILL_MESSAGES.expired : PREFILL_MESSAGES.invalid;
        throw badRequest('VALIDATION_FAILED', message, [{ path: 'body.token', message }]);
      }
      const values = keyedRecord<PrefillValue>();
      for (const field of form.fields) {
        const value = ownValue(verified.payload.values, field.id);
        if (value !== undefined) values[field.id] = value;
      }
      return { values };
    },
  };
}
export type PrefillLinksService = ReturnType<typeof createPrefillLinksService>;
