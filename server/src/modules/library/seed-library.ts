import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import { DIFFICULTIES, RATIOS, type Localized } from '@studio/contracts/constants';
import type { PageMaker } from '../../adapters/engine/page-maker';
import type { LibraryImporter } from './library-import';

const localizedSchema = z.object({ en: z.string().min(1), zh: z.string().min(1), ja: z.string().min(1) });
const pageSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  prompt: z.string().min(1),
  difficulty: z.enum(DIFFICULTIES),
  ratio: z.enum(RATIOS),
  title: localizedSchema,
  description: localizedSchema,
  tags: z.array(z.string()).default([]),
  hotness: z.number().int().default(0),
});
const categorySchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  hotness: z.number().int(),
  displayName: localizedSchema,
  seoTitle: localizedSchema,
  seoDesc: localizedSchema,
  description: localizedSchema,
  pages: z.array(pageSchema),
});
const tagSchema = z.object({ slug: z.string(), displayName: localizedSchema });

export type SeedCategory = z.infer<typeof categorySchema>;

export async function readLibraryContent(dir: string): Promise<{ categories: SeedCategory[]; tags: Map<string, Localized> }> {
  const categories = z.array(categorySchema).parse(JSON.parse(await readFile(path.join(dir, 'categories.json'), 'utf8')));
  const tags = z.array(tagSchema).parse(JSON.parse(await readFile(path.join(dir, 'tags.json'), 'utf8')));
  return { categories, tags: new Map(tags.map((tag) => [tag.slug, tag.displayName])) };
}

/** Library page ids are stable and distinct from generated ones: "lib-" plus the content id. */
export const libraryImageId = (contentId: string) => `lib-${contentId}`;

/** A fixed seed per page, so the demo library looks the same on every machine. */
function seedOf(id: string): number {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash % 2_000_000_000;
}

/** Which composer drew the demo library (settings), so a newer one draws it again. */
export interface DrawnWith {
  get(): Promise<string | null>;
  set(version: string): Promise<void>;
}

/**
 * Fills the library from content/library: categories at once (so the site has its structure),
 * then each page drawn by the page maker. Pages already present are skipped, so an interrupted
 * seed resumes where it stopped. When `composer` names a newer composer than the one that drew
 * the library (`drawnWith`), every page is drawn again and replaced in place (its reports,
 * examples and links stay); the new version is recorded only once every page is redrawn, so an
 * interrupted redraw starts again at the next start. Runs in the background of a starting server.
 */
export async function seedLibrary(
  deps: { importer: LibraryImporter; maker: PageMaker; logger: Logger; existing: (id: string) => Promise<boolean>; drawnWith?: DrawnWith },
  dir: string,
  options: { concurrency?: number; composer?: string } = {},
) {
  const { importer, maker, logger } = deps;
  const { categories, tags } = await readLibraryContent(dir);
  for (const category of categories) await importer.upsertCategory(category);
  await importer.bumpVersion();
  const drewWith = deps.drawnWith ? await deps.drawnWith.get() : null;
  const hasPages = (await importer.count()) > 0;
  const redraw = options.composer !== undefined && drewWith !== options.composer && hasPages;
  if (redraw) logger.info({ from: drewWith, to: options.composer }, 'drawing the demo library again with the new composer');

  const jobs = categories.flatMap((category) => category.pages.map((page) => ({ category, page })));
  let made = 0;
  let skipped = 0;
  let failed = 0;
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { category, page } = jobs[next++];
      const id = libraryImageId(page.id);
      if (!redraw && (await deps.existing(id))) {
        skipped += 1;
        continue;
      }
      try {
        const drawn = await maker.fromPrompt({ prompt: page.prompt, difficulty: page.difficulty, ratio: page.ratio, seed: seedOf(page.id), lang: 'en', providerRef: null, background: true }, () => {});
        await importer.importPage({
          id,
          categorySlug: category.slug,
          title: page.title,
          description: page.description,
          prompt: { en: page.prompt, zh: page.title.zh, ja: page.title.ja },
          additionalInfo: null,
          tags: page.tags.map((slug) => ({ slug, displayName: tags.get(slug) ?? { en: slug, zh: slug, ja: slug } })),
          ratio: page.ratio,
          difficulty: page.difficulty,
          hotness: page.hotness,
          attribution: drawn.attribution,
          page: drawn,
        });
        made += 1;
        if (made % 12 === 0) {
          await importer.bumpVersion();
          logger.info({ made, total: jobs.length }, 'seeding the demo library');
        }
      } catch (error) {
        failed += 1;
        logger.warn({ err: error, page: page.id }, 'a demo page could not be drawn');
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
  await importer.bumpVersion();
  if (deps.drawnWith && options.composer !== undefined && failed === 0 && drewWith !== options.composer) await deps.drawnWith.set(options.composer);
  const summary = { made, skipped, failed, redrawn: redraw, seconds: Math.round((Date.now() - started) / 1000) };
  if (made || failed) logger.info(summary, 'demo library seeded');
  return summary;
}
