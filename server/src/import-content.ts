import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from './app';
import { importBlogPosts } from './modules/blog/blog-import';
import { createLibraryImporter } from './modules/library/library-import';
import { seedLibrary, type DrawnWith } from './modules/library/seed-library';
import type { Kysely } from 'kysely';
import { COMPOSER_VERSION } from '@studio/engine/compose/composer-version';
import type { Database } from './db/schema';
import { creditStoredPages } from './modules/library/credit-stored-pages';
import { createStoredCreditRepository } from './modules/library/stored-credit.repository';

/** content/ at the repository root, from the source tree or the server bundle. */
export function contentDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../../content'), path.resolve(here, '../content'), path.resolve('content')]) {
    if (existsSync(candidate)) return candidate;
  }
  return path.resolve('content');
}

/** What start-up imports from content/: blog posts (idempotent; unchanged posts are skipped). */
export async function importContent(deps: Pick<AppDeps, 'db' | 'logger' | 'storage'>, dir: string): Promise<void> {
  const blog = await importBlogPosts(deps.db.kysely, path.join(dir, 'blog'), deps.storage);
  if (blog.imported > 0) deps.logger.info(blog, 'blog posts imported');
}

/**
 * Draws the demo library in the background after start: the site answers at once and the
 * library fills in over a few minutes on first start; later starts skip every page present, unless
 * the composer drew better since (COMPOSER_VERSION): then the library is drawn again, page by page.
 */
export async function seedDemoLibrary(deps: Pick<AppDeps, 'db' | 'logger' | 'storage' | 'maker'>, dir: string, options: { redrawWithNewComposer?: boolean } = {}): Promise<void> {
  const libraryDir = path.join(dir, 'library');
  if (!deps.maker || !existsSync(path.join(libraryDir, 'categories.json'))) return;
  const db = deps.db.kysely;
  await seedLibrary(
    {
      importer: createLibraryImporter({ db, storage: deps.storage }),
      maker: deps.maker,
      logger: deps.logger,
      existing: async (id) => (await db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
      drawnWith: settingsDrawnWith(db),
    },
    libraryDir,
    { composer: options.redrawWithNewComposer ? COMPOSER_VERSION : undefined },
  );
}

const DRAWN_WITH_KEY = 'library_drawn_with';

/** The composer version the demo library was last drawn with, kept in settings. */
function settingsDrawnWith(db: Kysely<Database>): DrawnWith {
  return {
    get: async () => (await db.selectFrom('settings').select('value').where('key', '=', DRAWN_WITH_KEY).executeTakeFirst())?.value ?? null,
    set: async (version) => {
      const updated = await db.updateTable('settings').set({ value: version }).where('key', '=', DRAWN_WITH_KEY).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) await db.insertInto('settings').values({ key: DRAWN_WITH_KEY, value: version }).execute();
    },
  };
}

/** Once per install, in the background: the artwork credit goes into files stored before files carried it (decision 024). */
export async function creditOlderPages(deps: Pick<AppDeps, 'db' | 'logger' | 'storage'>): Promise<void> {
  // Loaded only when needed: the engine's output code (pdfkit) is large.
  const { creditStoredPageFiles } = await import('@studio/engine/output/page-files');
  const credited = await creditStoredPages({ pages: createStoredCreditRepository(deps.db.kysely), storage: deps.storage, creditFiles: creditStoredPageFiles });
  if (credited > 0) deps.logger.info({ credited }, 'artwork credit written into older pages');
}
