// Print packs: time and peak memory of a 40-page booklet (decision 032). The pages are real
// engine pages — composed from prompts and traced from the bench photos — made once and kept in
// bench/out/packs/. Each run writes the booklet to a reader that takes it as fast as it can, or
// slowly (a slow connection), and prints: time to the first byte, total time, the PDF's size,
// and the process's peak memory above its level before the run (RSS and JS heap). Usage:
//   npm run bench:packs -- [--pages 40] [--slow-mbps 1]
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Writable } from 'node:stream';
import type { Paper } from '@studio/contracts/page';
import { composePage } from '@studio/engine/compose/compose-page';
import { photoToPage } from '@studio/engine/lineart/photo-to-page';
import { writeBooklet, type BookletEntry } from '@studio/engine/output/booklet';
import { inspectPdf } from '@studio/engine/output/pdf-inspect';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '40' }, 'slow-mbps': { type: 'string', default: '1' } } });
const pageCount = Number(values.pages);
const slowBytesPerSecond = Number(values['slow-mbps']) * 1024 * 1024;
const outDir = new URL('../out/packs/', import.meta.url).pathname;
await mkdir(outDir, { recursive: true });

interface SourcePage {
  title: string;
  svg: string;
  credited: boolean;
}

/** The page set: made once (about a minute on two cores), then read from bench/out/packs. */
async function sourcePages(): Promise<SourcePage[]> {
  const made: SourcePage[] = [];
  const prompts = ['a mandala', 'a car on a road', 'a cat in a garden', 'a butterfly with flowers'];
  // Traced photos at adult difficulty are the heaviest pages there are (hundreds of regions).
  const photos = ['farm-cow.jpg', 'farm-pig.jpg', 'house-barn.jpg', 'farm-horse.jpg', 'farm-sheep.jpg'];
  for (const [index, name] of [...prompts, ...photos].entries()) {
    const file = `${outDir}source-v2-${index}.json`;
    if (existsSync(file)) {
      made.push(JSON.parse(await readFile(file, 'utf8')) as SourcePage);
      continue;
    }
    let page: SourcePage;
    if (index < prompts.length) {
      const result = await composePage(name, { difficulty: 'children', ratio: '3:4', lang: 'en' });
      page = { title: name, svg: result.page.svg!, credited: result.attribution !== null };
    } else {
      const photo = await readFile(new URL(`../photos/${name}`, import.meta.url));
      const result = await photoToPage(photo, { difficulty: 'adult', ratio: '3:4', mode: 'photo' });
      page = { title: name.replace('.jpg', ''), svg: result.svg!, credited: false };
    }
    await writeFile(file, JSON.stringify(page));
    made.push(page);
  }
  return made;
}

const pages = await sourcePages();
const credit = { text: 'OpenMoji – the open-source emoji and icon project (modified)', url: 'https://openmoji.org/', license: 'CC BY-SA 4.0', licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/' };
const entries: BookletEntry[] = Array.from({ length: pageCount }, (_, i) => {
  const source = pages[i % pages.length];
  return { title: `${i + 1}. ${source.title}`, credit: source.credited ? credit : null };
});
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const sizes = pages.map((page) => Buffer.byteLength(page.svg));
console.log(`pages: ${pages.length} distinct (SVG ${mb(Math.min(...sizes))}–${mb(Math.max(...sizes))} MB), cycled to ${pageCount}`);

/** A reader that takes `bytesPerSecond` (Infinity: as fast as it can). */
function reader(bytesPerSecond: number): Writable & { total: number } {
  let total = 0;
  const sink = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      (sink as unknown as { total: number }).total = total;
      if (!Number.isFinite(bytesPerSecond)) return done();
      setTimeout(done, (chunk.length / bytesPerSecond) * 1000);
    },
  });
  return Object.assign(sink, { total: 0 });
}

async function run(label: string, options: { paper: Paper; perSheet: 1 | 2; name: string | null; bytesPerSecond: number }, count = pageCount) {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  let firstByte = 0;
  const { stream, finished } = writeBooklet(entries.slice(0, count), async (index) => {
    sample();
    return { svg: pages[index % pages.length].svg };
  }, { title: 'Bench booklet', labels: { contents: 'Contents', credits: 'Artwork credits', pages: 'Pages' }, ...options });
  const chunks: Buffer[] = [];
  stream.once('data', () => (firstByte = performance.now() - started));
  // Only the first run's bytes are kept, to check the result (a copy outside the measured process memory would be unfair, so it is small: one run).
  if (label === '1-up Letter, name, fast reader') stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const sink = reader(options.bytesPerSecond);
  const drained = new Promise((resolve) => sink.on('finish', resolve));
  stream.pipe(sink);
  await finished;
  await drained;
  clearInterval(timer);
  sample();
  const seconds = (performance.now() - started) / 1000;
  if (chunks.length) {
    const pdf = Buffer.concat(chunks);
    await writeFile(`${outDir}booklet-${pageCount}.pdf`, pdf);
    console.log(`  (check: ${inspectPdf(pdf).pageCount} PDF pages, written to bench/out/packs/booklet-${pageCount}.pdf)`);
  }
  console.log(
    `${label.padEnd(34)} first byte ${firstByte.toFixed(0).padStart(5)} ms   total ${seconds.toFixed(2).padStart(6)} s   PDF ${mb(sink.total).padStart(5)} MB   peak RSS +${mb(peakRss - base.rss).padStart(5)} MB   peak heap +${mb(peakHeap - base.heapUsed).padStart(5)} MB`,
  );
}

// Warm-up: fonts read, code compiled, as in a server that has made a booklet before.
await run('warm-up', { paper: 'letter', perSheet: 1, name: 'Class 3B', bytesPerSecond: Infinity });
await run(`1-up Letter, name, fast reader`, { paper: 'letter', perSheet: 1, name: 'Class 3B — 小明', bytesPerSecond: Infinity });
await run(`2-up A4, name, fast reader`, { paper: 'a4', perSheet: 2, name: 'さくら', bytesPerSecond: Infinity });
// Flat memory: a quarter of the pages should peak as high as the whole booklet.
await run(`1-up Letter, ${Math.ceil(pageCount / 4)} pages, fast reader`, { paper: 'letter', perSheet: 1, name: 'Class 3B — 小明', bytesPerSecond: Infinity }, Math.ceil(pageCount / 4));
await run(`1-up Letter, slow reader ${values['slow-mbps']} MB/s`, { paper: 'letter', perSheet: 1, name: 'Class 3B', bytesPerSecond: slowBytesPerSecond });
