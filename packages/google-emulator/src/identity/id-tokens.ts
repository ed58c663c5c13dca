import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SigningKey } from '../signing-key.js';
import { splitName } from './email.js';
import { subjectIdForEmail } from './subject-id.js';

/** Google's ID tokens last one hour. */
export const ID_TOKEN_LIFETIME_SECONDS = 3600;

/** What an ID token vouches for. `email` and `name` are expected normalized. */
export interface IdTokenInput {
  email: string;
  name: string;
  /** Defaults to true, as for every Google account. */
  emailVerified?: boolean;
  /** Defaults to the emulator's client id. */
  audience?: string;
  /** Echoed into the token so the app can tie it to its sign-in attempt. */
  nonce?: string;
  /** Defaults to one hour; negative values mint an already expired token (for tests). */
  expiresInSeconds?: number;
  /** When an access token is issued alongside, its hash goes into `at_hash`. */
  accessToken?: string;
}

/** Mints Google-shaped ID tokens signed with the emulator's key. */
export interface IdTokenSigner {
  mint(input: IdTokenInput): Promise<string>;
}

/** Dependencies of the signer; the issuer is read per token because a standalone server learns its port late. */
export interface IdTokenSignerDeps {
  signingKey: SigningKey;
  issuer: () => string;
  clientId: string;
  now: () => number;
}

/** Creates the signer. Claims follow Google's names and order, so a token reads like one from Google. */
export function createIdTokenSigner(deps: IdTokenSignerDeps): IdTokenSigner {
  return {
    async mint(input) {
      const audience = input.audience ?? deps.clientId;
      const issuedAt = Math.floor(deps.now() / 1000);
      const { givenName, familyName } = splitName(input.name);
      const claims = {
        iss: deps.issuer(),
        azp: audience,
        aud: audience,
        sub: subjectIdForEmail(input.email),
        email: input.email,
        email_verified: input.emailVerified ?? true,
        ...(input.accessToken ? { at_hash: accessTokenHash(input.accessToken) } : {}),
        ...(input.nonce !== undefined ? { nonce: input.nonce } : {}),
        name: input.name,
        given_name: givenName,
        ...(familyName ? { family_name: familyName } : {}),
        iat: issuedAt,
        exp: issuedAt + (input.expiresInSeconds ?? ID_TOKEN_LIFETIME_SECONDS),
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: deps.signingKey.kid, typ: 'JWT' })
        .sign(deps.signingKey.privateKey);
    },
  };
}

/** OpenID Connect's at_hash for RS256: the left half of the token's SHA-256, base64url-encoded. */
export function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16).toString('base64url');
}
