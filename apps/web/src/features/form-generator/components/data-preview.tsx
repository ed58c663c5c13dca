import type { SheetPreview } from '@sheetforms/contract';
import { isSystemColumn, SHEET_PREVIEW_ROWS } from '@sheetforms/contract';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ChevronDownIcon } from '@/components/ui/icons';

export const SYSTEM_COLUMN_TEXT = 'System column';
export const SYSTEM_COLUMN_HINT = 'SheetForms fills this column in itself, so it is not offered as a field.';

interface PreviewRow {
  position: number;
  cells: readonly string[];
}

/** Spec 001: the collapsible Data Preview of the first 5 rows; system columns are marked. */
export function DataPreview({ preview }: { preview: SheetPreview }) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const rows: PreviewRow[] = preview.rows
    .slice(0, SHEET_PREVIEW_ROWS)
    .map((cells, index) => ({ position: index, cells }));

  const columns: DataTableColumn<PreviewRow>[] = preview.headers.map((header) => {
    const system = isSystemColumn(header.name);
    return {
      id: String(header.index),
      className: 'whitespace-nowrap',
      header: system ? (
        <span className="inline-flex items-center gap-2" title={SYSTEM_COLUMN_HINT}>
          {header.name}
          <Badge variant="info" className="normal-case tracking-normal">
            {SYSTEM_COLUMN_TEXT}
          </Badge>
        </span>
      ) : (
        header.name
      ),
      cell: (row) => (
        <span className={`block max-w-56 truncate ${system ? 'text-slate-400' : 'text-slate-700'}`}>
          {row.cells[header.index] ?? ''}
        </span>
      ),
    };
  });
  const hasSystemColumns = preview.headers.some((header) => isSystemColumn(header.name));

  return (
    <section
      aria-labelledby={`${bodyId}-title`}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <h2 id={`${bodyId}-title`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-[-2px]"
        >
          <span className="font-semibold text-base text-slate-900">Data Preview</span>
          <span className="flex items-center gap-2 text-slate-500 text-xs">
            {rows.length === 0
              ? 'No data rows'
              : `First ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`}
            <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
          </span>
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="border-slate-100 border-t px-4 pt-4 pb-4">
        {hasSystemColumns ? (
          <p className="mb-3 text-slate-500 text-xs">
            Columns marked {SYSTEM_COLUMN_TEXT} are filled in by SheetForms (Timestamp, Response ID,
            Signature) and are not offered as fields.
          </p>
        ) : null}
        <DataTable
          label={`First rows of ${preview.sheetName}`}
          caption={`The first ${rows.length} data rows of ${preview.sheetName}, under its header row.`}
          columns={columns}
          rows={rows}
          getRowId={(row) => String(row.position)}
          emptyState="The sheet has a header row but no data yet."
        />
      </div>
    </section>
  );
}
