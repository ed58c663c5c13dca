import { z } from 'zod';
import { GoogleApiError } from './google-api-error.js';
import { type FetchFn, googleJson } from './google-http.js';

export interface TokenInfoClientOptions {
  /** https://oauth2.googleapis.com/tokeninfo, or the emulator's `{origin}/__google/tokeninfo`. */
  tokenInfoUrl: string;
  timeoutMs: number;
  fetch?: FetchFn;
}

/** What Google's tokeninfo tells of an access token (the fields we read). */
export interface AccessTokenInfo {
  /** The OAuth client the token was issued to. */
  audience: string | undefined;
  /** The client that asked for it (the same as `audience` for a browser's token client). */
  authorizedParty: string | undefined;
  scopes: string[];
  /** Seconds left, when Google says. */
  expiresInSeconds: number | undefined;
  /** Only with the email scope. */
  email: string | undefined;
  emailVerified: boolean;
}

/** Google sends numbers and booleans as strings ("3599", "true"); the emulator does too. */
const NumberLike = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const TokenInfoSchema = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  scope: z.string().default(''),
  expires_in: NumberLike.optional(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
});

/**
 * Google's tokeninfo for access tokens: who a token was issued to, with which scopes, for how long. The token
 * goes in a POST body (application/x-www-form-urlencoded), never in a URL, so no log line or error message
 * can carry it.
 */
export function createTokenInfoClient(options: TokenInfoClientOptions) {
  const url = new URL(options.tokenInfoUrl);
  const fetchFn = options.fetch ?? fetch;

  return {
    /**
     * The token's facts, or undefined when Google says it is no valid access token (400 invalid_token:
     * unknown, expired or revoked). Throws GoogleApiError when Google cannot tell (UNAVAILABLE: down, timed
     * out, an unexpected answer; RATE_LIMITED).
     */
    async lookup(accessToken: string): Promise<AccessTokenInfo | undefined> {
      let body: unknown;
      try {
        body = await googleJson({
          method: 'POST',
          url,
          target: 'token',
          headers: {
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ access_token: accessToken }).toString(),
          timeoutMs: options.timeoutMs,
          fetch: fetchFn,
        });
      } catch (error) {
        // 400 is Google's answer about the token itself ({"error":"invalid_token"}); anything else (5xx,
        // 401, a timeout) is Google failing to answer.
        if (error instanceof GoogleApiError && error.httpStatus === 400) return undefined;
        throw error;
      }
      const parsed = TokenInfoSchema.safeParse(body);
      if (!parsed.success) {
        throw new GoogleApiError('UNAVAILABLE', "Google's token information has an unexpected shape");
      }
      const info = parsed.data;
      return {
        audience: info.aud,
        authorizedParty: info.azp,
        scopes: info.scope.split(' ').filter((scope) => scope !== ''),
        expiresInSeconds: info.expires_in,
        email: info.email,
        emailVerified: info.email_verified === true || info.email_verified === 'true',
      };
    },
  };
}

export type TokenInfoClient = ReturnType<typeof createTokenInfoClient>;

/**
 * Whether Google issued the token to this OAuth client: its audience (and the client that asked for it,
 * when Google names one) is exactly `clientId`, and it has not run out. A token another app obtained, even
 * with the same person's consent and a Drive scope, is not ours to act on.
 */
export function isIssuedTo(info: AccessTokenInfo, clientId: string): boolean {
  if (clientId === '') return false;
  const named = [info.audience, info.authorizedParty].filter((id): id is string => id !== undefined);
  if (named.length === 0 || named.some((id) => id !== clientId)) return false;
  return info.expiresInSeconds === undefined || info.expiresInSeconds > 0;
}
