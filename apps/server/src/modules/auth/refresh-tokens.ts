import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe: the opaque refresh token handed to the client. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked database cannot be replayed as sessions. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
