import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../schema';

/**
 * Trust (decision 024). Uploaded photos move to a private key prefix (originals/<id>/) that no
 * public route serves: the rows are rewritten here, and each file's move is queued in
 * `storage_moves` for the app to carry out on the storage it runs with (local disk or S3; a
 * migration sees only the database). Curated generator examples get their table; a page the
 * content filter or the reports keep out of view records why in `images.held`.
 */
export const privateOriginals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('storage_moves')
      .addColumn('from_key', 'text', (c) => c.primaryKey())
      .addColumn('to_key', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('curated_examples')
      .addColumn('image_id', 'text', (c) => c.primaryKey().references('images.id').onDelete('cascade'))
      .addColumn('tab', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('added_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('curated_examples_tab').on('curated_examples').columns(['tab', 'position']).execute();
    await db.schema.alterTable('images').addColumn('held', 'text').execute();

    const kysely = db as Kysely<Database>;
    const rows = await kysely.selectFrom('images').select(['id', 'files']).where('type', '=', 'image2image').execute();
    for (const row of rows) {
      const files = JSON.parse(row.files) as { source?: string | null };
      if (!files.source || files.source.startsWith('originals/')) continue;
      const to = `originals/${row.id}/source.webp`;
      await kysely.insertInto('storage_moves').values({ from_key: files.source, to_key: to }).execute();
      await kysely.updateTable('images').set({ files: JSON.stringify({ ...files, source: to }) }).where('id', '=', row.id).execute();
    }
    // Every cached public answer made before this one may hold an original's URL.
    await sql`update settings set value = ${`010-${Date.now()}`} where key = 'images_version'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('images').dropColumn('held').execute();
    await db.schema.dropTable('curated_examples').execute();
    await db.schema.dropTable('storage_moves').execute();
  },
};
