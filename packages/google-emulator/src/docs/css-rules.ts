/** CSS declarations by property name (lower case), later ones winning. */
export type Declarations = Map<string, string>;

/** How Google's export styles a list level: a counter style (ordered) or a literal glyph (bulleted). */
export type ListLevelCss = { counter: string } | { symbol: string };

/** What the emulator reads from a document's `<style>` blocks. */
export interface StyleSheet {
  /** Declarations of simple class selectors (`.c0{font-weight:700}`), by class name. */
  classes: Map<string, Declarations>;
  /** Google's list rules (`.lst-kix_abc-0>li:before{content:"\0025cf  "}`), by `kix_abc-0`. */
  listLevels: Map<string, ListLevelCss>;
}

const LIST_RULE = /^\.lst-(kix_[A-Za-z0-9_]+-\d+)>li:before$/;

/**
 * Reads the parts of a style sheet that change how text looks in Docs: simple class rules (Google's export
 * styles every run and paragraph through generated classes such as `.c0`) and its list glyph rules. Other
 * selectors (tags, descendants, media queries) are ignored: the emulator is not a browser.
 */
export function parseStyleSheet(css: string): StyleSheet {
  const classes = new Map<string, Declarations>();
  const listLevels = new Map<string, ListLevelCss>();
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@import[^;]*;/g, '');
  for (const match of source.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const body = match[2] ?? '';
    for (const rawSelector of (match[1] ?? '').split(',')) {
      const selector = rawSelector.trim();
      const list = LIST_RULE.exec(selector);
      if (list?.[1]) {
        const level = listLevelCss(body);
        if (level) listLevels.set(list[1], level);
        continue;
      }
      if (!/^\.[A-Za-z_][\w-]*$/.test(selector)) continue;
      const name = selector.slice(1);
      const merged = classes.get(name) ?? new Map<string, string>();
      for (const [property, value] of parseDeclarations(body)) merged.set(property, value);
      classes.set(name, merged);
    }
  }
  return { classes, listLevels };
}

/** `font-weight:700; color: red` → `{font-weight: '700', color: 'red'}` (names lower case, values trimmed). */
export function parseDeclarations(text: string): Declarations {
  const declarations: Declarations = new Map();
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!important/i, '')
      .trim();
    if (property !== '' && value !== '') declarations.set(property, value);
  }
  return declarations;
}

function listLevelCss(body: string): ListLevelCss | undefined {
  const content = parseDeclarations(body).get('content');
  if (!content) return undefined;
  const counter = /counter\([^,)]+,\s*([a-z-]+)\s*\)/.exec(content);
  if (counter?.[1]) return { counter: counter[1] };
  if (/counter\(/.test(content)) return { counter: 'decimal' };
  const literal = /"((?:[^"\\]|\\.)*)"/.exec(content)?.[1];
  if (literal === undefined) return undefined;
  // CSS escapes: `\0025cf ` is U+25CF (the trailing space ends the escape).
  const symbol = literal
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/\\(.)/g, '$1')
    .trim();
  return symbol === '' ? undefined : { symbol };
}
