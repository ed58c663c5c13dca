/** A block of a document's text, with the heading level it came from (0 for body text). */
export interface TextBlock {
  text: string;
  heading: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The readable text of stored HTML, block by block (paragraphs, headings, list items, table rows), for
 * documents.get and the PDF export. Not a full HTML parser: it is enough for the templates people store here.
 */
export function htmlToBlocks(markup: string): TextBlock[] {
  const body = markup
    .replace(/<head[\s\S]*?<\/head>/gi, '')
    .replace(/<(script|style|title)[\s\S]*?<\/\1>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const blocks: TextBlock[] = [];
  // Split at block boundaries, remembering the heading level of the block that opens.
  const parts = body.split(/(<\/?(?:p|div|h[1-6]|li|tr|br|ul|ol|table|blockquote|section|article)\b[^>]*>)/i);
  let heading = 0;
  let text = '';
  const flush = () => {
    const clean = decodeEntities(text.replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    if (clean !== '') blocks.push({ text: clean, heading });
    text = '';
  };
  for (const part of parts) {
    const tag = /^<(\/?)([a-z0-9]+)/i.exec(part);
    if (!tag) {
      text += part;
      continue;
    }
    flush();
    const level = /^h([1-6])$/i.exec(tag[2] ?? '');
    heading = tag[1] === '' && level ? Number(level[1]) : 0;
  }
  flush();
  return blocks;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}
