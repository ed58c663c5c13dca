import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { bufferedLogStream, type LogWriter } from './log-destination.js';

function recordingWriter() {
  const writes: string[] = [];
  let syncFlushes = 0;
  const writer: LogWriter = {
    write: (text) => writes.push(text),
    flushSync: () => {
      syncFlushes++;
    },
  };
  return { writer, writes, syncFlushes: () => syncFlushes };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messages = (writes: string[]) =>
  writes
    .join('')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('the buffered log stream', () => {
  it('holds request lines and passes them on together once the buffer is full', () => {
    const { writer, writes } = recordingWriter();
    const logger = pino({}, bufferedLogStream(writer, { bufferChars: 1000, flushAfterMs: 60_000 }));
    for (let i = 0; i < 5; i++) logger.info(`request ${i}`);
    expect(writes).toEqual([]);
    for (let i = 5; i < 40; i++) logger.info(`request ${i}`);
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.length).toBeLessThan(10);
    expect(writes.every((text) => text.length >= 1000)).toBe(true);
    expect(messages(writes)).toEqual(
      Array.from({ length: messages(writes).length }, (_, i) => `request ${i}`),
    );
  });

  it('writes a warning or an error at once, after the lines before it', () => {
    const { writer, writes } = recordingWriter();
    const logger = pino({}, bufferedLogStream(writer, { bufferChars: 100_000, flushAfterMs: 60_000 }));
    logger.info('first');
    logger.info('second');
    logger.warn('careful');
    expect(messages(writes)).toEqual(['first', 'second', 'careful']);
    logger.info('third');
    logger.error(new Error('broken'), 'failed');
    expect(messages(writes)).toEqual(['first', 'second', 'careful', 'third', 'failed']);
  });

  it('passes a lone line on within flushAfterMs', async () => {
    const { writer, writes } = recordingWriter();
    const logger = pino({}, bufferedLogStream(writer, { bufferChars: 100_000, flushAfterMs: 20 }));
    logger.info('quiet');
    expect(writes).toEqual([]);
    await sleep(80);
    expect(messages(writes)).toEqual(['quiet']);
    // The timer ended with its flush: nothing is written again for nothing.
    await sleep(60);
    expect(writes).toHaveLength(1);
  });

  it('flushSync passes the buffer on and has the writer write synchronously', () => {
    const recorded = recordingWriter();
    const stream = bufferedLogStream(recorded.writer, { bufferChars: 100_000, flushAfterMs: 60_000 });
    pino({}, stream).info('pending');
    stream.flushSync();
    expect(messages(recorded.writes)).toEqual(['pending']);
    expect(recorded.syncFlushes()).toBe(1);
  });
});

const execFileAsync = promisify(execFile);
const PROCESS_SCRIPT = fileURLToPath(new URL('../test/buffered-stdout-process.ts', import.meta.url));

describe('standard output, buffered', () => {
  // A process that logs and ends, in each way a server process ends: every line reaches standard output.
  it.each(['process.exit', 'natural end', 'uncaught error'])('loses no line at a %s', async (ending) => {
    const result = await execFileAsync(process.execPath, ['--import', 'tsx', PROCESS_SCRIPT, ending], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    }).catch((error: { stdout: string; code: number }) => error);
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      ...Array.from({ length: 25 }, (_, i) => `request ${i}`),
      'last words',
    ]);
  });
});
