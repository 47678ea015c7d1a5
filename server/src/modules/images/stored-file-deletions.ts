import type { Logger } from 'pino';
import type { Storage } from '../../adapters/storage/storage';
import type { StorageDeletionsRepository } from './storage-deletions.repository';

/**
 * Removes listed files and forgets each one only once it is gone. A key whose removal fails stays
 * listed for the next sweep; answers how many files were removed.
 */
export async function removeListedFiles(deletions: StorageDeletionsRepository, storage: Storage, keys: string[], logger?: Logger): Promise<number> {
  let removed = 0;
  // A few at a time: a large account has thousands of files, and the bucket has other work too.
  for (let i = 0; i < keys.length; i += 16) {
    const outcomes = await Promise.all(
      keys.slice(i, i + 16).map(async (key) => {
        try {
          await storage.delete(key);
          await deletions.done(key);
          return true;
        } catch (error) {
          logger?.warn({ err: error, key }, 'stored file not removed yet; the sweep will try again');
          return false;
        }
      }),
    );
    removed += outcomes.filter(Boolean).length;
  }
  return removed;
}

/** The sweep: files whose removal was listed but not confirmed (a failure, or a process that stopped midway). */
export function createStoredFileSweep(deps: { deletions: StorageDeletionsRepository; storage: Storage; logger: Logger }) {
  let running: Promise<number> | null = null;
  return {
    /** One pass over what is listed; concurrent callers share it. */
    run(): Promise<number> {
      running ??= (async () => {
        let removed = 0;
        for (;;) {
          const keys = await deps.deletions.pending(500);
          const done = await removeListedFiles(deps.deletions, deps.storage, keys, deps.logger);
          removed += done;
          // Stop when nothing is left, or when nothing in this batch could be removed (the store is down).
          if (keys.length < 500 || done === 0) return removed;
        }
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type StoredFileSweep = ReturnType<typeof createStoredFileSweep>;
