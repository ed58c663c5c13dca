#!/usr/bin/env node
// `npm run typecheck`: the build's project references first (`tsc -b`, which the others read as declarations),
// then every other TypeScript program (tests, the web app, the journeys, the deployment scripts), as many at
// once as there are cores. Each `tsc` is single-threaded: the whole check took 34 s with one after the
// other on two cores, 29 s with two at a time (docs/performance.md, "The test suite"). Each program's
// output is printed whole once it ends, so two programs' errors never interleave; the exit code is 1 if
// any program failed.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** The programs after `tsc -b`, longest first so that the short ones fill in behind them. */
const PROGRAMS = [
  ['-p', 'apps/server/tsconfig.test.json'],
  ['--noEmit', '-p', 'apps/web/tsconfig.json'],
  ['-p', 'packages/google-emulator/tsconfig.test.json'],
  ['-p', 'deploy/tsconfig.json'],
  ['--noEmit', '-p', 'e2e/tsconfig.json'],
  ['-p', 'packages/contract/tsconfig.test.json'],
];

/** Runs tsc with the arguments; answers whether it passed, after printing its output. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString();
      console.log(`tsc ${args.join(' ')}: ${code === 0 ? 'ok' : 'failed'}`);
      if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      resolve(code === 0);
    });
  });
}

if (!(await run(['-b']))) process.exit(1);
const queue = [...PROGRAMS];
let failed = false;
const lane = async () => {
  for (let args = queue.shift(); args; args = queue.shift()) {
    if (!(await run(args))) failed = true;
  }
};
await Promise.all(
  Array.from({ length: Math.max(1, Math.min(os.availableParallelism(), PROGRAMS.length)) }, lane),
);
process.exit(failed ? 1 : 0);
