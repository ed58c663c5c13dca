/** Page margins of every PDF (the browser's print options take them; CSS handles the rest). */
export const PAGE_MARGIN = { top: '18mm', right: '16mm', bottom: '18mm', left: '16mm' } as const;

/**
 * Nothing in the document may load anything but inline data: a second wall behind the renderer's
 * request blocking (which aborts whatever still asks), so a template cannot reach the network.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'; form-action 'none'";

/**
 * Print CSS: tables paginate cleanly (their header row repeats on each page, rows are not split across
 * pages), images never overflow the page, headings stay with what follows.
 */
const PRINT_CSS = `
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #111; font: 11pt/1.45 "Liberation Sans", "DejaVu Sans", Arial, Helvetica, sans-serif;
  overflow-wrap: break-word; }
img, svg { max-width: 100%; height: auto; }
img { break-inside: avoid; }
table { border-collapse: collapse; max-width: 100%; }
thead { display: table-header-group; }
tfoot { display: table-footer-group; }
tr, th, td { break-inside: avoid; page-break-inside: avoid; }
th, td { vertical-align: top; }
h1, h2, h3, h4, h5, h6 { break-after: avoid; page-break-after: avoid; break-inside: avoid; }
p, li { orphans: 3; widows: 3; }
pre { white-space: pre-wrap; }
`;

/** The HTML fragment of a filled template, wrapped in the document the browser prints. */
export function printDocument(bodyHtml: string, title = ''): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
    `<title>${escapeText(title)}</title>`,
    `<style>${PRINT_CSS}</style>`,
    '</head><body>',
    bodyHtml,
    '</body></html>',
  ].join('\n');
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
