import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

// BSDS_ROOT in the environment points elsewhere (a git worktree does not sit beside shared/).
export const BSDS_ROOT = process.env.BSDS_ROOT ?? new URL('../../../../shared/data/bsds500/', import.meta.url).pathname;

export async function readGrey(path: string): Promise<{ data: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(path).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** Every annotator's boundary map for an image id: files `<id>_<k>.png` in `dir`, 1 = boundary. */
export async function readHumans(dir: string, id: string): Promise<Uint8Array[]> {
  const names = (await readdir(dir)).filter((f) => f.startsWith(`${id}_`) && f.endsWith('.png')).sort();
  const maps: Uint8Array[] = [];
  for (const name of names) {
    const { data } = await readGrey(join(dir, name));
    maps.push(data.map((v) => (v > 127 ? 1 : 0)));
  }
  return maps;
}
