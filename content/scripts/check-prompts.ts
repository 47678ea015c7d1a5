/**
 * Manual check (not part of the test suite): reads every library prompt with the offline
 * composer's prompt reader and reports prompts whose words it does not understand.
 *
 *   cd /work/wt-compose && npx tsx /work/wt-content/content/scripts/check-prompts.ts [extra prompts…]
 *
 * COMPOSE_DIR points at a checkout of the `compose` branch (default ../../../wt-compose from this
 * file). Only reads: it loads engine/generated/subject-library.json and never builds it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface LibraryPage {
  id: string;
  prompt: string;
  difficulty: string;
}
interface LibraryCategory {
  slug: string;
  pages: LibraryPage[];
}

const here = fileURLToPath(new URL('.', import.meta.url));
const composeDir = resolve(process.env.COMPOSE_DIR ?? resolve(here, '../../../wt-compose'));
const engine = (path: string): string => pathToFileURL(resolve(composeDir, 'engine', path)).href;

// The composer's own modules, loaded at run time so this repository does not depend on them.
interface SubjectEntry {
  id: string;
  name: string;
  keywords: string[];
  kind: string;
}
interface Understanding {
  subjects: { word: string; name: string }[];
  scene: string | null;
  theme: string | null;
  unmatched: string[];
}
interface PromptReader {
  buildSubjectIndex(subjects: SubjectEntry[]): unknown;
  understandPrompt(prompt: string, index: unknown): Understanding;
}
interface ContentFilter {
  checkPrompt(prompt: string): unknown;
}

const { buildSubjectIndex, understandPrompt } = (await import(engine('src/prompt/understand-prompt.ts'))) as PromptReader;
const { checkPrompt } = (await import(engine('src/filter/content-filter.ts'))) as ContentFilter;
const library = JSON.parse(readFileSync(resolve(composeDir, 'engine/generated/subject-library.json'), 'utf8')) as {
  subjects: SubjectEntry[];
};
const index = buildSubjectIndex(library.subjects);

const extra = process.argv.slice(2);
const pages: LibraryPage[] = extra.length
  ? extra.map((prompt, i) => ({ id: `arg-${i + 1}`, prompt, difficulty: 'children' }))
  : (JSON.parse(readFileSync(resolve(here, '../library/categories.json'), 'utf8')) as LibraryCategory[]).flatMap((c) => c.pages);

let problems = 0;
for (const page of pages) {
  let blocked = '';
  try {
    checkPrompt(page.prompt);
  } catch (error) {
    blocked = ` BLOCKED(${(error as Error).message})`;
  }
  const u = understandPrompt(page.prompt, index);
  const subjects = u.subjects.map((s) => `${s.word}→${s.name}`).join(', ');
  const bad = u.unmatched.length > 0 || blocked !== '' || (u.subjects.length === 0 && u.theme === null);
  if (bad) problems++;
  if (bad || process.env.VERBOSE) {
    console.log(`${bad ? 'FIX ' : 'ok  '}${page.id.padEnd(16)} ${page.prompt} | ${subjects || '-'} | scene=${u.scene ?? '-'} theme=${u.theme ?? '-'}${u.unmatched.length ? ` unmatched=${u.unmatched.join(',')}` : ''}${blocked}`);
  }
}
console.log(`${pages.length} prompts, ${problems} to fix`);
process.exitCode = problems ? 1 : 0;
