import { type DestinationStream, destination, levels } from 'pino';

/** Where a buffered stream's text goes: pino's SonicBoom on standard output, or a stand-in in tests. */
export interface LogWriter {
  write(text: string): unknown;
  /** Writes whatever the writer itself still holds, synchronously (at exit). */
  flushSync(): void;
}

export interface BufferedLogOptions {
  /** Lines below this level wait in the buffer; a line at it or above is passed on at once, after them. */
  writeAtOnceFrom?: number;
  /** The buffer is passed on when it holds this many characters... */
  bufferChars?: number;
  /** ...or this long after its first line, whichever comes first. */
  flushAfterMs?: number;
}

const DEFAULTS: Required<BufferedLogOptions> = {
  writeAtOnceFrom: levels.values.warn ?? 40,
  bufferChars: 8192,
  flushAfterMs: 200,
};

export type BufferedLogStream = DestinationStream & {
  /** Passes the buffered lines on now. */
  flush(): void;
  /** Passes them on and has the writer write everything synchronously. */
  flushSync(): void;
};

/** pino sets `lastLevel` before each write on a stream that asks for its metadata. */
const PINO_METADATA = Symbol.for('pino.metadata');

/**
 * A line buffer in front of `writer`: request lines are passed on together, a warning or an error at once
 * with every line before it. Bounded by `bufferChars`; a line waits at most `flushAfterMs`.
 */
export function bufferedLogStream(writer: LogWriter, options: BufferedLogOptions = {}): BufferedLogStream {
  const { writeAtOnceFrom, bufferChars, flushAfterMs } = { ...DEFAULTS, ...options };
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const stream: BufferedLogStream & { lastLevel: number; [PINO_METADATA]: true } = {
    [PINO_METADATA]: true,
    lastLevel: 0,
    write(line: string) {
      pending += line;
      if (stream.lastLevel >= writeAtOnceFrom || pending.length >= bufferChars) stream.flush();
      else if (timer === undefined) {
        timer = setTimeout(stream.flush, flushAfterMs);
        timer.unref();
      }
    },
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (pending === '') return;
      const text = pending;
      pending = '';
      writer.write(text);
    },
    flushSync() {
      stream.flush();
      writer.flushSync();
    },
  };
  return stream;
}

let stdout: BufferedLogStream | undefined;

/**
 * The server's log lines on standard output, one per process. Fastify's default writes each line with its
 * own asynchronous write through libuv's thread pool, its callback back on the main thread: under load
 * that is a write per request. Here a write carries up to `bufferChars` of lines; pino's SonicBoom still
 * does the writing (asynchronous, retried when the pipe is full, quiet on a closed pipe). Whatever is
 * buffered at exit is written synchronously; a SIGKILL loses at most the last `flushAfterMs` of request
 * lines, and no warning or error.
 */
export function bufferedStdout(): BufferedLogStream {
  if (stdout) return stdout;
  let sonic: SonicBoom | undefined;
  const stream = bufferedLogStream({
    write: (text) => sonic?.write(text),
    flushSync: () => sonic?.flushSync(),
  });
  // Registered before pino's own exit handlers (made with the destination below), so they run first:
  // the buffer reaches SonicBoom before pino flushes and ends it.
  process.on('beforeExit', () => stream.flush());
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // Standard output is gone (a closed pipe, an ended stream): nothing left to write to.
    }
  });
  sonic = destination({ dest: 1, sync: false });
  stdout = stream;
  return stream;
}

type SonicBoom = ReturnType<typeof destination>;
