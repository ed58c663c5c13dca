/**
 * The login page's redirect target, if it may be followed: only same-origin URLs (absolute or
 * relative). Answers the path to go to (path + query + hash), or null for anything else.
 */
export function sameOriginTarget(redirect: string | null | undefined, origin: string): string | null {
  if (!redirect) return null;
  const trimmed = redirect.trim();
  if (trimmed === '') return null;
  // Protocol-relative and backslash tricks ('//evil', '/\\evil') resolve to another host: comparing the
  // parsed origin catches them.
  let url: URL;
  try {
    url = new URL(trimmed, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A same-origin URL whose path starts with '//' ('/.//evil.example', 'https://{origin}//evil.example')
  // is a protocol-relative address once it is written as a path: it would leave for another host.
  if (/^[/\\]{2}/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The form id of a /form/{formId} path (the last non-empty segment), or '' when there is none. */
export function formIdFromPath(pathname: string): string {
  const match = /^\/form\/([^/?#]+)\/?$/.exec(pathname);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * The form id of a redirect target, read from its /form/{formId} path. The id is read whatever the
 * target's origin (it only names the form to log in to); whether the target is followed afterwards is
 * `sameOriginTarget`'s decision.
 */
export function formIdFromRedirect(redirect: string | null | undefined, origin: string): string {
  if (!redirect) return '';
  try {
    return formIdFromPath(new URL(redirect.trim(), origin).pathname);
  } catch {
    return '';
  }
}

/** Where a protected form sends a visitor without a valid respondent token. */
export function loginUrlFor(currentHref: string): string {
  return `/form-login?redirect=${encodeURIComponent(currentHref)}`;
}
