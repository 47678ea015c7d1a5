// Speed of the photo → page pipeline against the tool a user would otherwise reach for
// (ImageMagick Canny + potrace), on the 12-megapixel photo. Prints the median of N runs, the
// ratio, and the engine's peak memory. Usage:
//   npm run bench:engine -- [--runs 5] [--warmup 5] [--peer-runs 5] [--difficulty children] [--ratio 4:3]
//   npm run bench:engine -- --sheet [--subject-only] [--set real|scenes]: instead, contact sheets
//     of the photo set at the four difficulties: the real photographs (bench/photos/real/,
//     bench/out/photo-sheet-real-<kind>.png) and the generated scenes (bench/photos/,
//     bench/out/photo-sheet-<kind>.png); both sets unless --set names one. --only <regex> keeps the
//     photos whose file name matches, --difficulties children,teen the columns, --tag <name> adds
//     -<name> to the sheets' file names (a before and an after side by side), --photos <dir> takes
//     the photos of another folder (kinds from their names' first word), --cell <px> sizes the cells.
// The warm-up runs (reported, not counted) let V8 compile the hot loops first, as in the server,
// whose engine threads live as long as the process; --warmup 0 measures a cold process. Five:
// V8 has the pipeline fully compiled only after four or five pages (1.5, 1.25, 1.1, 1.1, then
// 0.7 s on the 12 MP photo, decision 038), and one warm-up measured that climb, not the server.
// The peer needs `apt-get install -y imagemagick potrace`; it is skipped with a note if missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import type { Difficulty, Ratio } from '@studio/contracts/constants';
import { photoToPage } from '@studio/engine/lineart/photo-to-page';
import { renderPageFiles, writePageFiles } from '@studio/engine/output/page-files';
import { PHOTO_SETS, writePhotoSheets } from './photo-set/sheet';
import type { PhotoSet } from './photo-set/sheet';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '5' },
    'peer-runs': { type: 'string', default: '5' },
    difficulty: { type: 'string', default: 'children' },
    ratio: { type: 'string', default: '4:3' },
    photo: { type: 'string', default: new URL('../../../shared/data/photo-12mp.jpg', import.meta.url).pathname },
    sheet: { type: 'boolean', default: false },
    'subject-only': { type: 'boolean', default: false },
    set: { type: 'string' },
    only: { type: 'string' },
    difficulties: { type: 'string' },
    tag: { type: 'string' },
    photos: { type: 'string' },
    cell: { type: 'string' },
  },
});
if (values.sheet) {
  const sets = values.set === undefined ? (Object.keys(PHOTO_SETS) as PhotoSet[]) : [values.set as PhotoSet];
  if (!sets.every((set) => set in PHOTO_SETS)) throw new Error(`--set must be one of ${Object.keys(PHOTO_SETS).join(', ')}`);
  let failedAll = 0;
  for (const set of sets) {
    const { pages, failed } = await writePhotoSheets(new URL('../out/', import.meta.url).pathname, values['subject-only'], set, {
      only: values.only === undefined ? undefined : new RegExp(values.only),
      difficulties: values.difficulties?.split(',') as Difficulty[] | undefined,
      tag: values.tag,
      dir: values.photos,
      cell: values.cell === undefined ? undefined : Number(values.cell),
    });
    console.log(`${set}: ${pages} pages, ${failed} fail the page checker`);
    failedAll += failed;
  }
  process.exit(failedAll > 0 ? 1 : 0);
}
const outDir = new URL('../out/speed/', import.meta.url).pathname;
await mkdir(outDir, { recursive: true });
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const input = await readFile(values.photo);
for (let run = 0; run < Number(values.warmup); run++) {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const page = await photoToPage(input, { difficulty: values.difficulty as Difficulty, ratio: values.ratio as Ratio, mode: 'photo' });
  await writePageFiles(await renderPageFiles(page, { paper: 'letter' }), `${outDir}engine`);
  const cpu = process.cpuUsage(cpuStart);
  console.log(`warm-up run ${run + 1} (not counted): ${((performance.now() - started) / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU`);
}
const engineTimes: number[] = [];
const engineCpu: number[] = [];
// Per-stage wall and CPU milliseconds of every run, in stage order. CPU is the whole process's:
// a stage also carries what libvips threads do meanwhile (the PNG and thumbnails overlap check and trace).
const stages = new Map<string, { wall: number[]; cpu: number[] }>();
for (let run = 0; run < Number(values.runs); run++) {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let lastWall = started;
  let lastCpu = 0;
  const stageEnd = (stage: string): void => {
    const wall = performance.now();
    const used = process.cpuUsage(cpuStart);
    const cpu = (used.user + used.system) / 1000;
    const row = stages.get(stage) ?? { wall: [], cpu: [] };
    row.wall.push(wall - lastWall);
    row.cpu.push(cpu - lastCpu);
    stages.set(stage, row);
    lastWall = wall;
    lastCpu = cpu;
  };
  const page = await photoToPage(input, { difficulty: values.difficulty as Difficulty, ratio: values.ratio as Ratio, mode: 'photo', onStage: stageEnd });
  stageEnd('png');
  // PNG and SVG come with the page; the PDF is the vector one. Thumbnails are not part of the peer's job.
  const files = await renderPageFiles(page, { paper: 'letter' });
  stageEnd('pdf + thumbnails');
  await writePageFiles(files, `${outDir}engine`);
  stageEnd('write');
  engineTimes.push((performance.now() - started) / 1000);
  const cpu = process.cpuUsage(cpuStart);
  // CPU seconds of this process's JS thread and libvips threads: less sensitive than wall time to other load on the machine.
  engineCpu.push((cpu.user + cpu.system) / 1e6);
  console.log(
    `engine run ${run + 1}: ${engineTimes[run].toFixed(2)} s wall, ${engineCpu[run].toFixed(2)} s CPU ` +
      `(${page.report.regionCount} regions, ${page.report.passes ? 'passes' : page.report.problems.join('; ')})`,
  );
}
const peakMb = process.resourceUsage().maxRSS / 1024;
console.log('\nstages, median of the runs (ms wall / ms CPU):');
console.log(
  [...stages].map(([stage, row]) => `${stage} ${median(row.wall).toFixed(0)}/${median(row.cpu).toFixed(0)}`).join(' · '),
);

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
console.log(
  `\nengine (${values.difficulty}, ${values.ratio}, PNG + SVG + PDF + thumbnails): median ${engineMedian.toFixed(2)} s wall ` +
    `(${median(engineCpu).toFixed(2)} s CPU) of ${engineTimes.length}, peak RSS ${peakMb.toFixed(0)} MB`,
);
console.log(`machine load average while measuring: ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
if (peerTimes.length > 0) {
  const peerMedian = median(peerTimes);
  console.log(`peer (ImageMagick canny + potrace): median ${peerMedian.toFixed(2)} s of ${peerTimes.length}`);
  console.log(`engine is ${(peerMedian / engineMedian).toFixed(1)}x faster than the peer`);
}
