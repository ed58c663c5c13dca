import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorState } from '../state/emulator-state.js';
import { makeTempDataDir, removeDataDir } from '../testing/emulator-test-kit.js';
import { IdentityStore, MAX_REMEMBERED_ACCOUNTS } from './identity-store.js';
import { subjectIdForEmail } from './subject-id.js';

describe('IdentityStore', () => {
  let dataDir: string;
  let now: number;
  const clock = () => now;

  beforeEach(async () => {
    dataDir = await makeTempDataDir();
    now = Date.parse('2025-01-01T00:00:00Z');
  });
  afterEach(() => removeDataDir(dataDir));

  async function openStore() {
    return IdentityStore.open(await EmulatorState.open(dataDir), clock);
  }

  it('resolves an access token to its grant until it expires after 3599 seconds', async () => {
    const store = await openStore();
    const { accessToken, expiresIn } = await store.issueAccessToken({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      clientId: 'client',
      scopes: ['openid', 'https://www.googleapis.com/auth/spreadsheets'],
    });
    expect(accessToken).toMatch(/^ya29\.emu\.[A-Za-z0-9_-]{43}$/);
    expect(expiresIn).toBe(3599);
    expect(store.lookupAccessToken(accessToken)).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      sub: subjectIdForEmail('ada@example.com'),
      clientId: 'client',
      scopes: ['openid', 'https://www.googleapis.com/auth/spreadsheets'],
      issuedAt: now / 1000,
      expiresAt: now / 1000 + 3599,
    });

    now += 3598 * 1000;
    expect(store.lookupAccessToken(accessToken)?.email).toBe('ada@example.com');
    now += 1000;
    expect(store.lookupAccessToken(accessToken)).toBeUndefined();
  });

  it('knows nothing of unknown tokens, including inherited property names', async () => {
    const store = await openStore();
    for (const token of ['ya29.emu.nope', '__proto__', 'constructor', 'toString']) {
      expect(store.lookupAccessToken(token)).toBeUndefined();
    }
  });

  it('persists access tokens and drops expired ones when issuing new ones', async () => {
    const store = await openStore();
    const old = await store.issueAccessToken({
      email: 'a@example.com',
      name: 'A',
      clientId: 'c',
      scopes: [],
    });
    now += 3600 * 1000;
    const fresh = await store.issueAccessToken({
      email: 'b@example.com',
      name: 'B',
      clientId: 'c',
      scopes: [],
    });

    const file = JSON.parse(await readFile(`${dataDir}/google-emulator/access-tokens.json`, 'utf8'));
    expect(Object.keys(file.tokens)).toEqual([fresh.accessToken]);
    expect((await openStore()).lookupAccessToken(fresh.accessToken)?.email).toBe('b@example.com');
    expect((await openStore()).lookupAccessToken(old.accessToken)).toBeUndefined();
  });

  it('lists remembered accounts most recent first, once each, up to the limit', async () => {
    const store = await openStore();
    for (let index = 0; index < MAX_REMEMBERED_ACCOUNTS + 2; index++) {
      now += 1000;
      await store.rememberAccount({ email: `user${index}@example.com`, name: `User ${index}` });
    }
    now += 1000;
    await store.rememberAccount({ email: 'user5@example.com', name: 'User Five' });

    const accounts = (await openStore()).listAccounts();
    expect(accounts).toHaveLength(MAX_REMEMBERED_ACCOUNTS);
    expect(accounts[0]).toMatchObject({ email: 'user5@example.com', name: 'User Five' });
    expect(accounts.filter((account) => account.email === 'user5@example.com')).toHaveLength(1);
    expect(accounts.map((account) => account.email)).not.toContain('user0@example.com');
  });
});
