import type { PublicForm } from '@sheetforms/contract';
import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from './app';
import { renderFormApp } from './entry-server';
import { type FormPageData, needsScriptAtOnce } from './logic/page-data';

const form: PublicForm = {
  formId: 'abc123',
  name: 'Event Registration',
  description: 'Tell us you are coming.',
  settings: {
    loginRequired: 0,
    signatureEnabled: 0,
    signatureWidth: 400,
    signatureHeight: 200,
    gdprEnabled: 0,
  },
  jdata: [
    { id: 'f1', label: 'Full Name', type: 'text', required: true, placeHolder: '' },
    { id: 'f2', label: 'Email', type: 'email', required: false, placeHolder: '' },
  ],
  acceptingResponses: true,
};

let fetchMock: ReturnType<typeof vi.fn>;
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/form/abc123');
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  vi.unstubAllGlobals();
  errors.mockRestore();
  document.body.innerHTML = '';
});

/** Every request answers as a stored submission (the page makes no other after a submit). */
function answerSubmissions() {
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ data: { responseId: 'r1', syncState: 'pending' } }), { status: 201 }),
  );
}

/** The server's markup in #root, then hydrated as the browser does it. */
async function hydrate(data: FormPageData, beforeHydration?: (root: HTMLElement) => void) {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = renderFormApp('/form/abc123', data);
  document.body.append(root);
  beforeHydration?.(root);
  const recoverable = vi.fn();
  const mounted = vi.fn();
  await act(async () => {
    hydrateRoot(root, <PublicApp initial={{ location: '/form/abc123', data }} onMounted={mounted} />, {
      onRecoverableError: recoverable,
    });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(mounted).toHaveBeenCalledTimes(1);
  return root;
}

describe('the server-rendered form, hydrated', () => {
  it('takes over the markup without a mismatch or a second request for the form', async () => {
    await hydrate({ formId: 'abc123', nonce: 'nonce-0123456789abcdef', view: { kind: 'form', form } });
    expect(errors).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Event Registration' })).toBeTruthy();
    expect(document.querySelector<HTMLInputElement>('input[name="submission"]')?.value).toBe(
      'nonce-0123456789abcdef',
    );
  });

  it('keeps what the respondent typed before the script arrived, and sends it', async () => {
    const root = await hydrate(
      { formId: 'abc123', nonce: 'n'.repeat(22), view: { kind: 'form', form } },
      (r) => {
        const input = r.querySelector<HTMLInputElement>('#field-0');
        if (input) input.value = 'Typed Early';
      },
    );
    expect(root.querySelector<HTMLInputElement>('#field-0')?.value).toBe('Typed Early');
    answerSubmissions();
    await act(async () => {
      root.querySelector('form')?.requestSubmit();
    });
    const submitCall = fetchMock.mock.calls.find((call) => String(call[0]).endsWith('/submit-form'));
    if (!submitCall) throw new Error('the form was not sent');
    expect(JSON.parse(String((submitCall[1] as RequestInit).body)).response).toEqual({
      'Full Name': 'Typed Early',
    });
  });

  it("shows a refused submission's errors and answers as the server rendered them", async () => {
    await hydrate({
      formId: 'abc123',
      nonce: 'n'.repeat(22),
      view: {
        kind: 'form',
        form,
        values: { Email: 'nope' },
        errors: { 'Full Name': 'Full Name is required', Email: 'Email must be a valid email' },
        formError: 'Please fill in at least one field',
      },
    });
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByText('Full Name is required')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please fill in at least one field');
    expect(document.querySelector<HTMLInputElement>('#field-1')?.value).toBe('nope');
  });

  it('hydrates the thank-you, not-found and login pages as rendered', async () => {
    await hydrate({ formId: 'abc123', nonce: 'n'.repeat(22), view: { kind: 'submitted' } });
    expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    document.body.innerHTML = '';
    await hydrate({
      formId: 'abc123',
      nonce: 'n'.repeat(22),
      view: { kind: 'error', detail: 'Form not found' },
    });
    expect(screen.getByText('Form not found')).toBeTruthy();
    // No retry will find a form that does not exist.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

/** A form with a field of every type, as the server's public view gives it. */
const everyType: PublicForm = {
  ...form,
  jdata: [
    { id: 't1', label: 'Full Name', type: 'text', required: true, placeHolder: 'Your answer' },
    { id: 't2', label: 'Email', type: 'email', required: false, placeHolder: '' },
    { id: 't3', label: 'Guests', type: 'number', required: false, placeHolder: '', min: 1, max: 10 },
    { id: 't4', label: 'Day', type: 'date', required: false, placeHolder: '', min: '2026-01-01' },
    { id: 't5', label: 'Notes', type: 'textarea', required: false, placeHolder: '' },
    { id: 't6', label: 'Plan', type: 'dropdown', required: true, placeHolder: '', options: ['Basic', 'Pro'] },
    {
      id: 't7',
      label: 'Colour',
      type: 'radio',
      required: false,
      placeHolder: '',
      options: ['Red', 'Blue'],
      allowOther: true,
    },
    {
      id: 't8',
      label: 'Days',
      type: 'checkboxes',
      required: false,
      placeHolder: '',
      options: ['Mon', 'Tue', 'Wed'],
      allowOther: true,
    },
    { id: 't9', label: 'I agree', type: 'checkbox', required: true, placeHolder: '' },
    { id: 't10', label: 'Arrival', type: 'time', required: false, placeHolder: '' },
    { id: 't11', label: 'Site', type: 'url', required: false, placeHolder: '' },
    { id: 't12', label: 'Phone', type: 'tel', required: false, placeHolder: '' },
  ],
};

describe('a form with every field type, hydrated', () => {
  it('hydrates without a mismatch, keeps early choices and sends them as the server takes them', async () => {
    const root = await hydrate(
      { formId: 'abc123', nonce: 'n'.repeat(22), view: { kind: 'form', form: everyType } },
      (r) => {
        // Chosen before the script arrived, as a respondent on a slow line may do.
        const pick = (selector: string) => {
          const input = r.querySelector<HTMLInputElement>(selector);
          if (input) input.checked = true;
        };
        const type = (selector: string, value: string) => {
          const input = r.querySelector<HTMLInputElement | HTMLSelectElement>(selector);
          if (input) input.value = value;
        };
        type('[name="answer:Full Name"]', 'Ada');
        type('[name="answer:Plan"]', 'Pro');
        pick('[name="answer:Colour"][value="__other__"]');
        type('[name="other:Colour"]', 'Teal');
        pick('[name="answer:Days"][value="Mon"]');
        pick('[name="answer:Days"][value="Wed"]');
        pick('[name="answer:I agree"]');
        type('[name="answer:Arrival"]', '09:30');
      },
    );
    expect(errors).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(root.querySelector<HTMLSelectElement>('[name="answer:Plan"]')?.value).toBe('Pro');
    answerSubmissions();
    await act(async () => {
      root.querySelector('form')?.requestSubmit();
    });
    const submitCall = fetchMock.mock.calls.find((call) => String(call[0]).endsWith('/submit-form'));
    if (!submitCall) throw new Error('the form was not sent');
    expect(JSON.parse(String((submitCall[1] as RequestInit).body)).response).toEqual({
      'Full Name': 'Ada',
      Plan: 'Pro',
      Colour: 'Teal',
      Days: ['Mon', 'Wed'],
      'I agree': 'Yes',
      Arrival: '09:30',
    });
  });

  it("stops before sending with the server's messages and focuses the first field in error", async () => {
    const root = await hydrate({
      formId: 'abc123',
      nonce: 'n'.repeat(22),
      view: { kind: 'form', form: everyType },
    });
    const type = (selector: string, value: string) => {
      const input = root.querySelector<HTMLInputElement>(selector);
      if (input) input.value = value;
    };
    type('[name="answer:Full Name"]', 'Ada');
    type('[name="answer:Guests"]', '11');
    type('[name="answer:Site"]', 'example.org');
    await act(async () => {
      root.querySelector('form')?.requestSubmit();
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Guests must be at most 10')).toBeTruthy();
    expect(screen.getByText('Plan is required')).toBeTruthy();
    expect(screen.getByText('I agree is required')).toBeTruthy();
    expect(screen.getByText('Site must be a valid URL')).toBeTruthy();
    expect(document.activeElement?.getAttribute('name')).toBe('answer:Guests');
  });

  it('shows a refused no-JavaScript submission with its choices ticked', async () => {
    const root = await hydrate({
      formId: 'abc123',
      nonce: 'n'.repeat(22),
      view: {
        kind: 'form',
        form: everyType,
        values: { Plan: 'Basic', Colour: 'Teal', Days: 'Mon, Wed, Sun', 'I agree': 'Yes' },
        errors: { Days: 'Days must be one of the listed options' },
      },
    });
    expect(errors).not.toHaveBeenCalled();
    const checked = [...root.querySelectorAll<HTMLInputElement>('input:checked')].map(
      (input) => `${input.name}=${input.value}`,
    );
    expect(checked).toEqual([
      'answer:Colour=__other__',
      'answer:Days=Mon',
      'answer:Days=Wed',
      'answer:Days=__other__',
      'answer:I agree=Yes',
    ]);
    expect(root.querySelector<HTMLInputElement>('[name="other:Days"]')?.value).toBe('Sun');
    expect(screen.getByRole('group', { name: 'Days' }).getAttribute('aria-describedby')).toBe(
      'field-7-error',
    );
  });
});

/** A follow-up shown only for 'Yes', and a locked name from a prefilled link. */
const conditional: PublicForm = {
  ...form,
  jdata: [
    { id: 'c1', label: 'Attending', type: 'radio', required: true, placeHolder: '', options: ['Yes', 'No'] },
    {
      id: 'c2',
      label: 'Guests',
      type: 'number',
      required: true,
      placeHolder: '',
      visibleWhen: { match: 'all', rules: [{ fieldId: 'c1', op: 'equals', value: 'Yes' }] },
    },
    { id: 'c3', label: 'Name', type: 'text', required: false, placeHolder: '' },
    { id: 'c4', label: 'ref', type: 'hidden', required: false, placeHolder: '' },
  ],
};

describe('a form with conditional questions and a prefilled link, hydrated', () => {
  const hiddenByRule = (root: HTMLElement, label: string) =>
    root.querySelector(`[name="answer:${label}"]`)?.closest('.pf-rule-hidden') !== null;

  it('renders what the prefilled answers make visible, hides the rest with a class the noscript style undoes', async () => {
    const html = renderFormApp('/form/abc123', {
      formId: 'abc123',
      nonce: 'n'.repeat(22),
      view: { kind: 'form', form: conditional },
    });
    // Without JavaScript every field is in the page; form.html's noscript style shows .pf-rule-hidden.
    expect(html).toContain('class="pf-rule-hidden"');
    expect(html).toContain('name="answer:Guests"');

    const root = await hydrate({
      formId: 'abc123',
      nonce: 'n'.repeat(22),
      view: { kind: 'form', form: conditional, values: { Attending: 'Yes', ref: 'mail' } },
    });
    expect(errors).not.toHaveBeenCalled();
    expect(hiddenByRule(root, 'Guests')).toBe(false);
    expect(root.querySelector<HTMLInputElement>('[name="answer:ref"]')?.value).toBe('mail');
  });

  it('shows what was chosen before the script arrived, and locks the answers the server verified', async () => {
    const root = await hydrate(
      {
        formId: 'abc123',
        nonce: 'n'.repeat(22),
        view: {
          kind: 'form',
          form: conditional,
          values: { Name: 'Ada' },
          locked: ['Name'],
          prefillToken: 'payload.signature',
        },
      },
      (r) => {
        const yes = r.querySelector<HTMLInputElement>('[name="answer:Attending"][value="Yes"]');
        if (yes) yes.checked = true;
      },
    );
    expect(errors).not.toHaveBeenCalled();
    // Read once after hydration: 'Yes' was ticked before, so the follow-up shows.
    expect(hiddenByRule(root, 'Guests')).toBe(false);
    const name = root.querySelector<HTMLInputElement>('[name="answer:Name"]');
    expect(name?.readOnly).toBe(true);
    expect(screen.getByText('Set by the form owner')).toBeTruthy();
    expect(root.querySelector<HTMLInputElement>('[name="prefillToken"]')?.value).toBe('payload.signature');

    const guests = root.querySelector<HTMLInputElement>('[name="answer:Guests"]');
    if (guests) guests.value = '2';
    answerSubmissions();
    await act(async () => {
      root.querySelector('form')?.requestSubmit();
    });
    const submitCall = fetchMock.mock.calls.find((call) => String(call[0]).endsWith('/submit-form'));
    if (!submitCall) throw new Error('the form was not sent');
    const body = JSON.parse(String((submitCall[1] as RequestInit).body));
    expect(body.response).toEqual({ Attending: 'Yes', Guests: '2', Name: 'Ada' });
    expect(body.prefillToken).toBe('payload.signature');
  });
});

describe('needsScriptAtOnce', () => {
  it('loads the script at once only where the page cannot work without it', () => {
    expect(needsScriptAtOnce({ kind: 'form', form })).toBe(false);
    expect(needsScriptAtOnce({ kind: 'submitted' })).toBe(false);
    expect(needsScriptAtOnce({ kind: 'login' })).toBe(true);
    expect(needsScriptAtOnce({ kind: 'error', detail: 'x' })).toBe(true);
    for (const key of ['loginRequired', 'gdprEnabled', 'signatureEnabled'] as const) {
      expect(
        needsScriptAtOnce({ kind: 'form', form: { ...form, settings: { ...form.settings, [key]: 1 } } }),
      ).toBe(true);
    }
  });
});
