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

/**
 * The submission and the sheet-save step's look at its state both answer at once: a step left polling
 * a shared reply would call the next test's fetch.
 */
function answerSubmissions() {
  fetchMock.mockImplementation(async (url: string) =>
    String(url).endsWith('/sync-status')
      ? new Response(JSON.stringify({ data: { responseId: 'r1', state: 'synced' } }), { status: 200 })
      : new Response(JSON.stringify({ data: { responseId: 'r1', syncState: 'synced' } }), { status: 201 }),
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
    expect(errors).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
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
