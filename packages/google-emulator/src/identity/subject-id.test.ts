import { describe, expect, it } from 'vitest';
import { subjectIdForEmail } from './subject-id.js';

describe('subjectIdForEmail', () => {
  it('is 21 digits starting with 1, like a Google account id', () => {
    for (const email of ['ada@example.com', 'grace@example.org', 'x@y.io']) {
      expect(subjectIdForEmail(email)).toMatch(/^1\d{20}$/);
    }
  });

  it('is the same for the same email and different for different emails', () => {
    expect(subjectIdForEmail('ada@example.com')).toBe(subjectIdForEmail('ada@example.com'));
    expect(subjectIdForEmail('ada@example.com')).not.toBe(subjectIdForEmail('ada@example.org'));
  });
});
