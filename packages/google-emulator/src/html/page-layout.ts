import { CODE_ICON } from './icons.js';
import { PAGE_STYLES } from './page-styles.js';
import { html, type SafeHtml, trustedHtml } from './safe-html.js';
import { WIDE_PAGE_STYLES } from './wide-page-styles.js';

/**
 * The label on every emulator page, so that no one mistakes it for Google's real sign-in.
 */
export function emulatorBadge(): SafeHtml {
  return html`<p class="badge">${CODE_ICON}<span>Google emulator · local mode</span></p>`;
}

/** A whole page: the card holding `content`, and the footer that says what this is. */
export function renderPage(page: {
  title: string;
  content: SafeHtml;
  /** A wide card (the data pages) instead of the sign-in card. */
  wide?: boolean;
  /** Same-origin scripts (the data pages' copy buttons and CSV reader). */
  scripts?: string[];
  footer?: string;
}): string {
  const footer =
    page.footer ??
    'Local stand-in for Google sign-in, for SheetForms development. Not affiliated with Google.';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light dark">
<title>${page.title}</title>
<style>${trustedHtml(PAGE_STYLES)}${page.wide ? trustedHtml(WIDE_PAGE_STYLES) : ''}</style>
${(page.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}
</head>
<body${page.wide ? html` class="wide"` : ''}>
<main class="card">
${page.content}
</main>
<footer class="page-footer">${footer}</footer>
</body>
</html>
`.markup;
}
