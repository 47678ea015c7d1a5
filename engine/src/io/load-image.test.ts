import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@studio/contracts/errors';
import { loadImage, probeImage, verifyImage } from './load-image';

const solid = (width: number, height: number, rgb: [number, number, number]) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } });

/** A valid PNG whose header then claims another size: what a decompression bomb looks like to a header reader. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(8, 8, [0, 0, 0]).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function expectCode(promise: Promise<unknown>, code: number): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code });
}

describe('loadImage', () => {
  it('decodes JPEG, PNG, WebP and GIF to RGB', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      const image = await loadImage(await solid(20, 10, [200, 30, 30]).toFormat(format).toBuffer());
      expect([image.width, image.height, image.channels]).toEqual([20, 10, 3]);
      expect(image.data.length).toBe(20 * 10 * 3);
      expect(image.data[0]).toBeGreaterThan(150);
      expect(image.data[1]).toBeLessThan(80);
    }
  });

  it('applies the EXIF orientation', async () => {
    const rotated = await solid(40, 20, [0, 0, 255]).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const image = await loadImage(rotated);
    expect([image.width, image.height]).toEqual([20, 40]);
  });

  it('flattens transparency on white', async () => {
    const clear = await sharp({ create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const image = await loadImage(clear);
    expect(Array.from(image.data.subarray(0, 3))).toEqual([255, 255, 255]);
  });

  it('reads only the first frame of an animated GIF', async () => {
    // 10x10 frames: red, then green. The first frame must come back, 10 pixels high.
    const pixels = Buffer.alloc(10 * 30 * 3);
    for (let i = 0; i < 10 * 30; i++) pixels.set(i < 100 ? [255, 0, 0] : [0, 255, 0], 3 * i);
    const gif = await sharp(pixels, { raw: { width: 10, height: 30, channels: 3, pageHeight: 10 } }).gif({ loop: 0 }).toBuffer();
    expect((await sharp(gif).metadata()).pages).toBeGreaterThan(1);
    const image = await loadImage(gif);
    expect([image.width, image.height]).toEqual([10, 10]);
    expect(image.data[0]).toBeGreaterThan(200);
    expect(image.data[1]).toBeLessThan(60);
  });

  it('rejects a pixel bomb from its header, fast', async () => {
    const bomb = await pngDeclaring(20000, 20000);
    expect(bomb.length).toBeLessThan(1000);
    const started = performance.now();
    await expectCode(loadImage(bomb), ErrorCode.imageTooLarge);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('rejects too many bytes', async () => {
    const png = await solid(8, 8, [1, 2, 3]).png().toBuffer();
    await expectCode(loadImage(png, { maxBytes: 10 }), ErrorCode.imageTooLarge);
  });

  it('rejects files that are not images, or not an accepted type', async () => {
    await expectCode(loadImage(Buffer.from('hello, this is text and not a picture')), ErrorCode.formatUnsupported);
    await expectCode(loadImage(Buffer.alloc(0)), ErrorCode.formatUnsupported);
    const tiff = await solid(8, 8, [1, 2, 3]).tiff().toBuffer();
    await expectCode(loadImage(tiff), ErrorCode.formatUnsupported);
  });

  it('rejects truncated and corrupt files', async () => {
    const jpeg = await solid(300, 200, [10, 200, 10]).jpeg().toBuffer();
    await expectCode(loadImage(jpeg.subarray(0, Math.floor(jpeg.length / 2))), ErrorCode.uploadRejected);
    const png = Buffer.from(await sharp(Buffer.alloc(300 * 200 * 3, 90), { raw: { width: 300, height: 200, channels: 3 } }).png().toBuffer());
    const corrupt = Buffer.from(png);
    corrupt.fill(0x55, 60, png.length - 20);
    await expectCode(loadImage(corrupt), ErrorCode.uploadRejected);
  });
});

describe('the size of a picture as people see it', () => {
  it('turns the size of a photo whose EXIF orientation is a quarter turn (phone portraits)', async () => {
    const stored = sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } });
    expect(await verifyImage(await stored.clone().jpeg().withMetadata({ orientation: 6 }).toBuffer())).toEqual({ width: 600, height: 800 });
    expect(await verifyImage(await stored.clone().jpeg().withMetadata({ orientation: 3 }).toBuffer())).toEqual({ width: 800, height: 600 });
    expect(await probeImage(await stored.clone().jpeg().withMetadata({ orientation: 8 }).toBuffer())).toEqual({ width: 600, height: 800 });
  });
});
