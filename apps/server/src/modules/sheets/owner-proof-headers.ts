import { GOOGLE_ACCESS_TOKEN_HEADER } from '@sheetforms/contract';
import { z } from 'zod';
import type { OwnerProof } from './owner-access.service.js';

/**
 * The headers schema of the binding calls (preview, metadata, create, sheet settings). Loose: Fastify
 * replaces request.headers with the parsed value, so every other header must pass through untouched.
 */
export const OwnerProofHeadersSchema = z.looseObject({
  [GOOGLE_ACCESS_TOKEN_HEADER]: z
    .string()
    .max(4096, 'The Google access token is too long')
    .regex(/^[A-Za-z0-9._~+/=-]+$/, 'The Google access token is not valid')
    .optional()
    .meta({
      description:
        "Optional: the signed-in owner's own Google access token, with a Drive scope (drive.readonly or drive.metadata.readonly). When the spreadsheet is not shared with the owner's email as Editor and its link does not edit, a token that Google issued to this server's OAuth client (checked with Google's tokeninfo) and for which Drive answers capabilities.canEdit proves edit access; a token of another app proves nothing. Used once, never stored.",
    }),
});

/** The owner's own token from the validated headers, if they sent one. */
export function ownerProofFrom(headers: Record<string, unknown>): OwnerProof {
  const token = headers[GOOGLE_ACCESS_TOKEN_HEADER];
  return typeof token === 'string' && token !== '' ? { googleAccessToken: token } : {};
}
