import { CHAMFER_UNIT, chamferDistance } from './distance-transform';

/** Grows ink (0) by `radius` pixels: every pixel within that distance of ink becomes ink. */
export function dilateInk(data: Uint8Array, width: number, height: number, radius: number): void {
  if (radius <= 0) return;
  const dist = chamferDistance(data, width, height, 255);
  const limit = radius * CHAMFER_UNIT;
  for (let i = 0; i < data.length; i++) if (dist[i] <= limit) data[i] = 0;
}

/** Shrinks ink (0) by `radius` pixels. */
export function erodeInk(data: Uint8Array, width: number, height: number, radius: number): void {
  if (radius <= 0) return;
  const dist = chamferDistance(data, width, height, 0);
  const limit = radius * CHAMFER_UNIT;
  for (let i = 0; i < data.length; i++) if (dist[i] <= limit) data[i] = 255;
}

/** Closing: bridges gaps in ink narrower than about twice `radius` without thickening lines. */
export function closeInk(data: Uint8Array, width: number, height: number, radius: number): void {
  dilateInk(data, width, height, radius);
  erodeInk(data, width, height, radius);
}
