import type { Block, DocumentModel, ListLevel, NamedStyleType, OrderedGlyphType } from './document-model.js';

/** A line of the document as readable text: a paragraph (with its list marker) or a table row. */
export type DocumentLine =
  | {
      kind: 'paragraph';
      /** The paragraph's text; a soft line break stays U+000B. Images have no text. */
      text: string;
      namedStyle: NamedStyleType;
      /** Every character of the paragraph is bold. */
      bold: boolean;
      /** The list marker: the item's number (`3.`, `c.`, `iv.`) or, for bullets, the level's glyph. */
      bullet?: { ordered: boolean; label: string; level: number };
    }
  | { kind: 'row'; cells: string[] };

/**
 * The document's text line by line, for the text and PDF exports: numbered list items get their numbers
 * (counted per list and level, deeper levels restarting under a new parent), and each table row is one
 * line of cell texts.
 */
export function documentLines(model: DocumentModel): DocumentLine[] {
  const levelsOf = new Map(model.lists.map((list) => [list.listId, list.levels]));
  const counters = new Map<string, number[]>();
  const lines: DocumentLine[] = [];
  const walk = (blocks: Block[]) => {
    for (const block of blocks) {
      if (block.kind === 'table') {
        for (const row of block.rows) lines.push({ kind: 'row', cells: row.map(cellText) });
        continue;
      }
      const text = block.inlines.map((inline) => (inline.kind === 'text' ? inline.text : '')).join('');
      const bold =
        text.trim() !== '' && block.inlines.every((inline) => inline.kind !== 'text' || inline.style.bold);
      let bullet: { ordered: boolean; label: string; level: number } | undefined;
      if (block.bullet) {
        const { listId, level } = block.bullet;
        const definition = levelsOf.get(listId)?.[level];
        const counts = counters.get(listId) ?? [];
        counters.set(listId, counts);
        counts.length = level + 1;
        counts[level] = (counts[level] ?? startOf(definition) - 1) + 1;
        bullet =
          definition?.ordered === true
            ? { ordered: true, label: `${ordinal(counts[level] ?? 1, definition.glyphType)}.`, level }
            : { ordered: false, label: definition?.ordered === false ? definition.glyphSymbol : '●', level };
      }
      lines.push({
        kind: 'paragraph',
        text,
        namedStyle: block.namedStyle,
        bold,
        ...(bullet ? { bullet } : {}),
      });
    }
  };
  walk(model.blocks);
  return lines;
}

/** A table cell's text on one line: its paragraphs (and nested rows) joined by spaces. */
function cellText(blocks: Block[]): string {
  return documentLines({ blocks, lists: [] })
    .map((line) => (line.kind === 'row' ? line.cells.join(' ') : line.text.replaceAll('\u000b', ' ')))
    .filter((text) => text !== '')
    .join(' ');
}

function startOf(level: ListLevel | undefined): number {
  return level?.ordered ? level.startNumber : 1;
}

function ordinal(value: number, glyphType: OrderedGlyphType): string {
  switch (glyphType) {
    case 'ALPHA':
      return letters(value);
    case 'UPPER_ALPHA':
      return letters(value).toUpperCase();
    case 'ROMAN':
      return roman(value).toLowerCase();
    case 'UPPER_ROMAN':
      return roman(value);
    default:
      return String(value);
  }
}

function letters(value: number): string {
  let n = value;
  let out = '';
  while (n > 0) {
    n -= 1;
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}

function roman(value: number): string {
  const numerals: Array<[number, string]> = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let n = value;
  let out = '';
  for (const [amount, numeral] of numerals) {
    while (n >= amount) {
      out += numeral;
      n -= amount;
    }
  }
  return out;
}
