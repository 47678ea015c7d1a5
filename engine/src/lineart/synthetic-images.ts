import sharp from 'sharp';

/** Deterministic pseudo-random numbers (mulberry32), so synthetic test pictures never change. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A stand-in for a photo, for tests and benchmarks that must not depend on data files: soft
 * lighting, many overlapping coloured ellipses and sensor-like noise.
 */
export async function syntheticPhoto(width: number, height: number, seed = 7, shapes = 70): Promise<Buffer> {
  const random = seededRandom(seed);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 3 * (y * width + x);
      data[i] = 120 + 60 * (x / width);
      data[i + 1] = 150 - 50 * (y / height);
      data[i + 2] = 170;
    }
  }
  for (let s = 0; s < shapes; s++) {
    const cx = random() * width;
    const cy = random() * height;
    const rx = (0.03 + random() * 0.18) * width;
    const ry = (0.03 + random() * 0.18) * height;
    const colour = [random() * 255, random() * 255, random() * 255];
    const angle = random() * Math.PI;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const reach = Math.max(rx, ry);
    for (let y = Math.max(0, Math.floor(cy - reach)); y < Math.min(height, cy + reach); y++) {
      for (let x = Math.max(0, Math.floor(cx - reach)); x < Math.min(width, cx + reach); x++) {
        const u = ((x - cx) * cos + (y - cy) * sin) / rx;
        const v = (-(x - cx) * sin + (y - cy) * cos) / ry;
        if (u * u + v * v > 1) continue;
        const shade = 0.75 + 0.25 * (1 - (u * u + v * v));
        const i = 3 * (y * width + x);
        for (let c = 0; c < 3; c++) data[i + c] = colour[c] * shade;
      }
    }
  }
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i] + (random() - 0.5) * 24));
  return sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** A drawn page as an image model returns it: dark outlines with a small gap, grey shading, JPEG noise. */
export async function syntheticDrawing(width: number, height: number): Promise<Buffer> {
  const data = new Uint8Array(width * height).fill(250);
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * 0.3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - cx, y - cy);
      const i = y * width + x;
      // Shading: a soft grey crescent inside the circle.
      if (d < r && x > cx + r * 0.2) data[i] = 170;
      // Outline 4 px wide with a 2 px gap at the top.
      if (Math.abs(d - r) < 2 && !(y < cy && Math.abs(x - cx) < 1)) data[i] = 20;
      // A square outline.
      const sx = Math.abs(x - width * 0.2);
      const sy = Math.abs(y - height * 0.2);
      if (Math.max(sx, sy) < width * 0.08 && Math.max(sx, sy) > width * 0.08 - 4) data[i] = 30;
    }
  }
  return sharp(data, { raw: { width, height, channels: 1 } }).jpeg({ quality: 85 }).toBuffer();
}
