import { describe, expect, it } from 'vitest';
import { applyHead, headTags } from './head';
import { findMarketingRoute, MARKETING_ROUTES } from './routes';

describe('marketing routes and head tags', () => {
  it('gives every page its own title and description', () => {
    const titles = new Set(MARKETING_ROUTES.map((route) => route.title));
    const descriptions = new Set(MARKETING_ROUTES.map((route) => route.description));
    expect(titles.size).toBe(MARKETING_ROUTES.length);
    expect(descriptions.size).toBe(MARKETING_ROUTES.length);
    for (const route of MARKETING_ROUTES) {
      expect(route.description.length, route.path).toBeGreaterThanOrEqual(50);
      expect(route.description.length, route.path).toBeLessThanOrEqual(170);
      expect(route.module, route.path).toMatch(/^src\/marketing\/app\/route-pages\/[a-z-]+\.tsx$/);
    }
    expect(MARKETING_ROUTES.map((route) => route.path)).toEqual([
      '/',
      '/pricing',
      '/contact',
      '/chat',
      '/chat-support',
    ]);
  });

  it('finds a page by its path, with or without a trailing slash, and nothing else', () => {
    expect(findMarketingRoute('/')?.file).toBe('index.html');
    expect(findMarketingRoute('/pricing/')?.file).toBe('pricing.html');
    expect(findMarketingRoute('/dashboard/forms')).toBeUndefined();
    expect(findMarketingRoute('/pricing-old')).toBeUndefined();
  });

  it('writes title, description, canonical and Open Graph tags, escaped', () => {
    const route = { ...MARKETING_ROUTES[1]!, title: 'Plans & "prices" <2025>' };
    const head = headTags(route, 'https://forms.example.org');
    expect(head).toContain('<title>Plans &amp; "prices" &lt;2025&gt;</title>');
    expect(head).toContain(
      '<meta property="og:title" content="Plans &amp; &quot;prices&quot; &lt;2025&gt;" />',
    );
    expect(head).toContain('<link rel="canonical" href="https://forms.example.org/pricing" />');
    expect(head).toContain('<meta property="og:url" content="https://forms.example.org/pricing" />');
    expect(head).toContain(`<meta name="description" content="${route.description}" />`);
    expect(headTags(route)).toContain('href="%SHEETFORMS_PUBLIC_ORIGIN%/pricing"');
  });

  it("updates the document's head after a client-side navigation", () => {
    document.head.innerHTML = headTags(MARKETING_ROUTES[0]!, window.location.origin);
    const contact = MARKETING_ROUTES[2]!;
    applyHead(contact);
    expect(document.title).toBe(contact.title);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      contact.description,
    );
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/contact`,
    );
  });
});
