import { SignedTokens } from '../auth/signed-tokens.js';

/** Not the API audience: a respondent token never passes as an owner's access token, nor the reverse. */
const KIND = { issuer: 'sheetforms', audience: 'sheetforms-form', typ: 'form-user' };
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
  private readonly tokens: SignedTokens;

  constructor(secret: string, now: () => Date = () => new Date(), ttlSeconds = RESPONDENT_TOKEN_TTL_SECONDS) {
    this.tokens = new SignedTokens(secret, KIND, ttlSeconds, now);
  }

  issue(claims: RespondentClaims): Promise<string> {
    return this.tokens.issue(claims.formUserId, { formId: claims.formId });
  }

  async verify(token: string): Promise<RespondentTokenCheck> {
    const check = await this.tokens.verify(token);
    if (!check.ok) return check;
    const { sub, formId } = check.payload;
    if (typeof formId !== 'string') return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { formUserId: sub, formId } };
  }
}
