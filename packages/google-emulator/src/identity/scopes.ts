const SCOPE_PREFIX = 'https://www.googleapis.com/auth/';

/**
 * Scopes that only identify the person (sign-in). Google asks for consent to these on the account chooser
 * itself, so they never need the consent screen.
 */
const IDENTITY_SCOPES = new Set([
  'openid',
  'email',
  'profile',
  `${SCOPE_PREFIX}userinfo.email`,
  `${SCOPE_PREFIX}userinfo.profile`,
]);

/** What Google's consent screen says for each scope it lists. */
const DESCRIPTIONS: Record<string, string> = {
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: 'See your personal info, including any personal info you’ve made publicly available',
  'userinfo.email': 'See your primary Google Account email address',
  'userinfo.profile': 'See your personal info, including any personal info you’ve made publicly available',
  documents: 'See, edit, create, and delete all your Google Docs documents',
  'documents.readonly': 'See all your Google Docs documents',
  drive: 'See, edit, create, and delete all of your Google Drive files',
  'drive.readonly': 'See and download all your Google Drive files',
  'drive.file': 'See, edit, create, and delete only the specific Google Drive files you use with this app',
  spreadsheets: 'See, edit, create, and delete all your Google Sheets spreadsheets',
  'spreadsheets.readonly': 'See all your Google Sheets spreadsheets',
};

/** Whether a scope grants access to data (and so needs the consent screen), not just identity. */
export function needsConsent(scope: string): boolean {
  return !IDENTITY_SCOPES.has(scope);
}

/** The scope in words, as the consent screen lists it; unknown scopes are shown as they are. */
export function describeScope(scope: string): string {
  const short = scope.startsWith(SCOPE_PREFIX) ? scope.slice(SCOPE_PREFIX.length) : scope;
  return DESCRIPTIONS[short] ?? scope;
}
