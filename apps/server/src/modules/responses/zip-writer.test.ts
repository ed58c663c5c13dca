import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { readZip } from './zip-reader.test-support.js';
import { dosDateTime, ZipOutputClosedError, ZipWriter } from './zip-writer.js';

async function zipOf(
  entries: Array<[string, string | Buffer | AsyncIterable<string | Buffer>]>,
  options: ConstructorParameters<typeof ZipWriter>[1] = {},
): Promise<Buffer> {
  const out = new PassThrough();
  const bytes = buffer(out);
  const zip = new ZipWriter(out, options);
  for (const [name, content] of entries) await zip.addEntry(name, content);
  await zip.finish();
  return bytes;
}

async function* chunksOf(...chunks: Array<string | Buffer>) {
  yield* chunks;
}

describe('ZipWriter', () => {
  it('writes deflated entries with data descriptors that a strict reader takes back', async () => {
    const big = randomBytes(300_000).toString('base64');
    const zip = await zipOf([
      ['a.xml', '<a>é ☃ 😀</a>'],
      ['dir/empty.txt', ''],
      ['dir/chunks.txt', chunksOf('one ', Buffer.from('two '), '', 'three')],
      ['big.txt', chunksOf(big.slice(0, 100_000), big.slice(100_000))],
      ['Café/☃.txt', 'snow'],
    ]);
    const { entries, zip64End } = readZip(zip);
    expect(zip64End).toBe(false);
    expect(entries.map((entry) => [entry.name, entry.content.toString('utf8')])).toEqual([
      ['a.xml', '<a>é ☃ 😀</a>'],
      ['dir/empty.txt', ''],
      ['dir/chunks.txt', 'one two three'],
      ['big.txt', big],
      ['Café/☃.txt', 'snow'],
    ]);
    for (const entry of entries) {
      expect(entry.zip64).toBe(false);
      // Data descriptor; UTF-8 name only when the name is not ASCII.
      expect(entry.flags).toBe(entry.name.startsWith('Café') ? 0x0808 : 0x0008);
      expect(entry.versionNeeded).toBe(20);
      // Host 0 (MS-DOS): no Unix permissions for a reader to apply.
      expect(entry.versionMadeBy >> 8).toBe(0);
    }
  });

  it('writes the ZIP64 records when asked, as it does past 4 GiB', async () => {
    const zip = await zipOf(
      [
        ['first.txt', 'first'],
        ['second.txt', chunksOf('sec', 'ond')],
      ],
      { forceZip64: true },
    );
    const { entries, zip64End } = readZip(zip);
    expect(zip64End).toBe(true);
    expect(
      entries.map((entry) => [entry.name, entry.content.toString(), entry.zip64, entry.versionNeeded]),
    ).toEqual([
      ['first.txt', 'first', true, 45],
      ['second.txt', 'second', true, 45],
    ]);
  });

  it('is a ZIP that the unzip command tests clean, when it is installed', async (context) => {
    let unzip = true;
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      unzip = false;
    }
    if (!unzip) context.skip();
    for (const forceZip64 of [false, true]) {
      const zip = await zipOf(
        [
          ['a.txt', 'hello'],
          ['b/c.txt', chunksOf('x'.repeat(70_000), 'y')],
        ],
        { forceZip64 },
      );
      const path = `${process.env.TMPDIR ?? '/tmp'}/zip-writer-${process.pid}-${forceZip64}.zip`;
      writeFileSync(path, zip);
      try {
        expect(execFileSync('unzip', ['-tq', path]).toString()).toContain('No errors detected');
      } finally {
        rmSync(path, { force: true });
      }
    }
  });

  it('pulls chunks only as fast as a slow reader takes the output', async () => {
    const chunkBytes = 64 * 1024;
    const chunks = 30;
    let pulled = 0;
    let written = 0;
    let mostBuffered = 0;
    const atPulls: Array<[pulled: number, written: number]> = [];
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        setTimeout(() => {
          written += chunk.length;
          done();
        }, 10);
      },
    });
    async function* incompressible() {
      for (let n = 0; n < chunks; n++) {
        mostBuffered = Math.max(mostBuffered, out.writableLength);
        atPulls.push([pulled, written]);
        pulled += chunkBytes;
        // Base64 of random bytes: it deflates to about 3/4 of its size, so the output stays large.
        yield randomBytes(chunkBytes * 0.75).toString('base64');
      }
    }
    const zip = new ZipWriter(out);
    await zip.addEntry('slow.txt', incompressible());
    await zip.finish();
    expect(pulled).toBe(chunks * chunkBytes);
    // What waits in the output when the next chunk is asked for: about one deflater's hand-back at most.
    expect(mostBuffered).toBeLessThan(2 * chunkBytes);
    // How far the chunks ran ahead of what the client took (in uncompressed bytes): the deflater's 256 kB
    // and a few chunks, never the whole entry.
    const ratio = written / pulled;
    const mostAhead = Math.max(...atPulls.map(([p, w]) => p - w / ratio));
    expect(mostAhead).toBeLessThan(256 * 1024 + 4 * chunkBytes);
  });

  it('stops pulling chunks and rejects with ZipOutputClosedError when the output is destroyed', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    let pulled = 0;
    let finished = false;
    async function* endless() {
      try {
        for (;;) {
          pulled++;
          yield randomBytes(48 * 1024).toString('base64');
        }
      } finally {
        finished = true;
      }
    }
    const zip = new ZipWriter(out);
    // Nobody reads `out`: the writer waits for a drain that never comes until the client 'leaves'.
    const adding = zip.addEntry('endless.txt', endless());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const pulledBefore = pulled;
    // What the deflater holds (256 kB, 4 of these chunks) and a chunk or two.
    expect(pulledBefore).toBeLessThan(8);
    out.destroy();
    await expect(adding).rejects.toBeInstanceOf(ZipOutputClosedError);
    expect(finished).toBe(true);
    expect(pulled).toBe(pulledBefore);
  });

  it('passes on an error of the chunks', async () => {
    async function* failing() {
      yield 'some';
      throw new Error('database gone');
    }
    const zip = new ZipWriter(new PassThrough());
    await expect(zip.addEntry('x.txt', failing())).rejects.toThrow('database gone');
  });
});

describe('dosDateTime', () => {
  it("gives MS-DOS fields in the server's local time, two-second steps, clamped to 1980-2107", () => {
    const date = new Date(2026, 10, 25, 13, 45, 59);
    expect(dosDateTime(date)).toEqual({
      time: (13 << 11) | (45 << 5) | 29,
      date: (46 << 9) | (11 << 5) | 25,
    });
    expect(dosDateTime(new Date(1970, 0, 1))).toEqual({ time: 0, date: (1 << 5) | 1 });
    expect(dosDateTime(new Date(2200, 0, 1)).date >> 9).toBe(127);
  });
});
