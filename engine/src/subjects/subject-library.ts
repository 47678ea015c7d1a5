import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Attribution } from '@studio/contracts/images';
import type { SubjectAnchors } from './anchors';
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
  /** Mouth and hand points for held objects (see anchors.ts); null when none is reliable. */
  anchors: SubjectAnchors | null;
  /** A creature's eyes (eyes.ts): null for things and for the creatures listed as eyeless. */
  eyes: SubjectEyes | null;
  /**
   * Set on a teen or adult page's drawing that has its own detail inside (a drawn animal's fur,
   * drawn-animals.ts): no zentangle bands are stamped on it.
   */
  ownDetail?: boolean;
}

/** Eye centres and radii in the 72-unit box: the artist's dots, or eyes the build added. */
export interface SubjectEyes {
  source: 'drawn' | 'added';
  at: [number, number, number][];
}

/** Bump when the build's rules or format change: a cached library of another version is rebuilt. */
export const LIBRARY_FORMAT = 24;

export interface SubjectLibrary {
  format: number;
  source: string;
  attribution: SubjectAttribution;
  subjects: Subject[];
}

/** The contracts' attribution shape, so the server stores and shows it as is. */
export type SubjectAttribution = Attribution;

/** Colour areas turned into closed outlines, shading removed, arranged into a page: "modified". */
export const OPENMOJI_ATTRIBUTION: SubjectAttribution = {
  text: 'Artwork from OpenMoji – the open-source emoji and icon project (modified)',
  url: 'https://openmoji.org/',
  license: 'CC BY-SA 4.0',
  licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
  modified: true,
};

/**
 * engine/generated/subject-library.json, from the source tree (engine/src/subjects/) or from the
 * server's bundle (server/dist/), whichever this module runs as.
 */
export const LIBRARY_PATH = fileURLToPath(
  existsSync(fileURLToPath(new URL('../../engine/package.json', import.meta.url)))
    ? new URL('../../engine/generated/subject-library.json', import.meta.url)
    : new URL('../../generated/subject-library.json', import.meta.url),
);

let cached: SubjectLibrary | null = null;

/** Loads the library, building it first when this checkout has not built it yet. */
export async function loadSubjectLibrary(): Promise<SubjectLibrary> {
  if (cached) return cached;
  const read = (): SubjectLibrary | null => (existsSync(LIBRARY_PATH) ? (JSON.parse(readFileSync(LIBRARY_PATH, 'utf8')) as SubjectLibrary) : null);
  let library = read();
  if (library?.format !== LIBRARY_FORMAT) {
    await buildOnce();
    library = read()!;
  }
  cached = library;
  return cached;
}

/**
 * Parallel test workers and CLI runs would each build the library: the first takes a lock file,
 * the others wait for its result (a lock older than two minutes is taken as abandoned).
 */
async function buildOnce(): Promise<void> {
  const lock = `${LIBRARY_PATH}.lock`;
  mkdirSync(dirname(LIBRARY_PATH), { recursive: true });
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : Infinity;
      if (age > 120_000) rmSync(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ready = existsSync(LIBRARY_PATH) && (JSON.parse(readFileSync(LIBRARY_PATH, 'utf8')) as SubjectLibrary).format === LIBRARY_FORMAT;
      if (ready) return;
    }
  }
  try {
    const { buildSubjectLibrary } = await import('./build-subject-library');
    await buildSubjectLibrary(LIBRARY_PATH);
  } finally {
    rmSync(lock, { force: true });
  }
}

export function decodeMask(subject: Subject): Uint8Array {
  const bytes = Buffer.from(subject.mask, 'base64');
  const cells = new Uint8Array(MASK_SIZE * MASK_SIZE);
  for (let i = 0; i < cells.length; i++) cells[i] = (bytes[i >> 3] >> (i & 7)) & 1;
  return cells;
}
