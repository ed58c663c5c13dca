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

/**
 * Whether a database error is a constraint violation of a row (unique, foreign key, not null, check): the
 * row's fault, not the database's. PostgreSQL SQLSTATE class 23; SQLite's SQLITE_CONSTRAINT_* codes.
 */
export function isConstraintViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return typeof code === 'string' && (/^23[0-9A-Z]{3}$/.test(code) || code.startsWith('SQLITE_CONSTRAINT'));
}
