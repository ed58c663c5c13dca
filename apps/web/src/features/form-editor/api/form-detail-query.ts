import { queryOptions } from '@tanstack/react-query';
import { getFormDetail } from './form-editor-api';

/** The editor loads the form once and then owns its edits, so it never refetches in the background. */
export const formDetailQueryOptions = (formId: string) =>
  queryOptions({
    queryKey: ['forms', 'detail', formId],
    queryFn: () => getFormDetail(formId),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
