import type { AxiosRequestConfig } from 'axios';
import { api } from '@/lib/api-client';
import { filenameFromContentDisposition } from '../logic/content-disposition';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * Fetches a file through the API client (so it carries the Bearer token and survives one refresh) as a
 * Blob, named by its Content-Disposition, else by `fallbackName`. Errors arrive with a Blob body: read them
 * with downloadErrorMessage.
 */
export async function downloadFile(
  config: AxiosRequestConfig,
  fallbackName: string,
): Promise<DownloadedFile> {
  const response = await api.request<Blob>({ ...config, responseType: 'blob' });
  const header: unknown = response.headers['content-disposition'];
  const filename = filenameFromContentDisposition(typeof header === 'string' ? header : undefined);
  return { blob: response.data, filename: filename ?? fallbackName };
}
