import { SignedTokens } from '../auth/signed-tokens.js';

/** Not the API audience: a respondent token never passes as an owner's access token, nor the reverse. */
const KIND = { issuer: 'sheetforms', audience: 'sheetforms-form', typ: 'form-user' };
export const RESPONDENT_TOKEN_TTL_SECONDS = 12 * 60 * 60;

export interface RespondentClaims {
  /** form_users.id */
  formUserId: string;
  /** The public form id the login was for. */
  formId: string;
  /**
   * form_users.token_version when the token was issued (claim `tokenVersion`). A token is accepted only
   * while it equals the stored version; a password reset bumps that, ending every earlier token.
   */
  tokenVersion: number;
}

export type RespondentTokenCheck =
  | { ok: true; claims: RespondentClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Tokens of respondents who logged in to a login-protected form: HS256 JWTs signed with the server's
 * JWT secret (typ 'form-user', sub = form user id, formId and tokenVersion claims, 12 hours). Valid for
 * that one form only, and only while the form user's token version is unchanged.
 */
export class RespondentTokens {
  private readonly tokens: SignedTokens;

  constructor(secret: string, now: () => Date = () => new Date(), ttlSeconds = RESPONDENT_TOKEN_TTL_SECONDS) {
    this.tokens = new SignedTokens(secret, KIND, ttlSeconds, now);
  }

  issue(claims: RespondentClaims): Promise<string> {
    return this.tokens.issue(claims.formUserId, { formId: claims.formId, tokenVersion: claims.tokenVersion });
  }

  async verify(token: string): Promise<RespondentTokenCheck> {
    const check = await this.tokens.verify(token);
    if (!check.ok) return check;
    const { sub, formId, tokenVersion } = check.payload;
    // A token without a version (issued before versions existed) is refused: its holder logs in again.
    if (typeof formId !== 'string' || !Number.isSafeInteger(tokenVersion)) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { formUserId: sub, formId, tokenVersion: tokenVersion as number } };
  }
}
