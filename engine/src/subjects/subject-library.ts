import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SubjectKind } from './curation';
import type { OutlineElement } from './openmoji-outline';

/** OpenMoji draws in a 72-unit box. */
export const SUBJECT_BOX = 72;
/** Side of the stored silhouette mask, in cells. */
export const MASK_SIZE = 64;

export interface Subject {
  /** OpenMoji hexcode, stable across releases. */
  id: string;
  name: string;
  keywords: string[];
  kind: SubjectKind;
  elements: OutlineElement[];
  /** Silhouette bounds in the 72-unit box: [left, top, right, bottom]; bottom is where it stands. */
  bounds: [number, number, number, number];
  /** Silhouette, MASK_SIZE² cells row-major, base64 of one byte per 8 cells. */
  mask: string;
  /** Share of the silhouette that is solid ink in the outline version (eyes, dark details). */
  inkShare: number;
}

export interface SubjectLibrary {
  source: string;
  attribution: SubjectAttribution;
  subjects: Subject[];
}

export interface SubjectAttribution {
  title: string;
  author: string;
  license: string;
  licenseUrl: string;
  sourceUrl: string;
  modified: string;
}

export const OPENMOJI_ATTRIBUTION: SubjectAttribution = {
  title: 'OpenMoji',
  author: 'OpenMoji – the open-source emoji and icon project',
  license: 'CC BY-SA 4.0',
  licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
  sourceUrl: 'https://openmoji.org/',
  modified: 'Modified: colour areas turned into closed black outlines, shading removed, arranged into a page.',
};

export const LIBRARY_PATH = fileURLToPath(new URL('../../generated/subject-library.json', import.meta.url));

let cached: SubjectLibrary | null = null;

/** Loads the library, building it first when this checkout has not built it yet. */
export async function loadSubjectLibrary(): Promise<SubjectLibrary> {
  if (cached) return cached;
  if (!existsSync(LIBRARY_PATH)) {
    const { buildSubjectLibrary } = await import('./build-subject-library');
    await buildSubjectLibrary(LIBRARY_PATH);
  }
  cached = JSON.parse(readFileSync(LIBRARY_PATH, 'utf8')) as SubjectLibrary;
  return cached;
}

export function decodeMask(subject: Subject): Uint8Array {
  const bytes = Buffer.from(subject.mask, 'base64');
  const cells = new Uint8Array(MASK_SIZE * MASK_SIZE);
  for (let i = 0; i < cells.length; i++) cells[i] = (bytes[i >> 3] >> (i & 7)) & 1;
  return cells;
}
