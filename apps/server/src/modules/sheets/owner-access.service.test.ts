import { describe, expect, it } from 'vitest';
import type { DrivePermission } from '../../google/drive-client.js';
import { GoogleApiError, type GoogleErrorCode } from '../../google/google-api-error.js';
import type { AccessTokenInfo } from '../../google/token-info.js';
import {
  createOwnerAccessService,
  OWN_TOKEN_PROOF_TTL_MS,
  type OwnerAccessDeps,
} from './owner-access.service.js';

const SHEET = '1AbcDEFghiJKLmnoPQRstuVWxyz0123456789abcdEF';
const SA = 'sa@project.iam.gserviceaccount.com';
const emails: Record<string, string> = { ada: 'ada@example.com', bob: 'Bob@Example.com' };
const CLIENT_ID = 'sheetforms.apps.googleusercontent.com';
const OTHER_APP = 'another-app.apps.googleusercontent.com';

/** What Google's tokeninfo says of a token issued to `clientId`. */
const issuedTo = (clientId: string): AccessTokenInfo => ({
  audience: clientId,
  authorizedParty: clientId,
  scopes: ['https://www.googleapis.com/auth/drive.readonly'],
  expiresInSeconds: 3599,
  email: undefined,
  emailVerified: false,
});

type Outcome = DrivePermission[] | GoogleErrorCode;

/**
 * Google as the check sees it: what Drive lists, whether the API key opens it, what Drive's files.get
 * tells each user token (it can edit, or only view), and the service account's own read. Tokeninfo says
 * every token was issued to our client (`lookups` records what it was asked).
 */
function google(
  drive: Outcome,
  apiKey: 'opens' | GoogleErrorCode,
  tokens: Record<string, 'edit' | 'view' | GoogleErrorCode> = {},
  serviceAccountRead: 'opens' | GoogleErrorCode = 'PERMISSION_DENIED',
) {
  const calls: string[] = [];
  const lookups: string[] = [];
  const answer = (outcome: 'opens' | GoogleErrorCode) => {
    if (outcome !== 'opens') throw new GoogleApiError(outcome, `Google said ${outcome}`);
  };
  const deps: Pick<OwnerAccessDeps, 'drive' | 'probes' | 'sheets' | 'tokenInfo'> = {
    tokenInfo: {
      async lookup(token) {
        lookups.push(token);
        return issuedTo(CLIENT_ID);
      },
    },
    sheets: {
      async getSpreadsheet(id) {
        calls.push('service account read');
        answer(serviceAccountRead);
        return { spreadsheetId: id, title: 'Secret', sheets: [] };
      },
    },
    drive: {
      async listPermissions(fileId) {
        calls.push(`drive ${fileId}`);
        if (typeof drive === 'string') throw new GoogleApiError(drive, `Drive said ${drive}`);
        return drive;
      },
      async canEditWithUserToken(_id, token) {
        calls.push('own token');
        const outcome = tokens[token] ?? 'UNAVAILABLE';
        if (outcome === 'edit' || outcome === 'view') return outcome === 'edit';
        throw new GoogleApiError(outcome, `Google said ${outcome}`);
      },
    },
    probes: {
      async opensWithApiKey() {
        calls.push('api key');
        answer(apiKey);
      },
    },
  };
  return { calls, lookups, deps };
}

function service(g: ReturnType<typeof google>, overrides: Partial<OwnerAccessDeps> = {}) {
  let clock = 0;
  const warnings: unknown[] = [];
  const access = createOwnerAccessService({
    ...g.deps,
    clientId: CLIENT_ID,
    hasServiceAccount: true,
    hasApiKey: true,
    ownerEmail: async (id) => emails[id],
    log: { warn: (...args: unknown[]) => void warnings.push(args) },
    now: () => clock,
    ...overrides,
  });
  return {
    access,
    warnings,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const adasSheet: DrivePermission[] = [
  { id: '1', type: 'user', role: 'owner', emailAddress: 'ada@example.com' },
  { id: '2', type: 'user', role: 'writer', emailAddress: SA },
];
const NO_ACCESS = {
  status: 403,
  code: 'NO_OWNER_ACCESS',
  detail:
    'You do not have access to this spreadsheet as bob@example.com. Ask its owner to share it with bob@example.com as Editor, or to set it to "Anyone with the link" can edit, then try again.',
};
const VIEW_ONLY = {
  status: 403,
  code: 'NO_OWNER_ACCESS',
  detail:
    'You can only view this spreadsheet as bob@example.com. Ask its owner for edit access (Share > Editor), then try again.',
};

describe('owner access', () => {
  it("grants the spreadsheet's owner and refuses another owner, by its Drive permissions", async () => {
    const g = google(adasSheet, 'PERMISSION_DENIED');
    const { access } = service(g);
    expect(await access.decide('ada', SHEET)).toEqual({ kind: 'granted', via: 'person' });
    expect(await access.decide('bob', SHEET)).toEqual({
      kind: 'denied',
      ownerEmail: 'bob@example.com',
      canView: false,
    });
    await expect(access.requireForBinding('bob', SHEET)).rejects.toMatchObject(NO_ACCESS);
    expect(g.calls).toEqual([`drive ${SHEET}`, `drive ${SHEET}`]);
    await expect(access.requireForBinding('ada', SHEET)).resolves.toEqual({ kind: 'granted', via: 'person' });
  });

  it('refuses a viewer or commenter of it, and a link that only views, saying they can only view', async () => {
    for (const role of ['reader', 'commenter']) {
      const shared = google(
        [...adasSheet, { id: '3', type: 'user', role, emailAddress: 'bob@example.com' }],
        'PERMISSION_DENIED',
      );
      const { access } = service(shared);
      expect(await access.decide('bob', SHEET)).toEqual({
        kind: 'denied',
        ownerEmail: 'bob@example.com',
        canView: true,
      });
      await expect(access.requireForBinding('bob', SHEET)).rejects.toMatchObject(VIEW_ONLY);
    }
    const linkView = google(
      [...adasSheet, { id: 'anyoneWithLink', type: 'anyone', role: 'reader' }],
      'opens',
    );
    await expect(service(linkView).access.requireForBinding('bob', SHEET)).rejects.toMatchObject(VIEW_ONLY);
    const linkEdit = google(
      [...adasSheet, { id: 'anyoneWithLink', type: 'anyone', role: 'writer' }],
      'opens',
    );
    expect(await service(linkEdit).access.decide('bob', SHEET)).toEqual({ kind: 'granted', via: 'anyone' });
  });

  it('never grants on the API key: it opens link-shared spreadsheets, which proves viewing only', async () => {
    const g = google('PERMISSION_DENIED', 'opens');
    expect(await service(g).access.decide('bob', SHEET)).toEqual({
      kind: 'denied',
      ownerEmail: 'bob@example.com',
      canView: true,
    });
    await expect(service(g).access.requireForBinding('bob', SHEET)).rejects.toMatchObject(VIEW_ONLY);
    expect(g.calls.slice(0, 2)).toEqual([`drive ${SHEET}`, 'api key']);
    const privateOne = google('PERMISSION_DENIED', 'PERMISSION_DENIED');
    expect(await service(privateOne).access.decide('bob', SHEET)).toMatchObject({ kind: 'denied' });
  });

  it('lets a spreadsheet the service account can neither list nor open be bound: nothing reaches it', async () => {
    const missing = google('NOT_FOUND', 'NOT_FOUND', {}, 'NOT_FOUND');
    const { access } = service(missing);
    expect(await access.decide('bob', SHEET)).toEqual({ kind: 'unreachable', ownerEmail: 'bob@example.com' });
    await expect(access.requireForBinding('bob', SHEET)).resolves.toMatchObject({ kind: 'unreachable' });
    expect(missing.calls.slice(0, 3)).toEqual([`drive ${SHEET}`, 'api key', 'service account read']);
    const hidden = google('NOT_FOUND', 'PERMISSION_DENIED', {}, 'PERMISSION_DENIED');
    expect(await service(hidden).access.decide('bob', SHEET)).toMatchObject({ kind: 'unreachable' });
  });

  it('refuses when Drive hides the sharing yet the service account opens it, link-shared or not', async () => {
    const quirk = service(google('NOT_FOUND', 'PERMISSION_DENIED', {}, 'opens')).access;
    await expect(quirk.requireForBinding('bob', SHEET)).rejects.toMatchObject(NO_ACCESS);
    const linkShared = google('NOT_FOUND', 'opens', {}, 'opens');
    await expect(service(linkShared).access.requireForBinding('bob', SHEET)).rejects.toMatchObject(VIEW_ONLY);
    // Without an API key only the service account's read is left to ask.
    const keyless = google('NOT_FOUND', 'opens', {}, 'opens');
    expect(await service(keyless, { hasApiKey: false }).access.decide('bob', SHEET)).toMatchObject({
      kind: 'denied',
    });
    expect(keyless.calls).toEqual([`drive ${SHEET}`, 'service account read']);
  });

  it('keeps an unreachable decision a few seconds only (no Google calls on every preview meanwhile)', async () => {
    const hidden = google('NOT_FOUND', 'PERMISSION_DENIED');
    const { access, advance } = service(hidden);
    await access.decide('bob', SHEET);
    await access.decide('bob', SHEET);
    expect(hidden.calls.filter((call) => call.startsWith('drive'))).toHaveLength(1);
    advance(10_000);
    await access.decide('bob', SHEET);
    expect(hidden.calls.filter((call) => call.startsWith('drive'))).toHaveLength(2);
  });

  it("grants when Drive says the owner's own token can edit it, and falls back to the other ways otherwise", async () => {
    const g = google(adasSheet, 'PERMISSION_DENIED', {
      'ya29.bobs-editor-token': 'edit',
      'ya29.bad': 'UNAVAILABLE',
    });
    const { access } = service(g);
    expect(await access.decide('bob', SHEET, { googleAccessToken: 'ya29.bobs-editor-token' })).toEqual({
      kind: 'granted',
      via: 'own-token',
    });
    expect(g.calls).toEqual(['own token']);
    // canEdit false: the token opens it, to view only.
    const viewer = google(adasSheet, 'PERMISSION_DENIED', { 'ya29.viewer': 'view' });
    await expect(
      service(viewer).access.requireForBinding('bob', SHEET, { googleAccessToken: 'ya29.viewer' }),
    ).rejects.toMatchObject(VIEW_ONLY);
    expect(viewer.calls).toEqual(['own token', `drive ${SHEET}`]);
    const other = google(adasSheet, 'PERMISSION_DENIED', { 'ya29.bad': 'PERMISSION_DENIED' });
    const refused = service(other).access;
    await expect(
      refused.requireForBinding('bob', SHEET, { googleAccessToken: 'ya29.bad' }),
    ).rejects.toMatchObject(NO_ACCESS);
    expect(await refused.decide('ada', SHEET, { googleAccessToken: 'ya29.bad' })).toMatchObject({
      kind: 'granted',
    });
    // A token that cannot be one is never sent.
    const never = google(adasSheet, 'PERMISSION_DENIED');
    await service(never).access.decide('bob', SHEET, { googleAccessToken: 'not a token\r\n' });
    expect(never.calls).toEqual([`drive ${SHEET}`]);
    expect(never.lookups).toEqual([]);
  });

  it("takes only a token Google issued to our client: another app's, an invalid one, or Google not answering proves nothing, and Drive never sees it", async () => {
    const g = google(adasSheet, 'PERMISSION_DENIED', {
      'ya29.ours': 'edit',
      'ya29.theirs': 'edit',
      'ya29.asked-by-them': 'edit',
      'ya29.expired': 'edit',
      'ya29.down': 'edit',
      'ya29.limited': 'edit',
    });
    const tokenInfo: OwnerAccessDeps['tokenInfo'] = {
      async lookup(token) {
        g.calls.push('token info');
        switch (token) {
          case 'ya29.ours':
            return issuedTo(CLIENT_ID);
          case 'ya29.theirs':
            return issuedTo(OTHER_APP);
          case 'ya29.asked-by-them':
            return { ...issuedTo(CLIENT_ID), authorizedParty: OTHER_APP };
          case 'ya29.expired':
            // Google's 400 invalid_token.
            return undefined;
          case 'ya29.limited':
            throw new GoogleApiError('RATE_LIMITED', 'Google said RATE_LIMITED');
          default:
            throw new GoogleApiError('UNAVAILABLE', 'Google said UNAVAILABLE');
        }
      },
    };
    const { access, warnings } = service(g, { tokenInfo });
    for (const token of ['ya29.theirs', 'ya29.asked-by-them', 'ya29.expired', 'ya29.down', 'ya29.limited']) {
      g.calls.length = 0;
      // The refusal a token that cannot edit gets; the other ways are still asked.
      await expect(
        access.requireForBinding('bob', SHEET, { googleAccessToken: token }),
      ).rejects.toMatchObject(NO_ACCESS);
      expect(g.calls).toEqual(['token info', `drive ${SHEET}`]);
    }
    // Google failing is logged, never with the token.
    expect(warnings).toHaveLength(2);
    expect(JSON.stringify(warnings)).not.toContain('ya29.');
    // Ada's own sharing still grants her, whatever token she brings.
    expect(await access.decide('ada', SHEET, { googleAccessToken: 'ya29.theirs' })).toEqual({
      kind: 'granted',
      via: 'person',
    });

    g.calls.length = 0;
    expect(await access.decide('bob', SHEET, { googleAccessToken: 'ya29.ours' })).toEqual({
      kind: 'granted',
      via: 'own-token',
    });
    expect(g.calls).toEqual(['token info', 'own token']);
  });

  it('trusts no token when no client id is configured', async () => {
    const g = google(adasSheet, 'PERMISSION_DENIED', { 'ya29.any': 'edit' });
    const { access } = service(g, {
      clientId: '',
      tokenInfo: { lookup: async () => issuedTo('') },
    });
    expect((await access.decide('bob', SHEET, { googleAccessToken: 'ya29.any' })).kind).toBe('denied');
    expect(g.calls).toEqual([`drive ${SHEET}`]);
  });

  it('reuses a decision for 60 s (5 s for a refusal), but a token may still overturn a refusal', async () => {
    const g = google(adasSheet, 'PERMISSION_DENIED', { 'ya29.good': 'edit' });
    const { access, advance } = service(g);
    await Promise.all([access.decide('ada', SHEET), access.decide('ada', SHEET)]);
    await access.requireForBinding('ada', SHEET);
    expect(g.calls).toEqual([`drive ${SHEET}`]);
    advance(60_000);
    await access.decide('ada', SHEET);
    expect(g.calls).toHaveLength(2);

    await access.decide('bob', SHEET);
    await access.decide('bob', SHEET);
    expect(g.calls).toHaveLength(3);
    expect(await access.decide('bob', SHEET, { googleAccessToken: 'ya29.good' })).toMatchObject({
      kind: 'granted',
    });
    expect(await access.decide('bob', SHEET)).toMatchObject({ kind: 'granted', via: 'own-token' });
    expect(g.calls.at(-1)).toBe('own token');
  });

  it('looks again when asked for a fresh decision (the Sheet Status)', async () => {
    const g = google(adasSheet, 'PERMISSION_DENIED');
    const { access } = service(g);
    await access.decide('ada', SHEET);
    await access.decide('ada', SHEET, { fresh: true });
    expect(g.calls).toHaveLength(2);
  });

  it('fails closed when Google cannot answer, and logs it', async () => {
    const down = service(google('UNAVAILABLE', 'opens'));
    await expect(down.access.requireForBinding('ada', SHEET)).rejects.toMatchObject({
      status: 503,
      code: 'UNAVAILABLE',
    });
    expect(down.warnings).toHaveLength(1);
    const limited = service(google('PERMISSION_DENIED', 'RATE_LIMITED')).access;
    await expect(limited.requireForBinding('ada', SHEET)).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
  });

  it('checks nothing when only an API key is configured (the server reaches link-shared spreadsheets only)', async () => {
    const g = google('UNAVAILABLE', 'UNAVAILABLE');
    expect(await service(g, { hasServiceAccount: false }).access.decide('bob', SHEET)).toEqual({
      kind: 'granted',
      via: 'no-service-account',
    });
    expect(g.calls).toEqual([]);
  });

  it("remembers a proof by the owner's own token 30 days, asks Google nothing while it holds, and forgets it when the token only views", async () => {
    const rows = new Map<string, string>();
    const key = (owner: string, sheet: string) => `${owner} ${sheet}`;
    const proofs: OwnerAccessDeps['proofs'] = {
      async remember(owner, sheet, expiresAt, now) {
        rows.set(key(owner, sheet), expiresAt);
        for (const [k, end] of rows) if (end <= now) rows.delete(k);
      },
      async holds(owner, sheet, now) {
        const end = rows.get(key(owner, sheet));
        return end !== undefined && end > now;
      },
      async forget(owner, sheet) {
        rows.delete(key(owner, sheet));
      },
    };
    const g = google(adasSheet, 'PERMISSION_DENIED', { edits: 'edit', views: 'view', hidden: 'NOT_FOUND' });
    const { access, advance } = service(g, { proofs });
    expect(await access.decide('bob', SHEET, { googleAccessToken: 'edits' })).toEqual({
      kind: 'granted',
      via: 'own-token',
    });
    expect([...rows]).toEqual([[key('bob', SHEET), new Date(OWN_TOKEN_PROOF_TTL_MS).toISOString()]]);
    g.calls.length = 0;
    advance(OWN_TOKEN_PROOF_TTL_MS - 1);
    expect(await access.decide('bob', SHEET, { fresh: true })).toEqual({
      kind: 'granted',
      via: 'own-token-earlier',
    });
    expect(g.calls).toEqual([]);
    // Another owner gains nothing from it.
    expect((await access.decide('ada', SHEET, { fresh: true })).kind).toBe('granted');
    expect(g.calls).toEqual([`drive ${SHEET}`]);
    advance(1);
    expect((await access.decide('bob', SHEET, { fresh: true })).kind).toBe('denied');

    await access.decide('bob', SHEET, { googleAccessToken: 'edits', fresh: true });
    expect((await access.decide('bob', SHEET, { googleAccessToken: 'views', fresh: true })).kind).toBe(
      'denied',
    );
    expect(rows.size).toBe(0);
    expect((await access.decide('bob', SHEET, { fresh: true })).kind).toBe('denied');

    // A token Drive hides the file from ends it too, even right after a grant kept in memory: a request
    // that brings a token is judged by it.
    expect((await access.decide('bob', SHEET, { googleAccessToken: 'edits' })).kind).toBe('granted');
    expect(rows.size).toBe(1);
    expect((await access.decide('bob', SHEET, { googleAccessToken: 'hidden' })).kind).toBe('denied');
    expect(rows.size).toBe(0);
  });

  it("neither records nor ends a proof by a token Google issued to another app: it tells nothing of the owner's access", async () => {
    const rows = new Map<string, string>();
    const proofs: OwnerAccessDeps['proofs'] = {
      async remember(owner, sheet, expiresAt) {
        rows.set(`${owner} ${sheet}`, expiresAt);
      },
      async holds(owner, sheet) {
        return rows.has(`${owner} ${sheet}`);
      },
      async forget(owner, sheet) {
        rows.delete(`${owner} ${sheet}`);
      },
    };
    const g = google(adasSheet, 'PERMISSION_DENIED', {
      ours: 'edit',
      theirs: 'edit',
      'theirs-viewing': 'view',
    });
    const tokenInfo: OwnerAccessDeps['tokenInfo'] = {
      lookup: async (token) => issuedTo(token === 'ours' ? CLIENT_ID : OTHER_APP),
    };
    const { access } = service(g, { proofs, tokenInfo });
    expect((await access.decide('bob', SHEET, { googleAccessToken: 'theirs', fresh: true })).kind).toBe(
      'denied',
    );
    expect(rows.size).toBe(0);
    expect(await access.decide('bob', SHEET, { googleAccessToken: 'ours', fresh: true })).toEqual({
      kind: 'granted',
      via: 'own-token',
    });
    expect(rows.size).toBe(1);
    expect(await access.decide('bob', SHEET, { googleAccessToken: 'theirs-viewing', fresh: true })).toEqual({
      kind: 'granted',
      via: 'own-token-earlier',
    });
    expect(rows.size).toBe(1);
  });
});
