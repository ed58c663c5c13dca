import { Parser } from 'htmlparser2';

/** Thrown inside the parser's callbacks to stop reading once the answer is known. */
const FOUND = Symbol('found');

/**
 * Whether HTML would print anything: some text or an image once tags are set aside. `<p></p>`, spaces
 * and `&nbsp;` print a blank page, which the spec answers with 'Template has no HTML content to export'.
 * Read with the parser (linear, and it stops at the first printable thing), never with a regular
 * expression over the raw HTML. Text inside `<style>` or `<script>` would count; the HTML checked here
 * is sanitized, which keeps neither. Images of the `sf-signature-N` classes do not count: whether they
 * show anything depends on the signature behind them, which the caller checks.
 */
export function hasPrintableContent(html: string): boolean {
  try {
    new Parser(
      {
        onopentag(name, attribs) {
          // A signature image (sanitizeWithSignatures) counts only once its picture is known: the caller's.
          if (name === 'img' && !attribs.class?.startsWith('sf-signature-')) throw FOUND;
        },
        ontext(text) {
          if (/[^\s\u00a0]/.test(text)) throw FOUND;
        },
      },
      { decodeEntities: true },
    ).end(html);
    return false;
  } catch (error) {
    if (error === FOUND) return true;
    throw error;
  }
}
