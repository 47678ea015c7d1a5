import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import sharp from 'sharp';
import { nearestRatio } from '@studio/contracts/constants';
import type { Difficulty } from '@studio/contracts/constants';
import { photoToPage } from './lineart/photo-to-page';

const [dir, diffs, tag, ...files] = process.argv.slice(2);
for (const f of files) {
  const bytes = await readFile(`${dir}/${f}`);
  const { width, height, orientation } = await sharp(bytes).metadata();
  const turned = orientation !== undefined && orientation >= 5;
  const ratio = nearestRatio(turned ? height! : width!, turned ? width! : height!);
  for (const d of diffs.split(',')) {
    const t = performance.now();
    const page = await photoToPage(bytes, { difficulty: d as Difficulty, ratio, mode: 'photo' });
    await writeFile(`/tmp/ho/${basename(f).replace(/\.\w+$/, '')}-${d}-${tag}.png`, page.png);
    console.log(f, d, tag, Math.round(performance.now() - t), 'ms', page.report.regionCount, page.report.passes);
  }
}
process.exit(0);
