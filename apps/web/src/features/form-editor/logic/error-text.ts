import axios from 'axios';

/** Spec 001 section 8: the server's message when it sent one, otherwise the page's own text. */
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
