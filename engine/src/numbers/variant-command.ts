import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { DIFFICULTIES, type Difficulty } from '@studio/contracts/constants';
import type { Paper } from '@studio/contracts/page';
import type { EngineCommand } from '../cli-command';
import type { ArtworkCredit } from '../output/credit';
import { colourByNumber } from './colour-by-number';

export const summary = 'make a variant of an existing page file (colour by number: numbered page, key and solution)';
export const usage = `variant <page.png> --variant numbers [--difficulty toddler|children|teen|adult] [--color preview.png]
        [--photo photo.jpg --fit cover|contain] [--svg page.svg] [--paper letter|a4] [--out name]
    Colour by number from a page's master PNG. Beside page.png it picks up page.svg (vector PDF),
    page.color.png (colours) and page.json (difficulty and artwork credit, as compose writes them)
    unless given otherwise; without a preview or photo it chooses the colours itself. Writes
    name-numbers.png, name-numbers.pdf, name-solution.png, name-solution.pdf (name: the page's,
    by default) and prints the key.`;

interface VariantOptions {
  page: string;
  difficulty?: Difficulty;
  color?: string;
  photo?: string;
  fit: 'cover' | 'contain';
  svg?: string;
  paper: Paper;
  out: string;
}

export function parseVariantArgs(argv: string[]): VariantOptions {
  const words: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const [key, inline] = arg.slice(2).split('=', 2);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${key} needs a value`);
    flags[key] = value;
  }
  const unknown = Object.keys(flags).filter((k) => !['variant', 'difficulty', 'color', 'photo', 'fit', 'svg', 'paper', 'out'].includes(k));
  if (unknown.length) throw new Error(`unknown option --${unknown[0]}`);
  if (flags.variant !== 'numbers') throw new Error('--variant must be numbers');
  if (words.length !== 1) throw new Error('one page PNG is required');
  const difficulty = flags.difficulty as Difficulty | undefined;
  if (difficulty !== undefined && !DIFFICULTIES.includes(difficulty)) throw new Error(`--difficulty must be one of ${DIFFICULTIES.join(', ')}`);
  const fit = (flags.fit ?? 'cover') as 'cover' | 'contain';
  if (fit !== 'cover' && fit !== 'contain') throw new Error('--fit must be cover or contain');
  const paper = (flags.paper ?? 'letter') as Paper;
  if (paper !== 'letter' && paper !== 'a4') throw new Error('--paper must be letter or a4');
  if (flags.color && flags.photo) throw new Error('give --color or --photo, not both');
  const page = words[0];
  return { page, difficulty, color: flags.color, photo: flags.photo, fit, svg: flags.svg, paper, out: flags.out ?? page.replace(/\.png$/i, '') };
}

/** A file beside the page (page.svg for page.png), when it exists. */
const sibling = (page: string, suffix: string): string | undefined => {
  const path = page.replace(/\.png$/i, suffix);
  return path !== page && existsSync(path) ? path : undefined;
};

export async function run(argv: string[]): Promise<number> {
  let options: VariantOptions;
  try {
    options = parseVariantArgs(argv);
  } catch (error) {
    console.error(`variant: ${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const started = Date.now();
  const metaPath = sibling(options.page, '.json');
  const meta = metaPath ? (JSON.parse(await readFile(metaPath, 'utf8')) as { difficulty?: Difficulty; attribution?: ArtworkCredit | null }) : {};
  const svgPath = options.svg ?? sibling(options.page, '.svg');
  const colourPath = options.photo ?? options.color ?? sibling(options.page, '.color.png');
  const files = await colourByNumber({
    png: await readFile(options.page),
    svg: svgPath ? await readFile(svgPath, 'utf8') : null,
    colour: colourPath ? { image: await readFile(colourPath), fit: options.photo ? options.fit : 'cover' } : null,
    difficulty: options.difficulty ?? meta.difficulty ?? 'children',
    credit: meta.attribution ?? null,
  });
  await Promise.all([
    writeFile(`${options.out}-numbers.png`, files.numbersPng),
    writeFile(`${options.out}-numbers.pdf`, files.numbersPdf[options.paper]),
    writeFile(`${options.out}-solution.png`, files.solutionPng),
    writeFile(`${options.out}-solution.pdf`, files.solutionPdf[options.paper]),
  ]);
  const { stats } = files;
  console.log(`${options.out}-numbers.pdf: ${stats.numbered} numbers, ${stats.leaders} on leader lines, ${stats.merged} small regions merged; digits ${stats.digitMm.min}-${stats.digitMm.max} mm; ${Date.now() - started} ms`);
  console.log(`key: ${files.key.map((k) => `${k.number} ${k.name}`).join(', ')}`);
  return 0;
}

export default { summary, usage, run } satisfies EngineCommand;
