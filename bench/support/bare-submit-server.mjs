// The floors of bench/submit-throughput.mjs: a naive design on our stack, and the same with group commit. A
// bare Fastify route over better-sqlite3 with the same durability setting as SheetForms (WAL,
// synchronous=FULL) that validates a small JSON body with Fastify's built-in schema validation, stores one
// row per request and answers 201 with the row's id once it is committed. No logging, no rate limits, no
// security headers, no form lookup, no idempotency check beyond the unique key.
//
//   node bench/support/bare-submit-server.mjs <port> <sqlite file> [naive|group]
//
// - naive: one INSERT per request on the main connection, its own transaction, so one disk flush per
//   request, during which the event loop stands still;
// - group: SheetForms' own group commit (apps/server/dist/db/group-commit.js) and writer thread
//   (dist/db/sqlite-writer-thread.js): requests that arrive together share one transaction on the thread,
//   one prepared INSERT per row, one flush for all (decision 0011). Needs `npm run build`.

import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryRoot } from './local-server.mjs';

// better-sqlite3 and fastify are the server workspace's dependencies; resolve them from there.
const requireFromServer = createRequire(path.join(repositoryRoot, 'apps/server/package.json'));
const Database = requireFromServer('better-sqlite3');
const Fastify = requireFromServer('fastify');

const [port, file, mode = 'naive'] = process.argv.slice(2);
if (mode !== 'naive' && mode !== 'group') throw new Error(`unknown mode ${mode}`);
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`CREATE TABLE IF NOT EXISTS responses (
  id INTEGER PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  answers_json TEXT NOT NULL,
  created_at TEXT NOT NULL
)`);

/** Stores one submission; answers its id once committed, or undefined when the key was used already. */
const store = mode === 'naive' ? naiveStore() : await groupStore();

function naiveStore() {
  const insert = db.prepare(
    'INSERT INTO responses (idempotency_key, answers_json, created_at) VALUES (?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING',
  );
  return async (key, answersJson, createdAt) => {
    const { changes, lastInsertRowid } = insert.run(key, answersJson, createdAt);
    return changes === 1 ? String(lastInsertRowid) : undefined;
  };
}

async function groupStore() {
  const dist = path.join(repositoryRoot, 'apps/server/dist/db');
  const { createGroupCommit } = await import(pathToFileURL(path.join(dist, 'group-commit.js')).href);
  const { startSqliteWriterThread } = await import(
    pathToFileURL(path.join(dist, 'sqlite-writer-thread.js')).href
  );
  const writer = startSqliteWriterThread(file);
  process.once('beforeExit', () => void writer.close());
  // Ids are given here (the table's integer key, in order), so the thread need not answer them.
  let nextId = Number(db.prepare('SELECT coalesce(max(id), 0) AS n FROM responses').get().n) + 1;
  const sql =
    'INSERT INTO responses (id, idempotency_key, answers_json, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING';
  const commits = createGroupCommit({
    maxBatch: 500,
    async flushBatch(rows) {
      const outcomes = await writer.executeBatch(sql, rows);
      return outcomes.map((outcome) => {
        if ('error' in outcome) throw new Error(outcome.error.message);
        return outcome.changes === 1;
      });
    },
  });
  return async (key, answersJson, createdAt) => {
    const id = nextId++;
    return (await commits.write([id, key, answersJson, createdAt])) ? String(id) : undefined;
  };
}

const app = Fastify();
app.post(
  '/submit',
  {
    schema: {
      body: {
        type: 'object',
        required: ['idempotencyKey', 'response'],
        additionalProperties: false,
        properties: {
          idempotencyKey: { type: 'string', minLength: 8, maxLength: 100 },
          response: {
            type: 'object',
            maxProperties: 100,
            additionalProperties: { type: 'string', maxLength: 5000 },
          },
        },
      },
    },
  },
  async (request, reply) => {
    const { idempotencyKey, response } = request.body;
    const id = await store(idempotencyKey, JSON.stringify(response), new Date().toISOString());
    if (id === undefined) return reply.code(409).send({ error: 'repeated key' });
    return reply.code(201).send({ id });
  },
);
app.get('/health', async () => ({ ok: true }));

await app.listen({ host: '127.0.0.1', port: Number(port) });
process.on('SIGTERM', async () => {
  await app.close();
  db.close();
  process.exit(0);
});
