import type { SpreadsheetMetadata } from '@sheetforms/contract';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { RefreshIcon, SheetIcon } from '@/components/ui/icons';

export interface SheetSourcePanelProps {
  url: string;
  onUrlChange: (url: string) => void;
  urlError: string | null;
  onLoad: () => void;
  isLoading: boolean;
  spreadsheet: SpreadsheetMetadata | null;
  sheetName: string;
  onSelectSheet: (name: string) => void;
  onReload: () => void;
  isReloading: boolean;
}

const inputClasses =
  'w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/30';

/** The URL input with Load Data, then the sheet selector and a reload button once loaded. */
export function SheetSourcePanel(props: SheetSourcePanelProps) {
  const urlId = useId();
  const errorId = useId();
  const sheetId = useId();
  const { spreadsheet } = props;

  return (
    <section
      aria-labelledby={`${urlId}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-600">
          <SheetIcon className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={`${urlId}-title`} className="font-semibold text-base text-slate-900">
            Google Sheet
          </h2>
          <p className="text-slate-500 text-sm">
            Share the spreadsheet as "Anyone with the link", then paste its address.
          </p>
        </div>
      </div>

      <form
        className="mt-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onLoad();
        }}
      >
        <label htmlFor={urlId} className="mb-1.5 block font-medium text-slate-700 text-sm">
          Google Sheets URL
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={urlId}
            data-sheet-url
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={props.url}
            onChange={(event) => props.onUrlChange(event.target.value)}
            placeholder="https://docs.google.com/spreadsheets/d/…"
            aria-invalid={props.urlError ? true : undefined}
            aria-describedby={props.urlError ? errorId : undefined}
            className={`${inputClasses} ${props.urlError ? 'border-red-400' : 'border-slate-300'}`}
          />
          <Button type="submit" isLoading={props.isLoading} className="shrink-0 sm:w-32">
            Load Data
          </Button>
        </div>
        {props.urlError ? (
          <p id={errorId} role="alert" className="mt-2 text-red-600 text-sm">
            {props.urlError}
          </p>
        ) : null}
      </form>

      {spreadsheet ? (
        <div className="mt-5 border-slate-100 border-t pt-5">
          <div className="mb-1.5 flex items-center justify-between gap-2">
            <label htmlFor={sheetId} className="font-medium text-slate-700 text-sm">
              Sheet
            </label>
            <p className="truncate text-slate-500 text-xs" title={spreadsheet.title}>
              {spreadsheet.title} · {spreadsheet.sheets.length}{' '}
              {spreadsheet.sheets.length === 1 ? 'sheet' : 'sheets'}
            </p>
          </div>
          <div className="flex gap-2">
            <select
              id={sheetId}
              value={props.sheetName}
              onChange={(event) => props.onSelectSheet(event.target.value)}
              className={`${inputClasses} border-slate-300`}
            >
              <option value="">Choose a sheet…</option>
              {spreadsheet.sheets.map((sheet) => (
                <option key={sheet.id} value={sheet.title}>
                  {sheet.title}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              onClick={props.onReload}
              isLoading={props.isReloading}
              aria-label="Reload sheets"
              title="Reload sheets"
              className="shrink-0"
            >
              {props.isReloading ? null : <RefreshIcon className="size-4" />}
              <span className="hidden sm:inline">Reload</span>
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
