import { composePage } from './compose/compose-page';
import type { Difficulty } from '@studio/contracts/constants';
const [prompt, difficulty] = process.argv.slice(2);
const r = await composePage(prompt, { difficulty: difficulty as Difficulty, ratio: '3:4' });
console.log(r.title, r.style, 'attempts', r.attempts, JSON.stringify(r.understanding.arrangement), JSON.stringify(r.understanding.relation));
for (const d of r.drawn) console.log(d.name, d.role, Object.values(d.box).map(Math.round).join(','));
process.exit(0);
