import { PDF_ZIP_MAX } from '@sheetforms/contract';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { DownloadIcon, FileDownIcon } from '@/components/ui/icons';
import type { ExportFormat } from '../api/export-responses';

export interface ResponsesDownloadsProps {
  onDownload: (format: ExportFormat) => void;
  pendingFormat: ExportFormat | undefined;
  /** The PDF downloads show only when the form has templates. */
  canExportPdf: boolean;
  /** How many responses match the search and dates (all pages); undefined while loading. */
  matchingCount: number | undefined;
  isFiltering: boolean;
  selectedCount: number;
  /** Every matching response as PDFs in one ZIP. */
  onDownloadAllPdfs: () => void;
  /** The selected rows as PDFs in one ZIP. */
  onDownloadSelectedPdfs: () => void;
  pdfBusy: boolean;
}

/** What 'Download all as PDF' will hold, said beside it (or why it cannot run). */
export function allPdfsNote(matching: number | undefined, isFiltering: boolean): string {
  if (matching === undefined) return '';
  if (matching === 0) return 'No responses to download';
  if (matching > PDF_ZIP_MAX)
    return `${matching.toLocaleString()} responses match: narrow the search or dates to ${PDF_ZIP_MAX} or fewer for PDFs`;
  const which = isFiltering ? 'matching response' : 'response';
  return matching === 1
    ? `1 ${which}, as a PDF in a ZIP`
    : `All ${matching.toLocaleString()} ${which}s, one PDF each, in a ZIP`;
}

/**
 * The files an owner can take away: every (filtered) response as CSV or Excel, every matching response
 * as PDFs ('Download all as PDF', all pages, not just the rows loaded), and the selected rows as PDFs.
 */
export function ResponsesDownloads({
  onDownload,
  pendingFormat,
  canExportPdf,
  matchingCount,
  isFiltering,
  selectedCount,
  onDownloadAllPdfs,
  onDownloadSelectedPdfs,
  pdfBusy,
}: ResponsesDownloadsProps) {
  const countId = useId();
  const allDisabled =
    pdfBusy || matchingCount === undefined || matchingCount === 0 || matchingCount > PDF_ZIP_MAX;
  return (
    <fieldset className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 p-0">
      <legend className="sr-only">Downloads</legend>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onDownload('csv')}
        isLoading={pendingFormat === 'csv'}
      >
        {pendingFormat === 'csv' ? null : <DownloadIcon className="size-4" />}
        Download CSV
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onDownload('xlsx')}
        isLoading={pendingFormat === 'xlsx'}
      >
        {pendingFormat === 'xlsx' ? null : <DownloadIcon className="size-4" />}
        Download Excel
      </Button>
      {canExportPdf ? (
        <Button size="sm" onClick={onDownloadAllPdfs} disabled={allDisabled} aria-describedby={countId}>
          <FileDownIcon className="size-4" />
          Download all as PDF
        </Button>
      ) : null}
      {canExportPdf && selectedCount > 0 ? (
        <Button variant="secondary" size="sm" onClick={onDownloadSelectedPdfs} disabled={pdfBusy}>
          <FileDownIcon className="size-4" />
          Download {selectedCount.toLocaleString()} selected as PDF
        </Button>
      ) : null}
      {canExportPdf ? (
        <span id={countId} aria-live="polite" className="basis-full text-slate-600 text-sm sm:basis-auto">
          {allPdfsNote(matchingCount, isFiltering)}
        </span>
      ) : null}
    </fieldset>
  );
}
