/**
 * The page the preview frame shows: the filled template with print-like styles. The frame is sandboxed
 * (no scripts, a unique origin) and this policy also keeps it from loading anything but images.
 */
export function previewDocument(filledHtml: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'">`,
    '<style>',
    'body{margin:24px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;overflow-wrap:anywhere}',
    'img{max-width:100%;height:auto}',
    'table{border-collapse:collapse;width:100%;margin:8px 0}',
    'td,th{border:1px solid #cbd5e1;padding:4px 8px;vertical-align:top;text-align:left}',
    'td p,th p{margin:0}',
    'h1,h2,h3,h4,h5,h6{line-height:1.25;margin:0.8em 0 0.4em}',
    'p{margin:0 0 0.5em}',
    '</style></head><body>',
    filledHtml,
    '</body></html>',
  ].join('');
}
