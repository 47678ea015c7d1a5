import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ImageRow } from '../images/images.repository';

/** The rows a booklet is made of, when the builder names them. */
export function createPacksRepository(db: Kysely<Database>) {
  return {
    /** The images with these ids, in the order given; unknown ids are left out. */
    async findByIds(ids: string[]): Promise<ImageRow[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('images').selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id)).filter((row): row is ImageRow => row !== undefined);
    },
  };
}

export type PacksRepository = ReturnType<typeof createPacksRepository>;
