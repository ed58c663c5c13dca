import { GOOGLE_ACCESS_TOKEN_HEADER, type SpreadsheetMetadata } from '@sheetforms/contract';
import { apiClient } from '@/lib/api-client';

/**
 * Verify with Google (decision 0044): one read of the spreadsheet's metadata with the owner's own Google
 * token. When Google says that token can edit it, the server remembers the proof for this owner and
 * spreadsheet (30 days), so the calls that follow need no token; otherwise it answers 403 NO_OWNER_ACCESS.
 */
export async function verifySpreadsheetAccess(
  url: string,
  googleAccessToken: string,
): Promise<SpreadsheetMetadata> {
  const { data } = await apiClient.get<SpreadsheetMetadata>('/sheets/metadata', {
    params: { url },
    headers: { [GOOGLE_ACCESS_TOKEN_HEADER]: googleAccessToken },
  });
  return data;
}
