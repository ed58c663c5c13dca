import { RESPONSES_PAGE } from '@sheetforms/contract';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { LocalDateRange } from '../logic/date-range';

export interface ResponsesFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  range: LocalDateRange;
  onRangeChange: (range: LocalDateRange) => void;
  rangeError: string | undefined;
  canClear: boolean;
  onClear: () => void;
}

/** The search over answers and the date range (days of the owner's own calendar). */
export function ResponsesFilters({
  search,
  onSearchChange,
  range,
  onRangeChange,
  rangeError,
  canClear,
  onClear,
}: ResponsesFiltersProps) {
  const id = useId();
  const errorId = `${id}-range-error`;
  return (
    <search aria-label="Filter responses" className="flex w-full min-w-0 flex-col gap-2 sm:w-auto">
      <div className="flex min-w-0 flex-wrap items-end gap-3">
        <div className="w-full min-w-0 sm:w-72">
          <Label htmlFor={`${id}-search`}>Search answers</Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <Input
              id={`${id}-search`}
              type="search"
              value={search}
              onChange={(event) => onSearchChange(event.currentTarget.value)}
              maxLength={RESPONSES_PAGE.searchMax}
              placeholder="Name, email, any answer…"
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid w-full min-w-0 grid-cols-2 gap-3 sm:w-auto">
          <div className="min-w-0">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={range.from}
              max={range.to || undefined}
              onChange={(event) => onRangeChange({ ...range, from: event.currentTarget.value })}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? errorId : undefined}
            />
          </div>
          <div className="min-w-0">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={range.to}
              min={range.from || undefined}
              onChange={(event) => onRangeChange({ ...range, to: event.currentTarget.value })}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? errorId : undefined}
            />
          </div>
        </div>
        {canClear ? (
          <Button variant="ghost" onClick={onClear}>
            <CloseIcon className="size-4" />
            Clear filters
          </Button>
        ) : null}
      </div>
      {rangeError ? (
        <p id={errorId} role="alert" className="text-red-700 text-sm">
          {rangeError}
        </p>
      ) : null}
    </search>
  );
}
