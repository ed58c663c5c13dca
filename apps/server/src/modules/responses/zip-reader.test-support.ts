import { crc32, inflateRawSync } from 'node:zlib';

export interface ReadEntry {
  name: string;
  content: Buffer;
  /** The entry's sizes and offset were in the ZIP64 extra field of its central directory record. */
  zip64: boolean;
  /** 'Version made by' and 'version needed to extract' of its central directory record. */
  versionMadeBy: number;
  versionNeeded: number;
  flags: number;
}

export interface ReadZip {
  entries: ReadEntry[];
  /** The end of central directory pointed to a ZIP64 end record. */
  zip64End: boolean;
}

const LIMIT = 0xffffffff;

/**
 * Reads a ZIP the way a strict reader would: from the end of central directory record (and its ZIP64
 * record when the 32-bit fields say so), through every central directory record, to each local header,
 * its deflated data (inflated), and its data descriptor. Throws at the first field that disagrees.
 */
export function readZip(zip: Buffer): ReadZip {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end !== zip.length - 22) throw new Error('no end of central directory record at the end');
  let count = zip.readUInt16LE(end + 10);
  let directorySize = zip.readUInt32LE(end + 12);
  let directoryOffset = zip.readUInt32LE(end + 16);
  const zip64End = directoryOffset === LIMIT || directorySize === LIMIT || count === 0xffff;
  let directoryEnd = end;
  if (zip64End) {
    const locator = end - 20;
    expectEqual(zip.readUInt32LE(locator), 0x07064b50, 'ZIP64 end locator signature');
    const record = Number(zip.readBigUInt64LE(locator + 8));
    expectEqual(zip.readUInt32LE(record), 0x06064b50, 'ZIP64 end record signature');
    expectEqual(Number(zip.readBigUInt64LE(record + 4)), 44, 'ZIP64 end record size');
    count = Number(zip.readBigUInt64LE(record + 32));
    directorySize = Number(zip.readBigUInt64LE(record + 40));
    directoryOffset = Number(zip.readBigUInt64LE(record + 48));
    directoryEnd = record;
  }
  expectEqual(directoryOffset + directorySize, directoryEnd, 'central directory end');

  const entries: ReadEntry[] = [];
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    expectEqual(zip.readUInt32LE(at), 0x02014b50, 'central directory record signature');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    let compressedSize = zip.readUInt32LE(at + 20);
    let size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const extra = zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    const zip64 = size === LIMIT || compressedSize === LIMIT || offset === LIMIT;
    if (zip64) {
      expectEqual(extra.readUInt16LE(0), 1, `${name}: ZIP64 extra field tag`);
      let field = 4;
      const next = () => {
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (size === LIMIT) size = next();
      if (compressedSize === LIMIT) compressedSize = next();
      if (offset === LIMIT) offset = next();
      expectEqual(extra.readUInt16LE(2), field - 4, `${name}: ZIP64 extra field size`);
    }
    expectEqual(method, 8, `${name}: method`);

    expectEqual(zip.readUInt32LE(offset), 0x04034b50, `${name}: local header signature`);
    expectEqual(zip.readUInt16LE(offset + 6), flags, `${name}: local header flags`);
    expectEqual(zip.readUInt16LE(offset + 8), method, `${name}: local header method`);
    const localNameLength = zip.readUInt16LE(offset + 26);
    const localExtraLength = zip.readUInt16LE(offset + 28);
    expectEqual(zip.toString('utf8', offset + 30, offset + 30 + localNameLength), name, 'local header name');
    const dataStart = offset + 30 + localNameLength + localExtraLength;
    const content = inflateRawSync(zip.subarray(dataStart, dataStart + compressedSize));
    expectEqual(content.length, size, `${name}: size`);
    expectEqual(crc32(content), crc, `${name}: CRC-32`);
    if (flags & 0x0008) {
      const descriptor = dataStart + compressedSize;
      expectEqual(zip.readUInt32LE(descriptor), 0x08074b50, `${name}: data descriptor signature`);
      expectEqual(zip.readUInt32LE(descriptor + 4), crc, `${name}: data descriptor CRC-32`);
      const [descriptorCompressedSize, descriptorSize] = zip64
        ? [Number(zip.readBigUInt64LE(descriptor + 8)), Number(zip.readBigUInt64LE(descriptor + 16))]
        : [zip.readUInt32LE(descriptor + 8), zip.readUInt32LE(descriptor + 12)];
      expectEqual(descriptorCompressedSize, compressedSize, `${name}: data descriptor compressed size`);
      expectEqual(descriptorSize, size, `${name}: data descriptor size`);
    }
    entries.push({
      name,
      content,
      zip64,
      versionMadeBy: zip.readUInt16LE(at + 4),
      versionNeeded: zip.readUInt16LE(at + 6),
      flags,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  expectEqual(at, directoryOffset + directorySize, 'central directory size');
  return { entries, zip64End };
}

function expectEqual(actual: number | string, expected: number | string, what: string): void {
  if (actual !== expected) throw new Error(`${what}: ${actual} instead of ${expected}`);
}
