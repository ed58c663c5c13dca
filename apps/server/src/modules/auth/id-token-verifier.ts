import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';

/** The identity a verified Google (or emulator) ID token vouches for. */
export interface VerifiedIdentity {
  sub: string;
  email: string;
  name: string;
}

export type IdTokenCheck =
  | { ok: true; identity: VerifiedIdentity }
  | { ok: false; reason: 'expired' | 'invalid' | 'unverified-email' | 'unavailable' };

export interface IdTokenVerifier {
  verify(idToken: string): Promise<IdTokenCheck>;
}

export interface IdTokenVerifierOptions {
  jwksUrl: string;
  issuers: string[];
  audience: string;
}

/**
 * Verifies ID tokens as Google documents it: RS256 signature against the issuer's JWKS, iss in the
 * allowed list, aud equal to our client id, exp not passed, and email_verified true.
 * The same code checks Google's tokens and the emulator's; only the URLs differ.
 */
export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: 5000,
    cooldownDuration: 30_000,
    cacheMaxAge: 600_000,
  });
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, jwks, {
          issuer: options.issuers,
          audience: options.audience,
          algorithms: ['RS256'],
          clockTolerance: 30,
        });
        if (payload.email_verified !== true) return { ok: false, reason: 'unverified-email' };
        const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
        if (!payload.sub || !email) return { ok: false, reason: 'invalid' };
        const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : email;
        return { ok: true, identity: { sub: payload.sub, email, name } };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
        if (error instanceof joseErrors.JWKSTimeout) return { ok: false, reason: 'unavailable' };
        if (error instanceof TypeError || (error instanceof Error && error.name === 'AbortError')) {
          return { ok: false, reason: 'unavailable' };
        }
        if (error instanceof joseErrors.JOSEError) return { ok: false, reason: 'invalid' };
        throw error;
      }
    },
  };
}
