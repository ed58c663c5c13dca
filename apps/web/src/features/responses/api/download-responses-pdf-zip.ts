import type { ResponsesPdfZipBody } from '@sheetforms/contract';
import { useMutation } from '@tanstack/react-query';
import { type DownloadedFile, downloadFile } from './download-file';

export interface DownloadResponsesPdfZipInput {
  formId: string;
  templateName: string;
  body: ResponsesPdfZipBody;
}

/** POST /forms/{formId}/responses/pdf-zip {templateId, responseIds}: one PDF per response, in one ZIP. */
export function downloadResponsesPdfZip({
  formId,
  templateName,
  body,
}: DownloadResponsesPdfZipInput): Promise<DownloadedFile> {
  return downloadFile(
    {
      method: 'POST',
      url: `/forms/${encodeURIComponent(formId)}/responses/pdf-zip`,
      data: body,
      headers: { Accept: 'application/zip, application/problem+json' },
      timeout: 0,
    },
    `${templateName || 'responses'}.zip`,
  );
}

export function useDownloadResponsesPdfZip() {
  return useMutation({ mutationFn: downloadResponsesPdfZip });
}
