import type { CheckSheetAccessBody, SheetAccess } from '@sheetforms/contract';
import axios from 'axios';
import { apiClient } from '@/lib/api-client';
import { checkFailedResult } from '../logic/sheet-status';

/**
 * Whether a failed call is worth making again by itself: our own rate limit (429), a server or gateway
 * failure (5xx), or no answer at all (offline, timeout). A 4xx refusal would fail the same way again.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (!axios.isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status === 429 || status >= 500;
}

/**
 * POST /forms/check-sheet-access (Recheck, and the check after a save). Every outcome the server knows is
 * a 200 with a result; a call that fails outright yields CHECK_FAILED 'Failed to check spreadsheet access'
 * (spec 000 section 8), marked retryable when it was a rate limit or an outage, so this never throws.
 */
export async function checkSheetAccess(body: CheckSheetAccessBody): Promise<SheetAccess> {
  try {
    const { data } = await apiClient.post<SheetAccess>('/forms/check-sheet-access', body);
    return data;
  } catch (error) {
    return checkFailedResult(new Date(), isRetryableFailure(error));
  }
}
