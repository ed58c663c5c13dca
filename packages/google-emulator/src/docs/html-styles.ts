import type { Declarations, StyleSheet } from './css-rules.js';
import { parseDeclarations } from './css-rules.js';
import type { Alignment, RunStyle } from './document-model.js';

/** The attributes of an HTML element, as htmlparser2 gives them. */
export type Attributes = Record<string, string>;

/** The element's effective declarations: its classes' rules in class order, then its inline style. */
export function declarationsOf(attributes: Attributes, sheet: StyleSheet): Declarations {
  const declarations: Declarations = new Map();
  for (const name of classNames(attributes)) {
    for (const [property, value] of sheet.classes.get(name) ?? []) declarations.set(property, value);
  }
  for (const [property, value] of parseDeclarations(attributes.style ?? ''))
    declarations.set(property, value);
  return declarations;
}

export function classNames(attributes: Attributes): string[] {
  return (attributes.class ?? '').split(/\s+/).filter((name) => name !== '');
}

/**
 * The run style inside an element: what it inherits, then what its tag means (as a browser renders it),
 * then its CSS. CSS wins over the tag, so Google's clipboard wrapper `<b style="font-weight:normal">` is not bold.
 */
export function runStyleOf(
  tag: string,
  attributes: Attributes,
  declarations: Declarations,
  inherited: RunStyle,
): RunStyle {
  const style: RunStyle = { ...inherited };
  if (tag === 'b' || tag === 'strong' || tag === 'th') style.bold = true;
  if (tag === 'i' || tag === 'em' || tag === 'cite' || tag === 'dfn' || tag === 'var') style.italic = true;
  if (tag === 'u' || tag === 'ins') style.underline = true;
  if (tag === 's' || tag === 'strike' || tag === 'del') style.strikethrough = true;
  if (tag === 'a' && attributes.href) {
    style.link = linkTarget(attributes.href);
    style.underline = true;
  }
  const weight = declarations.get('font-weight')?.toLowerCase();
  if (weight && /^(bold|bolder|[6-9]00)$/.test(weight)) style.bold = true;
  else if (weight && /^(normal|lighter|[1-5]00)$/.test(weight)) delete style.bold;
  const fontStyle = declarations.get('font-style')?.toLowerCase();
  if (fontStyle === 'italic' || fontStyle === 'oblique') style.italic = true;
  else if (fontStyle === 'normal') delete style.italic;
  const decoration = (
    declarations.get('text-decoration-line') ??
    declarations.get('text-decoration') ??
    ''
  ).toLowerCase();
  if (decoration.includes('underline')) style.underline = true;
  if (decoration.includes('line-through')) style.strikethrough = true;
  if (/^none\b/.test(decoration)) {
    delete style.underline;
    delete style.strikethrough;
  }
  return style;
}

/** Paragraph alignment from `text-align` (or the old `align` attribute); undefined keeps the inherited one. */
export function alignmentOf(attributes: Attributes, declarations: Declarations): Alignment | undefined {
  const value = (declarations.get('text-align') ?? attributes.align ?? '').toLowerCase();
  if (value === 'left' || value === 'start') return 'START';
  if (value === 'center') return 'CENTER';
  if (value === 'right' || value === 'end') return 'END';
  if (value === 'justify') return 'JUSTIFIED';
  return undefined;
}

/** Two run styles are the same, so their text belongs in one run. */
export function sameRunStyle(a: RunStyle, b: RunStyle): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.strikethrough === b.strikethrough &&
    a.link === b.link
  );
}

/** A length in points from `12px`, `9pt` or a bare number of pixels (the `width` attribute). */
export function lengthInPoints(value: string | undefined): number | undefined {
  const match = /^\s*([\d.]+)\s*(px|pt)?\s*$/i.exec(value ?? '');
  if (!match?.[1]) return undefined;
  const amount = Number(match[1]);
  if (!Number.isFinite(amount) || amount <= 0) return undefined;
  return match[2]?.toLowerCase() === 'pt' ? amount : Math.round(amount * 0.75 * 100) / 100;
}

/**
 * Google's HTML export wraps every link in a redirect (`https://www.google.com/url?q=…&sa=D`), while the
 * Docs API gives the real URL: unwrap it.
 */
function linkTarget(href: string): string {
  try {
    const url = new URL(href);
    const target = url.searchParams.get('q');
    if (/^(www\.)?google\.com$/.test(url.hostname) && url.pathname === '/url' && target) return target;
  } catch {
    // A relative link (such as `#h.abc`, a heading) stays as written.
  }
  return href;
}
