import { PAPER_PIXEL } from './colours';
import { ColouringHistory, NO_COLOUR, type ColouringStep } from './colouring-history';
import type { LayerRegions } from './layer-runs';
import { paintRegion, unionBox, type DirtyBox } from './paint-layer';

/** What the board draws on: a canvas 2D context (a fake one in tests). */
export interface LayerCanvas {
  putImageData(data: ImageData, dx: number, dy: number, dirtyX: number, dirtyY: number, dirtyWidth: number, dirtyHeight: number): void;
}

/** User Timing name of one fill, from the input event to the pixels handed to the canvas (bench:colour reads it). */
export const FILL_MEASURE = 'colour-fill';
/** From the input event to the next animation frame after the fill (the screen's own work since included). */
export const FILL_FRAME_MEASURE = 'colour-fill-frame';
/** Mark set when the page is ready to colour (its detail: the worker's decode, label and layer times). */
export const READY_MARK = 'colour-ready';

/**
 * The on-screen colouring: the history of fills and the colour layer's pixels, kept in step. A
 * fill writes only its region's runs and uploads only their bounding box, so its cost is the
 * region's size on the screen, however big the page.
 */
export class ColouringBoard {
  readonly history: ColouringHistory;
  private readonly image: ImageData;
  private readonly pixels: Uint32Array;

  constructor(
    private readonly canvas: LayerCanvas,
    readonly layer: LayerRegions,
    createImageData: (width: number, height: number) => ImageData = (width, height) => new ImageData(width, height),
  ) {
    this.history = new ColouringHistory(layer.count);
    this.image = createImageData(layer.width, layer.height);
    this.pixels = new Uint32Array(this.image.data.buffer);
    this.pixels.fill(PAPER_PIXEL);
    this.canvas.putImageData(this.image, 0, 0, 0, 0, layer.width, layer.height);
  }

  get colours(): Uint32Array {
    return this.history.colours;
  }

  /** Colours a region (NO_COLOUR: the eraser). `since` is the input event's time, for the fill measure. */
  fill(region: number, colour: number, since?: number): ColouringStep | null {
    const started = performance.now();
    const step = this.history.fill(region, colour);
    if (step) this.draw(step, 'after');
    if (step && since !== undefined && typeof performance.measure === 'function') {
      const end = performance.now();
      // `work`: the fill alone (history, runs, upload); the measure adds the wait for the input event to be handled.
      performance.measure(FILL_MEASURE, { start: since, end, detail: { region, area: this.layer.areas[region], work: end - started } });
    }
    return step;
  }

  undo(): ColouringStep | null {
    const step = this.history.undo();
    if (step) this.draw(step, 'before');
    return step;
  }

  redo(): ColouringStep | null {
    const step = this.history.redo();
    if (step) this.draw(step, 'after');
    return step;
  }

  /** Every coloured region back to paper, as one step. */
  startOver(): ColouringStep | null {
    const step = this.history.change(this.history.colouredRegions(), NO_COLOUR);
    if (step) this.draw(step, 'after');
    return step;
  }

  /** Sets the colours of a picture picked up again (kept, or left before signing in) as one step. */
  restore(colours: Uint32Array): ColouringStep | null {
    const regions: number[] = [];
    const values: number[] = [];
    for (let r = 1; r < Math.min(colours.length, this.history.colours.length); r += 1) {
      regions.push(r);
      values.push(colours[r]);
    }
    const step = this.history.change(regions, values);
    if (step) this.draw(step, 'after');
    return step;
  }

  private draw(step: ColouringStep, side: 'before' | 'after'): void {
    let dirty: DirtyBox | null = null;
    const values = step[side];
    step.regions.forEach((region, index) => {
      dirty = unionBox(dirty, paintRegion(this.pixels, this.layer, region, values[index]));
    });
    const box = dirty as DirtyBox | null;
    if (box) this.canvas.putImageData(this.image, 0, 0, box.x, box.y, box.width, box.height);
  }
}
