import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'sheetforms';
/** Not the API audience: a respondent token never passes as an owner's access token, nor the reverse. */
const AUDIENCE = 'sheetforms-form';
const TYPE = 'form-user';
export const RESPONDENT_TOKEN_TTL_SECONDS = 12 * 60 * 60;

export interface RespondentClaims {
  /** form_users.id */
  formUserId: string;
  /** The public form id the login was for. */
  formId: string;
}

export type RespondentTokenCheck =
  | { ok: true; claims: RespondentClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Tokens of respondents who logged in to a login-protected form: HS256 JWTs signed with the server's
 * JWT secret (typ 'form-user', sub = form user id, formId claim, 12 hours). Valid for that one form only.
 */
export class RespondentTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
    private readonly ttlSeconds = RESPONDENT_TOKEN_TTL_SECONDS,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: RespondentClaims): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ typ: TYPE, formId: claims.formId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.formUserId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<RespondentTokenCheck> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      if (payload.typ !== TYPE || !payload.sub || typeof payload.formId !== 'string') {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, claims: { formUserId: payload.sub, formId: payload.formId } };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}
