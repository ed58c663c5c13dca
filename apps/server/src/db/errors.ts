/**
 * Whether a database error is a unique-constraint violation, on either dialect: PostgreSQL's SQLSTATE
 * 23505 or SQLite's SQLITE_CONSTRAINT_UNIQUE (and PRIMARYKEY). Lets a use case turn a lost race into
 * the same answer its own check gives.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
