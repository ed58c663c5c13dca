#!/usr/bin/env node
// Starts the several-instances topology of docs/deploy.md on this machine from Debian's packages
// (postgresql, redis-server, nginx): PostgreSQL, Redis, the Google emulator, N SheetForms instances in
// Google mode (every Google URL pointing at the emulator) and nginx in front. Run `npm run build` first.
//
//   node scripts/scale-out.mjs [--instances 3] [--port 8080] [--dir DIR] [--keep]
//
// Prints the address of nginx and of each instance, then waits; Ctrl-C (or SIGTERM) stops everything and
// removes DIR unless --keep. To try a kill: `kill -9 <pid>` of an instance while you use the app.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from '../bench/support/cluster.mjs';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string' },
    dir: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const dir = path.resolve(args.dir ?? path.join(os.tmpdir(), 'sheetforms-scale-out'));
console.log(
  `Starting PostgreSQL, Redis, the Google emulator, ${args.instances} instances and nginx in ${dir} ...`,
);
const cluster = await startCluster({
  dir,
  instances: Number(args.instances),
  keep: args.keep,
  ...(args.port ? { proxyPort: Number(args.port) } : {}),
});
console.log(`SheetForms (through nginx): ${cluster.proxyUrl}`);
for (const instance of cluster.instances) {
  console.log(`  instance ${instance.index + 1}: ${instance.url} (pid ${instance.pid})`);
}
console.log(`Google emulator: ${cluster.emulatorUrl}`);
console.log(`PostgreSQL: ${cluster.databaseUrl}   Redis: ${cluster.redisUrl}`);
console.log(`Logs: ${dir}/*.log. Ctrl-C stops everything.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping ...');
    await cluster.stop();
    process.exit(0);
  });
}
// Keeps the process alive until a signal arrives.
setInterval(() => undefined, 1 << 30);
