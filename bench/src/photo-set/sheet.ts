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

const fit = async (input: Buffer): Promise<Buffer> =>
  sharp(input).resize(CELL - 8, CELL - 8, { fit: 'contain', background: '#ffffff' }).flatten({ background: '#ffffff' }).png().toBuffer();
/** The page's window (shares of the photo) drawn over the photo's cell, red; `fitted` in the label says the rest. */
function windowOutline(photoW: number, photoH: number, box: { left: number; top: number; width: number; height: number }): Buffer {
  const side = CELL - 8;
  const scale = Math.min(side / photoW, side / photoH);
  const [w, h] = [photoW * scale, photoH * scale];
  const [x, y] = [(side - w) / 2 + box.left * w, (side - h) / 2 + box.top * h];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect x="${x + 1.5}" y="${y + 1.5}" width="${box.width * w - 3}" height="${box.height * h - 3}" fill="none" stroke="#e00" stroke-width="3"/></svg>`,
  );
}
const label = (text: string): Buffer =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CELL}" height="${LABEL}"><text x="6" y="16" font-family="sans-serif" font-size="13">${text}</text></svg>`);

/** Which photos and difficulties a sheet shows, and a suffix for its file name. */
export interface SheetChoice {
  only?: RegExp;
  difficulties?: readonly Difficulty[];
  tag?: string;
}

/** Writes one set's sheets; returns how many pages were made and how many failed the checker. */
export async function writePhotoSheets(outDir: string, subjectOnly: boolean, set: PhotoSet = 'scenes', choice: SheetChoice = {}): Promise<{ pages: number; failed: number }> {
  const dir = PHOTO_SETS[set];
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
      const top = row * (CELL + LABEL);
      composites.push({ input: await fit(photo), left: 4, top: top + LABEL + 4 });
      composites.push({ input: label(`${name.slice(0, -4)} (${ratio})`), left: 0, top });
      for (const [col, difficulty] of difficulties.entries()) {
        const page = await photoToPage(photo, { difficulty, ratio, mode: 'photo', subjectOnly });
        const r = page.report;
        pages++;
        if (!r.passes) {
          failed++;
          console.log(`fails the checker: ${name} ${difficulty}: ${r.problems.join('; ')}`);
        }
        composites.push({ input: await fit(page.png), left: (col + 1) * CELL + 4, top: top + LABEL + 4 });
        const frame = page.frame ? (page.frame.frame === 'fitted' ? ', fitted' : page.frame.centred ? '' : ', moved') : '';
        composites.push({ input: label(`${difficulty}: ${r.regionCount} regions, ${r.passes ? 'ok' : 'FAILS'}${frame}`), left: (col + 1) * CELL, top });
        if (col === 0 && page.frame?.frame === 'cropped') composites.push({ input: windowOutline(meta.width ?? 1, meta.height ?? 1, page.frame.box), left: 4, top: top + LABEL + 4 });
      }
    }
    const file = join(outDir, `photo-sheet-${set === 'real' ? 'real-' : ''}${kind}${subjectOnly ? '-subject-only' : ''}${choice.tag ? `-${choice.tag}` : ''}.png`);
    await sharp({ create: { width: (1 + difficulties.length) * CELL, height: picks.length * (CELL + LABEL), channels: 3, background: '#ffffff' } })
      .composite(composites)
      .png()
      .toFile(file);
    console.log(`wrote ${file} (${picks.length} photos)`);
  }
  return { pages, failed };
}
