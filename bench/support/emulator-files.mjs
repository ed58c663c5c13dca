// Watching the Google emulator's row files from outside the server process: the crash proofs (the
// crash-recovery test and bench) freeze the server the moment an append reaches the sheet's file, before
// the worker can record it. The emulator keeps one NDJSON file per sheet, appended and fsync'd per write.
import fs from 'node:fs';
import path from 'node:path';
import { sleep } from './local-server.mjs';

/** The sizes of a spreadsheet's row files (one per sheet), by file name. */
export function sheetFiles(dir) {
  const sizes = new Map();
  for (const name of fs.readdirSync(dir)) {
    if (name.endsWith('.ndjson')) sizes.set(name, fs.statSync(path.join(dir, name)).size);
  }
  return sizes;
}

/** Waits until the row files stop changing (a frozen process may be inside a long write) and end a line. */
export async function settledFiles(dir) {
  let previous = '';
  for (let i = 0; i < 100; i++) {
    const files = sheetFiles(dir);
    const sizes = JSON.stringify([...files]);
    const whole = [...files].every(
      ([name, size]) => size === 0 || lastByte(path.join(dir, name), size) === 0x0a,
    );
    if (sizes === previous && whole) return;
    previous = sizes;
    await sleep(10);
  }
}

function lastByte(file, size) {
  const byte = Buffer.alloc(1);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, byte, 0, 1, size - 1);
  } finally {
    fs.closeSync(fd);
  }
  return byte[0];
}

/** The response ids (UUIDs) in what was written to the row files since `before`. */
export function appendedResponseIds(dir, before) {
  const ids = new Set();
  for (const [name, size] of sheetFiles(dir)) {
    const from = before.get(name) ?? 0;
    if (size <= from) continue;
    const text = fs.readFileSync(path.join(dir, name)).subarray(from).toString('utf8');
    for (const match of text.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)) {
      ids.add(match[0]);
    }
  }
  return [...ids];
}

/** SIGSTOPs `child` as soon as one of the row files grows past `before`; false when none grew in time. */
export function freezeWhenSheetGrows(child, dir, before, timeoutMs = 15_000) {
  return new Promise((resolve) => {
    let done = false;
    const finish = (grew) => {
      if (done) return;
      done = true;
      if (grew) child.kill('SIGSTOP');
      watcher.close();
      clearInterval(poll);
      clearTimeout(timer);
      resolve(grew);
    };
    const check = () => {
      try {
        for (const [name, size] of sheetFiles(dir)) if (size > (before.get(name) ?? 0)) finish(true);
      } catch {
        // a file renamed under us (compaction): look again on the next event
      }
    };
    const watcher = fs.watch(dir, check);
    const poll = setInterval(check, 2);
    const timer = setTimeout(() => finish(false), timeoutMs);
  });
}
