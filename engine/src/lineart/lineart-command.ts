import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { DEFAULT_DIFFICULTY, DIFFICULTIES, nearestRatio, RATIOS } from '@studio/contracts/constants';
import type { Difficulty, Ratio } from '@studio/contracts/constants';
import type { Paper } from '@studio/contracts/page';
import { renderPageFiles, writePageFiles } from '../output/page-files';
import { photoToPage } from './photo-to-page';

export const summary = 'turn a photo (or a drawn page, with --mode cleanup) into a printable coloring page';

export const usage = `  npm run engine -- lineart <image> [options]
    <image>                     JPEG, PNG, WebP or GIF (first frame), at most 10 MB and 40 megapixels
    --difficulty <name>         ${DIFFICULTIES.join(' | ')} (default ${DEFAULT_DIFFICULTY}): line width and region count
    --ratio <w:h>               ${RATIOS.join(' | ')} (default: the one nearest the photo's shape, as the site does):
                                page shape; the photo is centre-cropped to it
    --paper <name>              letter | a4 (default letter): PDF paper size; orientation follows the ratio
    --mode <name>               photo | cleanup (default photo); cleanup keeps drawn lines and removes grey and shading
    --out <path>                output path without extension (default <image name>-page); writes
                                .png (300 DPI master), .svg, .pdf, .600.webp and .320.webp
    --help                      show this help`;

function pick<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, flag: string): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`--${flag} must be one of ${allowed.join(', ')}; got "${value}"`);
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      difficulty: { type: 'string' },
      ratio: { type: 'string' },
      paper: { type: 'string' },
      mode: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log(usage);
    return values.help ? 0 : 1;
  }
  const input = positionals[0];
  const difficulty = pick<Difficulty>(values.difficulty, DIFFICULTIES, DEFAULT_DIFFICULTY, 'difficulty');
  const bytes = await readFile(input);
  let ratio: Ratio;
  if (values.ratio === undefined) {
    // As the site does without a chosen ratio: the page shape nearest the photo's (EXIF rotation applied).
    const { width, height, orientation } = await sharp(bytes).metadata();
    const turned = orientation !== undefined && orientation >= 5;
    ratio = nearestRatio(turned ? height : width, turned ? width : height);
  } else {
    ratio = pick<Ratio>(values.ratio, RATIOS, '3:4', 'ratio');
  }
  const paper = pick<Paper>(values.paper, ['letter', 'a4'], 'letter', 'paper');
  const mode = pick(values.mode, ['photo', 'cleanup'] as const, 'photo', 'mode');
  const out = values.out ?? `${basename(input, extname(input))}-page`;

  const started = performance.now();
  const page = await photoToPage(bytes, { difficulty, ratio, mode });
  const files = await renderPageFiles(page, { paper });
  const written = await writePageFiles(files, out);
  const r = page.report;
  console.log(
    `${page.width}x${page.height} ${difficulty} page in ${Math.round(performance.now() - started)} ms: ` +
      `${r.regionCount} regions, lines ${r.lineWidthMm.toFixed(2)} mm, ${r.passes ? 'passes the checker' : `problems: ${r.problems.join('; ')}`}`,
  );
  for (const path of written) console.log(`  ${path}`);
  return 0;
}
