import { randomFillSync } from 'node:crypto';

/**
 * Response ids are UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter, then 62 random
 * bits. Ids made later sort later (as text too: fixed-width lowercase hex), so each new row lands at the
 * right edge of the primary-key B-tree instead of on a random page: an insert dirties the same few pages as
 * the previous one, not one more page per index per row (random UUIDv4 keys did).
 *
 * Within one process the ids strictly increase: within a millisecond the counter counts up from a random
 * start below 2^11; if it runs out (over 2,048 ids in a millisecond) the next ids borrow the next
 * millisecond; a clock that steps back keeps the last millisecond used. Across instances, ids are ordered
 * by time only to within the clocks' difference, which nothing relies on (ties in a list are ordered by
 * created_at, then id).
 *
 * The id is public (the sheet's Response ID column, the respondent's receipt) and tells when the response
 * was created, to the millisecond: the sheet's Timestamp column shows the same to the owner, and the
 * respondent knows when they pressed Submit. The 62 random bits keep ids unguessable.
 */
export function createResponseIdGenerator(now: () => number = Date.now) {
  let lastMs = -1;
  let counter = 0;
  const pool = Buffer.alloc(8 * 256);
  let poolOffset = pool.length;
  const bytes = Buffer.alloc(16);

  return function nextResponseId(): string {
    let ms = now();
    if (ms > lastMs) {
      lastMs = ms;
      if (poolOffset + 2 > pool.length) refill();
      counter = pool.readUInt16BE(poolOffset) & 0x7ff;
      poolOffset += 2;
    } else {
      ms = lastMs;
      counter++;
      if (counter > 0xfff) {
        // Out of counter in this millisecond: borrow the next one (ids stay unique and ordered).
        lastMs = ms = lastMs + 1;
        counter = 0;
      }
    }
    if (poolOffset + 8 > pool.length) refill();
    bytes.writeUIntBE(ms, 0, 6);
    bytes[6] = 0x70 | (counter >> 8);
    bytes[7] = counter & 0xff;
    pool.copy(bytes, 8, poolOffset, poolOffset + 8);
    poolOffset += 8;
    bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };

  function refill() {
    randomFillSync(pool);
    poolOffset = 0;
  }
}

/** The process's generator: one counter, so every id this process makes is larger than the last. */
export const newResponseId = createResponseIdGenerator();

/** The creation time a UUIDv7 carries (milliseconds since the Unix epoch). */
export function responseIdTime(id: string): number {
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
