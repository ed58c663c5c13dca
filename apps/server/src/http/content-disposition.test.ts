import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName } from './content-disposition.js';

describe('attachmentDisposition', () => {
  it('uses a plain filename for an ASCII name', () => {
    expect(attachmentDisposition('Signup-responses.csv')).toBe('attachment; filename="Signup-responses.csv"');
  });

  it('adds an RFC 5987 filename* for a non-ASCII name, with an ASCII stand-in', () => {
    expect(attachmentDisposition('Anmeldung Café – 2026.pdf')).toBe(
      `attachment; filename="Anmeldung Cafe _ 2026.pdf"; filename*=UTF-8''Anmeldung%20Caf%C3%A9%20%E2%80%93%202026.pdf`,
    );
    expect(attachmentDisposition("日本's (1).csv")).toBe(
      `attachment; filename="__'s (1).csv"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%27s%20%281%29.csv`,
    );
  });

  it('never lets a name break out of the header or into a path', () => {
    const header = attachmentDisposition('a"b\r\nSet-Cookie: x=1/../..\\c.csv');
    expect(header).toBe('attachment; filename="a_b Set-Cookie_ x=1_.._.._c.csv"');
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('replaces percent signs and semicolons in the stand-in', () => {
    expect(attachmentDisposition('100%; ok.csv')).toBe(
      `attachment; filename="100__ ok.csv"; filename*=UTF-8''100%25%3B%20ok.csv`,
    );
  });

  it('falls back when nothing is left of the name', () => {
    expect(attachmentDisposition('   ', 'responses.csv')).toBe('attachment; filename="responses.csv"');
  });
});

describe('cleanFileName', () => {
  it('collapses whitespace and caps the length', () => {
    expect(cleanFileName('  a \t b  ')).toBe('a b');
    expect(cleanFileName('x'.repeat(300))).toHaveLength(200);
  });
});
