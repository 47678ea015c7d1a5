import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry } from './zip-stream';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Checks the archive with Info-ZIP's unzip (CRC of every entry) and unpacks it. */
function unpack(zip: Buffer): { dir: string; listing: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'zip-stream-'));
  folders.push(dir);
  writeFileSync(path.join(dir, 'a.zip'), zip);
  execFileSync('unzip', ['-t', '-q', 'a.zip'], { cwd: dir });
  execFileSync('unzip', ['-q', 'a.zip', '-d', 'out'], { cwd: dir });
  return { dir: path.join(dir, 'out'), listing: execFileSync('zipinfo', ['-1', 'a.zip'], { cwd: dir }).toString() };
}

const entry = (name: string, data: Buffer | null, date = new Date('2026-03-04T05:06:08Z')): ZipEntry => ({ name, date, read: async () => data });

describe('zipStream', () => {
  it('writes stored entries that an independent reader checks and unpacks byte for byte, UTF-8 names included', async () => {
    const big = randomBytes(3 * 1024 * 1024);
    const zip = await collect(
      zipStream([entry('profile.json', Buffer.from('{"a":1}\n')), entry('pages/猫-ねこ/page.png', big), entry('empty.txt', Buffer.alloc(0)), entry('gone.png', null)]),
    );
    const { dir, listing } = unpack(zip);
    expect(listing.trim().split('\n')).toEqual(['profile.json', 'pages/猫-ねこ/page.png', 'empty.txt']);
    expect(readFileSync(path.join(dir, 'pages/猫-ねこ/page.png')).equals(big)).toBe(true);
    expect(readFileSync(path.join(dir, 'profile.json'), 'utf8')).toBe('{"a":1}\n');
    expect(readFileSync(path.join(dir, 'empty.txt')).length).toBe(0);
  });

  it('makes a valid empty archive', async () => {
    const zip = await collect(zipStream([]));
    expect(zip.length).toBe(22);
    expect(zip.readUInt32LE(0)).toBe(0x06054b50);
  });

  it('reads each entry only when the reader has taken the one before (one file in memory at a time)', async () => {
    const reads: string[] = [];
    const lazy = (name: string): ZipEntry => ({
      name,
      date: new Date(),
      read: async () => {
        reads.push(name);
        return randomBytes(64 * 1024);
      },
    });
    const stream = zipStream([lazy('a'), lazy('b'), lazy('c'), lazy('d')]);
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    // Readable.from reads ahead only up to its buffer: the last entries are not read yet.
    expect(reads.length).toBeLessThan(4);
    for (let next = await iterator.next(); !next.done; next = await iterator.next());
    expect(reads).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses two entries of the same name', async () => {
    await expect(collect(zipStream([entry('a.txt', Buffer.from('1')), entry('a.txt', Buffer.from('2'))]))).rejects.toThrow(/duplicate/);
  });
});
