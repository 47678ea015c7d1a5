import { writeFile } from 'node:fs/promises';
import { DIFFICULTIES, RATIOS } from '@studio/contracts/constants';
import type { Difficulty, Ratio } from '@studio/contracts/constants';
import type { Paper } from '@studio/contracts/page';
import { isAppError } from '@studio/contracts/errors';
import { composePage } from './compose-page';
import { renderPageFiles, writePageFiles } from '../output/page-files';

export const usage = `compose "<prompt>" [--difficulty toddler|children|teen|adult] [--ratio 3:4] [--seed N] [--paper letter|a4] [--out name]
    Draws a colouring page from a prompt offline. Writes name.png, name.svg, name.pdf,
    name.600.webp, name.320.webp, name.color.png, name.color.600.webp and name.json
    (what was understood, subjects used, attribution, checker report).`;

interface CliOptions {
  prompt: string;
  difficulty: Difficulty;
  ratio: Ratio;
  seed?: number;
  paper?: Paper;
  out: string;
}

export function parseComposeArgs(argv: string[]): CliOptions {
  const words: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2);
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`--${key} needs a value`);
      flags[key] = value;
    } else words.push(arg);
  }
  const prompt = words.join(' ');
  if (!prompt) throw new Error('a prompt is required');
  const difficulty = (flags.difficulty ?? 'children') as Difficulty;
  if (!DIFFICULTIES.includes(difficulty)) throw new Error(`--difficulty must be one of ${DIFFICULTIES.join(', ')}`);
  const ratio = (flags.ratio ?? '3:4') as Ratio;
  if (!RATIOS.includes(ratio)) throw new Error(`--ratio must be one of ${RATIOS.join(', ')}`);
  const seed = flags.seed === undefined ? undefined : Number(flags.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const paper = flags.paper as Paper | undefined;
  if (paper !== undefined && paper !== 'letter' && paper !== 'a4') throw new Error('--paper must be letter or a4');
  const unknown = Object.keys(flags).filter((k) => !['difficulty', 'ratio', 'seed', 'paper', 'out'].includes(k));
  if (unknown.length) throw new Error(`unknown option --${unknown[0]}`);
  return { prompt, difficulty, ratio, seed, paper, out: flags.out ?? 'page' };
}

export async function run(argv: string[]): Promise<void> {
  let options: CliOptions;
  try {
    options = parseComposeArgs(argv);
  } catch (error) {
    console.error(`compose: ${(error as Error).message}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  const started = Date.now();
  try {
    const result = await composePage(options.prompt, { difficulty: options.difficulty, ratio: options.ratio, seed: options.seed });
    const paper: Paper = options.paper ?? (result.understanding.language === 'en' ? 'letter' : 'a4');
    const base = options.out;
    const summary = {
      prompt: options.prompt,
      difficulty: options.difficulty,
      ratio: options.ratio,
      seed: result.seed,
      paper,
      title: result.title,
      style: result.style,
      understood: {
        language: result.understanding.language,
        words: result.understanding.words,
        scene: result.understanding.scene,
        theme: result.understanding.theme,
      },
      subjects: result.subjects,
      unmatched: result.unmatched,
      notes: result.notes,
      attribution: result.attribution,
      report: result.page.report,
    };
    // The same files as the line-art CLI, plus what the composer understood.
    await writePageFiles(await renderPageFiles(result.page, { paper }), base);
    await writeFile(`${base}.json`, `${JSON.stringify(summary, null, 2)}\n`);
    const drawn = result.subjects.length ? result.subjects.join(', ') : `a ${result.style} page`;
    console.log(`${base}.png: ${drawn}; ${result.page.report.regionCount} regions; ${Date.now() - started} ms`);
    if (result.unmatched.length) console.log(`not drawn: ${result.unmatched.join(', ')}`);
    for (const note of result.notes) console.log(note.kind === 'count' ? `fewer than asked: ${note.asked}, drew ${note.drawn} of ${note.wanted}` : `drawn instead: ${note.drawn.en} for ${note.asked}`);
    if (result.attribution) console.log(`${result.attribution.text}, ${result.attribution.license} ${result.attribution.licenseUrl}`);
  } catch (error) {
    if (isAppError(error)) {
      console.error(`compose: ${error.code} ${error.message}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}
