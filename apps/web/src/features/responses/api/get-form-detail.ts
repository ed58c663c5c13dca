import type { FormDetail } from '@sheetforms/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { responsesKeys } from './query-keys';

/**
 * GET /forms/{formId}: the form (name, fields), responseCount, the newest responses (at most 50) and the
 * form's templates: everything above the table.
 */
export async function getFormDetail(formId: string, signal?: AbortSignal): Promise<FormDetail> {
  const { data } = await apiClient.get<FormDetail>(`/forms/${encodeURIComponent(formId)}`, { signal });
  return data;
}

export const formDetailQueryOptions = (formId: string) =>
  queryOptions({
    queryKey: responsesKeys.form(formId),
    queryFn: ({ signal }) => getFormDetail(formId, signal),
    // A 404 (another owner's or a deleted form) will not get better by asking again.
    retry: false,
  });

export function useFormDetail(formId: string) {
  return useQuery(formDetailQueryOptions(formId));
}
