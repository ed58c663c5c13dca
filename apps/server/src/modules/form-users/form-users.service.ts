import { randomUUID } from 'node:crypto';
import type {
  AddFormUserBodySchema,
  DeleteFormUserBodySchema,
  FormUser,
  FormUserWithPassword,
  ResetFormUserPasswordBodySchema,
} from '@sheetforms/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError, notFound } from '../../http/http-error.js';
import type { FormsService } from '../forms/forms.service.js';
import type { FormUsersRepository } from './form-users.repository.js';
import { generatePassword } from './password-generator.js';
import { argon2idHasher, type PasswordHasher } from './password-hashing.js';

export type AddFormUserInput = z.output<typeof AddFormUserBodySchema>;
export type DeleteFormUserInput = z.output<typeof DeleteFormUserBodySchema>;
export type ResetFormUserPasswordInput = z.output<typeof ResetFormUserPasswordBodySchema>;

export interface FormUsersServiceDeps {
  forms: Pick<FormsService, 'requireOwned'>;
  users: FormUsersRepository;
  hasher?: PasswordHasher;
  generatePassword?: () => string;
  now?: () => Date;
}

const duplicateEmail = () =>
  new HttpError(409, 'FORM_USER_EXISTS', 'This email is already an authorized user of this form');
const userNotFound = () => notFound('User not found', 'FORM_USER_NOT_FOUND');

/** Emails are compared case-insensitively: stored and looked up lowercased. */
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Authorized users of login-protected forms. The owner is always the access token's user (the body's
 * userId is never trusted). Passwords are generated here, shown once, and stored only as argon2id hashes.
 */
export function createFormUsersService(deps: FormUsersServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const hasher = deps.hasher ?? argon2idHasher;
  const newPassword = deps.generatePassword ?? generatePassword;
  let dummyHash: Promise<string> | undefined;

  return {
    async add(ownerId: string, body: AddFormUserInput): Promise<FormUserWithPassword> {
      const form = await deps.forms.requireOwned(ownerId, body.formId);
      const email = normaliseEmail(body.email);
      if (await deps.users.findByEmail(form.id, email)) throw duplicateEmail();
      const password = newPassword();
      const at = now().toISOString();
      try {
        const formUser = await deps.users.insert({
          id: randomUUID(),
          form_id: form.id,
          name: body.name,
          email,
          password_hash: await hasher.hash(password),
          created_at: at,
          updated_at: at,
        });
        return { formUser, password };
      } catch (error) {
        // Two adds of one email at once: the unique (form_id, email) constraint decides.
        if (isUniqueViolation(error)) throw duplicateEmail();
        throw error;
      }
    },

    async remove(ownerId: string, body: DeleteFormUserInput): Promise<void> {
      const form = await deps.forms.requireOwned(ownerId, body.formId);
      if (!(await deps.users.deleteFromForm(form.id, body.id))) throw userNotFound();
    },

    /**
     * A new generated password replaces the old one, which stops working at once; so do the user's
     * respondent tokens (the update bumps their token version).
     */
    async resetPassword(ownerId: string, body: ResetFormUserPasswordInput): Promise<FormUserWithPassword> {
      const form = await deps.forms.requireOwned(ownerId, body.formId);
      const formUser = await deps.users.findById(form.id, body.id);
      if (!formUser) throw userNotFound();
      const password = newPassword();
      const updated = await deps.users.updatePasswordHash(
        form.id,
        formUser.id,
        await hasher.hash(password),
        now().toISOString(),
      );
      if (!updated) throw userNotFound();
      return { formUser, password };
    },

    /**
     * For respondent login: the user, with the token version their token must carry, when the password
     * matches, else undefined. An unknown email costs the same argon2 work as a wrong password, so
     * timing does not tell which emails are authorized.
     */
    async verifyFormUserPassword(
      formId: string,
      email: string,
      password: string,
    ): Promise<(FormUser & { tokenVersion: number }) | undefined> {
      const credentials = await deps.users.findCredentials(formId, normaliseEmail(email));
      if (!credentials) {
        dummyHash ??= hasher.hash(newPassword());
        await hasher.verify(await dummyHash, password);
        return undefined;
      }
      if (!(await hasher.verify(credentials.passwordHash, password))) return undefined;
      return { ...credentials.user, tokenVersion: Number(credentials.tokenVersion) };
    },
  };
}

export type FormUsersService = ReturnType<typeof createFormUsersService>;
