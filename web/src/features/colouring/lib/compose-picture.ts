import { NO_COLOUR } from './colouring-history';
import { PAPER_PIXEL } from './colours';

const LINE_PIXEL = 0xff000000;

/**
 * The coloured page at the master's full size, region-exact: each paper pixel takes its region's
 * colour (white where none), each line pixel stays black. Returns RGBA bytes for an ImageData.
 */
export function composePicture(labels: Int32Array, colours: Uint32Array): Uint8ClampedArray {
  const out = new Uint32Array(labels.length);
  const lookup = new Uint32Array(colours.length);
  for (let r = 0; r < colours.length; r += 1) lookup[r] = colours[r] === NO_COLOUR ? PAPER_PIXEL : colours[r];
  lookup[0] = LINE_PIXEL;
  for (let i = 0; i < labels.length; i += 1) out[i] = lookup[labels[i]];
  return new Uint8ClampedArray(out.buffer);
}

/**
 * The colours of a kept picture, read back region by region: each region takes the colour of its
 * anchor pixel in the picture (white reads as not coloured). So a child picks up where they left off.
 */
export function coloursFromPicture(rgba: Uint8ClampedArray, width: number, anchors: Float64Array, count: number): Uint32Array {
  const colours = new Uint32Array(count + 1);
  const view = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength / 4);
  for (let r = 1; r <= count; r += 1) {
    const x = Math.floor(anchors[2 * r]);
    const y = Math.floor(anchors[2 * r + 1]);
    const pixel = (view[y * width + x] | 0xff000000) >>> 0;
    colours[r] = pixel === PAPER_PIXEL ? NO_COLOUR : pixel;
  }
  return colours;
}
