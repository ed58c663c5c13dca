import { emulatorBadge, renderPage } from '../html/page-layout.js';
import { html } from '../html/safe-html.js';
import type { AccountChoice } from './account-choice.js';
import { type AuthorizeRequest, authorizeRequestParameters } from './authorize-request.js';
import { describeScope } from './scopes.js';

/** Everything the consent screen shows. */
export interface ConsentPageModel {
  appName: string;
  actionPath: string;
  request: AuthorizeRequest;
  account: AccountChoice;
  cancelUrl: string;
}

/**
 * Google's consent screen: "{app} wants to access your Google Account", the account, what the app will be
 * able to do (each scope in words), then Cancel and Allow. Allow posts the request back with the account
 * and `consent=allow`; it needs no script.
 */
export function renderConsentPage(model: ConsentPageModel): string {
  const hiddenFields = authorizeRequestParameters(model.request).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  );
  const scopes = [...new Set(model.request.scopes.map(describeScope))];
  return renderPage({
    title: `${model.appName} wants to access your Google Account – Google emulator`,
    content: html`${emulatorBadge()}
<h1>${model.appName} wants to access your Google Account</h1>
<p class="account-chip">${model.account.email}</p>
<p class="consent-lead">This will allow <span class="app-name">${model.appName}</span> to:</p>
<ul class="scope-list">
${scopes.map((scope) => html`<li>${scope}</li>`)}
</ul>
<p class="disclosure">Make sure you trust ${model.appName}. You may be sharing sensitive info with this site or app. In local mode, the emulator grants exactly the scopes listed.</p>
<form method="post" action="${model.actionPath}">
${hiddenFields}<input type="hidden" name="name" value="${model.account.name}"><input type="hidden" name="email" value="${model.account.email}"><input type="hidden" name="consent" value="allow">
<div class="actions"><a class="text-button" href="${model.cancelUrl}">Cancel</a><button class="button" type="submit" autofocus>Allow</button></div>
</form>`,
  });
}
