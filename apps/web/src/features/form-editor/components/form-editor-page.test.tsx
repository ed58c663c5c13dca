import type { FormDetail } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as formsApi from '../api/form-editor-api';
import { FormEditorPage } from './form-editor-page';

vi.mock('../api/form-editor-api', () => ({
  getFormDetail: vi.fn(),
  updateForm: vi.fn(),
  addFormUser: vi.fn(),
  deleteFormUser: vi.fn(),
  resetFormUserPassword: vi.fn(),
}));

const api = vi.mocked(formsApi);

function detail(overrides: Partial<FormDetail['form']['settings']> = {}): FormDetail {
  return {
    form: {
      id: 'f1',
      formId: 'abcDEF123456',
      name: 'Customer survey',
      description: 'Tell us about you',
      googleSheetsUrl: 'https://docs.google.com/spreadsheets/d/abc/edit',
      sheetName: 'Sheet1',
      jdata: [
        { label: 'Name', type: 'text', required: true, placeHolder: 'Enter your name', isRemoved: false },
        { label: 'Email', type: 'email', required: false, placeHolder: 'Enter your email', isRemoved: false },
        { label: 'Phone', type: 'text', required: false, placeHolder: '', isRemoved: false },
      ],
      settings: {
        loginRequired: 0,
        templateEnabled: 0,
        templateUrl: '',
        templates: [],
        signatureEnabled: 0,
        signatureWidth: 400,
        signatureHeight: 200,
        gdprEnabled: 0,
        ...overrides,
      },
      dueDate: '2025-01-01',
      status: 'Active',
      openFormUrl: 'http://localhost/form/abcDEF123456',
      iframeCode: '',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
    formResponse: [],
    responseCount: 0,
    formUsers: [],
    formTemplate: [],
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

describe('FormEditorPage', () => {
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
    expect((within(email).getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('email');
    expect(within(email).getByRole('checkbox', { name: 'Required' })).toHaveProperty('checked', false);
    expect((within(email).getByRole('textbox', { name: 'Placeholder' }) as HTMLInputElement).value).toBe(
      'Enter your email',
    );
    const typeOptions = within(email)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(typeOptions).toEqual(['text', 'email', 'number', 'date', 'textarea']);
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

  it('hides a removed field and saves it marked isRemoved, in original order, without the index', async () => {
    api.getFormDetail.mockResolvedValue(detail());
    api.updateForm.mockResolvedValue({ data: detail().form, message: 'Form updated successfully!' });
    const router = renderEditor();
    await loaded();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Email' }));
    expect(screen.queryByRole('group', { name: 'Email' })).toBeNull();
    const phone = screen.getByRole('group', { name: 'Phone' });
    fireEvent.change(within(phone).getByRole('textbox', { name: 'Label' }), { target: { value: 'Mobile' } });
    fireEvent.change(
      within(screen.getByRole('group', { name: 'Mobile' })).getByRole('combobox', { name: 'Type' }),
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
        { label: 'Name', type: 'text', required: true, placeHolder: 'Enter your name', isRemoved: false },
        { label: 'Email', type: 'email', required: false, placeHolder: 'Enter your email', isRemoved: true },
        { label: 'Mobile', type: 'number', required: false, placeHolder: '', isRemoved: false },
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
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'), { timeout: 2000 });
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
