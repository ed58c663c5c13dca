import type { ResponseDelivery } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { DeliveryBadges } from './delivery-badges';

vi.mock('@/lib/api-client', async (original) => {
  const actual = await original<typeof import('@/lib/api-client')>();
  return { ...actual, apiClient: { ...actual.apiClient, post: vi.fn().mockResolvedValue({ data: null }) } };
});

const delivery = (extra: Partial<ResponseDelivery>): ResponseDelivery => ({
  id: 'd1',
  destination: 'owner-email',
  label: 'Email to you',
  state: 'delivered',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  ...extra,
});

describe('DeliveryBadges', () => {
  it('names each destination with its state, and retries a failed one', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <DeliveryBadges
          formId="form1"
          showDetail
          deliveries={[
            delivery({}),
            delivery({
              id: 'd2',
              destination: 'webhook',
              label: 'Webhook hooks.example.com',
              state: 'failed',
              attempts: 9,
              lastError: 'HTTP 500: down',
            }),
            delivery({
              id: 'd3',
              destination: 'webhook',
              label: 'Webhook b.example.com',
              state: 'pending',
              attempts: 0,
            }),
          ]}
        />
        <ToastContainer />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: /^Email to you\s*Sent\s*: Email to you: sent$/ })).toBeTruthy();
    expect(screen.getByText('Webhook hooks.example.com: failed (HTTP 500: down)')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Webhook b\.example\.com\s*Queued/ })).toBeTruthy();
    const retries = screen.getAllByRole('button', { name: /^Retry/ });
    expect(retries).toHaveLength(1);
    fireEvent.click(retries[0] as HTMLElement);
    await waitFor(() => expect(apiClient.post).toHaveBeenCalledWith('/forms/form1/deliveries/d2/retry'));
    expect(await screen.findByText('Queued to send again')).toBeTruthy();
  });

  it('shows nothing for a response that goes nowhere else', () => {
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <DeliveryBadges formId="form1" deliveries={[]} />
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
