import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { headTags } from './head';
import { MarketingApp } from './marketing-app';
import { preloadRoute } from './route-page';
import { MARKETING_ROUTES, type MarketingRoute } from './routes';

/** The build-time half of the public pages: each route rendered to HTML by React's static renderer. */
export { MARKETING_ROUTES };

export interface RenderedPage {
  route: MarketingRoute;
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** Title, description, canonical and Open Graph tags for `<head>`. */
  head: string;
}

export async function renderPage(route: MarketingRoute): Promise<RenderedPage> {
  await preloadRoute(route);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={route.path}>
        <MarketingApp />
      </StaticRouter>
    </StrictMode>,
    // Never outline a large boundary into a later chunk: that needs an inline script to reveal it, which
    // the pages' Content-Security-Policy forbids (the page would hydrate into a client render).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { route, html: await new Response(prelude).text(), head: headTags(route) };
}
