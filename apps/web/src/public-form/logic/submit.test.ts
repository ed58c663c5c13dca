// @vitest-environment node
import { NO_ANSWER_MESSAGE, PREFILL_MESSAGES } from '@sheetforms/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type api } from '../lib/http';
import { SubmissionAttempts } from './idempotency';
import { SUBMIT_MESSAGES, type SubmitDeps, type SubmitInput, submitForm } from './submit';

function notify() {
  return { info: vi.fn(), success: vi.fn(), warning: vi.fn(), error: vi.fn() };
}

const input: SubmitInput = {
  formId: 'form1',
  fields: [{ label: 'Name' }, { label: 'Email' }],
  response: { Name: 'Ada' },
  signature: null,
  token: null,
  consent: undefined,
  honeypot: '',
};

function deps(request: (...args: any[]) => Promise<unknown>) {
  let n = 0;
  const d = {
    request: request as unknown as typeof api,
    attempts: new SubmissionAttempts(() => `attempt-key-${++n}`),
    notify: notify(),
    uploaded: null,
  } satisfies SubmitDeps;
  return d as typeof d & SubmitDeps;
}

function sentKeys(request: ReturnType<typeof vi.fn>): string[] {
  return request.mock.calls.map(
    (call) => (call[1] as { body: { idempotencyKey: string } }).body.idempotencyKey,
  );
}

const receipt = { status: 201, data: { responseId: 'r1', syncState: 'pending' }, message: undefined };

describe('SUBMIT_MESSAGES', () => {
  it("says 'no answer' in the server's words", () => {
    expect(SUBMIT_MESSAGES.noAnswer).toBe(NO_ANSWER_MESSAGE);
  });
});

describe('submitForm', () => {
  it('reuses the idempotency key when the same submission is retried after a network error', async () => {
    const request = vi.fn().mockRejectedValueOnce(new ApiError(0)).mockResolvedValueOnce(receipt);
    const d = deps(request);
    expect(await submitForm(input, d)).toEqual({ kind: 'failed', retryable: true });
    expect(d.notify.error).toHaveBeenCalledWith('Failed to submit form');
    expect(await submitForm(input, d)).toEqual({ kind: 'submitted', receipt: receipt.data });
    expect(sentKeys(request)).toEqual(['attempt-key-1', 'attempt-key-1']);
    expect(d.notify.success).toHaveBeenCalledWith('Form submitted successfully!');
  });

  it('uses a fresh key for the next attempt after the server answered', async () => {
    const request = vi.fn().mockRejectedValueOnce(new ApiError(500, 'Boom')).mockResolvedValueOnce(receipt);
    const d = deps(request);
    expect(await submitForm(input, d)).toEqual({ kind: 'failed', retryable: false });
    expect(d.notify.error).toHaveBeenCalledWith('Boom');
    await submitForm(input, d);
    expect(sentKeys(request)).toEqual(['attempt-key-1', 'attempt-key-2']);
  });

  it('sends the response, honeypot, token and consent as the contract names them', async () => {
    const request = vi.fn().mockResolvedValue(receipt);
    await submitForm(
      {
        ...input,
        token: 'tok',
        honeypot: 'bot',
        consent: { gdpr_consent: 'accepted', analytics: true, marketing: true },
      },
      deps(request),
    );
    const [path, options] = request.mock.calls[0] as [string, { body: unknown; headers: unknown }];
    expect(path).toBe('/forms/form1/submit-form');
    expect(options.headers).toEqual({ Authorization: 'Bearer tok' });
    expect(options.body).toEqual({
      formId: 'form1',
      response: { Name: 'Ada' },
      website: 'bot',
      userToken: 'tok',
      consent: { gdpr_consent: 'accepted', analytics: true, marketing: true },
      idempotencyKey: 'attempt-key-1',
    });
  });

  it('uploads the signature first and stops when the upload fails', async () => {
    const request = vi.fn().mockRejectedValueOnce(new ApiError(413, 'Signature image is too large'));
    const d = deps(request);
    const signature = { version: 1, toBlob: async () => new Blob(['png'], { type: 'image/png' }) };
    expect(await submitForm({ ...input, signature }, d)).toEqual({ kind: 'failed', retryable: true });
    expect(d.notify.info).toHaveBeenCalledWith('Uploading signature...');
    expect(d.notify.error).toHaveBeenCalledWith('Failed to upload signature');
    expect(request).toHaveBeenCalledTimes(1);
    const body = (request.mock.calls[0] as [string, { body: FormData }])[1].body;
    expect([...body.keys()]).toEqual(['formId', 'signature']);
  });

  it('adds the uploaded signature URL to the response and uploads an unchanged drawing once', async () => {
    const request = vi.fn(async (path: string) => {
      if (path === '/forms/submit-signature') {
        return { status: 201, data: { status: 'success', signature: 'http://x/uploads/signatures/a.png' } };
      }
      throw new ApiError(0);
    });
    const d = deps(request);
    const signature = { version: 3, toBlob: async () => new Blob(['png']) };
    await submitForm({ ...input, signature }, d);
    await submitForm({ ...input, signature }, d);
    const paths = request.mock.calls.map((call) => call[0]);
    expect(paths).toEqual([
      '/forms/submit-signature',
      '/forms/form1/submit-form',
      '/forms/form1/submit-form',
    ]);
    const second = request.mock.calls[2] as unknown as [
      string,
      { body: { response: unknown; idempotencyKey: string } },
    ];
    expect(second[1].body.response).toEqual({ Name: 'Ada', signature: 'http://x/uploads/signatures/a.png' });
    expect(second[1].body.idempotencyKey).toBe('attempt-key-1');
  });

  describe('a signature uploaded a while ago', () => {
    const minute = 60 * 1000;
    const signature = { version: 1, toBlob: async () => new Blob(['png']) };
    const notUploaded = 'The signature was not uploaded for this form';
    const signatureRefused = () => {
      throw new ApiError(400, notUploaded, 'VALIDATION_FAILED', [
        { path: 'response.signature', message: notUploaded },
      ]);
    };

    /** Uploads answer a1.png, a2.png, ...; submissions answer from `answers`, in order. */
    function server(answers: (() => unknown)[]) {
      let uploads = 0;
      return vi.fn(async (path: string) => {
        if (path === '/forms/submit-signature') {
          uploads += 1;
          return {
            status: 201,
            data: { status: 'success', signature: `http://x/uploads/signatures/a${uploads}.png` },
          };
        }
        const answer = answers.shift();
        if (!answer) throw new Error('unexpected submission');
        return answer();
      });
    }
    const offline = () => {
      throw new ApiError(0);
    };
    const stored = () => receipt;

    function withClock(request: ReturnType<typeof server>) {
      const clock = { now: 0 };
      const d = deps(request);
      d.now = () => clock.now;
      return { d, clock };
    }
    function submissions(request: ReturnType<typeof server>) {
      return request.mock.calls
        .filter((call) => call[0] === '/forms/form1/submit-form')
        .map(
          (call) =>
            (
              call as unknown as [
                string,
                { body: { response: { signature?: string }; idempotencyKey: string } },
              ]
            )[1].body,
        )
        .map((body) => ({ signature: body.response.signature, key: body.idempotencyKey }));
    }
    const uploadCount = (request: ReturnType<typeof server>) =>
      request.mock.calls.filter((call) => call[0] === '/forms/submit-signature').length;

    it('reuses the uploaded URL for a retry within the safe margin', async () => {
      const request = server([offline, stored]);
      const { d, clock } = withClock(request);
      expect(await submitForm({ ...input, signature }, d)).toEqual({ kind: 'failed', retryable: true });
      clock.now += 49 * minute;
      expect(await submitForm({ ...input, signature }, d)).toEqual({
        kind: 'submitted',
        receipt: receipt.data,
      });
      expect(uploadCount(request)).toBe(1);
      expect(submissions(request)).toEqual([
        { signature: 'http://x/uploads/signatures/a1.png', key: 'attempt-key-1' },
        { signature: 'http://x/uploads/signatures/a1.png', key: 'attempt-key-1' },
      ]);
    });

    it('uploads the same drawing again for a retry after the margin, under the same idempotency key', async () => {
      const request = server([offline, stored]);
      const { d, clock } = withClock(request);
      await submitForm({ ...input, signature }, d);
      clock.now += 51 * minute;
      expect(await submitForm({ ...input, signature }, d)).toEqual({
        kind: 'submitted',
        receipt: receipt.data,
      });
      expect(uploadCount(request)).toBe(2);
      expect(submissions(request)).toEqual([
        { signature: 'http://x/uploads/signatures/a1.png', key: 'attempt-key-1' },
        { signature: 'http://x/uploads/signatures/a2.png', key: 'attempt-key-1' },
      ]);
    });

    it('uploads again when the clock went back since the upload (its age is unknown)', async () => {
      const request = server([offline, stored]);
      const { d, clock } = withClock(request);
      clock.now = 10 * minute;
      await submitForm({ ...input, signature }, d);
      clock.now = 0;
      await submitForm({ ...input, signature }, d);
      expect(uploadCount(request)).toBe(2);
    });

    it("uploads once more and resubmits with the same key when the server says the signature isn't uploaded", async () => {
      const request = server([signatureRefused, stored]);
      const { d } = withClock(request);
      expect(await submitForm({ ...input, signature }, d)).toEqual({
        kind: 'submitted',
        receipt: receipt.data,
      });
      expect(uploadCount(request)).toBe(2);
      expect(submissions(request)).toEqual([
        { signature: 'http://x/uploads/signatures/a1.png', key: 'attempt-key-1' },
        { signature: 'http://x/uploads/signatures/a2.png', key: 'attempt-key-1' },
      ]);
      expect(d.notify.error).not.toHaveBeenCalled();
      expect(d.notify.success).toHaveBeenCalledWith('Form submitted successfully!');
    });

    it('re-uploads only once: a second refusal is shown and ends the attempt', async () => {
      const request = server([signatureRefused, signatureRefused, stored]);
      const { d } = withClock(request);
      expect(await submitForm({ ...input, signature }, d)).toEqual({ kind: 'failed', retryable: false });
      expect(uploadCount(request)).toBe(2);
      expect(d.notify.error).toHaveBeenCalledWith(notUploaded);
      await submitForm({ ...input, signature }, d);
      expect(submissions(request).map((s) => s.key)).toEqual([
        'attempt-key-1',
        'attempt-key-1',
        'attempt-key-2',
      ]);
    });

    it('does not re-upload for a refusal of another answer', async () => {
      const emailRefused = () => {
        throw new ApiError(400, 'Email must be a valid email', 'VALIDATION_FAILED', [
          { path: 'response.Email', message: 'Email must be a valid email' },
        ]);
      };
      const request = server([emailRefused]);
      const { d } = withClock(request);
      expect(await submitForm({ ...input, signature }, d)).toEqual({
        kind: 'invalid',
        fieldErrors: { Email: 'Email must be a valid email' },
      });
      expect(uploadCount(request)).toBe(1);
    });
  });

  it('maps 401, 409 and field errors', async () => {
    const d401 = deps(vi.fn().mockRejectedValue(new ApiError(401, 'Please log in to submit the form')));
    expect(await submitForm(input, d401)).toEqual({ kind: 'unauthorized' });
    expect(d401.notify.error).toHaveBeenCalledWith('Please log in to submit the form');

    const d409 = deps(
      vi.fn().mockRejectedValue(new ApiError(409, 'This form is not accepting responses right now')),
    );
    expect(await submitForm(input, d409)).toEqual({ kind: 'not-accepting' });

    const d400 = deps(
      vi
        .fn()
        .mockRejectedValue(
          new ApiError(400, 'Email must be a valid email', 'VALIDATION_FAILED', [
            { path: 'response.Email', message: 'Email must be a valid email' },
          ]),
        ),
    );
    expect(await submitForm(input, d400)).toEqual({
      kind: 'invalid',
      fieldErrors: { Email: 'Email must be a valid email' },
    });
    // Shown beside the field only: a toast of it outlived the form (it stayed on the thank-you).
    expect(d400.notify.error).not.toHaveBeenCalled();
  });

  it('toasts a refusal that no field explains', async () => {
    const d = deps(vi.fn().mockRejectedValue(new ApiError(400, 'Bad request', 'BAD_REQUEST')));
    expect(await submitForm(input, d)).toEqual({ kind: 'failed', retryable: false });
    expect(d.notify.error).toHaveBeenCalledWith('Bad request');
  });

  it("sends a prefilled link's token back, and tells a refused link above the form, not in a toast", async () => {
    const request = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, PREFILL_MESSAGES.expired, 'VALIDATION_FAILED', [
          { path: 'body.prefillToken', message: PREFILL_MESSAGES.expired },
        ]),
      )
      .mockResolvedValueOnce(receipt);
    const d = deps(request);
    expect(await submitForm({ ...input, prefillToken: 'p.s' }, d)).toEqual({
      kind: 'refused',
      message: PREFILL_MESSAGES.expired,
    });
    expect(d.notify.error).not.toHaveBeenCalled();
    await submitForm(input, d);
    const bodies = request.mock.calls.map((call) => (call[1] as { body: Record<string, unknown> }).body);
    expect(bodies[0]?.prefillToken).toBe('p.s');
    expect('prefillToken' in (bodies[1] ?? {})).toBe(false);
  });
});
