import type { Kysely, Migration } from 'kysely';

/**
 * Stored files waiting to be removed (decision 051). Deleting an account writes the keys of its
 * files here in the same transaction that deletes its rows; the files go after the commit, and a
 * key is forgotten only once its file is gone. A file whose removal failed (the bucket was down,
 * the process stopped) stays listed and is tried again by the sweep, so no file of a deleted
 * account outlives it and no row ever points at a removed file.
 */
export const storageDeletions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('storage_deletions')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('storage_deletions').execute();
  },
};
