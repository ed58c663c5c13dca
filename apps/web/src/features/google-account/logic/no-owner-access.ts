import axios from 'axios';

/**
 * Whether a failed call was the server's 403 NO_OWNER_ACCESS: the signed-in owner cannot edit the
 * spreadsheet as far as its sharing shows (someone else's, one they may only view, or one they edit
 * through a Google group, a Workspace domain or a shared drive, which Verify with Google can prove).
 */
export function isNoOwnerAccess(error: unknown): boolean {
  if (!axios.isAxiosError(error) || error.response?.status !== 403) return false;
  const body: unknown = error.response.data;
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'NO_OWNER_ACCESS';
}
