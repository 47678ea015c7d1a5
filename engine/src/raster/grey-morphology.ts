/**
 * Running max (or min) over a window of 2·radius+1 pixels along rows then columns: a square
 * grey dilation (erosion). Van Herk / Gil–Werman block prefix and suffix extremes make it three
 * comparisons a pixel whatever the window size.
 */
export function squareExtreme(src: Uint8Array, width: number, height: number, radius: number, takeMax: boolean): Uint8Array {
  const pick = takeMax ? (a: number, b: number): number => (a > b ? a : b) : (a: number, b: number): number => (a < b ? a : b);
  const pad = takeMax ? 0 : 255;
  const tmp = new Uint8Array(src.length);
  const out = new Uint8Array(src.length);
  const runLine = (read: (i: number) => number, write: (i: number, v: number) => void, length: number): void => {
    const size = 2 * radius + 1;
    const padded = length + 2 * radius;
    const line = new Uint8Array(padded).fill(pad);
    for (let i = 0; i < length; i++) line[i + radius] = read(i);
    const prefix = new Uint8Array(padded);
    const suffix = new Uint8Array(padded);
    for (let i = 0; i < padded; i++) prefix[i] = i % size === 0 ? line[i] : pick(prefix[i - 1], line[i]);
    for (let i = padded - 1; i >= 0; i--) suffix[i] = i === padded - 1 || (i + 1) % size === 0 ? line[i] : pick(suffix[i + 1], line[i]);
    for (let i = 0; i < length; i++) write(i, pick(suffix[i], prefix[i + 2 * radius]));
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    runLine((i) => src[row + i], (i, v) => (tmp[row + i] = v), width);
  }
  for (let x = 0; x < width; x++) {
    runLine((i) => tmp[i * width + x], (i, v) => (out[i * width + x] = v), height);
  }
  return out;
}
