/** Mean position of `pixels` (indices into a raster `width` wide). */
export function centreOf(pixels: number[], width: number): { x: number; y: number } {
  let x = 0;
  let y = 0;
  for (const i of pixels) {
    x += i % width;
    y += Math.floor(i / width);
  }
  return { x: x / pixels.length, y: y / pixels.length };
}
