import sanitizeHtml from 'sanitize-html';

/**
 * The one allowlist for template HTML. Everything a template holds is stored through it and rendered by
 * a browser engine (PDF) or shown to the owner, so it keeps document formatting only: no scripts,
 * frames, forms, SVG, event handlers or URLs that run code, and no URL the renderer would fetch (images
 * must be inlined as data URIs; an image pointing anywhere else, e.g. an internal address, is dropped).
 * `{{placeholders}}` are plain text and survive untouched.
 */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const TEXT_TAGS = ['p', 'br', 'hr', 'span', 'div', 'blockquote', 'pre', 'code'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const INLINE_FORMATTING = ['b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup'];
const LISTS = ['ul', 'ol', 'li'];
const TABLES = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

/** Inline images only, in formats every renderer decodes; base64 so no markup can hide inside. */
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;
const LINK_REL = 'noopener noreferrer nofollow';

// CSS values: whitespace-separated tokens, none of which may hold parentheses except rgb()/rgba(),
// backslashes (CSS escapes could spell url() or expression()), quotes or semicolons. Each token kind
// starts differently, so the patterns stay linear on long input.
const LENGTH = String.raw`-?(?:\d+(?:\.\d+)?|\.\d+)(?:px|pt|pc|em|rem|ex|ch|%|cm|mm|in|vw|vh)?`;
const RGB = String.raw`rgba?\(\s*[\d.]+%?\s*(?:,\s*[\d.]+%?\s*){2,3}\)`;
const HEX = '#[0-9a-fA-F]{3,8}';
const KEYWORD = '[a-zA-Z][a-zA-Z-]{0,30}';
const COLOR = `(?:${HEX}|${RGB}|${KEYWORD})`;

const exactly = (pattern: string) => new RegExp(`^\\s*(?:${pattern})\\s*$`);
const tokens = (token: string, max: number) =>
  new RegExp(`^\\s*(?:${token})(?:\\s+(?:${token})){0,${max - 1}}\\s*$`);

const COLOR_VALUE = [exactly(COLOR)];
const LENGTHS_VALUE = [tokens(`${LENGTH}|auto`, 4)];
const BORDER_VALUE = [tokens(`${LENGTH}|${HEX}|${RGB}|${KEYWORD}`, 4)];
const SIZE_VALUE = [exactly(`${LENGTH}|auto`)];

const BORDER_PROPERTIES = [
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-top-color',
  'border-right-color',
  'border-bottom-color',
  'border-left-color',
  'border-top-style',
  'border-right-style',
  'border-bottom-style',
  'border-left-style',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
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

const TEXT_STYLES: Record<string, RegExp[]> = {
  color: COLOR_VALUE,
  'background-color': COLOR_VALUE,
  'font-weight': [exactly('normal|bold|bolder|lighter|[1-9]00')],
  'font-style': [exactly('normal|italic|oblique')],
  'text-decoration': [tokens('none|underline|overline|line-through', 3)],
  'text-decoration-line': [tokens('none|underline|overline|line-through', 3)],
  'text-align': [exactly('left|right|center|justify|start|end')],
  'font-size': [exactly(`${LENGTH}|xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger`)],
  'line-height': [exactly(`${LENGTH}|normal`)],
  'vertical-align': [exactly(`${LENGTH}|baseline|sub|super|top|text-top|middle|bottom|text-bottom`)],
  ...Object.fromEntries(BOX_PROPERTIES.map((p) => [p, LENGTHS_VALUE])),
  ...Object.fromEntries(BORDER_PROPERTIES.map((p) => [p, BORDER_VALUE])),
};
const SIZED_STYLES: Record<string, RegExp[]> = { width: SIZE_VALUE, height: SIZE_VALUE };

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HEADINGS, ...TEXT_TAGS, ...INLINE_FORMATTING, ...LISTS, ...TABLES, 'a', 'img'],
  // Dropped with their content: text inside these is code or styling, never document text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'template',
    'svg',
    'math',
    'iframe',
    'object',
    'embed',
  ],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': TEXT_STYLES,
    img: SIZED_STYLES,
    table: SIZED_STYLES,
    td: SIZED_STYLES,
    th: SIZED_STYLES,
  },
  transformTags: {
    a: (tagName, attribs) => {
      // A relative or fragment link means nothing in a generated document; keep the text, drop the URL.
      const href = attribs.href?.trim() ?? '';
      const safe: sanitizeHtml.Attributes = SAFE_LINK.test(href) ? { href, rel: LINK_REL } : {};
      if (attribs.style !== undefined) safe.style = attribs.style;
      return { tagName, attribs: safe };
    },
    img: (tagName, attribs) => {
      const kept = { ...attribs };
      if (kept.src !== undefined && INLINE_IMAGE.test(kept.src.trim())) kept.src = kept.src.trim();
      else delete kept.src;
      return { tagName, attribs: kept };
    },
  },
  // An image without an inline source would only be a broken frame (or a fetch): remove it.
  exclusiveFilter: (frame) => frame.tag === 'img' && frame.attribs.src === undefined,
  allowedClasses: {},
};
