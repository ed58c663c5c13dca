import { isProblem } from '@/lib/api-client';

/**
 * Whether a failed call was the server's 403 NO_OWNER_ACCESS: the signed-in owner cannot edit the
 * spreadsheet as far as its sharing shows (someone else's, one they may only view, or one they edit
 * through a Google group, a Workspace domain or a shared drive, which Verify with Google can prove).
 */
export function isNoOwnerAccess(error: unknown): boolean {
  return isProblem(error, 403, 'NO_OWNER_ACCESS');
}
