import { TEMPLATE_MESSAGES } from '@sheetforms/contract';
import { useCallback } from 'react';
import type { GoogleApisConfig } from '@/features/google-account/api/get-google-apis-config';
import { fetchImage } from '../api/google/fetch-image';
import { getDocument } from '../api/google/get-document';
import { getFirstSheetValues } from '../api/google/get-first-sheet-values';
import { GoogleApiError } from '../api/google/google-request';
import { documentImages } from '../logic/docs-to-html';
import { inlineImages } from '../logic/inline-images';
import { TEMPLATES_TEXT } from '../logic/messages';
import { sheetValuesToTable } from '../logic/sheet-to-table';
import { assertTemplateFits, documentHtmlWithinLimit } from '../logic/template-size';
import { requireTemplateSource } from '../logic/template-source';
import type { GoogleSession } from './use-google-token-client';

export interface ImportedTemplate {
  html: string;
  /** Images left out (unreachable, not an image, or too large for the 1 MB template limit). */
  skippedImages: number;
}

/**
 * Reads a template's source with the owner's token, in the browser: a Google Doc (documents.get,
 * converted to HTML, images inlined) or a spreadsheet's first sheet (as a table). Rejects with the text
 * to show ('Failed to fetch document: {Google's message}', a sign-in failure, or a size problem).
 */
export function useTemplateImport(
  config: GoogleApisConfig | null | undefined,
  withToken: GoogleSession['withToken'],
) {
  return useCallback(
    async (url: string): Promise<ImportedTemplate> => {
      if (!config) throw new Error(TEMPLATE_MESSAGES.notInitialized);
      const source = requireTemplateSource(url);
      try {
        return await withToken(async (accessToken) => {
          if (source.kind === 'spreadsheet') {
            const html = sheetValuesToTable(
              await getFirstSheetValues(config.sheetsApiUrl, source.id, accessToken),
            );
            if (html === '')
              throw new Error(`${TEMPLATE_MESSAGES.fetchFailedPrefix}${TEMPLATES_TEXT.emptySheet}`);
            return { html: assertTemplateFits(html), skippedImages: 0 };
          }
          const document = await getDocument(config.docsApiUrl, source.id, accessToken);
          const images = await inlineImages(documentImages(document), (uri) => fetchImage(uri, accessToken));
          const { html, dropped } = documentHtmlWithinLimit(document, images.sources);
          if (html === '')
            throw new Error(`${TEMPLATE_MESSAGES.fetchFailedPrefix}${TEMPLATES_TEXT.emptyDocument}`);
          return { html, skippedImages: images.skipped + dropped };
        });
      } catch (error) {
        if (error instanceof GoogleApiError) {
          throw new Error(`${TEMPLATE_MESSAGES.fetchFailedPrefix}${error.message}`);
        }
        throw error;
      }
    },
    [config, withToken],
  );
}
