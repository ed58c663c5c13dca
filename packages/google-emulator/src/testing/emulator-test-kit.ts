import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Helpers for this package's tests (real HTTP against a real server). Not exported from the package.

/** A fresh data directory under the OS temp dir. */
export function makeTempDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'google-emulator-test-'));
}

/** Removes a directory made by {@link makeTempDataDir}. */
export function removeDataDir(dataDir: string): Promise<void> {
  return rm(dataDir, { recursive: true, force: true });
}

/** The sign-in request the web app sends, with overrides (`undefined` drops a parameter). */
export function signInParams(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const params: Record<string, string | undefined> = {
    client_id: 'sheetforms-local.apps.googleusercontent.com',
    redirect_uri: 'http://localhost:3000/oauth-callback.html',
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: 'nonce-123',
    state: 'state-456',
    prompt: 'select_account',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** `{base}/o/oauth2/v2/auth?…` */
export function authorizeUrl(base: string, params: Record<string, string>): string {
  return `${base}/o/oauth2/v2/auth?${new URLSearchParams(params).toString()}`;
}

/** Posts a urlencoded form as a browser would, without following the redirect. */
export function postForm(
  url: string,
  fields: Record<string, string> | Array<[string, string]>,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** The parameters in a redirect's fragment. */
export function fragmentOf(location: string | null): URLSearchParams {
  if (!location?.includes('#')) throw new Error(`expected a redirect with a fragment, got ${location}`);
  return new URLSearchParams(location.slice(location.indexOf('#') + 1));
}

/** A form on a page, as a browser would submit it. */
export interface PageForm {
  action: string;
  fields: Array<[string, string]>;
  markup: string;
}

/** The page's forms with their inputs' names and values (enough for the emulator's own simple markup). */
export function formsOf(page: string): PageForm[] {
  return [...page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((match) => {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    const fields = [...body.matchAll(/<input\b([^>]*)>/g)].flatMap((input): Array<[string, string]> => {
      const name = attributeOf(input[1] ?? '', 'name');
      return name === undefined ? [] : [[name, attributeOf(input[1] ?? '', 'value') ?? '']];
    });
    return { action: attributeOf(attributes, 'action') ?? '', fields, markup: match[0] };
  });
}

/** The decoded value of the first `href` of the link whose text is `text`. */
export function linkHref(page: string, text: string): string | undefined {
  for (const match of page.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
    if ((match[2] ?? '').trim() === text) return attributeOf(match[1] ?? '', 'href');
  }
  return undefined;
}

function attributeOf(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(attributes);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}
