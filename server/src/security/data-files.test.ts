import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDataDir } from '../config/private-data';
import { openDatabase } from '../db/database';
import { signedInUser } from '../test/factories';
import { createTestApp, databaseKinds, readOutbox, waitFor, type TestApp } from '../test/test-app';
import { multipart } from '../test/uploads';

/** Permission bits of a path, as an octal string ('600'). */
const modeOf = (target: string) => (statSync(target).mode & 0o777).toString(8);

/** Every file and folder under `root`, root included. */
function everything(root: string): { files: string[]; folders: string[] } {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return {
    files: entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)),
    folders: [root, ...entries.filter((entry) => entry.isDirectory()).map((entry) => path.join(entry.parentPath, entry.name))],
  };
}

/**
 * Issue 36, hole 7: what the server writes in DATA_DIR (reset links in the outbox, original
 * photos, the SQLite database) is readable by its own user only, whatever the process umask.
 */
describe.each(databaseKinds)('files in DATA_DIR on %s', (kind) => {
  let t: TestApp;
  let umask: number;

  beforeAll(async () => {
    // The laxest common umask: the modes below must not depend on the entry point's umask.
    umask = process.umask(0o022);
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    process.umask(umask);
    await t?.close();
  });

  it('keeps stored files, the outbox and the database to the server user: files 0600, folders 0700', async () => {
    const user = await signedInUser(t.app);
    // A stored file (the avatar; original photos go through the same storage) and a reset mail.
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c84' } }).jpeg().toBuffer();
    const upload = multipart({}, { name: 'me.jpg', type: 'image/jpeg', data: photo });
    expect((await t.app.inject({ method: 'POST', url: '/api/users/avatar', headers: { ...user.headers, ...upload.headers }, payload: upload.payload })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } })).statusCode).toBe(200);
    await waitFor(() => (readOutbox(t.outboxDir).some((mail) => mail.includes(`To: ${user.email}`)) ? true : null), 15_000);

    const stored = everything(path.join(t.dataDir, 'files'));
    const outbox = everything(t.outboxDir);
    expect(stored.files.some((file) => file.includes(`${path.sep}avatars${path.sep}`))).toBe(true);
    expect(outbox.files.length).toBeGreaterThan(0);
    for (const file of [...stored.files, ...outbox.files]) expect(modeOf(file), file).toBe('600');
    for (const folder of [...stored.folders, ...outbox.folders]) expect(modeOf(folder), folder).toBe('700');
    if (kind === 'sqlite') {
      const database = path.join(t.dataDir, 'test.db');
      for (const file of [database, `${database}-wal`, `${database}-shm`]) expect(modeOf(file), file).toBe('600');
    }
  });
});

describe('an install from before private file modes', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'studio-old-install-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes DATA_DIR, its folders and the SQLite file at start-up', async () => {
    const umask = process.umask(0o022);
    try {
      for (const folder of ['secrets', 'outbox', 'files/originals/u1']) mkdirSync(path.join(dataDir, folder), { recursive: true, mode: 0o755 });
      writeFileSync(path.join(dataDir, 'outbox', 'reset.eml'), 'a live link', { mode: 0o644 });
      writeFileSync(path.join(dataDir, 'files', 'originals', 'u1', 'child.jpg'), 'a photo', { mode: 0o644 });
      const database = path.join(dataDir, 'studio.db');
      writeFileSync(database, '', { mode: 0o644 });
      for (const target of [dataDir, path.join(dataDir, 'secrets'), path.join(dataDir, 'outbox'), path.join(dataDir, 'files')]) chmodSync(target, 0o755);
      chmodSync(database, 0o644);
      const db = openDatabase({ url: `sqlite:${database}` });
      await sql`create table written (a integer)`.execute(db.kysely);
      // The database opened by an old server: its file and the WAL's files are 0644.
      for (const file of [database, `${database}-wal`, `${database}-shm`]) chmodSync(file, 0o644);

      expect(closeDataDir({ dataDir, databaseUrl: `sqlite:${database}` })).toEqual([]);

      for (const folder of [dataDir, path.join(dataDir, 'secrets'), path.join(dataDir, 'outbox'), path.join(dataDir, 'files')]) expect(modeOf(folder), folder).toBe('700');
      for (const file of [database, `${database}-wal`, `${database}-shm`]) expect(modeOf(file), file).toBe('600');
      await db.close();
    } finally {
      process.umask(umask);
    }
  });

  it('leaves a shared folder such as /tmp as it is and says so, closing only its own folders', () => {
    const shared = mkdtempSync(path.join(dataDir, 'shared-'));
    chmodSync(shared, 0o1777);
    mkdirSync(path.join(shared, 'outbox'), { mode: 0o755 });
    chmodSync(path.join(shared, 'outbox'), 0o755);
    const refused = closeDataDir({ dataDir: shared, databaseUrl: 'postgres://db/studio' });
    expect(refused).toEqual([`${shared}: a shared folder (sticky bit), left as it is`]);
    expect((statSync(shared).mode & 0o7777).toString(8)).toBe('1777');
    expect(modeOf(path.join(shared, 'outbox'))).toBe('700');
  });
});
