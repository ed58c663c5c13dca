import {
  FilledTemplateTooLargeError,
  fillTemplate,
  HTML_LIMITS,
  type TemplateEntry,
  type TemplateValues,
} from '@sheetforms/contract';
import {
  isInlineImageSource,
  MAX_DOCUMENT_SIGNATURES,
  sanitizeTemplateHtml,
  sanitizeWithSignatures,
} from '../modules/templates/template-sanitizer.js';
import { InvalidPngError, reencodePng } from '../modules/uploads/png-reencode.js';
import { signatureKeyOf } from '../modules/uploads/signature-url.js';
import { boundedHtml } from './html-guard.js';
import { HtmlLimitError } from './html-limit-error.js';
import { hasPrintableContent } from './html-text.js';

/**
 * The server's CPU-heavy document work (HTML, and decoding signature images), as plain functions of
 * plain data: they run on the worker threads (html-pool.ts), never on the main thread, and each one is
 * bounded by the limits its input is checked against (docs/security.md).
 */

/** The filled copy of a response that would not fit in a page on its own. */
export const FILLED_OMITTED_HTML =
  '<p>This response is too large to show here with its template. Download it as a PDF instead.</p>';

export interface TemplateForFill {
  id: string;
  name: string;
  content: string;
}

/** The fields of html-to-pdf's form (spec 001 section 7). */
const HTML_TO_PDF_FIELDS = ['html', 'fileName', 'formId'];

export const htmlTasks = {
  /**
   * A signature upload decoded whole and encoded anew (uploads/png-reencode.ts), or `invalid` when it
   * does not decode. Not HTML, but the same kind of work: up to 1-2 s of CPU for the largest accepted
   * image, which must not run on the main thread.
   */
  reencodePng(bytes: Uint8Array): { png: Uint8Array } | { invalid: true } {
    try {
      return { png: reencodePng(bytes) };
    } catch (error) {
      if (error instanceof InvalidPngError) return { invalid: true };
      throw error;
    }
  },

  /**
   * html-to-pdf's urlencoded body as field → its first value (a repeated field cannot smuggle a second
   * meaning). A field left out is an empty field, so a missing formId reads 'Form ID is required'.
   */
  decodeHtmlToPdfForm(body: string): Record<string, string> {
    const fields = new Map<string, string>(HTML_TO_PDF_FIELDS.map((name) => [name, '']));
    const seen = new Set<string>();
    // Only the form's own fields come back: a body of half a million distinct names would otherwise
    // cross to the main thread as an object that takes it more than a second to rebuild.
    for (const [key, value] of new URLSearchParams(body)) {
      if (!fields.has(key) || seen.has(key)) continue;
      seen.add(key);
      fields.set(key, value);
    }
    return Object.fromEntries(fields);
  },

  /** A template's HTML as it is stored: within the limits, then sanitized. */
  sanitizeTemplate(html: string): string {
    return sanitizeTemplateHtml(boundedHtml(html, isInlineImageSource));
  },

  /**
   * html-to-pdf's HTML, sanitized; images that point at signature URLs become classes (see
   * sanitizeWithSignatures). `printable` is whether it prints anything besides those images.
   */
  sanitizeForPdf(html: string): { html: string; signatureUrls: string[]; printable: boolean } {
    // The first MAX_DOCUMENT_SIGNATURES distinct signature URLs are kept, as the sanitizer keeps them.
    const signatures = new Set<string>();
    const keepImage = (src: string) => {
      if (isInlineImageSource(src)) return true;
      const url = src.trim();
      if (signatureKeyOf(url) === undefined) return false;
      if (signatures.size < MAX_DOCUMENT_SIGNATURES) signatures.add(url);
      return signatures.has(url);
    };
    const bounded = boundedHtml(html, keepImage);
    const sanitized = sanitizeWithSignatures(bounded, (url) => signatureKeyOf(url) !== undefined);
    return { ...sanitized, printable: hasPrintableContent(sanitized.html) };
  },

  /** A stored template filled with one response, for a PDF: within the filled-document budget. */
  fillDocument(input: { content: string; values: TemplateValues }): { html: string; printable: boolean } {
    if (!hasPrintableContent(input.content)) return { html: '', printable: false };
    return {
      html: fillWithin(input.content, input.values, HTML_LIMITS.filledDocumentMaxBytes),
      printable: true,
    };
  },

  /**
   * The templates of a page of responses, filled with each response in order, for as many responses as
   * fit in HTML_LIMITS.pageTemplatesMaxChars (at least one): the page gets fewer rows rather than an
   * enormous body. A response whose filled copies alone pass the budget gets FILLED_OMITTED_HTML.
   */
  fillPage(input: { templates: TemplateForFill[]; responses: TemplateValues[] }): TemplateEntry[][] {
    const contentLength = input.templates.reduce((sum, t) => sum + t.content.length, 0);
    const pages: TemplateEntry[][] = [];
    let used = 0;
    for (const values of input.responses) {
      const room = HTML_LIMITS.pageTemplatesMaxChars - used - contentLength;
      const entries = fillAll(input.templates, values, room);
      if (entries === undefined && pages.length > 0) break;
      const filled = entries ?? input.templates.map((t) => entry(t, FILLED_OMITTED_HTML));
      used += contentLength + filled.reduce((sum, e) => sum + e.contentWithUserResponse.length, 0);
      pages.push(filled);
    }
    return pages;
  },
};

export type HtmlTasks = typeof htmlTasks;
export type HtmlTaskName = keyof HtmlTasks;

function entry(template: TemplateForFill, contentWithUserResponse: string): TemplateEntry {
  return { templateId: template.id, name: template.name, content: template.content, contentWithUserResponse };
}

/** Every template filled, or undefined when together they pass `room` characters. */
function fillAll(
  templates: TemplateForFill[],
  values: TemplateValues,
  room: number,
): TemplateEntry[] | undefined {
  const entries: TemplateEntry[] = [];
  let left = room;
  for (const template of templates) {
    if (left < 0) return undefined;
    try {
      const filled = fillTemplate(template.content, values, { maxLength: left });
      left -= filled.length;
      entries.push(entry(template, filled));
    } catch (error) {
      if (error instanceof FilledTemplateTooLargeError) return undefined;
      throw error;
    }
  }
  return entries;
}

/** The filled HTML, or HtmlLimitError('filled-too-large') once it passes `maxBytes` (UTF-8). */
function fillWithin(content: string, values: TemplateValues, maxBytes: number): string {
  let filled: string;
  try {
    // Characters first (a UTF-8 byte count is at least the character count), bytes once it is built.
    filled = fillTemplate(content, values, { maxLength: maxBytes });
  } catch (error) {
    if (error instanceof FilledTemplateTooLargeError) throw new HtmlLimitError('filled-too-large');
    throw error;
  }
  if (Buffer.byteLength(filled, 'utf8') > maxBytes) throw new HtmlLimitError('filled-too-large');
  return filled;
}
