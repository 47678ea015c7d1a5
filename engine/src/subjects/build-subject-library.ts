/**
 * Builds engine/generated/subject-library.json from the `openmoji` package: outlines, silhouette
 * masks, ground line and a quality gate. Run on demand by loadSubjectLibrary(), or directly:
 * `tsx engine/src/subjects/build-subject-library.ts`.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { boundsOf, computeAnchors, findEyes, hasAnchorsFor, profileFacing, SET_ANCHORS } from './anchors';
import type { SubjectAnchors } from './anchors';
import { EYE_AT, eyeElements, eyeFacing, HEAD_LOW, placeEyes, wantsEyes } from './eyes';
import { BLOB_MIN_THICKNESS, inkDepth, isInkBlob, whitened } from './ink-blobs';
import { kindOf } from './curation';
import { DRAWN_FIGURES } from './drawn-figures';
import { ROLE_FIGURES } from './role-figures';
import { fluentSubjects } from './fluent-subjects';
import { DRAWN_PROPS } from './drawn-props';
import { DRAWN_ANIMALS } from './drawn-animals';
import type { DrawnProp } from './drawn-props';
import type { SubjectKind } from './curation';
import { outlineElementsToSvg, outlineOpenMojiSvg } from './openmoji-outline';
import type { OutlineElement } from './openmoji-outline';
import { LIBRARY_FORMAT, LIBRARY_PATH, MASK_SIZE, OPENMOJI_ATTRIBUTION, SUBJECT_BOX } from './subject-library';
import type { Subject, SubjectEyes, SubjectLibrary } from './subject-library';

interface OpenMojiEntry {
  hexcode: string;
  annotation: string;
  tags: string;
  openmoji_tags: string;
  group: string;
  subgroups: string;
  skintone: string;
}

const MEASURE = 128;

function svgFor(elements: OutlineElement[], paint: 'outline' | 'silhouette' | 'ink', size: number): string {
  let body: string;
  if (paint === 'outline') body = outlineElementsToSvg(elements, false);
  else if (paint === 'ink') body = outlineElementsToSvg(elements.filter((e) => e.role === 'ink'), false);
  else body = outlineElementsToSvg(elements, false).replaceAll('fill="#fff"', 'fill="#000"');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${SUBJECT_BOX} ${SUBJECT_BOX}"><rect width="72" height="72" fill="#fff"/><g stroke-width="1" stroke-linecap="round" stroke-linejoin="round">${body}</g></svg>`;
}

async function rasterize(svg: string, size: number): Promise<Uint8Array> {
  const { data } = await sharp(Buffer.from(svg)).resize(size, size).greyscale().raw().toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(size * size);
  for (let i = 0; i < out.length; i++) out[i] = data[i] < 128 ? 1 : 0;
  return out;
}

/** White pixels reachable from the border of an outline raster. */
function outsideReach(ink: Uint8Array, size: number): Uint8Array {
  const seen = new Uint8Array(size * size);
  const stack: number[] = [];
  for (let i = 0; i < size; i++) stack.push(i, (size - 1) * size + i, i * size, i * size + size - 1);
  while (stack.length) {
    const p = stack.pop()!;
    if (seen[p] || ink[p]) continue;
    seen[p] = 1;
    const x = p % size;
    if (x > 0) stack.push(p - 1);
    if (x < size - 1) stack.push(p + 1);
    if (p >= size) stack.push(p - size);
    if (p < size * (size - 1)) stack.push(p + size);
  }
  return seen;
}

interface Measured {
  mask: string;
  bounds: [number, number, number, number];
  inkShare: number;
  leakShare: number;
  coverage: number;
  anchors: SubjectAnchors | null;
  /** The elements, with eyes added when the creature had none. */
  elements: OutlineElement[];
  eyes: SubjectEyes | null;
}

async function measure(drawn: OutlineElement[], kind: SubjectKind, name: string): Promise<Measured> {
  let elements = drawn;
  const silhouette = await rasterize(svgFor(elements, 'silhouette', MEASURE), MEASURE);
  const outline = await rasterize(svgFor(elements, 'outline', MEASURE), MEASURE);
  const reach = outsideReach(outline, MEASURE);
  // The silhouette is the outline plus every enclosed white area: what the page must cover.
  let area = 0;
  let ink = 0;
  let left = MEASURE;
  let top = MEASURE;
  let right = -1;
  let bottom = -1;
  const solid = new Uint8Array(MEASURE * MEASURE);
  for (let i = 0; i < solid.length; i++) {
    if (!silhouette[i] && !outline[i] && reach[i]) continue;
    solid[i] = 1;
    area++;
    if (outline[i]) ink++;
    const x = i % MEASURE;
    const y = (i / MEASURE) | 0;
    if (x < left) left = x;
    if (x > right) right = x;
    if (y < top) top = y;
    if (y > bottom) bottom = y;
  }
  // Leak: fill-coloured area that the outline version leaves open to the outside.
  let fillArea = 0;
  let leaked = 0;
  for (let i = 0; i < solid.length; i++) {
    if (silhouette[i] && !outline[i]) {
      fillArea++;
      if (reach[i]) leaked++;
    }
  }
  const bits = new Uint8Array((MASK_SIZE * MASK_SIZE) / 8);
  const step = MEASURE / MASK_SIZE;
  for (let y = 0; y < MASK_SIZE; y++) {
    for (let x = 0; x < MASK_SIZE; x++) {
      let any = 0;
      for (let dy = 0; dy < step; dy++) for (let dx = 0; dx < step; dx++) any |= solid[(y * step + dy) * MEASURE + x * step + dx];
      const i = y * MASK_SIZE + x;
      if (any) bits[i >> 3] |= 1 << (i & 7);
    }
  }
  const unit = SUBJECT_BOX / MEASURE;
  let eyes: SubjectEyes | null = null;
  const box = boundsOf(solid, MEASURE);
  if (box && wantsEyes(kind, name)) {
    const drawnEyes = findEyes(await rasterize(svgFor(elements, 'ink', MEASURE), MEASURE), MEASURE, box);
    if (drawnEyes.length) eyes = { source: 'drawn', at: drawnEyes.map(([x, y]) => [x * unit, y * unit, 0].map(round2) as [number, number, number]) };
    else {
      // A creature drawn without eyes: a profile gets one on the side it faces, a front view two.
      const facing = eyeFacing(kind, name, () => profileFacing(solid, MEASURE, box, name));
      const set = EYE_AT[name];
      const added = set ? [{ cx: set[0] / unit, cy: set[1] / unit, r: set[2] / unit }] : placeEyes(solid, outline, MEASURE, box, facing, MEASURE / SUBJECT_BOX, HEAD_LOW.test(name));
      if (added) {
        elements = [...elements, ...eyeElements(added, facing, unit)];
        eyes = { source: 'added', at: added.map((e) => [e.cx * unit, e.cy * unit, e.r * unit].map(round2) as [number, number, number]) };
      }
    }
  }
  return {
    elements,
    eyes,
    mask: Buffer.from(bits).toString('base64'),
    bounds: [left * unit, top * unit, (right + 1) * unit, (bottom + 1) * unit],
    inkShare: area ? ink / area : 1,
    leakShare: fillArea ? leaked / fillArea : 1,
    coverage: area / (MEASURE * MEASURE),
    anchors: SET_ANCHORS[name] ?? (hasAnchorsFor(kind, name) ? await anchorsOf(elements, solid, kind, name) : null),
  };
}

/**
 * The subject with its ink blobs (ink-blobs.ts) turned into white areas. The whole ink layer is
 * measured first; only a subject whose ink is thick somewhere has its ink shapes measured one by one.
 */
async function withoutInkBlobs(elements: OutlineElement[]): Promise<OutlineElement[]> {
  const cell = MEASURE / SUBJECT_BOX;
  if (!elements.some((e) => e.role === 'ink')) return elements;
  const all = await rasterize(svgFor(elements, 'ink', MEASURE), MEASURE);
  if ((2 * inkDepth(all, MEASURE)) / cell < BLOB_MIN_THICKNESS) return elements;
  return Promise.all(
    elements.map(async (e) => (e.role === 'ink' && isInkBlob(await rasterize(svgFor([e], 'ink', MEASURE), MEASURE), MEASURE, cell) ? whitened(e) : e)),
  );
}

/** Mouth and hands from the silhouette and the eyes (the subject's ink shapes alone). */
async function anchorsOf(elements: OutlineElement[], solid: Uint8Array, kind: SubjectKind, name: string): Promise<SubjectAnchors | null> {
  const box = boundsOf(solid, MEASURE);
  if (!box) return null;
  const ink = await rasterize(svgFor(elements, 'ink', MEASURE), MEASURE);
  return computeAnchors(solid, findEyes(ink, MEASURE, box), MEASURE, kind, name, SUBJECT_BOX / MEASURE);
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

function splitTags(...lists: string[]): string[] {
  const words = new Set<string>();
  for (const list of lists) for (const tag of list.split(',')) if (tag.trim()) words.add(tag.trim().toLowerCase());
  return [...words];
}

export async function buildSubjectLibrary(outPath: string = LIBRARY_PATH): Promise<{ kept: number; rejected: Record<string, number> }> {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('openmoji/package.json'));
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const entries = JSON.parse(readFileSync(join(root, 'data', 'openmoji.json'), 'utf8')) as OpenMojiEntry[];
  const rejected: Record<string, number> = { blob: 0, leak: 0, tiny: 0, lines: 0 };
  // Our own drawn props and figures go through the same outline, measures and rejection rules;
  // a figure of ours replaces the OpenMoji pictogram of the same name.
  // Fluent Emoji's drawings where they colour better (fluent-subjects.ts) replace OpenMoji's too.
  const ownArt: (DrawnProp & { anchors?: SubjectAnchors })[] = [...DRAWN_PROPS, ...DRAWN_FIGURES, ...ROLE_FIGURES, ...DRAWN_ANIMALS, ...fluentSubjects()];
  const subjects: Subject[] = [];
  const own = new Map(ownArt.map((p) => [p.id, p]));
  const ownEntries: OpenMojiEntry[] = ownArt.map((p) => ({ hexcode: p.id, annotation: p.name, tags: p.keywords.join(', '), openmoji_tags: '', group: '', subgroups: '', skintone: '' }));
  // Ours first: only one that passes the rules replaces the OpenMoji subject of its name.
  const queue: OpenMojiEntry[] = [...ownEntries];
  await Promise.all([worker(), worker(), worker(), worker()]);
  const ownNames = new Set(subjects.map((s) => s.name));
  queue.push(...entries.filter((e) => !e.skintone && kindOf(e.group, e.subgroups, e.annotation) !== null && !ownNames.has(e.annotation.toLowerCase())));
  async function worker(): Promise<void> {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const prop = own.get(entry.hexcode);
      const svg = prop ? prop.svg : readFileSync(join(root, 'color', 'svg', `${entry.hexcode}.svg`), 'utf8');
      const elements = await withoutInkBlobs(outlineOpenMojiSvg(svg));
      if (!elements.some((e) => e.role === 'fill')) {
        rejected.lines++;
        continue;
      }
      const kind = prop ? prop.kind : kindOf(entry.group, entry.subgroups, entry.annotation)!;
      const m = await measure(elements, kind, entry.annotation.toLowerCase());
      if (m.inkShare > 0.6) rejected.blob++;
      else if (m.leakShare > 0.02) rejected.leak++;
      else if (m.coverage < 0.12) rejected.tiny++;
      else {
        subjects.push({
          id: entry.hexcode,
          name: entry.annotation.toLowerCase(),
          keywords: splitTags(entry.tags, entry.openmoji_tags),
          kind,
          elements: m.elements,
          bounds: m.bounds,
          mask: m.mask,
          inkShare: Math.round(m.inkShare * 1000) / 1000,
          anchors: prop?.anchors ?? m.anchors,
          eyes: m.eyes,
        });
      }
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()]);
  subjects.sort((a, b) => a.id.localeCompare(b.id));
  const fluent = (JSON.parse(readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/package.json'), 'utf8')) as { version: string }).version;
  const library: SubjectLibrary = { format: LIBRARY_FORMAT, source: `openmoji@${version}, fluent-emoji-flat@${fluent}`, attribution: OPENMOJI_ATTRIBUTION, subjects };
  mkdirSync(dirname(outPath), { recursive: true });
  // Test workers may build at the same time: write aside, then rename, so no reader sees half a file.
  const temporary = `${outPath}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(library));
  renameSync(temporary, outPath);
  return { kept: subjects.length, rejected };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const started = Date.now();
  buildSubjectLibrary().then((result) => {
    console.log(`subject library: ${result.kept} subjects, rejected ${JSON.stringify(result.rejected)}, ${Date.now() - started} ms`);
  });
}
