/**
 * Google's `fields` partial-response masks: `spreadsheetId,properties.title,sheets.properties(sheetId,title)`.
 * Paths are comma-separated, `.` (or `/`) selects a sub-field, `( )` groups several sub-fields, `*` selects
 * everything, and snake_case names match camelCase fields. A mask applies to each element of a list.
 */
export type FieldMask = Map<string, FieldMask | true>;

/** Parses a mask; `undefined` when the syntax is broken. */
export function parseFieldMask(text: string): FieldMask | undefined {
  let position = 0;
  const source = text.replace(/\s+/g, '');

  function list(): FieldMask | undefined {
    const mask: FieldMask = new Map();
    for (;;) {
      if (!path(mask)) return undefined;
      if (source[position] !== ',') return mask;
      position++;
    }
  }

  function path(into: FieldMask): boolean {
    const match = /^(\*|[A-Za-z_][A-Za-z0-9_]*)/.exec(source.slice(position));
    if (!match?.[1]) return false;
    position += match[1].length;
    const name = camelCase(match[1]);
    const char = source[position];
    if (char === '.' || char === '/') {
      position++;
      const child = subMask(into, name);
      return path(child);
    }
    if (char === '(') {
      position++;
      const inner = list();
      if (!inner || source[position] !== ')') return false;
      position++;
      merge(subMask(into, name), inner);
      return true;
    }
    into.set(name, true);
    return true;
  }

  const mask = list();
  return mask && position === source.length ? mask : undefined;
}

/** Keeps only the masked fields of `value` (lists are masked element by element). */
export function applyFieldMask(value: unknown, mask: FieldMask): unknown {
  if (Array.isArray(value)) return value.map((item) => applyFieldMask(item, mask));
  if (typeof value !== 'object' || value === null) return value;
  if (mask.get('*') === true) return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(source)) {
    const selection = mask.get(key) ?? mask.get('*');
    if (selection === undefined) continue;
    result[key] = selection === true ? field : applyFieldMask(field, selection);
  }
  return result;
}

function subMask(mask: FieldMask, name: string): FieldMask {
  const existing = mask.get(name);
  if (existing === true) return new Map([['*', true]]);
  if (existing) return existing;
  const created: FieldMask = new Map();
  mask.set(name, created);
  return created;
}

function merge(target: FieldMask, source: FieldMask) {
  for (const [key, value] of source) {
    const existing = target.get(key);
    if (value === true || existing === true) target.set(key, true);
    else if (existing) merge(existing, value);
    else target.set(key, value);
  }
}

function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());
}

/** Whether a mask selects the field at `path` (or all of it, through a parent or `*`). */
export function maskSelects(mask: FieldMask, path: readonly string[]): boolean {
  let current = mask;
  for (const name of path) {
    const selection = current.get(name) ?? current.get('*');
    if (selection === undefined) return false;
    if (selection === true) return true;
    current = selection;
  }
  return true;
}
