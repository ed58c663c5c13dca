/**
 * /form/{formId} and /form-login are the respondent's pages (the web app's `form.html` entry). They are
 * the only pages other sites may frame: embedding a form is a product feature, and a login-protected
 * form inside an iframe must reach its login page there too.
 */
export function isRespondentPage(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return pathname.startsWith('/form/') || pathname === '/form-login' || pathname === '/form-login/';
}

/** The script other sites load beside a form's iframe to size it (the web app's `public/embed.js`). */
export function isEmbedScript(url: string): boolean {
  return (url.split('?', 1)[0] ?? '') === '/embed.js';
}
