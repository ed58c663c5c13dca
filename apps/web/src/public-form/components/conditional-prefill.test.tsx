import type { PublicForm } from '@sheetforms/contract';
import { encodePrefillPayload, PREFILL_MESSAGES } from '@sheetforms/contract/answers';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from '../app';
import { toast } from '../lib/toast';
import { LOCKED_HINT } from './locked-parts';
import { PREFILL_UNCHECKED } from './use-form-start';

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
async function open(search = '', then: Array<Response | Promise<Response>> = []) {
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
/** A token as the address carries it. Its signature is made up: only the server's answer makes it good. */
const token = (
  values: Record<string, string | string[]>,
  extra: { formId?: string; expiresAt?: number } = {},
) =>
  `${encodePrefillPayload({ formId: extra.formId ?? 'abc123', values, expiresAt: extra.expiresAt })}.c2lnbmF0dXJl`;
/** The server's answers to POST /forms/{formId}/prefill/verify. */
const verified = (values: Record<string, string | string[]>) => json(200, { data: { values } });
const refused = (message: string) =>
  json(400, { code: 'VALIDATION_FAILED', detail: message, errors: [{ path: 'body.token', message }] });
const verifyCalls = () => fetchMock.mock.calls.filter((c) => String(c[0]).endsWith('/prefill/verify'));
/** A reply the test sends when it chooses. */
function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

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

  it('shows locked answers read-only with the owner hint once the server verified them, posts them through hidden inputs, and sends the token', async () => {
    const locked = token({ f1: 'No', f6: 'Ada Lovelace', f7: 'Yes', f8: 'partner', f4: 'Phone' });
    await open(`?prefill=${locked}&Name=Someone`, [
      verified({ f1: 'No', f6: 'Ada Lovelace', f7: 'Yes', f8: 'partner', f4: 'Phone' }),
      submitted(),
    ]);
    expect(await screen.findAllByText(LOCKED_HINT)).toHaveLength(4);
    const [call] = verifyCalls();
    if (!call) throw new Error('the page asked the server about the token');
    expect(String(call[0])).toMatch(/\/forms\/abc123\/prefill\/verify$/);
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ token: locked });
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    expect(name.readOnly).toBe(true);
    expect(name.getAttribute('aria-describedby')).toBe(`${name.id}-locked`);
    // Disabled choices post nothing: hidden inputs carry the locked answers.
    expect(screen.getByLabelText<HTMLInputElement>('No').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('No').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Contact').disabled).toBe(true);
    // The verified answers are what the conditions read: Phone shows for 'No'.
    expect(isShown('Phone')).toBe(true);
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

  it("never shows a forged token's answers as locked: not while the server checks it, nor after it refuses", async () => {
    const forged = token({ f6: 'Mallory', f1: 'No', f8: 'forged' });
    const reply = deferred();
    await open(`?prefill=${forged}&Name=Someone&utm_source=mail`, [reply.promise, submitted()]);

    // While the server checks: the address's plain values, nothing locked, no token, and no sending yet.
    expect(verifyCalls()).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('Loading the answers this link sets');
    expect(screen.queryByText(LOCKED_HINT)).toBeNull();
    expect(input('Name')?.value).toBe('Someone');
    expect(input('Name')?.readOnly).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('No').checked).toBe(false);
    expect(input('utm_source')?.value).toBe('mail');
    expect(document.body.textContent).not.toContain('Mallory');
    expect(document.querySelector('input[name="prefillToken"]')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Form' }).disabled).toBe(true);

    await act(async () => reply.resolve(refused(PREFILL_MESSAGES.invalid)));
    expect(screen.getByRole('alert').textContent).toBe(PREFILL_MESSAGES.invalid);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(LOCKED_HINT)).toBeNull();
    expect(input('Name')?.value).toBe('Someone');
    expect(input('Name')?.readOnly).toBe(false);
    expect(document.body.textContent).not.toContain('Mallory');
    expect(document.querySelector('input[name="prefillToken"]')).toBeNull();

    // The form is still the respondent's to send, without the refused token.
    fireEvent.click(screen.getByLabelText('Yes'));
    fireEvent.change(screen.getByLabelText(/^Guests/), { target: { value: '1' } });
    await submit();
    expect(sentBody()?.response).toEqual({
      Attending: 'Yes',
      Guests: '1',
      Name: 'Someone',
      utm_source: 'mail',
    });
    expect(sentBody()?.prefillToken).toBeUndefined();
  });

  it("locks nothing and says why when the server refuses the link (expired, another form's) or cannot be asked", async () => {
    const cases = [
      [
        token({ f6: 'Ada' }, { expiresAt: 1_000 }),
        refused(PREFILL_MESSAGES.expired),
        PREFILL_MESSAGES.expired,
      ],
      [
        token({ f6: 'Ada' }, { formId: 'other' }),
        refused(PREFILL_MESSAGES.invalid),
        PREFILL_MESSAGES.invalid,
      ],
      ['not-a-token', refused(PREFILL_MESSAGES.invalid), PREFILL_MESSAGES.invalid],
      [token({ f6: 'Ada' }), json(503, { code: 'UNAVAILABLE', detail: 'Try later' }), PREFILL_UNCHECKED],
    ] as const;
    for (const [link, reply, message] of cases) {
      cleanup();
      await open(`?prefill=${link}`, [reply]);
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(screen.queryByText(LOCKED_HINT)).toBeNull();
      expect(input('Name')?.value).toBe('');
      expect(document.querySelector('input[name="prefillToken"]')).toBeNull();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Form' }).disabled).toBe(false);
    }
  });

  it('asks the server nothing for an address without a token', async () => {
    await open('?Name=Ada');
    expect(input('Name')?.value).toBe('Ada');
    expect(verifyCalls()).toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Form' }).disabled).toBe(false);
  });

  it("shows the server's refusals: a changed locked answer by its field, a bad link above the form", async () => {
    const locked = token({ f6: 'Ada' });
    await open(`?prefill=${locked}&Attending=yes&Guests=2`, [
      verified({ f6: 'Ada' }),
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
    await screen.findByText(LOCKED_HINT);
    await submit();
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toContain('-error');
    expect(screen.getByText(PREFILL_MESSAGES.lockedChanged)).toBeTruthy();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(PREFILL_MESSAGES.invalid);
  });
});
