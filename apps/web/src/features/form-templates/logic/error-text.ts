import axios from 'axios';
import { isProblem } from '@/lib/api-client';
import { TEMPLATES_TEXT } from './messages';

/**
 * Spec 001 section 8: the server's message when it sent one, otherwise the spec's prefix with what went
 * wrong ('Failed to add template: Network Error').
 */
export function templateErrorText(error: unknown, prefix: string): string {
  if (axios.isAxiosError(error)) {
    const body: unknown = error.response?.data;
    if (typeof body === 'object' && body !== null) {
      const { detail, message } = body as { detail?: unknown; message?: unknown };
      if (typeof detail === 'string' && detail.trim() !== '') return detail;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  }
  return `${prefix}${errorMessage(error)}`;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : TEMPLATES_TEXT.unknownError;
}

/**
 * The server has no such template (404 TEMPLATE_NOT_FOUND): the editor showed one that was deleted
 * meanwhile (another tab, another session). Spec 001 section 8 names this 'Template not found in API data'.
 */
export function isTemplateMissingOnServer(error: unknown): boolean {
  return isProblem(error, 404, 'TEMPLATE_NOT_FOUND');
}
