import type { FormDetail, FormTemplate, ResponseItem, ResponsesPage } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ResponsesPage as ResponsesPageComponent } from './responses-page';

const FORM_ID = 'abcDEF123456';
const LONG_ANSWER = `First line of a long answer.\n${'All work and no play makes Jack a dull boy. '.repeat(12)}`;

interface Reply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

interface Call {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

/** Like testing/fake-adapter, plus reply headers (downloads are named by Content-Disposition). */
function adapter(handler: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>): AxiosAdapter {
  return async (config) => {
    const reply = await handler(config);
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: reply.headers ?? {},
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      'ERR_BAD_RESPONSE',
      config,
      {},
      response,
    );
  };
}

function problemBlob(status: number, detail: string) {
  return new Blob([JSON.stringify({ type: 'about:blank', title: 'Error', status, detail })], {
    type: 'application/problem+json',
  });
}

function item(overrides: Partial<ResponseItem> & Pick<ResponseItem, 'id' | 'createdAt'>): ResponseItem {
  return {
    response: {},
    respondent: null,
    syncState: 'synced',
    syncError: null,
    formResponseWithTemplate: [],
    ...overrides,
  };
}

const ada = item({
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2026-11-25T09:41:00.000Z',
  response: {
    Email: 'ada@example.com',
    Name: 'Ada Lovelace',
    Comments: LONG_ANSWER,
    signature: '/api/v1/uploads/signatures/k1.png',
  },
});
const bob = item({
  id: '22222222-2222-4222-8222-222222222222',
  createdAt: '2026-11-24T08:00:00.000Z',
  response: { Name: 'Bob', Email: 'bob@example.com' },
  syncState: 'failed',
  syncError: 'The sheet "Leads" was deleted',
});

const certificate: FormTemplate = {
  id: 'tpl-1',
  name: 'Certificate',
  googleDocsUrl: 'https://docs.google.com/document/d/abcdefghijklmnopqrstuvwxyz/edit',
  content: '<p>Certificate for {{Name}}</p>',
};
const blank: FormTemplate = { ...certificate, id: 'tpl-2', name: 'Blank draft', content: '  ' };

function detail(overrides: Partial<FormDetail> = {}): FormDetail {
  return {
    form: {
      id: 'f1',
      formId: FORM_ID,
      name: 'Workshop sign-up',
      description: '',
      googleSheetsUrl: '',
      sheetName: '',
      jdata: [
        { label: 'Name', type: 'text', required: true, placeHolder: '', isRemoved: false },
        { label: 'Email', type: 'email', required: true, placeHolder: '', isRemoved: false },
        { label: 'Old question', type: 'text', required: false, placeHolder: '', isRemoved: true },
        { label: 'Comments', type: 'textarea', required: false, placeHolder: '', isRemoved: false },
      ],
      settings: {
        loginRequired: 0,
        templateEnabled: 0,
        templateUrl: '',
        templates: [],
        signatureEnabled: 1,
        signatureWidth: 400,
        signatureHeight: 200,
        gdprEnabled: 0,
      },
      dueDate: '2025-01-01',
      status: 'Active',
      openFormUrl: `http://localhost/form/${FORM_ID}`,
      iframeCode: '',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
    formResponse: [ada, bob],
    responseCount: 1234,
    formUsers: [],
    formTemplate: [],
    fieldWarnings: [],
    ...overrides,
  };
}

let calls: Call[];
let detailReply: () => Reply | Promise<Reply>;
let listReply: (params: Record<string, unknown>) => Reply | Promise<Reply>;
let extra: (call: Call) => Reply | Promise<Reply> | undefined;
let saved: { href: string; download: string }[];

function page(items: ResponseItem[], nextCursor: string | null = null, total = items.length): Reply {
  const body: ResponsesPage = { items, nextCursor, total };
  return { status: 200, data: { data: body } };
}

function serve() {
  api.defaults.adapter = adapter(async (config) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    calls.push(call);
    const custom = await extra(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.url === `/forms/${FORM_ID}`) return detailReply();
    if (call.method === 'GET' && call.url === `/forms/${FORM_ID}/responses`) return listReply(call.params);
    return { status: 404, data: { status: 404, detail: 'Not found' } };
  });
}

function renderPage(path = `/dashboard/responses?formId=${FORM_ID}`) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/responses', element: <ResponsesPageComponent /> },
      { path: '/dashboard/forms', element: <p>Forms dashboard</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

const listCalls = () => calls.filter((call) => call.url === `/forms/${FORM_ID}/responses`);
const table = () => screen.findByRole('table');
const row = (name: RegExp) => screen.getByRole('row', { name });

describe('ResponsesPage', { timeout: 20_000 }, () => {
  const originalAdapter = api.defaults.adapter;

  beforeEach(() => {
    calls = [];
    saved = [];
    detailReply = () => ({ status: 200, data: { data: detail() } });
    listReply = () => page([ada, bob]);
    extra = () => undefined;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // jsdom has neither object URLs nor downloads: record what the page hands to the browser.
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:http://localhost/file'),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    serve();
  });

  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    vi.restoreAllMocks();
  });

  it("says 'Form ID is required' and goes back to Manage Forms without a formId", async () => {
    const router = renderPage('/dashboard/responses');
    expect(await screen.findByText('Forms dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/forms');
    expect(await screen.findByText('Form ID is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows a skeleton, then Back to Forms, the breadcrumb and the three stat cards', async () => {
    let resolve: (reply: Reply) => void = () => {};
    detailReply = () => new Promise((r) => (resolve = r));
    renderPage();
    expect(screen.getByTestId('responses-skeleton')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => resolve({ status: 200, data: { data: detail() } }));

    const back = await screen.findByRole('link', { name: 'Back to Forms' });
    expect(back.getAttribute('href')).toBe('/dashboard/forms');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb.textContent?.replace(/\s+/g, ' ')).toBe('Manage Forms/Workshop sign-up');
    expect(within(breadcrumb).getByRole('link', { name: 'Manage Forms' }).getAttribute('href')).toBe(
      '/dashboard/forms',
    );
    expect(screen.getByText('Total Responses')).toBeTruthy();
    expect(screen.getByTestId('stat-total-responses').textContent).toBe((1234).toLocaleString());
    expect(screen.getByText('Form Fields')).toBeTruthy();
    // Four fields, one removed.
    expect(screen.getByTestId('stat-form-fields').textContent).toBe('3');
    expect(screen.getByText('Latest Response')).toBeTruthy();
    expect(screen.getByTestId('stat-latest-response').textContent).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(ada.createdAt)),
    );
  });

  it('lists the responses newest first under No., Timestamp, the fields and Actions, without Export when there are no templates', async () => {
    renderPage();
    const grid = await table();
    await within(grid).findByText('Ada Lovelace');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['No.', 'Timestamp', 'Name', 'Email', 'Comments', 'Signature', 'Actions']);
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2']);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('img', { name: 'Signature' })
        .getAttribute('src'),
    ).toBe('/api/v1/uploads/signatures/k1.png');
    // Bob skipped Comments and signed nothing.
    expect(within(rows[1] as HTMLElement).getAllByText('No answer')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Export/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download all as PDF' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('Showing 2 of 2 responses')).toBeTruthy();
    expect(listCalls()[0]?.params).toEqual({ limit: 50 });
  });

  it("shows the sync state of each row, with the reason of a failure and Retry of that row's response alone", async () => {
    const rowRetryUrl = `/forms/${FORM_ID}/responses/${bob.id}/retry-sync`;
    extra = (call) =>
      call.method === 'POST' && call.url === rowRetryUrl
        ? {
            status: 200,
            data: {
              data: { responseId: bob.id, state: 'pending' },
              message: 'Response queued for the sheet again',
            },
          }
        : undefined;
    renderPage();
    await screen.findByText('Bob');
    expect(within(row(/Ada Lovelace/)).getByText('Synced')).toBeTruthy();
    const failed = row(/Bob/);
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText(/The sheet "Leads" was deleted/)).toBeTruthy();
    fireEvent.click(within(failed).getByRole('button', { name: /^Retry/ }));
    expect(await screen.findByText('Response queued for the sheet again')).toBeTruthy();
    expect(calls.filter((call) => call.url === rowRetryUrl)).toHaveLength(1);
    // The form-wide retry belongs to Manage Forms; a row never queues the whole form.
    expect(calls.filter((call) => call.url === `/forms/${FORM_ID}/retry-sync`)).toHaveLength(0);
    // The list is refreshed so the row shows its new state.
    await waitFor(() => expect(listCalls().length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's reason when the row's response has not failed any more (409)", async () => {
    extra = (call) =>
      call.method === 'POST' && call.url === `/forms/${FORM_ID}/responses/${bob.id}/retry-sync`
        ? {
            status: 409,
            data: {
              status: 409,
              code: 'RESPONSE_ALREADY_SYNCED',
              detail: 'This response is already in the Google Sheet',
            },
          }
        : undefined;
    renderPage();
    await screen.findByText('Bob');
    fireEvent.click(within(row(/Bob/)).getByRole('button', { name: /^Retry/ }));
    expect(await screen.findByText('This response is already in the Google Sheet')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThanOrEqual(2));
  });

  it("shows 'No responses yet' for a form without responses", async () => {
    detailReply = () => ({ status: 200, data: { data: detail({ formResponse: [], responseCount: 0 }) } });
    listReply = () => page([]);
    renderPage();
    expect(
      await screen.findByText('Responses will appear here once users start submitting the form.'),
    ).toBeTruthy();
    expect(screen.getAllByText('No responses yet')).toHaveLength(2);
    expect(screen.getByTestId('stat-total-responses').textContent).toBe('0');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the inline error with Back to Forms and the toast when the form cannot be loaded', async () => {
    detailReply = () => ({ status: 500, data: { status: 500, detail: 'boom' } });
    renderPage();
    const alert = await screen.findByText('Failed to fetch form data. Please try again.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Forms' }).getAttribute('href')).toBe('/dashboard/forms');
    expect(await screen.findByText('Failed to load form responses')).toBeTruthy();
  });

  it('shows the same error and toast when the responses list cannot be loaded', async () => {
    listReply = () => ({ status: 500, data: { status: 500, detail: 'boom' } });
    renderPage();
    expect(await screen.findByText('Failed to fetch form data. Please try again.')).toBeTruthy();
    expect(await screen.findByText('Failed to load form responses')).toBeTruthy();
    listReply = () => page([ada]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
  });

  it('exports a PDF from the Export Template modal, with the spec toasts and the server file name', async () => {
    detailReply = () => ({ status: 200, data: { data: detail({ formTemplate: [certificate, blank] }) } });
    let finish: (reply: Reply) => void = () => {};
    extra = (call) =>
      call.method === 'POST' && call.url.endsWith('/pdf')
        ? new Promise<Reply>((r) => (finish = r))
        : undefined;
    renderPage();
    await screen.findByText('Ada Lovelace');
    fireEvent.click(within(row(/Ada Lovelace/)).getByRole('button', { name: /^Export/ }));
    const dialog = screen.getByRole('dialog', { name: 'Export Template' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close dialog', 'Certificate', 'Blank draft']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Certificate' }));

    expect(await screen.findByText('Generating PDF...')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const pdfCall = calls.find((call) => call.url.endsWith('/pdf'));
    expect(pdfCall).toMatchObject({
      method: 'POST',
      url: `/forms/${FORM_ID}/responses/${ada.id}/pdf`,
      body: { templateId: 'tpl-1' },
    });
    act(() =>
      finish({
        status: 200,
        data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
        headers: {
          'content-disposition': `attachment; filename="Certificate.pdf"; filename*=UTF-8''Certificat%20%C3%A9t%C3%A9.pdf`,
        },
      }),
    );
    const done = await screen.findByText('PDF generated and downloaded successfully');
    expect(saved).toEqual([{ href: 'blob:http://localhost/file', download: 'Certificat été.pdf' }]);
    // The success toast closes after 3 s (spec 001 section 9): its timer runs for 3000 ms.
    const toastElement = done.closest('.Toastify__toast') as HTMLElement;
    const timer = within(toastElement).getByRole('progressbar', { hidden: true });
    expect(timer.style.animationDuration).toBe('3000ms');
    expect(screen.queryByText('Generating PDF...')).toBeNull();
  });

  it("says 'Failed to generate PDF: {message}' with the server's reason", async () => {
    detailReply = () => ({ status: 200, data: { data: detail({ formTemplate: [certificate] }) } });
    extra = (call) =>
      call.url.endsWith('/pdf')
        ? { status: 503, data: problemBlob(503, 'PDF export needs Chromium (set CHROMIUM_PATH)') }
        : undefined;
    renderPage();
    await screen.findByText('Ada Lovelace');
    fireEvent.click(within(row(/Ada Lovelace/)).getByRole('button', { name: /^Export/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Certificate' }));
    expect(
      await screen.findByText('Failed to generate PDF: PDF export needs Chromium (set CHROMIUM_PATH)'),
    ).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it("says 'Template has no HTML content to export' without calling the server for an empty template", async () => {
    detailReply = () => ({ status: 200, data: { data: detail({ formTemplate: [blank] }) } });
    renderPage();
    await screen.findByText('Ada Lovelace');
    fireEvent.click(within(row(/Ada Lovelace/)).getByRole('button', { name: /^Export/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Blank draft' }));
    expect(await screen.findByText('Template has no HTML content to export')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('searches answers after the owner stops typing, and filters by local days', async () => {
    listReply = (params) => (params.q === 'Ada' ? page([ada]) : page([ada, bob]));
    renderPage();
    await screen.findByText('Bob');
    const search = screen.getByRole('searchbox', { name: 'Search answers' });
    fireEvent.change(search, { target: { value: 'A' } });
    fireEvent.change(search, { target: { value: 'Ad' } });
    fireEvent.change(search, { target: { value: ' Ada ' } });
    await waitFor(() => expect(screen.queryByText('Bob')).toBeNull());
    // One request for the finished word, none for the keys before it.
    expect(listCalls().map((call) => call.params.q)).toEqual([undefined, 'Ada']);
    expect(screen.getByText('Showing 1 of 1 response')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-25' } });
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toEqual({
        q: 'Ada',
        from: new Date(2026, 10, 1).toISOString(),
        to: new Date(2026, 10, 25, 23, 59, 59, 999).toISOString(),
        limit: 50,
      }),
    );

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
    expect(screen.getByText('The start date must be on or before the end date')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Bob')).toBeTruthy();
    expect((search as HTMLInputElement).value).toBe('');
  });

  it("says so when no response matches, instead of 'No responses yet'", async () => {
    listReply = (params) => (params.q ? page([]) : page([ada, bob]));
    renderPage();
    await screen.findByText('Bob');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search answers' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No matching responses')).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it("loads older responses with 'Load more'", async () => {
    const carol = item({
      id: '33333333-3333-4333-8333-333333333333',
      createdAt: '2026-11-20T08:00:00.000Z',
      response: { Name: 'Carol' },
    });
    listReply = (params) =>
      params.cursor === 'page-2' ? page([carol], null, 3) : page([ada, bob], 'page-2', 3);
    renderPage();
    await screen.findByText('Bob');
    expect(screen.getByText('Showing 2 of 3 responses')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Carol')).toBeTruthy();
    expect(within(row(/Carol/)).getAllByRole('cell')[0]?.textContent).toBe('3');
    expect(listCalls().at(-1)?.params).toEqual({ cursor: 'page-2', limit: 50 });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Showing 3 of 3 responses')).toBeTruthy();
  });

  it('opens the whole response in a drawer from a click or Enter on its row', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    await screen.findByText('Ada Lovelace');
    fireEvent.click(within(row(/Ada Lovelace/)).getByText('ada@example.com'));
    const drawer = screen.getByRole('dialog', { name: 'Response 1' });
    const comments = within(drawer).getByText(
      (_, element) => element?.textContent === LONG_ANSWER && element.tagName === 'SPAN',
    );
    expect(comments.className).toContain('whitespace-pre-wrap');
    expect(within(drawer).getByRole('img', { name: 'Signature' }).getAttribute('src')).toBe(
      '/api/v1/uploads/signatures/k1.png',
    );
    expect(within(drawer).getByText(ada.id)).toBeTruthy();
    expect(within(drawer).getByText('Synced')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Copy Response ID' }));
    expect(await screen.findByText('Response ID copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(ada.id);
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const bobRow = row(/Bob/);
    bobRow.focus();
    fireEvent.keyDown(bobRow, { key: 'Enter' });
    const second = screen.getByRole('dialog', { name: 'Response 2' });
    expect(within(second).getByText('Failed')).toBeTruthy();
    expect(within(second).getAllByText('The sheet "Leads" was deleted').length).toBeGreaterThan(0);
  });

  it('downloads all (filtered) responses as CSV and Excel under the server file name', async () => {
    extra = (call) => {
      if (!call.url.endsWith('/responses/export')) return undefined;
      if (call.params.format === 'xlsx') return { status: 500, data: problemBlob(500, 'Disk full') };
      return {
        status: 200,
        data: new Blob(['No.,Timestamp\n'], { type: 'text/csv' }),
        headers: { 'content-disposition': 'attachment; filename="workshop-sign-up-responses.csv"' },
      };
    };
    renderPage();
    await screen.findByText('Bob');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search answers' }), { target: { value: 'Ada' } });
    await waitFor(() => expect(listCalls().at(-1)?.params.q).toBe('Ada'));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { href: 'blob:http://localhost/file', download: 'workshop-sign-up-responses.csv' },
      ]),
    );
    // The browser's zone goes along, so the CSV's readable timestamps are the owner's.
    expect(calls.find((call) => call.url.endsWith('/export'))?.params).toEqual({
      format: 'csv',
      q: 'Ada',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    expect(await screen.findByText('Failed to download responses: Disk full')).toBeTruthy();
  });

  const zipReply = (call: { url: string }) =>
    call.url.endsWith('/pdf-zip')
      ? {
          status: 200,
          data: new Blob(['PK'], { type: 'application/zip' }),
          headers: { 'content-disposition': 'attachment; filename="Certificate.zip"' },
        }
      : undefined;

  it("'Download all as PDF' asks for every matching response, not only the rows shown, and says so", async () => {
    detailReply = () => ({ status: 200, data: { data: detail({ formTemplate: [certificate] }) } });
    extra = zipReply;
    renderPage();
    await screen.findByText('Bob');
    expect(screen.getByText('All 2 responses, one PDF each, in a ZIP')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download all as PDF' }));
    const dialog = screen.getByRole('dialog', { name: 'Download all as PDF' });
    expect(within(dialog).getByText(/each of the 2 responses becomes a PDF/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Certificate' }));
    expect(await screen.findByText('PDFs generated and downloaded successfully')).toBeTruthy();
    // No ids: the server takes every response matching the (here empty) filters, on every page.
    expect(calls.find((call) => call.url.endsWith('/pdf-zip'))?.body).toEqual({ templateId: 'tpl-1' });
    expect(saved).toEqual([{ href: 'blob:http://localhost/file', download: 'Certificate.zip' }]);
  });

  it("downloads the selected rows as PDFs in one ZIP with 'Download selected as PDF'", async () => {
    detailReply = () => ({ status: 200, data: { data: detail({ formTemplate: [certificate] }) } });
    extra = zipReply;
    renderPage();
    await screen.findByText('Bob');
    expect(screen.queryByRole('button', { name: /selected as PDF/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('button', { name: 'Download 2 selected as PDF' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select response 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download 1 selected as PDF' }));
    const dialog = screen.getByRole('dialog', { name: 'Download selected as PDF' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Certificate' }));
    expect(await screen.findByText('PDFs generated and downloaded successfully')).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/pdf-zip'))).toMatchObject({
      method: 'POST',
      url: `/forms/${FORM_ID}/responses/pdf-zip`,
      body: { templateId: 'tpl-1', responseIds: [bob.id] },
    });
  });
});
