// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const page = readFileSync(fileURLToPath(new URL('../../form.html', import.meta.url)), 'utf8');

describe("form.html's <noscript> style", () => {
  it('shows every question without JavaScript, whatever its conditions (the server applies them)', () => {
    expect(page).toMatch(/<noscript><style>[^<]*html \.pf-rule-hidden\{display:block\}/);
  });
});
