import { describe, expect, it } from 'vitest';
import { receiptMailbox } from './receipt-mailbox.js';

describe('receiptMailbox', () => {
  it('counts every +tag of an address as the address itself, at any domain', () => {
    expect(receiptMailbox('ann+1@example.com')).toBe('ann@example.com');
    expect(receiptMailbox('ann+a+b@example.com')).toBe('ann@example.com');
    expect(receiptMailbox('ann@example.com')).toBe('ann@example.com');
  });

  it('ignores the dots of a Gmail address, and googlemail.com is Gmail', () => {
    expect(receiptMailbox('a.n.n+x@gmail.com')).toBe('ann@gmail.com');
    expect(receiptMailbox('ann@googlemail.com')).toBe('ann@gmail.com');
    // Elsewhere a dot is part of the name: two people.
    expect(receiptMailbox('a.nn@example.com')).not.toBe(receiptMailbox('ann@example.com'));
  });

  it("keeps a local part that starts with '+', and a quoted '@' stays in the local part", () => {
    expect(receiptMailbox('+ann@example.com')).toBe('+ann@example.com');
    expect(receiptMailbox('"a@b"+x@example.com')).toBe('"a@b"@example.com');
  });
});
