import type { PublicForm } from '@sheetforms/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from '../app';
import { toast } from '../lib/toast';

const form: PublicForm = {
  formId: 'abc123',
  name: 'Consent Form',
  description: '',
  settings: {
    loginRequired: 0,
    signatureEnabled: 1,
    signatureWidth: 400,
    signatureHeight: 200,
    gdprEnabled: 0,
  },
  jdata: [{ id: 'f1', label: 'Full Name', type: 'text', required: false, placeHolder: '' }],
  acceptingResponses: true,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** jsdom has no canvas: a 2D context that records the text drawn on it and ignores the rest. */
const drawnText: string[] = [];
function fakeContext(): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {
    fillText: (text: string) => drawnText.push(text),
    measureText: (text: string) => ({ width: text.length * 10 }),
  };
  return new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  drawnText.length = 0;
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => fakeContext() as unknown as ReturnType<HTMLCanvasElement['getContext']>,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
  ) {
    callback(new Blob([`png ${this.width}x${this.height}`], { type: 'image/png' }));
  });
  window.history.replaceState(null, '', '/form/abc123');
});

afterEach(() => {
  // Unmount before the canvas stubs go: a pad still being set up (a passive effect, late under load)
  // would otherwise meet jsdom's real getContext, which answers null.
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => toast.clear());
});

describe('signature field', () => {
  it('draws by default, with typing as the other choice', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: form }));
    render(<PublicApp />);
    expect(await screen.findByTestId('signature-canvas')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Draw your signature' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('radio', { name: 'Type your signature' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.queryByLabelText('Typed signature')).toBeNull();
  });

  it('takes a typed signature with keyboard controls alone and uploads it as the PNG of the pad size', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { data: form }))
      .mockResolvedValueOnce(
        json(200, { data: { status: 'success', signature: '/uploads/signatures/s1.png' } }),
      )
      .mockResolvedValueOnce(json(201, { data: { responseId: 'r1', syncState: 'pending' } }));
    render(<PublicApp />);
    await screen.findByTestId('signature-canvas');

    // Submitting with nothing signed points at the signature.
    fireEvent.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByText('Signature is required')).toBeTruthy();

    // Every control is a native, focusable one: a radio (Space), a text box, the Submit button (Enter).
    const typeChoice = screen.getByRole('radio', { name: 'Type your signature' });
    expect(typeChoice.tabIndex).toBe(0);
    typeChoice.focus();
    fireEvent.click(typeChoice);
    const typedInput = screen.getByLabelText('Typed signature') as HTMLInputElement;
    expect(typedInput.tagName).toBe('INPUT');
    typedInput.focus();
    fireEvent.change(typedInput, { target: { value: 'Ada Lovelace' } });
    expect(screen.queryByText('Signature is required')).toBeNull();
    expect(screen.getByRole('img', { name: 'Signature preview: Ada Lovelace' })).toBeTruthy();
    expect(drawnText).toContain('Ada Lovelace');

    drawnText.length = 0;
    await act(async () => {
      screen.getByRole('button', { name: 'Submit Form' }).click();
    });
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();

    const upload = fetchMock.mock.calls.find((call) => String(call[0]).endsWith('/forms/submit-signature'));
    if (!upload) throw new Error('no signature upload');
    const body = (upload[1] as RequestInit).body as FormData;
    const file = body.get('signature') as File;
    expect(file.type).toBe('image/png');
    expect(await readText(file)).toBe('png 400x200');
    expect(drawnText).toEqual(['Ada Lovelace']);
    const submit = fetchMock.mock.calls.find((call) => String(call[0]).endsWith('/submit-form'));
    if (!submit) throw new Error('the form was not sent');
    expect(JSON.parse(String((submit[1] as RequestInit).body)).response.signature).toBe(
      '/uploads/signatures/s1.png',
    );
  });

  it('counts a blank typed name as no signature, and focuses the box to type in', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: form }));
    render(<PublicApp />);
    await screen.findByTestId('signature-canvas');
    fireEvent.click(screen.getByRole('radio', { name: 'Type your signature' }));
    fireEvent.change(screen.getByLabelText('Typed signature'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByText('Signature is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Typed signature')));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
