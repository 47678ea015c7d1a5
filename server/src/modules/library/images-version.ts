import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';

/**
 * Two tokens that say when public answers kept in memory (search lists, rendered pages) may no
 * longer be served. Answers cached under one token are never served under another, so a page that
 * goes private or offline leaves every list at once, in every process (the tokens live in the
 * database, not in memory).
 *
 * - `images_version` changes whenever anything a public image search can return changes: a page
 *   imported, drawn, deleted, reported offline or put back.
 * - `catalogue_version` changes with all of these except one: a member's new public page, which
 *   has no category. Answers that such a page cannot change (a category, its first pages, the
 *   categories, one page found by its id) are kept under it, so they survive the steady stream of
 *   new pages (issue 40: a visitor browsing the library while others draw).
 */
const KEY = 'images_version';
const CATALOGUE_KEY = 'catalogue_version';

/** What changed: `addition` is only a new public page without a category; anything else is `change`. */
export type ImagesChange = 'change' | 'addition';

/**
 * Called as the last statement of the transaction that makes the change, so the new token and
 * the change become visible together. Being last, the transaction never waits for another lock
 * while it holds the token rows': writers queue on them only for their commit, and cannot deadlock
 * (one statement locks both rows, always in the key's index order).
 */
export async function bumpImagesVersion(db: Kysely<Database> | Transaction<Database>, change: ImagesChange = 'change'): Promise<void> {
  // The rows are made by migrations 008 and 019.
  const keys = change === 'addition' ? [KEY] : [CATALOGUE_KEY, KEY];
  await db.updateTable('settings').set({ value: newId() }).where('key', 'in', keys).execute();
}

/** The token as it is now, for a request: see `freshReads`. */
export function createImagesVersionReader(db: Pick<Db, 'readSetting'>) {
  return freshReads(async () => (await db.readSetting(KEY)) ?? '0');
}

/** The catalogue's token as it is now (see above); read like `createImagesVersionReader`. */
export function createCatalogueVersionReader(db: Pick<Db, 'readSetting'>) {
  return freshReads(async () => (await db.readSetting(CATALOGUE_KEY)) ?? '0');
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
