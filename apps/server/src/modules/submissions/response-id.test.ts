import { describe, expect, it } from 'vitest';
import { createResponseIdGenerator, newResponseId, responseIdTime } from './response-id.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('response ids (UUIDv7)', () => {
  it('are UUIDv7 strings carrying the creation time', () => {
    const before = Date.now();
    const id = newResponseId();
    const after = Date.now();
    expect(id).toMatch(UUID_V7);
    expect(responseIdTime(id)).toBeGreaterThanOrEqual(before);
    expect(responseIdTime(id)).toBeLessThanOrEqual(after);
  });

  it('strictly increase as text within a millisecond, across milliseconds and past the counter', () => {
    let clock = 1_800_000_000_000;
    const next = createResponseIdGenerator(() => clock);
    const ids: string[] = [];
    // 10,000 ids in one millisecond run past the 12-bit counter and borrow the following milliseconds.
    for (let i = 0; i < 10_000; i++) ids.push(next());
    clock += 5;
    for (let i = 0; i < 100; i++) ids.push(next());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(responseIdTime(ids[0] as string)).toBe(1_800_000_000_000);
    expect(responseIdTime(ids.at(-1) as string)).toBe(1_800_000_000_005);
  });

  it('keep increasing when the clock steps back', () => {
    let clock = 1_800_000_000_000;
    const next = createResponseIdGenerator(() => clock);
    const first = next();
    clock -= 60_000;
    const second = next();
    expect(second > first).toBe(true);
    expect(responseIdTime(second)).toBe(1_800_000_000_000);
  });

  it('differ in their random bits between generators at the same instant', () => {
    const a = createResponseIdGenerator(() => 1_800_000_000_000);
    const b = createResponseIdGenerator(() => 1_800_000_000_000);
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      ids.add(a());
      ids.add(b());
    }
    expect(ids.size).toBe(2000);
  });
});
