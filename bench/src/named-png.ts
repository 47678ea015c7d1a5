// "Name on the page" PNG downloads (issue 36): the CPU one download costs, all threads counted
// (process.cpuUsage covers sharp's and libuv's threads), and the answer's size. The pages are
// composed once and kept in bench/out/named/. Usage:
//   npx tsx bench/src/named-png.ts [--runs 5]
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { composePage } from '@studio/engine/compose/compose-page';
import { pngWithNameLine } from '@studio/engine/output/name-line';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const outDir = new URL('../out/named/', import.meta.url).pathname;
await mkdir(outDir, { recursive: true });

async function page(prompt: string, ratio: '3:4' | '4:3'): Promise<Buffer> {
  const file = `${outDir}${prompt.replace(/\W+/g, '-')}-${ratio.replace(':', 'x')}.png`;
  if (existsSync(file)) return readFile(file);
  const { page: made } = await composePage(prompt, { difficulty: 'children', ratio, lang: 'en' });
  await writeFile(file, made.png);
  return made.png;
}

const pages = [await page('a mandala', '3:4'), await page('a cat in a garden', '4:3')];
for (const [index, png] of pages.entries()) {
  const { width, height } = await sharp(png).metadata();
  await pngWithNameLine(png, 'Warm-up');
  let cpuMs = 0;
  let wallMs = 0;
  let out: Buffer = Buffer.alloc(0);
  for (let run = 0; run < runs; run++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    out = await pngWithNameLine(png, 'Maximilian 3B');
    wallMs += performance.now() - started;
    const used = process.cpuUsage(cpu);
    cpuMs += (used.user + used.system) / 1000;
  }
  const { data } = await sharp(out).greyscale().raw().toBuffer({ resolveWithObject: true });
  const grey = data.reduce((count, value) => count + (value !== 0 && value !== 255 ? 1 : 0), 0);
  const info = await sharp(out).metadata();
  // IHDR: bit depth, then colour type (0 grey, 3 palette).
  const [bitDepth, colourType] = [out[24], out[25]];
  console.log(
    `page ${index + 1} (${width}x${height}): cpu ${(cpuMs / runs).toFixed(0)} ms, wall ${(wallMs / runs).toFixed(0)} ms per download; ` +
      `${(out.length / 1024).toFixed(0)} KB, ${info.width}x${info.height} ${bitDepth}-bit ${colourType === 3 ? 'palette' : colourType === 0 ? 'grey' : `colour type ${colourType}`}, grey pixels ${grey}`,
  );
}
