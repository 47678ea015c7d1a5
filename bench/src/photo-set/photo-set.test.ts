import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { nearestRatio } from '@studio/contracts/constants';
import { photoToPage } from '@studio/engine/lineart/photo-to-page';
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
});
