/** Chamfer distances are kept as integers in thirds of a pixel (3 straight, 4 diagonal). */
export const CHAMFER_UNIT = 3;

/**
 * Chamfer (3-4) distance from every pixel to the nearest pixel where `mask[i] !== value`, in
 * thirds of a pixel (divide by CHAMFER_UNIT). Two raster passes over 16-bit integers; within
 * about 8% of the Euclidean distance, which is all the page checks need. Pixels beyond the
 * image edge do not count as targets.
 */
export function chamferDistance(mask: Uint8Array, width: number, height: number, value: number): Uint16Array {
  const INF = 65535;
  const d = new Uint16Array(width * height);
  for (let i = 0; i < d.length; i++) d[i] = mask[i] === value ? INF : 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      let v = d[i];
      if (v === 0) continue;
      let c: number;
      if (x > 0 && (c = d[i - 1] + 3) < v) v = c;
      if (y > 0) {
        const up = i - width;
        if ((c = d[up] + 3) < v) v = c;
        if (x > 0 && (c = d[up - 1] + 4) < v) v = c;
        if (x < width - 1 && (c = d[up + 1] + 4) < v) v = c;
      }
      d[i] = v;
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    const row = y * width;
    for (let x = width - 1; x >= 0; x--) {
      const i = row + x;
      let v = d[i];
      if (v === 0) continue;
      let c: number;
      if (x < width - 1 && (c = d[i + 1] + 3) < v) v = c;
      if (y < height - 1) {
        const down = i + width;
        if ((c = d[down] + 3) < v) v = c;
        if (x < width - 1 && (c = d[down + 1] + 4) < v) v = c;
        if (x > 0 && (c = d[down - 1] + 4) < v) v = c;
      }
      d[i] = v;
    }
  }
  return d;
}
