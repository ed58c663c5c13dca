import type { Sharing } from '../access/sharing.js';
import type { StoredDocument } from '../docs/document-store.js';
import { emulatorBadge } from '../html/page-layout.js';
import { html, type SafeHtml } from '../html/safe-html.js';
import { documentUrl, type SpreadsheetMeta } from '../sheets/spreadsheet-model.js';

/** A spreadsheet with its sheets' data row counts, as the list shows it. */
export interface ListedSpreadsheet {
  meta: SpreadsheetMeta;
  dataRows: Map<number, number>;
}

const SHARING_LABELS = {
  none: 'Private',
  view: 'Anyone with the link can view',
  comment: 'Anyone with the link can comment',
  edit: 'Anyone with the link can edit',
} as const;

const PERSON_ROLES = { view: 'viewer', comment: 'commenter', edit: 'editor' } as const;

/** "Private", or the link access, plus the owner, the people and the domains it is shared with. */
export function describeSharing(sharing: Sharing, ownerEmail?: string): string {
  const people = sharing.people.map((person) => `${person.email} (${PERSON_ROLES[person.role]})`);
  const domains = (sharing.domains ?? []).map(
    (entry) => `everyone at ${entry.domain} (${PERSON_ROLES[entry.role]}s)`,
  );
  const owner = ownerEmail ? [`owned by ${ownerEmail}`] : [];
  return [SHARING_LABELS[sharing.link], ...owner, ...people, ...domains].join(' · ');
}

/** The list page: spreadsheets with their sharing forms, documents, and the two "new" forms. */
export function spreadsheetsPage(input: {
  prefix: string;
  spreadsheets: ListedSpreadsheet[];
  documents: StoredDocument[];
  notice?: { text: string; error?: boolean };
}): SafeHtml {
  const { prefix } = input;
  return html`${emulatorBadge()}
<h1>Spreadsheets</h1>
<p class="subtitle">Google Sheets and Docs served by the local emulator. The app reaches them through the Sheets, Drive and Docs APIs under <code>${prefix}</code>.</p>
${input.notice ? html`<p class="notice${input.notice.error ? ' error' : ''}" role="status">${input.notice.text}</p>` : ''}
<p id="copy-status" class="visually-hidden" role="status" aria-live="polite"></p>
<div class="grid2">
<section class="panel">
<h2 id="new-spreadsheet-heading">New spreadsheet</h2>
<form method="post" action="${prefix}/spreadsheets" aria-labelledby="new-spreadsheet-heading">
<div class="field"><label for="new-title">Title</label><input id="new-title" name="title" required maxlength="100" autocomplete="off"></div>
<div class="field"><label for="csv-file">CSV file</label><input id="csv-file" type="file" accept=".csv,text/csv" aria-describedby="csv-hint"></div>
<div class="field"><label for="csv-text">CSV text</label><textarea id="csv-text" name="csv" rows="4" aria-describedby="csv-hint"></textarea></div>
<p class="hint" id="csv-hint">Optional. Choosing a file fills in the text; the first line becomes the header row of "Sheet1". New spreadsheets are private until you change their sharing.</p>
<div class="actions"><button class="button" type="submit">Create spreadsheet</button></div>
</form>
</section>
<section class="panel">
<h2 id="new-document-heading">New document</h2>
<form method="post" action="${prefix}/documents" aria-labelledby="new-document-heading">
<div class="field"><label for="doc-title">Document name</label><input id="doc-title" name="title" required maxlength="100" autocomplete="off"></div>
<div class="field"><label for="doc-html">HTML body</label><textarea id="doc-html" name="html" rows="4" required>&lt;h1&gt;Hello {{Full Name}}&lt;/h1&gt;</textarea></div>
<div class="actions"><button class="button" type="submit">Add document</button></div>
</form>
</section>
</div>
<section aria-labelledby="list-heading">
<h2 id="list-heading">Spreadsheet list (${input.spreadsheets.length})</h2>
${input.spreadsheets.length === 0 ? html`<p class="meta">No spreadsheets yet. Create one below.</p>` : ''}
<ul class="items">
${input.spreadsheets.map((entry) => spreadsheetItem(prefix, entry))}
</ul>
</section>
<section aria-labelledby="documents-heading">
<h2 id="documents-heading">Documents</h2>
${input.documents.length === 0 ? html`<p class="meta">No documents yet.</p>` : ''}
<ul class="items">
${input.documents.map(
  (document) => html`<li class="item">
<h3>${document.title}</h3>
<p class="meta">${describeSharing(document.sharing)}</p>
${copyRow(`doc-url-${document.documentId}`, `URL of ${document.title}`, documentUrl(document.documentId))}
</li>`,
)}
</ul>
</section>`;
}

function spreadsheetItem(prefix: string, { meta, dataRows }: ListedSpreadsheet): SafeHtml {
  const sheets = [...meta.sheets].sort((a, b) => a.index - b.index);
  const first = sheets[0];
  const rowsLink = (title: string) =>
    `${prefix}/spreadsheets/${meta.spreadsheetId}?sheet=${encodeURIComponent(title)}`;
  const selectId = `sharing-${meta.spreadsheetId}`;
  const peopleId = `people-${meta.spreadsheetId}`;
  const ownerId = `owner-${meta.spreadsheetId}`;
  return html`<li class="item">
<h3><a href="${rowsLink(first?.title ?? '')}">${meta.title}</a></h3>
<p class="meta">${describeSharing(meta.sharing, meta.ownerEmail)}</p>
<ul class="tabs" aria-label="Sheets of ${meta.title}">
${sheets.map((sheet) => {
  const count = dataRows.get(sheet.sheetId) ?? 0;
  return html`<li><a href="${rowsLink(sheet.title)}">${sheet.title} · ${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}</a></li>`;
})}
</ul>
${copyRow(`url-${meta.spreadsheetId}`, `URL of ${meta.title}`, `https://docs.google.com/spreadsheets/d/${meta.spreadsheetId}/edit#gid=${first?.sheetId ?? 0}`)}
<form class="inline-form" method="post" action="${prefix}/spreadsheets/${meta.spreadsheetId}/sharing" aria-label="Sharing of ${meta.title}">
<div><label for="${selectId}">Sharing</label><select id="${selectId}" name="link">
${(['none', 'view', 'comment', 'edit'] as const).map(
  (link) =>
    html`<option value="${link}"${meta.sharing.link === link ? html` selected` : ''}>${SHARING_LABELS[link]}</option>`,
)}
</select></div>
<div><label for="${ownerId}">Owner (email)</label><input id="${ownerId}" name="owner" type="email" value="${meta.ownerEmail ?? ''}" placeholder="owner@example.com"></div>
<div><label for="${peopleId}">Shared with (one email a line, editors; add “viewer” or “commenter” after an email for one)</label><textarea id="${peopleId}" name="people" placeholder="name@example.com">${meta.sharing.people.map((person) => (person.role === 'edit' ? person.email : `${person.email} ${PERSON_ROLES[person.role]}`)).join('\n')}</textarea></div>
<button class="button secondary" type="submit">Save sharing</button>
</form>
</li>`;
}

function copyRow(id: string, label: string, value: string): SafeHtml {
  return html`<div class="copy-row"><label class="visually-hidden" for="${id}">${label}</label><input id="${id}" value="${value}" readonly><button class="button secondary small" type="button" data-copy="${id}" aria-label="Copy ${label}">Copy</button></div>`;
}
