import { CHOICES_SEPARATOR, checkAnswer, OPTION_LIMITS, OTHER_OPTION_VALUE } from '@sheetforms/contract';
import { describe, expect, it, vi } from 'vitest';
import { CHOICES_READ_MAX, choiceList } from './answer-input.js';

/** ORACLE: choiceList as it was before it read at most CHOICES_READ_MAX choices (copied unchanged). */
function oldChoiceList(input: string | readonly string[], options: readonly string[]): string[] {
  const parts =
    typeof input !== 'string'
      ? [...input]
      : options.includes(input.trim())
        ? [input.trim()]
        : input.split(CHOICES_SEPARATOR);
  return parts.map((part) => part.trim()).filter((part) => part !== '' && part !== OTHER_OPTION_VALUE);
}

/** Each once, in the order first given. */
const distinct = (items: readonly string[]) => [...new Set(items)];

/** A seeded generator (mulberry32), so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { int, pick };
}

const MANY = Array.from({ length: OPTION_LIMITS.max }, (_, i) => `Option ${i}`);
const OPTION_SETS: readonly (readonly string[])[] = [
  ['Parking', 'Lunch', 'Card, printed', 'Gift wrap'],
  MANY,
  ['a', 'b', 'a, b'],
];
/** Texts that are not options: blanks, the 'Other' marker, separators, an 'Other' answer. */
const STRAYS = ['', ' ', ',', ', ', ' , ', OTHER_OPTION_VALUE, 'Balloons', 'my own, with a comma', 'lunch'];

function randomInput(random: ReturnType<typeof randomSource>, options: readonly string[]) {
  const kind = random.int(3);
  const piece = () => {
    // Now and then a text of its own (an 'Other' answer split at its commas): many different parts.
    if (kind === 0 && random.int(3) === 0) return `own ${random.int(5000)}`;
    // Or options only: a valid answer, however long.
    const text = kind !== 1 && random.int(4) === 0 ? random.pick(STRAYS) : random.pick(options);
    return random.int(5) === 0 ? `  ${text} ` : text;
  };
  const length = random.pick([0, 1, 2, 5, 40, 600, 1700]);
  const pieces = Array.from({ length }, piece);
  if (random.int(2) === 0) return pieces.slice(0, OPTION_LIMITS.max + 1);
  const separator = random.int(6) === 0 ? ',' : CHOICES_SEPARATOR;
  return pieces.join(separator);
}

describe('choiceList', () => {
  it('reads what it read before, each choice once, at most CHOICES_READ_MAX of them (random inputs)', () => {
    const random = randomSource(501);
    let capped = 0;
    for (let round = 0; round < 800; round++) {
      const options = random.pick(OPTION_SETS);
      const input = randomInput(random, options);
      const before = distinct(oldChoiceList(input, options));
      if (before.length > CHOICES_READ_MAX) capped++;
      const now = choiceList(input, options);
      const expected = before.slice(0, CHOICES_READ_MAX);
      if (now.join('\n') !== expected.join('\n')) {
        expect(now, JSON.stringify({ round, input })).toEqual(expected);
      }
    }
    // Some inputs had more different parts than are read.
    expect(capped).toBeGreaterThan(0);
  });

  it('reads every valid answer as before (options repeated past CHOICES_READ_MAX too): the same choices, the same first one', () => {
    const random = randomSource(23);
    let valid = 0;
    let long = 0;
    for (let round = 0; round < 800; round++) {
      const options = random.pick(OPTION_SETS);
      const field = {
        label: 'Extras',
        type: 'checkboxes' as const,
        required: false,
        options: [...options],
        allowOther: random.int(2) === 0,
      };
      const input = randomInput(random, options);
      if (!checkAnswer(field, input).ok) continue;
      valid++;
      const before = oldChoiceList(input, options);
      if (before.length > CHOICES_READ_MAX) long++;
      const now = choiceList(input, options);
      const read = new Set(now);
      const same = now[0] === before[0] && read.size === new Set(before).size;
      if (!same || before.some((choice) => !read.has(choice))) {
        expect({ first: now[0], choices: new Set(now) }, JSON.stringify({ round, input })).toEqual({
          first: before[0],
          choices: new Set(before),
        });
      }
    }
    expect(valid).toBeGreaterThan(200);
    expect(long).toBeGreaterThan(5);
  });

  it("reads no more than CHOICES_READ_MAX different parts of a valid 'Other' text split at its commas", () => {
    // The one valid answer read otherwise than before: the parts past the first 501 are not seen by the
    // rules (the answer is still stored whole, as one 'Other' text).
    const field = {
      label: 'Extras',
      type: 'checkboxes' as const,
      required: false,
      options: ['a'],
      allowOther: true,
    };
    const text = Array.from({ length: 600 }, (_, i) => `x${i}`).join(CHOICES_SEPARATOR);
    expect(checkAnswer(field, text)).toEqual({ ok: true, value: text, given: true });
    expect(oldChoiceList(text, ['a'])).toHaveLength(600);
    expect(choiceList(text, ['a'])).toHaveLength(CHOICES_READ_MAX);
  });

  it('keeps a text that is one option whole, and splits options joined by ", "', () => {
    const options = ['Card, printed', 'Gift wrap'];
    expect(choiceList(' Card, printed ', options)).toEqual(['Card, printed']);
    expect(choiceList('Gift wrap, Card', options)).toEqual(['Gift wrap', 'Card']);
    expect(choiceList(['Gift wrap', ' ', OTHER_OPTION_VALUE, 'Gift wrap', 'Mine'], options)).toEqual([
      'Gift wrap',
      'Mine',
    ]);
  });

  it('reads "a, a, a, …" as one choice, and stops splitting once CHOICES_READ_MAX are found', () => {
    expect(choiceList(`${'a, '.repeat(1666)}a`, ['a'])).toEqual(['a']);
    const parts = Array.from({ length: 1666 }, (_, i) => `p${i}`);
    const trim = vi.spyOn(String.prototype, 'trim');
    let read: string[];
    try {
      read = choiceList(parts.join(CHOICES_SEPARATOR), MANY);
      // The whole text once (is it an option?), then a part at a time until enough are found.
      expect(trim.mock.calls.length).toBe(1 + CHOICES_READ_MAX);
    } finally {
      trim.mockRestore();
    }
    expect(read).toEqual(parts.slice(0, CHOICES_READ_MAX));
    expect(choiceList(parts, MANY)).toEqual(parts.slice(0, CHOICES_READ_MAX));
  });
});
