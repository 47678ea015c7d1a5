import { readFileSync, writeFileSync } from 'node:fs';
import { composePage } from './compose/compose-page';
import type { Difficulty } from '@studio/contracts/constants';

const [file, tag] = process.argv.slice(2);
const list = JSON.parse(readFileSync(file, 'utf8')) as [string, Difficulty][];
for (const [i, [prompt, difficulty]] of list.entries()) {
  const r = await composePage(prompt, { difficulty, ratio: '3:4' });
  writeFileSync(`/tmp/ps/${i}-${tag}.png`, r.page.png);
  writeFileSync(`/tmp/ps/${i}-${tag}.json`, JSON.stringify({ prompt, difficulty, title: r.title, unmatched: r.unmatched, notes: r.notes }));
}
process.exit(0);
