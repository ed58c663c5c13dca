import type { ResponsesQuery } from '@sheetforms/contract';

/** The list's filters: `q` over answers, `from`/`to` ISO instants (inclusive). Absent keys filter nothing. */
export type ResponsesFilters = Pick<ResponsesQuery, 'q' | 'from' | 'to'>;

/** Drops empty filters, so the query key and the URL only carry what filters something. */
export function activeFilters(filters: ResponsesFilters): ResponsesFilters {
  const active: ResponsesFilters = {};
  const q = filters.q?.trim();
  if (q) active.q = q;
  if (filters.from) active.from = filters.from;
  if (filters.to) active.to = filters.to;
  return active;
}
