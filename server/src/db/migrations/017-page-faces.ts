import type { Kysely, Migration } from 'kysely';

/**
 * The faces a photo page drew (issue 38, decision 066): `images.faces` holds the engine's report
 * of them as JSON, one `{ eyes }` per face the face model found and drew, so the page's owner (and
 * the e2e story) can see that a portrait came out with its eyes. Null on every other page, and on
 * photo pages made before this column or without the model.
 */
export const pageFaces: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('images').addColumn('faces', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('images').dropColumn('faces').execute();
  },
};
