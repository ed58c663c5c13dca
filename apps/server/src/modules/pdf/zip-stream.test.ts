import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { readStoredZip } from './pdf.test-support.js';
import { streamZip } from './zip-stream.js';

const pdf = (text: string) => Buffer.from(`%PDF-1.4 ${text}`);

describe('streamZip', () => {
  it('writes every entry, stored, in order', async () => {
    async function* entries() {
      yield { name: 'a.pdf', pdf: pdf('a') };
      yield { name: 'ü.pdf', pdf: pdf('ü') };
    }
    const zip = await buffer(streamZip(entries(), { stopped: () => false, onError: () => {} }));
    expect(readStoredZip(zip).map((entry) => [entry.name, entry.data.toString()])).toEqual([
      ['a.pdf', '%PDF-1.4 a'],
      ['ü.pdf', '%PDF-1.4 ü'],
    ]);
  });

  it('breaks the stream (never a short, valid-looking ZIP) when an entry fails', async () => {
    const errors: unknown[] = [];
    async function* entries() {
      yield { name: 'a.pdf', pdf: pdf('a') };
      throw new Error('renderer failed');
    }
    const output = streamZip(entries(), { stopped: () => false, onError: (error) => errors.push(error) });
    await expect(buffer(output)).rejects.toThrow('renderer failed');
    expect(errors).toHaveLength(1);
  });

  it('renders nothing more once the client has left', async () => {
    let produced = 0;
    let finished = false;
    let left = false;
    async function* entries() {
      try {
        for (let i = 0; i < 100; i++) {
          produced += 1;
          if (i === 1) left = true;
          yield { name: `${i}.pdf`, pdf: pdf(String(i)) };
        }
      } finally {
        finished = true;
      }
    }
    const output = streamZip(entries(), { stopped: () => left, onError: () => {} });
    output.resume();
    await new Promise((resolve) => output.once('close', resolve));
    expect(produced).toBe(2);
    expect(finished).toBe(true);
  });
});
