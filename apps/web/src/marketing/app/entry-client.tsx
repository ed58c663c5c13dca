import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../marketing.css';
import { MarketingApp } from './marketing-app';
import { preloadRoute } from './route-page';
import { findMarketingRoute } from './routes';

/**
 * The browser entry of the public pages: hydrates the prerendered HTML (the current page's module is
 * loaded first, so hydration renders exactly what the build rendered). In development the root is empty
 * and the app simply renders.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const route = findMarketingRoute(window.location.pathname);
  if (route) await preloadRoute(route);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <MarketingApp />
      </BrowserRouter>
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
