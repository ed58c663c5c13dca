import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** A 32-bit size or offset field holding this value (or more) moves to the ZIP64 records. */
const ZIP32_LIMIT = 0xffffffff;
/** Bit 3: CRC-32 and sizes follow the data in a data descriptor. */
const FLAG_DATA_DESCRIPTOR = 0x0008;
/** Bit 11: the name is UTF-8 (set only for a name that is not ASCII, which would read the same in CP437). */
const FLAG_UTF8_NAME = 0x0800;
const METHOD_DEFLATE = 8;
/** Uncompressed bytes the deflater may hold before the writer waits for it. */
const DEFLATE_INPUT_BUFFER = 256 * 1024;
/** Compressed bytes per hand-back from libuv's pool (zlib's default is 16 kB). */
const DEFLATE_OUTPUT_CHUNK = 64 * 1024;
/** 'Version needed to extract': 2.0 for deflate, 4.5 for ZIP64. */
const VERSION_DEFLATE = 20;
const VERSION_ZIP64 = 45;

/** The writer stopped because `out` was destroyed (the client left): not an error to report. */
export class ZipOutputClosedError extends Error {
  constructor() {
    super('the ZIP output was closed before the archive was complete');
    this.name = 'ZipOutputClosedError';
  }
}

export interface ZipWriterOptions {
  /** Modification time of every entry; the time of writing by default. */
  modified?: Date;
  /**
   * Writes the ZIP64 records even when no size or offset needs them. For tests: the real need comes only
   * past 4 GiB, too large to write in one.
   */
  forceZip64?: boolean;
}

interface WrittenEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  offset: number;
  zip64: boolean;
}

/**
 * A ZIP archive written straight to `out`, one deflated entry after another. Sizes and CRC-32 are not
 * known before an entry's data is written, so each entry's local header leaves them zero and a data
 * descriptor after the data gives them (general purpose bit 3); the central directory at the end repeats
 * them. An entry whose sizes or offset pass 4 GiB, or a directory past it, gets the ZIP64 records.
 *
 * Memory holds little of an entry at a time: the chunk being made, at most 256 kB waiting in the
 * deflater, and what `out` holds until it drains; a slow reader of `out` slows the producer of the
 * chunks. When `out` is destroyed (the client left), the pending call rejects with ZipOutputClosedError
 * and nothing more is pulled from the chunks.
 */
export class ZipWriter {
  private readonly entries: WrittenEntry[] = [];
  private offset = 0;
  private readonly dosTime: number;
  private readonly dosDate: number;
  private readonly forceZip64: boolean;

  constructor(
    private readonly out: Writable,
    options: ZipWriterOptions = {},
  ) {
    ({ time: this.dosTime, date: this.dosDate } = dosDateTime(options.modified ?? new Date()));
    this.forceZip64 = options.forceZip64 === true;
  }

  /** Adds an entry whose content is `content`, or the UTF-8 of each chunk in turn, deflated. */
  async addEntry(name: string, content: string | Buffer | AsyncIterable<string | Buffer>): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const flags = FLAG_DATA_DESCRIPTOR | (nameBytes.length === name.length ? 0 : FLAG_UTF8_NAME);
    const offset = this.offset;
    this.push(this.localHeader(nameBytes, flags));

    const deflate = createDeflateRaw({ chunkSize: DEFLATE_OUTPUT_CHUNK });
    let compressedSize = 0;
    deflate.on('data', (chunk: Buffer) => {
      compressedSize += chunk.length;
      this.push(chunk);
    });
    // Kept for the next check rather than thrown from an event nobody awaits at that moment.
    let deflateError: unknown;
    deflate.on('error', (error) => {
      deflateError ??= error;
    });
    let crc = 0;
    let uncompressedSize = 0;
    const chunks = typeof content === 'string' || Buffer.isBuffer(content) ? [content] : content;
    // The deflater works on libuv's pool while the next chunks are made. Once it holds DEFLATE_INPUT_BUFFER
    // bytes not yet compressed, the writer waits until it took them all (their compressed bytes are then in
    // `out`) before handing over the next chunk; and before each chunk, for `out` to drain. Waiting for
    // the pool after every small chunk instead would make a busy machine's thread hand-offs the pace.
    let deflating: Promise<void> | undefined;
    try {
      for await (const chunk of chunks) {
        const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        if (data.length === 0) continue;
        await deflating;
        if (deflateError !== undefined) throw deflateError;
        await this.drained();
        crc = crc32(data, crc);
        uncompressedSize += data.length;
        deflate.write(data);
        // Past its 16 kB high-water mark a write asks for 'drain', which comes once the deflater took all.
        deflating =
          deflate.writableLength >= DEFLATE_INPUT_BUFFER ? this.settled(once(deflate, 'drain')) : undefined;
        // Awaited with the next chunk; a rejection meanwhile is not an unhandled one.
        deflating?.catch(() => undefined);
      }
      await deflating;
      if (deflateError !== undefined) throw deflateError;
      const ended = once(deflate, 'end');
      deflate.end();
      await this.settled(ended);
    } finally {
      // Frees zlib's memory at once when the chunks or `out` failed; a no-op after 'end'.
      deflate.destroy();
    }

    const zip64 =
      this.forceZip64 ||
      uncompressedSize >= ZIP32_LIMIT ||
      compressedSize >= ZIP32_LIMIT ||
      offset >= ZIP32_LIMIT;
    const entry = { name: nameBytes, flags, crc, compressedSize, uncompressedSize, offset, zip64 };
    this.entries.push(entry);
    this.push(dataDescriptor(entry));
    await this.drained();
  }

  /** Writes the central directory and the end records, then ends `out`. */
  async finish(): Promise<void> {
    const directoryOffset = this.offset;
    for (const entry of this.entries) this.push(centralDirectoryRecord(entry, this.dosTime, this.dosDate));
    const directorySize = this.offset - directoryOffset;
    const count = this.entries.length;
    if (
      this.forceZip64 ||
      count >= 0xffff ||
      directorySize >= ZIP32_LIMIT ||
      directoryOffset >= ZIP32_LIMIT
    ) {
      const zip64EndOffset = this.offset;
      this.push(zip64EndOfCentralDirectory(count, directorySize, directoryOffset));
      this.push(zip64EndLocator(zip64EndOffset));
      this.push(endOfCentralDirectory(0xffff, ZIP32_LIMIT, ZIP32_LIMIT));
    } else {
      this.push(endOfCentralDirectory(count, directorySize, directoryOffset));
    }
    this.out.end();
  }

  private push(bytes: Buffer): void {
    this.offset += bytes.length;
    this.out.write(bytes);
  }

  private localHeader(name: Buffer, flags: number): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION_DEFLATE, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(METHOD_DEFLATE, 8);
    header.writeUInt16LE(this.dosTime, 10);
    header.writeUInt16LE(this.dosDate, 12);
    // CRC-32 (14), compressed size (18), uncompressed size (22): zero, given in the data descriptor.
    header.writeUInt16LE(name.length, 26);
    // Extra field length (28): none.
    return Buffer.concat([header, name]);
  }

  /** Waits while `out` holds more than its high-water mark; rejects once `out` is destroyed. */
  private async drained(): Promise<void> {
    if (this.out.destroyed) throw new ZipOutputClosedError();
    if (!this.out.writableNeedDrain) return;
    await this.settled(once(this.out, 'drain'));
  }

  /** `pending`, or ZipOutputClosedError as soon as `out` closes first (a destroyed stream never drains). */
  private async settled(pending: Promise<unknown>): Promise<void> {
    const controller = new AbortController();
    const closed = once(this.out, 'close', { signal: controller.signal }).then(
      () => {
        throw new ZipOutputClosedError();
      },
      () => undefined,
    );
    try {
      await Promise.race([pending, closed]);
    } finally {
      controller.abort();
    }
    if (this.out.destroyed) throw new ZipOutputClosedError();
  }
}

function dataDescriptor(entry: WrittenEntry): Buffer {
  const descriptor = Buffer.alloc(entry.zip64 ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  if (entry.zip64) {
    descriptor.writeBigUInt64LE(BigInt(entry.compressedSize), 8);
    descriptor.writeBigUInt64LE(BigInt(entry.uncompressedSize), 16);
  } else {
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.uncompressedSize, 12);
  }
  return descriptor;
}

function centralDirectoryRecord(entry: WrittenEntry, dosTime: number, dosDate: number): Buffer {
  const record = Buffer.alloc(46);
  const version = entry.zip64 ? VERSION_ZIP64 : VERSION_DEFLATE;
  record.writeUInt32LE(0x02014b50, 0);
  // Version made by: host 0 (MS-DOS attributes, none set), so that no reader applies Unix permissions.
  record.writeUInt16LE(version, 4);
  record.writeUInt16LE(version, 6);
  record.writeUInt16LE(entry.flags, 8);
  record.writeUInt16LE(METHOD_DEFLATE, 10);
  record.writeUInt16LE(dosTime, 12);
  record.writeUInt16LE(dosDate, 14);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(entry.zip64 ? ZIP32_LIMIT : entry.compressedSize, 20);
  record.writeUInt32LE(entry.zip64 ? ZIP32_LIMIT : entry.uncompressedSize, 24);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt16LE(entry.zip64 ? 28 : 0, 30);
  // Comment length (32), disk number (34), internal (36) and external (38) attributes: zero.
  record.writeUInt32LE(entry.zip64 ? ZIP32_LIMIT : entry.offset, 42);
  if (!entry.zip64) return Buffer.concat([record, entry.name]);
  // ZIP64 extended information: the three fields set to 0xFFFFFFFF above, in the order the format gives.
  const extra = Buffer.alloc(28);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(entry.uncompressedSize), 4);
  extra.writeBigUInt64LE(BigInt(entry.compressedSize), 12);
  extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  return Buffer.concat([record, entry.name, extra]);
}

function zip64EndOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(VERSION_ZIP64, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  // Number of this disk (16), disk where the directory starts (20): zero.
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  return record;
}

function zip64EndLocator(zip64EndOffset: number): Buffer {
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(zip64EndOffset), 8);
  locator.writeUInt32LE(1, 16);
  return locator;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(Math.min(count, 0xffff), 8);
  record.writeUInt16LE(Math.min(count, 0xffff), 10);
  record.writeUInt32LE(Math.min(size, ZIP32_LIMIT), 12);
  record.writeUInt32LE(Math.min(offset, ZIP32_LIMIT), 16);
  return record;
}

/** MS-DOS time and date fields of `date` in the server's local time (two-second steps, 1980 to 2107). */
export function dosDateTime(date: Date): { time: number; date: number } {
  const year = date.getFullYear();
  if (year < 1980) return { time: 0, date: (1 << 5) | 1 };
  if (year > 2107) return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}
