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

const CELL = 260;
const LABEL = 22;
export const PHOTO_DIR = new URL('../../photos/', import.meta.url).pathname;
/** The photo set's two parts: generated scenes, and real photographs with their licences. */
export const PHOTO_SETS = { scenes: PHOTO_DIR, real: join(PHOTO_DIR, 'real') } as const;
export type PhotoSet = keyof typeof PHOTO_SETS;

const fit = async (input: Buffer, cell: number): Promise<Buffer> =>
  sharp(input).resize(cell - 8, cell - 8, { fit: 'contain', background: '#ffffff' }).flatten({ background: '#ffffff' }).png().toBuffer();
/** The page's window (shares of the photo) drawn over the photo's cell, red; `fitted` in the label says the rest. */
function windowOutline(photoW: number, photoH: number, box: { left: number; top: number; width: number; height: number }, cell: number): Buffer {
  const side = cell - 8;
  const scale = Math.min(side / photoW, side / photoH);
  const [w, h] = [photoW * scale, photoH * scale];
  const [x, y] = [(side - w) / 2 + box.left * w, (side - h) / 2 + box.top * h];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect x="${x + 1.5}" y="${y + 1.5}" width="${box.width * w - 3}" height="${box.height * h - 3}" fill="none" stroke="#e00" stroke-width="3"/></svg>`,
  );
}
const label = (text: string, cell: number): Buffer =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${cell}" height="${LABEL}"><text x="6" y="16" font-family="sans-serif" font-size="13">${text}</text></svg>`);

/** Which photos and difficulties a sheet shows, and a suffix for its file name. */
export interface SheetChoice {
  only?: RegExp;
  difficulties?: readonly Difficulty[];
  tag?: string;
  /** Photos from this folder instead of the set's (kinds from their file names' first word). */
  dir?: string;
  /** Side of a cell, pixels (CELL unless given): larger to look at a page's lines. */
  cell?: number;
}

/** Writes one set's sheets; returns how many pages were made and how many failed the checker. */
export async function writePhotoSheets(outDir: string, subjectOnly: boolean, set: PhotoSet = 'scenes', choice: SheetChoice = {}): Promise<{ pages: number; failed: number }> {
  const dir = choice.dir ?? PHOTO_SETS[set];
  const cell = choice.cell ?? CELL;
  const difficulties = choice.difficulties ?? DIFFICULTIES;
  const names = (await readdir(dir)).filter((f) => f.endsWith('.jpg') && (choice.only?.test(f) ?? true)).sort();
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
      const top = row * (cell + LABEL);
      composites.push({ input: await fit(photo, cell), left: 4, top: top + LABEL + 4 });
      composites.push({ input: label(`${name.slice(0, -4)} (${ratio})`, cell), left: 0, top });
      for (const [col, difficulty] of difficulties.entries()) {
        const page = await photoToPage(photo, { difficulty, ratio, mode: 'photo', subjectOnly });
        const r = page.report;
        pages++;
        if (!r.passes) {
          failed++;
          console.log(`fails the checker: ${name} ${difficulty}: ${r.problems.join('; ')}`);
        }
        composites.push({ input: await fit(page.png, cell), left: (col + 1) * cell + 4, top: top + LABEL + 4 });
        const frame = page.frame ? (page.frame.frame === 'fitted' ? ', fitted' : page.frame.centred ? '' : ', moved') : '';
        composites.push({ input: label(`${difficulty}: ${r.regionCount} regions, ${r.passes ? 'ok' : 'FAILS'}${frame}`, cell), left: (col + 1) * cell, top });
        if (col === 0 && page.frame?.frame === 'cropped') composites.push({ input: windowOutline(meta.width ?? 1, meta.height ?? 1, page.frame.box, cell), left: 4, top: top + LABEL + 4 });
      }
    }
    const file = join(outDir, `photo-sheet-${set === 'real' && !choice.dir ? 'real-' : ''}${kind}${subjectOnly ? '-subject-only' : ''}${choice.tag ? `-${choice.tag}` : ''}.png`);
    await sharp({ create: { width: (1 + difficulties.length) * cell, height: picks.length * (cell + LABEL), channels: 3, background: '#ffffff' } })
      .composite(composites)
      .png()
      .toFile(file);
    console.log(`wrote ${file} (${picks.length} photos)`);
  }
  return { pages, failed };
}
