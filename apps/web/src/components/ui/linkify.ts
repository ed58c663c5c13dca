/** A piece of a message: plain text, or a web address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An address starts at a word boundary with http:// or https:// and runs to the next space or quote.
const ADDRESS = /(?<![\w@.+-])https?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'"»”’]$/;

/** Drops what usually follows an address in a sentence: a full stop, a comma, an unmatched ')'. */
function trimAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    if (TRAILING_PUNCTUATION.test(address)) {
      address = address.slice(0, -1);
      continue;
    }
    const closing = address.endsWith(')') ? ')' : address.endsWith(']') ? ']' : null;
    if (closing) {
      const opening = closing === ')' ? '(' : '[';
      const opened = address.split(opening).length - 1;
      const closed = address.split(closing).length - 1;
      if (closed > opened) {
        address = address.slice(0, -1);
        continue;
      }
    }
    return address;
  }
}

/** The address as a link target, or null unless it is a well-formed http(s) address with a host. */
function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits a message into text and http(s) links. Nothing else becomes a link (`javascript:`, `data:`,
 * `mailto:`…), and the text is never read as markup: callers render every part as a text node.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    if (href === null) continue;
    plain += text.slice(last, start);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  plain += text.slice(last);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}
