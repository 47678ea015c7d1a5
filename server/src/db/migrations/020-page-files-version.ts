import type { Kysely, Migration } from 'kysely';

/**
 * The version of a page as drawn (image-files.ts, decision 078): a page's file keys stay the same
 * when a library page is drawn again, so public file URLs carry this to be cached for good. Null
 * for pages stored before it (their files are cached for a day).
 */
export const pageFilesVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('images').addColumn('files_version', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('images').dropColumn('files_version').execute();
  },
};
