import { constants, createReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { newId } from '../../lib/ids';

/**
 * Where files live. Keys are `kind/name` (avatars/…, images/…); public files are served under
 * /files/<key>, private ones only through an authorised route.
 */
export interface Storage {
  put(key: string, data: Buffer, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  stream(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * A URL that reads the file directly for `seconds`, or null when the store has no such URLs
   * (the local disk: the app then serves the file itself, behind its own check).
   */
  presignedUrl(key: string, seconds: number): Promise<string | null>;
  /** Resolves when files can be written now (readiness). */
  check(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+\/[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      // Write then rename: a reader never sees a half-written file.
      const temp = `${file}.${newId()}.tmp`;
      const write = async () => {
        // Original photos among them: for this user alone (the app serves what is public).
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await writeFile(temp, data, { mode: 0o600 });
      };
      // A delete in the same folder may have just removed it as empty (see delete): made again once.
      await write().catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? write() : Promise.reject(error)));
      await rename(temp, file);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async stream(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        return { body: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = resolve(key);
      await rm(file, { force: true });
      // A page's or a member's own folder (images/<id>/, coloured/<userId>/) goes with its last
      // file, so nothing named after a deleted page or account is left on disk. Kind folders stay.
      for (let folder = path.dirname(file); path.dirname(path.relative(root, folder)) !== '.'; folder = path.dirname(folder)) {
        if (!(await rmdir(folder).then(() => true, () => false))) break;
      }
    },
    async presignedUrl(key) {
      resolve(key);
      return null;
    },
    async check() {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await access(root, constants.W_OK);
    },
  };
}
