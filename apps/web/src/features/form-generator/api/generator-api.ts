import type { CreateFormBody, Form, SheetPreview, SpreadsheetMetadata } from '@sheetforms/contract';
import axios from 'axios';
import { type ApiResult, apiClient } from '@/lib/api-client';

/** GET /sheets/metadata: the spreadsheet's title and its sheets (tabs). */
export async function getSpreadsheetMetadata(url: string): Promise<SpreadsheetMetadata> {
  const { data } = await apiClient.get<SpreadsheetMetadata>('/sheets/metadata', { params: { url } });
  return data;
}

/** GET /sheets/preview: headers with sample values and the first 5 rows of one sheet. */
export async function getSheetPreview(url: string, sheet: string): Promise<SheetPreview> {
  const { data } = await apiClient.get<SheetPreview>('/sheets/preview', { params: { url, sheet } });
  return data;
}

/** POST /forms. */
export function createForm(body: CreateFormBody): Promise<ApiResult<Form>> {
  return apiClient.post<Form>('/forms', body);
}

/**
 * The server's text for a failed call (problem `detail`, else `message`), otherwise the fallback
 * (spec 001 section 8: "The server message is shown when present, otherwise ...").
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (axios.isAxiosError(error)) {
    const body: unknown = error.response?.data;
    if (typeof body === 'object' && body !== null) {
      const { detail, message } = body as { detail?: unknown; message?: unknown };
      if (typeof detail === 'string' && detail) return detail;
      if (typeof message === 'string' && message) return message;
    }
  }
  return fallback;
}
