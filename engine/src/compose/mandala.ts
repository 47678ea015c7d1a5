import type { Difficulty } from '@studio/contracts/constants';
import { PX_PER_MM } from '@studio/contracts/page';
import type { Random } from './seeded-random';
import { circle, n, paint, path } from './svg-shapes';

const MOTIFS = ['petals', 'almonds', 'scallops', 'beads', 'spikes', 'flowers', 'leaves', 'teardrops'] as const;
type Motif = (typeof MOTIFS)[number];

const PALETTE = ['#f9c74f', '#f9844a', '#f94144', '#90be6d', '#43aa8b', '#577590', '#9b5de5', '#f15bb5', '#00bbf9', '#fee440'];

interface RingPlan {
  inner: number;
  outer: number;
  motif: Motif;
  count: number;
  color: string;
  offset: number;
}

const RING_COUNTS: Record<Difficulty, [number, number]> = { toddler: [2, 2], children: [3, 4], teen: [5, 6], adult: [8, 10] };
const MOTIF_COUNTS: Record<Difficulty, number[]> = { toddler: [3], children: [5, 6], teen: [6, 8], adult: [12, 16, 20] };
const REGION_BUDGET: Record<Difficulty, number> = { toddler: 15, children: 50, teen: 100, adult: Number.POSITIVE_INFINITY };
const MIN_COUNT: Record<Difficulty, number> = { toddler: 4, children: 6, teen: 6, adult: 8 };
const MIN_MOTIF_MM: Record<Difficulty, number> = { toddler: 30, children: 18, teen: 12, adult: 9 };

function polar(cx: number, cy: number, r: number, angle: number): string {
  return `${n(cx + r * Math.cos(angle))} ${n(cy + r * Math.sin(angle))}`;
}

function drawMotif(ring: RingPlan, cx: number, cy: number, colored: boolean): string {
  const out: string[] = [];
  const { inner, outer, count } = ring;
  const step = (Math.PI * 2) / count;
  const mid = (inner + outer) / 2;
  const depth = outer - inner;
  const fill = paint(colored, ring.color);
  for (let i = 0; i < count; i++) {
    const a = i * step + ring.offset;
    switch (ring.motif) {
      case 'petals':
      case 'almonds':
      case 'leaves': {
        const spread = ring.motif === 'petals' ? step * 0.55 : step * 0.42;
        const d = `M${polar(cx, cy, inner, a)}Q${polar(cx, cy, mid, a - spread)} ${polar(cx, cy, outer, a)}Q${polar(cx, cy, mid, a + spread)} ${polar(cx, cy, inner, a)}Z`;
        out.push(path(d, fill));
        // A midrib splits a leaf in two; it runs tip to tip so both halves stay closed.
        if (ring.motif === 'leaves') out.push(`<path d="M${polar(cx, cy, inner, a)}L${polar(cx, cy, outer, a)}" fill="none"/>`);
        break;
      }
      case 'teardrops': {
        const r = Math.min(depth * 0.3, mid * Math.sin(step / 2) * 0.7);
        const d = `M${polar(cx, cy, outer - depth * 0.05, a)}Q${polar(cx, cy, mid, a - step * 0.4)} ${polar(cx, cy, inner + r, a)}Q${polar(cx, cy, mid, a + step * 0.4)} ${polar(cx, cy, outer - depth * 0.05, a)}Z`;
        out.push(path(d, fill));
        break;
      }
      case 'scallops': {
        const r = Math.min(depth * 0.95, 2 * inner * Math.sin(step / 2)) / 2;
        const d = `M${polar(cx, cy, inner, a - step / 2)}A${n(r)} ${n(r)} 0 0 1 ${polar(cx, cy, inner, a + step / 2)}Z`;
        out.push(path(d, fill));
        break;
      }
      case 'beads': {
        const r = Math.min(depth * 0.38, mid * Math.sin(step / 2) * 0.8);
        const [x, y] = [cx + mid * Math.cos(a), cy + mid * Math.sin(a)];
        out.push(circle(x, y, r, fill));
        break;
      }
      case 'spikes': {
        const d = `M${polar(cx, cy, inner, a - step / 2)}L${polar(cx, cy, outer * 0.98, a)}L${polar(cx, cy, inner, a + step / 2)}Z`;
        out.push(path(d, fill));
        break;
      }
      case 'flowers': {
        // A ring of rings: petals that never overlap, so no lens-shaped slivers between them.
        const r = Math.min(depth * 0.42, mid * Math.sin(step / 2) * 0.85);
        const [x, y] = [cx + mid * Math.cos(a), cy + mid * Math.sin(a)];
        out.push(circle(x, y, r, fill));
        // The inner ring only where it is wide enough to colour; otherwise it prints as a blot.
        if (r * 0.45 >= 2.5 * PX_PER_MM) out.push(circle(x, y, r * 0.55, paint(colored, '#fee440')));
        break;
      }
    }
  }
  return out.join('');
}

/** Room left at a mandala's centre for a subject ("an owl mandala"), and the regions it brings. */
export interface MandalaCentre {
  /** The centre disc's radius as a share of the mandala's. */
  share: number;
  regions: number;
}

/**
 * A seeded mandala: rings from the centre out, each with one motif, never the same motif in
 * neighbouring rings. Drawn outermost first so every ring's disc covers the motifs behind it.
 * With a centre, the middle is one plain disc the caller draws its subject on.
 */
export function drawMandala(cx: number, cy: number, radius: number, difficulty: Difficulty, random: Random, colored: boolean, centre?: MandalaCentre): string {
  const [minRings, maxRings] = RING_COUNTS[difficulty];
  const core = radius * (centre?.share ?? (difficulty === 'toddler' ? 0.3 : 0.12));
  // Fewer rings in the narrower band a centre subject leaves.
  const rings = centre ? Math.max(1, Math.round(random.int(minRings, maxRings) * (1 - centre.share))) : random.int(minRings, maxRings);
  const plans: RingPlan[] = [];
  let previous: Motif | null = null;
  let inner = core;
  // Rings get wider outward so outer motifs are not tiny slivers.
  const weights = Array.from({ length: rings }, (_, i) => 1 + i * 0.15);
  const total = weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < rings; i++) {
    const outer = i === rings - 1 ? radius : inner + ((radius - core) * weights[i]) / total;
    const choices = MOTIFS.filter((m) => m !== previous && !(i === 0 && (m === 'flowers' || m === 'leaves')));
    const motif = random.pick(choices);
    // As many motifs as fit around the ring, but none narrower than a crayon can fill.
    const circumference = Math.PI * (inner + outer);
    const widest = Math.floor(circumference / (MIN_MOTIF_MM[difficulty] * PX_PER_MM));
    const wanted = Math.round(circumference / ((outer - inner) * random.range(0.8, 1.4)));
    const count = Math.max(MIN_COUNT[difficulty], Math.min(widest, wanted, random.pick(MOTIF_COUNTS[difficulty]) * 2));
    plans.push({ inner, outer, motif, count, color: random.pick(PALETTE), offset: random.next() < 0.5 ? 0 : Math.PI / count });
    previous = motif;
    inner = outer;
  }
  // Keep the estimated region count inside the difficulty's band: thin out the busiest rings.
  // Regions a motif adds: overlapping petals make lenses, spikes split the ring behind them.
  const perMotif: Record<Motif, number> = { petals: 3, spikes: 2, flowers: 2, leaves: 2, almonds: 1, scallops: 1, beads: 1, teardrops: 1 };
  const regionsOf = (plan: RingPlan): number => plan.count * perMotif[plan.motif] + 1;
  const budget = REGION_BUDGET[difficulty] - (centre?.regions ?? 0);
  // Margin, frame ring, page background and core are regions too.
  const estimate = (): number => plans.reduce((sum, plan) => sum + regionsOf(plan), 5);
  for (let guard = 0; guard < 100 && estimate() > budget; guard++) {
    const busiest = plans.reduce((a, b) => (regionsOf(b) > regionsOf(a) ? b : a));
    if (busiest.count > MIN_COUNT[difficulty]) busiest.count = Math.max(MIN_COUNT[difficulty], busiest.count - 2);
    else if (plans.length > 1) {
      // Merge the two innermost rings' space into one: drop the inner ring, widen the next.
      const [first, second] = plans;
      second.inner = first.inner;
      plans.shift();
    } else break;
  }
  const out: string[] = [];
  for (let i = plans.length - 1; i >= 0; i--) {
    const plan = plans[i];
    out.push(circle(cx, cy, plan.outer, paint(colored, i % 2 ? '#fff8e1' : '#e0f7fa')));
    out.push(drawMotif(plan, cx, cy, colored));
  }
  out.push(circle(cx, cy, core, paint(colored, centre ? '#fff8e1' : random.pick(PALETTE))));
  if (difficulty !== 'toddler' && !centre) out.push(circle(cx, cy, core * 0.45, paint(colored, random.pick(PALETTE))));
  return out.join('');
}
