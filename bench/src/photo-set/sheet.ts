// Contact sheets of the photo set: each photo beside its pages at the four difficulties, one PNG
// per kind of photo — the generated scenes (bench/photos/, bench/out/photo-sheet-<kind>.png) and
// the real photographs (bench/photos/real/, bench/out/photo-sheet-real-<kind>.png) — and one line
// per page that fails the page checker. Run by `npm run bench:engine -- --sheet [--subject-only]`.
import { readdir, readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { OverlayOptions } from 'sharp';
import { DIFFICULTIES, nearestRatio } from '@studio/contracts/constants';
import type { Difficulty } from '@studio/contracts/constants';
import { photoToPage } from '@studio/engine/lineart/photo-to-page';

const LABEL = 22;
export const PHOTO_DIR = new URL('../../photos/', import.meta.url).pathname;
/** The photo set's two parts: generated scenes, and real photographs with their licences. */
export const PHOTO_SETS = { scenes: PHOTO_DIR, real: join(PHOTO_DIR, 'real') } as const;
export type PhotoSet = keyof typeof PHOTO_SETS;

/**
 * Which sheets: `only` keeps the photos whose names start with one of its prefixes (the people
 * photos, to look at faces), `difficulties` the columns, `cell` the side of a picture (pixels),
 * `tag` is added to the sheets' names (a before and an after side by side).
 */
export interface SheetChoice {
  only?: string[];
  difficulties?: readonly Difficulty[];
  cell?: number;
  tag?: string;
}

/** Writes one set's sheets; returns how many pages were made and how many failed the checker. */
export async function writePhotoSheets(outDir: string, subjectOnly: boolean, set: PhotoSet = 'scenes', choice: SheetChoice = {}): Promise<{ pages: number; failed: number }> {
  const CELL = choice.cell ?? 260;
  const columns = choice.difficulties ?? DIFFICULTIES;
  const fit = async (input: Buffer): Promise<Buffer> =>
    sharp(input).resize(CELL - 8, CELL - 8, { fit: 'contain', background: '#ffffff' }).flatten({ background: '#ffffff' }).png().toBuffer();
  const label = (text: string): Buffer =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CELL}" height="${LABEL}"><text x="6" y="16" font-family="sans-serif" font-size="13">${text}</text></svg>`);
  const dir = PHOTO_SETS[set];
  const only = choice.only;
  const names = (await readdir(dir)).filter((f) => f.endsWith('.jpg') && (!only || only.some((prefix) => f.startsWith(prefix)))).sort();
  const kinds = [...new Set(names.map((n) => n.split('-')[0]))];
  await mkdir(outDir, { recursive: true });
  let pages = 0;
  let failed = 0;
  for (const kind of kinds) {
    const picks = names.filter((n) => n.startsWith(`${kind}-`));
    const composites: OverlayOptions[] = [];
    for (const [row, name] of picks.entries()) {
      const photo = await readFile(join(dir, name));
      const meta = await sharp(photo).metadata();
      // The page ratio nearest the photo's, as the site picks it when the user picks none.
      const ratio = nearestRatio(meta.width ?? 1, meta.height ?? 1);
      const top = row * (CELL + LABEL);
      composites.push({ input: await fit(photo), left: 4, top: top + LABEL + 4 });
      composites.push({ input: label(`${name.slice(0, -4)} (${ratio})`), left: 0, top });
      for (const [col, difficulty] of columns.entries()) {
        const page = await photoToPage(photo, { difficulty, ratio, mode: 'photo', subjectOnly });
        const r = page.report;
        pages++;
        if (!r.passes) {
          failed++;
          console.log(`fails the checker: ${name} ${difficulty}: ${r.problems.join('; ')}`);
        }
        composites.push({ input: await fit(page.png), left: (col + 1) * CELL + 4, top: top + LABEL + 4 });
        const faces = r.faces === undefined ? '' : `, ${r.faces} faces`;
        composites.push({ input: label(`${difficulty}: ${r.regionCount} regions${faces}, ${r.passes ? 'ok' : 'FAILS'}`), left: (col + 1) * CELL, top });
      }
    }
    const file = join(outDir, `photo-sheet-${set === 'real' ? 'real-' : ''}${kind}${subjectOnly ? '-subject-only' : ''}${choice.tag ? `-${choice.tag}` : ''}.png`);
    await sharp({ create: { width: (1 + columns.length) * CELL, height: picks.length * (CELL + LABEL), channels: 3, background: '#ffffff' } })
      .composite(composites)
      .png()
      .toFile(file);
    console.log(`wrote ${file} (${picks.length} photos)`);
  }
  return { pages, failed };
}
