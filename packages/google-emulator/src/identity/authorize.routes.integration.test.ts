import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_CLIENT_ID } from '../emulator-options.js';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import { EmulatorState } from '../state/emulator-state.js';
import {
  authorizeUrl,
  formsOf,
  fragmentOf,
  linkHref,
  makeTempDataDir,
  postForm,
  removeDataDir,
  signInParams,
} from '../testing/emulator-test-kit.js';
import { accessTokenHash } from './id-tokens.js';
import { IdentityStore } from './identity-store.js';
import { subjectIdForEmail } from './subject-id.js';

const REDIRECT_URI = 'http://localhost:3000/oauth-callback.html';

describe('the authorization endpoint', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let jwks: ReturnType<typeof createRemoteJWKSet>;
  let endpoint: string;

  beforeEach(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: false });
    jwks = createRemoteJWKSet(new URL(`${emulator.url}/oauth2/v3/certs`));
    endpoint = `${emulator.url}/o/oauth2/v2/auth`;
  });
  afterEach(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  async function signIn(
    params: Record<string, string>,
    account = { name: 'Ada Lovelace', email: 'ada@example.com' },
  ) {
    const reply = await postForm(endpoint, { ...params, ...account });
    expect(reply.status).toBe(302);
    return fragmentOf(reply.headers.get('location'));
  }

  describe('refusals', () => {
    it.each([
      ['a missing client_id', { client_id: undefined }, 401, 'Error 401: invalid_client'],
      [
        'an unknown client_id',
        { client_id: 'stranger.apps.googleusercontent.com' },
        401,
        'Error 401: invalid_client',
      ],
      ['a missing redirect_uri', { redirect_uri: undefined }, 400, 'Error 400: invalid_request'],
      ['a non-http redirect_uri', { redirect_uri: 'javascript:alert(1)' }, 400, 'Error 400: invalid_request'],
      [
        'an unsupported response_type',
        { response_type: 'code' },
        400,
        'Error 400: unsupported_response_type',
      ],
      ['an id_token without nonce', { nonce: undefined }, 400, 'Error 400: invalid_request'],
    ])('shows Google’s error page for %s', async (_case, overrides, status, errorLine) => {
      const reply = await fetch(authorizeUrl(emulator.url, signInParams(overrides)), { redirect: 'manual' });
      expect(reply.status).toBe(status);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await reply.text();
      expect(page).toContain('Access blocked: Authorization Error');
      expect(page).toContain(errorLine);
      expect(page).toContain('Google emulator · local mode');
      expect(page).not.toContain('Choose an account');
    });

    it('escapes what it echoes on the error page', async () => {
      const reply = await fetch(
        authorizeUrl(emulator.url, signInParams({ client_id: '<script>alert(1)</script>' })),
      );
      const page = await reply.text();
      expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page).not.toContain('<script>');
    });

    it('checks the posted parameters again instead of trusting the hidden fields', async () => {
      const reply = await postForm(endpoint, {
        ...signInParams({ client_id: 'stranger' }),
        name: 'Ada',
        email: 'ada@example.com',
      });
      expect(reply.status).toBe(401);
      expect(await reply.text()).toContain('Error 401: invalid_client');
    });
  });

  describe('the chooser', () => {
    it('offers a sign-in form with locked-down headers when no account is remembered', async () => {
      const reply = await fetch(authorizeUrl(emulator.url, signInParams()));
      expect(reply.status).toBe(200);
      const csp = reply.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self' http://localhost:3000;");
      expect(csp).toContain("frame-ancestors 'none'");
      const page = await reply.text();
      expect(page).toContain('<h1>Sign in</h1>');
      expect(page).toContain('to continue to <span class="app-name">SheetForms</span>');
      expect(page).toContain('<label for="name">Full name</label>');
      expect(page).toContain('<label for="email">Email</label>');
      expect(page).not.toMatch(/<script|https?:\/\/(?!localhost:3000)[^"]*\.(css|js|woff)/);
    });

    it('lists a remembered account as a button that signs in with it', async () => {
      await signIn(signInParams(), { name: 'Grace Hopper', email: 'grace@example.com' });

      const page = await (await fetch(authorizeUrl(emulator.url, signInParams({ state: 'second' })))).text();
      expect(page).toContain('<h1>Choose an account</h1>');
      expect(page).toMatch(
        /<button class="row" type="submit"><span class="avatar [^"]+" aria-hidden="true">G<\/span><span class="row-text"><span class="row-title">Grace Hopper<\/span><span class="row-detail">grace@example.com<\/span>/,
      );
      expect(page).toContain('Use another account');

      // Submit the account's own form as the browser would.
      const form = formsOf(page).find((candidate) => candidate.markup.includes('grace@example.com'));
      expect(form?.action).toBe('/__google/o/oauth2/v2/auth');
      const reply = await postForm(`${new URL(emulator.url).origin}${form?.action}`, form?.fields ?? []);
      expect(reply.status).toBe(302);
      const fragment = fragmentOf(reply.headers.get('location'));
      expect(fragment.get('state')).toBe('second');
      const { payload } = await jwtVerify(fragment.get('id_token') ?? '', jwks);
      expect(payload).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper', nonce: 'nonce-123' });
    });

    it('pre-fills and opens "Use another account" for a new login_hint', async () => {
      await signIn(signInParams());
      const page = await (
        await fetch(authorizeUrl(emulator.url, signInParams({ login_hint: 'new@example.com' })))
      ).text();
      expect(page).toContain('<details open>');
      expect(page).toMatch(/<input id="email" name="email" value="new@example.com"/);
    });

    it('shows what is wrong with the typed account, with status 400, and keeps the request', async () => {
      const reply = await postForm(endpoint, { ...signInParams(), name: '', email: 'ada@nowhere' });
      expect(reply.status).toBe(400);
      const page = await reply.text();
      expect(page).toContain('Enter your name');
      expect(page).toContain('Enter a valid email address, like name@example.com');
      expect(page).toMatch(
        /<input id="email" name="email" value="ada@nowhere" required [^>]*aria-invalid="true"/,
      );
      expect(page).toContain('<input type="hidden" name="nonce" value="nonce-123">');
      expect(await (await fetch(authorizeUrl(emulator.url, signInParams()))).text()).toContain(
        '<h1>Sign in</h1>',
      );
    });

    it('keeps hostile state values inert in the hidden fields', async () => {
      const state = `"><script>alert(1)</script>`;
      const page = await (await fetch(authorizeUrl(emulator.url, signInParams({ state })))).text();
      expect(page).not.toContain('<script>');
      const form = formsOf(page)[0];
      expect(form?.fields).toContainEqual(['state', state]);
    });

    it('cancels to the redirect URI with access_denied and the state', async () => {
      const page = await (await fetch(authorizeUrl(emulator.url, signInParams({ state: 'a b&c' })))).text();
      expect(linkHref(page, 'Cancel')).toBe(`${REDIRECT_URI}#error=access_denied&state=a%20b%26c`);
    });

    it('answers prompt=none with interaction_required when the browser has no session', async () => {
      const reply = await fetch(authorizeUrl(emulator.url, signInParams({ prompt: 'none' })), {
        redirect: 'manual',
      });
      expect(reply.status).toBe(302);
      expect(reply.headers.get('location')).toBe(
        `${REDIRECT_URI}#error=interaction_required&state=state-456`,
      );
    });
  });

  describe('signing in', () => {
    it('redirects with an id_token carrying the nonce, and the state, in the fragment', async () => {
      const reply = await postForm(endpoint, {
        ...signInParams(),
        name: ' Ada  Lovelace ',
        email: 'Ada@Example.com',
      });
      expect(reply.status).toBe(302);
      const location = reply.headers.get('location') ?? '';
      expect(location.startsWith(`${REDIRECT_URI}#state=state-456&id_token=`)).toBe(true);
      const fragment = fragmentOf(location);
      expect(fragment.get('authuser')).toBe('0');
      expect(fragment.get('prompt')).toBe('select_account');
      expect(fragment.has('access_token')).toBe(false);

      const { payload } = await jwtVerify(fragment.get('id_token') ?? '', jwks, {
        issuer: emulator.issuer,
        audience: DEFAULT_LOCAL_CLIENT_ID,
      });
      expect(payload).toMatchObject({
        nonce: 'nonce-123',
        email: 'ada@example.com',
        email_verified: true,
        name: 'Ada Lovelace',
        sub: subjectIdForEmail('ada@example.com'),
      });
      expect(payload.at_hash).toBeUndefined();
    });

    it('issues an access token for response_type token that lookupAccessToken resolves, before and after a restart', async () => {
      // Posted from the consent screen (consent=allow), since the Sheets scope needs consent.
      const fragment = await signIn({
        ...signInParams({
          response_type: 'token',
          nonce: undefined,
          scope: 'openid email https://www.googleapis.com/auth/spreadsheets',
        }),
        consent: 'allow',
      });
      const accessToken = fragment.get('access_token') ?? '';
      expect(accessToken).toMatch(/^ya29\.emu\./);
      expect(fragment.get('token_type')).toBe('Bearer');
      expect(fragment.get('expires_in')).toBe('3599');
      expect(fragment.get('scope')).toBe('openid email https://www.googleapis.com/auth/spreadsheets');
      expect(fragment.get('state')).toBe('state-456');
      expect(fragment.has('id_token')).toBe(false);

      expect(emulator.identity.lookupAccessToken(accessToken)).toMatchObject({
        email: 'ada@example.com',
        clientId: DEFAULT_LOCAL_CLIENT_ID,
        scopes: ['openid', 'email', 'https://www.googleapis.com/auth/spreadsheets'],
      });
      expect(emulator.identity.lookupAccessToken(`${accessToken}x`)).toBeUndefined();

      await emulator.close();
      const reopened = await IdentityStore.open(await EmulatorState.open(dataDir));
      expect(reopened.lookupAccessToken(accessToken)?.email).toBe('ada@example.com');
      emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: false });
    });

    it('issues both for "token id_token", binding them with at_hash', async () => {
      const fragment = await signIn(signInParams({ response_type: 'token id_token' }));
      const accessToken = fragment.get('access_token') ?? '';
      const { payload } = await jwtVerify(fragment.get('id_token') ?? '', jwks);
      expect(payload.at_hash).toBe(accessTokenHash(accessToken));
      expect(emulator.identity.lookupAccessToken(accessToken)?.email).toBe('ada@example.com');
    });
  });
});

describe('the chooser page markup', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: false });
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  it('is usable by keyboard and screen readers: labelled fields, real buttons, a visible focus style', async () => {
    const page = await (await fetch(authorizeUrl(emulator.url, signInParams()))).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toMatch(/<input id="name" name="name" value="" required autocomplete="name"/);
    expect(page).toMatch(
      /<input id="email" name="email" value="" required type="email" autocomplete="email"/,
    );
    expect(page).toContain('<button class="button" type="submit">Next</button>');
    expect(page).toMatch(/:focus-visible\s*{[^}]*outline: 2px solid/);
    expect(page).toMatch(/@media \(max-width: 600px\)/);
  });
});
