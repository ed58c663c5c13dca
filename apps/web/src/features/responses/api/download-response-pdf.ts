import type { ResponsePdfBody } from '@sheetforms/contract';
import { useMutation } from '@tanstack/react-query';
import { type DownloadedFile, downloadFile } from './download-file';

export interface DownloadResponsePdfInput {
  formId: string;
  responseId: string;
  /** The template's name: the file's name when the server does not send one. */
  templateName: string;
  body: ResponsePdfBody;
}

/**
 * POST /forms/{formId}/responses/{responseId}/pdf {templateId}: the template filled with that response,
 * rendered on the server. The page sends no HTML, so nothing a browser could alter is rendered.
 */
export function downloadResponsePdf({
  formId,
  responseId,
  templateName,
  body,
}: DownloadResponsePdfInput): Promise<DownloadedFile> {
  return downloadFile(
    {
      method: 'POST',
      url: `/forms/${encodeURIComponent(formId)}/responses/${encodeURIComponent(responseId)}/pdf`,
      data: body,
      headers: { Accept: 'application/pdf, application/problem+json' },
      // The server bounds a render (15 s) and its queue; the client waits for its answer.
      timeout: 0,
    },
    `${templateName || 'response'}.pdf`,
  );
}

export function useDownloadResponsePdf() {
  return useMutation({ mutationFn: downloadResponsePdf });
}
