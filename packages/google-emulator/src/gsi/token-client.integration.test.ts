import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_CLIENT_ID } from '../emulator-options.js';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import {
  type ApiClient,
  apiClient,
  formsOf,
  fragmentOf,
  linkHref,
  makeTempDataDir,
  removeDataDir,
} from '../testing/emulator-test-kit.js';
import { TOKEN_RESPONSE_MESSAGE } from './token-client-script.js';

const SCOPES = [
  'https://www.googleapis.com/auth/documents.readonly',
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/spreadsheets',
];
const APP_ORIGIN = 'http://localhost:5173';
const UNAUTHENTICATED = {
  error: {
    code: 401,
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    status: 'UNAUTHENTICATED',
  },
};

/** A browser's view of the emulator: follows nothing by itself, but keeps the emulator's cookie. */
function browser() {
  let cookie = '';
  const remember = (reply: Response) => {
    const set = reply.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    return reply;
  };
  return {
    get cookie() {
      return cookie;
    },
    get: async (url: string) => remember(await fetch(url, { redirect: 'manual', headers: { cookie } })),
    post: async (url: string, fields: Array<[string, string]>) =>
      remember(
        await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        }),
      ),
  };
}

/** The GIS script in a minimal window: enough to call its functions and watch what it opens and posts. */
function loadTokenClientScript(source: string, scriptUrl: string) {
  const listeners: Array<(event: unknown) => void> = [];
  const opened: string[] = [];
  const popup = { closed: false, close() {}, focus() {} };
  const window: Record<string, unknown> = {
    location: { href: `${APP_ORIGIN}/dashboard/forms`, origin: APP_ORIGIN },
    crypto: globalThis.crypto,
    screenX: 0,
    screenY: 0,
    outerWidth: 1200,
    outerHeight: 900,
    open: (url: string) => {
      opened.push(url);
      return popup;
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'message') listeners.push(listener);
    },
    removeEventListener: (type: string, listener: (event: unknown) => void) => {
      const at = listeners.indexOf(listener);
      if (type === 'message' && at >= 0) listeners.splice(at, 1);
    },
    setInterval: () => 1,
    clearInterval: () => undefined,
    setTimeout: () => 1,
  };
  runInNewContext(source, {
    window,
    document: { currentScript: { src: scriptUrl } },
    URL,
    URLSearchParams,
    Uint8Array,
    Date,
  });
  const oauth2 = (window.google as { accounts: { oauth2: Record<string, (...args: unknown[]) => unknown> } })
    .accounts.oauth2;
  return {
    oauth2,
    opened,
    popup,
    deliver: (event: unknown) => {
      for (const listener of [...listeners]) listener(event);
    },
  };
}

describe('the token client (Google Identity Services) and its authorization flow', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let api: ApiClient;
  let documentId: string;
  let spreadsheetId: string;
  let authorize: string;

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: false });
    api = apiClient(emulator.url);
    authorize = `${emulator.url}/o/oauth2/v2/auth`;
    const created = await api.call('POST', '/__emulator/documents', {
      body: { title: 'Template', html: '<p>Hello {{Full Name}}</p>' },
    });
    documentId = ((await created.json()) as { documentId: string }).documentId;
    spreadsheetId = (
      await api.createSpreadsheet({
        title: 'Sheet',
        sharing: { link: 'view', people: [] },
        sheets: [{ title: 'Sheet1', rows: [['x']] }],
      })
    ).spreadsheetId;
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  const tokenRequest = (overrides: Record<string, string | undefined> = {}) => {
    const params = new URLSearchParams();
    const all: Record<string, string | undefined> = {
      client_id: DEFAULT_LOCAL_CLIENT_ID,
      redirect_uri: `${emulator.url}/gsi/callback?origin=${encodeURIComponent(APP_ORIGIN)}&id=req1`,
      response_type: 'token',
      scope: SCOPES.join(' '),
      state: 'st-1',
      ...overrides,
    };
    for (const [name, value] of Object.entries(all)) if (value !== undefined) params.set(name, value);
    return `${authorize}?${params.toString()}`;
  };
  const docsGet = (token: string) => api.call('GET', `/v1/documents/${documentId}`, { auth: token });

  /** Chooser, then consent, as a person would click through them. Returns the redirect's fragment. */
  async function consentAs(session: ReturnType<typeof browser>, email: string, url = tokenRequest()) {
    const chooser = await session.get(url);
    expect(chooser.status).toBe(200);
    const chooserForm = formsOf(await chooser.text()).at(-1);
    const fields = (chooserForm?.fields ?? []).filter(([name]) => name !== 'name' && name !== 'email');
    const consent = await session.post(authorize, [...fields, ['name', 'Ada Lovelace'], ['email', email]]);
    expect(consent.status).toBe(200);
    const page = await consent.text();
    const allow = formsOf(page)[0];
    const granted = await session.post(authorize, allow?.fields ?? []);
    expect(granted.status).toBe(302);
    return { page, fragment: fragmentOf(granted.headers.get('location')) };
  }

  it('shows the chooser first, then the consent screen with the scopes in words, then redirects with a token', async () => {
    const session = browser();
    const first = await session.get(tokenRequest({ prompt: 'select_account' }));
    expect(await first.text()).toContain('Sign in');
    const { page, fragment } = await consentAs(session, 'ada@example.com');
    expect(session.cookie).toMatch(/^EMULATOR_SID=/);
    expect(page).toContain('SheetForms wants to access your Google Account');
    expect(page).toContain('ada@example.com');
    for (const words of [
      'See all your Google Docs documents',
      'See and download all your Google Drive files',
      'See, edit, create, and delete all your Google Sheets spreadsheets',
    ]) {
      expect(page).toContain(words);
    }
    expect(page).toContain('>Allow</button>');
    expect(linkHref(page, 'Cancel')).toBe(
      `${emulator.url}/gsi/callback?origin=${encodeURIComponent(APP_ORIGIN)}&id=req1#error=access_denied&state=st-1`,
    );
    expect(Object.fromEntries(fragment)).toEqual({
      state: 'st-1',
      access_token: expect.stringMatching(/^ya29\.emu\./),
      token_type: 'Bearer',
      expires_in: '3599',
      scope: SCOPES.join(' '),
      authuser: '0',
      prompt: 'consent',
    });
    expect(emulator.identity.lookupAccessToken(fragment.get('access_token') ?? '')).toMatchObject({
      email: 'ada@example.com',
      scopes: SCOPES,
    });
    expect((await docsGet(fragment.get('access_token') ?? '')).status).toBe(200);
  });

  it('answers a consented, signed-in browser at once without prompt or with prompt=none, and asks again when told', async () => {
    const session = browser();
    await consentAs(session, 'grace@example.com');
    for (const prompt of [undefined, 'none']) {
      const silent = await session.get(tokenRequest({ prompt }));
      expect(silent.status).toBe(302);
      const fragment = fragmentOf(silent.headers.get('location'));
      expect(fragment.get('prompt')).toBe('none');
      expect(emulator.identity.lookupAccessToken(fragment.get('access_token') ?? '')?.email).toBe(
        'grace@example.com',
      );
    }
    expect(await (await session.get(tokenRequest({ prompt: 'consent' }))).text()).toContain(
      'wants to access your Google Account',
    );
    const chooser = await (await session.get(tokenRequest({ prompt: 'select_account' }))).text();
    expect(chooser).toContain('Choose an account');
    expect(chooser).toContain('grace@example.com');
    // A scope not yet allowed needs consent: the screen without prompt, an error with prompt=none.
    const wider = `${SCOPES.join(' ')} https://www.googleapis.com/auth/documents`;
    expect(await (await session.get(tokenRequest({ scope: wider }))).text()).toContain(
      'See, edit, create, and delete all your Google Docs documents',
    );
    const refused = await session.get(tokenRequest({ scope: wider, prompt: 'none' }));
    expect(fragmentOf(refused.headers.get('location')).get('error')).toBe('consent_required');
    // Another browser has no session: prompt=none cannot pick an account for it.
    const stranger = await browser().get(tokenRequest({ prompt: 'none' }));
    expect(fragmentOf(stranger.headers.get('location')).get('error')).toBe('interaction_required');
  });

  it('answers expired and revoked tokens with Google’s 401 on Docs, Drive and Sheets; revoking asks for consent again', async () => {
    const session = browser();
    const expiring = (await consentAs(session, 'alan@example.com')).fragment.get('access_token') ?? '';
    const expire = await api.call('POST', '/__emulator/access-tokens/expire', { body: { token: expiring } });
    expect(await expire.json()).toEqual({ expired: true });
    for (const path of [
      `/v1/documents/${documentId}`,
      `/drive/v3/files/${documentId}/export?mimeType=text/plain`,
      `/v4/spreadsheets/${spreadsheetId}`,
    ]) {
      const reply = await api.call('GET', path, { auth: expiring });
      expect(reply.status).toBe(401);
      expect(await reply.json()).toEqual(UNAUTHENTICATED);
    }
    expect(
      (await api.call('POST', '/__emulator/access-tokens/expire', { body: { token: expiring } })).status,
    ).toBe(404);
    expect((await api.call('POST', '/__emulator/access-tokens/expire', { body: {} })).status).toBe(400);

    const silent = await session.get(tokenRequest());
    const token = fragmentOf(silent.headers.get('location')).get('access_token') ?? '';
    const other =
      fragmentOf((await session.get(tokenRequest())).headers.get('location')).get('access_token') ?? '';
    expect((await docsGet(token)).status).toBe(200);
    const revoked = await fetch(`${emulator.url}/o/oauth2/revoke?token=${encodeURIComponent(token)}`, {
      method: 'POST',
    });
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('access-control-allow-origin')).toBe('*');
    expect(await revoked.json()).toEqual({});
    // The whole grant goes: the account's other token for this client too.
    for (const gone of [token, other]) expect(await (await docsGet(gone)).json()).toEqual(UNAUTHENTICATED);
    const again = await fetch(`${emulator.url}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${encodeURIComponent(token)}`,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: 'invalid_token',
      error_description: 'Token expired or revoked',
    });
    expect(await (await session.get(tokenRequest())).text()).toContain('wants to access your Google Account');
  });

  it('serves the callback page that hands the fragment to the opener, under a locked-down policy', async () => {
    const page = await fetch(`${emulator.url}/gsi/callback?origin=${encodeURIComponent(APP_ORIGIN)}&id=x`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('<script src="callback.js" defer></script>');
    const script = await fetch(`${emulator.url}/gsi/callback.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const source = await script.text();
    expect(source).toContain('window.opener.postMessage(');
    expect(source).toContain(TOKEN_RESPONSE_MESSAGE);
  });

  it('serves a GIS script whose token client opens the authorization popup and delivers only its own answer', async () => {
    const reply = await fetch(`${emulator.url}/gsi/client`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(reply.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const gis = loadTokenClientScript(await reply.text(), `${emulator.url}/gsi/client`);
    const { oauth2 } = gis;
    expect(() => oauth2.initTokenClient?.({ scope: 'x' })).toThrow('client_id');

    const responses: unknown[] = [];
    const client = oauth2.initTokenClient?.({
      client_id: DEFAULT_LOCAL_CLIENT_ID,
      scope: SCOPES.join(' '),
      callback: '',
    }) as { callback: unknown; requestAccessToken(config?: unknown): void };
    // Google's quickstart sets the callback after creating the client.
    client.callback = (response: unknown) => responses.push(response);
    client.requestAccessToken({ prompt: '' });
    const popupUrl = new URL(gis.opened[0] ?? '');
    expect(`${popupUrl.origin}${popupUrl.pathname}`).toBe(authorize);
    expect(popupUrl.searchParams.get('response_type')).toBe('token');
    expect(popupUrl.searchParams.get('client_id')).toBe(DEFAULT_LOCAL_CLIENT_ID);
    expect(popupUrl.searchParams.get('scope')).toBe(SCOPES.join(' '));
    expect(popupUrl.searchParams.has('prompt')).toBe(false);
    const redirect = new URL(popupUrl.searchParams.get('redirect_uri') ?? '');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${emulator.url}/gsi/callback`);
    expect(redirect.searchParams.get('origin')).toBe(APP_ORIGIN);
    const id = redirect.searchParams.get('id') ?? '';
    expect(popupUrl.searchParams.get('state')).toBe(id);

    // The popup's real journey through the emulator, as a browser would make it.
    const { fragment } = await consentAs(browser(), 'katherine@example.com', popupUrl.href);
    const params = Object.fromEntries(fragment);
    const emulatorOrigin = new URL(emulator.url).origin;
    gis.deliver({
      origin: 'http://evil.example',
      source: gis.popup,
      data: { type: TOKEN_RESPONSE_MESSAGE, id, params },
    });
    gis.deliver({ origin: emulatorOrigin, source: {}, data: { type: TOKEN_RESPONSE_MESSAGE, id, params } });
    gis.deliver({
      origin: emulatorOrigin,
      source: gis.popup,
      data: { type: TOKEN_RESPONSE_MESSAGE, id: 'other', params },
    });
    expect(responses).toEqual([]);
    gis.deliver({
      origin: emulatorOrigin,
      source: gis.popup,
      data: { type: TOKEN_RESPONSE_MESSAGE, id, params },
    });
    expect(responses).toEqual([
      {
        access_token: params.access_token,
        token_type: 'Bearer',
        expires_in: 3599,
        scope: SCOPES.join(' '),
        prompt: 'consent',
      },
    ]);
    expect((await docsGet(params.access_token ?? '')).status).toBe(200);
    expect(oauth2.hasGrantedAllScopes?.(responses[0], SCOPES[0], SCOPES[2])).toBe(true);
    expect(oauth2.hasGrantedAllScopes?.(responses[0], 'https://www.googleapis.com/auth/drive')).toBe(false);
    expect(
      oauth2.hasGrantedAnyScope?.(responses[0], 'https://www.googleapis.com/auth/drive', SCOPES[1]),
    ).toBe(true);
  });
});
