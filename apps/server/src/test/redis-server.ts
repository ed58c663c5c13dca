import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import { describe } from 'vitest';

/** Debian's redis-server, when installed (`npm test` installs it as root). */
function findRedisServer(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const redisServerBinary = findRedisServer();
if (!redisServerBinary && process.env.REQUIRE_REDIS === '1') {
  throw new Error('REQUIRE_REDIS=1 but redis-server is not installed: the Redis tests cannot run.');
}

/** Runs the suite when redis-server is installed, and says it was skipped otherwise. */
export function describeWithRedis(name: string, suite: () => void) {
  if (!redisServerBinary) {
    describe.skip(`${name}: skipped, redis-server is not installed`, () => {});
    return;
  }
  describe(name, suite);
}

export interface TestRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A loopback port the system had free a moment ago: a Redis URL that nothing answers (or a new server's). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A throwaway redis-server on a free loopback port, without persistence. */
export async function startTestRedis(): Promise<TestRedis> {
  if (!redisServerBinary) throw new Error('redis-server is not installed');
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    child = spawn(
      redisServerBinary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, kill, restart: start, stop: kill };
}
