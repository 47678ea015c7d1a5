// Contact sheet: 12 BSDS500 val photos beside their pages at each difficulty, to look at as a
// parent would before printing. Writes bench/out/lineart-sheet.png.
//   npm exec tsx bench/src/lineart-sheet.ts -- [--count 12] [--mode photo]
import { readdir, readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { OverlayOptions } from 'sharp';
import { DIFFICULTIES } from '@studio/contracts/constants';
import { photoToPage } from '@studio/engine/lineart/photo-to-page';
import { BSDS_ROOT } from './bsds/read-maps';

const { values } = parseArgs({ options: { count: { type: 'string', default: '12' } } });
const CELL = 300;
const LABEL = 22;
const dir = join(BSDS_ROOT, 'images', 'val');
const all = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
const count = Number(values.count);
// Evenly spread over the split rather than the first few, so the sheet is not one kind of scene.
const picks = Array.from({ length: count }, (_, i) => all[Math.floor((i * all.length) / count)]);

const composites: OverlayOptions[] = [];
const columns = 1 + DIFFICULTIES.length;
const width = columns * CELL;
const height = picks.length * (CELL + LABEL);
const fit = async (input: Buffer): Promise<Buffer> =>
  sharp(input).resize(CELL - 8, CELL - 8, { fit: 'contain', background: '#ffffff' }).flatten({ background: '#ffffff' }).png().toBuffer();
const label = (text: string): Buffer =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CELL}" height="${LABEL}"><text x="6" y="16" font-family="sans-serif" font-size="14">${text}</text></svg>`);

for (const [row, name] of picks.entries()) {
  const photo = await readFile(join(dir, name));
  const meta = await sharp(photo).metadata();
  const ratio = (meta.width ?? 1) >= (meta.height ?? 1) ? '4:3' : '3:4';
  const top = row * (CELL + LABEL);
  composites.push({ input: await fit(photo), left: 4, top: top + LABEL + 4 });
  composites.push({ input: label(`${name} (${ratio})`), left: 0, top });
  for (const [col, difficulty] of DIFFICULTIES.entries()) {
    const page = await photoToPage(photo, { difficulty, ratio, mode: 'photo' });
    const r = page.report;
    composites.push({ input: await fit(page.png), left: (col + 1) * CELL + 4, top: top + LABEL + 4 });
    const verdict = r.passes ? 'ok' : r.problems.join('; ').slice(0, 40);
    composites.push({ input: label(`${difficulty}: ${r.regionCount} regions, ${verdict}`), left: (col + 1) * CELL, top });
  }
  process.stdout.write(`\r${row + 1}/${picks.length}`);
}
process.stdout.write('\n');
const out = new URL('../out/', import.meta.url).pathname;
await mkdir(out, { recursive: true });
await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
  .composite(composites)
  .png()
  .toFile(join(out, 'lineart-sheet.png'));
console.log(`wrote ${join(out, 'lineart-sheet.png')}`);
