import {
  RESPONSES_PAGE,
  type ResponseItem,
  type ResponsesPage,
  type ResponsesQuery,
} from '@sheetforms/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { activeFilters, type ResponsesFilters } from '../logic/list-filters';
import { hasUnsyncedRows } from '../logic/sync-state';
import { responsesKeys } from './query-keys';

/** While rows are on their way to the sheet, their state is refreshed this often. */
export const SYNC_REFRESH_MS = 5_000;

/** GET /forms/{formId}/responses: one page, newest first; `cursor` continues after the previous page. */
export async function getResponses(
  formId: string,
  query: ResponsesQuery,
  signal?: AbortSignal,
): Promise<ResponsesPage> {
  const params: ResponsesQuery = {
    ...activeFilters(query),
    limit: query.limit ?? RESPONSES_PAGE.defaultLimit,
  };
  if (query.cursor) params.cursor = query.cursor;
  const { data } = await apiClient.get<ResponsesPage>(`/forms/${encodeURIComponent(formId)}/responses`, {
    params,
    signal,
  });
  return data;
}

export const responsesQueryOptions = (formId: string, filters: ResponsesFilters) => {
  const active = activeFilters(filters);
  return infiniteQueryOptions({
    queryKey: responsesKeys.list(formId, active),
    queryFn: ({ pageParam, signal }) =>
      getResponses(formId, pageParam ? { ...active, cursor: pageParam } : active, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While the owner types a search the previous rows stay on screen instead of a skeleton.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      hasUnsyncedRows(query.state.data?.pages.flatMap((page) => page.items) ?? []) ? SYNC_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
};

export function useResponses(formId: string, filters: ResponsesFilters) {
  return useInfiniteQuery(responsesQueryOptions(formId, filters));
}

/** Every loaded row, pages joined in order (newest first). */
export function loadedItems(pages: readonly ResponsesPage[] | undefined): ResponseItem[] {
  return pages?.flatMap((page) => page.items) ?? [];
}
