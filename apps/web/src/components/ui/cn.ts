/** Joins class names, skipping the falsy ones (`cn('a', cond && 'b')`). The kit's one class helper. */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
