/**
 * npm run bench:prompt-sheet [-- --out name] [-- --set creatures] — a contact sheet of prompts that
 * name a place, name none, or are Chinese and Japanese compounds (issue 34): each page with its
 * prompt, difficulty, the place it was drawn in and what the report says was not drawn or drawn
 * instead. For looking at, before and after a change to the prompt reader or the choice of place.
 * `--set creatures` draws animals and people at toddler and children instead: do they have eyes,
 * how is the page framed, is any area solid black (issue 34, item 8). `--set roles` draws people in
 * role costumes (princess, knight, firefighter…): whole figures with faces, not busts (item 2).
 * `--prompts file.json` draws a list of [prompt, difficulty] pairs (a blind grading set).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Difficulty } from '@studio/contracts/constants';
import { composePage } from '@studio/engine/compose/compose-page';
import { pageTile, writePageSheet } from './page-contact-sheet';
import type { SheetLayout } from './page-contact-sheet';

const PROMPTS: [string, Difficulty][] = [
  ['熊猫在竹林里', 'children'], ['一只火鸡', 'toddler'], ['花卉', 'teen'], ['三角形', 'toddler'], ['お花見', 'children'], ['小猫在玩耍', 'children'],
  ['桜の木の下の猫', 'teen'], ['山洞里的龙', 'teen'], ['洞窟のドラゴン', 'adult'], ['a dragon in a cave', 'children'], ['a fish', 'toddler'], ['a whale', 'children'],
  ['a mermaid', 'teen'], ['a rocket', 'children'], ['an astronaut', 'toddler'], ['a camel', 'children'], ['a penguin', 'teen'], ['a cow', 'toddler'],
  ['a fire truck', 'children'], ['a cake', 'children'], ['a cup of cocoa', 'toddler'], ['a cat in the kitchen', 'children'], ['a bear in the bedroom', 'teen'], ['a girl in the park', 'children'],
  ['a city skyline at night', 'teen'], ['海の中のクジラ', 'adult'], ['宇航员在太空中', 'adult'], ['骆驼在沙漠里', 'teen'], ['三只小猫', 'children'], ['a monkey', 'children'],
  ['犬が二匹公園で遊んでいる', 'children'], ['a triceratops', 'children'],
];

const CREATURES: [string, Difficulty][] = [
  ['a T-rex', 'toddler'], ['a T-rex', 'children'], ['a rabbit', 'toddler'], ['a rabbit', 'children'], ['a cat', 'toddler'], ['a cat', 'children'],
  ['a dragon', 'toddler'], ['a dragon', 'children'], ['an elephant', 'toddler'], ['an elephant', 'children'], ['a dog', 'toddler'], ['a dog', 'children'],
  ['a horse', 'toddler'], ['a horse', 'children'], ['a unicorn', 'toddler'], ['a unicorn', 'children'], ['a lion', 'toddler'], ['a lion', 'children'],
  ['a fox', 'toddler'], ['a fox', 'children'], ['a bird', 'toddler'], ['a bird', 'children'], ['a fish', 'toddler'], ['a dolphin', 'children'],
  ['a shark', 'toddler'], ['a snake', 'children'], ['a sauropod', 'toddler'], ['a dinosaur', 'children'], ['a firefighter', 'toddler'], ['an astronaut', 'children'],
  ['Santa Claus', 'toddler'], ['a princess', 'children'], ['a dog playing with a ball', 'children'], ['a cat and a dog in the park', 'children'], ['a whale', 'toddler'], ['a turtle', 'children'],
  ['a monkey', 'toddler'], ['a pig', 'children'], ['a cow', 'toddler'], ['an owl', 'children'],
];

/** People in role costumes, alone, posed and holding things (issue 34, item 2: figures, not busts). */
const ROLES: [string, Difficulty][] = [
  ['a princess', 'children'], ['a knight', 'children'], ['a firefighter', 'children'], ['an astronaut', 'children'], ['a chef', 'toddler'], ['a pirate', 'children'],
  ['a witch', 'children'], ['a fairy', 'teen'], ['a mermaid', 'children'], ['a farmer', 'children'], ['a doctor', 'toddler'], ['a teacher', 'children'],
  ['a superhero', 'children'], ['a wizard', 'teen'], ['a ballerina dancing', 'children'], ['a police officer', 'children'], ['a princess dancing in a castle', 'children'], ['a firefighter with a fire truck', 'children'],
  ['an astronaut on the moon', 'teen'], ['a fairy in a garden', 'children'], ['a pirate on a beach', 'children'], ['a chef in the kitchen', 'children'], ['a king and a queen', 'children'], ['a cowboy riding a horse', 'children'],
  ['公主', 'children'], ['消防员', 'children'], ['宇航员', 'toddler'], ['魔女', 'children'], ['人魚', 'children'], ['お医者さん', 'children'], ['a knight portrait', 'teen'], ['a superhero girl flying', 'children'],
];

const LAYOUT: SheetLayout = { tileWidth: 300, tileHeight: 420, labelHeight: 76, columns: 8 };


async function main(): Promise<void> {
  const outIndex = process.argv.indexOf('--out');
  const name = outIndex >= 0 ? process.argv[outIndex + 1] : 'prompt-sheet';
  mkdirSync('bench/out', { recursive: true });
  const tiles: Buffer[] = [];
  const rows: unknown[] = [];
  const setName = process.argv.includes('--set') ? process.argv[process.argv.indexOf('--set') + 1] : 'places';
  const fileIndex = process.argv.indexOf('--prompts');
  // A grading set of one's own: a JSON list of [prompt, difficulty] pairs.
  const set: [string, Difficulty][] = fileIndex >= 0 ? (JSON.parse(readFileSync(process.argv[fileIndex + 1], 'utf8')) as [string, Difficulty][]) : setName === 'creatures' ? CREATURES : setName === 'roles' ? ROLES : PROMPTS;
  for (const [prompt, difficulty] of set) {
    const result = await composePage(prompt, { difficulty, ratio: '3:4' });
    const place = result.drawn.find((d) => d.role !== 'subject')?.name ?? '(no backdrop)';
    const notes = result.notes;
    const said = [result.unmatched.length ? `not drawn: ${result.unmatched.join(', ')}` : '', ...notes.map((n) => (n.kind === 'count' ? `${n.asked}: drew ${n.drawn} of ${n.wanted}` : `${n.drawn.en} for ${n.asked}`))].filter(Boolean).join(' ');
    rows.push({ prompt, difficulty, title: result.title, place, drawn: result.subjects, unmatched: result.unmatched, notes });
    console.log(`${difficulty.padEnd(8)} ${prompt} → ${result.title} [${place}] ${said}`);
    const lines = [`${prompt} (${difficulty})`, `${result.title} · ${place}`, said].map((l) => l.slice(0, 44));
    tiles.push(await pageTile(result.page.png, lines, LAYOUT, { first: 16, rest: 13 }, (i) => (i === 2 ? '#b00' : '#222')));
  }
  await writePageSheet(name, tiles, LAYOUT, rows);
}

await main();
