import { SHEET_CHECK_BATCH_MAX, type SheetAccess, type SheetAccessBatch } from '@sheetforms/contract';
import { apiClient } from '@/lib/api-client';
import { checkFailedResult } from '../logic/sheet-status';
import { isRetryableFailure } from './check-sheet-access';

/**
 * POST /forms/check-sheet-access/batch: the Sheet Status of many forms in one call per load, 200 at most
 * per call. Never throws: a call that fails outright answers each of its forms CHECK_FAILED (retryable when
 * it was a rate limit or an outage); a form the server left unchecked gets no result.
 */
export async function checkSheetAccessBatch(formIds: string[]): Promise<Record<string, SheetAccess>> {
  const results: Record<string, SheetAccess> = {};
  for (let start = 0; start < formIds.length; start += SHEET_CHECK_BATCH_MAX) {
    const chunk = formIds.slice(start, start + SHEET_CHECK_BATCH_MAX);
    try {
      const { data } = await apiClient.post<SheetAccessBatch>('/forms/check-sheet-access/batch', {
        formIds: chunk,
      });
      for (const formId of chunk) {
        const result = Object.hasOwn(data.results, formId) ? data.results[formId] : undefined;
        if (result) results[formId] = result;
      }
    } catch (error) {
      const failed = checkFailedResult(new Date(), isRetryableFailure(error));
      for (const formId of chunk) results[formId] = failed;
    }
  }
  return results;
}
