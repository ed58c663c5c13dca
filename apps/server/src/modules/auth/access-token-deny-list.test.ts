import { describe, expect, it } from 'vitest';
import { createAccessTokenDenyList } from './access-token-deny-list.js';

/** An in-memory revoked_access_tokens table that counts its reads. */
function fakeTable() {
  const rows = new Map<string, string>();
  const calls = { exists: 0, deleteExpired: 0 };
  return {
    rows,
    calls,
    revoked: {
      async insert(jti: string, expiresAt: string) {
        if (!rows.has(jti)) rows.set(jti, expiresAt);
      },
      async exists(jti: string) {
        calls.exists++;
        return rows.has(jti);
      },
      async deleteExpired(now: string) {
        calls.deleteExpired++;
        let n = 0;
        for (const [jti, expiresAt] of rows) {
          if (expiresAt <= now) {
            rows.delete(jti);
            n++;
          }
        }
        return n;
      },
    },
  };
}

const T0 = Date.parse('2026-03-01T10:00:00Z');
const token = (id: string, minutes = 15) => ({ id, expiresAt: new Date(T0 + minutes * 60_000) });

describe('access token deny-list', () => {
  it("knows its own instance's logouts at once, without asking the database", async () => {
    const table = fakeTable();
    const list = createAccessTokenDenyList({ revoked: table.revoked, now: () => new Date(T0) });
    await list.revoke(token('a'));
    expect(table.rows.has('a')).toBe(true);
    expect(await list.isRevoked(token('a'))).toBe(true);
    expect(table.calls.exists).toBe(0);
  });

  it('asks the database about other ids, and believes a "not revoked" answer only briefly', async () => {
    const table = fakeTable();
    let now = T0;
    const list = createAccessTokenDenyList({
      revoked: table.revoked,
      now: () => new Date(now),
      notRevokedCacheMs: 5_000,
    });
    expect(await list.isRevoked(token('b'))).toBe(false);
    expect(await list.isRevoked(token('b'))).toBe(false);
    expect(table.calls.exists).toBe(1);
    // Another instance lists it.
    await table.revoked.insert('b', token('b').expiresAt.toISOString());
    now += 4_999;
    expect(await list.isRevoked(token('b'))).toBe(false);
    now += 1;
    expect(await list.isRevoked(token('b'))).toBe(true);
    expect(await list.isRevoked(token('b'))).toBe(true);
    expect(table.calls.exists).toBe(2);
  });

  it('keeps at most the configured number of cached answers', async () => {
    const table = fakeTable();
    const list = createAccessTokenDenyList({
      revoked: table.revoked,
      now: () => new Date(T0),
      maxCachedAnswers: 2,
    });
    for (const id of ['x', 'y', 'z']) await list.isRevoked(token(id));
    expect(table.calls.exists).toBe(3);
    await list.isRevoked(token('z'));
    await list.isRevoked(token('y'));
    expect(table.calls.exists).toBe(3);
    await list.isRevoked(token('x'));
    expect(table.calls.exists).toBe(4);
  });

  it('does not list a token that has already expired', async () => {
    const table = fakeTable();
    const list = createAccessTokenDenyList({ revoked: table.revoked, now: () => new Date(T0) });
    await list.revoke(token('old', -1));
    expect(table.rows.size).toBe(0);
  });

  it('purges entries of expired tokens during logouts, at most once a minute', async () => {
    const table = fakeTable();
    let now = T0;
    const list = createAccessTokenDenyList({ revoked: table.revoked, now: () => new Date(now) });
    await list.revoke(token('first', 1));
    expect(table.calls.deleteExpired).toBe(1);
    now += 30_000;
    await list.revoke(token('second', 15));
    expect(table.calls.deleteExpired).toBe(1);
    now += 90_000;
    await list.revoke(token('third', 15));
    expect(table.calls.deleteExpired).toBe(2);
    expect([...table.rows.keys()]).toEqual(['second', 'third']);
  });
});
