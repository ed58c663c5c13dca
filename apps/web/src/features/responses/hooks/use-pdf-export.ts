import {
  type FormTemplate,
  PDF_MESSAGES,
  PDF_TOAST_AUTO_CLOSE_MS,
  type ResponsesPdfZipBody,
  TOAST_AUTO_CLOSE_MS,
} from '@sheetforms/contract';
import { type Id, toast } from 'react-toastify';
import type { DownloadedFile } from '../api/download-file';
import { useDownloadResponsePdf } from '../api/download-response-pdf';
import { useDownloadResponsesPdfZip } from '../api/download-responses-pdf-zip';
import { downloadErrorMessage } from '../logic/download-error';
import { saveBlob } from '../logic/save-blob';

/** 'Download all as PDF' / 'Download selected as PDF' (beyond the spec): texts follow the single-PDF ones. */
export const PDF_ZIP_MESSAGES = {
  generating: (count: number) => `Generating ${count === 1 ? '1 PDF' : `${count.toLocaleString()} PDFs`}...`,
  done: 'PDFs generated and downloaded successfully',
} as const;

/** What the failure toast names when the server gave no reason at all. */
const UNKNOWN_FAILURE = 'Unknown error';

/** A template with only blank markup has nothing to render (spec 001: checked before any call). */
export function hasContent(template: Pick<FormTemplate, 'content'>): boolean {
  return template.content.trim() !== '';
}

/**
 * PDF export with the spec's toasts: 'Generating PDF...' while the server renders, then the success
 * toast closing after 3 s, or 'Failed to generate PDF: {message}' with the server's reason.
 */
export function usePdfExport(formId: string) {
  const single = useDownloadResponsePdf();
  const zip = useDownloadResponsesPdfZip();

  async function run(loadingText: string, doneText: string, download: () => Promise<DownloadedFile>) {
    const toastId: Id = toast.loading(loadingText);
    try {
      const file = await download();
      saveBlob(file.blob, file.filename);
      toast.update(toastId, {
        render: doneText,
        type: 'success',
        isLoading: false,
        autoClose: PDF_TOAST_AUTO_CLOSE_MS,
        closeButton: true,
      });
    } catch (error) {
      const message = await downloadErrorMessage(error, UNKNOWN_FAILURE);
      toast.update(toastId, {
        render: `${PDF_MESSAGES.failedPrefix}${message}`,
        type: 'error',
        isLoading: false,
        autoClose: TOAST_AUTO_CLOSE_MS,
        closeButton: true,
      });
    }
  }

  return {
    busy: single.isPending || zip.isPending,
    /** One response's PDF from one template. */
    exportPdf: async (responseId: string, template: FormTemplate) => {
      if (!hasContent(template)) {
        toast.error(PDF_MESSAGES.noContent);
        return;
      }
      await run(PDF_MESSAGES.generating, PDF_MESSAGES.done, () =>
        single.mutateAsync({
          formId,
          responseId,
          templateName: template.name,
          body: { templateId: template.id },
        }),
      );
    },
    /**
     * PDFs from one template in one ZIP: of the selected responses (`responseIds`), or of every response
     * matching the list's filters (q/from/to, no ids). `count` is how many the toast announces.
     */
    exportZip: async (
      which: Omit<ResponsesPdfZipBody, 'templateId'>,
      count: number,
      template: FormTemplate,
    ) => {
      if (!hasContent(template)) {
        toast.error(PDF_MESSAGES.noContent);
        return;
      }
      await run(PDF_ZIP_MESSAGES.generating(count), PDF_ZIP_MESSAGES.done, () =>
        zip.mutateAsync({
          formId,
          templateName: template.name,
          body: { templateId: template.id, ...which },
        }),
      );
    },
  };
}
