import type { Webhook, WebhookDelivery, WebhookDeliveryPage } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as webhooksApi from '../api/webhooks-api';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';

vi.mock('../api/webhooks-api', () => ({
  listWebhooks: vi.fn(),
  createWebhook: vi.fn(),
  setWebhookEnabled: vi.fn(),
  deleteWebhook: vi.fn(),
  listWebhookDeliveries: vi.fn(),
  replayWebhookDelivery: vi.fn(),
}));
const api = vi.mocked(webhooksApi);

const webhook: Webhook = {
  id: 'w1',
  url: 'https://hooks.example.com/in',
  events: ['response.created'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
};

const delivery = (extra: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'd1',
  responseId: 'r1',
  state: 'delivered',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  nextAttemptAt: null,
  createdAt: '2026-11-27T10:01:00.000Z',
  deliveredAt: '2026-11-27T10:01:01.000Z',
  ...extra,
});

const page = (items: WebhookDelivery[], extra: Partial<WebhookDeliveryPage> = {}): WebhookDeliveryPage => ({
  items,
  page: 1,
  limit: 10,
  total: items.length,
  ...extra,
});

/** The server's error body, as the API client rejects with it. */
const serverError = (status: number, detail: string) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', undefined, {}, {
    status,
    data: { code: 'ERROR', detail, errors: [] },
  } as AxiosResponse);

/** A promise the test settles itself, to hold a request in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// The component's own format, so the expected text follows the test machine's locale and time zone.
const formatTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <span id="hook-url">{webhook.url}</span>
      <WebhookDeliveriesDialog formId="form123" webhook={webhook} describedBy="hook-url" />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
  return screen.getByRole('dialog', { name: 'Deliveries' });
}

/** The body rows of the deliveries table (the first row is the header). */
const bodyRows = (dialog: HTMLElement) => within(dialog).getAllByRole('row').slice(1);

/** A row's 'Send again' button. */
const sendAgain = (row: HTMLElement) => within(row).getByRole('button', { name: 'Send again' });

const footerText = (dialog: HTMLElement, text: string) => within(dialog).findByText(text);

describe('WebhookDeliveriesDialog', () => {
  beforeEach(() => vi.resetAllMocks());
  afterEach(() => vi.useRealTimers());

  it('loads nothing until opened, then shows Loading… while the first page is on its way', async () => {
    const request = deferred<WebhookDeliveryPage>();
    api.listWebhookDeliveries.mockReturnValue(request.promise);
    renderDialog();
    const trigger = screen.getByRole('button', { name: 'Deliveries' });
    expect(trigger.getAttribute('aria-describedby')).toBe('hook-url');
    expect(api.listWebhookDeliveries).not.toHaveBeenCalled();

    const dialog = openDialog();
    expect(within(dialog).getByText(webhook.url)).toBeTruthy();
    expect(within(dialog).getByText('Loading…')).toBeTruthy();
    expect(within(dialog).getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).queryByText(/No deliveries yet/)).toBeNull();
    expect(within(dialog).queryByText(/deliveries · page/)).toBeNull();
    expect(api.listWebhookDeliveries).toHaveBeenCalledWith('form123', 'w1', 1);

    await act(async () => request.resolve(page([delivery()])));
    expect(await within(dialog).findByText('Delivered')).toBeTruthy();
    expect(within(dialog).queryByText('Loading…')).toBeNull();
    expect(within(dialog).getByRole('table').getAttribute('aria-busy')).toBeNull();
  });

  it('shows the empty state when the webhook has no deliveries yet', async () => {
    api.listWebhookDeliveries.mockResolvedValue(page([]));
    renderDialog();
    const dialog = openDialog();
    expect(
      await within(dialog).findByText('No deliveries yet: they appear here as responses arrive.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('0 deliveries · page 1 of 1')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it("shows the server's message with Retry when the deliveries cannot be loaded, and Retry loads them", async () => {
    api.listWebhookDeliveries
      .mockRejectedValueOnce(serverError(404, 'Webhook not found'))
      .mockResolvedValue(page([delivery()]));
    renderDialog();
    const dialog = openDialog();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Webhook not found');
    expect(within(dialog).queryByText(/No deliveries yet/)).toBeNull();
    expect(within(dialog).queryByText('Loading…')).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Delivered')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(api.listWebhookDeliveries).toHaveBeenCalledTimes(2);
    expect(api.listWebhookDeliveries).toHaveBeenLastCalledWith('form123', 'w1', 1);
  });

  it("shows the dialog's own message when the failure carries none", async () => {
    api.listWebhookDeliveries.mockRejectedValue(new Error('Network Error'));
    renderDialog();
    const dialog = openDialog();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Deliveries could not be loaded');
    expect(alert.textContent).not.toContain('Network Error');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('lists each delivery with its state, attempts, last answer and next attempt', async () => {
    const nextAttemptAt = '2026-11-27T11:00:00.000Z';
    api.listWebhookDeliveries.mockResolvedValue(
      page([
        delivery({ id: 'd1' }),
        delivery({
          id: 'd2',
          state: 'pending',
          attempts: 2,
          lastStatus: 500,
          lastError: 'HTTP 500: down',
          nextAttemptAt,
          deliveredAt: null,
        }),
        delivery({
          id: 'd3',
          state: 'failed',
          attempts: 8,
          lastStatus: 410,
          lastError: 'HTTP 410',
          deliveredAt: null,
        }),
        delivery({
          id: 'd4',
          state: 'pending',
          attempts: 0,
          lastStatus: null,
          lastError: null,
          nextAttemptAt,
          deliveredAt: null,
        }),
      ]),
    );
    renderDialog();
    const dialog = openDialog();
    await within(dialog).findByText('Delivered');
    const [delivered, retrying, failed, queued] = bodyRows(dialog) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(bodyRows(dialog)).toHaveLength(4);

    // Received: the delivery's time, as a <time> with the ISO value.
    const received = within(delivered).getByRole('rowheader');
    expect(received.textContent).toBe(formatTime('2026-11-27T10:01:00.000Z'));
    expect(received.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-27T10:01:00.000Z');

    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(within(delivered).getByText('1 attempt')).toBeTruthy();
    expect(within(delivered).getByText('HTTP 200')).toBeTruthy();
    expect(within(delivered).queryByText(/next/)).toBeNull();

    expect(within(retrying).getByText('Retrying')).toBeTruthy();
    expect(within(retrying).getByText(`2 attempts · next ${formatTime(nextAttemptAt)}`)).toBeTruthy();
    const error = within(retrying).getByText('HTTP 500: down');
    expect(error.getAttribute('title')).toBe('HTTP 500: down');

    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('8 attempts')).toBeTruthy();
    expect(within(failed).getByText('HTTP 410')).toBeTruthy();

    // Waiting for its first try: 'Queued', no 'next' time, no answer yet.
    expect(within(queued).getByText('Queued')).toBeTruthy();
    expect(within(queued).getByText('0 attempts')).toBeTruthy();
    expect(within(queued).getByText('—')).toBeTruthy();

    for (const row of [delivered, retrying, failed, queued]) {
      expect(sendAgain(row)).toBeTruthy();
    }
    expect(within(dialog).getByText('4 deliveries · page 1 of 1')).toBeTruthy();
  });

  it('pages through the deliveries ten at a time, keeping the shown page until the next arrives', async () => {
    const first = page([delivery({ id: 'p1', lastStatus: 201 })], { total: 25 });
    const second = deferred<WebhookDeliveryPage>();
    const third = page([delivery({ id: 'p3', lastStatus: 203 })], { page: 3, total: 25 });
    api.listWebhookDeliveries.mockImplementation(async (_form, _hook, n) =>
      n === 1 ? first : n === 2 ? second.promise : third,
    );
    renderDialog();
    const dialog = openDialog();
    expect(await footerText(dialog, '25 deliveries · page 1 of 3')).toBeTruthy();
    expect(within(dialog).getByText('HTTP 201')).toBeTruthy();
    const previous = within(dialog).getByRole('button', { name: 'Previous' });
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(previous).toHaveProperty('disabled', true);
    expect(next).toHaveProperty('disabled', false);

    fireEvent.click(next);
    await waitFor(() => expect(api.listWebhookDeliveries).toHaveBeenCalledWith('form123', 'w1', 2));
    // While page 2 loads, page 1's rows stay (no flash of 'Loading…').
    expect(within(dialog).getByText('HTTP 201')).toBeTruthy();
    expect(within(dialog).queryByText('Loading…')).toBeNull();

    await act(async () =>
      second.resolve(page([delivery({ id: 'p2', lastStatus: 202 })], { page: 2, total: 25 })),
    );
    expect(await footerText(dialog, '25 deliveries · page 2 of 3')).toBeTruthy();
    expect(within(dialog).getByText('HTTP 202')).toBeTruthy();
    expect(within(dialog).queryByText('HTTP 201')).toBeNull();
    expect(previous).toHaveProperty('disabled', false);

    fireEvent.click(next);
    expect(await within(dialog).findByText('HTTP 203')).toBeTruthy();
    expect(within(dialog).getByText('25 deliveries · page 3 of 3')).toBeTruthy();
    expect(next).toHaveProperty('disabled', true);

    fireEvent.click(previous);
    expect(await within(dialog).findByText('HTTP 202')).toBeTruthy();
    expect(within(dialog).getByText('25 deliveries · page 2 of 3')).toBeTruthy();
    expect(api.listWebhookDeliveries).toHaveBeenLastCalledWith('form123', 'w1', 2);
  });

  it('starts again at page 1 when the dialog is closed and opened again', async () => {
    api.listWebhookDeliveries.mockImplementation(async (_form, _hook, n) =>
      page([delivery({ id: `p${n}` })], { page: n, total: 25 }),
    );
    renderDialog();
    let dialog = openDialog();
    expect(await footerText(dialog, '25 deliveries · page 1 of 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await footerText(dialog, '25 deliveries · page 2 of 3')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = openDialog();
    expect(await footerText(dialog, '25 deliveries · page 1 of 3')).toBeTruthy();
  });

  it('asks for the log again every 5 seconds while it is open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    api.listWebhookDeliveries
      .mockResolvedValueOnce(page([delivery({ id: 'd1', state: 'pending', attempts: 0, lastStatus: null })]))
      .mockResolvedValue(page([delivery({ id: 'd1' })]));
    renderDialog();
    const dialog = openDialog();
    expect(await within(dialog).findByText('Queued')).toBeTruthy();
    expect(api.listWebhookDeliveries).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(5_000));
    expect(await within(dialog).findByText('Delivered')).toBeTruthy();
    expect(api.listWebhookDeliveries).toHaveBeenCalledTimes(2);
    expect(api.listWebhookDeliveries).toHaveBeenLastCalledWith('form123', 'w1', 1);
  });

  it('keeps the rows in view when a refresh fails, says so, and Retry brings the list up to date', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    api.listWebhookDeliveries
      .mockResolvedValueOnce(page([delivery({ id: 'd1', state: 'pending', attempts: 0, lastStatus: null })]))
      .mockRejectedValueOnce(serverError(503, 'Service unavailable'))
      .mockResolvedValue(page([delivery({ id: 'd1' })]));
    renderDialog();
    const dialog = openDialog();
    expect(await within(dialog).findByText('Queued')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(5_000));
    const notice = await within(dialog).findByRole('alert');
    expect(notice.textContent).toContain(
      'The deliveries could not be refreshed: showing the last ones loaded.',
    );
    expect(within(dialog).getByText('Queued')).toBeTruthy();
    expect(bodyRows(dialog)).toHaveLength(1);
    expect(sendAgain(bodyRows(dialog)[0] as HTMLElement)).toBeTruthy();

    fireEvent.click(within(notice).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Delivered')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('sends a delivery again, disabling its button meanwhile, then refreshes the list', async () => {
    const failed = delivery({
      id: 'd/2',
      state: 'failed',
      attempts: 8,
      lastStatus: 410,
      lastError: 'HTTP 410',
      deliveredAt: null,
    });
    // As the server answers: pending again, due now, its attempts and last error kept.
    const requeued = { ...failed, state: 'pending' as const, nextAttemptAt: '2026-11-28T09:00:00.000Z' };
    api.listWebhookDeliveries
      .mockResolvedValueOnce(page([delivery({ id: 'd1' }), failed]))
      .mockResolvedValue(page([delivery({ id: 'd1' }), requeued]));
    const replay = deferred<WebhookDelivery>();
    api.replayWebhookDelivery.mockReturnValue(replay.promise);
    renderDialog();
    const dialog = openDialog();
    await within(dialog).findByText('Failed');
    const [deliveredRow, failedRow] = bodyRows(dialog) as [HTMLElement, HTMLElement];

    fireEvent.click(sendAgain(failedRow));
    await waitFor(() => expect(api.replayWebhookDelivery).toHaveBeenCalledWith('form123', 'w1', 'd/2'));
    expect(api.replayWebhookDelivery).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(sendAgain(failedRow)).toHaveProperty('disabled', true));
    expect(sendAgain(deliveredRow)).toHaveProperty('disabled', false);
    expect(api.listWebhookDeliveries).toHaveBeenCalledTimes(1);

    await act(async () => replay.resolve(requeued));
    expect(await screen.findByText('Queued to send again')).toBeTruthy();
    expect(await within(dialog).findByText('Retrying')).toBeTruthy();
    expect(within(dialog).getByText(`8 attempts · next ${formatTime(requeued.nextAttemptAt)}`)).toBeTruthy();
    expect(within(dialog).queryByText('Failed')).toBeNull();
    expect(api.listWebhookDeliveries).toHaveBeenCalledTimes(2);
    expect(api.listWebhookDeliveries).toHaveBeenLastCalledWith('form123', 'w1', 1);
    const refreshedRow = bodyRows(dialog)[1] as HTMLElement;
    expect(sendAgain(refreshedRow)).toHaveProperty('disabled', false);
  });

  it("shows the server's message when a delivery cannot be sent again, and leaves the list as it was", async () => {
    api.listWebhookDeliveries.mockResolvedValue(
      page([delivery({ id: 'd1', state: 'failed', lastStatus: 410, lastError: 'HTTP 410' })]),
    );
    api.replayWebhookDelivery.mockRejectedValue(serverError(404, 'Delivery not found'));
    renderDialog();
    const dialog = openDialog();
    await within(dialog).findByText('Failed');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Delivery not found')).toBeTruthy();
    expect(api.replayWebhookDelivery).toHaveBeenCalledWith('form123', 'w1', 'd1');
    expect(screen.queryByText('Queued to send again')).toBeNull();
    expect(api.listWebhookDeliveries).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByText('Failed')).toBeTruthy();
    // The button is usable again, to try once more.
    expect(within(dialog).getByRole('button', { name: 'Send again' })).toHaveProperty('disabled', false);
  });

  it("shows the dialog's own message when sending again fails without one", async () => {
    api.listWebhookDeliveries.mockResolvedValue(page([delivery()]));
    api.replayWebhookDelivery.mockRejectedValue(new Error('Network Error'));
    renderDialog();
    const dialog = openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('The delivery could not be queued again')).toBeTruthy();
    expect(screen.queryByText('Network Error')).toBeNull();
  });
});
