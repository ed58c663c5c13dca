import axios from 'axios';
import { getErrorMessage } from '@/lib/api-client';

/**
 * The text of a failed download. A download is requested as a Blob, so axios hands the server's
 * problem+json body over as a Blob too and the shared getErrorMessage cannot read its `detail`: read it
 * here first, then fall back to the usual rules (the thrown error's message, else the fallback).
 */
export async function downloadErrorMessage(error: unknown, fallback: string): Promise<string> {
  if (axios.isAxiosError(error)) {
    const body: unknown = error.response?.data;
    if (body instanceof Blob) {
      const text = await readProblemText(body);
      if (text) return text;
    }
  }
  return getErrorMessage(error, fallback);
}

async function readProblemText(body: Blob): Promise<string | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readBlobText(body));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { detail, message } = parsed as { detail?: unknown; message?: unknown };
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
    if (typeof message === 'string' && message.trim() !== '') return message;
  } catch {
    // Not JSON (a proxy's HTML error page): the status text is the best there is.
  }
  return undefined;
}

/** FileReader rather than Blob.text(): the same code then runs in the test DOM, whose Blob lacks text(). */
function readBlobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the reply'));
    reader.readAsText(blob);
  });
}
