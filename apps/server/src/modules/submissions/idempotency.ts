import type { ResponseSyncState } from '../../db/schema.js';

export interface StoredReceipt {
  id: string;
  syncState: ResponseSyncState;
}

export interface IdempotentStore<Row> {
  /** Inserts unless (form, idempotency key) exists; true when this call stored the row. */
  insertIfNew(row: Row): Promise<boolean>;
  findByIdempotencyKey(formRowId: string, key: string): Promise<StoredReceipt | undefined>;
}

/**
 * Stores a submission once per (form, idempotency key). The unique index decides, not a read before
 * the write: of two concurrent requests with one key (a double click, a retry racing the original),
 * exactly one insert wins and the other reads the winner's row, so both answer the same response id.
 */
export async function storeOnce<Row extends { id: string; form_id: string; idempotency_key: string | null }>(
  store: IdempotentStore<Row>,
  row: Row,
): Promise<{ receipt: StoredReceipt; created: boolean }> {
  if (await store.insertIfNew(row)) return { receipt: { id: row.id, syncState: 'pending' }, created: true };
  const existing = row.idempotency_key
    ? await store.findByIdempotencyKey(row.form_id, row.idempotency_key)
    : undefined;
  if (!existing) throw new Error('insert was skipped but no response holds its idempotency key');
  return { receipt: existing, created: false };
}
