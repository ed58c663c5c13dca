import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** Who a kind of token is for: the issuer, audience and `typ` claim that keep the kinds apart. */
export interface TokenKind {
  issuer: string;
  audience: string;
  typ: string;
}

export type SignedTokenCheck =
  | { ok: true; payload: JWTPayload & { sub: string } }
  | { ok: false; reason: 'expired' | 'invalid' };

/**
 * HS256 JWTs of one kind, signed with the server's secret. Owners' access tokens and respondents'
 * form tokens are both this, each with its own audience and type so one never passes as the other.
 */
export class SignedTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly kind: TokenKind,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(subject: string, claims: Record<string, string | number>): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ ...claims, typ: this.kind.typ })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuer(this.kind.issuer)
      .setAudience(this.kind.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /** Checks signature, issuer, audience, expiry, `typ` and that a subject is present. */
  async verify(token: string): Promise<SignedTokenCheck> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: this.kind.issuer,
        audience: this.kind.audience,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      if (payload.typ !== this.kind.typ || !payload.sub) return { ok: false, reason: 'invalid' };
      return { ok: true, payload: { ...payload, sub: payload.sub } };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}
