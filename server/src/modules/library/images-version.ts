import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';

/**
 * A token that changes whenever anything a public image search can return changes: a page
 * imported, drawn, deleted, reported offline or put back. Answers cached under one token are
 * never served under another, so a page that goes private or offline leaves every list at once,
 * in every process (the token lives in the database, not in memory).
 */
const KEY = 'images_version';

/**
 * Called as the last statement of the transaction that makes the change, so the new token and
 * the change become visible together. Being last, the transaction never waits for another lock
 * while it holds the token row's: writers queue on it only for their commit, and cannot deadlock.
 */
export async function bumpImagesVersion(db: Kysely<Database> | Transaction<Database>): Promise<void> {
  // The row is made by migration 008.
  await db.updateTable('settings').set({ value: newId() }).where('key', '=', KEY).execute();
}

/** The token as it is now, for a request: see `freshReads`. */
export function createImagesVersionReader(db: Pick<Db, 'readSetting'>) {
  return freshReads(async () => (await db.readSetting(KEY)) ?? '0');
}

export type ImagesVersionReader = ReturnType<typeof createImagesVersionReader>;

/**
 * Shares reads between concurrent callers without ever answering a caller with a read that
 * began before it called (such a read may predate a change the caller has already seen). A
 * caller joins the read in flight only if none is running; otherwise it waits for the next one,
 * which starts when the running one ends and is shared by everyone who came meanwhile. So at
 * most one read is in flight, whatever the load, and no caller waits for more than two.
 */
export function freshReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;

  const start = (): Promise<T> => {
    const reading = read().finally(() => {
      if (running === reading) running = null;
    });
    running = reading;
    return reading;
  };

  return function current(): Promise<T> {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}
