import { randomBytes } from 'node:crypto';
import type { EmulatorState, StateDocument } from '../state/emulator-state.js';
import { subjectIdForEmail } from './subject-id.js';

/** Google's access tokens from the implicit flow last 3599 seconds. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3599;

/** How many accounts the chooser remembers; older ones drop off, as a long list helps no one. */
export const MAX_REMEMBERED_ACCOUNTS = 20;

/** An account someone signed in with before, offered again by the chooser. */
export interface RememberedAccount {
  email: string;
  name: string;
  /** ISO 8601 time of the last sign-in, used to list the most recent first. */
  lastUsedAt: string;
}

/** What an access token stands for: who, for which client and scopes, and until when. */
export interface AccessTokenGrant {
  email: string;
  name: string;
  sub: string;
  clientId: string;
  scopes: string[];
  /** Seconds since the epoch. */
  issuedAt: number;
  /** Seconds since the epoch; the token is refused from this moment. */
  expiresAt: number;
}

/** A freshly issued access token. */
export interface IssuedAccessToken {
  accessToken: string;
  expiresIn: number;
}

interface AccountsFile {
  version: 1;
  accounts: RememberedAccount[];
}

interface AccessTokensFile {
  version: 1;
  tokens: Record<string, AccessTokenGrant>;
}

/**
 * The identity side of the emulator's state: remembered accounts (`accounts.json`) and issued access
 * tokens (`access-tokens.json`). The Sheets part authenticates `Bearer` tokens with
 * {@link IdentityStore.lookupAccessToken}.
 */
export class IdentityStore {
  private constructor(
    private readonly accounts: StateDocument<AccountsFile>,
    private readonly tokens: StateDocument<AccessTokensFile>,
    private readonly now: () => number,
  ) {}

  /** Opens the identity documents of `state`; `now` (milliseconds) is injectable for tests. */
  static async open(state: EmulatorState, now: () => number = Date.now): Promise<IdentityStore> {
    const accounts = await state.document('accounts', {
      initial: (): AccountsFile => ({ version: 1, accounts: [] }),
      parse: parseAccountsFile,
    });
    const tokens = await state.document('access-tokens', {
      initial: (): AccessTokensFile => ({ version: 1, tokens: emptyTokenMap() }),
      parse: parseAccessTokensFile,
    });
    return new IdentityStore(accounts, tokens, now);
  }

  /** Remembered accounts, most recently used first. */
  listAccounts(): RememberedAccount[] {
    return [...this.accounts.read().accounts].sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
  }

  /** Remembers (or refreshes) an account after a sign-in. */
  rememberAccount(account: { email: string; name: string }): Promise<void> {
    const lastUsedAt = new Date(this.now()).toISOString();
    return this.accounts.update((file) => {
      const others = file.accounts.filter((existing) => existing.email !== account.email);
      file.accounts = [{ email: account.email, name: account.name, lastUsedAt }, ...others]
        .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt))
        .slice(0, MAX_REMEMBERED_ACCOUNTS);
    });
  }

  /** Issues an opaque access token (`ya29.emu.…`, shaped like Google's `ya29.…`) valid for 3599 seconds. */
  async issueAccessToken(grant: {
    email: string;
    name: string;
    clientId: string;
    scopes: string[];
  }): Promise<IssuedAccessToken> {
    const accessToken = `ya29.emu.${randomBytes(32).toString('base64url')}`;
    const issuedAt = Math.floor(this.now() / 1000);
    const record: AccessTokenGrant = {
      email: grant.email,
      name: grant.name,
      sub: subjectIdForEmail(grant.email),
      clientId: grant.clientId,
      scopes: [...grant.scopes],
      issuedAt,
      expiresAt: issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS,
    };
    await this.tokens.update((file) => {
      // Dropping expired tokens here keeps the file from growing for ever.
      for (const [token, existing] of Object.entries(file.tokens)) {
        if (existing.expiresAt <= issuedAt) delete file.tokens[token];
      }
      file.tokens[accessToken] = record;
    });
    return { accessToken, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS };
  }

  /** The grant behind a `Bearer` token, or `undefined` when the token is unknown, expired or revoked. */
  lookupAccessToken(token: string): AccessTokenGrant | undefined {
    const grant = this.tokens.read().tokens[token];
    if (!grant || grant.expiresAt <= Math.floor(this.now() / 1000)) return undefined;
    return { ...grant, scopes: [...grant.scopes] };
  }

  /**
   * Revokes a live token as Google's revoke endpoint does: the whole grant goes, so every token the same
   * account holds for the same client stops working. Returns the grant, or `undefined` when the token was
   * unknown, expired or already revoked.
   */
  async revokeGrant(token: string): Promise<AccessTokenGrant | undefined> {
    const grant = this.lookupAccessToken(token);
    if (!grant) return undefined;
    await this.tokens.update((file) => {
      for (const [other, existing] of Object.entries(file.tokens)) {
        if (existing.email === grant.email && existing.clientId === grant.clientId) delete file.tokens[other];
      }
    });
    return grant;
  }

  /** Makes a live token expire now (for tests of expiry); false when it is unknown or already expired. */
  async expireAccessToken(token: string): Promise<boolean> {
    if (!this.lookupAccessToken(token)) return false;
    const now = Math.floor(this.now() / 1000);
    await this.tokens.update((file) => {
      const grant = file.tokens[token];
      if (grant) grant.expiresAt = now;
    });
    return true;
  }
}

function parseAccountsFile(raw: unknown): AccountsFile {
  const file = asRecord(raw, 'accounts file');
  if (!Array.isArray(file.accounts)) throw new Error('"accounts" must be an array');
  return {
    version: 1,
    accounts: file.accounts.map((entry) => {
      const account = asRecord(entry, 'account');
      return {
        email: asString(account.email, 'email'),
        name: asString(account.name, 'name'),
        lastUsedAt: asString(account.lastUsedAt, 'lastUsedAt'),
      };
    }),
  };
}

function parseAccessTokensFile(raw: unknown): AccessTokensFile {
  const file = asRecord(raw, 'access tokens file');
  const tokens = emptyTokenMap();
  for (const [token, entry] of Object.entries(asRecord(file.tokens, 'tokens'))) {
    const grant = asRecord(entry, 'token grant');
    if (!Array.isArray(grant.scopes)) throw new Error('"scopes" must be an array');
    tokens[token] = {
      email: asString(grant.email, 'email'),
      name: asString(grant.name, 'name'),
      sub: asString(grant.sub, 'sub'),
      clientId: asString(grant.clientId, 'clientId'),
      scopes: grant.scopes.map((scope) => asString(scope, 'scope')),
      issuedAt: asNumber(grant.issuedAt, 'issuedAt'),
      expiresAt: asNumber(grant.expiresAt, 'expiresAt'),
    };
  }
  return { version: 1, tokens };
}

// Tokens are looked up by caller-supplied strings, so the map must not inherit `__proto__` and friends.
function emptyTokenMap(): Record<string, AccessTokenGrant> {
  return Object.create(null) as Record<string, AccessTokenGrant>;
}

function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what} must be an object`);
  return value as Record<string, unknown>;
}

function asString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`"${what}" must be a string`);
  return value;
}

function asNumber(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`"${what}" must be a number`);
  return value;
}
