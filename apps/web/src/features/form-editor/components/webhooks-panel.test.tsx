import type { CreatedWebhook, Webhook, WebhookDelivery } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as webhooksApi from '../api/webhooks-api';
import { WebhooksPanel } from './webhooks-panel';

vi.mock('../api/webhooks-api', () => ({
  listWebhooks: vi.fn(),
  createWebhook: vi.fn(),
  setWebhookEnabled: vi.fn(),
  deleteWebhook: vi.fn(),
  listWebhookDeliveries: vi.fn(),
  replayWebhookDelivery: vi.fn(),
}));
const api = vi.mocked(webhooksApi);

const hook = (extra: Partial<Webhook> = {}): Webhook => ({
  id: 'w1',
  url: 'https://hooks.example.com/in',
  events: ['response.created'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...extra,
});

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

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WebhooksPanel formId="form123" />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

describe('WebhooksPanel', () => {
  beforeEach(() => vi.resetAllMocks());

  it('shows the empty state, adds a webhook and shows its secret once', async () => {
    api.listWebhooks.mockResolvedValue([]);
    const created: CreatedWebhook = { ...hook(), secret: 'whsec_abc' };
    api.createWebhook.mockResolvedValue(created);
    renderPanel();
    expect(await screen.findByText('No webhooks yet')).toBeTruthy();

    const input = screen.getByLabelText('Endpoint URL');
    fireEvent.change(input, { target: { value: 'ftp://nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    expect(screen.getByText('Enter an http:// or https:// address')).toBeTruthy();
    expect(api.createWebhook).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: ' https://hooks.example.com/in ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    await waitFor(() =>
      expect(api.createWebhook).toHaveBeenCalledWith('form123', 'https://hooks.example.com/in'),
    );
    const callout = await screen.findByRole('region', { name: 'Signing secret' });
    expect(within(callout).getByTestId('webhook-secret').textContent).toBe('whsec_abc');
    expect(screen.getByRole('list')).toBeTruthy();
    fireEvent.click(within(callout).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('turns a webhook off, shows why the server turned one off, and removes one', async () => {
    api.listWebhooks.mockResolvedValue([
      hook(),
      hook({
        id: 'w2',
        url: 'https://gone.example.com',
        enabled: false,
        disabledReason: 'The receiver answered 410 Gone',
      }),
    ]);
    api.setWebhookEnabled.mockResolvedValue(hook({ enabled: false }));
    api.deleteWebhook.mockResolvedValue(undefined);
    renderPanel();
    expect(await screen.findByText('The receiver answered 410 Gone')).toBeTruthy();
    const [first] = screen.getAllByRole('switch');
    expect(first?.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(first as HTMLElement);
    await waitFor(() => expect(api.setWebhookEnabled).toHaveBeenCalledWith('form123', 'w1', false));
    await waitFor(() => expect(screen.getAllByRole('switch')[0]?.getAttribute('aria-checked')).toBe('false'));

    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1] as HTMLElement);
    await waitFor(() => expect(api.deleteWebhook).toHaveBeenCalledWith('form123', 'w2'));
    await waitFor(() => expect(screen.queryByText('https://gone.example.com')).toBeNull());
  });

  it("opens a webhook's deliveries, with each state, and sends one again", async () => {
    api.listWebhooks.mockResolvedValue([hook()]);
    api.listWebhookDeliveries.mockResolvedValue({
      items: [
        delivery(),
        delivery({
          id: 'd2',
          state: 'pending',
          attempts: 2,
          lastStatus: 500,
          lastError: 'HTTP 500: down',
          nextAttemptAt: '2026-11-27T11:00:00.000Z',
          deliveredAt: null,
        }),
        delivery({
          id: 'd3',
          state: 'failed',
          attempts: 1,
          lastStatus: 410,
          lastError: 'HTTP 410',
          deliveredAt: null,
        }),
      ],
      page: 1,
      limit: 10,
      total: 3,
    });
    api.replayWebhookDelivery.mockResolvedValue(delivery({ id: 'd3', state: 'pending' }));
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    expect(await within(dialog).findByText('Delivered')).toBeTruthy();
    expect(within(dialog).getByText('Retrying')).toBeTruthy();
    expect(within(dialog).getByText('Failed')).toBeTruthy();
    expect(within(dialog).getByText('HTTP 500: down')).toBeTruthy();
    expect(within(dialog).getByText('3 deliveries · page 1 of 1')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Send again' })[2] as HTMLElement);
    await waitFor(() => expect(api.replayWebhookDelivery).toHaveBeenCalledWith('form123', 'w1', 'd3'));
    expect(await screen.findByText('Queued to send again')).toBeTruthy();
  });

  it('shows an error with Retry when the list cannot be loaded', async () => {
    api.listWebhooks.mockRejectedValueOnce(new Error('offline')).mockResolvedValue([]);
    renderPanel();
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No webhooks yet')).toBeTruthy();
  });
});
