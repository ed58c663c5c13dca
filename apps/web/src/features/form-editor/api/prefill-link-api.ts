import type { PrefillLinkBody, PrefillLinkResult } from '@sheetforms/contract';
import { apiClient } from '@/lib/api-client';

/**
 * POST /forms/{formId}/prefill-links (issue 23): a link to the saved form with answers filled in; the
 * locked ones travel in a token the server signs.
 */
export async function createPrefillLink(formId: string, body: PrefillLinkBody): Promise<PrefillLinkResult> {
  const { data } = await apiClient.post<PrefillLinkResult>(
    `/forms/${encodeURIComponent(formId)}/prefill-links`,
    body,
  );
  return data;
}
