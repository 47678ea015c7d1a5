// Writes the photo set's generated scenes (scenes.ts) to bench/photos/<kind>-<name>.jpg.
// Usage: npx tsx bench/src/photo-set/make.ts
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { photoScenes } from './scenes';

const dir = new URL('../../photos/', import.meta.url).pathname;
await mkdir(dir, { recursive: true });
for (const scene of photoScenes()) {
  const jpeg = await sharp(Buffer.from(scene.svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await writeFile(`${dir}${scene.kind}-${scene.name}.jpg`, jpeg);
}
console.log(`wrote ${photoScenes().length} scenes to ${dir}`);
