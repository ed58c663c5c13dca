import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PublicApp } from './app';
import type { FormPageData } from './logic/page-data';

function container(): HTMLElement {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  return root;
}

/** The browser renders the page alone: /form-login, or a build without the server's renderer. */
export function renderClient(): void {
  createRoot(container()).render(
    <StrictMode>
      <PublicApp />
    </StrictMode>,
  );
}

/** Takes over the page the server rendered, with the data it rendered it from (no second request). */
export function hydrateServerPage(data: FormPageData, onMounted: () => void): void {
  const location = window.location.pathname + window.location.search;
  hydrateRoot(
    container(),
    <StrictMode>
      <PublicApp initial={{ location, data }} onMounted={onMounted} />
    </StrictMode>,
  );
}
