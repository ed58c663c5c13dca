import { BUILT_IN_PLACEHOLDERS } from './templates.js';

/**
 * Template placeholders, shared by the server (filled responses, PDFs) and the web editor (the list of
 * placeholders that match no field, the live preview), so both read a template the same way.
 *
 * A placeholder is `{{name}}` in the text of the HTML (never inside a tag, so an answer can not land in
 * an attribute). Its name is read as the document shows it: entities decoded, runs of whitespace
 * (non-breaking spaces too) made one space, trimmed. A name matches, in this order: a field label
 * exactly, a built-in exactly, a field label ignoring case, a built-in ignoring case.
 */

/** What a template is filled with. */
export interface TemplateValues {
  /** Field label → answer (plain text; escaped when filled). */
  answers: Record<string, string>;
  /** {{date}}: today's date, e.g. "November 25, 2026". */
  date: string;
  /** {{Timestamp}}: the response's time as the sheet's Timestamp column shows it. */
  timestamp: string;
  /** {{Response ID}}. */
  responseId: string;
  /**
   * {{Respondent}}: the email the respondent logged in with, as the sheet's Respondent column shows it;
   * empty for a response of a form without login. A field labelled "Respondent" wins, as in the sheet.
   */
  respondent?: string;
  /** {{Signature}}: the image's source (a URL, or a data URI for renderers that fetch nothing). */
  signatureImageSrc?: string | null;
  /**
   * {{Signature}} as an image without a source, of this class, whose picture the document's style sheet
   * gives once (the PDF renderer): forty {{Signature}} then carry one copy of the image, not forty.
   * Wins over signatureImageSrc.
   */
  signatureImageClass?: string | null;
}

type BuiltIn = (typeof BUILT_IN_PLACEHOLDERS)[number];

// Names are short: a longer run between braces is text, not a placeholder. No braces or tag marks inside.
const PLACEHOLDER = /\{\{([^{}<>]{1,300})\}\}/g;

/** Thrown by fillTemplate when the filled HTML would pass `maxLength`. */
export class FilledTemplateTooLargeError extends Error {
  constructor(readonly maxLength: number) {
    super(`the filled template is longer than ${maxLength} characters`);
    this.name = 'FilledTemplateTooLargeError';
  }
}

/**
 * Replaces every placeholder that matches a field or a built-in; others are left as they are. With
 * `maxLength`, filling stops as soon as the output passes it (FilledTemplateTooLargeError): a 5 KB template
 * of 1,000 placeholders filled with 5,000-character answers is 20 MB, so the budget is counted while the
 * output grows, never after.
 */
export function fillTemplate(
  html: string,
  values: TemplateValues,
  options: { maxLength?: number } = {},
): string {
  const resolve = resolverFor(Object.keys(values.answers));
  const maxLength = options.maxLength ?? Number.POSITIVE_INFINITY;
  let length = 0;
  const grow = (by: number) => {
    length += by;
    if (length > maxLength) throw new FilledTemplateTooLargeError(maxLength);
  };
  return mapText(
    html,
    (text) =>
      text.replace(PLACEHOLDER, (whole, inner: string) => {
        const match = resolve(placeholderName(inner));
        if (match === undefined) return whole;
        const filled =
          match.kind === 'field'
            ? escapeAnswer(values.answers[match.name] ?? '')
            : builtInHtml(match.name, values);
        // The placeholder itself was counted with its text; the output grows (or shrinks) by the difference.
        grow(filled.length - whole.length);
        return filled;
      }),
    (piece) => grow(piece.length),
  );
}

/** The distinct placeholder names of a template, in order of first appearance. */
export function listPlaceholders(html: string): string[] {
  const names = new Set<string>();
  mapText(html, (text) => {
    for (const found of text.matchAll(PLACEHOLDER)) {
      const name = placeholderName(found[1] ?? '');
      if (name !== '') names.add(name);
    }
    return text;
  });
  return [...names];
}

/** The placeholders that match neither a field label nor a built-in (the editor warns about these). */
export function unmatchedPlaceholders(html: string, fieldLabels: readonly string[]): string[] {
  const resolve = resolverFor(fieldLabels);
  return listPlaceholders(html).filter((name) => resolve(name) === undefined);
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

type Match = { kind: 'field'; name: string } | { kind: 'builtIn'; name: BuiltIn };

function resolverFor(fieldLabels: readonly string[]): (name: string) => Match | undefined {
  const exact = new Map<string, string>();
  const folded = new Map<string, string>();
  for (const label of fieldLabels) {
    const key = placeholderName(label);
    if (!exact.has(key)) exact.set(key, label);
    if (!folded.has(key.toLowerCase())) folded.set(key.toLowerCase(), label);
  }
  return (name) => {
    const field = exact.get(name);
    if (field !== undefined) return { kind: 'field', name: field };
    const builtIn = BUILT_IN_PLACEHOLDERS.find((b) => b === name);
    if (builtIn !== undefined) return { kind: 'builtIn', name: builtIn };
    const foldedField = folded.get(name.toLowerCase());
    if (foldedField !== undefined) return { kind: 'field', name: foldedField };
    const foldedBuiltIn = BUILT_IN_PLACEHOLDERS.find((b) => b.toLowerCase() === name.toLowerCase());
    return foldedBuiltIn === undefined ? undefined : { kind: 'builtIn', name: foldedBuiltIn };
  };
}

function builtInHtml(name: BuiltIn, values: TemplateValues): string {
  switch (name) {
    case 'date':
      return escapeHtml(values.date);
    case 'Timestamp':
      return escapeHtml(values.timestamp);
    case 'Response ID':
      return escapeHtml(values.responseId);
    case 'Respondent':
      return escapeHtml(values.respondent ?? '');
    case 'Signature':
      if (values.signatureImageClass)
        return `<img class="${escapeHtml(values.signatureImageClass)}" alt="Signature" style="max-width:100%;height:auto">`;
      return values.signatureImageSrc
        ? `<img src="${escapeHtml(values.signatureImageSrc)}" alt="Signature" style="max-width:100%;height:auto">`
        : '';
  }
}

/** Answers keep their line breaks (long answers come from a textarea). */
function escapeAnswer(answer: string): string {
  return escapeHtml(answer).replace(/\r\n|\r|\n/g, '<br>');
}

/**
 * Applies `change` to the text between tags only; `seen` sees every piece of the input in order. A tag is
 * `<` up to the next `>` (sanitized HTML escapes `>` inside attribute values). Found with indexOf, not a regular expression: `<[^>]*>` retried at each of a
 * million unclosed `<` scans to the end each time. Once no `>` follows, the rest is text.
 */
function mapText(
  html: string,
  change: (text: string) => string,
  seen: (piece: string) => void = () => undefined,
): string {
  const parts: string[] = [];
  const text = (piece: string) => {
    seen(piece);
    parts.push(change(piece));
  };
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const close = open < 0 ? -1 : html.indexOf('>', open);
    if (open < 0 || close < 0) {
      text(html.slice(at));
      break;
    }
    if (open > at) text(html.slice(at, open));
    const tag = html.slice(open, close + 1);
    seen(tag);
    parts.push(tag);
    at = close + 1;
  }
  return parts.join('');
}

function placeholderName(inner: string): string {
  return decodeEntities(inner)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return codePoint(Number.parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith('#')) return codePoint(Number.parseInt(lower.slice(1), 10)) ?? whole;
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

function codePoint(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}
