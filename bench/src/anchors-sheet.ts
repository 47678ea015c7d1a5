/**
 * npx tsx bench/src/anchors-sheet.ts — a contact sheet of every library subject that has anchor
 * points, with the mouth drawn as a red dot and the hands as blue dots, to judge the rules in
 * engine/src/subjects/anchors.ts by eye. Writes bench/out/anchors-sheet.png.
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { outlineElementsToSvg } from '@studio/engine/subjects/openmoji-outline';
import { loadSubjectLibrary, SUBJECT_BOX } from '@studio/engine/subjects/subject-library';

const TILE = 150;
const COLUMNS = 12;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function main(): Promise<void> {
  mkdirSync('bench/out', { recursive: true });
  const library = await loadSubjectLibrary();
  const filter = process.argv[2] ? new RegExp(process.argv[2]) : null;
  const subjects = library.subjects.filter((s) => s.anchors && (!filter || filter.test(s.name)));
  const tiles = await Promise.all(
    subjects.map(async (subject) => {
      const a = subject.anchors!;
      const dots = [
        ...(a.mouth ? [`<circle cx="${a.mouth[0]}" cy="${a.mouth[1]}" r="2.2" fill="#e00" stroke="#fff" stroke-width="0.6"/>`] : []),
        ...a.hands.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.2" fill="#06f" stroke="#fff" stroke-width="0.6"/>`),
      ];
      const arrow = a.facing ? `<text x="${a.facing < 0 ? 2 : 62}" y="70" font-size="6" fill="#080">${a.facing < 0 ? '◀' : '▶'}</text>` : '';
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}" viewBox="0 -8 ${SUBJECT_BOX} ${SUBJECT_BOX + 8}"><rect x="0" y="-8" width="72" height="80" fill="#fff"/><text x="1" y="-2" font-size="5.5" font-family="sans-serif" fill="#333">${escapeXml(`${subject.name} · ${a.pose}`)}</text><g stroke="#000" stroke-width="1" stroke-linejoin="round" fill="#fff">${outlineElementsToSvg(subject.elements, false)}</g>${dots.join('')}${arrow}</svg>`;
      return sharp(Buffer.from(svg)).png().toBuffer();
    }),
  );
  const rows = Math.ceil(tiles.length / COLUMNS);
  await sharp({ create: { width: COLUMNS * TILE, height: rows * TILE, channels: 3, background: '#ccc' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % COLUMNS) * TILE, top: Math.floor(i / COLUMNS) * TILE })))
    .png()
    .toFile('bench/out/anchors-sheet.png');
  const poses: Record<string, number> = {};
  for (const s of subjects) poses[s.anchors!.pose] = (poses[s.anchors!.pose] ?? 0) + 1;
  console.log(`anchors: ${subjects.length} of ${library.subjects.length} subjects (${JSON.stringify(poses)}) → bench/out/anchors-sheet.png`);
}

void main();
