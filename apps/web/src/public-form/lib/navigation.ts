/**
 * Navigation between the respondent pages. /form/* and /form-login live in this bundle, so moving
 * between them is a history change (no reload, toasts survive, and inside an iframe the login page
 * renders in the frame); every other target is a normal page load.
 */
export const NAVIGATE_EVENT = 'sheetforms:navigate';

export function isRespondentPath(pathname: string): boolean {
  return pathname === '/form-login' || pathname.startsWith('/form/');
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  // This site's pages only: a target that resolves to another host ('//host/…' is one) goes home instead,
  // whatever a caller let through (the login page's redirect is checked by sameOriginTarget first).
  let url = new URL(to, window.location.origin);
  if (url.origin !== window.location.origin) url = new URL('/', window.location.origin);
  if (!isRespondentPath(url.pathname)) {
    if (options.replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (options.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}
