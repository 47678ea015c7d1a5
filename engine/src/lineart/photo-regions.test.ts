import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../io/load-image';
import { joinFaces, pageBasins, peopleBasins, photoRegions, subjectRegions } from './photo-regions';
import { seededRandom } from './synthetic-images';

/** A red disc (the subject) on a calm picture: a pale sky over a brown floor, with a little noise. */
function discOnCalmGround(width: number, height: number): RgbImage {
  const random = seededRandom(5);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 3 * (y * width + x);
      const inDisc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 4) ** 2;
      const colour = inDisc ? [200, 40, 40] : y < height * 0.6 ? [200, 215, 235 - (25 * y) / height] : [140, 100, 70];
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, colour[c] + (random() - 0.5) * 6));
    }
  }
  return { width, height, channels: 3, data };
}

describe('photoRegions on an adult page', () => {
  const image = discOnCalmGround(400, 300);
  const basins = pageBasins(image, 'adult');

  it('reaches the adult band by patterning the calm background, leaving the subject whole', () => {
    const regions = photoRegions(basins, 'adult');
    expect(regions.count).toBeGreaterThanOrEqual(200);
    // The disc, away from its edge (thin regions of the merging line strong edges), is one region.
    const inside = new Set<number>();
    for (let y = 0; y < 300; y++) {
      for (let x = 0; x < 400; x++) if ((x - 200) ** 2 + (y - 150) ** 2 < 55 ** 2) inside.add(regions.labels[y * 400 + x]);
    }
    expect(inside.size).toBe(1);
    // Both the sky and the floor are cut into many cells.
    const sky = new Set<number>();
    const floor = new Set<number>();
    for (let x = 0; x < 400; x++) {
      sky.add(regions.labels[30 * 400 + x]);
      floor.add(regions.labels[280 * 400 + x]);
    }
    expect(sky.size).toBeGreaterThan(8);
    expect(floor.size).toBeGreaterThan(8);
  });

  it('aims at a higher count when a retry asks for one (smaller cells), and is deterministic', () => {
    const first = photoRegions(basins, 'adult');
    const more = photoRegions(basins, 'adult', 400);
    expect(more.count).toBeGreaterThan(first.count * 1.3);
    expect(Array.from(photoRegions(basins, 'adult').labels)).toEqual(Array.from(first.labels));
  });
});

/**
 * A tabby-like disc (the subject: warm, blotched with darker patches) before a busy backdrop
 * (small grey blocks of strong, random tones): a pet before gravel or foliage.
 */
function blotchedDiscOnBusyGround(width: number, height: number): RgbImage {
  const random = seededRandom(11);
  const blocks = Array.from({ length: 4000 }, () => 60 + random() * 150);
  const patches = Array.from({ length: 12 }, () => [width / 2 + (random() - 0.5) * height * 0.4, height / 2 + (random() - 0.5) * height * 0.4, 6 + random() * 10]);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 3 * (y * width + x);
      const inDisc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 3) ** 2;
      const patch = patches.some(([px, py, r]) => (x - px) ** 2 + (y - py) ** 2 < r * r);
      const grey = blocks[(Math.floor(y / 4) * 100 + Math.floor(x / 4)) % blocks.length];
      const colour = inDisc ? (patch ? [150, 90, 40] : [215, 140, 70]) : [grey, grey, grey + 10];
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, colour[c] + (random() - 0.5) * 6));
    }
  }
  return { width, height, channels: 3, data };
}

describe('photoRegions on an adult page of a patterned subject before a busy backdrop', () => {
  it('reaches the band by patterning the backdrop, not by cutting the subject into a mosaic', () => {
    const basins = pageBasins(blotchedDiscOnBusyGround(400, 300), 'adult');
    const regions = photoRegions(basins, 'adult');
    expect(regions.count).toBeGreaterThanOrEqual(200);
    // The disc, away from its edge, is its body and its dozen patches: a few regions, not a jigsaw
    // (31 when the whole picture was merged to the band's count).
    const inside = new Set<number>();
    for (let y = 0; y < 300; y++) {
      for (let x = 0; x < 400; x++) if ((x - 200) ** 2 + (y - 150) ** 2 < 85 ** 2) inside.add(regions.labels[y * 400 + x]);
    }
    expect(inside.size).toBeLessThanOrEqual(16);
  });
});

describe('joinFaces', () => {
  it('joins the basins lying mostly in a face into one region, and only those', () => {
    // Six basins of four pixels in a row (12 × 2); the face covers basins 1 and 2 whole, three
    // quarters of basin 3 and one quarter of basin 0; a second face covers basin 5.
    const width = 12;
    const labels = Int32Array.from({ length: 24 }, (_, i) => Math.floor((i % width) / 2));
    const faces = new Int32Array(24);
    for (const x of [1, 2, 3, 4, 5, 6]) faces[x] = faces[width + x] = 1;
    faces[7] = 1;
    for (const x of [10, 11]) faces[x] = faces[width + x] = 2;
    const joined = joinFaces({ width, height: 2, labels, count: 6 }, faces);
    expect(joined.count).toBe(4);
    expect(Array.from(joined.labels.slice(0, width))).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3]);
  });

  it('leaves the basins as they are without a face', () => {
    const over = { width: 4, height: 1, labels: Int32Array.of(0, 0, 1, 1), count: 2 };
    expect(joinFaces(over, new Int32Array(4))).toBe(over);
  });
});

describe('peopleBasins', () => {
  it('cuts the basins along the person mask, makes that edge certain, and takes the person for the subject, the rest for background', () => {
    // The disc is not what the mask says: the "person" is a band on the right, across sky and floor.
    const image = discOnCalmGround(160, 120);
    const basins = pageBasins(image, 'children', true);
    const mask = new Float32Array(160 * 120);
    for (let i = 0; i < mask.length; i++) if (i % 160 >= 110) mask[i] = 1;
    const people = peopleBasins(basins, mask);
    expect(people.over.count).toBeGreaterThan(basins.over.count);
    // No basin lies on both sides of the mask's edge, and the evidence is certain along it.
    const sides = new Map<number, number>();
    for (let i = 0; i < mask.length; i++) {
      expect(sides.get(people.over.labels[i]) ?? mask[i]).toBe(mask[i]);
      sides.set(people.over.labels[i], mask[i]);
    }
    for (let y = 0; y < 120; y++) expect([people.evidence[y * 160 + 109], people.evidence[y * 160 + 110]]).toEqual([1, 1]);
    expect(basins.evidence[60 * 160 + 110]).toBeLessThan(1);
    // On the subject-only page's regions the band is the subject and the disc is not.
    const regions = photoRegions(people, 'children', undefined, true);
    const subject = subjectRegions(regions, people.saliency);
    expect(subject[regions.labels[60 * 160 + 140]]).toBe(1);
    expect(subject[regions.labels[10 * 160 + 140]]).toBe(1);
    expect(subject[regions.labels[60 * 160 + 80]]).toBe(0);
    // The background is one region: the sky, the floor and the disc left of the band.
    const background = new Set<number>();
    for (let y = 0; y < 120; y++) for (let x = 0; x < 100; x++) background.add(regions.labels[y * 160 + x]);
    expect(background.size).toBe(1);
  });
});
