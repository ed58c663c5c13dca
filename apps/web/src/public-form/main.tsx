// The respondent pages' entry. It holds no React: on /form/{formId} the server already rendered the form
// (decision 0020), which works as a plain HTML form, so React and the form's code are loaded when the
// respondent first acts on the page (or at once where the page needs them: a login, a cookie banner, a
// signature pad), then hydrate what is there. Without the server's data (/form-login, a build without
// the renderer) the browser renders the page itself, as before.
import './public-form.css';
import { STORAGE_KEYS } from './lib/constants';
import { loadPublicForm } from './lib/form-api';
import { reportFrameHeight } from './lib/frame-height';
import { storage } from './lib/storage';
import { FORM_PAGE_DATA_ID, type FormPageData, needsScriptAtOnce } from './logic/page-data';
import { formIdFromPath } from './logic/redirect';

// Inside an iframe the page drops its background so it blends into the host site.
let framed = true;
try {
  framed = window.self !== window.top;
} catch {
  framed = true;
}
if (framed) document.documentElement.setAttribute('data-framed', '');
// Framed, the page reports its height at once (before any React loads), for the host's embed script.
if (framed) reportFrameHeight();

function readPageData(): FormPageData | undefined {
  const element = document.getElementById(FORM_PAGE_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as FormPageData;
  } catch {
    return undefined;
  }
}

/** What makes the page load its JavaScript: any sign of the respondent acting on it. */
const ACTIVITY = ['pointerdown', 'pointerover', 'touchstart', 'focusin', 'keydown', 'input'] as const;

function hydrateWhenNeeded(page: FormPageData): void {
  let started = false;
  let live = false;
  // A submit before the page is live waits for it and is then sent by the live form (client checks,
  // toasts, the JSON API). If the code cannot be loaded, the plain POST goes ahead instead.
  let waiting: HTMLFormElement | null = null;
  let failed = false;
  const onSubmit = (event: SubmitEvent) => {
    if (live || !(event.target instanceof HTMLFormElement)) return;
    if (failed) return;
    event.preventDefault();
    waiting = event.target;
    start();
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const type of ACTIVITY) document.removeEventListener(type, start, true);
    import('./client')
      .then((client) =>
        client.hydrateServerPage(page, () => {
          live = true;
          // For tests and measurements: the page's script has taken over.
          document.documentElement.setAttribute('data-live', '');
          document.removeEventListener('submit', onSubmit, true);
          waiting?.requestSubmit();
          waiting = null;
        }),
      )
      .catch(() => {
        failed = true;
        document.removeEventListener('submit', onSubmit, true);
        waiting?.submit();
      });
  };
  document.addEventListener('submit', onSubmit, true);
  if (needsScriptAtOnce(page.view)) {
    start();
    return;
  }
  for (const type of ACTIVITY) document.addEventListener(type, start, { capture: true, passive: true });
}

const data = readPageData();
if (!data) {
  // Start loading the form before React renders.
  const formId = formIdFromPath(window.location.pathname);
  if (formId) loadPublicForm(formId, storage.get(STORAGE_KEYS.formUserToken), { preload: true });
  import('./client').then((client) => client.renderClient());
} else if (data.view.kind !== 'submitted') {
  hydrateWhenNeeded(data);
}
