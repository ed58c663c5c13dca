import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { DownloadIcon, FileDownIcon } from '@/components/ui/icons';
import type { ExportFormat } from '../api/export-responses';

export interface ResponsesDownloadsProps {
  onDownload: (format: ExportFormat) => void;
  pendingFormat: ExportFormat | undefined;
  /** 'Download all as PDF' shows only when the form has templates. */
  canExportPdf: boolean;
  selectedCount: number;
  onDownloadPdfs: () => void;
  pdfBusy: boolean;
}

/** The files an owner can take away: all (filtered) responses as CSV or Excel, the selected rows as PDFs. */
export function ResponsesDownloads({
  onDownload,
  pendingFormat,
  canExportPdf,
  selectedCount,
  onDownloadPdfs,
  pdfBusy,
}: ResponsesDownloadsProps) {
  const countId = useId();
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
        <Button
          size="sm"
          onClick={onDownloadPdfs}
          disabled={selectedCount === 0 || pdfBusy}
          aria-describedby={countId}
        >
          <FileDownIcon className="size-4" />
          Download all as PDF
        </Button>
      ) : null}
      {canExportPdf ? (
        <span id={countId} aria-live="polite" className="text-slate-600 text-sm">
          {selectedCount === 0
            ? 'Select rows to download them as PDFs'
            : `${selectedCount.toLocaleString()} selected`}
        </span>
      ) : null}
    </fieldset>
  );
}
