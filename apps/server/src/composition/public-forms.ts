import type { HtmlWork } from '../html-work/html-work.js';
import type { FieldOptions } from '../modules/field-options/field-options.service.js';
import { createFormAccessService } from '../modules/form-access/form-access.service.js';
import type { FormCache } from '../modules/form-access/form-cache.js';
import { createPublicFormsRepository } from '../modules/form-access/public-forms.repository.js';
import { RespondentTokens } from '../modules/form-access/respondent-tokens.js';
import type { FormUsersRepository } from '../modules/form-users/form-users.repository.js';
import type { FormUsersService } from '../modules/form-users/form-users.service.js';
import type { FormsService } from '../modules/forms/forms.service.js';
import { createPrefillLinksService } from '../modules/prefill-links/prefill-links.service.js';
import { createPrefillTokens } from '../modules/prefill-links/prefill-tokens.js';
import type { SignatureStorage } from '../modules/uploads/signature-storage.js';
import type { UploadsRepository } from '../modules/uploads/uploads.repository.js';
import { createUploadsService } from '../modules/uploads/uploads.service.js';
import type { AppContext } from './app-context.js';

export interface PublicFormsDeps {
  jwtSecret: string;
  formCache: FormCache;
  fieldOptions: FieldOptions;
  formUsersRepository: FormUsersRepository;
  formUsers: FormUsersService;
  html: HtmlWork;
  signatureStorage: SignatureStorage;
  uploadsRepository: UploadsRepository;
  forms: FormsService;
}

/**
 * The public side: respondents reach forms by public id, with respondent tokens instead of sessions;
 * their signature uploads, and the prefilled links owners hand out.
 */
export function wirePublicForms({ config, database, overrides, clock }: AppContext, deps: PublicFormsDeps) {
  const { jwtSecret, formUsers } = deps;
  const access = createFormAccessService({
    forms: createPublicFormsRepository(database.db),
    cache: deps.formCache,
    options: deps.fieldOptions,
    tokens: new RespondentTokens(jwtSecret, overrides.now),
    formUsers: deps.formUsersRepository,
    verifyPassword: (formId, email, password) => formUsers.verifyFormUserPassword(formId, email, password),
  });
  const uploads = createUploadsService({
    access,
    reencode: (png, client) => deps.html.reencodePng(png, client),
    storage: deps.signatureStorage,
    uploads: deps.uploadsRepository,
    publicUrl: config.publicUrl,
    ...clock,
  });
  // Prefilled links' locked answers: signed under a key of their own, derived from the server secret.
  const prefillTokens = createPrefillTokens(jwtSecret, overrides.now);
  const prefillLinks = createPrefillLinksService({
    forms: deps.forms,
    access,
    tokens: prefillTokens,
    publicUrl: config.publicUrl,
    ...clock,
  });
  return { access, uploads, prefillTokens, prefillLinks };
}
