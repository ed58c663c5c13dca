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

/** A client for the emulator's Sheets-side HTTP API, as tests use it. */
export interface ApiClient {
  base: string;
  /** A request under the emulator's prefix; `auth` is a Bearer token or `{ key }`. */
  call(
    method: string,
    path: string,
    options?: { auth?: string | { key: string }; body?: unknown; form?: Record<string, string> },
  ): Promise<Response>;
  /** Creates a spreadsheet through the control API and returns its id. */
  createSpreadsheet(
    body: Record<string, unknown>,
  ): Promise<{ spreadsheetId: string; sheets: Array<{ sheetId: number; title: string }> }>;
  /** A sheet's cells through the control API. */
  sheetValues(spreadsheetId: string, sheetTitle: string): Promise<string[][]>;
}

/** The API client for an emulator reachable at `base` (its URL with the prefix). */
export function apiClient(base: string): ApiClient {
  const call: ApiClient['call'] = (method, path, options = {}) => {
    const headers: Record<string, string> = {};
    let url = `${base}${path}`;
    if (typeof options.auth === 'string') headers.authorization = `Bearer ${options.auth}`;
    else if (options.auth)
      url += `${url.includes('?') ? '&' : '?'}key=${encodeURIComponent(options.auth.key)}`;
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    return fetch(url, { method, headers, body, redirect: 'manual' });
  };
  return {
    base,
    call,
    async createSpreadsheet(body) {
      const reply = await call('POST', '/__emulator/spreadsheets', { body });
      if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${await reply.text()}`);
      return (await reply.json()) as {
        spreadsheetId: string;
        sheets: Array<{ sheetId: number; title: string }>;
      };
    },
    async sheetValues(spreadsheetId, sheetTitle) {
      const reply = await call(
        'GET',
        `/__emulator/spreadsheets/${spreadsheetId}/values/${encodeURIComponent(sheetTitle)}`,
      );
      if (reply.status !== 200) throw new Error(`values failed: ${reply.status} ${await reply.text()}`);
      return ((await reply.json()) as { values: string[][] }).values;
    },
  };
}

/** `encodeURIComponent` for a range in a path, as Google's clients do. */
export function rangePath(range: string): string {
  return encodeURIComponent(range);
}

/** The full Sheets scope, as a client requests it. */
export const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
