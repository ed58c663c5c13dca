import type { ResponsesFilters } from '../logic/list-filters';

/**
 * Query keys of the responses page. They live under ['responses', formId] so one invalidation (after a
 * retry) refreshes the form's counts and every filtered list at once.
 */
export const responsesKeys = {
  all: (formId: string) => ['responses', formId] as const,
  form: (formId: string) => ['responses', formId, 'form'] as const,
  list: (formId: string, filters: ResponsesFilters) => ['responses', formId, 'list', filters] as const,
};
