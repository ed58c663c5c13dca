/**
 * A Google Doc's structure as the emulator understands it, read from the stored HTML: paragraphs (with a
 * named style, alignment, an optional bullet and inline runs) and tables of cells holding further blocks.
 * The Docs API resource, the text export and the PDF are all built from this one model.
 */
export interface DocumentModel {
  blocks: Block[];
  /** The lists the bullets refer to, in order of first use. */
  lists: ListModel[];
}

export type Block = ParagraphBlock | TableBlock;

export type NamedStyleType =
  | 'NORMAL_TEXT'
  | 'TITLE'
  | 'SUBTITLE'
  | 'HEADING_1'
  | 'HEADING_2'
  | 'HEADING_3'
  | 'HEADING_4'
  | 'HEADING_5'
  | 'HEADING_6';

export type Alignment = 'START' | 'CENTER' | 'END' | 'JUSTIFIED';

export interface ParagraphBlock {
  kind: 'paragraph';
  namedStyle: NamedStyleType;
  alignment?: Alignment;
  /** Google's `h.xxxx` id, for headings, the title and the subtitle. */
  headingId?: string;
  bullet?: { listId: string; level: number };
  /** Without the paragraph's closing newline; a soft line break (`<br>`) is U+000B, as in Docs. */
  inlines: Inline[];
}

export interface TableBlock {
  kind: 'table';
  /** Rows of cells; every row has the same number of cells, and every cell ends with a paragraph. */
  rows: Block[][][];
}

/** Text style of a run; only what is switched on is present, as in Docs' `textStyle`. */
export interface RunStyle {
  bold?: true;
  italic?: true;
  underline?: true;
  strikethrough?: true;
  link?: string;
}

export type Inline = { kind: 'text'; text: string; style: RunStyle } | { kind: 'image'; image: ImageModel };

export interface ImageModel {
  /** Google's `kix.` object id. */
  objectId: string;
  src: string;
  alt?: string;
  title?: string;
  widthPt?: number;
  heightPt?: number;
}

/** Docs' ordered glyph types. */
export type OrderedGlyphType = 'DECIMAL' | 'ALPHA' | 'UPPER_ALPHA' | 'ROMAN' | 'UPPER_ROMAN';

/** One nesting level of a list: numbered (with its glyph type and first number) or bulleted (a symbol). */
export type ListLevel =
  | { ordered: true; glyphType: OrderedGlyphType; startNumber: number }
  | { ordered: false; glyphSymbol: string };

export interface ListModel {
  /** Google's list id, `kix.…`. */
  listId: string;
  /** The nine nesting levels Docs always has. */
  levels: ListLevel[];
}

/** Docs lists have nine nesting levels (0 to 8). */
export const LIST_NESTING_LEVELS = 9;

const BULLET_SYMBOLS = ['●', '○', '■'];
const ORDERED_PRESET: OrderedGlyphType[] = ['DECIMAL', 'ALPHA', 'ROMAN'];

/**
 * The nesting levels of Docs' default presets (BULLET_DISC_CIRCLE_SQUARE and NUMBERED_DECIMAL_ALPHA_ROMAN),
 * which fill the levels a document does not set itself.
 */
export function presetLevel(ordered: boolean, level: number): ListLevel {
  return ordered
    ? { ordered: true, glyphType: ORDERED_PRESET[level % 3] ?? 'DECIMAL', startNumber: 1 }
    : { ordered: false, glyphSymbol: BULLET_SYMBOLS[level % 3] ?? '●' };
}
