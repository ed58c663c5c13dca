import { documentLines } from './document-lines.js';
import type { DocumentModel, NamedStyleType } from './document-model.js';
import { type PdfBlock, textToPdf } from './pdf.js';

/**
 * Drive's `text/plain` export of a document, shaped as Google's: a byte order mark, one line per
 * paragraph joined by CRLF (blank paragraphs stay blank lines), `* ` before bullets and the number before
 * numbered items (four spaces per nesting level), and each table row on one line with its cells separated
 * by tabs. Images have no text.
 */
export function documentText(model: DocumentModel): string {
  const lines = documentLines(model).map((line) => {
    if (line.kind === 'row') return line.cells.join('\t');
    if (!line.bullet) return line.text;
    const marker = line.bullet.ordered ? line.bullet.label : '*';
    return `${'    '.repeat(line.bullet.level)}${marker} ${line.text}`;
  });
  return `\ufeff${lines.join('\r\n').replaceAll('\u000b', '\r\n')}`;
}

/** Drive's `application/pdf` export of a document: every line of text, headings larger and bold. */
export function documentPdf(title: string, model: DocumentModel): Buffer {
  const blocks: PdfBlock[] = documentLines(model).map((line) => {
    if (line.kind === 'row') return { text: line.cells.join('   |   '), heading: 0 };
    const marker = line.bullet ? `${line.bullet.ordered ? line.bullet.label : '•'} ` : '';
    return {
      text: `${marker}${line.text}`.replaceAll('\u000b', '\n'),
      heading: headingLevel(line.namedStyle),
      bold: line.bold,
      indent: line.bullet?.level ?? 0,
    };
  });
  return textToPdf(title, blocks);
}

function headingLevel(style: NamedStyleType): number {
  if (style === 'TITLE') return 1;
  if (style === 'SUBTITLE') return 4;
  const level = /^HEADING_(\d)$/.exec(style)?.[1];
  return level ? Number(level) : 0;
}
