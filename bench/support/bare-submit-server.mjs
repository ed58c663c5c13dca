// The baseline of bench/submit-throughput.mjs: the floor of a naive design on our stack. A bare Fastify route
// over better-sqlite3 with the same durability setting as SheetForms (WAL, synchronous=FULL) that validates a
// small JSON body with Fastify's built-in schema validation and inserts one row per request, in its own
// transaction, then answers 201. No logging, no rate limits, no security headers, no form lookup.
//
//   node bench/support/bare-submit-server.mjs <port> <sqlite file>

import { createRequire } from 'node:module';
import path from 'node:path';
import { repositoryRoot } from './local-server.mjs';

// better-sqlite3 and fastify are the server workspace's dependencies; resolve them from there.
const requireFromServer = createRequire(path.join(repositoryRoot, 'apps/server/package.json'));
const Database = requireFromServer('better-sqlite3');
const Fastify = requireFromServer('fastify');

const [port, file] = process.argv.slice(2);
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`CREATE TABLE IF NOT EXISTS responses (
  id INTEGER PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  answers_json TEXT NOT NULL,
  created_at TEXT NOT NULL
)`);
const insert = db.prepare(
  'INSERT INTO responses (idempotency_key, answers_json, created_at) VALUES (?, ?, ?)',
);

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
    const { lastInsertRowid } = insert.run(
      idempotencyKey,
      JSON.stringify(response),
      new Date().toISOString(),
    );
    return reply.code(201).send({ id: String(lastInsertRowid) });
  },
);
app.get('/health', async () => ({ ok: true }));
app.get('/count', async () => ({ rows: db.prepare('SELECT count(*) AS n FROM responses').get().n }));

await app.listen({ host: '127.0.0.1', port: Number(port) });
process.on('SIGTERM', async () => {
  await app.close();
  db.close();
  process.exit(0);
});
