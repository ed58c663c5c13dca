import type { AuthConfig, FormDetail, FormTemplate } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GoogleTokenResponse } from '@/features/google-account/api/token-client-script';
import { GOOGLE_TOKEN_STORAGE_KEY } from '@/features/google-account/logic/google-token';
import { api, apiClient } from '@/lib/api-client';
import { fakeAdapter, problem } from '@/testing/fake-adapter';
import type { DocsDocument } from '../logic/docs-document';
import { DocumentTemplatesSection } from './document-templates-section';

const FORM_ID = 'abcDEF123456';
const DOC_ID = '1DocIdOfTwentyFiveCharsOrMore';
const DOC_URL = `https://docs.google.com/document/d/${DOC_ID}/edit`;
const SHEET_ID = '1SheetIdOfTwentyFiveCharsXYZ';
const DOCS_API = 'http://localhost/__google/docs';
const SHEETS_API = 'http://localhost/__google/sheets';
const SCRIPT_URL = 'http://localhost/__google/gsi/client';
const SCOPES = [
  'https://www.googleapis.com/auth/documents.readonly',
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/spreadsheets',
];

const authConfig: AuthConfig = {
  mode: 'local',
  googleClientId: 'local-client-id',
  authorizationEndpoint: 'http://localhost/__google/o/oauth2/v2/auth',
  scopes: ['openid', 'email', 'profile'],
  googleApis: {
    tokenClientScriptUrl: SCRIPT_URL,
    docsApiUrl: DOCS_API,
    sheetsApiUrl: SHEETS_API,
    driveApiUrl: 'http://localhost/__google/drive',
    scopes: SCOPES,
  },
};

const IMAGE_HOST = 'http://localhost/__google/images';
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const certificateDocument: DocsDocument = {
  title: 'Certificate',
  body: {
    content: [
      { sectionBreak: {} },
      {
        paragraph: {
          elements: [{ textRun: { content: 'Certificate\n', textStyle: {} } }],
          paragraphStyle: { namedStyleType: 'HEADING_1' },
        },
      },
      {
        paragraph: {
          elements: [
            { textRun: { content: 'Awarded to ', textStyle: {} } },
            { textRun: { content: '{{Name}}', textStyle: { bold: true } } },
            { textRun: { content: ' who likes {{Favourite Colour}}\n', textStyle: {} } },
          ],
          paragraphStyle: { namedStyleType: 'NORMAL_TEXT' },
        },
      },
    ],
  },
};

// The server's state, as the fake API answers it.
let templates: FormTemplate[];
let formResponses: FormDetail['formResponse'];
let apiCalls: { method: string; url: string; body: unknown }[];
let serveAuthConfig: () => AuthConfig;

function detail(): FormDetail {
  return {
    form: {
      id: 'f1',
      formId: FORM_ID,
      name: 'Awards',
      description: '',
      googleSheetsUrl: '',
      sheetName: '',
      jdata: [
        { label: 'Name', type: 'text', required: true, placeHolder: '', isRemoved: false },
        { label: 'Email', type: 'email', required: false, placeHolder: '', isRemoved: false },
      ],
      settings: {
        loginRequired: 0,
        templateEnabled: templates.length > 0 ? 1 : 0,
        templateUrl: '',
        templates,
        signatureEnabled: 0,
        signatureWidth: 400,
        signatureHeight: 200,
        gdprEnabled: 0,
      },
      dueDate: '2025-01-01',
      status: 'Active',
      openFormUrl: `http://localhost/form/${FORM_ID}`,
      iframeCode: '',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
    formResponse: formResponses,
    responseCount: formResponses.length,
    formUsers: [],
    formTemplate: templates,
    fieldWarnings: [],
  };
}

type Override = (method: string, url: string) => { status: number; data: unknown } | undefined;

function serveApi() {
  serveApiWith(() => undefined);
}

/** The fake API, with some calls answered by `override` first. */
function serveApiWith(override: Override) {
  api.defaults.adapter = fakeAdapter(async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    apiCalls.push({ method, url, body });
    const overridden = override(method, url);
    if (overridden) return overridden;
    if (method === 'GET' && url === '/auth/config') return { status: 200, data: { data: serveAuthConfig() } };
    if (method === 'GET' && url === `/forms/${FORM_ID}`) return { status: 200, data: { data: detail() } };
    if (method === 'POST' && url === `/forms/${FORM_ID}/templates`) {
      const template = { id: `t${templates.length + 1}`, ...body } as FormTemplate;
      templates = [...templates, template];
      return { status: 201, data: { data: template, message: 'Template added successfully' } };
    }
    const match = /^\/forms\/[^/]+\/templates\/([^/]+)$/.exec(url);
    if (match && method === 'PUT') {
      const id = match[1];
      templates = templates.map((t) => (t.id === id ? { ...t, ...body } : t));
      return { status: 200, data: { data: templates.find((t) => t.id === id) } };
    }
    if (match && method === 'DELETE') {
      templates = templates.filter((t) => t.id !== match[1]);
      return { status: 200, data: { data: null, message: 'Template deleted successfully!' } };
    }
    return { status: 404, data: problem(404, 'Not found') };
  });
}

/** A stand-in for Google Identity Services' token client, installed where the real script would put it. */
interface FakeGis {
  prompts: (string | undefined)[];
  /** The next request's window is closed by the owner (error_callback popup_closed). */
  closePopup?: boolean;
  revoked: string[];
  nextTokens: string[];
  clientConfig?: { client_id: string; scope: string };
}
let gis: FakeGis;

function installFakeGis() {
  gis = { prompts: [], revoked: [], nextTokens: ['token-1', 'token-2', 'token-3'] };
  window.google = {
    accounts: {
      oauth2: {
        initTokenClient: (config) => {
          gis.clientConfig = { client_id: config.client_id, scope: config.scope };
          return {
            requestAccessToken: (overrides) => {
              gis.prompts.push(overrides?.prompt);
              if (gis.closePopup) {
                setTimeout(
                  () => config.error_callback?.({ type: 'popup_closed', message: 'Popup window closed' }),
                  0,
                );
                return;
              }
              const accessToken = gis.nextTokens.shift();
              const response: GoogleTokenResponse = accessToken
                ? { access_token: accessToken, expires_in: 3599, token_type: 'Bearer', scope: config.scope }
                : { error: 'access_denied', error_description: 'The user denied access' };
              setTimeout(() => config.callback(response), 0);
            },
          };
        },
        revoke: (token, done) => {
          gis.revoked.push(token);
          done?.();
        },
      },
    },
  };
}

/** Google's Docs and Sheets APIs as the browser reaches them: only live tokens are accepted. */
let liveTokens: Set<string>;
let googleRequests: { url: string; authorization: string | null }[];
let documents: Record<string, DocsDocument | { status: number; message: string }>;

function serveGoogle() {
  liveTokens = new Set(['token-1', 'token-2', 'token-3']);
  googleRequests = [];
  documents = { [DOC_ID]: certificateDocument };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const authorization = new Headers(init?.headers).get('Authorization');
      googleRequests.push({ url, authorization });
      const token = authorization?.replace(/^Bearer /, '') ?? '';
      if (url.startsWith(IMAGE_HOST)) {
        // jsdom's FileReader reads only jsdom's Blob, so the image comes back as one.
        const found = url === `${IMAGE_HOST}/logo.png` && liveTokens.has(token);
        return {
          ok: found,
          status: found ? 200 : 404,
          statusText: found ? 'OK' : 'Not Found',
          blob: async () => new Blob([PNG_BYTES], { type: 'image/png' }),
        } as unknown as Response;
      }
      if (!liveTokens.has(token)) {
        return json(401, {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            status: 'UNAUTHENTICATED',
          },
        });
      }
      const documentMatch = new RegExp(`^${DOCS_API}/v1/documents/([^/?]+)$`).exec(url);
      if (documentMatch) {
        const found = documents[decodeURIComponent(documentMatch[1] ?? '')];
        if (!found) return json(404, { error: { code: 404, message: 'Requested entity was not found.' } });
        if ('status' in found)
          return json(found.status, { error: { code: found.status, message: found.message } });
        return json(200, found);
      }
      if (url.startsWith(`${SHEETS_API}/v4/spreadsheets/${SHEET_ID}?`)) {
        return json(200, { sheets: [{ properties: { title: "Bob's list", index: 0 } }] });
      }
      if (url.startsWith(`${SHEETS_API}/v4/spreadsheets/${SHEET_ID}/values/`)) {
        return json(200, {
          range: "'Bob''s list'!A1:B3",
          values: [
            ['Name', 'Prize'],
            ['{{Name}}', 'Gold'],
          ],
        });
      }
      return json(404, { error: { code: 404, message: 'Requested entity was not found.' } });
    }),
  );
}

function Harness() {
  const query = useQuery({
    queryKey: ['forms', 'detail', FORM_ID],
    queryFn: async () => (await apiClient.get<FormDetail>(`/forms/${FORM_ID}`)).data,
  });
  return query.data ? <DocumentTemplatesSection detail={query.data} /> : null;
}

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

function signedIn(token = 'token-1') {
  localStorage.setItem(
    GOOGLE_TOKEN_STORAGE_KEY,
    JSON.stringify({ accessToken: token, expiresAt: Date.now() + 60_000 }),
  );
}

async function addTemplate(name: string, url: string) {
  const form = await screen.findByRole('form', { name: 'Add template' });
  fireEvent.change(within(form).getByRole('textbox', { name: 'Template name' }), { target: { value: name } });
  fireEvent.change(within(form).getByRole('textbox', { name: 'Google Docs URL' }), {
    target: { value: url },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Add template' }));
  return form;
}

const certificateTemplate: FormTemplate = {
  id: 't1',
  name: 'Certificate',
  googleDocsUrl: DOC_URL,
  content: '<h1>Certificate</h1><p>Awarded to <b>{{Name}}</b> on {{date}}. Colour: {{Favourite Colour}}</p>',
};

beforeEach(() => {
  templates = [];
  formResponses = [];
  apiCalls = [];
  serveAuthConfig = () => authConfig;
  serveApi();
  installFakeGis();
  serveGoogle();
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.google;
});

describe('DocumentTemplatesSection', () => {
  it('asks the owner to sign in to Google first, then shows the templates', async () => {
    templates = [certificateTemplate];
    renderSection();

    expect(await screen.findByText(/reads your Google Docs with your permission/)).toBeDefined();
    expect(screen.getByText('1 template linked to this form.')).toBeDefined();
    expect(screen.queryByRole('form', { name: 'Add template' })).toBeNull();

    const signIn = await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(signIn).toHaveProperty('disabled', false));
    fireEvent.click(signIn);

    expect(await screen.findByText('Signed in to Google successfully')).toBeDefined();
    expect(gis.clientConfig).toEqual({ client_id: 'local-client-id', scope: SCOPES.join(' ') });
    expect(gis.prompts).toEqual([undefined]);
    const stored = JSON.parse(localStorage.getItem(GOOGLE_TOKEN_STORAGE_KEY) ?? '{}');
    expect(stored.accessToken).toBe('token-1');
    // Kept 30 days (spec 001 section 9), not Google's hour.
    expect(stored.expiresAt - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(await screen.findByRole('heading', { name: 'Certificate' })).toBeDefined();
    expect(screen.getByRole('form', { name: 'Add template' })).toBeDefined();
  });

  it('says when Google sign-in fails', async () => {
    gis.nextTokens = [];
    renderSection();
    const signIn = await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(signIn).toHaveProperty('disabled', false));
    fireEvent.click(signIn);
    expect(await screen.findByText('Google sign-in failed: The user denied access')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDefined();
  });

  it('shows the empty state, then checks name and URL as the spec says before importing anything', async () => {
    signedIn();
    renderSection();
    expect(await screen.findByText('No templates yet')).toBeDefined();

    const form = await addTemplate('', DOC_URL);
    expect(within(form).getByRole('alert').textContent).toBe('Both name and URL are required');
    expect(within(form).getByRole('textbox', { name: 'Template name' }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    await addTemplate('Certificate', 'https://docs.google.com/document/d/short/edit');
    expect(within(form).getByRole('alert').textContent).toBe('Please enter a valid Google Docs URL');
    expect(within(form).getByRole('textbox', { name: 'Google Docs URL' }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    expect(googleRequests).toEqual([]);
    expect(apiCalls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('imports the Google Doc with the owner token, stores its HTML and lists placeholders that match no field', async () => {
    signedIn();
    renderSection();
    const form = await addTemplate('Certificate', DOC_URL);

    expect(within(form).getByRole('button', { name: 'Adding...' })).toBeDefined();
    expect(await screen.findByText('Template added successfully')).toBeDefined();

    expect(googleRequests[0]).toEqual({
      url: `${DOCS_API}/v1/documents/${DOC_ID}`,
      authorization: 'Bearer token-1',
    });
    const post = apiCalls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Certificate',
      googleDocsUrl: DOC_URL,
      content: '<h1>Certificate</h1><p>Awarded to <b>{{Name}}</b> who likes {{Favourite Colour}}</p>',
    });

    const card = (await screen.findByRole('heading', { name: 'Certificate' })).closest('li') as HTMLElement;
    const unmatched = within(card).getByRole('list', { name: 'Placeholders that match no field' });
    expect(
      within(unmatched)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['{{Favourite Colour}}']);
    // The form is cleared for the next template.
    expect((within(form).getByRole('textbox', { name: 'Template name' }) as HTMLInputElement).value).toBe('');
  });

  it('imports the first sheet of a spreadsheet URL as a table', async () => {
    signedIn();
    renderSection();
    await addTemplate('Prizes', `https://docs.google.com/spreadsheets/d/${SHEET_ID}/edit#gid=0`);
    expect(await screen.findByText('Template added successfully')).toBeDefined();

    expect(googleRequests.map((request) => request.url)).toEqual([
      `${SHEETS_API}/v4/spreadsheets/${SHEET_ID}?fields=${encodeURIComponent('sheets.properties(title,index,gridProperties(rowCount,columnCount))')}`,
      `${SHEETS_API}/v4/spreadsheets/${SHEET_ID}/values/${encodeURIComponent("'Bob''s list'!A1:AX500")}?majorDimension=ROWS`,
    ]);
    expect(apiCalls.find((call) => call.method === 'POST')?.body).toMatchObject({
      content:
        '<table style="border-collapse: collapse"><thead><tr>' +
        '<th style="border: 1pt solid #000000; padding: 5pt">Name</th>' +
        '<th style="border: 1pt solid #000000; padding: 5pt">Prize</th></tr></thead><tbody><tr>' +
        '<td style="border: 1pt solid #000000; padding: 5pt">{{Name}}</td>' +
        '<td style="border: 1pt solid #000000; padding: 5pt">Gold</td></tr></tbody></table>',
    });
  });

  it('on a Google 401 clears the token, says the session expired, asks again silently and retries', async () => {
    signedIn('expired-token');
    gis.nextTokens = ['token-2'];
    renderSection();
    await addTemplate('Certificate', DOC_URL);

    expect(await screen.findByText('Google session expired. Refreshing authentication...')).toBeDefined();
    expect(await screen.findByText('Template added successfully')).toBeDefined();
    expect(gis.prompts).toEqual(['']);
    expect(googleRequests.map((request) => request.authorization)).toEqual([
      'Bearer expired-token',
      'Bearer token-2',
    ]);
    expect(JSON.parse(localStorage.getItem(GOOGLE_TOKEN_STORAGE_KEY) ?? '{}').accessToken).toBe('token-2');
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it("asks to sign in first when an import finds no token and the owner closes Google's window", async () => {
    signedIn();
    renderSection();
    await screen.findByRole('form', { name: 'Add template' });
    // Signed out meanwhile (another tab, or the token's 30 days ran out).
    localStorage.removeItem(GOOGLE_TOKEN_STORAGE_KEY);
    gis.closePopup = true;
    await addTemplate('Certificate', DOC_URL);

    expect(await screen.findByText('You need to sign in to Google first')).toBeDefined();
    expect(await screen.findByText('Please sign in to Google first')).toBeDefined();
    expect(screen.queryByText(/Google sign-in failed/)).toBeNull();
    expect(gis.prompts).toEqual([undefined]);
    expect(googleRequests).toEqual([]);
    expect(apiCalls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('inlines the document images as data URIs and warns about the ones it could not fetch', async () => {
    const image = (id: string, file: string) => ({
      objectId: id,
      inlineObjectProperties: {
        embeddedObject: { title: id, imageProperties: { contentUri: `${IMAGE_HOST}/${file}` } },
      },
    });
    documents[DOC_ID] = {
      inlineObjects: { 'kix.logo': image('kix.logo', 'logo.png'), 'kix.gone': image('kix.gone', 'gone.png') },
      body: {
        content: [
          {
            paragraph: {
              elements: [
                { inlineObjectElement: { inlineObjectId: 'kix.logo' } },
                { inlineObjectElement: { inlineObjectId: 'kix.gone' } },
                { textRun: { content: ' {{Name}}\n' } },
              ],
            },
          },
        ],
      },
    };
    signedIn();
    renderSection();
    await addTemplate('Badge', DOC_URL);

    expect(await screen.findByText('1 image could not be imported and was left out')).toBeDefined();
    expect(await screen.findByText('Template added successfully')).toBeDefined();
    expect(googleRequests.filter((request) => request.url.startsWith(IMAGE_HOST))).toEqual([
      { url: `${IMAGE_HOST}/logo.png`, authorization: 'Bearer token-1' },
      { url: `${IMAGE_HOST}/gone.png`, authorization: 'Bearer token-1' },
    ]);
    expect(apiCalls.find((call) => call.method === 'POST')?.body).toMatchObject({
      content: '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="kix.logo"> {{Name}}</p>',
    });
  });

  it("shows Google's reason when the document cannot be read, and stores nothing", async () => {
    documents[DOC_ID] = { status: 403, message: 'The caller does not have permission' };
    signedIn();
    renderSection();
    await addTemplate('Certificate', DOC_URL);

    expect(
      await screen.findByText('Failed to fetch document: The caller does not have permission'),
    ).toBeDefined();
    expect(apiCalls.filter((call) => call.method === 'POST')).toEqual([]);
    // The toast shows before the button's busy state is reset (the reset is the add's `finally`): wait for it.
    expect(await screen.findByRole('button', { name: 'Add template' })).toBeDefined();
  });

  it("shows the server's message when the template cannot be stored", async () => {
    signedIn();
    renderSection();
    api.defaults.adapter = fakeAdapter((config) =>
      config.method === 'post'
        ? { status: 413, data: problem(413, 'Template is too large (at most 1 MB of HTML)') }
        : { status: 200, data: { data: config.url === '/auth/config' ? authConfig : detail() } },
    );
    await addTemplate('Certificate', DOC_URL);
    expect(await screen.findByText('Template is too large (at most 1 MB of HTML)')).toBeDefined();
  });

  it('deletes a template only after confirmation', async () => {
    templates = [certificateTemplate];
    signedIn();
    renderSection();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Certificate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete template?' });
    expect(within(dialog).getByText(/"Certificate" will be removed from this form/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCalls.filter((call) => call.method === 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Certificate' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete template?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Template deleted successfully!')).toBeDefined();
    expect(apiCalls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/forms/${FORM_ID}/templates/t1`,
    ]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Certificate' })).toBeNull());
    expect(screen.getByText('No templates yet')).toBeDefined();
  });

  it("says 'Template not found in API data' when the server no longer has the template, and refreshes the list", async () => {
    templates = [certificateTemplate];
    signedIn();
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Certificate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete template?' });
    // Deleted meanwhile in another tab: the server's list lacks the one this page shows.
    templates = [];
    serveApiWith((method, url) =>
      method === 'DELETE' && url.startsWith(`/forms/${FORM_ID}/templates/`)
        ? { status: 404, data: problem(404, 'Template not found', 'TEMPLATE_NOT_FOUND') }
        : undefined,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Template not found in API data')).toBeDefined();
    expect(screen.queryByText(/Failed to delete template/)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Certificate' })).toBeNull());
    expect(screen.getByText('No templates yet')).toBeDefined();
  });

  it('edits a template: an empty name is refused, a new name re-imports the document', async () => {
    templates = [certificateTemplate];
    signedIn();
    renderSection();

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Certificate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    const name = within(dialog).getByRole('textbox', { name: 'Template name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Template name cannot be empty');
    expect(googleRequests).toEqual([]);

    fireEvent.change(name, { target: { value: 'Award' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template updated successfully')).toBeDefined();
    expect(apiCalls.find((call) => call.method === 'PUT')).toMatchObject({
      url: `/forms/${FORM_ID}/templates/t1`,
      body: {
        name: 'Award',
        googleDocsUrl: DOC_URL,
        content: expect.stringContaining('{{Favourite Colour}}'),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Award' })).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('previews the template filled with the latest response in a sandboxed frame', async () => {
    templates = [certificateTemplate];
    formResponses = [
      {
        id: 'r-old',
        response: { Name: 'Old Ann' },
        createdAt: '2026-01-01T10:00:00.000Z',
        respondent: null,
        syncState: 'synced',
        syncError: null,
        formResponseWithTemplate: [],
      },
      {
        id: 'r-new',
        response: { Name: '<Bob & Co>' },
        createdAt: '2026-02-01T10:00:00.000Z',
        respondent: null,
        syncState: 'synced',
        syncError: null,
        formResponseWithTemplate: [],
      },
    ];
    signedIn();
    renderSection();

    fireEvent.click(await screen.findByRole('button', { name: 'Preview Certificate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Certificate' });
    expect(within(dialog).getByText('Filled with the latest response.')).toBeDefined();
    const frame = within(dialog).getByTitle('Preview of Certificate') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    const srcdoc = frame.getAttribute('srcdoc') ?? '';
    expect(srcdoc).toContain('Awarded to <b>&lt;Bob &amp; Co&gt;</b>');
    expect(srcdoc).not.toContain('Old Ann');
    // An unmatched placeholder stays as typed, so the owner sees it.
    expect(srcdoc).toContain('{{Favourite Colour}}');
  });

  it('previews with sample answers when the form has no responses', async () => {
    templates = [certificateTemplate];
    signedIn();
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Certificate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Certificate' });
    expect(within(dialog).getByText(/filled with 'Sample answer' for every field/)).toBeDefined();
    expect(within(dialog).getByTitle('Preview of Certificate').getAttribute('srcdoc')).toContain(
      'Awarded to <b>Sample answer</b>',
    );
  });

  it('signs out: revokes the token, forgets it and shows the sign-in button again', async () => {
    signedIn('token-1');
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out of Google' }));

    expect(await screen.findByText('Logged out from Google successfully')).toBeDefined();
    expect(gis.revoked).toEqual(['token-1']);
    expect(localStorage.getItem(GOOGLE_TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDefined();
  });

  it('says templates are unavailable when the server offers no Google APIs', async () => {
    serveAuthConfig = () => ({ ...authConfig, googleApis: undefined }) as unknown as AuthConfig;
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Google sign-in is not available right now',
    );
  });
});
