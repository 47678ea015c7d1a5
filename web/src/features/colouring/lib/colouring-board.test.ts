import { afterEach, describe, expect, it } from 'vitest';
import { ColouringBoard, FILL_MEASURE, type LayerCanvas } from './colouring-board';
import { NO_COLOUR } from './colouring-history';
import { hexToPixel, PAPER_PIXEL } from './colours';
import { labelRegions } from './label-regions';
import { buildLayerRegions } from './layer-runs';
import { loadColours, saveColours } from './saved-colours';
import { bringIntoView, clampView, fitView, MAX_SCALE, toPage, zoomAt } from './view-transform';

/** Two boxes side by side on a 12×6 page: regions 1 (outside), 2 (left box), 3 (right box). */
function layer() {
  const rows = ['............', '.####..####.', '.#..#..#..#.', '.#..#..#..#.', '.####..####.', '............'];
  const pixels = new Uint8Array(rows.join('').split('').map((c) => (c === '#' ? 0 : 255)));
  return buildLayerRegions(labelRegions(pixels, 12, 6, 1), 12, 6);
}

/** A canvas that records what was uploaded, and keeps a copy of the uploaded pixels. */
function fakeCanvas() {
  const uploads: { x: number; y: number; width: number; height: number }[] = [];
  let shown = new Uint32Array(0);
  const canvas: LayerCanvas = {
    putImageData(data, _dx, _dy, x, y, width, height) {
      uploads.push({ x, y, width, height });
      shown = new Uint32Array(data.data.buffer.slice(0));
    },
  };
  return { canvas, uploads, shown: () => shown };
}

const imageData = (width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4), width, height, colorSpace: 'srgb' }) as ImageData;

afterEach(() => {
  performance.clearMeasures();
  sessionStorage.clear();
});

describe('the colouring board', () => {
  it('starts as white paper, fills a region by uploading only its box, and measures the fill', () => {
    const { canvas, uploads, shown } = fakeCanvas();
    const board = new ColouringBoard(canvas, layer(), imageData);
    expect(uploads).toEqual([{ x: 0, y: 0, width: 12, height: 6 }]);
    expect(shown().every((pixel) => pixel === PAPER_PIXEL)).toBe(true);

    const red = hexToPixel('#e53935');
    board.fill(2, red, performance.now());
    expect(uploads.at(-1)).toEqual({ x: 2, y: 2, width: 2, height: 2 });
    expect(shown()[2 * 12 + 2]).toBe(red);
    expect(shown()[2 * 12 + 8]).toBe(PAPER_PIXEL);
    const measure = performance.getEntriesByName(FILL_MEASURE)[0] as PerformanceMeasure;
    expect(measure.detail).toMatchObject({ region: 2, area: 4 });
  });

  it('undo, redo, eraser and start over change the pixels with the history', () => {
    const { canvas, shown } = fakeCanvas();
    const board = new ColouringBoard(canvas, layer(), imageData);
    const red = hexToPixel('#e53935');
    const blue = hexToPixel('#1e88e5');
    board.fill(2, red);
    board.fill(3, blue);
    board.fill(1, red);
    expect(shown()[0]).toBe(red);
    board.undo();
    expect(shown()[0]).toBe(PAPER_PIXEL);
    board.redo();
    expect(shown()[0]).toBe(red);
    board.fill(3, NO_COLOUR);
    expect(shown()[2 * 12 + 8]).toBe(PAPER_PIXEL);
    board.undo();
    expect(shown()[2 * 12 + 8]).toBe(blue);
    board.startOver();
    expect(shown().every((pixel) => pixel === PAPER_PIXEL)).toBe(true);
    board.undo();
    expect([shown()[0], shown()[2 * 12 + 2], shown()[2 * 12 + 8]]).toEqual([red, red, blue]);
  });

  it('restores a picture in progress as one step, saved per page across a reload', () => {
    const first = new ColouringBoard(fakeCanvas().canvas, layer(), imageData);
    first.fill(3, hexToPixel('#43a047'));
    saveColours('page-1', first.colours);
    expect(loadColours('page-2', 3)).toBeNull();
    expect(loadColours('page-1', 7)).toBeNull();
    const { canvas, shown } = fakeCanvas();
    const again = new ColouringBoard(canvas, layer(), imageData);
    again.restore(loadColours('page-1', 3)!);
    expect(shown()[2 * 12 + 8]).toBe(hexToPixel('#43a047'));
    expect(again.history.canUndo).toBe(true);
    saveColours('page-1', new Uint32Array(4));
    expect(loadColours('page-1', 3)).toBeNull();
  });
});

describe('zoom and pan', () => {
  const frame = { frameWidth: 300, frameHeight: 400, pageWidth: 300, pageHeight: 390 };

  it('fits the page centred and keeps the scale between 1 and the maximum', () => {
    expect(fitView(frame)).toEqual({ scale: 1, x: 0, y: 5 });
    expect(clampView({ scale: 0.2, x: 50, y: 50 }, frame).scale).toBe(1);
    expect(clampView({ scale: 99, x: 0, y: 0 }, frame).scale).toBe(MAX_SCALE);
  });

  it('zooms around the pointer: the page point under it stays put', () => {
    const view = zoomAt(fitView(frame), frame, 2, 150, 200);
    expect(view.scale).toBe(2);
    const before = toPage(fitView(frame), 150, 200);
    const after = toPage(view, 150, 200);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('never pans the page out of the frame, and brings a far region into view', () => {
    const zoomed = { scale: 4, x: 0, y: 0 };
    expect(clampView({ ...zoomed, x: 500, y: -5000 }, frame)).toEqual({ scale: 4, x: 0, y: 400 - 390 * 4 });
    const moved = bringIntoView(zoomed, frame, 280, 380);
    const shownAt = { x: moved.x + 280 * 4, y: moved.y + 380 * 4 };
    expect(shownAt.x).toBeGreaterThanOrEqual(0);
    expect(shownAt.x).toBeLessThanOrEqual(300);
    expect(shownAt.y).toBeLessThanOrEqual(400);
    expect(bringIntoView(fitView(frame), frame, 150, 200)).toEqual(fitView(frame));
  });
});
