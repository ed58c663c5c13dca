import { API_PREFIX, API_TIMEOUT_MS } from '@sheetforms/contract';
import axios from 'axios';

/**
 * The visitor's calls go without the dashboard's access token: the server posts a message as the admin
 * when an Admin's token comes with it, so an admin trying the visitor page in their own browser would
 * otherwise answer themselves; and an expired token must not end anyone's session from this page.
 */
export const visitorApi = axios.create({
  baseURL: API_PREFIX,
  timeout: API_TIMEOUT_MS,
  headers: { Accept: 'application/json, application/problem+json' },
});

/** The success envelope `{ data, message? }`. */
export interface Envelope<T> {
  data: T;
}

/** HTTP status of a failed call, if the server answered. */
export function statusOf(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}

/** The server's problem `detail` (or `message`) when it sent one, else the fallback (spec 001 section 8). */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (axios.isAxiosError(error)) {
    const body: unknown = error.response?.data;
    if (typeof body === 'object' && body !== null) {
      const { detail, message } = body as { detail?: unknown; message?: unknown };
      if (typeof detail === 'string' && detail.trim() !== '') return detail;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  }
  return fallback;
}
