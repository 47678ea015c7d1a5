/**
 * npx tsx bench/src/eyes-sheet.ts [NAME-REGEXP] [--out name] — a contact sheet of the library's
 * creatures (animals, birds, sea life, dinosaurs, fantasy creatures, people) whose artist drew no
 * eye dots, with the eyes the build adds (engine/src/subjects/eyes.ts) ringed in red, to judge by
 * eye that every added eye lands on the head. Writes bench/out/<name>.png (default eyes-sheet).
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { outlineElementsToSvg } from '@studio/engine/subjects/openmoji-outline';
import { CREATURE_EYE_KINDS } from '@studio/engine/subjects/eyes';
import { loadSubjectLibrary, SUBJECT_BOX } from '@studio/engine/subjects/subject-library';

const TILE = 180;
const COLUMNS = 12;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function main(): Promise<void> {
  mkdirSync('bench/out', { recursive: true });
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const name = outAt >= 0 ? args[outAt + 1] : 'eyes-sheet';
  const pattern = args.find((a, i) => !a.startsWith('--') && (outAt < 0 || i !== outAt + 1));
  const filter = pattern ? new RegExp(pattern) : null;
  const library = await loadSubjectLibrary();
  // Before the build adds eyes a subject has no `eyes` record: every creature is shown then.
  const subjects = library.subjects.filter(
    (s) => CREATURE_EYE_KINDS.has(s.kind) && (!s.eyes || s.eyes.source !== 'drawn') && (!filter || filter.test(s.name)),
  );
  const tiles = await Promise.all(
    subjects.map(async (subject) => {
      const rings = (subject.eyes?.source === 'added' ? subject.eyes.at : []).map(
        ([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r + 1.6}" fill="none" stroke="#e00" stroke-width="0.7"/>`,
      );
      const label = `${subject.name} · ${subject.eyes?.source ?? '?'}${subject.anchors ? ` · ${subject.anchors.pose}` : ''}`;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}" viewBox="0 -8 ${SUBJECT_BOX} ${SUBJECT_BOX + 8}"><rect x="0" y="-8" width="72" height="80" fill="#fff"/><text x="1" y="-2" font-size="5" font-family="sans-serif" fill="#333">${escapeXml(label)}</text><g stroke="#000" stroke-width="1" stroke-linejoin="round" fill="#fff">${outlineElementsToSvg(subject.elements, false)}</g>${rings.join('')}</svg>`;
      return sharp(Buffer.from(svg)).png().toBuffer();
    }),
  );
  const rows = Math.max(1, Math.ceil(tiles.length / COLUMNS));
  const file = `bench/out/${name}.png`;
  await sharp({ create: { width: COLUMNS * TILE, height: rows * TILE, channels: 3, background: '#ccc' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % COLUMNS) * TILE, top: Math.floor(i / COLUMNS) * TILE })))
    .png()
    .toFile(file);
  const counts: Record<string, number> = {};
  for (const s of subjects) counts[s.eyes?.source ?? '?'] = (counts[s.eyes?.source ?? '?'] ?? 0) + 1;
  console.log(`eyes: ${subjects.length} creatures without drawn eyes (${JSON.stringify(counts)}) → ${file}`);
}

void main();
