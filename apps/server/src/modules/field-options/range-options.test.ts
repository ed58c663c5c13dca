import { describe, expect, it } from 'vitest';
import { optionList, optionsFromValues } from './range-options.js';

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

  it('optionList cleans any texts the same way', () => {
    expect(optionList([' A ', '', 'A', 'B', 'x'.repeat(201)])).toEqual(['A', 'B']);
    expect(optionList(Array.from({ length: 600 }, (_, i) => `${i}`))).toHaveLength(500);
  });
});
