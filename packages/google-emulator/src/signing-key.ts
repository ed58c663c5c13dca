import { createHash } from 'node:crypto';
import type { CryptoKey, JWK } from 'jose';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import { readJsonFile, writeJsonFileAtomic } from './state/atomic-json-file.js';
import type { EmulatorState } from './state/emulator-state.js';

/** The public half of the signing key, as published in the JWKS. */
export interface PublicSigningJwk {
  kty: 'RSA';
  n: string;
  e: string;
  alg: 'RS256';
  use: 'sig';
  kid: string;
}

/** The emulator's RS256 key pair: the private key signs ID tokens, the public JWK goes into the JWKS. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: PublicSigningJwk;
}

const FILE_NAME = 'signing-key';

/**
 * Loads the signing key from `{state}/signing-key.json`, creating it on first start.
 * Keeping the key across restarts keeps tokens (and the app's cached JWKS) valid after a restart.
 */
export async function loadOrCreateSigningKey(state: EmulatorState): Promise<SigningKey> {
  const filePath = state.filePath(FILE_NAME);
  const stored = await readJsonFile(filePath);
  if (stored !== undefined) return importSigningKey(stored, filePath);

  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const privateJwk: JWK = { ...jwk, alg: 'RS256', use: 'sig', kid: await keyIdFor(jwk) };
  // Owner-only: it is a private key, even if it only signs for a local emulator.
  await writeJsonFileAtomic(filePath, privateJwk, 0o600);
  return importSigningKey(privateJwk, filePath);
}

async function importSigningKey(stored: unknown, filePath: string): Promise<SigningKey> {
  if (!isPrivateRsaJwk(stored)) {
    throw new Error(`${filePath} is not an RSA private JWK with a kid; delete it to generate a new key.`);
  }
  const privateKey = await importJWK(stored, 'RS256');
  if (privateKey instanceof Uint8Array) throw new Error(`${filePath} does not hold an RSA key.`);
  return {
    kid: stored.kid,
    privateKey,
    publicJwk: { kty: 'RSA', n: stored.n, e: stored.e, alg: 'RS256', use: 'sig', kid: stored.kid },
  };
}

/** Google's key ids are 40 hex characters; deriving ours from the key's thumbprint keeps them stable. */
async function keyIdFor(jwk: JWK): Promise<string> {
  const thumbprint = await calculateJwkThumbprint(jwk, 'sha256');
  return createHash('sha256').update(thumbprint).digest('hex').slice(0, 40);
}

function isPrivateRsaJwk(
  value: unknown,
): value is JWK & { kty: 'RSA'; n: string; e: string; d: string; kid: string } {
  if (typeof value !== 'object' || value === null) return false;
  const jwk = value as Record<string, unknown>;
  return (
    jwk.kty === 'RSA' &&
    typeof jwk.n === 'string' &&
    typeof jwk.e === 'string' &&
    typeof jwk.d === 'string' &&
    typeof jwk.kid === 'string' &&
    jwk.kid.length > 0
  );
}
