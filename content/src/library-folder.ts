import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DIFFICULTIES, RATIOS } from '@studio/contracts/constants';
import { pageSizeForRatio } from '@studio/contracts/page';
import { encodeBitmapPng, rasterizeSvg } from '@studio/engine/compose/rasterize-page';
import { photoToPage } from '@studio/engine/lineart/photo-to-page';
import { checkPage } from '@studio/engine/quality/check-page';
import { madePage } from '@studio/server/adapters/engine/engine-page-maker';
import type { Storage } from '@studio/server/adapters/storage/storage';
import type { Database } from '@studio/server/db/schema';
import { parseFiles } from '@studio/server/modules/images/image-files';
import { createLibraryImporter } from '@studio/server/modules/library/library-import';
import { parseLocalized } from '@studio/server/db/localized';

const localized = z.object({ en: z.string().min(1), zh: z.string().min(1), ja: z.string().min(1) });
const tag = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/), displayName: localized });
export const categoryFileSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  hotness: z.number().int().default(0),
  displayName: localized,
  description: localized,
  seoTitle: localized,
  seoDesc: localized,
});
export const pageFileSchema = z.object({
  title: localized,
  description: localized,
  prompt: localized.optional(),
  additionalInfo: localized.nullable().optional(),
  tags: z.array(tag).default([]),
  ratio: z.enum(RATIOS).default('3:4'),
  difficulty: z.enum(DIFFICULTIES).default('children'),
  hotness: z.number().int().default(0),
});

/**
 * A folder of pages for `npm run content -- import|export`:
 *   category.json            the category (slug, names, HTML description, SEO texts)
 *   <id>.json                one page's metadata (titles, tags, ratio, difficulty)
 *   <id>.svg or <id>.png     the page; an SVG is kept as vector, a PNG goes through line-art cleanup
 *   <id>.color.png           optional coloured version
 */
export async function importFolder(deps: { db: Kysely<Database>; storage: Storage; log: (line: string) => void }, folder: string): Promise<{ imported: number; warnings: number }> {
  const category = categoryFileSchema.parse(JSON.parse(await readFile(path.join(folder, 'category.json'), 'utf8')));
  const importer = createLibraryImporter({ db: deps.db, storage: deps.storage });
  await importer.upsertCategory(category);
  const ids = (await readdir(folder)).filter((f) => f.endsWith('.json') && f !== 'category.json').map((f) => f.slice(0, -5)).sort();
  let imported = 0;
  let warnings = 0;
  for (const id of ids) {
    if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`${id}.json: page ids are lower-case letters, digits and dashes`);
    const meta = pageFileSchema.parse(JSON.parse(await readFile(path.join(folder, `${id}.json`), 'utf8')));
    const svgFile = path.join(folder, `${id}.svg`);
    const pngFile = path.join(folder, `${id}.png`);
    let page;
    if (existsSync(svgFile)) {
      const svg = await readFile(svgFile, 'utf8');
      const size = pageSizeForRatio(meta.ratio);
      const bitmap = await rasterizeSvg(svg, size.width, size.height);
      const report = checkPage(bitmap, meta.difficulty);
      page = { png: await encodeBitmapPng(bitmap), svg, width: size.width, height: size.height, report };
    } else if (existsSync(pngFile)) {
      page = await photoToPage(await readFile(pngFile), { mode: 'cleanup', difficulty: meta.difficulty, ratio: meta.ratio });
    } else {
      throw new Error(`${id}: no ${id}.svg or ${id}.png beside ${id}.json`);
    }
    if (!page.report.passes) {
      warnings += 1;
      deps.log(`warning: ${id} — ${page.report.problems.join('; ')}`);
    }
    const colorFile = path.join(folder, `${id}.color.png`);
    const files = await madePage({ ...page, colorPng: existsSync(colorFile) ? await readFile(colorFile) : undefined }, meta.title.en, null);
    await importer.importPage({
      id,
      categorySlug: category.slug,
      title: meta.title,
      description: meta.description,
      prompt: meta.prompt ?? meta.title,
      additionalInfo: meta.additionalInfo ?? null,
      tags: meta.tags,
      ratio: meta.ratio,
      difficulty: meta.difficulty,
      hotness: meta.hotness,
      attribution: null,
      page: files,
    });
    imported += 1;
    deps.log(`imported ${id}`);
  }
  await importer.bumpVersion();
  return { imported, warnings };
}

/** Writes a category and its pages back out in the folder format that `import` reads. */
export async function exportCategory(deps: { db: Kysely<Database>; storage: Storage }, slug: string, folder: string): Promise<number> {
  const row = await deps.db.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!row) throw new Error(`no category "${slug}"`);
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, 'category.json'),
    `${JSON.stringify({ slug: row.slug, name: row.name, hotness: Number(row.hotness), displayName: parseLocalized(row.display_name), description: parseLocalized(row.description), seoTitle: parseLocalized(row.seo_title), seoDesc: parseLocalized(row.seo_desc) }, null, 2)}\n`,
  );
  const images = await deps.db.selectFrom('images').selectAll().where('category_id', '=', row.id).orderBy('id').execute();
  for (const image of images) {
    const tags = await deps.db
      .selectFrom('image_tags')
      .innerJoin('tags', 'tags.id', 'image_tags.tag_id')
      .select(['tags.slug', 'tags.display_name'])
      .where('image_tags.image_id', '=', image.id)
      .orderBy('tags.slug')
      .execute();
    const meta = {
      title: parseLocalized(image.title),
      description: parseLocalized(image.description),
      prompt: parseLocalized(image.prompt),
      additionalInfo: image.additional_info ? parseLocalized(image.additional_info) : null,
      tags: tags.map((t) => ({ slug: t.slug, displayName: parseLocalized(t.display_name) })),
      ratio: image.ratio,
      difficulty: image.difficulty,
      hotness: Number(image.hotness),
    };
    await writeFile(path.join(folder, `${image.id}.json`), `${JSON.stringify(meta, null, 2)}\n`);
    const files = parseFiles(image.files);
    const svg = files.svg ? await deps.storage.get(files.svg) : null;
    if (svg) await writeFile(path.join(folder, `${image.id}.svg`), svg);
    else {
      const png = await deps.storage.get(files.page);
      if (png) await writeFile(path.join(folder, `${image.id}.png`), png);
    }
    const color = files.color ? await deps.storage.get(files.color) : null;
    if (color) await writeFile(path.join(folder, `${image.id}.color.png`), color);
  }
  return images.length;
}
