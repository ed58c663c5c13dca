// @vitest-environment node
import { CONTACT_MESSAGES } from '@sheetforms/contract';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_URL, submitContact, validateContact } from './contact';

const filled = { name: ' Ada ', email: 'ada@example.com', company: '', message: 'Hello', website: '' };

function reply(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
}

describe('validateContact', () => {
  it('passes a filled form, trimmed, without the empty honeypot', () => {
    expect(validateContact(filled)).toEqual({
      ok: true,
      body: { name: 'Ada', email: 'ada@example.com', company: '', message: 'Hello' },
    });
  });

  it('names each missing or bad field with the spec texts', () => {
    expect(validateContact({ name: ' ', email: '', company: '', message: '', website: '' })).toEqual({
      ok: false,
      errors: {
        name: CONTACT_MESSAGES.nameRequired,
        email: CONTACT_MESSAGES.emailRequired,
        message: CONTACT_MESSAGES.messageRequired,
      },
    });
    expect(validateContact({ ...filled, email: 'not-an-email' })).toEqual({
      ok: false,
      errors: { email: CONTACT_MESSAGES.emailInvalid },
    });
    expect(validateContact({ ...filled, company: 'x'.repeat(121) })).toEqual({
      ok: false,
      errors: { company: 'Company can be at most 120 characters' },
    });
  });
});

describe('submitContact', () => {
  const body = { name: 'Ada', email: 'ada@example.com', company: '', message: 'Hello' };

  it("posts the body as JSON and shows the server's message", async () => {
    const fetchMock = vi.fn(async () => reply({ data: { id: 'c1' }, message: 'Thanks, Ada!' }));

    expect(await submitContact(body, fetchMock)).toEqual({ ok: true, message: 'Thanks, Ada!' });
    expect(fetchMock).toHaveBeenCalledWith(
      CONTACT_URL,
      expect.objectContaining({ method: 'POST', body: JSON.stringify(body) }),
    );
  });

  it('falls back to the spec texts when the server says nothing', async () => {
    expect(
      await submitContact(
        body,
        vi.fn(async () => reply(undefined, 201)),
      ),
    ).toEqual({
      ok: true,
      message: CONTACT_MESSAGES.success,
    });
    expect(
      await submitContact(
        body,
        vi.fn(async () => reply(undefined, 500)),
      ),
    ).toEqual({
      ok: false,
      message: CONTACT_MESSAGES.failure,
      errors: {},
    });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await submitContact(body, offline)).toEqual({
      ok: false,
      message: CONTACT_MESSAGES.failure,
      errors: {},
    });
  });

  it("shows a problem document's detail and its field errors", async () => {
    const problem = {
      status: 400,
      detail: 'Please check the form',
      errors: [{ path: 'body.email', message: CONTACT_MESSAGES.emailInvalid }],
    };
    expect(
      await submitContact(
        body,
        vi.fn(async () => reply(problem, 400)),
      ),
    ).toEqual({
      ok: false,
      message: 'Please check the form',
      errors: { email: CONTACT_MESSAGES.emailInvalid },
    });
  });
});
