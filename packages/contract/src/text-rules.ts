/**
 * Text anywhere in the API may not contain NUL (U+0000): PostgreSQL's text type cannot store it, no
 * form name, label, answer or email needs it, and C code downstream would cut the text short there.
 */
export const NUL_TEXT_MESSAGE = 'Text must not contain NUL characters (\\u0000).';

/** Whether a string holds a NUL character. */
export function hasNulCharacter(text: string): boolean {
  return text.includes('\u0000');
}

/**
 * Text with half of a UTF-16 surrogate pair (JSON can carry `\ud800` alone) is not Unicode: PostgreSQL's
 * jsonb refuses it, so one such answer made the form's export and search fail (500) for its owner.
 */
export const UNPAIRED_SURROGATE_MESSAGE = 'Text must be valid Unicode (no unpaired surrogate characters).';

// Code units, not code points (no `u` flag): a high half not followed by a low one, or a low half alone.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string the API would store (NUL, an unpaired surrogate), or undefined. */
export function unstorableTextProblem(text: string): string | undefined {
  if (hasNulCharacter(text)) return NUL_TEXT_MESSAGE;
  if (UNPAIRED_SURROGATE.test(text)) return UNPAIRED_SURROGATE_MESSAGE;
  return undefined;
}

type Path = Array<string | number>;

/**
 * The first string (or object key) of a parsed JSON value, a query or route parameters that cannot be
 * stored (unstorableTextProblem), with its path (e.g. `['jdata', 0, 'label']`) and the problem. Undefined
 * when there is none. Object keys count, since a key often becomes stored text (an answer's label).
 * Walks with its own stack, not recursion, so any nesting a JSON parser accepts is checked without
 * overflowing the call stack.
 */
export function findUnstorableText(value: unknown): { path: Path; message: string } | undefined {
  if (isRecordOfStrings(value)) return findInRecordOfStrings(value);
  // Each entry links to its parent instead of copying its path, so deep nesting stays linear.
  interface Entry {
    value: unknown;
    key?: string | number;
    parent?: Entry;
  }
  const pathOf = (entry: Entry | undefined, last?: string): Path => {
    const reversed: Path = last === undefined ? [] : [last];
    for (let at = entry; at?.key !== undefined; at = at.parent) reversed.push(at.key);
    return reversed.reverse();
  };
  const stack: Entry[] = [{ value }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const item = entry.value;
    if (typeof item === 'string') {
      const message = unstorableTextProblem(item);
      if (message) return { path: pathOf(entry), message };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const children: Array<[string | number, unknown]> = Array.isArray(item)
      ? item.map((child, index) => [index, child])
      : Object.entries(item);
    // Pushed in reverse so the first offending field in document order is the one reported.
    for (let index = children.length - 1; index >= 0; index--) {
      const [key, child] = children[index] as [string | number, unknown];
      const message = typeof key === 'string' ? unstorableTextProblem(key) : undefined;
      if (message) return { path: pathOf(entry, key as string), message };
      stack.push({ value: child, key, parent: entry });
    }
  }
  return undefined;
}

/** Route parameters and most queries: one object of strings, checked without the walk's allocations. */
function isRecordOfStrings(value: unknown): value is Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const key in value) {
    if (Object.hasOwn(value, key) && typeof (value as Record<string, unknown>)[key] !== 'string')
      return false;
  }
  return true;
}

/** The walk's answer for a record of strings: its keys first, the last one first, then its values in order. */
function findInRecordOfStrings(record: Record<string, string>): { path: Path; message: string } | undefined {
  const keys = Object.keys(record);
  for (let index = keys.length - 1; index >= 0; index--) {
    const key = keys[index] as string;
    const message = unstorableTextProblem(key);
    if (message) return { path: [key], message };
  }
  for (const key of keys) {
    const message = unstorableTextProblem(record[key] as string);
    if (message) return { path: [key], message };
  }
  return undefined;
}
