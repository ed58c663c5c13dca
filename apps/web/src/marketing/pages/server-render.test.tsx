// @vitest-environment node
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AssistantChatPage } from './assistant-chat-page';
import { ContactPage } from './contact-page';
import { HomePage } from './home-page';
import { PricingPage } from './pricing-page';

const PAGES: Array<[path: string, Page: ComponentType, h1: string]> = [
  ['/', HomePage, 'An AI powered spreadsheet assistant'],
  ['/chat', AssistantChatPage, 'Spreadsheet assistant'],
  ['/pricing', PricingPage, 'Simple pricing for every sheet'],
  ['/contact', ContactPage, 'Contact us'],
];

// No window, document or storage here: a page that touched them while rendering would throw.
describe('server render', () => {
  it.each(PAGES)('%s renders without a browser, with one h1', (path, Page, h1) => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(
      <StaticRouter location={path}>
        <Page />
      </StaticRouter>,
    );
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain(h1);
  });

  it('renders Home with the question box pre-filled and the chips still loading', () => {
    const html = renderToString(
      <StaticRouter location="/">
        <HomePage />
      </StaticRouter>,
    );
    expect(html).toContain('value="I want to"');
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-busy="true"');
  });
});
