import type { Form, SheetPreview, SpreadsheetMetadata, User } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth/hooks/use-auth';
import { api as http } from '@/lib/api-client';
import { fakeAdapter, problem } from '@/testing/fake-adapter';
import {
  AUTH_CONFIG_WITH_GOOGLE_APIS,
  installFakeGoogleTokenClient,
  removeFakeGoogleTokenClient,
} from '@/testing/fake-google-token-client';
import * as generatorApi from '../api/generator-api';
import { FormGeneratorPage } from './form-generator-page';

vi.mock(import('../api/generator-api'), async (original) => ({
  ...(await original()),
  getSpreadsheetMetadata: vi.fn(),
  getSheetPreview: vi.fn(),
  createForm: vi.fn(),
}));

const api = vi.mocked(generatorApi);
// Each test drives the whole page through several loads; a busy machine needs more than the default.
const PAGE_TEST = { timeout: 30_000 };

const URL_OK = 'https://docs.google.com/spreadsheets/d/abc123/edit#gid=0';
const user: User = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'User' };

const metadata: SpreadsheetMetadata = {
  spreadsheetId: 'abc123',
  title: 'Event Registration',
  sheets: [
    { id: 0, title: 'Registrations', index: 0 },
    { id: 1, title: 'Blank', index: 1 },
  ],
};

const preview: SheetPreview = {
  spreadsheetId: 'abc123',
  sheetName: 'Registrations',
  empty: false,
  headers: [
    {
      index: 0,
      name: 'Full Name',
      sampleData: ['Ada Lovelace', 'Alan Turing'],
      suggestedType: 'text',
      typeReason: 'default',
    },
    {
      index: 1,
      name: 'Email',
      sampleData: ['ada@example.com'],
      suggestedType: 'text',
      typeReason: 'default',
    },
    { index: 2, name: 'Phone', sampleData: [], suggestedType: 'text', typeReason: 'default' },
  ],
  rows: [
    ['Ada Lovelace', 'ada@example.com', '+44 1'],
    ['Alan Turing', 'alan@example.com', '+44 2'],
  ],
};

function httpError(status: number, body: unknown): AxiosError {
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    data: body,
    statusText: String(status),
    headers: {},
    config: {},
  } as AxiosResponse);
}

function auth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user,
    isLoading: false,
    isAuthenticated: true,
    startSession: () => {},
    endSession: () => {},
    loggedOut: false,
    ...overrides,
  };
}

function renderPage(value: AuthContextValue = auth()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/dashboard/forms', element: <p>forms dashboard</p> },
      { path: '/dashboard/form-generator', element: <FormGeneratorPage /> },
    ],
    { initialEntries: ['/dashboard/form-generator'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <AuthContext value={value}>
        <RouterProvider router={router} />
      </AuthContext>
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

async function loadSpreadsheet() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Google Sheets URL' }), { target: { value: URL_OK } });
  fireEvent.click(screen.getByRole('button', { name: 'Load Data' }));
  await screen.findByRole('combobox', { name: 'Sheet' });
}

async function pickSheet(name = 'Registrations') {
  fireEvent.change(screen.getByRole('combobox', { name: 'Sheet' }), { target: { value: name } });
}

async function loadRegistrations() {
  await loadSpreadsheet();
  await pickSheet();
  await screen.findByRole('checkbox', { name: 'Full Name' });
}

function fieldNames(): string[] {
  return within(screen.getByRole('list', { name: 'Form fields' }))
    .getAllByRole('checkbox', { name: /^(?!Required)/ })
    .map((box) => box.getAttribute('aria-label') ?? '');
}

beforeEach(() => {
  api.getSpreadsheetMetadata.mockReset().mockResolvedValue(metadata);
  api.getSheetPreview
    .mockReset()
    .mockImplementation(async (_url, sheet) =>
      sheet === 'Blank' ? { ...preview, sheetName: 'Blank', empty: true, headers: [], rows: [] } : preview,
    );
  api.createForm.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('FormGeneratorPage access', PAGE_TEST, () => {
  it('shows the credentials loader while auth resolves', () => {
    renderPage(auth({ isLoading: true, user: null, isAuthenticated: false }));
    expect(screen.getByRole('status').textContent).toContain('Verifying your credentials...');
  });

  it('shows Access Denied with Return to Home to a visitor who is not signed in', async () => {
    const router = renderPage(auth({ user: null, isAuthenticated: false }));
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Return to Home' }));
    await screen.findByText('home page');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('FormGeneratorPage loading a sheet', PAGE_TEST, () => {
  it('shows the Welcome panel first and validates the URL without calling the server', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Welcome to the Form Generator' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Google Sheets URL' }), {
      target: { value: 'https://example.com/sheet' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load Data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid Google Sheets URL');
    expect(screen.getByRole('textbox', { name: 'Google Sheets URL' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(api.getSpreadsheetMetadata).not.toHaveBeenCalled();
  });

  it('loads the sheets, asks for a sheet before create, then lists the fields and a 5-row preview', async () => {
    renderPage();
    await loadSpreadsheet();
    expect(api.getSpreadsheetMetadata).toHaveBeenCalledWith(URL_OK);
    const select = screen.getByRole('combobox', { name: 'Sheet' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a sheet…', 'Registrations', 'Blank']);

    fireEvent.click(screen.getByRole('button', { name: 'Create Form' }));
    expect(await screen.findByText('Please select a sheet first')).toBeTruthy();

    await pickSheet();
    await screen.findByRole('checkbox', { name: 'Full Name' });
    expect(api.getSheetPreview).toHaveBeenCalledWith(URL_OK, 'Registrations');
    expect(fieldNames()).toEqual(['Full Name', 'Email', 'Phone']);
    expect(screen.getByRole('textbox', { name: 'Form Name' })).toHaveProperty(
      'value',
      'Event Registration - Registrations',
    );

    const toggle = screen.getByRole('button', { name: /Data Preview/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('cell', { name: 'Alan Turing' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('cell', { name: 'Alan Turing' })).toBeNull();
  });

  it("shows 'Error loading sheets' when metadata fails without a server text, else the server's text", async () => {
    api.getSpreadsheetMetadata.mockRejectedValueOnce(new Error('Network Error'));
    renderPage();
    fireEvent.change(screen.getByRole('textbox', { name: 'Google Sheets URL' }), {
      target: { value: URL_OK },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load Data' }));
    expect((await screen.findAllByText('Error loading sheets')).length).toBeGreaterThan(0);

    api.getSpreadsheetMetadata.mockRejectedValueOnce(
      httpError(403, problem(403, 'The spreadsheet is not shared with SheetForms')),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load Data' }));
    expect(
      (await screen.findAllByText('The spreadsheet is not shared with SheetForms')).length,
    ).toBeGreaterThan(0);
  });

  it('shows the Empty Sheet Detected panel for an empty sheet and for a failed load with its error', async () => {
    renderPage();
    await loadSpreadsheet();
    await pickSheet('Blank');
    expect(await screen.findByRole('heading', { name: 'Empty Sheet Detected' })).toBeTruthy();
    expect(screen.getByText(/No fields yet/)).toBeTruthy();

    api.getSheetPreview.mockRejectedValueOnce(
      httpError(404, problem(404, 'Sheet "Registrations" not found')),
    );
    await pickSheet('Registrations');
    expect(await screen.findByText('Sheet "Registrations" not found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Empty Sheet Detected' })).toBeTruthy();
  });

  it('keeps Create disabled until a load succeeds, and a failed load leaves nothing of the previous sheet', async () => {
    renderPage();
    const create = () => screen.getByRole('button', { name: 'Create Form' });
    expect(create()).toHaveProperty('disabled', true);
    await loadRegistrations();
    expect(create()).toHaveProperty('disabled', false);

    api.getSpreadsheetMetadata.mockRejectedValueOnce(httpError(404, problem(404, 'Spreadsheet not found')));
    fireEvent.change(screen.getByRole('textbox', { name: 'Google Sheets URL' }), {
      target: { value: 'https://docs.google.com/spreadsheets/d/other456/edit' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load Data' }));
    expect((await screen.findAllByText('Spreadsheet not found')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('list', { name: 'Form fields' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Sheet' })).toBeNull();
    expect(screen.queryByRole('cell', { name: 'Alan Turing' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Form Name' })).toHaveProperty('value', '');
    expect(create()).toHaveProperty('disabled', true);
    fireEvent.click(create());
    expect(api.createForm).not.toHaveBeenCalled();
  });

  it('offers Verify with Google for a spreadsheet refused as not editable, and loads it once verified', async () => {
    const refusal =
      'You do not have access to this spreadsheet as ada@example.com. Ask its owner to share it with ada@example.com as Editor, or to set it to "Anyone with the link" can edit, then try again.';
    const verifications: unknown[] = [];
    const originalAdapter = http.defaults.adapter;
    http.defaults.adapter = fakeAdapter(async (config) => {
      if (config.url === '/auth/config') return { status: 200, data: { data: AUTH_CONFIG_WITH_GOOGLE_APIS } };
      if (config.url === '/sheets/metadata') {
        verifications.push([config.params?.url, config.headers.get('x-google-access-token')]);
        return { status: 200, data: { data: metadata } };
      }
      return { status: 404, data: problem(404, 'Not found') };
    });
    installFakeGoogleTokenClient('adas-work-token');
    try {
      api.getSpreadsheetMetadata.mockRejectedValueOnce(
        httpError(403, problem(403, refusal, 'NO_OWNER_ACCESS')),
      );
      renderPage();
      fireEvent.change(screen.getByRole('textbox', { name: 'Google Sheets URL' }), {
        target: { value: URL_OK },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Load Data' }));
      const panel = await screen.findByRole('region', { name: 'The spreadsheet could not be loaded' });
      expect(within(panel).getByText(refusal)).toBeTruthy();
      const verify = await within(panel).findByRole('button', { name: 'Verify with Google' });
      await waitFor(() => expect((verify as HTMLButtonElement).disabled).toBe(false));

      // Another address is not the refused one: nothing to verify for it until it is loaded.
      fireEvent.change(screen.getByRole('textbox', { name: 'Google Sheets URL' }), {
        target: { value: 'https://docs.google.com/spreadsheets/d/other456/edit' },
      });
      expect(within(panel).queryByRole('button', { name: 'Verify with Google' })).toBeNull();
      fireEvent.change(screen.getByRole('textbox', { name: 'Google Sheets URL' }), {
        target: { value: URL_OK },
      });

      const again = within(panel).getByRole('button', { name: 'Verify with Google' });
      await waitFor(() => expect((again as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(again);
      await screen.findByRole('combobox', { name: 'Sheet' });
      // The panel with the button is gone: the focus waits on the address that loaded.
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Google Sheets URL' }));
      expect(verifications).toEqual([[URL_OK, 'adas-work-token']]);
      // The load after it needs no token: the server remembers the proof.
      expect(api.getSpreadsheetMetadata).toHaveBeenCalledTimes(2);
      expect(api.getSpreadsheetMetadata).toHaveBeenLastCalledWith(URL_OK);
    } finally {
      removeFakeGoogleTokenClient();
      http.defaults.adapter = originalAdapter;
    }
  });

  it("reloads the sheets with 'Sheets reloaded successfully!'", async () => {
    renderPage();
    await loadRegistrations();
    fireEvent.click(screen.getByRole('button', { name: 'Reload sheets' }));
    expect(await screen.findByText('Sheets reloaded successfully!')).toBeTruthy();
    expect(api.getSpreadsheetMetadata).toHaveBeenCalledTimes(2);
    expect(api.getSheetPreview).toHaveBeenCalledTimes(2);
    expect(fieldNames()).toEqual(['Full Name', 'Email', 'Phone']);
  });
});

describe('FormGeneratorPage fields', PAGE_TEST, () => {
  it('renames inline on Enter, keeps the old name for an empty edit, and commits on blur and Escape', async () => {
    renderPage();
    await loadRegistrations();

    fireEvent.click(screen.getByRole('button', { name: 'Rename Full Name' }));
    const input = screen.getByRole('textbox', { name: 'New name for Full Name' });
    fireEvent.change(input, { target: { value: 'Name' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('checkbox', { name: 'Name' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Rename Email' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New name for Email' }), {
      target: { value: '  ' },
    });
    fireEvent.blur(screen.getByRole('textbox', { name: 'New name for Email' }));
    expect(screen.getByRole('checkbox', { name: 'Email' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Rename Phone' }));
    const phone = screen.getByRole('textbox', { name: 'New name for Phone' });
    fireEvent.change(phone, { target: { value: 'Mobile' } });
    fireEvent.keyDown(phone, { key: 'Escape' });
    expect(fieldNames()).toEqual(['Name', 'Email', 'Mobile']);
  });

  it('selects and deselects all with their messages, and refuses to create without fields', async () => {
    renderPage();
    await loadRegistrations();
    fireEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
    expect(await screen.findByText('All fields deselected')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Email' })).toHaveProperty('checked', false);
    fireEvent.click(screen.getByRole('button', { name: 'Create Form' }));
    expect(await screen.findByText('Please select fields for the form')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(await screen.findByText('All fields selected')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Email' })).toHaveProperty('checked', true);
  });

  it('adds custom headers with their validation messages', async () => {
    renderPage();
    await loadSpreadsheet();
    const nameBox = () => screen.getByRole('textbox', { name: 'Custom header name' });
    const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add Header' }));

    add();
    expect(await screen.findByText('Please enter a header name')).toBeTruthy();
    fireEvent.change(nameBox(), { target: { value: 'Notes' } });
    add();
    expect(await screen.findByText('Please load a sheet first')).toBeTruthy();

    await pickSheet();
    await screen.findByRole('checkbox', { name: 'Full Name' });
    add();
    expect(await screen.findByText('Custom header added!')).toBeTruthy();
    expect(fieldNames()).toEqual(['Full Name', 'Email', 'Phone', 'Notes']);
    expect(nameBox()).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: 'Type of Notes' })).toHaveProperty('value', 'text');
    expect(screen.getByRole('checkbox', { name: 'Required Notes' })).toHaveProperty('checked', false);
  });

  it('previews the selected fields as the form would look', async () => {
    renderPage();
    await loadRegistrations();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Phone' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Required Email' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));

    const form = screen.getByRole('form', { name: 'Form preview' });
    expect(within(form).getByRole('textbox', { name: 'Full Name' })).toHaveProperty(
      'placeholder',
      'Enter your full name',
    );
    expect(within(form).getByRole('textbox', { name: /Email/ })).toHaveProperty('required', true);
    expect(within(form).queryByRole('textbox', { name: 'Phone' })).toBeNull();
    expect(within(form).getByRole('button', { name: 'Submit Form' })).toBeTruthy();
  });
});

describe('FormGeneratorPage sheet columns', PAGE_TEST, () => {
  it('marks the system columns in the preview and never offers them as fields', async () => {
    api.getSheetPreview.mockResolvedValue({
      ...preview,
      headers: [
        {
          index: 0,
          name: 'Timestamp',
          sampleData: ['2025-01-01'],
          suggestedType: 'text',
          typeReason: 'default',
        },
        {
          index: 1,
          name: 'Full Name',
          sampleData: ['Ada Lovelace'],
          suggestedType: 'text',
          typeReason: 'default',
        },
        { index: 2, name: 'response id', sampleData: [], suggestedType: 'text', typeReason: 'default' },
      ],
      rows: [['2025-01-01', 'Ada Lovelace', 'r-1']],
    });
    renderPage();
    await loadSpreadsheet();
    await pickSheet();
    await screen.findByRole('checkbox', { name: 'Full Name' });
    expect(fieldNames()).toEqual(['Full Name']);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Timestamp/ }).textContent).toContain(
      'System column',
    );
    expect(within(table).getByRole('columnheader', { name: /response id/ }).textContent).toContain(
      'System column',
    );
    expect(within(table).getByRole('columnheader', { name: 'Full Name' }).textContent).toBe('Full Name');
  });

  it('offers duplicate headers but refuses Create until one is renamed, then binds each to its column', async () => {
    api.getSheetPreview.mockResolvedValue({
      ...preview,
      headers: [
        { index: 0, name: 'Email', sampleData: [], suggestedType: 'text', typeReason: 'default' },
        { index: 1, name: 'Name', sampleData: [], suggestedType: 'text', typeReason: 'default' },
        { index: 2, name: 'Email', sampleData: [], suggestedType: 'text', typeReason: 'default' },
      ],
      rows: [],
    });
    api.createForm.mockResolvedValue({ data: { formId: 'abcdefghijkl' } as Form, message: 'Created' });
    renderPage();
    await loadSpreadsheet();
    await pickSheet();
    await screen.findByRole('checkbox', { name: 'Name' });
    const message = 'Each field needs its own label: "Email" is used more than once.';
    const list = screen.getByRole('list', { name: 'Form fields' });
    expect(within(list).getAllByRole('checkbox', { name: 'Email' })).toHaveLength(2);
    expect(screen.getByText(message, { selector: 'p[role=alert]' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create Form' }));
    expect((await screen.findAllByText(message)).length).toBe(2);
    expect(api.createForm).not.toHaveBeenCalled();

    const [, second] = screen.getAllByRole('button', { name: 'Rename Email' });
    if (!second) throw new Error('no second Email');
    fireEvent.click(second);
    const input = screen.getByRole('textbox', { name: 'New name for Email' });
    fireEvent.change(input, { target: { value: 'Work Email' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('Writes to sheet column')).toBeTruthy();
    // The message next to the fields goes once the labels are distinct.
    expect(screen.queryByText(message, { selector: 'p[role=alert]' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create Form' }));
    await waitFor(() => expect(api.createForm).toHaveBeenCalledTimes(1));
    expect(api.createForm.mock.calls[0]?.[0].jdata).toEqual([
      expect.objectContaining({ label: 'Email', name: 'Email', column: 0 }),
      expect.objectContaining({ label: 'Name', name: 'Name', column: 1 }),
      expect.objectContaining({ label: 'Work Email', name: 'Email', column: 2 }),
    ]);
  });
});

describe('FormGeneratorPage create', PAGE_TEST, () => {
  const created = { formId: 'abcdefghijkl' } as Form;

  it('posts the selected fields in order with the settings, then opens the forms dashboard', async () => {
    api.createForm.mockResolvedValue({ data: created, message: 'Form created successfully!' });
    const router = renderPage();
    await loadRegistrations();

    fireEvent.change(screen.getByRole('combobox', { name: 'Type of Email' }), { target: { value: 'email' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Required Full Name' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Phone' }));
    const name = screen.getByRole('textbox', { name: 'Form Name' });
    fireEvent.change(name, { target: { value: 'Community Day' } });
    fireEvent.blur(name);
    const description = screen.getByRole('textbox', { name: 'Description' });
    fireEvent.change(description, { target: { value: 'Sign up here' } });
    fireEvent.blur(description);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Login required' }));

    fireEvent.click(screen.getByRole('button', { name: 'Create Form' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'));
    expect(await screen.findByText('Form created successfully!')).toBeTruthy();
    expect(api.createForm.mock.calls[0]?.[0]).toEqual({
      googleSheetsUrl: URL_OK,
      sheetName: 'Registrations',
      name: 'Community Day',
      description: 'Sign up here',
      settings: { loginRequired: 1 },
      jdata: [
        {
          label: 'Full Name',
          type: 'text',
          required: true,
          placeHolder: 'Enter your full name',
          name: 'Full Name',
          column: 0,
        },
        {
          label: 'Email',
          type: 'email',
          required: false,
          placeHolder: 'Enter your email',
          name: 'Email',
          column: 1,
        },
      ],
      dueDate: '2025-01-01',
    });
  });

  it("shows the server's message, else 'Error creating form', and stays on the page", async () => {
    api.createForm.mockRejectedValueOnce(httpError(400, problem(400, 'Form name is too long')));
    api.createForm.mockRejectedValueOnce(new Error('Network Error'));
    const router = renderPage();
    await loadRegistrations();

    fireEvent.click(screen.getByRole('button', { name: 'Create Form' }));
    expect(await screen.findByText('Form name is too long')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Form' }));
    expect(await screen.findByText('Error creating form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/form-generator');
  });
});

describe('FormGeneratorPage field types (issue 21)', PAGE_TEST, () => {
  const typed: SheetPreview = {
    ...preview,
    headers: [
      {
        index: 0,
        name: 'Plan',
        sampleData: ['Basic'],
        suggestedType: 'dropdown',
        typeReason: 'rule',
        options: ['Basic', 'Pro'],
      },
      { index: 1, name: 'Age', sampleData: ['30'], suggestedType: 'number', typeReason: 'data' },
      { index: 2, name: 'Code', sampleData: [], suggestedType: 'text', typeReason: 'unsupported-rule' },
      {
        index: 3,
        name: 'Team',
        sampleData: [],
        suggestedType: 'dropdown',
        typeReason: 'rule',
        optionsFrom: { range: 'Lists!A2:A' },
      },
    ],
    rows: [['Basic', '30', 'X1', 'Red']],
  };

  async function loadTyped() {
    api.getSheetPreview.mockResolvedValue(typed);
    renderPage();
    await loadSpreadsheet();
    await pickSheet();
    await screen.findByRole('checkbox', { name: 'Plan' });
  }

  const typeOf = (label: string) => screen.getByRole('combobox', { name: `Type of ${label}` });
  const hintOf = (label: string) =>
    document.getElementById(typeOf(label).getAttribute('aria-describedby') ?? '')?.textContent ?? null;

  it('starts each column with the suggested type and says why; a type the owner picks loses the reason', async () => {
    await loadTyped();
    expect(typeOf('Plan')).toHaveProperty('value', 'dropdown');
    expect(hintOf('Plan')).toBe("From the sheet's dropdown");
    expect(screen.getByRole('textbox', { name: 'Options of Plan' })).toHaveProperty('value', 'Basic\nPro');
    expect(typeOf('Age')).toHaveProperty('value', 'number');
    expect(hintOf('Age')).toBe('From the data');
    expect(hintOf('Code')).toBe("The sheet's custom rule is not checked by the form");
    expect(screen.getByRole('radio', { name: 'Options from the sheet' })).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: 'Sheet range of Team' })).toHaveProperty(
      'value',
      'Lists!A2:A',
    );
    expect(within(typeOf('Plan')).getAllByRole('option')).toHaveLength(13);

    fireEvent.change(typeOf('Plan'), { target: { value: 'radio' } });
    expect(typeOf('Plan').getAttribute('aria-describedby')).toBeNull();
    const planRow = screen.getAllByTestId('field-row')[0] as HTMLElement;
    expect(within(planRow).queryByText("From the sheet's dropdown")).toBeNull();
    expect(screen.getByRole('switch', { name: 'Allow Other for Plan' })).toBeTruthy();
  });

  it("refuses Create on a duplicate option in the server's words, then posts every type setting", async () => {
    api.createForm.mockResolvedValue({ data: { formId: 'abcdefghijkl' } as Form, message: 'Created' });
    await loadTyped();
    fireEvent.change(screen.getByRole('textbox', { name: 'Options of Plan' }), {
      target: { value: 'Basic\nPro\nBasic' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Form' }));
    // Once in the toast, once under the options.
    expect(await screen.findAllByText("The option 'Basic' is listed twice")).toHaveLength(2);
    expect(api.createForm).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Options of Plan' }), {
      target: { value: 'Basic\n Pro \n\nTeam' },
    });
    fireEvent.change(typeOf('Plan'), { target: { value: 'checkboxes' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Allow Other for Plan' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Minimum of Age' }), { target: { value: '18' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Placeholder of Code' }), {
      target: { value: 'Six letters' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Form' }));
    await waitFor(() => expect(api.createForm).toHaveBeenCalledTimes(1));
    expect(api.createForm.mock.calls[0]?.[0].jdata).toEqual([
      {
        label: 'Plan',
        type: 'checkboxes',
        required: false,
        placeHolder: 'Enter your plan',
        options: ['Basic', 'Pro', 'Team'],
        allowOther: true,
        name: 'Plan',
        column: 0,
      },
      {
        label: 'Age',
        type: 'number',
        required: false,
        placeHolder: 'Enter your age',
        min: 18,
        name: 'Age',
        column: 1,
      },
      { label: 'Code', type: 'text', required: false, placeHolder: 'Six letters', name: 'Code', column: 2 },
      {
        label: 'Team',
        type: 'dropdown',
        required: false,
        placeHolder: 'Enter your team',
        optionsFrom: { range: 'Lists!A2:A' },
        name: 'Team',
        column: 3,
      },
    ]);
  });

  it('previews the choices as the form will show them', async () => {
    await loadTyped();
    fireEvent.change(typeOf('Plan'), { target: { value: 'radio' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const form = screen.getByRole('form', { name: 'Form preview' });
    const plan = within(form).getByRole('group', { name: 'Plan' });
    expect(
      within(plan)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Basic', 'Pro']);
    expect(within(form).getByRole('spinbutton', { name: 'Age' })).toBeTruthy();
    expect(within(form).getByText('Options are read from Lists!A2:A.')).toBeTruthy();
  });
});

describe('FormGeneratorPage one sheet and leaving', PAGE_TEST, () => {
  it('loads the only sheet of a spreadsheet without asking which', async () => {
    api.getSpreadsheetMetadata.mockResolvedValue({
      ...metadata,
      sheets: [{ id: 0, title: 'Registrations', index: 0 }],
    });
    renderPage();
    fireEvent.change(screen.getByRole('textbox', { name: 'Google Sheets URL' }), {
      target: { value: URL_OK },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load Data' }));
    await screen.findByRole('checkbox', { name: 'Full Name' });
    expect(api.getSheetPreview).toHaveBeenCalledWith(URL_OK, 'Registrations');
    expect(screen.getByRole('combobox', { name: 'Sheet' })).toHaveProperty('value', 'Registrations');
    expect(screen.getByRole('textbox', { name: 'Form Name' })).toHaveProperty(
      'value',
      'Event Registration - Registrations',
    );
  });

  it('waits for a sheet to be chosen when there are several', async () => {
    renderPage();
    await loadSpreadsheet();
    expect(screen.getByRole('combobox', { name: 'Sheet' })).toHaveProperty('value', '');
    expect(api.getSheetPreview).not.toHaveBeenCalled();
  });

  it('leaves at once when nothing was changed (loading a sheet is no change)', async () => {
    renderPage();
    await loadRegistrations();
    fireEvent.click(screen.getByRole('link', { name: 'Manage Forms' }));
    await screen.findByText('forms dashboard');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before leaving after a change: Stay keeps the work, Leave goes', async () => {
    const router = renderPage();
    await loadRegistrations();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Required Email' }));
    fireEvent.click(screen.getByRole('link', { name: 'Manage Forms' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('Your changes to this form will be lost.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard/form-generator');
    expect(screen.getByRole('checkbox', { name: 'Required Email' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('link', { name: 'Manage Forms' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByText('forms dashboard');
  });

  it('asks the browser before the tab closes with changes, not after the form is created', async () => {
    api.createForm.mockResolvedValue({ data: { formId: 'abcdefghijkl' } as Form, message: 'Created' });
    const router = renderPage();
    await loadRegistrations();
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closing()).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Phone' }));
    expect(closing()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Create Form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(closing()).toBe(false);
  });
});
