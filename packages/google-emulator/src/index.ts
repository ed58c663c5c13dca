/**
 * @sheetforms/google-emulator: a local stand-in for Google sign-in that speaks Google's HTTP, so the
 * SheetForms server and web app use one code path against Google and against the emulator.
 * @packageDocumentation
 */
export {
  DEFAULT_SERVICE_ACCOUNT_EMAIL,
  LOCAL_PROJECT_ID,
  type ServiceAccountKeyFile,
  serviceAccountKeyPath,
} from './access/service-accounts.js';
export type { LinkAccess, SharedPerson, ShareRole, Sharing } from './access/sharing.js';
export {
  DEFAULT_LOCAL_CLIENT_ID,
  type GoogleEmulatorOptions,
  LOCAL_API_KEY,
  type QuotaOptions,
} from './emulator-options.js';
export { type GoogleErrorBody, type GoogleErrorStatus, googleErrorBody } from './google-errors.js';
export {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  type AccessTokenGrant,
  IdentityStore,
  type RememberedAccount,
} from './identity/identity-store.js';
export { subjectIdForEmail } from './identity/subject-id.js';
export { googleEmulatorPlugin } from './plugin.js';
export { ASSISTANT_QUESTIONS_TITLE } from './seed/demo-titles.js';
export {
  EMULATOR_PREFIX,
  type StandaloneEmulator,
  type StandaloneEmulatorOptions,
  startStandaloneEmulator,
} from './standalone-server.js';
export { EmulatorState, type StateDocument, type StateDocumentSpec } from './state/emulator-state.js';
