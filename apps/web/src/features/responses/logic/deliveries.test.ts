// @vitest-environment node
import type { ResponseDelivery } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { deliveryView } from './deliveries';

const now = new Date('2026-11-28T10:30:00.000Z');
const delivery = (extra: Partial<ResponseDelivery>): ResponseDelivery => ({
  id: 'd1',
  destination: 'owner-email',
  label: 'Email to you',
  state: 'pending',
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  ...extra,
});

describe('deliveryView', () => {
  it('says Sent, Failed with the reason, Queued, and Retrying with the reason', () => {
    expect(deliveryView(delivery({ state: 'delivered' }), now)).toMatchObject({
      state: 'Sent',
      canRetry: false,
    });
    expect(deliveryView(delivery({ state: 'failed', lastError: 'HTTP 500' }), now)).toMatchObject({
      state: 'Failed',
      detail: 'Email to you: failed (HTTP 500)',
      canRetry: true,
    });
    expect(deliveryView(delivery({}), now)).toMatchObject({ state: 'Queued', canRetry: false });
    expect(
      deliveryView(
        delivery({ attempts: 1, lastError: '451 busy', nextAttemptAt: '2026-11-28T10:31:00.000Z' }),
        now,
      ),
    ).toMatchObject({ state: 'Retrying', variant: 'warning', canRetry: true });
  });

  it('shows a digest waiting for its period as Scheduled, and as Queued once it is due', () => {
    const digest = delivery({
      destination: 'owner-digest',
      label: 'Digest to you',
      nextAttemptAt: '2026-11-28T11:05:00.000Z',
    });
    const scheduled = deliveryView(digest, now);
    expect(scheduled).toMatchObject({ state: 'Scheduled', variant: 'info', canRetry: false });
    expect(scheduled.detail).toMatch(/^Digest to you: sent with the digest at /);
    expect(deliveryView(digest, new Date('2026-11-28T11:06:00.000Z')).state).toBe('Queued');
  });
});
