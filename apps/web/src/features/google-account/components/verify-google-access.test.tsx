import type { AuthConfig } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, problem } from '@/testing/fake-adapter';
import {
  AUTH_CONFIG_WITH_GOOGLE_APIS,
  type FakeGoogleTokenClient,
  installFakeGoogleTokenClient,
  removeFakeGoogleTokenClient,
} from '@/testing/fake-google-token-client';
import { GOOGLE_TOKEN_STORAGE_KEY } from '../logic/google-token';
import { VERIFY_MESSAGES } from '../logic/verify-messages';
import { VerifyGoogleAccess } from './verify-google-access';

const SHEET_URL = 'https://docs.google.com/spreadsheets/d/1TeamRotaSheetIdOfTwentyFive/edit';
const REFUSED =
  'You do not have access to this spreadsheet as carol@team.example. Ask its owner to share it with carol@team.example as Editor, or to set it to "Anyone with the link" can edit, then try again.';

const withApis = AUTH_CONFIG_WITH_GOOGLE_APIS as unknown as AuthConfig;

let authConfig: AuthConfig;
/** What the server answers the metadata read, per token it carries. */
let metadataReply: (token: string | undefined) => { status: number; data: unknown };
let metadataCalls: { url: unknown; token: string | undefined }[];
let gis: FakeGoogleTokenClient;

beforeEach(() => {
  authConfig = withApis;
  metadataCalls = [];
  metadataReply = () => ({ status: 200, data: { data: { title: 'Team rota', sheets: [] } } });
  api.defaults.adapter = fakeAdapter(async (config) => {
    if (config.url === '/auth/config') return { status: 200, data: { data: authConfig } };
    if (config.url === '/sheets/metadata') {
      const token = config.headers.get('x-google-access-token');
      const sent = typeof token === 'string' ? token : undefined;
      metadataCalls.push({ url: config.params?.url, token: sent });
      return metadataReply(sent);
    }
    return { status: 404, data: problem(404, 'Not found') };
  });
  gis = installFakeGoogleTokenClient('carols-token');
});

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  // The shared web project keeps one module graph per worker: the next file must find axios as it was.
  api.defaults.adapter = originalAdapter;
  removeFakeGoogleTokenClient();
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderVerify(onVerified = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <VerifyGoogleAccess spreadsheetUrl={SHEET_URL} onVerified={onVerified} context="Team rota" />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

const verifyButton = () => screen.findByRole('button', { name: /Verify with Google/ });

describe('Verify with Google', () => {
  it("opens Google's account choice, sends the token once with the metadata read, and lets the caller try again", async () => {
    const onVerified = vi.fn();
    renderVerify(onVerified);
    expect(await screen.findByText(VERIFY_MESSAGES.hint)).toBeTruthy();
    const button = await verifyButton();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    // GIS's default prompt (select_account): the owner picks the account that edits the spreadsheet.
    expect(gis.prompts).toEqual([undefined]);
    // Named with its form for screen readers, where several of these share a page.
    expect(button.textContent).toBe('Verify with Google for Team rota');
    expect(metadataCalls).toEqual([{ url: SHEET_URL, token: 'carols-token' }]);
    expect(await screen.findByText(VERIFY_MESSAGES.verified)).toBeTruthy();
    // Kept like the templates' Google sign-in: one Google token per browser.
    expect(JSON.parse(localStorage.getItem(GOOGLE_TOKEN_STORAGE_KEY) ?? '{}').accessToken).toBe(
      'carols-token',
    );
  });

  it('says so when the chosen account cannot edit it either, and does not go on', async () => {
    metadataReply = () => ({ status: 403, data: problem(403, REFUSED, 'NO_OWNER_ACCESS') });
    const onVerified = vi.fn();
    renderVerify(onVerified);
    const button = await verifyButton();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(VERIFY_MESSAGES.stillRefused);
    expect(onVerified).not.toHaveBeenCalled();
    const describedBy = (button.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      VERIFY_MESSAGES.hint,
      VERIFY_MESSAGES.stillRefused,
    ]);
    // Another server failure is named as one.
    metadataReply = () => ({
      status: 503,
      data: problem(503, 'Google Sheets is unavailable', 'UNAVAILABLE'),
    });
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        `${VERIFY_MESSAGES.failedPrefix}Google Sheets is unavailable`,
      ),
    );
  });

  it('takes a closed Google window as a change of mind: no error, nothing sent, the button ready again', async () => {
    gis.next = 'closed';
    const onVerified = vi.fn();
    renderVerify(onVerified);
    const button = await verifyButton();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(gis.prompts).toHaveLength(1));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(metadataCalls).toEqual([]);
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('starts nothing when Google answers after the offer was withdrawn (the owner cancelled meanwhile)', async () => {
    const onVerified = vi.fn();
    const { unmount } = renderVerify(onVerified);
    const button = await verifyButton();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(gis.prompts).toHaveLength(1);
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(metadataCalls).toEqual([]);
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('starts nothing when the owner typed another address while Google was asking', async () => {
    const onVerified = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = (url: string) => (
      <QueryClientProvider client={client}>
        <VerifyGoogleAccess spreadsheetUrl={url} onVerified={onVerified} />
      </QueryClientProvider>
    );
    const { rerender } = render(view(SHEET_URL));
    const button = await verifyButton();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    rerender(view('https://docs.google.com/spreadsheets/d/1AnotherSheetIdOfTwentyFiveChars/edit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(metadataCalls).toEqual([]);
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('offers nothing when the server has no Google sign-in for APIs', async () => {
    authConfig = { ...withApis, googleApis: undefined } as unknown as AuthConfig;
    renderVerify();
    await waitFor(() => expect(screen.queryByText(VERIFY_MESSAGES.hint)).toBeNull());
    // Still nothing once the configuration has arrived.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
