/**
 * Pure pieces of the public form's server-rendered page (decision 0020): the inlined data, the title and
 * description, and the template the web build wrote (`form.html`) cut around the spot where the rendered
 * form goes.
 */

/**
 * JSON for a `<script type="application/json">` element: `<`, `>` and `&` are written as \u escapes, so
 * no answer or form name can close the element (`</script>`) or open a comment; U+2028 and U+2029 too,
 * for any reader that evaluates it as JavaScript. JSON.parse reads the same value back.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** About what search engines show of a page's description; longer text is cut at a word. */
export const DESCRIPTION_MAX = 155;

/**
 * A form's own text as one line for `<meta name="description">`: runs of white space (new lines too)
 * become one space, and text over `max` characters is cut at the last word that fits, with an ellipsis.
 * Counted in code points, so no emoji is cut in half. Not escaped: `composePage` does that.
 */
export function plainSummary(text: string, max = DESCRIPTION_MAX): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max - 1).join('');
  // Cut at a space if there is one in the last third; a single very long word is cut where it is.
  const space = head.lastIndexOf(' ');
  const cut = space >= (head.length * 2) / 3 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s.,;:!?\u2013\u2014-]+$/, '')}…`;
}

export const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/** The template around the form: everything before the root element's content, and after it. */
export interface PageTemplate {
  /** Up to `<title>`. */
  head: string;
  /** From `</title>` to the root element's opening tag (included). */
  beforeRoot: string;
  /** From the root element's closing tag to the end. */
  afterRoot: string;
}

/**
 * Cuts the built `form.html` for the server's pages: its stylesheets inline (no render-blocking request
 * before the first paint), its scripts at low fetch priority, any description of its own dropped, its
 * title and root element found exactly once. Throws when the template is not one this server can fill
 * (the caller then serves the page the browser renders alone).
 */
export function parseTemplate(html: string, readStylesheet: (href: string) => string): PageTemplate {
  const inlined = html
    .replace(
      /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
      (_tag, href: string) => `<style>${readStylesheet(href).replaceAll('</style', '<\\/style')}</style>`,
    )
    // The page paints and works without its script (it only hydrates what is there): the browser may
    // fetch it after what the first paint needs.
    .replaceAll('<script type="module"', '<script type="module" fetchpriority="low"')
    .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')
    // Each page gets its own description beside its title; a template's own would be a second one.
    .replace(/<meta name="description"[^>]*>\s*/g, '');
  const title = TITLE.exec(inlined);
  const rootAt = inlined.indexOf(ROOT_ELEMENT);
  if (!title || rootAt === -1 || inlined.indexOf(ROOT_ELEMENT, rootAt + 1) !== -1 || rootAt < title.index) {
    throw new Error('form.html has no single <title> and <div id="root"></div> after it');
  }
  const openEnd = rootAt + ROOT_ELEMENT.length - '</div>'.length;
  return {
    head: inlined.slice(0, title.index),
    beforeRoot: inlined.slice(title.index + title[0].length, openEnd),
    afterRoot: inlined.slice(openEnd),
  };
}

/**
 * The whole page: the title and description, the rendered form inside #root, and the data it was
 * rendered from. Title and description are the form owner's text, escaped like the markup React writes.
 */
export function composePage(
  template: PageTemplate,
  page: { title: string; description: string; markup: string; data: unknown; dataElementId: string },
): string {
  return (
    `${template.head}<title>${escapeHtml(page.title)}</title>` +
    `<meta name="description" content="${escapeHtml(page.description)}">` +
    `${template.beforeRoot}${page.markup}</div>` +
    `<script type="application/json" id="${page.dataElementId}">${scriptJson(page.data)}</script>` +
    template.afterRoot.slice('</div>'.length)
  );
}
