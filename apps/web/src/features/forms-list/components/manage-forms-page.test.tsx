import type { FormListItem, FormSyncCounts, SheetAccess } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { type FakeReply, fakeAdapter, problem } from '@/testing/fake-adapter';
import {
  AUTH_CONFIG_WITH_GOOGLE_APIS,
  installFakeGoogleTokenClient,
  removeFakeGoogleTokenClient,
} from '@/testing/fake-google-token-client';
import { WAITING_FOR_SHEET_HINT } from '../logic/sync-health';
import { ManageFormsPage } from './manage-forms-page';
import { NO_ACCESS_DETAILS, NO_ACCESS_SHORT } from './sheet-status-cell';

const REGISTRATION_URL = 'https://docs.google.com/spreadsheets/d/registration123/edit';

function form(overrides: Partial<FormListItem> & Pick<FormListItem, 'formId' | 'name'>): FormListItem {
  return {
    id: `id-${overrides.formId}`,
    openFormUrl: `http://localhost/form/${overrides.formId}`,
    googleSheetsUrl: '',
    sheetName: '',
    iframeCode: `<iframe src="http://localhost/form/${overrides.formId}"></iframe>`,
    status: 'Active',
    createdAt: '2025-03-01T10:00:00.000Z',
    responseCount: 0,
    ...overrides,
  };
}

function access(accessible: boolean, error: SheetAccess['error'], message = 'ok'): SheetAccess {
  return { accessible, error, message, lastChecked: '2025-03-01T10:00:00.000Z', sheetExists: accessible };
}

const stats = { totalForms: 0, activeForms: 0, totalResponses: 0, responsesThisMonth: 0, forms: [] };

type Handler = (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply> | undefined;

interface Call {
  method: string;
  url: string;
  body: unknown;
}

let calls: Call[];
/** The server's /auth/config: without Google's APIs unless a test offers them (Verify with Google). */
let authConfig: object;
const AUTH_CONFIG_WITHOUT_GOOGLE_APIS = {
  mode: 'local',
  googleClientId: 'x',
  authorizationEndpoint: 'http://localhost/__google/o/oauth2/v2/auth',
  scopes: [],
};
let formsReply: () => FakeReply | Promise<FakeReply>;
let extra: Handler;
let checkReply: (body: { googleSheetsUrl: string; sheetName: string }) => FakeReply;
let syncCounts: () => FormSyncCounts;
/** The forms the list answered last: the fake batch check reads their settings, as the server does. */
let listed: FormListItem[];
/** Replaces the whole batch reply (a 429 of our own limit, ...); per form otherwise, by checkReply. */
let batchReply: ((formIds: string[]) => FakeReply) | undefined;

/** The server's batch check: each listed form's result by checkReply; a failed single reply is Error. */
function batchFromSingle(formIds: string[]): FakeReply {
  const results: Record<string, SheetAccess> = {};
  for (const formId of formIds) {
    const listedForm = listed.find((candidate) => candidate.formId === formId);
    if (!listedForm) continue;
    const reply = checkReply({
      googleSheetsUrl: listedForm.googleSheetsUrl,
      sheetName: listedForm.sheetName,
    });
    results[formId] =
      reply.status === 200
        ? (reply.data as { data: SheetAccess }).data
        : access(false, 'CHECK_FAILED', 'Failed to check spreadsheet access');
  }
  return { status: 200, data: { data: { results, unchecked: formIds.filter((id) => !(id in results)) } } };
}

function serve() {
  api.defaults.adapter = fakeAdapter(async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ method, url, body });
    const custom = await extra(config);
    if (custom) return custom;
    if (method === 'GET' && url === '/forms') {
      const reply = await formsReply();
      listed = (reply.data as { data?: FormListItem[] } | undefined)?.data ?? [];
      return reply;
    }
    if (method === 'POST' && url === '/forms/check-sheet-access/batch') {
      const { formIds } = body as { formIds: string[] };
      return batchReply ? batchReply(formIds) : batchFromSingle(formIds);
    }
    if (method === 'GET' && url === '/users/dashboard-stats') return { status: 200, data: { data: stats } };
    if (method === 'GET' && url === '/auth/config') return { status: 200, data: { data: authConfig } };
    if (method === 'POST' && url === '/forms/check-sheet-access') return checkReply(body);
    if (method === 'GET' && url === '/forms/sync-counts')
      return { status: 200, data: { data: syncCounts() } };
    return { status: 404, data: problem(404, 'Not found') };
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/dashboard/forms', element: <ManageFormsPage /> }], {
    initialEntries: ['/dashboard/forms'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

const checksMade = () => calls.filter((call) => call.url === '/forms/check-sheet-access');
const batchesMade = () => calls.filter((call) => call.url === '/forms/check-sheet-access/batch');
const countsFetched = () => calls.filter((call) => call.url === '/forms/sync-counts').length;

describe('ManageFormsPage', () => {
  const originalAdapter = api.defaults.adapter;

  beforeEach(() => {
    calls = [];
    authConfig = AUTH_CONFIG_WITHOUT_GOOGLE_APIS;
    listed = [];
    batchReply = undefined;
    formsReply = () => ({ status: 200, data: { data: [] } });
    extra = () => undefined;
    checkReply = () => ({ status: 200, data: { data: access(true, null, 'Connected to "Sheet".') } });
    syncCounts = () => ({});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve();
  });

  afterEach(() => {
    removeFakeGoogleTokenClient();
    api.defaults.adapter = originalAdapter;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the breadcrumb and the loading text while the list loads', async () => {
    formsReply = () => new Promise(() => {});
    renderPage();
    expect(await screen.findByText('Loading forms....')).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Forms' })).toBeTruthy();
  });

  it("shows 'No forms found' for an owner without forms", async () => {
    renderPage();
    expect(await screen.findByText('No forms found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the list-level error banner when the list fails to load', async () => {
    formsReply = () => ({ status: 500, data: problem(500, 'boom') });
    renderPage();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Failed to fetch forms. Please try again.');
  });

  it('lists forms with the eight columns and checks each configured sheet once', async () => {
    formsReply = () => ({
      status: 200,
      data: {
        data: [
          form({
            formId: 'ok',
            name: 'Connected form',
            googleSheetsUrl: REGISTRATION_URL,
            sheetName: 'Registrations',
          }),
          form({
            formId: 'private',
            name: 'Private form',
            googleSheetsUrl: `${REGISTRATION_URL}x`,
            sheetName: 'Budget',
          }),
          form({
            formId: 'missing',
            name: 'Missing form',
            googleSheetsUrl: `${REGISTRATION_URL}y`,
            sheetName: 'S',
          }),
          form({
            formId: 'broken',
            name: 'Broken form',
            googleSheetsUrl: `${REGISTRATION_URL}z`,
            sheetName: 'S',
          }),
          form({ formId: 'none', name: 'Plain form', status: 'Closed', responseCount: 1 }),
        ],
      },
    });
    checkReply = (body) => {
      if (body.sheetName === 'Budget')
        return { status: 200, data: { data: access(false, 'PERMISSION_DENIED') } };
      if (body.googleSheetsUrl.endsWith('y'))
        return { status: 200, data: { data: access(false, 'NOT_FOUND') } };
      if (body.googleSheetsUrl.endsWith('z')) return { status: 500, data: problem(500, 'down') };
      return { status: 200, data: { data: access(true, null) } };
    };
    renderPage();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'S.No.',
      'Name',
      'Open Form URL',
      'Google Sheets',
      'Sheet Status',
      'Iframe URL',
      'Form Status',
      'Action',
    ]);

    const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
    await waitFor(() => expect(within(row('Connected form')).getByText('Connected')).toBeTruthy());
    await waitFor(() => expect(within(row('Private form')).getByText('Setup Required')).toBeTruthy());
    expect(within(row('Private form')).getByTestId('sheet-status').getAttribute('title')).toBe(
      'Needs to be made public',
    );
    expect(within(row('Private form')).getByText('Needs to be made public')).toBeTruthy();
    await waitFor(() => expect(within(row('Missing form')).getByText('Invalid URL')).toBeTruthy());
    await waitFor(() => expect(within(row('Broken form')).getByText('Error')).toBeTruthy());
    expect(within(row('Broken form')).getByText('Failed to check spreadsheet access')).toBeTruthy();
    expect(within(row('Plain form')).getAllByText('Not configured').length).toBeGreaterThan(0);
    expect(within(row('Plain form')).queryByRole('button', { name: /Recheck/ })).toBeNull();
    // One call for the whole list, not one per form (issue 22).
    expect(checksMade()).toHaveLength(0);
    expect(batchesMade().map((call) => call.body)).toEqual([
      { formIds: ['ok', 'private', 'missing', 'broken'] },
    ]);

    const closed = within(row('Plain form')).getByTestId('form-status');
    expect(closed.textContent).toBe('Closed');
    expect(closed.className).toContain('text-red-700');
    expect(within(row('Connected form')).getByTestId('form-status').className).not.toContain('red');

    expect(within(row('Plain form')).getByRole('link', { name: /^Edit/ }).getAttribute('href')).toBe(
      '/dashboard/form-update?formId=none',
    );
    expect(
      within(row('Plain form'))
        .getByRole('link', { name: /^Responses/ })
        .getAttribute('href'),
    ).toBe('/dashboard/responses?formId=none');

    fireEvent.click(within(row('Connected form')).getByRole('button', { name: /Recheck/ }));
    await waitFor(() => expect(checksMade()).toHaveLength(1));
    expect(batchesMade()).toHaveLength(1);
  }, 20_000);

  it("shows No access with what to do when the owner can no longer open a bound form's spreadsheet", async () => {
    const advice =
      'You do not have access to this spreadsheet as owner@example.com. Ask its owner to share it with owner@example.com, or to set it to "Anyone with the link", then try again.';
    formsReply = () => ({
      status: 200,
      data: {
        data: [
          form({ formId: 'lost', name: 'Lost form', googleSheetsUrl: REGISTRATION_URL, sheetName: 'S' }),
        ],
      },
    });
    checkReply = () => ({ status: 200, data: { data: access(false, 'NO_OWNER_ACCESS', advice) } });
    renderPage();
    const row = await screen.findByRole('row', { name: /Lost form/ });
    await waitFor(() => expect(within(row).getByText('No access')).toBeTruthy());
    expect(within(row).getByTestId('sheet-status').getAttribute('data-status')).toBe('no-access');
    // The table's narrow column says it in short and folds the advice (a phone's card: below).
    expect(within(row).getByText(NO_ACCESS_SHORT)).toBeTruthy();
    const folded = within(row).getByText(advice).closest('details');
    expect(folded?.open).toBe(false);
    expect(folded?.querySelector('summary')?.textContent).toBe(
      `${NO_ACCESS_DETAILS} about the sheet of Lost form`,
    );
    expect(within(row).getByRole('button', { name: /Recheck/ })).toBeTruthy();
  });

  it('rejects an invalid URL inline: message, red border and Save disabled; saves trimmed values and rechecks', async () => {
    formsReply = () => ({ status: 200, data: { data: [form({ formId: 'f1', name: 'Survey' })] } });
    let putBody: unknown;
    extra = (config) => {
      if (config.method === 'put' && config.url === '/forms/f1') {
        putBody = JSON.parse(String(config.data));
        return { status: 200, data: { data: {}, message: 'Form updated successfully!' } };
      }
      return undefined;
    };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Add Google Sheets/ }));
    const url = screen.getByLabelText('Google Sheets URL');
    fireEvent.change(url, { target: { value: 'https://example.com/sheet' } });
    expect(screen.getByText('Invalid Google Sheets URL format')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(url.className).toContain('border-red-500');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(url, { target: { value: `  ${REGISTRATION_URL}  ` } });
    fireEvent.change(screen.getByLabelText('Sheet name'), { target: { value: ' Registrations ' } });
    expect(screen.queryByText('Invalid Google Sheets URL format')).toBeNull();
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() =>
      expect(putBody).toEqual({ googleSheetsUrl: REGISTRATION_URL, sheetName: 'Registrations' }),
    );
    expect(await screen.findByRole('link', { name: /View Sheet/ })).toBeTruthy();
    await waitFor(() => expect(checksMade()).toHaveLength(1), { timeout: 2000 });
    expect(checksMade()[0]?.body).toEqual({ googleSheetsUrl: REGISTRATION_URL, sheetName: 'Registrations' });
    expect(await screen.findByText('Connected')).toBeTruthy();
  });

  it("shows the server's words when the sheet settings name someone else's spreadsheet", async () => {
    const refusal =
      'You do not have access to this spreadsheet as owner@example.com. Ask its owner to share it with owner@example.com, or to set it to "Anyone with the link", then try again.';
    formsReply = () => ({ status: 200, data: { data: [form({ formId: 'f1', name: 'Survey' })] } });
    extra = (config) =>
      config.method === 'put' ? { status: 403, data: problem(403, refusal, 'NO_OWNER_ACCESS') } : undefined;
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Add Google Sheets/ }));
    fireEvent.change(screen.getByLabelText('Google Sheets URL'), { target: { value: REGISTRATION_URL } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByText('Failed to save Google Sheets settings. Please try again.')).toBeNull();
  });

  it('offers Verify with Google on No access and on a refused save: after it, the row is checked again and the save runs again', async () => {
    authConfig = AUTH_CONFIG_WITH_GOOGLE_APIS;
    const gis = installFakeGoogleTokenClient('teams-token');
    const refusal =
      'You do not have access to this spreadsheet as owner@example.com. Ask its owner to share it with owner@example.com as Editor, or to set it to "Anyone with the link" can edit, then try again.';
    let verified = false;
    const metadataTokens: unknown[] = [];
    formsReply = () => ({
      status: 200,
      data: {
        data: [
          form({ formId: 'team', name: 'Team form', googleSheetsUrl: REGISTRATION_URL, sheetName: 'S' }),
          form({ formId: 'f1', name: 'Survey' }),
        ],
      },
    });
    checkReply = () =>
      verified
        ? { status: 200, data: { data: access(true, null, 'Connected to "Sheet".') } }
        : { status: 200, data: { data: access(false, 'NO_OWNER_ACCESS', refusal) } };
    let puts = 0;
    extra = (config) => {
      if (config.url === '/sheets/metadata') {
        metadataTokens.push(config.headers.get('x-google-access-token'));
        verified = true;
        return { status: 200, data: { data: { title: 'Registrations', sheets: [] } } };
      }
      if (config.method === 'put') {
        puts += 1;
        return verified
          ? { status: 200, data: { data: {}, message: 'Form updated successfully!' } }
          : { status: 403, data: problem(403, refusal, 'NO_OWNER_ACCESS') };
      }
      return undefined;
    };
    renderPage();
    const row = await screen.findByRole('row', { name: /Team form/ });
    await waitFor(() => expect(within(row).getByText('No access')).toBeTruthy());
    // Connected rows and forms without a sheet offer nothing.
    const surveyRow = screen.getByRole('row', { name: /Survey/ });
    expect(within(surveyRow).queryByRole('button', { name: /Verify with Google/ })).toBeNull();

    // The refused save of the other form offers it too, beside the server's words.
    fireEvent.click(within(surveyRow).getByRole('button', { name: /Add Google Sheets/ }));
    fireEvent.change(screen.getByLabelText('Google Sheets URL'), { target: { value: REGISTRATION_URL } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toBe(1));
    const saveVerify = await within(surveyRow).findByRole('button', { name: /Verify with Google/ });
    await waitFor(() => expect((saveVerify as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(saveVerify);
    await waitFor(() => expect(puts).toBe(2));
    expect(metadataTokens).toEqual(['teams-token']);
    expect(await within(surveyRow).findByRole('link', { name: /View Sheet/ })).toBeTruthy();

    // And the status row: verifying checks it again.
    verified = false;
    const statusVerify = within(row).getByRole('button', { name: /Verify with Google/ });
    const checksBefore = checksMade().length;
    fireEvent.click(statusVerify);
    await waitFor(() => expect(checksMade().length).toBe(checksBefore + 1));
    await waitFor(() => expect(within(row).getByText('Connected')).toBeTruthy());
    // The button went away with No access: the status it changed has the focus.
    expect(document.activeElement).toBe(within(row).getByTestId('sheet-status'));
    expect(gis.prompts).toEqual([undefined, undefined]);
    expect(metadataTokens).toEqual(['teams-token', 'teams-token']);
  }, 20_000);

  it('keeps the editor open and alerts when saving the sheet settings fails', async () => {
    formsReply = () => ({ status: 200, data: { data: [form({ formId: 'f1', name: 'Survey' })] } });
    extra = (config) => (config.method === 'put' ? { status: 500, data: problem(500, 'down') } : undefined);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Add Google Sheets/ }));
    fireEvent.change(screen.getByLabelText('Google Sheets URL'), { target: { value: REGISTRATION_URL } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save Google Sheets settings. Please try again.')).toBeTruthy();
    expect(screen.getByLabelText('Google Sheets URL')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Google Sheets URL')).toBeNull();
  });

  it('deletes a form only after the confirm dialog, and alerts when deleting fails', async () => {
    formsReply = () => ({
      status: 200,
      data: {
        data: [
          form({ formId: 'f1', name: 'Keep me', responseCount: 12 }),
          form({ formId: 'f2', name: 'Bad one', responseCount: 1 }),
        ],
      },
    });
    extra = (config) => {
      if (config.method === 'delete' && config.url === '/forms/f1')
        return { status: 200, data: { data: null, message: 'Form deleted successfully' } };
      if (config.method === 'delete') return { status: 500, data: problem(500, 'down') };
      return undefined;
    };
    renderPage();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Keep me' });
    fireEvent.click(deleteButton);
    let dialog = await screen.findByRole('dialog', { name: 'Delete “Keep me”?' });
    expect(within(dialog).getByText('Are you sure you want to delete this form?')).toBeTruthy();
    expect(
      within(dialog).getByText('Its 12 responses are deleted with it. This cannot be undone.'),
    ).toBeTruthy();
    // Cancel has the focus: Enter on an opened dialog never deletes.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(deleteButton);
    dialog = await screen.findByRole('dialog', { name: 'Delete “Keep me”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Keep me', { selector: 'p' })).toBeNull());
    expect(await screen.findByText('Form deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/forms/f1']);
    // The row and its button are gone: focus goes to the table, not to <body>.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Forms' })));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Bad one' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete “Bad one”?' });
    expect(
      within(dialog).getByText('Its 1 response is deleted with it. This cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete form. Please try again.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Bad one', { selector: 'p' })).toBeTruthy();
  });

  it('copies the iframe code from its dialog', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    formsReply = () => ({ status: 200, data: { data: [form({ formId: 'f1', name: 'Survey' })] } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Copy iframe code/ }));
    const dialog = screen.getByRole('dialog', { name: 'Copy Iframe Code' });
    expect((within(dialog).getByLabelText('Iframe code') as HTMLTextAreaElement).readOnly).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy to Clipboard' }));
    expect(await screen.findByText('Iframe code copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('<iframe src="http://localhost/form/f1"></iframe>');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the setup dialog with the four steps and the local emulator address', async () => {
    renderPage();
    await screen.findByText('No forms found');
    fireEvent.click(screen.getByRole('button', { name: 'Google Sheets Setup' }));
    const dialog = screen.getByRole('dialog', { name: 'Google Sheets Integration Setup' });
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: `${window.location.origin}/__google/` })).toBeTruthy(),
    );
  });

  it("opens the form generator in a new tab from 'Add Form'", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Form' }));
    expect(open).toHaveBeenCalledWith('/dashboard/form-generator', '_blank', 'noopener');
  });

  describe('on a phone (issue 22)', () => {
    /** The window as a 390 px phone: every width query fails. */
    function phoneWidth() {
      vi.stubGlobal(
        'matchMedia',
        (query: string) =>
          ({
            matches: !/min-width/.test(query),
            media: query,
            onchange: null,
            addEventListener: () => {},
            removeEventListener: () => {},
            addListener: () => {},
            removeListener: () => {},
            dispatchEvent: () => false,
          }) as MediaQueryList,
      );
    }

    it("shows No access's advice in full on a card, not folded as in the table's column", async () => {
      phoneWidth();
      const advice =
        'You do not have access to this spreadsheet as owner@example.com. Ask its owner to share it with owner@example.com, or to set it to "Anyone with the link", then try again.';
      formsReply = () => ({
        status: 200,
        data: {
          data: [
            form({ formId: 'lost', name: 'Lost form', googleSheetsUrl: REGISTRATION_URL, sheetName: 'S' }),
          ],
        },
      });
      checkReply = () => ({ status: 200, data: { data: access(false, 'NO_OWNER_ACCESS', advice) } });
      renderPage();
      const card = await screen.findByRole('article', { name: /Lost form/ });
      await waitFor(() => expect(within(card).getByText('No access')).toBeTruthy());
      expect(within(card).getByText(advice).closest('details')).toBeNull();
      expect(within(card).queryByText(NO_ACCESS_SHORT)).toBeNull();
    });

    it('shows each form as a card with its name, responses, statuses and actions, and no table', async () => {
      phoneWidth();
      formsReply = () => ({
        status: 200,
        data: {
          data: [
            form({
              formId: 'a',
              name: 'Event sign-up',
              googleSheetsUrl: REGISTRATION_URL,
              sheetName: 'Registrations',
              responseCount: 7,
            }),
            form({ formId: 'b', name: 'Feedback', status: 'Closed' }),
          ],
        },
      });
      renderPage();
      const cards = await screen.findAllByTestId('form-card');
      expect(screen.queryByRole('table')).toBeNull();
      expect(cards).toHaveLength(2);
      const card = screen.getByRole('article', { name: 'Form 1: Event sign-up' });
      expect(within(card).getByRole('heading', { name: 'Form 1: Event sign-up' })).toBeTruthy();
      expect(within(card).getByText('7 responses')).toBeTruthy();
      await waitFor(() => expect(within(card).getByText('Connected')).toBeTruthy());
      expect(within(card).getByTestId('form-status').textContent).toBe('Form Status: Active');
      expect(within(card).getByRole('link', { name: /^View Sheet/ })).toBeTruthy();
      expect(within(card).getByRole('link', { name: /^Edit/ }).getAttribute('href')).toBe(
        '/dashboard/form-update?formId=a',
      );
      // The Delete button sits in the card its form names.
      fireEvent.click(within(card).getByRole('button', { name: 'Delete Event sign-up' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete “Event sign-up”?' });
      expect(
        within(dialog).getByText('Its 7 responses are deleted with it. This cannot be undone.'),
      ).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      const other = screen.getByRole('article', { name: 'Form 2: Feedback' });
      expect(within(other).getByTestId('form-status').className).toContain('text-red-700');
      expect(within(other).getByRole('button', { name: /Add Google Sheets/ })).toBeTruthy();
      expect(batchesMade()).toHaveLength(1);
    });

    it('shows the table where the eight columns fit', async () => {
      vi.stubGlobal(
        'matchMedia',
        (query: string) =>
          ({
            matches: true,
            media: query,
            addEventListener: () => {},
            removeEventListener: () => {},
          }) as unknown as MediaQueryList,
      );
      formsReply = () => ({ status: 200, data: { data: [form({ formId: 'a', name: 'Wide' })] } });
      renderPage();
      expect(await screen.findByRole('table')).toBeTruthy();
      expect(screen.queryByTestId('form-card')).toBeNull();
    });
  });

  describe('when Google or the server is busy (issue 22)', () => {
    const oneBoundForm = () => ({
      status: 200,
      data: {
        data: [form({ formId: 'f1', name: 'Busy form', googleSheetsUrl: REGISTRATION_URL, sheetName: 'S' })],
      },
    });
    const statusOf = async () => {
      const row = await screen.findByRole('row', { name: /Busy form/ });
      return within(row).getByTestId('sheet-status');
    };

    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    });

    it("shows a rate-limited list as 'retrying' in slate, not a red Error, and checks again 30 s later", async () => {
      formsReply = oneBoundForm;
      batchReply = () => ({ status: 429, data: problem(429, 'Too many requests', 'RATE_LIMITED') });
      renderPage();
      await waitFor(async () =>
        expect((await statusOf()).textContent).toBe('Could not check just now - retrying'),
      );
      const status = await statusOf();
      expect(status.getAttribute('data-status')).toBe('retrying');
      expect(status.className).toContain('text-slate-600');
      expect(status.className).not.toContain('red');
      expect(screen.queryByText('Error')).toBeNull();
      expect(screen.queryByText('Failed to check spreadsheet access')).toBeNull();

      batchReply = undefined;
      // Short of the 30 s retry by more than the real time a slow machine spends in between (the fake
      // clock also advances with real time here).
      await vi.advanceTimersByTimeAsync(25_000);
      expect(batchesMade()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(6_500);
      await waitFor(() => expect(batchesMade()).toHaveLength(2));
      expect(batchesMade()[1]?.body).toEqual({ formIds: ['f1'] });
      await waitFor(async () => expect((await statusOf()).textContent).toBe('Connected'));
    });

    it("shows Google's own 429 (a retryable result) as retrying, and waits twice as long each time", async () => {
      formsReply = oneBoundForm;
      checkReply = () => ({
        status: 200,
        data: {
          data: { ...access(false, 'CHECK_FAILED', 'Failed to check spreadsheet access'), retryable: true },
        },
      });
      renderPage();
      await waitFor(async () => expect((await statusOf()).getAttribute('data-status')).toBe('retrying'));
      await vi.advanceTimersByTimeAsync(30_500);
      await waitFor(() => expect(batchesMade()).toHaveLength(2));
      await waitFor(async () => expect((await statusOf()).getAttribute('data-status')).toBe('retrying'));
      // The second retry waits 60 s, not 30 s.
      await vi.advanceTimersByTimeAsync(45_000);
      expect(batchesMade()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(60_000);
      await waitFor(() => expect(batchesMade()).toHaveLength(3));
    });

    it('keeps a plain failure of the check as Error (red), without retrying', async () => {
      formsReply = oneBoundForm;
      batchReply = () => ({ status: 400, data: problem(400, 'Bad request', 'VALIDATION_FAILED') });
      renderPage();
      await waitFor(async () => expect((await statusOf()).textContent).toBe('Error'));
      expect((await statusOf()).className).toContain('text-red-700');
      await vi.advanceTimersByTimeAsync(120_000);
      expect(batchesMade()).toHaveLength(1);
    });

    it('does not retry while the page is hidden, and retries once it is shown again', async () => {
      formsReply = oneBoundForm;
      batchReply = () => ({ status: 503, data: problem(503, 'Unavailable', 'UNAVAILABLE') });
      renderPage();
      await waitFor(async () => expect((await statusOf()).getAttribute('data-status')).toBe('retrying'));
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
      fireEvent(document, new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(batchesMade()).toHaveLength(1);

      batchReply = undefined;
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
      fireEvent(document, new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(31_000);
      await waitFor(() => expect(batchesMade()).toHaveLength(2));
      await waitFor(async () => expect((await statusOf()).textContent).toBe('Connected'));
    });
  });
});

describe('ManageFormsPage sheet-sync health', () => {
  const originalAdapter = api.defaults.adapter;
  const SHARE_REASON =
    'Share the spreadsheet with sa@sheetforms.test as an Editor, then retry the failed responses.';

  beforeEach(() => {
    calls = [];
    authConfig = AUTH_CONFIG_WITHOUT_GOOGLE_APIS;
    listed = [];
    batchReply = undefined;
    formsReply = () => ({
      status: 200,
      data: {
        data: [
          form({ formId: 'f1', name: 'Survey', googleSheetsUrl: REGISTRATION_URL, sheetName: 'S' }),
          form({ formId: 'f2', name: 'Quiet form' }),
        ],
      },
    });
    extra = () => undefined;
    checkReply = () => ({ status: 200, data: { data: access(true, null) } });
    syncCounts = () => ({});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve();
  });

  afterEach(() => {
    removeFakeGoogleTokenClient();
    api.defaults.adapter = originalAdapter;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

  it('shows pending and failed counts with the latest reason, and retries the failed responses', async () => {
    let failed = 1;
    syncCounts = () => ({ f1: { pending: 2, failed } });
    let retried = 0;
    extra = (config) => {
      if (config.method === 'get' && config.url === '/forms/f1')
        return {
          status: 200,
          data: {
            data: {
              formResponse: [
                {
                  id: 'a',
                  response: {},
                  createdAt: '2025-03-01T10:00:00.000Z',
                  syncState: 'failed',
                  syncError: 'old',
                },
                {
                  id: 'b',
                  response: {},
                  createdAt: '2025-03-02T10:00:00.000Z',
                  syncState: 'failed',
                  syncError: SHARE_REASON,
                },
                {
                  id: 'c',
                  response: {},
                  createdAt: '2025-03-03T10:00:00.000Z',
                  syncState: 'synced',
                  syncError: null,
                },
              ],
            },
          },
        };
      if (config.method === 'post' && config.url === '/forms/f1/retry-sync') {
        retried += 1;
        failed = 0;
        return {
          status: 200,
          data: { data: { retried: 1 }, message: '1 response queued for the sheet again' },
        };
      }
      return undefined;
    };
    renderPage();
    expect(
      await within(await screen.findByRole('row', { name: /Survey/ })).findByText('2 pending'),
    ).toBeTruthy();
    const failedBadge = within(row('Survey')).getByText('1 failed');
    expect(failedBadge.className).toContain('text-red-700');
    await waitFor(() => expect(failedBadge.getAttribute('title')).toBe(SHARE_REASON));
    expect(within(row('Quiet form')).queryByTestId('sync-health')).toBeNull();
    expect(within(row('Quiet form')).queryByRole('button', { name: /Retry/ })).toBeNull();

    const before = countsFetched();
    fireEvent.click(within(row('Survey')).getByRole('button', { name: 'Retry failed responses of Survey' }));
    expect(await screen.findByText('1 response queued for the sheet again')).toBeTruthy();
    expect(retried).toBe(1);
    await waitFor(() => expect(countsFetched()).toBeGreaterThan(before));
    await waitFor(() => expect(within(row('Survey')).queryByText('1 failed')).toBeNull());
    expect(within(row('Survey')).getByText('2 pending')).toBeTruthy();
    expect(within(row('Survey')).queryByRole('button', { name: /Retry/ })).toBeNull();
  }, 20_000);

  it('says responses of a form without a sheet wait for one, with no failure and no Retry', async () => {
    // Quiet form has no sheet: the sync keeps its responses (counted as failed) until one is linked.
    syncCounts = () => ({ f2: { pending: 0, failed: 3 } });
    renderPage();
    const waiting = await within(await screen.findByRole('row', { name: /Quiet form/ })).findByText(
      '3 responses wait for a sheet',
    );
    expect(waiting.getAttribute('title')).toBe(WAITING_FOR_SHEET_HINT);
    expect(waiting.className).not.toContain('text-red-700');
    expect(within(row('Quiet form')).queryByText(/failed/)).toBeNull();
    expect(within(row('Quiet form')).queryByRole('button', { name: /Retry/ })).toBeNull();
    // No failure reason is asked for: there is none to show.
    expect(calls.some((call) => call.url === '/forms/f2')).toBe(false);
  });

  it("shows a form's retrying and failed e-mails and webhooks with the latest reason, and sends the failed ones again", async () => {
    let failed = 2;
    let retried = 0;
    extra = (config) => {
      if (config.method === 'get' && config.url === '/forms/delivery-counts')
        return {
          status: 200,
          data: {
            data:
              failed > 0 ? { f1: { retrying: 1, failed, lastError: 'HTTP 500 from hooks.example.com' } } : {},
          },
        };
      if (config.method === 'post' && config.url === '/forms/f1/deliveries/retry-failed') {
        retried += 1;
        failed = 0;
        return { status: 200, data: { data: { retried: 2 }, message: '2 deliveries queued to send again' } };
      }
      return undefined;
    };
    renderPage();
    const failedBadge = await within(await screen.findByRole('row', { name: /Survey/ })).findByText(
      '2 deliveries failed',
    );
    expect(failedBadge.getAttribute('title')).toBe('HTTP 500 from hooks.example.com');
    expect(within(row('Survey')).getByText('1 delivery retrying')).toBeTruthy();
    expect(within(row('Quiet form')).queryByTestId('delivery-health')).toBeNull();

    fireEvent.click(within(row('Survey')).getByRole('button', { name: 'Retry failed deliveries of Survey' }));
    expect(await screen.findByText('2 deliveries queued to send again')).toBeTruthy();
    expect(retried).toBe(1);
    await waitFor(() => expect(within(row('Survey')).queryByTestId('delivery-health')).toBeNull());
  }, 20_000);

  it('falls back to a generic tooltip and toasts the server error when a retry fails', async () => {
    syncCounts = () => ({ f1: { pending: 0, failed: 3 } });
    extra = (config) => {
      if (config.method === 'get' && config.url === '/forms/f1')
        return { status: 500, data: problem(500, 'down') };
      if (config.method === 'post' && config.url === '/forms/f1/retry-sync')
        return { status: 404, data: problem(404, 'Form not found', 'NOT_FOUND') };
      return undefined;
    };
    renderPage();
    const failedBadge = await screen.findByText('3 failed');
    await waitFor(() => expect(calls.some((call) => call.url === '/forms/f1')).toBe(true));
    expect(failedBadge.getAttribute('title')).toBe('Some responses could not be written to the sheet');
    expect(within(row('Survey')).queryByText(/pending/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed responses of Survey' }));
    expect(await screen.findByText('Form not found')).toBeTruthy();
    expect(screen.getByText('3 failed')).toBeTruthy();
  });

  it('polls the counts every 5 s while responses are pending and stops when none are', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let pending = 1;
    syncCounts = (): FormSyncCounts => (pending > 0 ? { f1: { pending, failed: 0 } } : {});
    renderPage();
    expect(await screen.findByText('1 pending')).toBeTruthy();
    const first = countsFetched();
    pending = 0;
    await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() => expect(countsFetched()).toBe(first + 1));
    await waitFor(() => expect(screen.queryByText('1 pending')).toBeNull());
    await vi.advanceTimersByTimeAsync(20_000);
    expect(countsFetched()).toBe(first + 1);
  });

  it('refetches the counts after the sheet settings are saved', async () => {
    syncCounts = () => ({ f1: { pending: 0, failed: 1 } });
    extra = (config) => {
      if (config.method === 'put' && config.url === '/forms/f1') {
        syncCounts = () => ({ f1: { pending: 1, failed: 0 } });
        return { status: 200, data: { data: {}, message: 'Form updated successfully!' } };
      }
      if (config.method === 'get' && config.url === '/forms/f1')
        return { status: 200, data: { data: { formResponse: [] } } };
      return undefined;
    };
    renderPage();
    expect(await screen.findByText('1 failed')).toBeTruthy();
    fireEvent.click(within(row('Survey')).getByRole('button', { name: 'Edit Google Sheets of Survey' }));
    fireEvent.change(screen.getByLabelText('Sheet name'), { target: { value: 'Registrations' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 pending')).toBeTruthy();
    expect(screen.queryByText('1 failed')).toBeNull();
  });
});
