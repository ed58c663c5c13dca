import type { Declarations, ListLevelCss, StyleSheet } from './css-rules.js';
import {
  LIST_NESTING_LEVELS,
  type ListLevel,
  type ListModel,
  type OrderedGlyphType,
  presetLevel,
} from './document-model.js';
import { type Attributes, classNames } from './html-styles.js';

const GOOGLE_LIST_CLASS = /^lst-(kix_[A-Za-z0-9_]+)-(\d+)$/;

const COUNTER_STYLES: Record<string, OrderedGlyphType> = {
  decimal: 'DECIMAL',
  'decimal-leading-zero': 'DECIMAL',
  'lower-alpha': 'ALPHA',
  'lower-latin': 'ALPHA',
  'upper-alpha': 'UPPER_ALPHA',
  'upper-latin': 'UPPER_ALPHA',
  'lower-roman': 'ROMAN',
  'upper-roman': 'UPPER_ROMAN',
};

const TYPE_ATTRIBUTES: Record<string, OrderedGlyphType> = {
  '1': 'DECIMAL',
  a: 'ALPHA',
  A: 'UPPER_ALPHA',
  i: 'ROMAN',
  I: 'UPPER_ROMAN',
};

const BULLET_STYLES: Record<string, string> = { disc: '●', circle: '○', square: '■' };

/**
 * The lists of a document as its `<ul>`/`<ol>` elements declare them. Google's export marks every list
 * with a class `lst-kix_{id}-{level}` and writes each nesting level as a sibling list, so those classes
 * decide the list and level when present; otherwise a top-level list starts a new list and a list inside
 * a list item goes one level deeper in the same list, as Docs imports HTML.
 */
export class ListRegistry {
  readonly #levels = new Map<string, Array<ListLevel | undefined>>();
  #count = 0;

  constructor(private readonly sheet: StyleSheet) {}

  /** The list and nesting level the paragraphs of this `<ul>`/`<ol>` belong to. */
  enter(
    tag: 'ul' | 'ol',
    attributes: Attributes,
    declarations: Declarations,
    parent: { listId: string; level: number } | undefined,
  ): { listId: string; level: number } {
    const googleClass = classNames(attributes)
      .map((name) => GOOGLE_LIST_CLASS.exec(name))
      .find((match) => match !== null);
    let listId: string;
    let level: number;
    if (googleClass?.[1] && googleClass[2] !== undefined) {
      listId = `kix.${googleClass[1].slice('kix_'.length)}`;
      level = Math.min(Number(googleClass[2]), LIST_NESTING_LEVELS - 1);
    } else if (parent) {
      listId = parent.listId;
      level = Math.min(parent.level + 1, LIST_NESTING_LEVELS - 1);
    } else {
      this.#count += 1;
      listId = `kix.${stableId(`list-${this.#count}`)}`;
      level = 0;
    }
    const levels = this.#levels.get(listId) ?? [];
    this.#levels.set(listId, levels);
    if (levels[level] === undefined) {
      const css = googleClass?.[1] ? this.sheet.listLevels.get(`${googleClass[1]}-${level}`) : undefined;
      levels[level] = levelFor(tag, attributes, declarations, level, css);
    }
    return { listId, level };
  }

  /** Every list with its nine levels; levels the HTML never used follow Docs' preset for the list's kind. */
  lists(): ListModel[] {
    return [...this.#levels].map(([listId, levels]) => {
      const ordered = (levels.find((level) => level !== undefined) ?? presetLevel(false, 0)).ordered;
      return {
        listId,
        levels: Array.from({ length: LIST_NESTING_LEVELS }, (_, n) => levels[n] ?? presetLevel(ordered, n)),
      };
    });
  }
}

function levelFor(
  tag: 'ul' | 'ol',
  attributes: Attributes,
  declarations: Declarations,
  level: number,
  css: ListLevelCss | undefined,
): ListLevel {
  if (css && 'symbol' in css) return { ordered: false, glyphSymbol: css.symbol };
  const styleType = (css?.counter ?? declarations.get('list-style-type') ?? '').toLowerCase();
  const startNumber = Number.parseInt(attributes.start ?? '', 10);
  const start = Number.isInteger(startNumber) && startNumber > 0 ? startNumber : 1;
  const ordered = COUNTER_STYLES[styleType] ?? TYPE_ATTRIBUTES[attributes.type ?? ''];
  if (css || tag === 'ol') {
    return { ordered: true, glyphType: ordered ?? 'DECIMAL', startNumber: start };
  }
  if (ordered) return { ordered: true, glyphType: ordered, startNumber: start };
  const symbol = BULLET_STYLES[styleType];
  return symbol ? { ordered: false, glyphSymbol: symbol } : presetLevel(false, level);
}

/**
 * A Google-looking id (`kix.…`, `h.…`) that is the same on every read of the same document, because
 * clients compare ids between calls.
 */
export function stableId(seed: string): string {
  let hash = 0x811c9dc5;
  let out = '';
  for (let round = 0; out.length < 12; round++) {
    for (const char of `${seed}#${round}`) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
    out += (hash >>> 0).toString(36);
  }
  return out.slice(0, 12);
}
