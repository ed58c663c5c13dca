/**
 * A batch renews its lease before each Google call and while it waits for the budget, but not during a
 * call: one call may take the service account's token exchange and the call itself, each up to
 * GOOGLE_TIMEOUT_MS. A lease shorter than that, with room to spare, can run out mid-call; another instance
 * may then claim the spreadsheet and write it at the same time (and an append still under way when it
 * checks the Response ID column can be written twice).
 */
export function sheetLeaseWarning(leaseMs: number, googleTimeoutMs: number): string | undefined {
  const needed = 2 * googleTimeoutMs + 10_000;
  if (leaseMs >= needed) return undefined;
  return `SHEET_SYNC_LEASE_SECONDS (${Math.round(leaseMs / 1000)} s) is shorter than two Google calls' time limits and a margin (GOOGLE_TIMEOUT_MS × 2 + 10 s = ${Math.round(needed / 1000)} s): another instance could take over a spreadsheet while a write is still under way. Raise it to at least ${Math.ceil(needed / 1000)}.`;
}
