import type { FormDetail, SheetHeader, SheetPreview } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api as http } from '@/lib/api-client';
import { fakeAdapter } from '@/testing/fake-adapter';
import {
  AUTH_CONFIG_WITH_GOOGLE_APIS,
  installFakeGoogleTokenClient,
  removeFakeGoogleTokenClient,
} from '@/testing/fake-google-token-client';
import * as formsApi from '../api/form-editor-api';
import { loadedForm } from '../logic/loaded-form.test-support';
import { FormEditorPage } from './form-editor-page';

vi.mock('../api/webhooks-api', () => ({
  listWebhooks: vi.fn().mockResolvedValue([]),
  createWebhook: vi.fn(),
  setWebhookEnabled: vi.fn(),
  deleteWebhook: vi.fn(),
  listWebhookDeliveries: vi.fn(),
  replayWebhookDelivery: vi.fn(),
}));
vi.mock('../api/form-editor-api', () => ({
  getFormDetail: vi.fn(),
  updateForm: vi.fn(),
  getSheetPreview: vi.fn(),
  addFormUser: vi.fn(),
  deleteFormUser: vi.fn(),
  resetFormUserPassword: vi.fn(),
}));

const api = vi.mocked(formsApi);

function detail(overrides: Partial<FormDetail['form']['settings']> = {}): FormDetail {
  return {
    form: loadedForm({
      id: 'f1',
      name: 'Customer survey',
      description: 'Tell us about you',
      googleSheetsUrl: 'https://docs.google.com/spreadsheets/d/abc/edit',
      sheetName: 'Sheet1',
      jdata: [
        {
          id: 'fname',
          label: 'Name',
          type: 'text',
          required: true,
          placeHolder: 'Enter your name',
          isRemoved: false,
        },
        {
          id: 'femail',
          label: 'Email',
          type: 'email',
          required: false,
          placeHolder: 'Enter your email',
          isRemoved: false,
        },
        { id: 'fphone', label: 'Phone', type: 'text', required: false, placeHolder: '', isRemoved: false },
      ],
      settings: { ...loadedForm().settings, ...overrides },
    }),
    formResponse: [],
    responseCount: 0,
    formUsers: [],
    formTemplate: [],
    fieldWarnings: [],
  };
}

function problem(status: number, detailText: string) {
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', undefined, {}, {
    status,
    data: { code: 'ERROR', detail: detailText, errors: [] },
  } as AxiosResponse);
}

function renderEditor(path = '/dashboard/form-update?formId=abcDEF123456') {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/form-update', element: <FormEditorPage /> },
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

async function loaded() {
  return screen.findByRole('textbox', { name: 'Form Name' });
}

beforeEach(() => {
  vi.resetAllMocks();
});

// Each field renders the full field settings; on a busy machine a whole edit and save takes seconds.
const EDIT_TIMEOUT = { timeout: 20_000 };

describe('FormEditorPage', EDIT_TIMEOUT, () => {
  it('says so when the formId parameter is missing', () => {
    renderEditor('/dashboard/form-update');
    expect(screen.getByText('Missing form ID parameter')).toBeDefined();
    expect(api.getFormDetail).not.toHaveBeenCalled();
  });

  it('shows a spinner while loading, then the form', async () => {
    let resolve: (value: FormDetail) => void = () => {};
    api.getFormDetail.mockReturnValue(new Promise((r) => (resolve = r)));
    renderEditor();

    expect(screen.getByText('Loading form...')).toBeDefined();
    resolve(detail());

    expect(((await loaded()) as HTMLInputElement).value).toBe('Customer survey');
    expect(api.getFormDetail).toHaveBeenCalledWith('abcDEF123456');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(
      'Tell us about you',
    );
    const email = screen.getByRole('group', { name: 'Email' });
    expect((within(email).getByRole('textbox', { name: 'Label' }) as HTMLInputElement).value).toBe('Email');
    expect((within(email).getByRole('combobox', { name: 'Type of Email' }) as HTMLSelectElement).value).toBe(
      'email',
    );
    expect(within(email).getByRole('checkbox', { name: 'Required' })).toHaveProperty('checked', false);
    expect(
      (within(email).getByRole('textbox', { name: 'Placeholder of Email' }) as HTMLInputElement).value,
    ).toBe('Enter your email');
    const typeOptions = within(email)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(typeOptions).toEqual([
      'text',
      'email',
      'number',
      'date',
      'textarea',
      'dropdown',
      'radio',
      'checkboxes',
      'checkbox',
      'time',
      'url',
      'tel',
      'hidden',
    ]);
    expect(screen.queryByText('Some options could not be read from your sheet')).toBeNull();
    for (const name of ['Login Protection', 'Document Templates', 'Digital Signature', 'GDPR']) {
      expect(screen.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('false');
    }
    expect(screen.queryByRole('region', { name: 'Authorized Users' })).toBeNull();
  });

  it("shows 'Failed to load form' with the server's reason and a Back button", async () => {
    api.getFormDetail.mockRejectedValue(problem(404, 'Form not found'));
    const router = renderEditor();

    expect(await screen.findByText('Failed to load form')).toBeDefined();
    expect(screen.getByText('Form not found')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'));
  });

  it('hides a removed field and saves it marked isRemoved, every field with its id', async () => {
    api.getFormDetail.mockResolvedValue(detail());
    api.updateForm.mockResolvedValue({ data: detail().form, message: 'Form updated successfully!' });
    const router = renderEditor();
    await loaded();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Email' }));
    expect(screen.queryByRole('group', { name: 'Email' })).toBeNull();
    const phone = screen.getByRole('group', { name: 'Phone' });
    fireEvent.change(within(phone).getByRole('textbox', { name: 'Label' }), { target: { value: 'Mobile' } });
    fireEvent.change(
      within(screen.getByRole('group', { name: 'Mobile' })).getByRole('combobox', { name: 'Type of Mobile' }),
      {
        target: { value: 'number' },
      },
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Form Name' }), { target: { value: 'Survey 2' } });
    fireEvent.click(screen.getByRole('switch', { name: 'GDPR' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'Inactive' } });

    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));

    expect(await screen.findByText('Updated Successfully!')).toBeDefined();
    expect(await screen.findByText('Form updated successfully!')).toBeDefined();
    expect(api.updateForm).toHaveBeenCalledWith('abcDEF123456', {
      name: 'Survey 2',
      description: 'Tell us about you',
      status: 'Inactive',
      jdata: [
        {
          id: 'fname',
          label: 'Name',
          type: 'text',
          required: true,
          placeHolder: 'Enter your name',
          isRemoved: false,
        },
        {
          id: 'femail',
          label: 'Email',
          type: 'email',
          required: false,
          placeHolder: 'Enter your email',
          isRemoved: true,
        },
        { id: 'fphone', label: 'Mobile', type: 'number', required: false, placeHolder: '', isRemoved: false },
      ],
      settings: {
        loginRequired: 0,
        templateEnabled: 0,
        templateUrl: '',
        templates: [],
        signatureEnabled: 0,
        signatureWidth: 400,
        signatureHeight: 200,
        gdprEnabled: 1,
        notifyOwner: 0,
      },
      // The save holds only if nobody saved the form since this editor loaded it.
      expectedUpdatedAt: '2025-01-01T00:00:00.000Z',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'), { timeout: 5_000 });
  });

  it("shows 'Updating...' while saving and the server's message when the update fails", async () => {
    api.getFormDetail.mockResolvedValue(detail());
    let reject: (error: unknown) => void = () => {};
    api.updateForm.mockReturnValue(new Promise((_, r) => (reject = r)));
    renderEditor();
    await loaded();

    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDefined();
    reject(problem(400, 'Invalid Google Sheets URL format'));

    expect(await screen.findByText('Invalid Google Sheets URL format')).toBeDefined();
    expect(await screen.findByRole('button', { name: 'Update Form' })).toBeDefined();
  });

  it('refuses two fields with one label (and a system column name) until fixed, keeping each field bound to its column', async () => {
    const bound = detail();
    bound.form.jdata = bound.form.jdata.map((field, column) => ({ ...field, name: field.label, column }));
    api.getFormDetail.mockResolvedValue(bound);
    api.updateForm.mockResolvedValue({ data: bound.form, message: 'Form updated successfully!' });
    renderEditor();
    await loaded();

    const label = (group: string) =>
      within(screen.getByRole('group', { name: group })).getByRole('textbox', { name: 'Label' });
    fireEvent.change(label('Phone'), { target: { value: ' email ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    const message = 'Each field needs its own label: "Email" is used more than once.';
    expect(screen.getByText(message, { selector: 'p[role=alert]' })).toBeDefined();
    expect(await screen.findAllByText(message)).toHaveLength(4); // the alert, both fields, the toast
    expect(label('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.updateForm).not.toHaveBeenCalled();

    fireEvent.change(label('email'), { target: { value: 'Timestamp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    expect(
      screen.getByText(
        '"Timestamp" is a column SheetForms fills in itself (Timestamp, Response ID, Signature): please choose another label.',
        { selector: 'p[role=alert]' },
      ),
    ).toBeDefined();
    expect(api.updateForm).not.toHaveBeenCalled();

    fireEvent.change(label('Timestamp'), { target: { value: 'Mobile' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    await waitFor(() => expect(api.updateForm).toHaveBeenCalledTimes(1));
    expect(api.updateForm.mock.calls[0]?.[1].jdata).toEqual([
      expect.objectContaining({ label: 'Name', name: 'Name', column: 0 }),
      expect.objectContaining({ label: 'Email', name: 'Email', column: 1 }),
      expect.objectContaining({ label: 'Mobile', name: 'Phone', column: 2 }),
    ]);
  });

  it('asks what to do when the form was saved elsewhere: keep editing, or save this version over it', async () => {
    const conflict = new AxiosError('Request failed with status code 409', 'ERR_BAD_REQUEST', undefined, {}, {
      status: 409,
      data: { code: 'FORM_CHANGED', detail: 'This form was saved somewhere else after you opened it.' },
    } as AxiosResponse);
    const loadedDetail = detail();
    const savedElsewhere = detail();
    savedElsewhere.form = {
      ...savedElsewhere.form,
      name: 'Renamed elsewhere',
      updatedAt: '2025-01-02T00:00:00.000Z',
    };
    api.getFormDetail.mockResolvedValueOnce(loadedDetail).mockResolvedValue(savedElsewhere);
    api.updateForm.mockRejectedValueOnce(conflict).mockRejectedValueOnce(conflict);
    const router = renderEditor();
    const name = await loaded();
    fireEvent.change(name, { target: { value: 'My version' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'This form was saved somewhere else' });
    // No toast with the refusal: the dialog says it, and the safe answer has the focus.
    expect(screen.queryByText('This form was saved somewhere else after you opened it.')).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keep editing'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Form Name' }) as HTMLInputElement).value).toBe('My version');
    expect(api.updateForm).toHaveBeenCalledTimes(1);

    // Again, then Save my version: sent over the save made elsewhere, expecting that one.
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    const again = await screen.findByRole('alertdialog');
    api.updateForm.mockResolvedValueOnce({
      data: savedElsewhere.form,
      message: 'Form updated successfully!',
    });
    fireEvent.click(within(again).getByRole('button', { name: 'Save my version' }));
    await waitFor(() => expect(api.updateForm).toHaveBeenCalledTimes(3));
    // The whole draft, over the save the owner was told about (its updatedAt, read at the refusal).
    const { expectedUpdatedAt: _first, ...firstDraft } = api.updateForm.mock.calls[0]?.[1] ?? {};
    expect(api.updateForm.mock.calls[2]?.[1]).toEqual({
      ...firstDraft,
      expectedUpdatedAt: '2025-01-02T00:00:00.000Z',
    });
    expect(firstDraft).toMatchObject({
      name: 'My version',
      jdata: expect.any(Array),
      settings: expect.any(Object),
    });
    expect(await screen.findByText('Form updated successfully!')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'), { timeout: 5_000 });
  });

  it('says so when the form was saved elsewhere again while this version was being saved over it', async () => {
    const conflict = new AxiosError('Request failed with status code 409', 'ERR_BAD_REQUEST', undefined, {}, {
      status: 409,
      data: { code: 'FORM_CHANGED', detail: 'changed' },
    } as AxiosResponse);
    api.getFormDetail.mockResolvedValue(detail());
    api.updateForm.mockRejectedValue(conflict);
    renderEditor();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save my version' }));
    // Said inside the dialog, where a screen reader hears it; focus back on the safe answer.
    const again = await within(screen.getByRole('alertdialog')).findByRole('alert');
    expect(again.textContent).toBe('The form was saved somewhere else again. Choose once more.');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keep editing'));

    // Any other failure of that save is said there too.
    api.updateForm.mockRejectedValueOnce(new Error('Network Error'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Save my version' }));
    await waitFor(() =>
      expect(within(screen.getByRole('alertdialog')).getByRole('alert').textContent).toBe(
        'Failed to update form',
      ),
    );
  });

  it("falls back to 'Failed to update form' without a server message, and blocks a blank name", async () => {
    api.getFormDetail.mockResolvedValue(detail());
    api.updateForm.mockRejectedValue(new Error('Network Error'));
    renderEditor();
    const name = await loaded();

    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    expect(screen.getByText('Form name is required')).toBeDefined();
    expect(api.updateForm).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Back again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    expect(await screen.findByText('Failed to update form')).toBeDefined();
  });

  it('falls back to 400 x 200 for an out-of-range signature size', async () => {
    api.getFormDetail.mockResolvedValue(
      detail({ signatureEnabled: 1, signatureWidth: 600, signatureHeight: 300 }),
    );
    api.updateForm.mockResolvedValue({ data: detail().form });
    renderEditor();
    await loaded();

    const width = screen.getByRole('spinbutton', { name: 'Signature width' }) as HTMLInputElement;
    const height = screen.getByRole('spinbutton', { name: 'Signature height' }) as HTMLInputElement;
    expect([width.value, height.value]).toEqual(['600', '300']);

    fireEvent.change(width, { target: { value: '1200' } });
    fireEvent.blur(width);
    fireEvent.change(height, { target: { value: '50' } });
    fireEvent.blur(height);
    expect([width.value, height.value]).toEqual(['400', '200']);
    expect(screen.getByText(/default 400 px is used/)).toBeDefined();

    fireEvent.change(width, { target: { value: '720' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    await screen.findByText('Updated Successfully!');
    expect(api.updateForm.mock.calls[0]?.[1].settings).toMatchObject({
      signatureEnabled: 1,
      signatureWidth: 720,
      signatureHeight: 200,
    });
  });
});

describe('Fields of issue 21', EDIT_TIMEOUT, () => {
  const group = (name: string) => screen.getByRole('group', { name });
  const shownLabels = () =>
    screen.getAllByRole('textbox', { name: 'Label' }).map((input) => (input as HTMLInputElement).value);
  // dnd-kit has its own live region; this is the editor's.
  const announced = () => document.querySelector('[data-testid="field-announcement"]')?.textContent;
  const sentFields = () => api.updateForm.mock.calls[0]?.[1].jdata as Record<string, unknown>[];

  function sheetPreview(headers: SheetHeader[]): SheetPreview {
    return { spreadsheetId: 'abc', sheetName: 'Sheet1', empty: false, headers, rows: [] };
  }
  const header = (index: number, name: string, extra: Partial<SheetHeader> = {}): SheetHeader => ({
    index,
    name,
    sampleData: [],
    suggestedType: 'text',
    typeReason: 'default',
    ...extra,
  });

  async function openEditor(form = detail()) {
    api.getFormDetail.mockResolvedValue(form);
    api.updateForm.mockResolvedValue({ data: form.form, message: 'Form updated successfully!' });
    const router = renderEditor();
    await loaded();
    return router;
  }

  async function save() {
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    await waitFor(() => expect(api.updateForm).toHaveBeenCalledTimes(1));
  }

  it('moves fields with their arrow buttons, says where to, keeps focus, and saves that order with the ids', async () => {
    await openEditor();
    const up = within(group('Phone')).getByRole('button', { name: 'Move Phone up' });
    up.focus();
    fireEvent.click(up);

    expect(shownLabels()).toEqual(['Name', 'Phone', 'Email']);
    expect(announced()).toBe('Phone moved to position 2 of 3.');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(group('Phone')).getByRole('button', { name: 'Move Phone up' }),
      ),
    );

    fireEvent.click(within(group('Phone')).getByRole('button', { name: 'Move Phone up' }));
    expect(shownLabels()).toEqual(['Phone', 'Name', 'Email']);
    expect(announced()).toBe('Phone moved to position 1 of 3.');
    // At the top its up arrow is off, so the keyboard lands on its down arrow.
    expect(within(group('Phone')).getByRole('button', { name: 'Move Phone up' })).toHaveProperty(
      'disabled',
      true,
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(group('Phone')).getByRole('button', { name: 'Move Phone down' }),
      ),
    );
    expect(within(group('Email')).getByRole('button', { name: 'Move Email down' })).toHaveProperty(
      'disabled',
      true,
    );
    // The drag handle is there too, for mouse, touch and the keyboard sensor.
    expect(within(group('Email')).getByRole('button', { name: 'Reorder Email' })).toBeDefined();

    await save();
    expect(sentFields().map((field) => [field.id, field.label])).toEqual([
      ['fphone', 'Phone'],
      ['fname', 'Name'],
      ['femail', 'Email'],
    ]);
  });

  it('adds a column of the sheet that no field uses, with the type the sheet suggests', async () => {
    const form = detail();
    form.form.jdata = form.form.jdata.map((field, column) => ({ ...field, name: field.label, column }));
    // Phone was renamed to Mobile: it still writes to its column.
    form.form.jdata[2] = {
      ...form.form.jdata[2],
      label: 'Mobile',
      name: 'Phone',
      column: 3,
    } as (typeof form.form.jdata)[2];
    api.getSheetPreview.mockResolvedValue(
      sheetPreview([
        header(0, 'Name'),
        header(1, 'Email'),
        header(2, 'Timestamp'),
        header(3, 'Phone'),
        header(4, 'Plan', {
          suggestedType: 'dropdown',
          typeReason: 'rule',
          options: ['Basic', 'Pro'],
          sampleData: ['Pro', 'Basic'],
        }),
        header(5, 'Seats', { suggestedType: 'number', typeReason: 'data', min: 1 }),
      ]),
    );
    await openEditor(form);
    expect(api.getSheetPreview).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const panel = screen.getByRole('region', { name: 'Add field' });
    expect(await within(panel).findByText('Plan')).toBeDefined();
    expect(api.getSheetPreview).toHaveBeenCalledWith(
      'https://docs.google.com/spreadsheets/d/abc/edit',
      'Sheet1',
    );
    expect(within(panel).getByText("Dropdown · From the sheet's dropdown · e.g. Pro, Basic")).toBeDefined();
    expect(
      within(panel)
        .getAllByRole('button', { name: /^Add column / })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Add column Plan', 'Add column Seats']);

    fireEvent.click(within(panel).getByRole('button', { name: 'Add column Plan' }));
    const plan = group('Plan');
    expect(within(plan).getByRole('combobox', { name: 'Type of Plan' })).toHaveProperty('value', 'dropdown');
    expect(within(plan).getByRole('textbox', { name: 'Options of Plan' })).toHaveProperty(
      'value',
      'Basic\nPro',
    );
    expect(within(plan).getByText("From the sheet's dropdown")).toBeDefined();
    expect(announced()).toBe('Plan added as field 4.');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(plan).getByRole('textbox', { name: 'Label' })),
    );
    expect(within(panel).queryByRole('button', { name: 'Add column Plan' })).toBeNull();

    await save();
    expect(sentFields()[3]).toEqual({
      // Given when added, so conditions can refer to it before the form is saved.
      id: expect.stringMatching(/^f[0-9a-z]{10}$/),
      label: 'Plan',
      type: 'dropdown',
      options: ['Basic', 'Pro'],
      required: false,
      placeHolder: 'Enter your plan',
      isRemoved: false,
      name: 'Plan',
      column: 4,
    });
    expect(sentFields().map((field) => field.id)).toEqual([
      'fname',
      'femail',
      'fphone',
      expect.stringMatching(/^f[0-9a-z]{10}$/),
    ]);
  });

  it("offers Verify with Google when the sheet's columns are refused as someone else's spreadsheet, and reads them after", async () => {
    const refusal = new AxiosError('Request failed with status code 403', 'ERR_BAD_REQUEST', undefined, {}, {
      status: 403,
      data: {
        code: 'NO_OWNER_ACCESS',
        detail: 'You do not have access to this spreadsheet as ada@example.com.',
      },
    } as AxiosResponse);
    const originalAdapter = http.defaults.adapter;
    const verified: unknown[] = [];
    http.defaults.adapter = fakeAdapter(async (config) => {
      if (config.url === '/auth/config') return { status: 200, data: { data: AUTH_CONFIG_WITH_GOOGLE_APIS } };
      if (config.url === '/sheets/metadata') {
        verified.push(config.headers.get('x-google-access-token'));
        return { status: 200, data: { data: { spreadsheetId: 'abc', title: 'Survey', sheets: [] } } };
      }
      return { status: 404, data: { code: 'NOT_FOUND', detail: 'Not found' } };
    });
    installFakeGoogleTokenClient('adas-work-token');
    try {
      api.getSheetPreview.mockRejectedValueOnce(refusal);
      await openEditor();
      fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
      const verify = await screen.findByRole('button', { name: 'Verify with Google' });
      await waitFor(() => expect((verify as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(verify);
      await waitFor(() => expect(api.getSheetPreview).toHaveBeenCalledTimes(2));
      expect(verified).toEqual(['adas-work-token']);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Verify with Google' })).toBeNull());
      expect(document.activeElement?.textContent).toBe('From your sheet');
    } finally {
      removeFakeGoogleTokenClient();
      http.defaults.adapter = originalAdapter;
    }
  });

  it("says why the sheet's columns could not be read, and a new question still works", async () => {
    api.getSheetPreview.mockRejectedValue(problem(403, 'The service account cannot open this spreadsheet'));
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(
      await screen.findByText(
        "Could not read your sheet's columns: The service account cannot open this spreadsheet",
      ),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();

    const label = screen.getByRole('textbox', { name: 'Question label' });
    fireEvent.change(label, { target: { value: 'email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(screen.getByText('Each field needs its own label: "email" is used more than once.')).toBeDefined();
    expect(label.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(label, { target: { value: 'How did you hear about us?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(label).toHaveProperty('value', '');
    const added = group('How did you hear about us?');
    expect(within(added).getByText('A new column is added at the end of your sheet')).toBeDefined();
    expect(
      within(added).getByRole('textbox', { name: 'Placeholder of How did you hear about us?' }),
    ).toHaveProperty('value', 'Your answer');

    await save();
    expect(sentFields()[3]).toEqual({
      id: expect.stringMatching(/^f[0-9a-z]{10}$/),
      label: 'How did you hear about us?',
      type: 'text',
      required: false,
      placeHolder: 'Your answer',
      isRemoved: false,
    });
  });

  it('drops a field added in this edit when it is removed, instead of keeping it hidden', async () => {
    api.getSheetPreview.mockResolvedValue(sheetPreview([]));
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Question label' }), { target: { value: 'Notes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    fireEvent.click(within(group('Notes')).getByRole('button', { name: 'Remove Notes' }));
    expect(screen.queryByRole('group', { name: 'Notes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore Notes' })).toBeNull();
  });

  it('sends a changed type with its options and Other, ids kept, and refuses a choice field without options', async () => {
    await openEditor();
    const phone = group('Phone');
    fireEvent.change(within(phone).getByRole('combobox', { name: 'Type of Phone' }), {
      target: { value: 'dropdown' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    expect(await screen.findAllByText('Phone: add at least one option')).not.toHaveLength(0);
    expect(api.updateForm).not.toHaveBeenCalled();

    fireEvent.change(within(phone).getByRole('combobox', { name: 'Type of Phone' }), {
      target: { value: 'radio' },
    });
    fireEvent.change(within(phone).getByRole('textbox', { name: 'Options of Phone' }), {
      target: { value: 'Mobile\n\n Landline ' },
    });
    fireEvent.click(within(phone).getByRole('switch', { name: 'Allow Other for Phone' }));
    fireEvent.change(within(group('Email')).getByRole('textbox', { name: 'Label' }), {
      target: { value: 'Work email' },
    });

    await save();
    expect(sentFields()).toEqual([
      expect.objectContaining({ id: 'fname', label: 'Name', type: 'text' }),
      expect.objectContaining({ id: 'femail', label: 'Work email', type: 'email' }),
      {
        id: 'fphone',
        label: 'Phone',
        type: 'radio',
        options: ['Mobile', 'Landline'],
        allowOther: true,
        required: false,
        placeHolder: '',
        isRemoved: false,
      },
    ]);
  });

  it('shows the fields whose options range could not be read, above the fields', async () => {
    const form = detail();
    form.form.jdata[2] = {
      id: 'fphone',
      label: 'Team',
      type: 'dropdown',
      optionsFrom: { range: 'Lists!A2:A' },
      required: false,
      placeHolder: '',
      isRemoved: false,
    };
    form.fieldWarnings = [
      {
        fieldId: 'fphone',
        label: 'Team',
        message: "The range Lists!A2:A could not be read: the sheet 'Lists' is missing.",
      },
    ];
    await openEditor(form);
    const callout = screen.getByRole('region', { name: 'Some options could not be read from your sheet' });
    expect(callout.textContent).toContain(
      "Team: The range Lists!A2:A could not be read: the sheet 'Lists' is missing.",
    );
    const fieldsSection = screen.getByRole('region', { name: 'Fields' });
    expect(fieldsSection.contains(callout)).toBe(true);
    expect(callout.compareDocumentPosition(group('Name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(group('Team')).getByRole('textbox', { name: 'Sheet range of Team' })).toHaveProperty(
      'value',
      'Lists!A2:A',
    );
  });

  it('asks before leaving with unsaved changes (Stay keeps them), and not once they are undone', async () => {
    const router = await openEditor();
    const name = screen.getByRole('textbox', { name: 'Form Name' });

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'));
    void router.navigate('/dashboard/form-update?formId=abcDEF123456');
    await loaded();

    fireEvent.change(screen.getByRole('textbox', { name: 'Form Name' }), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByText('Your changes to this form will be lost.')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard/form-update');
    expect(screen.getByRole('textbox', { name: 'Form Name' })).toHaveProperty('value', 'Renamed');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'));
    expect(name.isConnected).toBe(false);

    // A change undone is no change.
    void router.navigate('/dashboard/form-update?formId=abcDEF123456');
    const again = await loaded();
    fireEvent.change(again, { target: { value: 'Renamed' } });
    fireEvent.change(again, { target: { value: 'Customer survey' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks after a field is moved, and lets the redirect after saving through', async () => {
    const router = await openEditor();
    fireEvent.click(within(group('Email')).getByRole('button', { name: 'Move Email down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    expect(await screen.findByText('Updated Successfully!')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'), { timeout: 5_000 });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('Authorized Users', () => {
  async function openUsers(users: FormDetail['formUsers'] = []) {
    api.getFormDetail.mockResolvedValue({ ...detail({ loginRequired: 1 }), formUsers: users });
    renderEditor();
    await loaded();
    return screen.getByRole('region', { name: 'Authorized Users' });
  }

  it('appears when Login Protection is switched on', async () => {
    api.getFormDetail.mockResolvedValue(detail());
    renderEditor();
    await loaded();

    const toggle = screen.getByRole('switch', { name: 'Login Protection' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('region', { name: 'Authorized Users' })).toBeDefined();
    expect(screen.getByText('No authorized users yet')).toBeDefined();
  });

  it('validates the add-user form with the spec messages before calling the server', async () => {
    const region = await openUsers();
    const add = within(region).getByRole('button', { name: 'Add User' });

    fireEvent.click(add);
    expect(within(region).getByText('Name is required')).toBeDefined();
    expect(within(region).getByText('Email is required')).toBeDefined();

    fireEvent.change(within(region).getByRole('textbox', { name: 'Name' }), { target: { value: 'J' } });
    fireEvent.change(within(region).getByRole('textbox', { name: 'Email' }), { target: { value: 'nope' } });
    fireEvent.click(add);
    expect(within(region).getByText('Name must be at least 2 characters')).toBeDefined();
    expect(within(region).getByText('Valid email is required')).toBeDefined();
    expect(api.addFormUser).not.toHaveBeenCalled();
  });

  it('shows the generated password once, lists the user, and never shows it again', async () => {
    api.addFormUser.mockResolvedValue({
      data: {
        formUser: {
          id: 'u1',
          name: 'Jane Doe',
          email: 'jane@example.com',
          createdAt: '2025-03-04T10:00:00.000Z',
        },
        password: 'Xy7!pQ2@zk',
      },
      message: 'User added successfully!',
    });
    const region = await openUsers();

    fireEvent.change(within(region).getByRole('textbox', { name: 'Name' }), {
      target: { value: ' Jane Doe ' },
    });
    fireEvent.change(within(region).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'jane@example.com' },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('User added successfully!')).toBeDefined();
    expect(api.addFormUser).toHaveBeenCalledWith({
      formId: 'abcDEF123456',
      name: 'Jane Doe',
      email: 'jane@example.com',
    });
    expect(
      within(region).getByText('Share this password with Jane Doe; it will not be shown again.'),
    ).toBeDefined();
    expect(within(region).getByTestId('generated-password').textContent).toBe('Xy7!pQ2@zk');
    const row = within(region).getByRole('row', { name: /Jane Doe/ });
    expect(within(row).getByText('jane@example.com')).toBeDefined();
    expect(within(row).queryByText('Xy7!pQ2@zk')).toBeNull();
    // The kit's table: its own scrolling region, the name as the row's header, each action tied to it.
    const table = within(region).getByRole('region', { name: 'User list' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Added', 'Actions']);
    expect(within(row).getByRole('rowheader').textContent).toBe('Jane Doe');
    expect(within(row).getByRole('button', { name: 'Remove' }).getAttribute('aria-describedby')).toBe(
      within(row).getByText('Jane Doe').id,
    );
    expect((within(region).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');

    fireEvent.click(within(region).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Xy7!pQ2@zk')).toBeNull();
    expect(screen.queryByText(/it will not be shown again/)).toBeNull();
  });

  it("shows the server's reason when adding fails", async () => {
    api.addFormUser.mockRejectedValue(problem(409, 'This email is already an authorized user of this form'));
    const region = await openUsers();
    fireEvent.change(within(region).getByRole('textbox', { name: 'Name' }), { target: { value: 'Jane' } });
    fireEvent.change(within(region).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'j@example.com' },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('This email is already an authorized user of this form')).toBeDefined();
  });

  it('resets a password (shown the same way) and removes a user', async () => {
    const jane = {
      id: 'u1',
      name: 'Jane Doe',
      email: 'jane@example.com',
      createdAt: '2025-03-04T10:00:00.000Z',
    };
    api.resetFormUserPassword.mockResolvedValue({
      data: { formUser: jane, password: 'NewPass#99' },
      message: 'Password reset successfully',
    });
    api.deleteFormUser.mockResolvedValue({ data: null, message: 'User removed successfully' });
    const region = await openUsers([jane]);
    const row = within(region).getByRole('row', { name: /Jane Doe/ });

    fireEvent.click(within(row).getByRole('button', { name: 'Reset password' }));
    expect(await within(region).findByTestId('generated-password')).toHaveProperty(
      'textContent',
      'NewPass#99',
    );
    expect(api.resetFormUserPassword).toHaveBeenCalledWith({ formId: 'abcDEF123456', id: 'u1' });

    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('User removed successfully')).toBeDefined();
    expect(api.deleteFormUser).toHaveBeenCalledWith({ formId: 'abcDEF123456', id: 'u1' });
    expect(within(region).queryByRole('row', { name: /Jane Doe/ })).toBeNull();
    expect(screen.queryByText('NewPass#99')).toBeNull();
  });

  it("says 'Failed to remove user' when removal fails without a server message", async () => {
    const jane = {
      id: 'u1',
      name: 'Jane Doe',
      email: 'jane@example.com',
      createdAt: '2025-03-04T10:00:00.000Z',
    };
    api.deleteFormUser.mockRejectedValue(new Error('Network Error'));
    const region = await openUsers([jane]);
    fireEvent.click(within(region).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove user')).toBeDefined();
    expect(within(region).getByRole('row', { name: /Jane Doe/ })).toBeDefined();
  });
});
