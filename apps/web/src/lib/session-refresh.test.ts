// @vitest-environment node
import type { TokenPair } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { ROTATION_RECORD_TTL_MS, type RotationRecord, type RotationStore } from './rotation-record';
import {
  createSessionRefresher,
  type LockManagerLike,
  REFRESH_LOCK_NAME,
  type SessionChannel,
} from './session-refresh';

/** localStorage as the tabs of one browser share it. */
function sharedStorage(refreshToken: string | null) {
  const state = { refreshToken, accessToken: refreshToken ? 'access-0' : null };
  return {
    state,
    readRefreshToken: () => state.refreshToken,
    writeTokens: (tokens: TokenPair) => {
      state.accessToken = tokens.accessToken;
      state.refreshToken = tokens.refreshToken;
    },
  };
}

/**
 * The server's refresh rule: a token works once; a second use of a rotated token is reuse and ends the
 * whole session. `hold` keeps each answer back until released, so tests decide the interleaving.
 */
function fakeServer(first = 'refresh-0') {
  let live: string | null = first;
  let next = 1;
  const seen: string[] = [];
  const held: Array<() => void> = [];
  let holding = false;
  return {
    seen,
    get familyRevoked() {
      return live === null;
    },
    hold() {
      holding = true;
    },
    releaseAll() {
      holding = false;
      for (const release of held.splice(0)) release();
    },
    async callRefresh(refreshToken: string): Promise<TokenPair> {
      seen.push(refreshToken);
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      if (refreshToken !== live) {
        live = null;
        throw new Error('401 REFRESH_TOKEN_REUSED');
      }
      live = `refresh-${next}`;
      return { accessToken: `access-${next++}`, refreshToken: live };
    },
  };
}

/** navigator.locks: one holder per name, the others wait in order. */
function fakeLocks(): LockManagerLike & { requested: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const requested: string[] = [];
  return {
    requested,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      requested.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** The IndexedDB record as every tab sees it at once. */
function memoryRotationStore(): RotationStore {
  let record: RotationRecord | null = null;
  return {
    read: async () => record,
    write: async (next) => {
      record = next;
    },
    clear: async () => {
      record = null;
    },
  };
}

/** BroadcastChannel: a message reaches every other channel of the same name, never the sender. */
function fakeChannelHub() {
  const channels: Array<{ listeners: Array<(event: { data: unknown }) => void> }> = [];
  return {
    open(): SessionChannel {
      const self = { listeners: [] as Array<(event: { data: unknown }) => void> };
      channels.push(self);
      return {
        postMessage(message) {
          for (const other of channels) {
            if (other !== self) for (const listener of other.listeners) listener({ data: message });
          }
        },
        addEventListener(_type, listener) {
          self.listeners.push(listener);
        },
      };
    },
  };
}

describe('session refresher', () => {
  it('rotates the pair once for concurrent calls of one tab and stores it', async () => {
    const storage = sharedStorage('refresh-0');
    const server = fakeServer();
    const tab = createSessionRefresher({ ...storage, callRefresh: server.callRefresh });
    expect(await Promise.all([tab.refresh(), tab.refresh(), tab.refresh()])).toEqual([true, true, true]);
    expect(server.seen).toEqual(['refresh-0']);
    expect(storage.state).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('two tabs refreshing at once spend the token once and both stay signed in (with Web Locks)', async () => {
    const storage = sharedStorage('refresh-0');
    const server = fakeServer();
    const locks = fakeLocks();
    const tabA = createSessionRefresher({ ...storage, callRefresh: server.callRefresh, locks });
    const tabB = createSessionRefresher({ ...storage, callRefresh: server.callRefresh, locks });
    server.hold();
    const a = tabA.refresh();
    const b = tabB.refresh();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Tab A is at the server; tab B waits for the lock instead of spending the same token.
    expect(server.seen).toEqual(['refresh-0']);
    server.releaseAll();
    expect(await Promise.all([a, b])).toEqual([true, true]);
    expect(server.seen).toEqual(['refresh-0']);
    expect(server.familyRevoked).toBe(false);
    expect(locks.requested).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
    expect(storage.state.refreshToken).toBe('refresh-1');
  });

  it('without the lock, the same race spends the token twice and the server ends the session', async () => {
    // What the lock prevents: the strict server rule, unchanged, meeting two uncoordinated tabs.
    const storage = sharedStorage('refresh-0');
    const server = fakeServer();
    const tabA = createSessionRefresher({ ...storage, callRefresh: server.callRefresh });
    const tabB = createSessionRefresher({ ...storage, callRefresh: server.callRefresh });
    server.hold();
    const a = tabA.refresh();
    const b = tabB.refresh();
    await new Promise((resolve) => setTimeout(resolve, 0));
    server.releaseAll();
    expect(await Promise.all([a, b])).toEqual([true, false]);
    expect(server.seen).toEqual(['refresh-0', 'refresh-0']);
    expect(server.familyRevoked).toBe(true);
  });

  it('without Web Locks, a tab whose token was rotated meanwhile by another tab uses that pair', async () => {
    const storage = sharedStorage('refresh-0');
    const server = fakeServer();
    const tabA = createSessionRefresher({ ...storage, callRefresh: server.callRefresh });
    // Tab B reads the token, and tab A rotates it before B gets to spend it.
    const rotatingStorage = {
      ...storage,
      readRefreshToken: (() => {
        let reads = 0;
        return () => {
          reads++;
          return reads === 1 ? 'refresh-0' : storage.readRefreshToken();
        };
      })(),
    };
    expect(await tabA.refresh()).toBe(true);
    const tabB = createSessionRefresher({ ...rotatingStorage, callRefresh: server.callRefresh });
    expect(await tabB.refresh()).toBe(true);
    expect(server.seen).toEqual(['refresh-0']);
    expect(server.familyRevoked).toBe(false);
  });

  it('a tab whose storage still shows the spent token when it gets the lock adopts the recorded rotation', async () => {
    // Chromium delivers one tab's localStorage write to another renderer asynchronously: tab B can be
    // granted the lock before tab A's new pair reaches B's storage. B's view stays stale here.
    const storageA = sharedStorage('refresh-0');
    const staleViewOfB = sharedStorage('refresh-0');
    const server = fakeServer();
    const locks = fakeLocks();
    const rotations = memoryRotationStore();
    const tabA = createSessionRefresher({ ...storageA, callRefresh: server.callRefresh, locks, rotations });
    const tabB = createSessionRefresher({
      ...staleViewOfB,
      callRefresh: server.callRefresh,
      locks,
      rotations,
    });
    server.hold();
    const a = tabA.refresh();
    const b = tabB.refresh();
    await new Promise((resolve) => setTimeout(resolve, 0));
    server.releaseAll();
    expect(await Promise.all([a, b])).toEqual([true, true]);
    expect(server.seen).toEqual(['refresh-0']);
    expect(server.familyRevoked).toBe(false);
    expect(staleViewOfB.state).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('without the record, the stale storage view spends the token twice (what the record prevents)', async () => {
    const storageA = sharedStorage('refresh-0');
    const staleViewOfB = sharedStorage('refresh-0');
    const server = fakeServer();
    const locks = fakeLocks();
    const tabA = createSessionRefresher({ ...storageA, callRefresh: server.callRefresh, locks });
    const tabB = createSessionRefresher({ ...staleViewOfB, callRefresh: server.callRefresh, locks });
    expect(await Promise.all([tabA.refresh(), tabB.refresh()])).toEqual([true, false]);
    expect(server.familyRevoked).toBe(true);
  });

  it('ignores a record of another token or older than a minute', async () => {
    const server = fakeServer();
    const rotations = memoryRotationStore();
    let clock = 1_000_000;
    await rotations.write({
      replaced: 'refresh-0',
      tokens: { accessToken: 'old-access', refreshToken: 'old-refresh' },
      at: clock - ROTATION_RECORD_TTL_MS - 1,
    });
    const storage = sharedStorage('refresh-0');
    const tab = createSessionRefresher({
      ...storage,
      callRefresh: server.callRefresh,
      rotations,
      now: () => clock,
    });
    expect(await tab.refresh()).toBe(true);
    expect(server.seen).toEqual(['refresh-0']);
    expect(storage.state.refreshToken).toBe('refresh-1');
    expect((await rotations.read())?.replaced).toBe('refresh-0');

    await rotations.write({
      replaced: 'someone-else',
      tokens: { accessToken: 'x', refreshToken: 'y' },
      at: clock,
    });
    clock += 1;
    expect(await tab.refresh()).toBe(true);
    expect(server.seen).toEqual(['refresh-0', 'refresh-1']);
  });

  it('announces the new pair to the other tabs, not to itself', async () => {
    const storage = sharedStorage('refresh-0');
    const server = fakeServer();
    const hub = fakeChannelHub();
    const tabA = createSessionRefresher({ ...storage, callRefresh: server.callRefresh, channel: hub.open() });
    const tabB = createSessionRefresher({ ...storage, callRefresh: server.callRefresh, channel: hub.open() });
    const heardByA: TokenPair[] = [];
    const heardByB: TokenPair[] = [];
    tabA.onRefreshedElsewhere((tokens) => heardByA.push(tokens));
    const unsubscribe = tabB.onRefreshedElsewhere((tokens) => heardByB.push(tokens));
    await tabA.refresh();
    expect(heardByB).toEqual([{ accessToken: 'access-1', refreshToken: 'refresh-1' }]);
    expect(heardByA).toEqual([]);
    unsubscribe();
    await tabA.refresh();
    expect(heardByB).toHaveLength(1);
  });

  it('answers false, storing nothing, when the server refuses or nothing is stored', async () => {
    const storage = sharedStorage('refresh-9');
    const server = fakeServer('refresh-0');
    const hub = fakeChannelHub();
    const other = createSessionRefresher({
      ...storage,
      callRefresh: server.callRefresh,
      channel: hub.open(),
    });
    const heard: TokenPair[] = [];
    other.onRefreshedElsewhere((tokens) => heard.push(tokens));
    const tab = createSessionRefresher({ ...storage, callRefresh: server.callRefresh, channel: hub.open() });
    expect(await tab.refresh()).toBe(false);
    expect(storage.state.refreshToken).toBe('refresh-9');
    expect(heard).toEqual([]);

    const empty = sharedStorage(null);
    const calls: string[] = [];
    const signedOut = createSessionRefresher({
      ...empty,
      callRefresh: async (token) => {
        calls.push(token);
        return { accessToken: 'a', refreshToken: 'r' };
      },
    });
    expect(await signedOut.refresh()).toBe(false);
    expect(calls).toEqual([]);
  });

  it('answers false when another tab signed out while this one waited for the lock', async () => {
    const storage = sharedStorage('refresh-0');
    const server = fakeServer();
    const locks = fakeLocks();
    let release: () => void = () => undefined;
    // Another tab holds the lock, and signs out before letting go.
    void locks.request(
      REFRESH_LOCK_NAME,
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            storage.state.refreshToken = null;
            resolve();
          };
        }),
    );
    const tab = createSessionRefresher({ ...storage, callRefresh: server.callRefresh, locks });
    const result = tab.refresh();
    await Promise.resolve();
    release();
    expect(await result).toBe(false);
    expect(server.seen).toEqual([]);
  });

  it('stores nothing when another tab signed out while the refresh call was on its way', async () => {
    const storage = sharedStorage('refresh-0');
    const server = fakeServer();
    server.hold();
    const hub = fakeChannelHub();
    const other = hub.open();
    const heard: unknown[] = [];
    other.addEventListener('message', (event) => heard.push(event.data));
    const rotations = memoryRotationStore();
    const tab = createSessionRefresher({
      ...storage,
      callRefresh: server.callRefresh,
      locks: fakeLocks(),
      channel: hub.open(),
      rotations,
    });
    const result = tab.refresh();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.seen).toEqual(['refresh-0']);
    // Logout takes no lock: the other tab clears storage while the call is out.
    storage.state.refreshToken = null;
    storage.state.accessToken = null;
    server.releaseAll();
    expect(await result).toBe(false);
    expect(storage.state).toEqual({ refreshToken: null, accessToken: null });
    expect(await rotations.read()).toBeNull();
    expect(heard).toEqual([]);
  });

  it('ignores messages that are not a refreshed pair', () => {
    const hub = fakeChannelHub();
    const sender = hub.open();
    const storage = sharedStorage('refresh-0');
    const tab = createSessionRefresher({
      ...storage,
      callRefresh: fakeServer().callRefresh,
      channel: hub.open(),
    });
    const heard: TokenPair[] = [];
    tab.onRefreshedElsewhere((tokens) => heard.push(tokens));
    for (const data of [
      null,
      'x',
      { type: 'session-refreshed' },
      { type: 'other', tokens: { accessToken: 'a', refreshToken: 'r' } },
    ]) {
      sender.postMessage(data);
    }
    sender.postMessage({ type: 'session-refreshed', tokens: { accessToken: 'a', refreshToken: 'r' } });
    expect(heard).toEqual([{ accessToken: 'a', refreshToken: 'r' }]);
  });
});
