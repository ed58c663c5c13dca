import { ACCOUNT_ICON, ERROR_ICON, EXPAND_ICON } from '../html/icons.js';
import { emulatorBadge, renderPage } from '../html/page-layout.js';
import { html, type SafeHtml } from '../html/safe-html.js';
import type { AccountChoiceErrors } from './account-choice.js';
import { type AuthorizeRequest, authorizeRequestParameters } from './authorize-request.js';
import type { RememberedAccount } from './identity-store.js';

/** Everything the account chooser shows. */
export interface ChooserPageModel {
  /** The app's name in "to continue to …". */
  appName: string;
  /** Where the chooser's forms post (the authorization endpoint's path). */
  actionPath: string;
  request: AuthorizeRequest;
  accounts: RememberedAccount[];
  cancelUrl: string;
  /** What was typed into "Use another account" and what is wrong with it, after a refused post. */
  anotherAccount?: { values: { name: string; email: string }; errors: AccountChoiceErrors };
}

const AVATAR_COLOURS = 8;

/**
 * Google's "Choose an account" page: remembered accounts as buttons, then "Use another account" with a
 * name and email form. It works without scripts: each account is its own form, and the extra form sits
 * in a native disclosure that opens by itself when it has something to say.
 */
export function renderChooserPage(model: ChooserPageModel): string {
  const hiddenFields = authorizeRequestParameters(model.request).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  );
  const hasAccounts = model.accounts.length > 0;
  const hint = model.request.loginHint?.trim().toLowerCase();
  // A login_hint for an account not on the list pre-fills (and opens) the "Use another account" form.
  const newHint = hint?.includes('@') && !model.accounts.some((a) => a.email === hint) ? hint : undefined;
  const values = model.anotherAccount?.values ?? { name: '', email: newHint ?? '' };
  const errors = model.anotherAccount?.errors ?? {};

  const disclosure = html`<p class="disclosure">To continue, the emulator will share your name and email address with ${model.appName}.</p>`;
  const cancel = html`<a class="text-button" href="${model.cancelUrl}">Cancel</a>`;
  // Focus goes where typing is expected: the first wrong field, else the form when it is open from the start.
  const formOpensFirst = !hasAccounts || newHint !== undefined;
  const nameField = field({
    id: 'name',
    label: 'Full name',
    value: values.name,
    error: errors.name,
    autofocus: Boolean(errors.name) || (formOpensFirst && !errors.email),
    attributes: html`autocomplete="name" maxlength="100"`,
  });
  const emailField = field({
    id: 'email',
    label: 'Email',
    value: values.email,
    error: errors.email,
    autofocus: Boolean(errors.email) && !errors.name,
    attributes: html`type="email" autocomplete="email" autocapitalize="none" spellcheck="false"`,
  });

  // Without accounts the form is the page, so it ends with the page's own actions: Cancel beside Next.
  const accountForm = html`<form class="account-form${hasAccounts ? ' account-form-nested' : ''}" method="post" action="${model.actionPath}">
${hiddenFields}
${nameField}
${emailField}
<p class="hint">No password needed: in local mode, anyone can sign in as anyone.</p>
${hasAccounts ? '' : disclosure}
<div class="actions">${hasAccounts ? '' : cancel}<button class="button" type="submit">Next</button></div>
</form>`;

  const content = hasAccounts
    ? html`${header('Choose an account', model.appName)}
<ul class="accounts">
${model.accounts.map((account) => html`<li>${accountButton(account, model.actionPath, hiddenFields)}</li>`)}
<li><details${model.anotherAccount || newHint ? html` open` : ''}>
<summary class="row"><span class="avatar avatar-icon">${ACCOUNT_ICON}</span><span class="row-title">Use another account</span><span class="chevron">${EXPAND_ICON}</span></summary>
${accountForm}
</details></li>
</ul>
${disclosure}
<div class="actions card-footer">${cancel}</div>`
    : html`${header('Sign in', model.appName)}
${accountForm}`;

  return renderPage({
    title: `${hasAccounts ? 'Choose an account' : 'Sign in'} – ${model.appName} (Google emulator)`,
    content,
  });
}

function header(title: string, appName: string): SafeHtml {
  return html`${emulatorBadge()}
<h1>${title}</h1>
<p class="subtitle">to continue to <span class="app-name">${appName}</span></p>`;
}

function accountButton(account: RememberedAccount, actionPath: string, hiddenFields: SafeHtml[]): SafeHtml {
  return html`<form method="post" action="${actionPath}">
${hiddenFields}<input type="hidden" name="name" value="${account.name}"><input type="hidden" name="email" value="${account.email}">
<button class="row" type="submit"><span class="avatar avatar-${avatarColour(account.email)}" aria-hidden="true">${initial(account.name)}</span><span class="row-text"><span class="row-title">${account.name}</span><span class="row-detail">${account.email}</span></span></button>
</form>`;
}

function field(options: {
  id: 'name' | 'email';
  label: string;
  value: string;
  error: string | undefined;
  autofocus: boolean;
  attributes: SafeHtml;
}): SafeHtml {
  const errorId = `${options.id}-error`;
  return html`<div class="field">
<label for="${options.id}">${options.label}</label>
<input id="${options.id}" name="${options.id}" value="${options.value}" required ${options.attributes}${options.autofocus ? html` autofocus` : ''}${options.error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
${options.error ? html`<p class="field-error" id="${errorId}">${ERROR_ICON}<span>${options.error}</span></p>` : ''}
</div>`;
}

function initial(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

/** The same email always gets the same colour, so people recognise their accounts at a glance. */
function avatarColour(email: string): number {
  let hash = 0;
  for (const char of email) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % AVATAR_COLOURS;
}
