import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './public-form.css';
import { PublicApp } from './app';
import { STORAGE_KEYS } from './lib/constants';
import { loadPublicForm } from './lib/form-api';
import { storage } from './lib/storage';
import { formIdFromPath } from './logic/redirect';

// Inside an iframe the page drops its background so it blends into the host site.
let framed = true;
try {
  framed = window.self !== window.top;
} catch {
  framed = true;
}
if (framed) document.documentElement.setAttribute('data-framed', '');

// Start loading the form before React renders.
const formId = formIdFromPath(window.location.pathname);
if (formId) loadPublicForm(formId, storage.get(STORAGE_KEYS.formUserToken), { preload: true });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);
