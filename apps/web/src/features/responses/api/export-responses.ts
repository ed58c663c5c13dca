import type { ResponsesExportQuery } from '@sheetforms/contract';
import { useMutation } from '@tanstack/react-query';
import { activeFilters, type ResponsesFilters } from '../logic/list-filters';
import { type DownloadedFile, downloadFile } from './download-file';

export type ExportFormat = ResponsesExportQuery['format'];

export interface ExportResponsesInput {
  formId: string;
  format: ExportFormat;
  filters: ResponsesFilters;
}

const ACCEPT: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** GET /forms/{formId}/responses/export?format=csv|xlsx: every response matching the filters, as a file. */
export function exportResponses({ formId, format, filters }: ExportResponsesInput): Promise<DownloadedFile> {
  // The readable Timestamp column is written in the owner's zone (the header names it).
  const params: ResponsesExportQuery = { format, ...activeFilters(filters), ...browserTimeZone() };
  return downloadFile(
    {
      method: 'GET',
      url: `/forms/${encodeURIComponent(formId)}/responses/export`,
      params,
      headers: { Accept: `${ACCEPT[format]}, application/problem+json` },
      // Exports of many responses take a while to stream; the client's usual timeout is for JSON calls.
      timeout: 0,
    },
    `responses.${format}`,
  );
}

/** The browser's IANA zone, when it has one the server can know (never throws). */
function browserTimeZone(): { timeZone?: string } {
  try {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return timeZone ? { timeZone } : {};
  } catch {
    return {};
  }
}

export function useExportResponses() {
  return useMutation({ mutationFn: exportResponses });
}
