import type { TokenPair } from '@sheetforms/contract';
import { ROTATION_RECORD_TTL_MS, type RotationStore, sessionRotationStore } from './rotation-record';

/** The Web Lock every tab of the app takes to refresh, so one tab at a time spends the refresh token. */
export const REFRESH_LOCK_NAME = 'sheetforms-refresh';
/** Where a tab announces the pair it just got, for the other tabs. */
export const SESSION_CHANNEL_NAME = 'sheetforms-session';

/** The part of `navigator.locks` used here. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The part of a BroadcastChannel used here. */
export interface SessionChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface SessionRefresherDeps {
  readRefreshToken(): string | null;
  writeTokens(tokens: TokenPair): void;
  /** POST /auth/refresh with the token; rejects when the server refuses. */
  callRefresh(refreshToken: string): Promise<TokenPair>;
  /** `navigator.locks`; without it, tabs are not coordinated (each still refreshes once at a time). */
  locks?: LockManagerLike | undefined;
  /** A BroadcastChannel named SESSION_CHANNEL_NAME; without it, other tabs simply read storage. */
  channel?: SessionChannel | undefined;
  /**
   * Where the last rotation is recorded for the next lock holder (IndexedDB): another tab's write to
   * localStorage can reach this tab after the lock does (see rotation-record.ts).
   */
  rotations?: RotationStore | undefined;
  now?: () => number;
}

interface RefreshedMessage {
  type: 'session-refreshed';
  tokens: TokenPair;
}

function isRefreshedMessage(data: unknown): data is RefreshedMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, tokens } = data as {
    type?: unknown;
    tokens?: { accessToken?: unknown; refreshToken?: unknown };
  };
  return (
    type === 'session-refreshed' &&
    typeof tokens?.accessToken === 'string' &&
    typeof tokens.refreshToken === 'string'
  );
}

/**
 * Rotates the session's token pair without two tabs ever spending the same refresh token: the server
 * treats a second use as theft and ends the whole session (reuse detection stays strict), which is how
 * two tabs used to log each other out. Inside the lock a tab reads the stored refresh token again; if
 * another tab has rotated it meanwhile, that tab's pair (already in storage) is used instead of asking
 * the server. The new pair is announced on the channel so other tabs can follow at once.
 */
export function createSessionRefresher(deps: SessionRefresherDeps) {
  let inFlight: Promise<boolean> | null = null;
  const listeners = new Set<(tokens: TokenPair) => void>();

  deps.channel?.addEventListener('message', (event) => {
    if (!isRefreshedMessage(event.data)) return;
    for (const listener of listeners) listener(event.data.tokens);
  });

  const now = deps.now ?? Date.now;

  /** The pair another tab got for `tried`, when it recorded one within the last minute. */
  async function readRecordedRotation(tried: string): Promise<TokenPair | null> {
    const record = await deps.rotations?.read().catch(() => null);
    if (!record || record.replaced !== tried) return null;
    return now() - record.at <= ROTATION_RECORD_TTL_MS ? record.tokens : null;
  }

  /** Runs holding the lock (or alone, without locks). `tried` is the token this tab set out to spend. */
  async function refreshWith(tried: string): Promise<boolean> {
    const stored = deps.readRefreshToken();
    // Signed out meanwhile (here or in another tab): nothing to refresh.
    if (!stored) return false;
    // Another tab rotated the pair while this one waited: its pair is in storage already.
    if (stored !== tried) return true;
    // ...or it did, and its write to storage has not reached this tab yet: the record has it.
    const recorded = await readRecordedRotation(tried);
    if (recorded) {
      deps.writeTokens(recorded);
      return true;
    }
    let tokens: TokenPair;
    try {
      tokens = await deps.callRefresh(stored);
    } catch {
      return false;
    }
    // Signed out while the call was on its way (logout takes no lock): the session is over, and writing
    // the new pair would sign this browser back in. The server ends its family with the logout.
    if (deps.readRefreshToken() !== stored) return false;
    deps.writeTokens(tokens);
    // Recorded before the lock is released, so the next holder finds it whatever its storage says.
    await deps.rotations?.write({ replaced: stored, tokens, at: now() }).catch(() => undefined);
    const message: RefreshedMessage = { type: 'session-refreshed', tokens };
    deps.channel?.postMessage(message);
    return true;
  }

  return {
    /** True when a usable pair is stored afterwards; concurrent calls in one tab share one refresh. */
    refresh(): Promise<boolean> {
      inFlight ??= (async () => {
        const tried = deps.readRefreshToken();
        if (!tried) return false;
        return deps.locks
          ? deps.locks.request(REFRESH_LOCK_NAME, () => refreshWith(tried))
          : refreshWith(tried);
      })()
        .catch(() => false)
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },

    /** Called with the pair another tab just got; returns the unsubscribe function. */
    onRefreshedElsewhere(listener: (tokens: TokenPair) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
export type SessionRefresher = ReturnType<typeof createSessionRefresher>;

/** The browser's lock manager and a session channel, each only where the browser has it. */
export function browserCoordination(): {
  locks?: LockManagerLike;
  channel?: SessionChannel;
  rotations?: RotationStore;
} {
  const locks = typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : undefined;
  let channel: SessionChannel | undefined;
  if (typeof BroadcastChannel !== 'undefined') {
    const broadcast = new BroadcastChannel(SESSION_CHANNEL_NAME);
    // Outside browsers (tests on Node) an open channel would keep the process alive.
    (broadcast as { unref?: () => void }).unref?.();
    channel = broadcast;
  }
  const rotations = locks ? sessionRotationStore() : undefined;
  return {
    ...(locks ? { locks } : {}),
    ...(channel ? { channel } : {}),
    ...(rotations ? { rotations } : {}),
  };
}
