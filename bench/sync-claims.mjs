#!/usr/bin/env node
// Benchmark: what one sheet-sync claim costs with 100 and with 100,000 responses waiting.
//
//   npm run build                      # this script builds nothing itself
//   node bench/sync-claims.mjs [--large 100000] [--small 100] [--rounds 200] [--postgres URL]
//
// Two databases are seeded straight through SQL: one with --small pending responses, one with --large
// (spread over 50 forms, as a busy instance would have them). In each round, alternating the two so both
// see the same machine, the worker's claim of the target form's 100 oldest due responses runs and is
// released again (the queue stays the same size). Timed the same way, side by side:
//   - today's claim: the forms with work are known (the worker's map), each read through the partial
//     index responses_pending_form_idx (migration 0011): cost O(batch);
//   - the re-read of the forms with work (skip-scan of the pending index, every 15 s in the worker);
//   - the claim statement this replaced (one pick over every pending row, with a correlated NOT EXISTS
//     per row): the baseline, run on the same data.
// Target: today's claim at 100,000 within 1.5x of today's claim at 100 (p50 ratio).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { percentile, repositoryRoot } from './support/local-server.mjs';

const { values: args } = parseArgs({
  options: {
    large: { type: 'string', default: '100000' },
    small: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '200' },
    postgres: { type: 'string' },
  },
});
const LARGE = Number(args.large);
const SMALL = Number(args.small);
const ROUNDS = Number(args.rounds);
const FORMS = 50;
/** Rows per claim in both cases, so only the queue's length differs. */
const CLAIM = Math.min(SMALL, 500);

const dist = path.join(repositoryRoot, 'apps/server/dist');
const { openDatabase, migrateToLatest } = await import(path.join(dist, 'db/database.js'));
const { createSheetSyncRepository } = await import(
  path.join(dist, 'modules/sheet-sync/sheet-sync.repository.js')
);

async function seed(kind, pending) {
  let handle;
  let cleanup = async () => {};
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-claims-'));
    handle = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.db') });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const pg = (await import('pg')).default;
    const name = `sheetforms_claims_${Math.random().toString(16).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: args.postgres });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(args.postgres);
    url.pathname = `/${name}`;
    handle = openDatabase({ kind: 'postgres', url: url.toString() });
    cleanup = async () => {
      const drop = new pg.Client({ connectionString: args.postgres });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
  }
  const { db } = handle;
  await migrateToLatest(db);
  const at = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id: 'owner',
      google_sub: null,
      email: 'o@example.org',
      name: 'O',
      role: 'User',
      created_at: at,
      updated_at: at,
    })
    .execute();
  const forms = [];
  for (let f = 0; f < FORMS; f++) {
    const id = `form-${String(f).padStart(3, '0')}`;
    forms.push(id);
    await db
      .insertInto('forms')
      .values({
        id,
        form_id: `public${f}`,
        owner_id: 'owner',
        name: `Form ${f}`,
        description: '',
        google_sheets_url: '',
        spreadsheet_id: `1Spreadsheet${String(f).padStart(30, '0')}`,
        sheet_name: 'Sheet1',
        fields_json: '[]',
        settings_json: '{}',
        status: 'Active',
        due_date: '2030-01-01',
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  const start = Date.now() - pending * 10;
  const rows = [];
  const flush = async () => {
    if (rows.length === 0) return;
    await db.insertInto('responses').values(rows.splice(0)).execute();
  };
  // The small queue is all the target form's; the large one is spread over every form.
  for (let i = 0; i < pending; i++) {
    rows.push({
      id: `r${String(i).padStart(8, '0')}`,
      form_id: pending <= CLAIM ? forms[0] : forms[i % FORMS],
      answers_json: '{"Name":"Ann"}',
      signature_url: null,
      respondent_id: null,
      consent: null,
      idempotency_key: null,
      created_at: new Date(start + i * 10).toISOString(),
      last_error: null,
      synced_at: null,
      claimed_until: null,
    });
    if (rows.length === 500) await flush();
  }
  await flush();
  // PostgreSQL's autovacuum analyzes a table this size on its own; SQLite gathers no statistics unless
  // asked, and the server never asks: the bench leaves SQLite as production has it.
  if (kind === 'postgres') await sql`ANALYZE responses`.execute(db);
  if (process.env.PLANS) {
    const explain = kind === 'sqlite' ? sql`EXPLAIN QUERY PLAN` : sql`EXPLAIN`;
    const plan =
      await sql`${explain} SELECT id FROM responses WHERE form_id = ${forms[0]} AND sync_state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ${at}) ORDER BY created_at, id LIMIT 100`.execute(
        db,
      );
    console.log(kind, pending, JSON.stringify(plan.rows));
  }
  return { handle, repo: createSheetSyncRepository(db, kind), target: forms[0], cleanup };
}

/** The claim statement before migration 0011, for the baseline (SQLite or PostgreSQL without locks). */
function oldClaim(db, kind, now, leaseUntil, limit) {
  const locking = kind === 'postgres' ? sql`FOR UPDATE OF r SKIP LOCKED` : sql``;
  return sql`
    WITH picked AS MATERIALIZED (
      SELECT r.id FROM responses r JOIN forms f ON f.id = r.form_id
      WHERE (r.sync_state = 'pending' OR (r.sync_state = 'claimed' AND r.claimed_until < ${now}))
        AND (r.next_attempt_at IS NULL OR r.next_attempt_at <= ${now})
        AND NOT EXISTS (
          SELECT 1 FROM responses r2 JOIN forms f2 ON f2.id = r2.form_id
          WHERE r2.sync_state = 'claimed' AND r2.claimed_until >= ${now} AND f2.spreadsheet_id = f.spreadsheet_id
        )
      ORDER BY r.created_at, r.id LIMIT ${limit} ${locking}
    )
    UPDATE responses SET sync_state = 'claimed', claimed_until = ${leaseUntil}, claimed_by = 'old'
    WHERE id IN (SELECT id FROM picked) RETURNING id
  `.execute(db);
}

async function time(fn) {
  const started = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

async function run(kind) {
  const small = await seed(kind, SMALL);
  const large = await seed(kind, LARGE);
  const samples = {
    claim: { small: [], large: [] },
    forms: { small: [], large: [] },
    old: { small: [], large: [] },
  };
  let claimedSmall = 0;
  let claimedLarge = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, set] of [
      ['small', small],
      ['large', large],
    ]) {
      const now = new Date().toISOString();
      const leaseUntil = new Date(Date.now() + 60_000).toISOString();
      const claim = await time(() =>
        set.repo.claim({ now, leaseUntil, workerId: 'bench', limit: CLAIM, formRowIds: [set.target] }),
      );
      samples.claim[name].push(claim.ms);
      if (name === 'small') claimedSmall = claim.result.length;
      else claimedLarge = claim.result.length;
      await set.repo.release(
        claim.result.map((r) => r.id),
        'bench',
      );
      samples.forms[name].push((await time(() => set.repo.pendingFormIds())).ms);
      if (round % 4 === 0) {
        const old = await time(() => oldClaim(set.handle.db, kind, now, leaseUntil, CLAIM));
        samples.old[name].push(old.ms);
        await sql`UPDATE responses SET sync_state = 'pending', claimed_until = NULL, claimed_by = NULL WHERE claimed_by = 'old'`.execute(
          set.handle.db,
        );
      }
    }
  }
  const p = (list, q) => percentile(list, q).toFixed(2);
  console.log(`\n${kind}: ${SMALL} against ${LARGE} pending responses over ${FORMS} forms, ${ROUNDS} rounds`);
  console.log('| Case | p50 small (ms) | p50 large (ms) | p95 large (ms) | ratio large/small |');
  console.log('|---|---|---|---|---|');
  for (const [label, key] of [
    ['Claim of one form with work (today)', 'claim'],
    ['Forms with work, skip-scan (every 15 s)', 'forms'],
    ['Baseline: the claim this replaced', 'old'],
  ]) {
    const s = percentile(samples[key].small, 50);
    const l = percentile(samples[key].large, 50);
    console.log(
      `| ${label} | ${s.toFixed(2)} | ${l.toFixed(2)} | ${p(samples[key].large, 95)} | ${(l / s).toFixed(2)} |`,
    );
  }
  console.log(`rows per claim: ${claimedSmall} (small), ${claimedLarge} (large)`);
  const ratio = percentile(samples.claim.large, 50) / percentile(samples.claim.small, 50);
  console.log(`target: claim p50 ratio <= 1.5: ${ratio <= 1.5 ? 'met' : 'missed'} (${ratio.toFixed(2)})`);
  for (const set of [small, large]) {
    await set.handle.close();
    await set.cleanup();
  }
  if (claimedSmall === 0 || claimedLarge === 0) throw new Error('a claim took nothing: the bench is broken');
}

await run('sqlite');
if (args.postgres) await run('postgres');
