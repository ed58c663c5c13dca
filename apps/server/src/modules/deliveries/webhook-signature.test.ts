import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhookSignature } from './webhook-signature.js';

describe('webhook signatures', () => {
  const secret = newWebhookSecret();
  const body = '{"id":"d1","event":"response.created"}';

  it('signs "{t}.{body}" with HMAC-SHA256, as a receiver recomputes it in a few lines', () => {
    const header = signWebhook(secret, body, 1_700_000_000);
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies a fresh signature, and refuses a changed body, another secret, an old or future timestamp', () => {
    const header = signWebhook(secret, body, 1_700_000_000);
    const at = { nowSeconds: 1_700_000_100 };
    expect(verifyWebhookSignature(secret, body, header, at)).toBe(true);
    expect(verifyWebhookSignature(secret, `${body} `, header, at)).toBe(false);
    expect(verifyWebhookSignature(newWebhookSecret(), body, header, at)).toBe(false);
    expect(verifyWebhookSignature(secret, body, header, { nowSeconds: 1_700_000_000 + 301 })).toBe(false);
    expect(verifyWebhookSignature(secret, body, header, { nowSeconds: 1_700_000_000 - 301 })).toBe(false);
    expect(verifyWebhookSignature(secret, body, 'v1=abc', at)).toBe(false);
    expect(verifyWebhookSignature(secret, body, 't=1700000000,v1=zz', at)).toBe(false);
  });

  it('makes secrets of 32 random bytes, each different', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
