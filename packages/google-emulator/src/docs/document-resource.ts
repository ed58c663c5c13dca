import type { StoredDocument } from './document-store.js';
import { htmlToBlocks } from './html-text.js';

/**
 * A Docs API `Document` built from stored HTML: a section break, then one paragraph per text block with
 * Docs' UTF-16 indexes, headings as HEADING_n. Enough for clients that read `body.content[].paragraph`.
 */
export function documentResource(document: StoredDocument) {
  const content: unknown[] = [
    {
      endIndex: 1,
      sectionBreak: {
        sectionStyle: {
          columnSeparatorStyle: 'NONE',
          contentDirection: 'LEFT_TO_RIGHT',
          sectionType: 'CONTINUOUS',
        },
      },
    },
  ];
  let index = 1;
  for (const block of htmlToBlocks(document.html)) {
    const text = `${block.text}\n`;
    const startIndex = index;
    const endIndex = index + text.length;
    content.push({
      startIndex,
      endIndex,
      paragraph: {
        elements: [{ startIndex, endIndex, textRun: { content: text, textStyle: {} } }],
        paragraphStyle: {
          namedStyleType: block.heading > 0 ? `HEADING_${block.heading}` : 'NORMAL_TEXT',
          direction: 'LEFT_TO_RIGHT',
        },
      },
    });
    index = endIndex;
  }
  return {
    title: document.title,
    body: { content },
    documentStyle: {
      pageSize: { height: { magnitude: 792, unit: 'PT' }, width: { magnitude: 612, unit: 'PT' } },
      marginTop: { magnitude: 72, unit: 'PT' },
      marginBottom: { magnitude: 72, unit: 'PT' },
      marginLeft: { magnitude: 72, unit: 'PT' },
      marginRight: { magnitude: 72, unit: 'PT' },
    },
    revisionId: `emu-${Buffer.from(document.createdAt).toString('base64url')}`,
    suggestionsViewMode: 'SUGGESTIONS_INLINE',
    documentId: document.documentId,
  };
}
