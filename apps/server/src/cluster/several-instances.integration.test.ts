/**
 * Several instances behave as one (the small CI size of bench/scale-out.mjs): two server processes (the
 * source through tsx, Google mode against the emulator) behind nginx on one PostgreSQL and one Redis, all
 * from Debian's packages. Submissions go through nginx while one instance is killed with SIGKILL; every
 * acknowledged one is in the database and its sheet exactly once; one rate-limit budget holds across the
 * instances; a chat reply posted to one instance reaches a visitor listening on the other.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cluster,
  createClusterForm,
  missingPackages,
  sheetResponseIds,
  signInOwner,
  startCluster,
} from '../../../../bench/support/cluster.mjs';
import { sleep, submissionBody } from '../../../../bench/support/local-server.mjs';

const missing = missingPackages();
if (missing.length > 0 && process.env.REQUIRE_REDIS === '1') {
  throw new Error(
    `REQUIRE_REDIS=1 but ${missing.join(', ')} is not installed: the several-instances test cannot run.`,
  );
}
const describeCluster = missing.length > 0 ? describe.skip : describe;

const SUBMISSIONS = 300;
const CLIENTS = 10;
const CONTACT_LIMIT = 5;
const ADMIN = 'cluster-admin@example.com';

interface Answer {
  status: number;
  responseId?: string;
  upstream?: string;
}

async function submitOnce(cluster: Cluster, formId: string, key: string, n: number): Promise<Answer> {
  try {
    const res = await fetch(`${cluster.proxyUrl}/api/v1/forms/${formId}/submit-form`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: submissionBody(key, n),
    });
    const body = (await res.json().catch(() => undefined)) as { data?: { responseId?: string } } | undefined;
    return {
      status: res.status,
      ...(body?.data?.responseId ? { responseId: body.data.responseId } : {}),
      upstream: res.headers.get('x-upstream') ?? '',
    };
  } catch {
    return { status: 0 };
  }
}

describeCluster('several instances behind nginx on PostgreSQL and Redis', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({
      dir: fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-cluster-test-')),
      instances: 2,
      entry: 'source',
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
        CONTACT_RATE_LIMIT_PER_MINUTE: String(CONTACT_LIMIT),
        MAX_CONNECTIONS_PER_IP: '10000',
        ADMIN_EMAILS: ADMIN,
      },
    });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('a SIGKILL under load loses and doubles nothing: every acknowledged submission is stored and in the sheet once', async () => {
    const owner = await signInOwner(cluster, 'cluster-owner@example.com');
    const form = await createClusterForm(cluster, owner.accessToken);
    const acknowledged = new Set<string>();
    const upstreams = new Set<string>();
    let next = 0;
    let killed: Promise<void> | undefined;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < SUBMISSIONS) {
          const n = next++;
          if (n === SUBMISSIONS / 3) killed = cluster.instances[1]!.kill();
          // As the public form does: the same key again after a failure, until an answer comes.
          const key = `cluster-${randomUUID()}`;
          for (let attempt = 0; ; attempt++) {
            const answer = await submitOnce(cluster, form.formId, key, n);
            if ((answer.status === 201 || answer.status === 200) && answer.responseId) {
              acknowledged.add(answer.responseId);
              for (const upstream of answer.upstream?.split(', ') ?? []) upstreams.add(upstream);
              break;
            }
            expect(attempt, `submission ${n} kept failing (${answer.status})`).toBeLessThan(20);
            await sleep(100);
          }
        }
      }),
    );
    await killed;
    expect(acknowledged.size).toBe(SUBMISSIONS);
    // Both instances answered before the kill.
    expect(upstreams.size).toBeGreaterThanOrEqual(2);

    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      await expect
        .poll(
          async () =>
            (await db.query("select count(*)::int as n from responses where sync_state <> 'synced'")).rows[0]
              .n,
          { timeout: 60_000, interval: 500 },
        )
        .toBe(0);
      const stored = await db.query('select id from responses');
      expect(new Set(stored.rows.map((row: { id: string }) => row.id))).toEqual(acknowledged);
    } finally {
      await db.end();
    }
    const inSheet = await sheetResponseIds(cluster, form.spreadsheetId);
    expect([...inSheet.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(inSheet.keys())).toEqual(acknowledged);

    // Started again, the instance serves again.
    await cluster.instances[1]!.start();
    const direct = await fetch(`${cluster.instances[1]!.url}/api/v1/health/ready`);
    expect(direct.status).toBe(200);
  }, 180_000);

  it('one rate-limit budget for the whole cluster: N pass through nginx, not N per instance', async () => {
    // nginx sends the restarted instance traffic again once its fail_timeout (5 s) is over.
    await expect
      .poll(
        async () => {
          const seen = new Set<string>();
          for (let i = 0; i < 4; i++) {
            const res = await fetch(`${cluster.proxyUrl}/api/v1/health/ready`);
            await res.arrayBuffer();
            seen.add(res.headers.get('x-upstream') ?? '');
          }
          return seen.size;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(2);
    const statuses: number[] = [];
    const upstreams = new Set<string>();
    for (let i = 0; i < CONTACT_LIMIT * 3; i++) {
      const res = await fetch(`${cluster.proxyUrl}/api/v1/contact/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Probe', email: 'probe@example.com', message: `message ${i}` }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
      upstreams.add(res.headers.get('x-upstream') ?? '');
    }
    expect(upstreams.size).toBe(2);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CONTACT_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CONTACT_LIMIT * 2);
  }, 60_000);

  it('a chat reply posted to one instance reaches the visitor listening on the other', async () => {
    const [first, second] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const admin = await signInOwner(cluster, ADMIN, second.url);
    const start = await fetch(`${first.url}/api/v1/chat/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'Visitor on instance 1' }),
    });
    const sessionId = ((await start.json()) as { data: { sessionId: string } }).data.sessionId;
    const text = `hello from instance 2 ${randomUUID()}`;
    const received = new Promise<string>((resolve, reject) => {
      const req = http.get(
        `${first.url}/api/v1/chat/messages/${sessionId}/stream`,
        { headers: { accept: 'text/event-stream' }, agent: false },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk;
            if (buffer.includes(text)) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', () => undefined);
      // Posted once the stream is open (its first bytes arrived).
      req.once('response', async () => {
        const reply = await fetch(`${second.url}/api/v1/chat/message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
          body: JSON.stringify({ sessionId, message: text }),
        });
        if (reply.status !== 201) reject(new Error(`reply answered ${reply.status}`));
      });
    });
    await expect(received).resolves.toBe(text);
  }, 60_000);
});
