/**
 * Colours as the layer stores them: one 32-bit pixel of canvas ImageData on a little-endian
 * machine (every browser's), bytes R, G, B, A in memory, so 0xAABBGGRR as a number. 0 (fully
 * transparent) means "not coloured": the paper shows.
 */
export const PAPER_PIXEL = 0xffffffff;

const HEX = /^#([0-9a-f]{6})$/i;

export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

/** '#ff8800' → the layer's pixel value (opaque). */
export function hexToPixel(hex: string): number {
  const match = HEX.exec(hex);
  if (!match) throw new Error(`not a colour: ${hex}`);
  const value = Number.parseInt(match[1], 16);
  const r = (value >> 16) & 0xff;
  const g = (value >> 8) & 0xff;
  const b = value & 0xff;
  return (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;
}

export function pixelToHex(pixel: number): string {
  const r = pixel & 0xff;
  const g = (pixel >>> 8) & 0xff;
  const b = (pixel >>> 16) & 0xff;
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The palette: bright, distinct colours a child knows by name (names are in the locale files, colouring.colours.*). */
export const PALETTE = [
  { id: 'red', hex: '#e53935' },
  { id: 'orange', hex: '#fb8c00' },
  { id: 'yellow', hex: '#fdd835' },
  { id: 'lime', hex: '#9ccc65' },
  { id: 'green', hex: '#43a047' },
  { id: 'teal', hex: '#26a69a' },
  { id: 'sky', hex: '#4fc3f7' },
  { id: 'blue', hex: '#1e88e5' },
  { id: 'navy', hex: '#283593' },
  { id: 'purple', hex: '#8e24aa' },
  { id: 'pink', hex: '#f06292' },
  { id: 'peach', hex: '#ffcc80' },
  { id: 'brown', hex: '#8d6e63' },
  { id: 'tan', hex: '#d7b98e' },
  { id: 'grey', hex: '#9e9e9e' },
  { id: 'black', hex: '#263238' },
] as const;

export type PaletteId = (typeof PALETTE)[number]['id'];

export const RECENT_LIMIT = 8;

/** The recent colours after using `hex`: it first, no repeats, at most RECENT_LIMIT. */
export function withRecent(recent: readonly string[], hex: string): string[] {
  const lower = hex.toLowerCase();
  return [lower, ...recent.filter((item) => item !== lower)].slice(0, RECENT_LIMIT);
}
