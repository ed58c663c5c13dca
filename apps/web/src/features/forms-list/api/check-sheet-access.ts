import type { CheckSheetAccessBody, SheetAccess } from '@sheetforms/contract';
import { apiClient } from '@/lib/api-client';
import { checkFailedResult } from '../logic/sheet-status';

/**
 * POST /forms/check-sheet-access. Every outcome the server knows is a 200 with a result; a call that
 * fails outright yields CHECK_FAILED 'Failed to check spreadsheet access' (spec 000 section 8), so this
 * never throws.
 */
export async function checkSheetAccess(body: CheckSheetAccessBody): Promise<SheetAccess> {
  try {
    const { data } = await apiClient.post<SheetAccess>('/forms/check-sheet-access', body);
    return data;
  } catch {
    return checkFailedResult();
  }
}
