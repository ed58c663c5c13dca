import { emulatorBadge, renderPage } from '../html/page-layout.js';
import { html } from '../html/safe-html.js';
import { AUTHORIZE_PARAMETERS, type AuthorizeError } from './authorize-request.js';

/**
 * Google's "Access blocked: Authorization Error" page, ending in "Error 400: invalid_request". The
 * emulator adds the parameters it received, because the person reading it is the app's developer.
 */
export function renderAuthorizeErrorPage(error: AuthorizeError, received: unknown, appName: string): string {
  const fields =
    typeof received === 'object' && received !== null ? (received as Record<string, unknown>) : {};
  const details = AUTHORIZE_PARAMETERS.flatMap((name) => {
    const value = fields[name];
    const shown = Array.isArray(value)
      ? value.map(String).join(' | ')
      : typeof value === 'string'
        ? value
        : undefined;
    return shown === undefined ? [] : [html`<dt>${name}</dt><dd>${shown === '' ? '(empty)' : shown}</dd>`];
  });

  return renderPage({
    title: `Error ${error.status}: ${error.error} – Google emulator`,
    content: html`${emulatorBadge()}
<h1>Access blocked: Authorization Error</h1>
<p class="error-lead">${error.description}</p>
<p class="disclosure">If you are a developer of ${appName}, check the request below against what Google expects.</p>
<p class="error-code">Error ${error.status}: ${error.error}</p>
<details class="request-details" open>
<summary class="details-summary">Request details</summary>
${details.length > 0 ? html`<dl>${details}</dl>` : html`<dl><dt>Parameters</dt><dd>none</dd></dl>`}
</details>`,
  });
}
