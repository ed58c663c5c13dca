import { describe, expect, it } from 'vitest';
import { optionsFromValues } from './range-options.js';

describe('optionsFromValues', () => {
  it('takes the first column, trimmed, without blanks, repeats or cells longer than an option', () => {
    expect(
      optionsFromValues([['  Free ', 'ignored'], [], [''], ['Pro'], ['Free'], ['x'.repeat(201)], ['Team']]),
    ).toEqual(['Free', 'Pro', 'Team']);
  });

  it('keeps at most 500 options', () => {
    const rows = Array.from({ length: 700 }, (_, i) => [`Option ${i}`]);
    const options = optionsFromValues(rows);
    expect(options).toHaveLength(500);
    expect(options.at(-1)).toBe('Option 499');
  });
});
