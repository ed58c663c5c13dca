import { CONTACT_MESSAGES } from '@sheetforms/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../testing/feed';
import { ContactForm } from './contact-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

function field(name: RegExp | string) {
  return screen.getByLabelText(name) as HTMLInputElement | HTMLTextAreaElement;
}

function fill() {
  fireEvent.change(field('Name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(field('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(field(/Company/), { target: { value: 'Analytical Engines' } });
  fireEvent.change(field('Message'), { target: { value: 'Can I embed forms?' } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: /Send message|Sending/ }));
}

describe('ContactForm', () => {
  it('checks the fields like the server and sends nothing while they are wrong', () => {
    const fetchMock = stubFetch();
    render(<ContactForm />);

    submit();

    expect(screen.getByText(CONTACT_MESSAGES.nameRequired)).toBeDefined();
    expect(screen.getByText(CONTACT_MESSAGES.emailRequired)).toBeDefined();
    expect(screen.getByText(CONTACT_MESSAGES.messageRequired)).toBeDefined();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));

    fireEvent.change(field('Email'), { target: { value: 'nope' } });
    submit();
    expect(screen.getByText(CONTACT_MESSAGES.emailInvalid)).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes idle → sending → success: the banner shows the server message and the form clears', async () => {
    let answer: (reply: Response) => void = () => {};
    const fetchMock = stubFetch({
      contact: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    render(<ContactForm />);
    fill();

    submit();
    const button = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      message: 'Can I embed forms?',
    });

    await act(async () => answer(json({ data: { received: true }, message: 'Thanks, we got it!' }, 201)));

    expect(screen.getByRole('status').textContent).toBe('Thanks, we got it!');
    expect(field('Name').value).toBe('');
    expect(field('Message').value).toBe('');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("falls back to the spec's thank-you when the server sends no message", async () => {
    stubFetch({ contact: () => new Response(null, { status: 204 }) });
    render(<ContactForm />);
    fill();
    await act(async () => submit());
    expect(await screen.findByText(CONTACT_MESSAGES.success)).toBeDefined();
  });

  it("shows the server's error in an alert and keeps what was typed", async () => {
    stubFetch({
      contact: () => json({ status: 429, detail: 'Too many messages, try again in a minute' }, 429),
    });
    render(<ContactForm />);
    fill();
    await act(async () => submit());

    expect((await screen.findByRole('alert')).textContent).toBe('Too many messages, try again in a minute');
    expect(field('Name').value).toBe('Ada Lovelace');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("shows 'Failed to submit contact form. Please try again.' when the network fails", async () => {
    stubFetch({
      contact: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    render(<ContactForm />);
    fill();
    await act(async () => submit());
    expect((await screen.findByRole('alert')).textContent).toBe(CONTACT_MESSAGES.failure);
  });

  it('has a hidden honeypot named website that people cannot reach, and sends it when a bot fills it', async () => {
    const fetchMock = stubFetch({ contact: () => json({ data: {} }) });
    const { container } = render(<ContactForm />);
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement;

    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.getAttribute('aria-hidden')).toBe('true');
    expect(trap.parentElement?.closest('[aria-hidden="true"]')?.className).toContain('sr-only');

    fill();
    fireEvent.change(trap, { target: { value: 'https://spam.example' } });
    await act(async () => submit());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).website).toBe('https://spam.example');
  });
});
