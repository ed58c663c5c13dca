import type { PublicForm } from '@sheetforms/contract';
import { encodePrefillPayload, PREFILL_MESSAGES } from '@sheetforms/contract/answers';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from '../app';
import { toast } from '../lib/toast';
import { LOCKED_HINT } from './locked-parts';

/** Attending → Guests (when Yes) → Dietary needs (when more than 2 guests); Phone when asked or declining. */
const form: PublicForm = {
  formId: 'abc123',
  name: 'Party',
  description: '',
  settings: {
    loginRequired: 0,
    signatureEnabled: 0,
    signatureWidth: 400,
    signatureHeight: 200,
    gdprEnabled: 0,
  },
  jdata: [
    { id: 'f1', label: 'Attending', type: 'radio', required: true, placeHolder: '', options: ['Yes', 'No'] },
    {
      id: 'f2',
      label: 'Guests',
      type: 'number',
      required: true,
      placeHolder: '',
      visibleWhen: { match: 'all', rules: [{ fieldId: 'f1', op: 'equals', value: 'Yes' }] },
    },
    {
      id: 'f3',
      label: 'Dietary needs',
      type: 'text',
      required: false,
      placeHolder: '',
      visibleWhen: { match: 'all', rules: [{ fieldId: 'f2', op: 'gt', value: '2' }] },
    },
    {
      id: 'f4',
      label: 'Contact',
      type: 'dropdown',
      required: false,
      placeHolder: '',
      options: ['Email', 'Phone'],
    },
    {
      id: 'f5',
      label: 'Phone',
      type: 'tel',
      required: true,
      placeHolder: '',
      visibleWhen: {
        match: 'any',
        rules: [
          { fieldId: 'f4', op: 'equals', value: 'Phone' },
          { fieldId: 'f1', op: 'equals', value: 'No' },
        ],
      },
    },
    { id: 'f6', label: 'Name', type: 'text', required: false, placeHolder: '' },
    { id: 'f7', label: 'Newsletter', type: 'checkbox', required: false, placeHolder: '' },
    { id: 'f8', label: 'utm_source', type: 'hidden', required: false, placeHolder: '' },
  ],
  acceptingResponses: true,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.clear());
});

/** The page at this address (the browser renders it: how a login-protected form is shown). */
async function open(search = '', then: Response[] = []) {
  window.history.replaceState(null, '', `/form/abc123${search}`);
  fetchMock.mockResolvedValueOnce(json(200, { data: form }));
  for (const response of then) fetchMock.mockResolvedValueOnce(response);
  render(<PublicApp />);
  await screen.findByRole('heading', { level: 1, name: 'Party' });
}

const input = (label: string) => document.querySelector<HTMLInputElement>(`[name="answer:${label}"]`);
/** Shown: in the page and not inside a wrapper its conditions hide. */
const isShown = (label: string) => {
  const element = input(label);
  return element !== null && element.closest('.pf-rule-hidden') === null;
};
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Form' })));
const sentBody = () => {
  const call = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/submit-form'));
  return call ? (JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>) : undefined;
};
const submitted = () => json(201, { data: { responseId: 'r1', syncState: 'pending' } });
const token = (
  values: Record<string, string | string[]>,
  extra: { formId?: string; expiresAt?: number } = {},
) =>
  `${encodePrefillPayload({ formId: extra.formId ?? 'abc123', values, expiresAt: extra.expiresAt })}.c2lnbmF0dXJl`;

describe('conditional questions', () => {
  it('shows and hides fields as answers change: all, any, and a chain that closes as a whole', async () => {
    await open();
    expect(isShown('Guests')).toBe(false);
    expect(isShown('Dietary needs')).toBe(false);
    expect(isShown('Phone')).toBe(false);

    fireEvent.click(screen.getByLabelText('Yes'));
    expect(isShown('Guests')).toBe(true);
    // It appeared while answering: it fades in (not on the first paint).
    expect(input('Guests')?.closest('.pf-reveal')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Guests/), { target: { value: '3' } });
    expect(isShown('Dietary needs')).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Guests/), { target: { value: '2' } });
    expect(isShown('Dietary needs')).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Guests/), { target: { value: '4' } });

    // 'No' hides Guests, and with it Dietary needs (a hidden field counts as unanswered), and shows Phone.
    fireEvent.click(screen.getByLabelText('No'));
    expect(isShown('Guests')).toBe(false);
    expect(isShown('Dietary needs')).toBe(false);
    expect(isShown('Phone')).toBe(true);

    // Either rule of an 'any' shows Phone.
    fireEvent.click(screen.getByLabelText('Yes'));
    expect(isShown('Phone')).toBe(false);
    fireEvent.change(screen.getByLabelText('Contact'), { target: { value: 'Phone' } });
    expect(isShown('Phone')).toBe(true);
    // Guests kept what was typed while it was hidden.
    expect(input('Guests')?.value).toBe('4');
    expect(isShown('Dietary needs')).toBe(true);
  });

  it('requires a required field only while it shows, and never sends a hidden answer', async () => {
    await open('', [submitted()]);
    fireEvent.click(screen.getByLabelText('No'));
    await submit();
    expect(screen.getByText('Phone is required')).toBeTruthy();
    expect(screen.queryByText('Guests is required')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByLabelText('Yes'));
    await submit();
    expect(screen.getByText('Guests is required')).toBeTruthy();
    expect(screen.queryByText('Phone is required')).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Guests/), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Dietary needs'), { target: { value: 'Vegan' } });
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '555 0100' } });
    await submit();
    expect(sentBody()?.response).toEqual({ Attending: 'No', Phone: '555 0100' });
  });
});

describe('prefilled answers', () => {
  it('fills fields from the address by label or id, matching options and ignoring values that do not fit', async () => {
    await open('?attending=x&Attending=yes&f4=phone&Name=Ada&Newsletter=maybe&Guests=3');
    expect(screen.getByLabelText<HTMLInputElement>('Yes').checked).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Contact').value).toBe('Phone');
    expect(input('Name')?.value).toBe('Ada');
    expect(input('Newsletter')?.checked).toBe(false);
    // What the prefilled answers make visible shows at once; the respondent may still change them.
    expect(isShown('Guests')).toBe(true);
    expect(isShown('Dietary needs')).toBe(true);
    expect(isShown('Phone')).toBe(true);
    expect(input('Name')?.readOnly).toBe(false);
    expect(screen.queryByText(LOCKED_HINT)).toBeNull();
  });

  it('a hidden field takes its value from the address, is never shown, and is sent like an answer', async () => {
    await open('?utm_source=newsletter', [submitted()]);
    const hidden = input('utm_source');
    expect(hidden?.type).toBe('hidden');
    expect(hidden?.value).toBe('newsletter');
    expect(screen.queryByText('utm_source')).toBeNull();
    // By itself it is no answer, as the server says.
    fireEvent.click(screen.getByLabelText('Yes'));
    fireEvent.change(screen.getByLabelText(/^Guests/), { target: { value: '1' } });
    await submit();
    expect(sentBody()?.response).toEqual({ Attending: 'Yes', Guests: '1', utm_source: 'newsletter' });
    expect(sentBody()?.prefillToken).toBeUndefined();
  });

  it('shows locked answers read-only with the owner hint, posts them through hidden inputs, and sends the token', async () => {
    const locked = token({ f1: 'No', f6: 'Ada Lovelace', f7: 'Yes', f8: 'partner', f4: 'Phone' });
    await open(`?prefill=${locked}&Name=Someone`, [submitted()]);
    expect(screen.getAllByText(LOCKED_HINT)).toHaveLength(4);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    expect(name.readOnly).toBe(true);
    expect(name.getAttribute('aria-describedby')).toBe(`${name.id}-locked`);
    // Disabled choices post nothing: hidden inputs carry the locked answers.
    expect(screen.getByLabelText<HTMLInputElement>('No').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('No').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Contact').disabled).toBe(true);
    const posted = [
      ...document.querySelectorAll<HTMLInputElement>('input[type="hidden"][name^="answer:"]'),
    ].map((element) => `${element.name}=${element.value}`);
    expect(posted).toEqual([
      'answer:Attending=No',
      'answer:Contact=Phone',
      'answer:Newsletter=Yes',
      'answer:utm_source=partner',
    ]);
    expect(document.querySelector<HTMLInputElement>('input[name="prefillToken"]')?.value).toBe(locked);

    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '555 0100' } });
    await submit();
    expect(sentBody()).toMatchObject({
      prefillToken: locked,
      response: {
        Attending: 'No',
        Contact: 'Phone',
        Phone: '555 0100',
        Name: 'Ada Lovelace',
        Newsletter: 'Yes',
        utm_source: 'partner',
      },
    });
  });

  it('locks nothing and says so for an expired link or one made for another form', async () => {
    const cases = [
      [token({ f6: 'Ada' }, { expiresAt: 1_000 }), PREFILL_MESSAGES.expired],
      [token({ f6: 'Ada' }, { formId: 'other' }), PREFILL_MESSAGES.invalid],
      ['not-a-token', PREFILL_MESSAGES.invalid],
    ] as const;
    for (const [link, message] of cases) {
      cleanup();
      await open(`?prefill=${link}`);
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(screen.queryByText(LOCKED_HINT)).toBeNull();
      expect(input('Name')?.value).toBe('');
      expect(document.querySelector('input[name="prefillToken"]')).toBeNull();
    }
  });

  it("shows the server's refusals: a changed locked answer by its field, a bad link above the form", async () => {
    const locked = token({ f6: 'Ada' });
    await open(`?prefill=${locked}&Attending=yes&Guests=2`, [
      json(400, {
        code: 'VALIDATION_FAILED',
        detail: PREFILL_MESSAGES.lockedChanged,
        errors: [{ path: 'response.Name', message: PREFILL_MESSAGES.lockedChanged }],
      }),
      json(400, {
        code: 'VALIDATION_FAILED',
        detail: PREFILL_MESSAGES.invalid,
        errors: [{ path: 'body.prefillToken', message: PREFILL_MESSAGES.invalid }],
      }),
    ]);
    await submit();
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toContain('-error');
    expect(screen.getByText(PREFILL_MESSAGES.lockedChanged)).toBeTruthy();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(PREFILL_MESSAGES.invalid);
  });
});
