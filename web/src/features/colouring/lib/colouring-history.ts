/**
 * What a child has coloured: one colour per region (0: not coloured, the paper shows) and the
 * steps to undo and redo. A step changes one region (a fill, or the eraser) or many at once
 * (starting over, picking up a kept picture), and undoes as one.
 */
export const NO_COLOUR = 0;

export interface ColouringStep {
  regions: number[];
  before: number[];
  after: number[];
}

/** How many steps undo remembers; older ones are forgotten (a child never undoes 500 fills). */
export const HISTORY_LIMIT = 500;

export class ColouringHistory {
  readonly colours: Uint32Array;
  private readonly undoSteps: ColouringStep[] = [];
  private redoSteps: ColouringStep[] = [];

  constructor(regionCount: number) {
    this.colours = new Uint32Array(regionCount + 1);
  }

  get canUndo(): boolean {
    return this.undoSteps.length > 0;
  }

  get canRedo(): boolean {
    return this.redoSteps.length > 0;
  }

  /** Colours one region (NO_COLOUR erases); null when nothing changes, so no empty step is kept. */
  fill(region: number, colour: number): ColouringStep | null {
    return this.change([region], colour);
  }

  /** Sets many regions as one step (e.g. everything to NO_COLOUR: start over). */
  change(regions: readonly number[], colour: number | readonly number[]): ColouringStep | null {
    const step: ColouringStep = { regions: [], before: [], after: [] };
    regions.forEach((region, index) => {
      if (region <= 0 || region >= this.colours.length) return;
      const next = typeof colour === 'number' ? colour : colour[index];
      const previous = this.colours[region];
      if (previous === next) return;
      step.regions.push(region);
      step.before.push(previous);
      step.after.push(next);
    });
    if (step.regions.length === 0) return null;
    this.apply(step, 'after');
    this.undoSteps.push(step);
    if (this.undoSteps.length > HISTORY_LIMIT) this.undoSteps.shift();
    this.redoSteps = [];
    return step;
  }

  /** Takes the last step back; returns it (its `before` colours now show) or null. */
  undo(): ColouringStep | null {
    const step = this.undoSteps.pop();
    if (!step) return null;
    this.apply(step, 'before');
    this.redoSteps.push(step);
    return step;
  }

  redo(): ColouringStep | null {
    const step = this.redoSteps.pop();
    if (!step) return null;
    this.apply(step, 'after');
    this.undoSteps.push(step);
    return step;
  }

  /** Regions that hold a colour. */
  colouredRegions(): number[] {
    const out: number[] = [];
    for (let r = 1; r < this.colours.length; r += 1) if (this.colours[r] !== NO_COLOUR) out.push(r);
    return out;
  }

  private apply(step: ColouringStep, side: 'before' | 'after'): void {
    const values = step[side];
    step.regions.forEach((region, index) => {
      this.colours[region] = values[index];
    });
  }
}
