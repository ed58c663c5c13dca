import { toast } from 'react-toastify';
import { type ExportFormat, useExportResponses } from '../api/export-responses';
import { downloadErrorMessage } from '../logic/download-error';
import type { ResponsesFilters } from '../logic/list-filters';
import { saveBlob } from '../logic/save-blob';

export const EXPORT_FAILED_PREFIX = 'Failed to download responses: ';

/** 'Download CSV' and 'Download Excel': every response matching the filters, saved under the server's name. */
export function useFileExport(formId: string) {
  const mutation = useExportResponses();
  return {
    /** The format being downloaded right now, to mark its button busy. */
    pendingFormat: mutation.isPending ? mutation.variables?.format : undefined,
    download: async (format: ExportFormat, filters: ResponsesFilters) => {
      try {
        const file = await mutation.mutateAsync({ formId, format, filters });
        saveBlob(file.blob, file.filename);
      } catch (error) {
        toast.error(`${EXPORT_FAILED_PREFIX}${await downloadErrorMessage(error, 'Unknown error')}`);
      }
    },
  };
}
