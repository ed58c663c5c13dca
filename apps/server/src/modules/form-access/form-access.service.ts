import type { FormLoginBodySchema, FormLoginResult, FormUser, PublicForm } from '@sheetforms/contract';
import type { z } from 'zod';
import { HttpError, notFound, unauthorized } from '../../http/http-error.js';
import type { FieldOptions } from '../field-options/field-options.service.js';
import { type FormCache, noFormCache } from './form-cache.js';
import { type LoadedForm, toLoadedForm, toPublicForm } from './public-form.serializer.js';
import type { PublicFormsRepository } from './public-forms.repository.js';
import type { RespondentTokens } from './respondent-tokens.js';

export type FormLoginInput = z.output<typeof FormLoginBodySchema>;

export interface FormAccessServiceDeps {
  forms: PublicFormsRepository;
  /**
   * Parsed forms by public id (form-cache.ts), invalidated by the forms module when a form changes.
   * Default: none (every load reads the database).
   */
  cache?: FormCache;
  /**
   * Options of fields that read them from a range (field-options), resolved on every load after the form
   * cache, so a respondent's list is never older than the options cache allows (60 s), whatever the form
   * cache holds. Default: none (the options stored with the form).
   */
  options?: Pick<FieldOptions, 'resolve'>;
  tokens: RespondentTokens;
  /**
   * The form user's current token version (and email), undefined when the user no longer exists: a
   * removed user's token, and one issued before a password reset, stop working at once.
   */
  formUsers: {
    findTokenHolder(
      formRowId: string,
      id: string,
    ): Promise<{ tokenVersion: number; email: string } | undefined>;
  };
  /**
   * The form-users module's password check (argon2id; an unknown email costs the same), answering the
   * token version read with the password hash.
   */
  verifyPassword(
    formId: string,
    email: string,
    password: string,
  ): Promise<(FormUser & { tokenVersion: number }) | undefined>;
}

export const formNotFound = () => notFound('Form not found', 'FORM_NOT_FOUND');
export const notAccepting = () =>
  new HttpError(409, 'FORM_NOT_ACCEPTING', 'This form is not accepting responses right now');
const loginRequired = () => unauthorized('Please log in to submit the form', 'LOGIN_REQUIRED');
const invalidCredentials = () => unauthorized('Invalid email or password', 'INVALID_CREDENTIALS');

/**
 * Who may see and fill a public form: loading it by public id, respondent login, and the check of a
 * respondent token on every call of a login-protected form.
 */
export function createFormAccessService(deps: FormAccessServiceDeps) {
  const cache = deps.cache ?? noFormCache;
  const readForm = async (formId: string) => {
    const row = await deps.forms.findByFormId(formId);
    return row && toLoadedForm(row);
  };

  /**
   * The form as respondents see it, options ranges read (their warnings are the owner's, not shown here);
   * the same object may serve many requests (frozen: never change it).
   */
  async function load(formId: string): Promise<LoadedForm> {
    // Not a shape any form id has (ids are base64url): no query needed, and none of its bytes
    // (a NUL, say, which PostgreSQL refuses in text) ever reaches the database.
    if (!isFormIdShaped(formId)) throw formNotFound();
    const form = await cache.get(formId, () => readForm(formId));
    if (!form) throw formNotFound();
    if (!deps.options || !form.fields.some((field) => field.optionsFrom)) return form;
    const { fields } = await deps.options.resolve(form.fields, form.optionsSource);
    for (const field of fields) Object.freeze(field);
    return Object.freeze({ ...form, fields: Object.freeze(fields) as LoadedForm['fields'] });
  }

  /**
   * For a login-protected form: the respondent (form user id and current email) from a valid token for
   * this very form, else 401. Forms without login take no token and answer undefined.
   */
  async function authorizeRespondent(
    form: LoadedForm,
    token: string | undefined,
  ): Promise<AuthorizedRespondent | undefined> {
    if (form.settings.loginRequired !== 1) return undefined;
    if (!token) throw loginRequired();
    const check = await deps.tokens.verify(token);
    if (!check.ok || check.claims.formId !== form.formId) throw loginRequired();
    const holder = await deps.formUsers.findTokenHolder(form.id, check.claims.formUserId);
    if (holder === undefined || holder.tokenVersion !== check.claims.tokenVersion) throw loginRequired();
    return { formUserId: check.claims.formUserId, email: holder.email };
  }

  return {
    load,

    /** 409 unless the form's status is 'Active'. */
    requireAccepting(form: LoadedForm): void {
      if (!form.acceptingResponses) throw notAccepting();
    },

    authorizeRespondent,

    async validateForm(formId: string, token: string | undefined): Promise<PublicForm> {
      const form = await load(formId);
      await authorizeRespondent(form, token);
      return toPublicForm(form);
    },

    /** Unknown form, unknown email and wrong password all answer the same 401 after the same work. */
    async login(body: FormLoginInput): Promise<FormLoginResult> {
      const user =
        isFormIdShaped(body.formId) && !hasControlCharacters(body.email)
          ? await deps.verifyPassword(body.formId, body.email, body.password)
          : undefined;
      if (!user) throw invalidCredentials();
      const token = await deps.tokens.issue({
        formUserId: user.id,
        formId: body.formId,
        tokenVersion: user.tokenVersion,
      });
      return { token, user: { name: user.name, email: user.email } };
    },
  };
}
export type FormAccessService = ReturnType<typeof createFormAccessService>;

/** The authorized user a login-protected form's token names. */
export interface AuthorizedRespondent {
  formUserId: string;
  email: string;
}

/** Public form ids are base64url (12 characters today); anything else cannot name a form. */
export function isFormIdShaped(formId: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(formId);
}

/** NUL and other C0 controls: never part of an email or key, and PostgreSQL refuses NUL in text. */
export function hasControlCharacters(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return /[\u0000-\u001f\u007f]/.test(text);
}

/** The token of `Authorization: Bearer …`, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1];
}
