import type { Kysely, Migration } from 'kysely';

// Public library searches filter by category (or not at all), always by is_public and is_online,
// and sort by hotness with the id as tie-break. With these columns in that order the lists and
// their counts are answered from the index alone, on SQLite without statistics as well as on
// PostgreSQL; the older two-column indexes led SQLite to scan every public row (bench:api).
export const librarySearchIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('images_category').execute();
    await db.schema.dropIndex('images_public').execute();
    await db.schema.createIndex('images_category_public').on('images').columns(['category_id', 'is_public', 'is_online', 'hotness', 'id']).execute();
    await db.schema.createIndex('images_public').on('images').columns(['is_public', 'is_online', 'hotness', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('images_category_public').execute();
    await db.schema.dropIndex('images_public').execute();
    await db.schema.createIndex('images_public').on('images').columns(['is_public', 'is_online', 'hotness']).execute();
    await db.schema.createIndex('images_category').on('images').columns(['category_id', 'hotness']).execute();
  },
};
