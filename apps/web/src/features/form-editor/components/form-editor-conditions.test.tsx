import type { FormDetail, FormFieldInput } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
vi.mock('../api/prefill-link-api', () => ({ createPrefillLink: vi.fn() }));

const api = vi.mocked(formsApi);

const baseFields: FormFieldInput[] = [
  { id: 'att', label: 'Attending', type: 'radio', options: ['Yes', 'No', 'Maybe'], placeHolder: '' },
  { id: 'guests', label: 'Guests', type: 'number', placeHolder: '' },
  { id: 'agree', label: 'Agree', type: 'checkbox', placeHolder: '' },
  { id: 'diet', label: 'Diet', type: 'text', placeHolder: '' },
];

function detail(jdata: FormFieldInput[] = baseFields): FormDetail {
  return {
    form: loadedForm({
      id: 'f1',
      name: 'Party',
      sheetName: 'Sheet1',
      jdata: jdata as FormDetail['form']['jdata'],
    }),
    formResponse: [],
    responseCount: 0,
    formUsers: [],
    formTemplate: [],
    fieldWarnings: [],
  };
}

async function openEditor(form = detail()) {
  api.getFormDetail.mockResolvedValue(form);
  api.updateForm.mockResolvedValue({ data: form.form, message: 'Form updated successfully!' });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/form-update', element: <FormEditorPage /> },
      { path: '/dashboard/forms', element: <p>Forms dashboard</p> },
    ],
    { initialEntries: ['/dashboard/form-update?formId=abcDEF123456'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  await screen.findByRole('textbox', { name: 'Form Name' });
}

const group = (name: string) => screen.getByRole('group', { name });
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const sentFields = () => api.updateForm.mock.calls[0]?.[1].jdata as Record<string, unknown>[];

beforeEach(() => {
  vi.resetAllMocks();
});

describe('conditions in the form editor', { timeout: 20_000 }, () => {
  it('builds a rule on an earlier field, with operators by type and its options as values, and saves it', async () => {
    await openEditor();
    const diet = group('Diet');
    expect(within(diet).queryByText(/^Shown when/)).toBeNull();
    // The first field has nothing above it to depend on.
    expect(
      within(group('Attending')).getByRole('button', { name: 'Add condition to Attending' }),
    ).toHaveProperty('disabled', true);

    fireEvent.click(within(diet).getByRole('button', { name: 'Add condition to Diet' }));
    const question = within(diet).getByRole('combobox', { name: 'Question of condition 1' });
    expect(optionTexts(question)).toEqual(['Attending', 'Guests', 'Agree']);
    const operator = within(diet).getByRole('combobox', { name: 'Condition of condition 1' });
    expect(optionTexts(operator)).toEqual(['is', 'is not', 'is answered', 'is not answered']);
    const value = within(diet).getByRole('combobox', { name: 'Value of condition 1' });
    expect(optionTexts(value)).toEqual(['Yes', 'No', 'Maybe']);
    fireEvent.change(value, { target: { value: 'Maybe' } });
    expect(within(diet).getByText('Shown when Attending is Maybe')).toBeDefined();

    // A second rule, on a number: numeric operators and a number input; 'Any of these' joins them with 'or'.
    fireEvent.click(within(diet).getByRole('button', { name: 'Add condition' }));
    fireEvent.change(within(diet).getByRole('combobox', { name: 'Question of condition 2' }), {
      target: { value: 'guests' },
    });
    expect(optionTexts(within(diet).getByRole('combobox', { name: 'Condition of condition 2' }))).toEqual([
      'is',
      'is not',
      'is more than',
      'is less than',
      'is answered',
      'is not answered',
    ]);
    fireEvent.change(within(diet).getByRole('combobox', { name: 'Condition of condition 2' }), {
      target: { value: 'gt' },
    });
    const guests = within(diet).getByRole('spinbutton', { name: 'Value of condition 2' });
    fireEvent.change(guests, { target: { value: '2' } });
    fireEvent.click(within(diet).getByRole('radio', { name: 'Any of these' }));
    expect(within(diet).getByText('Shown when Attending is Maybe or Guests is more than 2')).toBeDefined();

    // A checkbox offers Yes/No; 'is answered' takes no value.
    fireEvent.click(within(diet).getByRole('button', { name: 'Add condition' }));
    fireEvent.change(within(diet).getByRole('combobox', { name: 'Question of condition 3' }), {
      target: { value: 'agree' },
    });
    expect(optionTexts(within(diet).getByRole('combobox', { name: 'Condition of condition 3' }))).toEqual([
      'is',
      'is not',
    ]);
    expect(optionTexts(within(diet).getByRole('combobox', { name: 'Value of condition 3' }))).toEqual([
      'Yes',
      'No',
    ]);
    fireEvent.click(within(diet).getByRole('button', { name: 'Remove condition 3' }));
    fireEvent.change(within(diet).getByRole('combobox', { name: 'Condition of condition 1' }), {
      target: { value: 'answered' },
    });
    expect(within(diet).queryByRole('combobox', { name: 'Value of condition 1' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    await waitFor(() => expect(api.updateForm).toHaveBeenCalledTimes(1));
    expect(sentFields()[3]).toMatchObject({
      id: 'diet',
      visibleWhen: {
        match: 'any',
        rules: [
          { fieldId: 'att', op: 'answered' },
          { fieldId: 'guests', op: 'gt', value: '2' },
        ],
      },
    });
    expect(sentFields()[0]).not.toHaveProperty('visibleWhen');
  });

  it('refuses a rule left without a value, in the words of the server', async () => {
    await openEditor();
    const diet = group('Diet');
    fireEvent.click(within(diet).getByRole('button', { name: 'Add condition to Diet' }));
    fireEvent.change(within(diet).getByRole('combobox', { name: 'Question of condition 1' }), {
      target: { value: 'guests' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    expect(await screen.findByText('Diet: the condition on Guests needs a value')).toBeDefined();
    expect(within(diet).getByText('Enter a value')).toBeDefined();
    expect(api.updateForm).not.toHaveBeenCalled();
  });

  const withRule: FormFieldInput[] = baseFields.map((field) =>
    field.id === 'diet'
      ? { ...field, visibleWhen: { match: 'all', rules: [{ fieldId: 'att', op: 'equals', value: 'Yes' }] } }
      : field,
  );

  it('warns when a rule now refers to a question below it, and blocks Update Form until it is moved back', async () => {
    await openEditor(detail(withRule));
    const diet = group('Diet');
    expect(within(diet).getByText('Shown when Attending is Yes')).toBeDefined();

    fireEvent.click(within(group('Attending')).getByRole('button', { name: 'Move Attending down' }));
    fireEvent.click(within(group('Attending')).getByRole('button', { name: 'Move Attending down' }));
    fireEvent.click(within(group('Attending')).getByRole('button', { name: 'Move Attending down' }));
    const warning = 'This condition refers to a question below it — move it up or change the condition';
    expect(within(diet).getAllByText(warning).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    expect(await screen.findByText('Diet: a condition can only refer to a question before it')).toBeDefined();
    expect(api.updateForm).not.toHaveBeenCalled();

    fireEvent.click(within(group('Attending')).getByRole('button', { name: 'Move Attending up' }));
    expect(within(diet).queryAllByText(warning)).toHaveLength(0);
  });

  it('warns when the field a rule uses is removed, blocks Update Form, and saves once it is restored', async () => {
    await openEditor(detail(withRule));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Attending' }));
    const diet = group('Diet');
    expect(within(diet).getByText('Shown when a removed field is Yes')).toBeDefined();
    expect(within(diet).getAllByText('This condition refers to a removed field').length).toBeGreaterThan(0);
    expect(optionTexts(within(diet).getByRole('combobox', { name: 'Question of condition 1' }))[0]).toBe(
      'Attending (removed)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    expect(await screen.findByText('Diet: a condition refers to a removed field')).toBeDefined();
    expect(api.updateForm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Restore Attending' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    await waitFor(() => expect(api.updateForm).toHaveBeenCalledTimes(1));
    expect(sentFields()[3]?.visibleWhen).toEqual({
      match: 'all',
      rules: [{ fieldId: 'att', op: 'equals', value: 'Yes' }],
    });
  });

  it('lets a hidden field never be required, and says why', async () => {
    await openEditor();
    const diet = group('Diet');
    fireEvent.change(within(diet).getByRole('combobox', { name: 'Type of Diet' }), {
      target: { value: 'hidden' },
    });
    const required = within(diet).getByRole('checkbox', { name: 'Required' });
    expect(required).toHaveProperty('disabled', true);
    expect(required.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(diet).getByText("Hidden fields take their value from the form's link")).toBeDefined();
    expect(within(diet).queryByRole('textbox', { name: 'Placeholder of Diet' })).toBeNull();
  });
});
