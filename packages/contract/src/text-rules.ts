/**
 * Text anywhere in the API may not contain NUL (U+0000): PostgreSQL's text type cannot store it, no
 * form name, label, answer or email needs it, and C code downstream would cut the text short there.
 */
export const NUL_TEXT_MESSAGE = 'Text must not contain NUL characters (\\u0000).';

/** Whether a string holds a NUL character. */
export function hasNulCharacter(text: string): boolean {
  return text.includes('\u0000');
}

type Path = Array<string | number>;

/**
 * The path of the first string (or object key) holding a NUL in a parsed JSON value, a query or route
 * parameters: e.g. `['jdata', 0, 'label']`. Undefined when there is none. Object keys count, since a
 * key often becomes stored text (an answer's label). Walks with its own stack, not recursion, so any
 * nesting a JSON parser accepts is checked without overflowing the call stack.
 */
export function findNulText(value: unknown): Path | undefined {
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
      if (hasNulCharacter(item)) return pathOf(entry);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const children: Array<[string | number, unknown]> = Array.isArray(item)
      ? item.map((child, index) => [index, child])
      : Object.entries(item);
    // Pushed in reverse so the first offending field in document order is the one reported.
    for (let index = children.length - 1; index >= 0; index--) {
      const [key, child] = children[index] as [string | number, unknown];
      if (typeof key === 'string' && hasNulCharacter(key)) return pathOf(entry, key);
      stack.push({ value: child, key, parent: entry });
    }
  }
  return undefined;
}
