import { describe, expect, it } from 'vitest';
import type { DrivePermission } from '../../google/drive-client.js';
import { GoogleApiError, type GoogleErrorCode } from '../../google/google-api-error.js';
import { createOwnerAccessService, type OwnerAccessDeps } from './owner-access.service.js';

const SHEET = '1AbcDEFghiJKLmnoPQRstuVWxyz0123456789abcdEF';
const SA = 'sa@project.iam.gserviceaccount.com';
const emails: Record<string, string> = { ada: 'ada@example.com', bob: 'Bob@Example.com' };

type Outcome = DrivePermission[] | GoogleErrorCode;

/** Google as the check sees it: what Drive lists, what the API key and each user token get. */
function google(
  drive: Outcome,
  apiKey: 'opens' | GoogleErrorCode,
  tokens: Record<string, 'opens' | GoogleErrorCode> = {},
  serviceAccountRead: 'opens' | GoogleErrorCode = 'PERMISSION_DENIED',
) {
  const calls: string[] = [];
  const answer = (outcome: 'opens' | GoogleErrorCode) => {
    if (outcome !== 'opens') throw new GoogleApiError(outcome, `Google said ${outcome}`);
  };
  const deps: Pick<OwnerAccessDeps, 'drive' | 'probes' | 'sheets'> = {
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
    },
    probes: {
      async opensWithApiKey() {
        calls.push('api key');
        answer(apiKey);
      },
      async opensWithUserToken(_id, token) {
        calls.push('own token');
        answer(tokens[token] ?? 'UNAVAILABLE');
      },
    },
  };
  return { calls, deps };
}

function service(g: ReturnType<typeof google>, overrides: Partial<OwnerAccessDeps> = {}) {
  let clock = 0;
  const warnings: unknown[] = [];
  const access = createOwnerAccessService({
    ...g.deps,
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
    'You do not have access to this spreadsheet as bob@example.com. Ask its owner to share it with bob@example.com, or to set it to "Anyone with the link", then try again.',
};

describe('owner access', () => {
  it("grants the spreadsheet's owner and refuses another owner, by its Drive permissions", async () => {
    const g = google(adasSheet, 'PERMISSION_DENIED');
    const { access } = service(g);
    expect(await access.decide('ada', SHEET)).toEqual({ kind: 'granted', via: 'person' });
    expect(await access.decide('bob', SHEET)).toEqual({ kind: 'denied', ownerEmail: 'bob@example.com' });
    await expect(access.requireForBinding('bob', SHEET)).rejects.toMatchObject(NO_ACCESS);
    expect(g.calls).toEqual([`drive ${SHEET}`, `drive ${SHEET}`]);
  });

  it('grants through link sharing and the API key when the service account may not read the sharing', async () => {
    const g = google('PERMISSION_DENIED', 'opens');
    expect(await service(g).access.decide('bob', SHEET)).toEqual({ kind: 'granted', via: 'link' });
    expect(g.calls).toEqual([`drive ${SHEET}`, 'api key']);
    const privateOne = google('PERMISSION_DENIED', 'PERMISSION_DENIED');
    expect(await service(privateOne).access.decide('bob', SHEET)).toMatchObject({ kind: 'denied' });
  });

  it('lets a spreadsheet the service account can neither list nor open be bound: nothing reaches it', async () => {
    const missing = google('NOT_FOUND', 'NOT_FOUND', {}, 'NOT_FOUND');
    const { access } = service(missing);
    expect(await access.decide('bob', SHEET)).toEqual({ kind: 'unreachable', ownerEmail: 'bob@example.com' });
    await expect(access.requireForBinding('bob', SHEET)).resolves.toBeUndefined();
    expect(missing.calls.slice(0, 3)).toEqual([`drive ${SHEET}`, 'api key', 'service account read']);
    const hidden = google('NOT_FOUND', 'PERMISSION_DENIED', {}, 'PERMISSION_DENIED');
    expect(await service(hidden).access.decide('bob', SHEET)).toMatchObject({ kind: 'unreachable' });
  });

  it('refuses when Drive hides the sharing yet the service account opens it, and grants on the API key', async () => {
    const quirk = service(google('NOT_FOUND', 'PERMISSION_DENIED', {}, 'opens')).access;
    await expect(quirk.requireForBinding('bob', SHEET)).rejects.toMatchObject(NO_ACCESS);
    const linkShared = google('NOT_FOUND', 'opens', {}, 'opens');
    expect(await service(linkShared).access.decide('bob', SHEET)).toEqual({ kind: 'granted', via: 'link' });
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

  it("grants on the owner's own token first, and falls back to the other ways when it fails", async () => {
    const g = google(adasSheet, 'PERMISSION_DENIED', {
      'ya29.bobs-good-token': 'opens',
      'ya29.bad': 'UNAVAILABLE',
    });
    const { access } = service(g);
    expect(await access.decide('bob', SHEET, { googleAccessToken: 'ya29.bobs-good-token' })).toEqual({
      kind: 'granted',
      via: 'own-token',
    });
    expect(g.calls).toEqual(['own token']);
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
  });

  it('reuses a decision for 60 s (5 s for a refusal), but a token may still overturn a refusal', async () => {
    const g = google(adasSheet, 'PERMISSION_DENIED', { 'ya29.good': 'opens' });
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
});
