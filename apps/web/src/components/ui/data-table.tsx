import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
} from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

/** Below this breakpoint a column is hidden (its data should be reachable elsewhere, e.g. a detail view). */
export type DataTableBreakpoint = 'sm' | 'md' | 'lg' | 'xl';

// Whole class names, so Tailwind finds them in this file.
const hiddenBelow: Record<DataTableBreakpoint, string> = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
};

/** One column of a DataTable. */
export interface DataTableColumn<Row> {
  /** Stable key of the column. */
  id: string;
  /** The header cell's content (a <th scope="col">). */
  header: ReactNode;
  /** The cell of one row; `index` is the row's position in `rows`. */
  cell: (row: Row, index: number) => ReactNode;
  /** Classes for this column's header and body cells (widths, alignment, `whitespace-nowrap`). */
  className?: string;
  /** Hides the column below a breakpoint, to keep phones uncluttered. */
  hideBelow?: DataTableBreakpoint;
  /** Renders the body cells as <th scope="row">: the cell that names the row (e.g. the form's name). */
  isRowHeader?: boolean;
  /**
   * Keeps the column at the right edge of the scroll box from the md breakpoint up (an Actions column
   * stays in reach when the other columns scroll). Phones leave it in the flow: it would take half the
   * width, and a tap on the row does the same.
   */
  stickyEnd?: boolean;
}

const stickyEndHeader = 'md:sticky md:right-0 md:z-20';
const stickyEndCell =
  'md:sticky md:right-0 md:z-[1] md:bg-white md:shadow-[-10px_0_10px_-10px_rgb(15_23_42/0.25)]';

/** Controlled selection of rows by id. */
export interface DataTableSelection<Row> {
  selectedIds: ReadonlySet<string>;
  onSelectedIdsChange: (next: Set<string>) => void;
  /** The row's name in its checkbox's label: "Select {label}". */
  getRowLabel: (row: Row) => string;
}

export interface DataTableProps<Row> {
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: ReadonlyArray<Row>;
  getRowId: (row: Row) => string;
  /** The accessible name of the scrollable region around the table, e.g. 'Forms'. */
  label: string;
  /** A sentence describing the table for screen readers (a visually hidden <caption>). */
  caption?: string;
  /**
   * Makes rows activatable: a click anywhere on the row (outside its own buttons, links and inputs) or
   * Enter/Space on the focused row. Keep a real link or button in the row too, for screen-reader users.
   */
  onRowActivate?: (row: Row) => void;
  /** Adds a checkbox column with select-all (over the rows shown). */
  selection?: DataTableSelection<Row>;
  /** True while the rows load: shows `loadingState` when there are no rows yet, marks the table busy. */
  loading?: boolean;
  /** Shown while loading with no rows; a spinner with "Loading" by default. */
  loadingState?: ReactNode;
  /** When set, shown instead of the rows (e.g. the error message with a Retry button). */
  error?: ReactNode;
  /** Shown when there are no rows (and no error, not loading). */
  emptyState?: ReactNode;
  /** Classes of the <table>, e.g. a `min-w-[48rem]` so narrow screens scroll instead of squeezing. */
  tableClassName?: string;
  /** Classes of the scroll box, e.g. a `max-h-[70vh]` so the sticky header sticks inside it. */
  className?: string;
  /** Extra classes per row (e.g. a muted row). */
  rowClassName?: (row: Row) => string | undefined;
  /** Marks a row busy (e.g. while it is being deleted). */
  isRowBusy?: (row: Row) => boolean;
  /** The scroll box, for callers that move focus to the table (after a row is removed). */
  regionRef?: RefObject<HTMLElement | null>;
}

// Clicks on these inside a row do their own thing and must not also activate the row.
const OWN_ACTION = 'a,button,input,select,textarea,label,summary,[role="button"],[role="menuitem"]';

const cellPadding = 'px-3 py-3 first:pl-5 last:pr-5';

/**
 * The app's one data table: a semantic <table> inside its own horizontally scrolling box (the page never
 * scrolls sideways, even at 390 px), with a sticky header, optional row activation and selection, and
 * loading, empty and error states.
 */
export function DataTable<Row>({
  columns,
  rows,
  getRowId,
  label,
  caption,
  onRowActivate,
  selection,
  loading = false,
  loadingState,
  error,
  emptyState,
  tableClassName,
  className,
  rowClassName,
  isRowBusy,
  regionRef,
}: DataTableProps<Row>) {
  const columnCount = columns.length + (selection ? 1 : 0);
  const status: 'error' | 'loading' | 'empty' | 'rows' =
    error !== undefined && error !== null && error !== false
      ? 'error'
      : rows.length > 0
        ? 'rows'
        : loading
          ? 'loading'
          : 'empty';

  return (
    <section
      ref={regionRef}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
      tabIndex={0}
      // `relative` makes the box the containing block of absolutely positioned content (the sr-only
      // texts of the cells), so it clips them too; otherwise they stretch the page sideways on phones.
      className={cn(
        'relative w-full min-w-0 max-w-full overflow-auto rounded-2xl border border-slate-200 bg-white shadow-sm',
        'focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2',
        className,
      )}
    >
      <table
        aria-busy={loading || undefined}
        className={cn('w-full border-separate border-spacing-0 text-left text-sm', tableClassName)}
      >
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="text-slate-600 text-xs uppercase tracking-wide">
          <tr>
            {selection ? (
              <th scope="col" className={cn(headerCell, 'w-10')}>
                <SelectAllCheckbox rows={rows} getRowId={getRowId} selection={selection} />
              </th>
            ) : null}
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn(
                  headerCell,
                  column.hideBelow ? hiddenBelow[column.hideBelow] : undefined,
                  column.stickyEnd && stickyEndHeader,
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {status === 'rows' ? (
            rows.map((row, index) => (
              <DataTableRow
                key={getRowId(row)}
                row={row}
                index={index}
                rowId={getRowId(row)}
                columns={columns}
                selection={selection}
                onRowActivate={onRowActivate}
                className={rowClassName?.(row)}
                busy={isRowBusy?.(row) ?? false}
              />
            ))
          ) : (
            <tr>
              <td colSpan={columnCount} className="px-5 py-10 text-center text-slate-600">
                {status === 'error'
                  ? error
                  : status === 'loading'
                    ? (loadingState ?? (
                        <span className="inline-flex items-center gap-2">
                          <Spinner size="sm" decorative className="text-emerald-600" />
                          Loading…
                        </span>
                      ))
                    : (emptyState ?? 'Nothing here yet.')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

// Sticky inside the scroll box; the border sits on the cell because a sticky row loses its own borders.
const headerCell =
  'sticky top-0 z-10 border-slate-200 border-b bg-slate-50 px-3 py-3 align-bottom font-semibold leading-snug first:pl-5 last:pr-5';

interface DataTableRowProps<Row> {
  row: Row;
  index: number;
  rowId: string;
  columns: ReadonlyArray<DataTableColumn<Row>>;
  selection: DataTableSelection<Row> | undefined;
  onRowActivate: ((row: Row) => void) | undefined;
  className: string | undefined;
  busy: boolean;
}

function DataTableRow<Row>({
  row,
  index,
  rowId,
  columns,
  selection,
  onRowActivate,
  className,
  busy,
}: DataTableRowProps<Row>) {
  const selected = selection?.selectedIds.has(rowId) ?? false;
  const activatable = onRowActivate !== undefined;

  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if (!onRowActivate) return;
    const ownAction = (event.target as Element).closest(OWN_ACTION);
    if (ownAction && event.currentTarget.contains(ownAction)) return;
    onRowActivate(row);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Only when the row itself has focus: Enter on a button inside the row belongs to that button.
    if (!onRowActivate || event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowActivate(row);
    }
  };

  return (
    <tr
      data-state={selected ? 'selected' : undefined}
      aria-busy={busy || undefined}
      tabIndex={activatable ? 0 : undefined}
      onClick={activatable ? onClick : undefined}
      onKeyDown={activatable ? onKeyDown : undefined}
      className={cn(
        'align-top transition-colors [&>*]:border-slate-100 [&>*]:border-b last:[&>*]:border-b-0',
        'hover:bg-slate-50/70 data-[state=selected]:bg-emerald-50/60',
        activatable &&
          'cursor-pointer focus-visible:bg-emerald-50/60 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:-outline-offset-2',
        className,
      )}
    >
      {selection ? (
        <td className={cn(cellPadding, 'w-10')}>
          <input
            type="checkbox"
            checked={selected}
            onChange={(event) => {
              const next = new Set(selection.selectedIds);
              if (event.currentTarget.checked) next.add(rowId);
              else next.delete(rowId);
              selection.onSelectedIdsChange(next);
            }}
            aria-label={`Select ${selection.getRowLabel(row)}`}
            className={checkboxClasses}
          />
        </td>
      ) : null}
      {columns.map((column) => {
        const Cell = column.isRowHeader ? 'th' : 'td';
        return (
          <Cell
            key={column.id}
            scope={column.isRowHeader ? 'row' : undefined}
            className={cn(
              cellPadding,
              column.isRowHeader && 'font-normal',
              column.hideBelow ? hiddenBelow[column.hideBelow] : undefined,
              column.stickyEnd && stickyEndCell,
              column.className,
            )}
          >
            {column.cell(row, index)}
          </Cell>
        );
      })}
    </tr>
  );
}

const checkboxClasses =
  'size-4 cursor-pointer rounded border-slate-300 accent-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2';

function SelectAllCheckbox<Row>({
  rows,
  getRowId,
  selection,
}: {
  rows: ReadonlyArray<Row>;
  getRowId: (row: Row) => string;
  selection: DataTableSelection<Row>;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const ids = rows.map(getRowId);
  const selectedCount = ids.filter((id) => selection.selectedIds.has(id)).length;
  const all = ids.length > 0 && selectedCount === ids.length;
  const some = selectedCount > 0 && !all;

  // `indeterminate` exists only as a DOM property.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);

  return (
    <input
      ref={ref}
      type="checkbox"
      checked={all}
      disabled={ids.length === 0}
      onChange={() => {
        const next = new Set(selection.selectedIds);
        for (const id of ids) {
          if (all) next.delete(id);
          else next.add(id);
        }
        selection.onSelectedIdsChange(next);
      }}
      aria-label="Select all rows"
      className={checkboxClasses}
    />
  );
}
