import { emulatorBadge } from '../html/page-layout.js';
import { html, type SafeHtml } from '../html/safe-html.js';
import { columnLetters } from '../sheets/a1-range.js';
import { cellText, type Rows } from '../sheets/cells.js';
import type { SheetProperties, SpreadsheetMeta } from '../sheets/spreadsheet-model.js';
import { describeSharing } from './spreadsheets-page.js';

/** Rows per page: enough to scan, small enough that the 100,000-row sheet renders at once. */
export const ROWS_PER_PAGE = 100;

/** A sheet's rows, one page at a time, in a plain table with row numbers and column letters. */
export function rowsPage(input: {
  prefix: string;
  meta: SpreadsheetMeta;
  sheet: SheetProperties;
  rows: Rows;
  page: number;
}): SafeHtml {
  const { prefix, meta, sheet, rows } = input;
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const page = Math.min(Math.max(1, input.page), pages);
  const start = (page - 1) * ROWS_PER_PAGE;
  const slice = rows.slice(start, start + ROWS_PER_PAGE);
  const width = Math.max(1, ...slice.map((row) => row.length));
  const link = (title: string, pageNumber = 1) =>
    `${prefix}/spreadsheets/${meta.spreadsheetId}?sheet=${encodeURIComponent(title)}${pageNumber > 1 ? `&page=${pageNumber}` : ''}`;
  const sheets = [...meta.sheets].sort((a, b) => a.index - b.index);
  const pager = html`<nav class="pager" aria-label="Pages">
${page > 1 ? html`<a href="${link(sheet.title, page - 1)}" rel="prev">Previous page</a>` : ''}
<span>Page ${page} of ${pages} · rows ${rows.length === 0 ? 0 : start + 1}–${start + slice.length} of ${rows.length.toLocaleString('en-US')}</span>
${page < pages ? html`<a href="${link(sheet.title, page + 1)}" rel="next">Next page</a>` : ''}
</nav>`;
  return html`${emulatorBadge()}
<p><a href="${prefix}/">← All spreadsheets</a></p>
<h1>${meta.title}</h1>
<p class="meta">${describeSharing(meta.sharing)} · grid ${sheet.rowCount} × ${sheet.columnCount}</p>
<ul class="tabs" aria-label="Sheets">
${sheets.map((other) =>
  other.sheetId === sheet.sheetId
    ? html`<li><span aria-current="page">${other.title}</span></li>`
    : html`<li><a href="${link(other.title)}">${other.title}</a></li>`,
)}
</ul>
${pager}
${
  rows.length === 0
    ? html`<p class="meta">This sheet has no cells.</p>`
    : html`<div class="table-wrap"><table>
<caption class="visually-hidden">${sheet.title}, rows ${start + 1} to ${start + slice.length}</caption>
<thead><tr><th scope="col"><span class="visually-hidden">Row</span></th>${Array.from({ length: width }, (_, col) => html`<th scope="col">${columnLetters(col)}</th>`)}</tr></thead>
<tbody>
${slice.map(
  (row, offset) =>
    html`<tr><th scope="row">${start + offset + 1}</th>${Array.from({ length: width }, (_, col) => html`<td>${cellText(row[col])}</td>`)}</tr>`,
)}
</tbody>
</table></div>`
}
${pages > 1 ? pager : ''}`;
}
