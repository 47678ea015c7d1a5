import { describe, expect, it } from 'vitest';
import { ColouringHistory, HISTORY_LIMIT, NO_COLOUR } from './colouring-history';
import { hexToPixel, PAPER_PIXEL, pixelToHex, withRecent } from './colours';
import { composePicture, coloursFromPicture } from './compose-picture';
import { labelRegions } from './label-regions';
import { buildLayerRegions } from './layer-runs';
import { paintRegion, regionAt, unionBox } from './paint-layer';
import { keyboardRegions, nextRegion } from './region-navigation';

/** A grey page from rows of text: '#' is a line pixel, anything else paper. */
function page(rows: string[]) {
  const height = rows.length;
  const width = rows[0].length;
  const pixels = new Uint8Array(width * height);
  rows.forEach((row, y) => [...row].forEach((c, x) => (pixels[y * width + x] = c === '#' ? 0 : 255)));
  return { pixels, width, height };
}

const labelsAsRows = (labels: Int32Array, width: number) => {
  const rows: string[] = [];
  for (let i = 0; i < labels.length; i += width) rows.push([...labels.subarray(i, i + width)].map((v) => (v === 0 ? '#' : String(v))).join(''));
  return rows;
};

describe('labelRegions', () => {
  it('numbers the 4-connected areas of paper in reading order, lines as 0', () => {
    const { pixels, width, height } = page([
      '.....#....', //
      '.###.#.##.',
      '.#.#.#.#..',
      '.###.#.##.',
      '.....#....',
    ]);
    const regions = labelRegions(pixels, width, height, 1);
    expect(regions.count).toBe(3);
    expect(labelsAsRows(regions.labels, width)).toEqual(['11111#2222', '1###1#2##2', '1#3#1#2#22', '1###1#2##2', '11111#2222']);
    expect(regions.areas[3]).toBe(1);
    expect(regions.areas[1] + regions.areas[2] + regions.areas[3]).toBe(pixels.filter((p) => p === 255).length);
  });

  it('does not join paper that meets only at a corner (a diagonal line still closes a shape)', () => {
    const { pixels, width, height } = page(['.#', '#.']);
    const regions = labelRegions(pixels, width, height, 1);
    expect(regions.count).toBe(2);
  });

  it('joins a U shape whose arms only meet further down (union of runs across rows)', () => {
    const { pixels, width, height } = page(['.#.#.', '.#.#.', '.###.', '.....']);
    const regions = labelRegions(pixels, width, height, 1);
    expect(regions.count).toBe(2);
    expect(labelsAsRows(regions.labels, width)).toEqual(['1#2#1', '1#2#1', '1###1', '11111']);
  });

  it('reads RGBA (the red channel) as canvas ImageData gives it', () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255]);
    const regions = labelRegions(rgba, 3, 1, 4);
    expect(regions.count).toBe(2);
    expect([...regions.labels]).toEqual([1, 0, 2]);
  });

  it('refuses a buffer smaller than the page', () => {
    expect(() => labelRegions(new Uint8Array(3), 2, 2, 1)).toThrow();
  });
});

describe('layer regions', () => {
  const { pixels, width, height } = page([
    '........', //
    '.######.',
    '.#....#.',
    '.#....#.',
    '.######.',
    '........',
  ]);
  const regions = labelRegions(pixels, width, height, 1);

  it('at full size: runs cover exactly the region’s pixels, with its box', () => {
    const layer = buildLayerRegions(regions, width, height);
    const pixelsOf = (region: number) => {
      const out: number[] = [];
      for (let k = layer.runStart[region]; k < layer.runStart[region + 1]; k += 1) for (let i = layer.runs[2 * k]; i < layer.runs[2 * k + 1]; i += 1) out.push(i);
      return out;
    };
    const inside = [...regions.labels].flatMap((label, i) => (label === 2 ? [i] : []));
    expect(pixelsOf(2)).toEqual(inside);
    expect([...layer.boxes.subarray(8, 12)]).toEqual([2, 2, 6, 4]);
    expect(pixelsOf(1).length).toBe(regions.areas[1]);
  });

  it('at half size: a layer pixel whose centre is on a line takes a region from its corners', () => {
    const layer = buildLayerRegions(regions, 4, 3);
    // Every layer pixel shows some region: the 1-pixel lines never leave a pale seam.
    expect([...layer.labels].every((label) => label > 0)).toBe(true);
    expect(layer.labels[1 * 4 + 1]).toBe(2);
  });

  it('anchors sit inside their region', () => {
    const layer = buildLayerRegions(regions, width, height);
    for (let r = 1; r <= regions.count; r += 1) {
      const x = Math.floor(layer.anchors[2 * r]);
      const y = Math.floor(layer.anchors[2 * r + 1]);
      expect(regions.labels[y * width + x]).toBe(r);
    }
  });

  it('paints one region run by run and reports the box to upload', () => {
    const layer = buildLayerRegions(regions, width, height);
    const layerPixels = new Uint32Array(width * height).fill(PAPER_PIXEL);
    const red = hexToPixel('#ff0000');
    expect(paintRegion(layerPixels, layer, 2, red)).toEqual({ x: 2, y: 2, width: 4, height: 2 });
    expect([...layerPixels].filter((p) => p === red).length).toBe(regions.areas[2]);
    expect(layerPixels[2 * width + 2]).toBe(red);
    expect(layerPixels[0]).toBe(PAPER_PIXEL);
    paintRegion(layerPixels, layer, 2, NO_COLOUR);
    expect([...layerPixels].every((p) => p === PAPER_PIXEL)).toBe(true);
    expect(paintRegion(layerPixels, layer, 99, red)).toBeNull();
  });

  it('finds the region under a tap, or the nearest one when the tap lands on a line', () => {
    const layer = buildLayerRegions(regions, width, height);
    expect(regionAt(layer, 3.5, 2.5)).toBe(2);
    expect(regionAt(layer, 1.5, 2.5)).toBe(0);
    expect(regionAt(layer, 1.5, 2.5, 1)).toBeGreaterThan(0);
    expect(regionAt(layer, -5, -5, 1)).toBe(0);
  });

  it('unions dirty boxes', () => {
    expect(unionBox({ x: 1, y: 1, width: 2, height: 2 }, { x: 4, y: 0, width: 1, height: 1 })).toEqual({ x: 1, y: 0, width: 4, height: 3 });
    expect(unionBox(null, null)).toBeNull();
  });
});

describe('the saved picture', () => {
  it('is region-exact at master size: lines black, coloured regions their colour, the rest white', () => {
    const { pixels, width, height } = page(['..#..', '..#..']);
    const regions = labelRegions(pixels, width, height, 1);
    const colours = new Uint32Array(regions.count + 1);
    colours[2] = hexToPixel('#1e88e5');
    const rgba = composePicture(regions.labels, colours);
    const at = (x: number, y: number) => [...rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
    expect(at(0, 0)).toEqual([255, 255, 255, 255]);
    expect(at(2, 1)).toEqual([0, 0, 0, 255]);
    expect(at(4, 1)).toEqual([0x1e, 0x88, 0xe5, 255]);
    // Read back from the picture, each region gets its colour again.
    const layer = buildLayerRegions(regions, width, height);
    expect([...coloursFromPicture(rgba, width, layer.anchors, regions.count)]).toEqual([0, NO_COLOUR, colours[2]]);
  });
});

describe('colouring history', () => {
  it('fills, undoes and redoes; a new fill clears redo; the same colour twice is no step', () => {
    const history = new ColouringHistory(3);
    expect(history.fill(1, 11)).not.toBeNull();
    expect(history.fill(1, 11)).toBeNull();
    history.fill(2, 22);
    history.fill(1, 33);
    expect([...history.colours]).toEqual([0, 33, 22, 0]);
    expect(history.undo()?.regions).toEqual([1]);
    expect([...history.colours]).toEqual([0, 11, 22, 0]);
    history.undo();
    expect([...history.colours]).toEqual([0, 11, 0, 0]);
    expect(history.canRedo).toBe(true);
    history.redo();
    expect([...history.colours]).toEqual([0, 11, 22, 0]);
    history.fill(3, 44);
    expect(history.canRedo).toBe(false);
    expect(history.redo()).toBeNull();
  });

  it('the eraser is a step like any fill and undoes back to the colour', () => {
    const history = new ColouringHistory(2);
    history.fill(2, 5);
    history.fill(2, NO_COLOUR);
    expect(history.colours[2]).toBe(NO_COLOUR);
    history.undo();
    expect(history.colours[2]).toBe(5);
    expect(history.fill(1, NO_COLOUR)).toBeNull();
  });

  it('starting over clears every coloured region in one step that undoes at once', () => {
    const history = new ColouringHistory(4);
    history.fill(1, 1);
    history.fill(3, 3);
    expect(history.colouredRegions()).toEqual([1, 3]);
    const step = history.change(history.colouredRegions(), NO_COLOUR);
    expect(step?.regions).toEqual([1, 3]);
    expect(history.colouredRegions()).toEqual([]);
    history.undo();
    expect(history.colouredRegions()).toEqual([1, 3]);
  });

  it('ignores regions out of range and forgets steps beyond its limit', () => {
    const history = new ColouringHistory(1);
    expect(history.change([0, 7], 9)).toBeNull();
    for (let i = 1; i <= HISTORY_LIMIT + 5; i += 1) history.fill(1, i);
    let undone = 0;
    while (history.undo()) undone += 1;
    expect(undone).toBe(HISTORY_LIMIT);
  });
});

describe('colours and keyboard reach', () => {
  it('converts between hex and layer pixels', () => {
    expect(hexToPixel('#ff8000')).toBe(0xff0080ff);
    expect(pixelToHex(hexToPixel('#12ab9f'))).toBe('#12ab9f');
    expect(() => hexToPixel('red')).toThrow();
  });

  it('keeps recent colours newest first without repeats', () => {
    let recent: string[] = [];
    for (const hex of ['#000001', '#000002', '#000001']) recent = withRecent(recent, hex);
    expect(recent).toEqual(['#000001', '#000002']);
    for (let i = 0; i < 20; i += 1) recent = withRecent(recent, `#0000${String(i).padStart(2, '0')}`);
    expect(recent).toHaveLength(8);
  });

  it('moves to the nearest region in the arrow’s direction, preferring straight ahead', () => {
    // Regions 1..4: centre (50,50), right (90,52), below (48,90), far right and up (200,0).
    const anchors = new Float64Array([0, 0, 50, 50, 90, 52, 48, 90, 200, 0]);
    const all = [1, 2, 3, 4];
    expect(nextRegion(anchors, all, 1, 'right')).toBe(2);
    expect(nextRegion(anchors, all, 1, 'down')).toBe(3);
    expect(nextRegion(anchors, all, 2, 'left')).toBe(1);
    expect(nextRegion(anchors, all, 3, 'down')).toBe(3);
    expect(nextRegion(anchors, all, 0, 'down')).toBe(1);
    expect(keyboardRegions(new Float64Array([0, 500, 2, 500, 500]), anchors, 10)).toEqual([4, 1, 2, 3].filter((r) => r !== 2));
  });
});
