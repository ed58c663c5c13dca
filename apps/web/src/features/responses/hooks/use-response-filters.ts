import { useMemo, useState } from 'react';
import { type LocalDateRange, localDateRangeToInstants } from '../logic/date-range';
import { activeFilters, type ResponsesFilters } from '../logic/list-filters';
import { useDebouncedValue } from './use-debounced-value';

/** The search box waits this long after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const NO_RANGE: LocalDateRange = { from: '', to: '' };

/**
 * The list's search and date range as the owner edits them, and the filters the API gets: the search
 * debounced, the days turned into instants of the owner's time zone. A start after the end filters by
 * no date and says why.
 */
export function useResponseFilters() {
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<LocalDateRange>(NO_RANGE);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const instants = useMemo(() => localDateRangeToInstants(range), [range]);

  const filters = useMemo<ResponsesFilters>(
    () => activeFilters(instants.ok ? { q, from: instants.from, to: instants.to } : { q }),
    [q, instants],
  );

  return {
    search,
    setSearch,
    range,
    setRange,
    filters,
    rangeError: instants.ok ? undefined : instants.error,
    /** Whether anything is typed or picked (the Clear button shows), not only what was applied. */
    isFiltering: search.trim() !== '' || range.from !== '' || range.to !== '',
    clear: () => {
      setSearch('');
      setRange(NO_RANGE);
    },
  };
}
