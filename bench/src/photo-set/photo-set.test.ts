import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { nearestRatio } from '@studio/contracts/constants';
import { loadImage } from '@studio/engine/io/load-image';
import { pageBasins, photoRegions } from '@studio/engine/lineart/photo-regions';
import { photoToPage } from '@studio/engine/lineart/photo-to-page';
import { shrinkRgb } from '@studio/engine/raster/resample';
import { PHOTO_SETS } from './sheet';

describe('the photo set', () => {
  it('names the author, source and licence of every real photograph, and no photo it lacks', async () => {
    const photos = (await readdir(PHOTO_SETS.real)).filter((f) => f.endsWith('.jpg')).sort();
    const licences = await readFile(join(PHOTO_SETS.real, 'LICENCES.md'), 'utf8');
    const entries = licences.split('\n### ').slice(1);
    expect(entries.map((e) => e.split('\n')[0].trim()).sort()).toEqual(photos);
    for (const entry of entries) {
      expect(entry).toMatch(/- Licence: (Public domain|CC0|CC-BY)/i);
      expect(entry).toMatch(/- Author\/credit: \S/);
      expect(entry).toMatch(/- Source package: \S/);
    }
    expect(photos.length).toBeGreaterThanOrEqual(40);
  });

  // Each came out of the toddler band (21–24 regions) after both retries: a retry counted the
  // filled marks (eyes, spots: ink) as regions to colour and so aimed too high.
  it.each(['wild-jaguars', 'vehicle-biplane-from-above', 'house-neuschwanstein-castle'])(
    'makes a toddler page of %s that passes the checker',
    async (name) => {
      const photo = await readFile(join(PHOTO_SETS.real, `${name}.jpg`));
      const { width = 1, height = 1 } = await sharp(photo).metadata();
      const page = await photoToPage(photo, { difficulty: 'toddler', ratio: nearestRatio(width, height), mode: 'photo' });
      expect(page.report.problems).toEqual([]);
    },
  );

  // The face used to be cut along its shading (a bar through the eyes, the nose and mouth in a
  // patch of their own): the page's floor of regions had to be reached somewhere.
  it.each(['children', 'teen'] as const)('keeps the face of a portrait whole at %s: one region round its eyes and brows', async (difficulty) => {
    const photo = await loadImage(await readFile(join(PHOTO_SETS.scenes, 'person-child-portrait-boy.jpg')));
    // The working size of a 3:4 page at children (2550 × 3300 page pixels, 5 a working pixel).
    const image = shrinkRgb(photo, 510, 680);
    const basins = pageBasins(image, difficulty);
    const regions = photoRegions(basins, difficulty);
    // Pixels of the face (its skin, not its features) per region; the rim is shared with the hair and the wall.
    const perRegion = new Map<number, number>();
    let facePixels = 0;
    for (let i = 0; i < basins.faces.length; i++) {
      if (!basins.faces[i]) continue;
      facePixels++;
      perRegion.set(regions.labels[i], (perRegion.get(regions.labels[i]) ?? 0) + 1);
    }
    expect(facePixels).toBeGreaterThan(5000);
    expect(Math.max(...perRegion.values())).toBeGreaterThan(0.95 * facePixels);
    expect(regions.marks).toBeGreaterThanOrEqual(2);
  });
});
