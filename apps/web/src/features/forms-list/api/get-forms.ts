import type { FormListItem } from '@sheetforms/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { formsListKeys } from './query-keys';

/** GET /forms: the signed-in owner's forms, newest first. */
export async function getForms(): Promise<FormListItem[]> {
  const { data } = await apiClient.get<FormListItem[]>('/forms');
  return data;
}

export const formsQueryOptions = () =>
  queryOptions({
    queryKey: formsListKeys.list,
    queryFn: getForms,
  });

export function useForms() {
  return useQuery(formsQueryOptions());
}
