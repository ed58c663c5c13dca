/**
 * The inline CSS a template may keep, filtered without a CSS parser. sanitize-html parses every style
 * attribute with postcss, which costs about 70 µs a declaration block: a real Docs export styles nearly
 * every span, so a 1 MB document spent seconds there. Here a declaration block is split on `;` and each
 * declaration on its first `:`, and a declaration is kept only when its property is on the allowlist and
 * its whole value matches that property's pattern. What comes out is rebuilt from the kept pairs, so
 * anything the split misreads (a `;` inside a string, a comment, an escape) fails a pattern and is dropped:
 * no pattern admits quotes, backslashes, comments or parentheses other than rgb()/rgba().
 *
 * Lengths are bounded too: a page is about 1,000 px tall, and `padding-top: 99999in` made one small
 * template print 973 pages (docs/security.md). No length may exceed MAX_LENGTH_PX once converted.
 */

/** One printed page is about 1,056 px (11 in) tall; nothing in a document needs a longer length. */
export const MAX_LENGTH_PX = 1_000;
/** Percentages (of the containing block) and viewport units: at most one whole. */
const MAX_RELATIVE = 100;
/** em, rem, ex, ch: at most this many times the font size. */
const MAX_FONT_RELATIVE = 50;
/** A unitless number (line-height 1.15, or a 0): a few times the font size at most. */
const MAX_UNITLESS = 10;

const PX_PER_UNIT: Record<string, number> = {
  px: 1,
  pt: 96 / 72,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
};

const NUMBER = String.raw`-?(?:\d{1,7}(?:\.\d{1,6})?|\.\d{1,6})`;
const LENGTH_TOKEN = new RegExp(`^(${NUMBER})(px|pt|pc|em|rem|ex|ch|%|cm|mm|in|vw|vh)?$`, 'i');
const RGB = /^rgba?\(\s*[\d.]{1,10}%?\s*(?:,\s*[\d.]{1,10}%?\s*){2,3}\)$/i;
const HEX = /^#[0-9a-f]{3,8}$/i;
const KEYWORD = /^[a-z][a-z-]{0,30}$/i;

/** Whether one token is a length within the bounds above (and, with `auto`, the keyword auto). */
function isBoundedLength(token: string, allowAuto: boolean): boolean {
  if (allowAuto && token.toLowerCase() === 'auto') return true;
  const match = LENGTH_TOKEN.exec(token);
  if (!match) return false;
  const magnitude = Math.abs(Number(match[1]));
  const unit = match[2]?.toLowerCase();
  if (unit === undefined) return magnitude <= MAX_UNITLESS;
  if (unit === '%' || unit === 'vw' || unit === 'vh') return magnitude <= MAX_RELATIVE;
  if (unit === 'em' || unit === 'rem' || unit === 'ex' || unit === 'ch')
    return magnitude <= MAX_FONT_RELATIVE;
  return magnitude * (PX_PER_UNIT[unit] ?? Number.POSITIVE_INFINITY) <= MAX_LENGTH_PX;
}

/** The largest font a document prints: 150 pt (a title is rarely over 72 pt). */
const MAX_FONT_SIZE_PX = 200;

/**
 * A font size in an absolute unit only: em and % multiply the parent's size, so nested they compound
 * past any bound (50em in 50em in 50em…), and every length in em with them.
 */
function isFontSize(value: string): boolean {
  const match = LENGTH_TOKEN.exec(value);
  const unit = match?.[2]?.toLowerCase();
  if (!match || unit === undefined || PX_PER_UNIT[unit] === undefined) return false;
  return Math.abs(Number(match[1])) * PX_PER_UNIT[unit] <= MAX_FONT_SIZE_PX;
}

const isColor = (token: string) => HEX.test(token) || RGB.test(token) || KEYWORD.test(token);

/** A value of whitespace-separated tokens, each passing `accepts`, at most `max` of them. */
function tokensOf(max: number, accepts: (token: string) => boolean): (value: string) => boolean {
  return (value) => {
    // rgb( 1, 2, 3 ) holds spaces: tokens split outside parentheses only.
    const tokens = value.match(/[^\s(]+(?:\([^)]*\))?|\([^)]*\)/g) ?? [];
    return tokens.length >= 1 && tokens.length <= max && tokens.every(accepts);
  };
}

const oneOf = (words: string) => {
  const allowed = new Set(words.split('|'));
  return (value: string) => allowed.has(value.toLowerCase());
};

type ValueCheck = (value: string) => boolean;

const COLOR: ValueCheck = (value) => isColor(value);
const LENGTHS: ValueCheck = tokensOf(4, (token) => isBoundedLength(token, true));
const BORDER: ValueCheck = tokensOf(4, (token) => isBoundedLength(token, false) || isColor(token));
const SIZE: ValueCheck = (value) => isBoundedLength(value, true);
const DECORATION: ValueCheck = tokensOf(3, oneOf('none|underline|overline|line-through'));

const BORDER_PROPERTIES = [
  'border',
  ...['top', 'right', 'bottom', 'left'].map((side) => `border-${side}`),
  ...['color', 'style', 'width'].map((part) => `border-${part}`),
  ...['top', 'right', 'bottom', 'left'].flatMap((side) =>
    ['color', 'style', 'width'].map((part) => `border-${side}-${part}`),
  ),
  'border-collapse',
  'border-spacing',
  'border-radius',
];
const BOX_PROPERTIES = ['margin', 'padding'].flatMap((p) => [
  p,
  `${p}-top`,
  `${p}-right`,
  `${p}-bottom`,
  `${p}-left`,
]);

const TEXT_STYLES: Record<string, ValueCheck> = {
  color: COLOR,
  'background-color': COLOR,
  'font-weight': oneOf('normal|bold|bolder|lighter|100|200|300|400|500|600|700|800|900'),
  'font-style': oneOf('normal|italic|oblique'),
  'text-decoration': DECORATION,
  'text-decoration-line': DECORATION,
  'text-align': oneOf('left|right|center|justify|start|end'),
  'font-size': (value) =>
    isFontSize(value) || oneOf('xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger')(value),
  'line-height': (value) => isBoundedLength(value, false) || value.toLowerCase() === 'normal',
  'vertical-align': (value) =>
    isBoundedLength(value, false) ||
    oneOf('baseline|sub|super|top|text-top|middle|bottom|text-bottom')(value),
  ...Object.fromEntries(BOX_PROPERTIES.map((p) => [p, LENGTHS])),
  ...Object.fromEntries(BORDER_PROPERTIES.map((p) => [p, BORDER])),
};
/** Elements that may also be sized. */
const SIZED_TAGS = new Set(['img', 'table', 'td', 'th']);
const SIZED_STYLES: Record<string, ValueCheck> = { width: SIZE, height: SIZE };

/** A declaration block longer than this is not a document's formatting; it is dropped whole. */
const MAX_STYLE_LENGTH = 2_000;

/**
 * The allowed declarations of a style attribute, as `property:value;…` (sanitize-html's own output
 * form), or '' when none is kept.
 */
export function filterInlineStyle(tagName: string, style: string): string {
  if (style.length > MAX_STYLE_LENGTH) return '';
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .trim()
      .replace(/\s*!important$/i, '');
    if (value === '') continue;
    const check = TEXT_STYLES[property] ?? (SIZED_TAGS.has(tagName) ? SIZED_STYLES[property] : undefined);
    if (check?.(value)) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}
