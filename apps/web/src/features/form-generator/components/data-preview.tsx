import type { SheetPreview } from '@sheetforms/contract';
import { SHEET_PREVIEW_ROWS } from '@sheetforms/contract';
import { useId, useState } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';

/** Spec 001: the collapsible Data Preview of the first 5 rows. */
export function DataPreview({ preview }: { preview: SheetPreview }) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const rows = preview.rows.slice(0, SHEET_PREVIEW_ROWS);

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
      <div id={bodyId} hidden={!open} className="border-slate-100 border-t">
        {rows.length === 0 ? (
          <p className="px-5 py-6 text-center text-slate-500 text-sm">
            The sheet has a header row but no data yet.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">First rows of {preview.sheetName}</caption>
              <thead className="bg-slate-50 text-slate-600 text-xs uppercase tracking-wide">
                <tr>
                  {preview.headers.map((header) => (
                    <th
                      key={header.index}
                      scope="col"
                      className="whitespace-nowrap px-4 py-2.5 font-semibold"
                    >
                      {header.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row, rowIndex) => (
                  // Rows have no identity of their own; their position is it.
                  // biome-ignore lint/suspicious/noArrayIndexKey: preview rows never reorder
                  <tr key={rowIndex} className="text-slate-700">
                    {preview.headers.map((header) => (
                      <td key={header.index} className="max-w-56 truncate whitespace-nowrap px-4 py-2.5">
                        {row[header.index] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
