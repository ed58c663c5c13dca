import { randomUUID } from 'node:crypto';
import type { SignInResult, TokenPair, User } from '@sheetforms/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError, notFound, unauthorized } from '../../http/http-error.js';
import type { AccessTokenDenyList } from './access-token-deny-list.js';
import type { AccessTokens } from './access-tokens.js';
import { roleFor } from './admin-roles.js';
import type { IdTokenVerifier } from './id-token-verifier.js';
import { generateRefreshToken, hashRefreshToken } from './refresh-tokens.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { UsersRepository } from './users.repository.js';

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  accessTokens: AccessTokens;
  /** Where a logout lists its access token, so it is refused before it expires. */
  denyList: Pick<AccessTokenDenyList, 'revoke'>;
  idTokens: IdTokenVerifier;
  /** Who is Admin (admin-roles.ts): read at every sign-in and refresh, never only at account creation. */
  adminEmails: string[];
  refreshTokenTtlDays: number;
  now?: () => Date;
}

/** The email is held by an account bound to another Google subject: never taken over, never rebound. */
const accountConflict = () =>
  new HttpError(
    409,
    'ACCOUNT_CONFLICT',
    'This email belongs to another Google account. Sign in with that account.',
  );

const ID_TOKEN_FAILURES = {
  expired: 'Your Google sign-in has expired. Please sign in again.',
  invalid: 'Google sign-in could not be verified',
  'unverified-email': 'Your Google account email is not verified',
} as const;

/** Sign-in, session refresh and profile use cases. */
export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const iso = () => now().toISOString();

  async function startSession(
    user: User,
    familyId: string = randomUUID(),
  ): Promise<TokenPair & { id: string }> {
    const refreshToken = generateRefreshToken();
    const id = randomUUID();
    const created = now();
    await deps.sessions.insert({
      id,
      user_id: user.id,
      family_id: familyId,
      token_hash: hashRefreshToken(refreshToken),
      created_at: created.toISOString(),
      expires_at: new Date(created.getTime() + deps.refreshTokenTtlDays * 86_400_000).toISOString(),
      revoked_at: null,
      replaced_by: null,
    });
    const accessToken = await deps.accessTokens.issue({ userId: user.id, role: user.role });
    return { id, accessToken, refreshToken };
  }

  return {
    async signInWithGoogle(idToken: string): Promise<SignInResult> {
      const check = await deps.idTokens.verify(idToken);
      if (!check.ok) {
        if (check.reason === 'unavailable') {
          throw new HttpError(
            503,
            'IDENTITY_PROVIDER_UNAVAILABLE',
            'Google sign-in is unavailable right now. Please try again.',
          );
        }
        throw unauthorized(ID_TOKEN_FAILURES[check.reason], 'INVALID_ID_TOKEN');
      }
      const { sub, email, name } = check.identity;
      // Accounts are bound to Google's subject. Email finds an account only when no account has this
      // subject, and then only one without a subject yet (it is bound now); an email held by an account
      // of another subject is another person's account, whatever the token says.
      const existing = (await deps.users.findBySub(sub)) ?? (await deps.users.findByEmail(email));
      if (existing?.googleSub != null && existing.googleSub !== sub) throw accountConflict();
      let user: User;
      if (existing) {
        const role = roleFor(deps.adminEmails, { email, storedRole: existing.role, isFirstUser: false });
        let updated: boolean;
        try {
          updated = await deps.users.updateSignIn(existing.id, { googleSub: sub, email, role, now: iso() });
        } catch (error) {
          // The Google account's email changed to one another account holds.
          if (isUniqueViolation(error)) throw accountConflict();
          throw error;
        }
        // Bound to another subject between the read and the update: refuse rather than take it over.
        if (!updated) throw accountConflict();
        user = {
          id: existing.id,
          name: existing.name,
          email,
          role,
          ...(existing.createdAt ? { createdAt: existing.createdAt } : {}),
        };
      } else {
        const isFirstUser = (await deps.users.count()) === 0;
        user = await deps.users.insert({
          id: randomUUID(),
          googleSub: sub,
          email,
          name,
          role: roleFor(deps.adminEmails, { email, storedRole: undefined, isFirstUser }),
          now: iso(),
        });
      }
      const { accessToken, refreshToken } = await startSession(user);
      return { accessToken, refreshToken, user };
    },

    /**
     * Rotates a refresh token. Presenting a token that was already rotated or revoked means it was
     * copied: the whole family is revoked, signing out both the thief and the owner.
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const row = await deps.sessions.findByHash(hashRefreshToken(refreshToken));
      if (!row) throw unauthorized('Your session has ended. Please sign in again.', 'INVALID_REFRESH_TOKEN');
      if (row.revoked_at !== null) {
        await deps.sessions.revokeFamily(row.family_id, iso());
        throw unauthorized('Your session has ended. Please sign in again.', 'REFRESH_TOKEN_REUSED');
      }
      if (row.expires_at <= iso()) {
        throw unauthorized('Your session has expired. Please sign in again.', 'REFRESH_TOKEN_EXPIRED');
      }
      const stored = await deps.users.findById(row.user_id);
      if (!stored)
        throw unauthorized('Your session has ended. Please sign in again.', 'INVALID_REFRESH_TOKEN');
      // The new access token carries the role: derived anew, so a change of ADMIN_EMAILS takes effect at
      // the next refresh, and stored, so everything reading the users table agrees with the token.
      const role = roleFor(deps.adminEmails, {
        email: stored.email,
        storedRole: stored.role,
        isFirstUser: false,
      });
      if (role !== stored.role) await deps.users.updateRole(stored.id, role, iso());
      const user = { ...stored, role };

      const next = await startSession(user, row.family_id);
      if (!(await deps.sessions.markRotated(row.id, next.id, iso()))) {
        // A concurrent request rotated it first: treat as reuse, as above.
        await deps.sessions.revokeFamily(row.family_id, iso());
        throw unauthorized('Your session has ended. Please sign in again.', 'REFRESH_TOKEN_REUSED');
      }
      return { accessToken: next.accessToken, refreshToken: next.refreshToken };
    },

    /**
     * Ends the refresh token's family and, when the caller sent its access token, that token too (it
     * would otherwise stay valid until it expires). Either may be missing or already invalid: logout
     * always succeeds, so a client can always end its session locally.
     */
    async logout(refreshToken: string | undefined, accessToken?: string): Promise<void> {
      if (accessToken) {
        const check = await deps.accessTokens.verify(accessToken);
        if (check.ok) await deps.denyList.revoke(check.token);
      }
      if (!refreshToken) return;
      const row = await deps.sessions.findByHash(hashRefreshToken(refreshToken));
      if (row) await deps.sessions.revokeFamily(row.family_id, iso());
    },

    async getProfile(userId: string): Promise<User> {
      const user = await deps.users.findById(userId);
      if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
      return user;
    },

    async updateProfile(userId: string, name: string): Promise<User> {
      const user = await deps.users.updateName(userId, name, iso());
      if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
