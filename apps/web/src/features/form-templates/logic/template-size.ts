import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@sheetforms/contract';
import type { DocsDocument } from './docs-document';
import { documentToHtml } from './docs-to-html';

/** Thrown when a template would exceed what the server stores (it would answer 413). */
export class TemplateTooLargeError extends Error {
  constructor() {
    super(TEMPLATE_MESSAGES.tooLarge);
    this.name = 'TemplateTooLargeError';
  }
}

export function htmlBytes(html: string): number {
  return new TextEncoder().encode(html).length;
}

export function assertTemplateFits(html: string): string {
  if (htmlBytes(html) > TEMPLATE_LIMITS.contentMaxBytes) throw new TemplateTooLargeError();
  return html;
}

/**
 * The document's HTML within the server's size limit: when the images make it too large, the largest
 * ones are left out first, and `dropped` says how many.
 */
export function documentHtmlWithinLimit(
  document: DocsDocument,
  images: ReadonlyMap<string, string>,
): { html: string; dropped: number } {
  const kept = new Map(images);
  let html = documentToHtml(document, { images: kept });
  let dropped = 0;
  while (htmlBytes(html) > TEMPLATE_LIMITS.contentMaxBytes && kept.size > 0) {
    const [largest] = [...kept.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    if (largest === undefined) break;
    kept.delete(largest);
    dropped += 1;
    html = documentToHtml(document, { images: kept });
  }
  return { html: assertTemplateFits(html), dropped };
}
