// Preloaded into a bench's server process (NODE_OPTIONS=--import …/loop-monitor.mjs) to see from inside
// what stops its event loop: a 5 ms timer's lateness and every garbage-collection pause, with their times.
// Each tick also reads the main thread's /proc schedstat, so a late tick's interval splits into time the
// thread ran (JavaScript, synchronous SQLite, GC), time it waited for a core (other processes), and the
// rest, off-core and not runnable (blocked in the kernel: a disk flush, a lock).
// The server's code is untouched. Nothing runs unless BENCH_LOOP_MONITOR_FILE is set; on SIGUSR2 the samples
// so far are written there as JSON ({ lateness: [[epochMs, lateMs, intervalMs, ranMs, waitedMs]…],
// gc: [[epochMs, ms, kind]…] }), then a file `${BENCH_LOOP_MONITOR_FILE}.done` appears.
import fs from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_MONITOR_FILE;
if (file) {
  const TICK_MS = 5;
  const epoch = (now) => performance.timeOrigin + now;
  const lateness = [];
  const gc = [];
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  /** [ran, waited] of the main thread so far, in ms. */
  const threadTimes = () => {
    const [ran, waited] = fs.readFileSync(schedstat, 'utf8').split(' ').map(Number);
    return [ran / 1e6, waited / 1e6];
  };
  let last = performance.now();
  let expected = last + TICK_MS;
  let [ranBefore, waitedBefore] = threadTimes();
  const timer = setInterval(() => {
    const now = performance.now();
    const [ran, waited] = threadTimes();
    lateness.push([
      epoch(now),
      Math.max(0, now - expected),
      now - last,
      ran - ranBefore,
      waited - waitedBefore,
    ]);
    [ranBefore, waitedBefore] = [ran, waited];
    last = now;
    expected = now + TICK_MS;
  }, TICK_MS);
  timer.unref();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.push([epoch(entry.startTime), entry.duration, entry.detail?.kind ?? 0]);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  process.on('SIGUSR2', () => {
    fs.writeFileSync(file, JSON.stringify({ tickMs: TICK_MS, lateness, gc }));
    fs.writeFileSync(`${file}.done`, '');
  });
}
