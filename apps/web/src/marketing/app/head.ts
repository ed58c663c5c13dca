import { type MarketingRoute, SITE_NAME } from './routes';

/**
 * The head of a marketing page: title, description, canonical and Open Graph tags. The prerender writes
 * them into each page's HTML with `SITE_ORIGIN_PLACEHOLDER` for the origin (a build does not know where it
 * will be served); the server puts its public URL there when it loads the pages.
 */
export const SITE_ORIGIN_PLACEHOLDER = '%SHEETFORMS_PUBLIC_ORIGIN%';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The tags that go into `<head>` for one page (the title first: the template has none). */
export function headTags(route: MarketingRoute, origin = SITE_ORIGIN_PLACEHOLDER): string {
  const url = `${origin}${route.path}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(content)}" />`;
  return [
    `<title>${escapeText(route.title)}</title>`,
    meta('name', 'description', route.description),
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', route.title),
    meta('property', 'og:description', route.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', `${origin}/og-image.png`),
    meta('name', 'twitter:card', 'summary_large_image'),
  ].join('\n    ');
}

/** After a client-side navigation: the title, description and canonical of the new page. */
export function applyHead(route: MarketingRoute, doc: Document = document): void {
  doc.title = route.title;
  const url = `${doc.location.origin}${route.path}`;
  const set = (selector: string, attribute: 'content' | 'href', value: string) =>
    doc.querySelector(selector)?.setAttribute(attribute, value);
  set('meta[name="description"]', 'content', route.description);
  set('meta[property="og:title"]', 'content', route.title);
  set('meta[property="og:description"]', 'content', route.description);
  set('meta[property="og:url"]', 'content', url);
  set('link[rel="canonical"]', 'href', url);
}
