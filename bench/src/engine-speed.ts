// Speed of the photo → page pipeline against the tool a user would otherwise reach for
// (ImageMagick Canny + potrace), on the 12-megapixel photo. Prints the median of N runs, the
// ratio, and the engine's peak memory. Usage:
//   npm run bench:engine -- [--runs 5] [--peer-runs 5] [--difficulty children] [--ratio 4:3]
// The peer needs `apt-get install -y imagemagick potrace`; it is skipped with a note if missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Difficulty, Ratio } from '@studio/contracts/constants';
import { photoToPage } from '@studio/engine/lineart/photo-to-page';
import { renderPageFiles, writePageFiles } from '@studio/engine/output/page-files';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'peer-runs': { type: 'string', default: '5' },
    difficulty: { type: 'string', default: 'children' },
    ratio: { type: 'string', default: '4:3' },
    photo: { type: 'string', default: new URL('../../../shared/data/photo-12mp.jpg', import.meta.url).pathname },
  },
});
const outDir = new URL('../out/speed/', import.meta.url).pathname;
await mkdir(outDir, { recursive: true });
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const input = await readFile(values.photo);
const engineTimes: number[] = [];
for (let run = 0; run < Number(values.runs); run++) {
  const started = performance.now();
  const page = await photoToPage(input, { difficulty: values.difficulty as Difficulty, ratio: values.ratio as Ratio, mode: 'photo' });
  // PNG and SVG come with the page; the PDF is the vector one. Thumbnails are not part of the peer's job.
  const files = await renderPageFiles(page, { paper: 'letter' });
  await writePageFiles(files, `${outDir}engine`);
  engineTimes.push((performance.now() - started) / 1000);
  console.log(`engine run ${run + 1}: ${engineTimes[run].toFixed(2)} s (${page.report.regionCount} regions, ${page.report.passes ? 'passes' : page.report.problems.join('; ')})`);
}
const peakMb = process.resourceUsage().maxRSS / 1024;

// Debian's binaries; /usr/local/bin may hold a stand-in `convert`.
const convert = ['/usr/bin/convert', '/usr/bin/convert-im6.q16'].find((p) => existsSync(p));
const potrace = spawnSync('sh', ['-c', 'command -v potrace']).stdout.toString().trim();
const peerTimes: number[] = [];
if (convert && potrace) {
  const command = `${convert} "${values.photo}" -resize 2550x3300! -colorspace gray -blur 0x3 -canny 0x1+10%+30% -morphology Dilate Disk:1.5 -negate pbm:- | ${potrace} -b pdf -o "${outDir}peer.pdf" -`;
  for (let run = 0; run < Number(values['peer-runs']); run++) {
    const started = performance.now();
    execFileSync('sh', ['-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
    peerTimes.push((performance.now() - started) / 1000);
    console.log(`peer run ${run + 1}: ${peerTimes[run].toFixed(2)} s`);
  }
} else {
  console.log('peer skipped: install it with `apt-get install -y imagemagick potrace`');
}

const engineMedian = median(engineTimes);
console.log(`\nengine (${values.difficulty}, ${values.ratio}, PNG + SVG + PDF + thumbnails): median ${engineMedian.toFixed(2)} s of ${engineTimes.length}, peak RSS ${peakMb.toFixed(0)} MB`);
if (peerTimes.length > 0) {
  const peerMedian = median(peerTimes);
  console.log(`peer (ImageMagick canny + potrace): median ${peerMedian.toFixed(2)} s of ${peerTimes.length}`);
  console.log(`engine is ${(peerMedian / engineMedian).toFixed(1)}x faster than the peer`);
}
