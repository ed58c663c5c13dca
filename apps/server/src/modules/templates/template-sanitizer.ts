import sanitizeHtml from 'sanitize-html';
import { filterInlineStyle } from './inline-style.js';
import { signatureClass } from './signature-class.js';

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

/** At most this many distinct signature images in one document (a page has one or two). */
export const MAX_DOCUMENT_SIGNATURES = 20;

/**
 * The allowlist of sanitizeTemplateHtml, for HTML that names signature images by URL (html-to-pdf: the
 * page's filled template). An image whose source `isSignatureUrl` accepts loses its source and gets the
 * class of its URL's place in `signatureUrls` (the first 20 distinct ones); the caller then gives each
 * class its picture once, in a style sheet, after checking the URL really is a signature of the form. Any
 * other image is kept or dropped exactly as in a template.
 */
export function sanitizeWithSignatures(
  html: string,
  isSignatureUrl: (url: string) => boolean,
): { html: string; signatureUrls: string[] } {
  const signatureUrls: string[] = [];
  const classOf = (url: string): string | undefined => {
    let index = signatureUrls.indexOf(url);
    if (index < 0 && signatureUrls.length < MAX_DOCUMENT_SIGNATURES) index = signatureUrls.push(url) - 1;
    return index < 0 ? undefined : signatureClass(index);
  };
  const clean = sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, attribs) => {
        const src = attribs.src?.trim() ?? '';
        const className = isSignatureUrl(src) ? classOf(src) : undefined;
        if (className === undefined) return keepInlineImage(tagName, attribs);
        const { src: _url, class: _class, ...rest } = attribs;
        return { tagName, attribs: { ...rest, class: className } };
      },
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' && frame.attribs.src === undefined && frame.attribs.class === undefined,
    allowedClasses: { img: Array.from({ length: MAX_DOCUMENT_SIGNATURES }, (_, i) => signatureClass(i)) },
  });
  return { html: clean, signatureUrls };
}

const TEXT_TAGS = ['p', 'br', 'hr', 'span', 'div', 'blockquote', 'pre', 'code'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const INLINE_FORMATTING = ['b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup'];
const LISTS = ['ul', 'ol', 'li'];
const TABLES = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

/** Inline images only, in formats every renderer decodes; base64 so no markup can hide inside. */
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** Whether an image source (as the parser decoded it) is one the allowlist keeps. */
export const isInlineImageSource = (src: string) => INLINE_IMAGE.test(src.trim());

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;
const LINK_REL = 'noopener noreferrer nofollow';

/** An image keeps its source only when it is inline data, and never a class (only signatures get one). */
function keepInlineImage(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { class: _class, ...kept } = attribs;
  if (kept.src !== undefined && INLINE_IMAGE.test(kept.src.trim())) kept.src = kept.src.trim();
  else delete kept.src;
  return { tagName, attribs: kept };
}

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
  // Styles are filtered by inline-style.ts (linear, bounded lengths), not by sanitize-html's postcss pass.
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      // A relative or fragment link means nothing in a generated document; keep the text, drop the URL.
      const href = attribs.href?.trim() ?? '';
      const safe: sanitizeHtml.Attributes = SAFE_LINK.test(href) ? { href, rel: LINK_REL } : {};
      if (attribs.style !== undefined) safe.style = attribs.style;
      return { tagName, attribs: safe };
    },
    img: (tagName, attribs) => keepInlineImage(tagName, attribs),
    '*': (tagName, attribs) => {
      if (attribs.style === undefined) return { tagName, attribs };
      const { style, ...rest } = attribs;
      const kept = filterInlineStyle(tagName, style);
      return { tagName, attribs: kept === '' ? rest : { ...rest, style: kept } };
    },
  },
  // An image without an inline source would only be a broken frame (or a fetch): remove it. This is the
  // last wall, not the first: sanitize-html removes an element by cutting its whole output back, so a
  // server call always has the guard (html-work/html-guard.ts) cut such images out first.
  exclusiveFilter: (frame) => frame.tag === 'img' && frame.attribs.src === undefined,
  allowedClasses: {},
};
