import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** One file of an archive: read only when its turn comes, so one file at a time is in memory. */
export interface ZipEntry {
  /** Path inside the archive, forward slashes. */
  name: string;
  date: Date;
  /** The bytes, or null to leave the entry out (a file that is gone). */
  read(): Promise<Buffer | null>;
}

/** The classic format's bounds: beyond them an archive needs ZIP64, which this writer does not make. */
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;
const UTF8_NAMES = 0x0800;
const VERSION = 20;
const MADE_BY_UNIX = (3 << 8) | VERSION;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;

function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

function localHeader(entry: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8); // stored, no compression
  header.writeUInt16LE(entry.time, 10);
  header.writeUInt16LE(entry.date, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.size, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY_UNIX, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.size, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // Extra field, comment, disk number, internal attributes: none.
  header.writeUInt32LE(REGULAR_FILE_0644, 38);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(count, 8);
  record.writeUInt16LE(count, 10);
  record.writeUInt32LE(size, 12);
  record.writeUInt32LE(offset, 16);
  return record;
}

async function* zipChunks(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  const names = new Set<string>();
  let offset = 0;
  for await (const entry of entries) {
    if (names.has(entry.name)) throw new Error(`zip: duplicate entry ${entry.name}`);
    const data = await entry.read();
    if (!data) continue;
    names.add(entry.name);
    if (written.length === MAX_ENTRIES || offset + 30 + Buffer.byteLength(entry.name) + data.length > MAX_OFFSET) throw new Error('zip: archive too large for the classic format');
    const record: Written = { name: Buffer.from(entry.name, 'utf8'), crc: crc32(data), size: data.length, offset, ...dosDateTime(entry.date) };
    const header = localHeader(record);
    written.push(record);
    offset += header.length + data.length;
    yield header;
    yield data;
  }
  const central = Buffer.concat(written.map(centralHeader));
  if (offset + central.length > MAX_OFFSET) throw new Error('zip: archive too large for the classic format');
  yield central;
  yield endOfCentralDirectory(written.length, central.length, offset);
}

/**
 * A ZIP archive (stored entries, CRC-32, UTF-8 names; APPNOTE 6.3 without ZIP64) as a stream:
 * each entry is read when the reader asks for more, so memory holds one file and the central
 * directory, never the archive.
 */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}
