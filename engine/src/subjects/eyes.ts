/**
 * Eyes for creatures drawn without them (issue 34: "every animal and person drawn has eyes").
 * Many OpenMoji animals are silhouettes in profile with no eye at all (T-rex, rabbit, cat, horse):
 * on a colouring page they read as faceless. At build time, a creature whose artist drew no eye
 * dots (anchors.ts#findEyes) gets eyes placed on its head: one for a profile, on the facing side
 * of the head, two for a front view. Each eye is an outlined white circle (a region to colour
 * around) with a filled pupil and a white highlight cut out of it, sized to the head.
 *
 * The eye is put where the silhouette is clear of lines (distance to the nearest line or to the
 * outside), so it never crosses a line the artist drew nor leaves the body.
 */
import type { Box } from './anchors';
import type { SubjectKind } from './curation';
import type { OutlineElement } from './openmoji-outline';

/** The kinds whose subjects are creatures that should look back at the child. */
export const CREATURE_EYE_KINDS = new Set<SubjectKind>(['animal', 'bird', 'sea', 'bug', 'dinosaur', 'fantasy', 'person']);

/** Subjects of those kinds that are things, or parts of a creature, not a creature with a face. */
const NOT_A_FACE =
  /^(mahjong red dragon|fried shrimp|fish cake with swirl|japanese castle|castle|trolleybus|paw prints|pig nose|spiral shell|spider web|feather|wing|coral|oyster|poppy|ice shelf|microbe|nest with eggs|empty nest|lotus|rock|wood|hyacinth)$/;

/**
 * Creatures left without eyes, and why; looked at on bench/out/eyes-sheet.png. The eyes test
 * lists every other creature of the library that has none.
 */
export const EYELESS_CREATURES: Record<string, string> = {
  ghost: 'a sheet ghost: its eye holes are drawn as outlined shapes',
  alien: 'its big eyes are drawn as outlined shapes',
  robot: 'its eyes are drawn as outlined rings',
  owl: 'its eyes are drawn as outlined rings',
  sloth: 'its face is drawn, eyes as outlined patches',
  baby: 'drawn asleep, eyes closed',
  butterfly: 'its body is a thin line between the wings: no head with room for eyes',
  bat: 'wings spread level with its small head: the eyes land on a wing',
  eagle: 'wings spread over its head: the eye lands on a wing',
  crab: 'eyes on stalks, drawn as lines',
  mosquito: 'a thin insect: no head with room for an eye',
  cockroach: 'a thin insect: no head with room for an eye',
  bug: 'a caterpillar seen from the side, segments only: no head with room for an eye',
  phoenix: 'a flame-shaped emblem: no head with room for an eye',
  moose: 'a front view under wide antlers: the eyes land on an antler',
  narwhal: 'its head is narrower than an eye that prints',
  turtle: 'its head is a small circle beside the shell: the eye would land on the shell',
  giraffe: 'its head is narrower than an eye that prints: the eye lands on the neck',
  seahorse: 'its one eye is drawn, a ring with a pupil',
};

/**
 * People drawn as pictograms (a stick figure surfing, biking, juggling): the head is a circle a few
 * units across, too small for two eyes that print as eyes, so it stays a plain circle.
 */
export const PICTOGRAM_PEOPLE =
  /surfing|swimming|rowing boat|biking|juggling|handball|cartwheeling|lotus position|standing|climbing|skier|snowboarder|dancing|horse racing|horse riding|windsurfing|person with dog|bouncing ball|^dj|dj (man|woman)|ballet dancer|in bed/;

/** Does this subject need eyes when its artist drew none? */
export function wantsEyes(kind: SubjectKind, name: string): boolean {
  if (kind === 'person' && PICTOGRAM_PEOPLE.test(name)) return false;
  return CREATURE_EYE_KINDS.has(kind) && !NOT_A_FACE.test(name) && !(name in EYELESS_CREATURES);
}

/**
 * Looked at on bench/out/eyes-sheet.png: profiles whose heavier end is the rump (so the rule of
 * anchors.ts reads them as front views), and front views it reads as profiles.
 */
const EYE_FACING: Partial<Record<string, -1 | 0 | 1>> = {
  mouse: -1, ox: -1, dragon: 1, 'water buffalo': -1, ewe: -1, 'two-hump camel': -1, beaver: -1, doe: -1, donkey: -1, turkey: -1, mammoth: -1, 'tropical fish': 1,
};

/**
 * Eyes set by hand (centre and radius in the 72-unit box) where the clearest spot is not the head:
 * OpenMoji's dragon's head is thin beside its wide chest, which took the eye.
 */
export const EYE_AT: Record<string, [number, number, number]> = { dragon: [42.5, 13, 2.4] };

/** Profiles whose head is low, under a raised tail. */
export const HEAD_LOW = /^skunk$/;

/** The side the eyes look to: a person or a listed subject as looked at, else the silhouette's rule. */
export function eyeFacing(kind: SubjectKind, name: string, fallback: () => -1 | 0 | 1): -1 | 0 | 1 {
  if (kind === 'person') return 0;
  return EYE_FACING[name] ?? fallback();
}

/** An eye: centre and radius of its white, in the measuring raster's cells. */
export interface Eye {
  cx: number;
  cy: number;
  r: number;
}

/**
 * Two-pass chamfer distance (3-4, divided by 3) from each cell of `free` to the nearest cell that
 * is not free: how large a circle around the cell stays clear of lines and of the outside.
 */
export function clearance(free: Uint8Array, size: number): Float32Array {
  const d = new Float32Array(size * size);
  const far = size * 3;
  for (let i = 0; i < d.length; i++) d[i] = free[i] ? far : 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      if (!d[i]) continue;
      let v = d[i];
      if (x === 0 || y === 0 || x === size - 1 || y === size - 1) v = 0;
      else v = Math.min(v, d[i - 1] + 3, d[i - size] + 3, d[i - size - 1] + 4, d[i - size + 1] + 4);
      d[i] = v;
    }
  }
  for (let y = size - 2; y >= 1; y--) {
    for (let x = size - 2; x >= 1; x--) {
      const i = y * size + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i], d[i + 1] + 3, d[i + size] + 3, d[i + size + 1] + 4, d[i + size - 1] + 4);
    }
  }
  for (let i = 0; i < d.length; i++) d[i] /= 3;
  return d;
}

interface Window {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The clearest cell of a window: its position and clearance. */
function clearest(dist: Float32Array, size: number, w: Window): [number, number, number] {
  let best: [number, number, number] = [0, 0, 0];
  for (let y = Math.max(0, Math.round(w.top)); y <= Math.min(size - 1, Math.round(w.bottom)); y++) {
    for (let x = Math.max(0, Math.round(w.left)); x <= Math.min(size - 1, Math.round(w.right)); x++) {
      const v = dist[y * size + x];
      if (v > best[2]) best = [x, y, v];
    }
  }
  return best;
}

/**
 * Where the eyes go. `solid` is the silhouette, `lines` every ink cell of the outline drawing,
 * `facing` −1/1 for a profile facing left/right, 0 for a front view; `cell` is the size of one
 * 72-unit in cells (the eye's size limits are in units); `headLow` for a profile whose head is
 * not in its upper half (a skunk under its tail). Null when no head has room for an eye.
 */
export function placeEyes(solid: Uint8Array, lines: Uint8Array, size: number, box: Box, facing: -1 | 0 | 1, cell: number, headLow = false): Eye[] | null {
  const free = new Uint8Array(size * size);
  for (let i = 0; i < free.length; i++) free[i] = solid[i] && !lines[i] ? 1 : 0;
  const dist = clearance(free, size);
  const width = box.right - box.left + 1;
  const height = box.bottom - box.top + 1;
  // The eye's stroke reaches half a unit beyond its white, and a little paper must stay between it
  // and the line next to it, or the ring would merge with that line.
  const margin = 0.8 * cell;
  const minR = 1.3 * cell;
  const maxR = 4.2 * cell;
  if (facing !== 0) {
    // The head of a profile: the point furthest to the facing side in the upper half (snout or
    // beak), and the body behind it up to 40 % of the width.
    let tipX = facing < 0 ? size : -1;
    let tipY = box.top;
    for (let y = box.top; y <= box.top + height * (headLow ? 1 : 0.5); y++) {
      for (let x = box.left; x <= box.right; x++) {
        if (!solid[y * size + x]) continue;
        if (facing < 0 ? x < tipX : x > tipX) {
          tipX = x;
          tipY = y;
        }
        break;
      }
      if (facing > 0) {
        for (let x = box.right; x >= box.left; x--) {
          if (!solid[y * size + x]) continue;
          if (x > tipX) {
            tipX = x;
            tipY = y;
          }
          break;
        }
      }
    }
    const near = (reach: number, below: number): Window => ({
      left: facing < 0 ? tipX : tipX - width * reach,
      right: facing < 0 ? tipX + width * reach : tipX,
      top: headLow ? Math.max(box.top, tipY - height * below) : box.top,
      bottom: Math.min(box.bottom, tipY + height * below),
    });
    // The eye is sized to the head (the clearest area close behind the tip), not to the body.
    const head = clearest(dist, size, near(0.2, 0.2));
    const window = near(0.3, 0.25);
    for (let r = Math.min(maxR, Math.max(minR, head[2] * 0.5)); r >= minR; r -= 0.25 * cell) {
      const eye = profileEye(dist, size, box, window, tipX, r + margin);
      if (eye) return [{ ...eye, r }];
    }
    return null;
  }

  // A front view: the head is the clearest area in the upper part; two eyes across it.
  const centre = (box.left + box.right) / 2;
  const window: Window = { left: centre - width * 0.15, right: centre + width * 0.15, top: box.top, bottom: box.top + height * 0.45 };
  const head = clearest(dist, size, window);
  for (let r = Math.min(maxR, head[2] * 0.3); r >= minR; r -= 0.25 * cell) {
    const apart = Math.max(r * 1.5, head[2] * 0.45);
    const eyes: Eye[] = [-1, 1].map((side) => ({ cx: head[0] + 0.5 + side * apart, cy: head[1] + 0.5 - head[2] * 0.1, r }));
    if (eyes.every((e) => (dist[Math.floor(e.cy) * size + Math.floor(e.cx)] ?? 0) >= r + margin)) return eyes;
  }
  return null;
}

/**
 * Of the window's cells with `room`, the one nearest the snout and the top of the head: an eye
 * sits high and forward, behind the snout, not in the middle of the neck.
 */
function profileEye(dist: Float32Array, size: number, box: Box, window: Window, tipX: number, room: number): { cx: number; cy: number } | null {
  const width = box.right - box.left + 1;
  const height = box.bottom - box.top + 1;
  let best: { cx: number; cy: number } | null = null;
  let bestScore = Infinity;
  for (let y = Math.max(0, Math.round(window.top)); y <= Math.min(size - 1, Math.round(window.bottom)); y++) {
    for (let x = Math.max(0, Math.round(window.left)); x <= Math.min(size - 1, Math.round(window.right)); x++) {
      if (dist[y * size + x] < room) continue;
      const score = Math.abs(x - tipX) / width + (y - box.top) / height;
      if (score < bestScore) {
        bestScore = score;
        best = { cx: x + 0.5, cy: y + 0.5 };
      }
    }
  }
  return best;
}

const round = (v: number): string => String(Math.round(v * 100) / 100);

function circlePath(cx: number, cy: number, r: number): string {
  return `M${round(cx - r)} ${round(cy)}a${round(r)} ${round(r)} 0 1 0 ${round(2 * r)} 0a${round(r)} ${round(r)} 0 1 0 ${round(-2 * r)} 0z`;
}

/**
 * The eyes as outline elements in the 72-unit box (`unit` converts cells to units): the white of
 * the eye (a region), the pupil looking to the facing side, and a highlight cut out of the pupil
 * (even-odd), so it prints white without a stroke of its own.
 */
export function eyeElements(eyes: Eye[], facing: -1 | 0 | 1, unit: number): OutlineElement[] {
  const out: OutlineElement[] = [];
  for (const eye of eyes) {
    const cx = eye.cx * unit;
    const cy = eye.cy * unit;
    const r = eye.r * unit;
    // A pupil no wider than a small button: a large eye keeps more white to colour, not a blob.
    const pupilR = Math.min(r * 0.55, 1.6);
    const px = cx + facing * r * 0.22;
    const py = cy + r * 0.05;
    const glintR = pupilR * 0.36;
    const gx = px - pupilR * 0.35;
    const gy = py - pupilR * 0.38;
    out.push({ tag: 'circle', attrs: { cx: round(cx), cy: round(cy), r: round(r) }, role: 'fill', color: '#fff' });
    out.push({ tag: 'path', attrs: { d: circlePath(px, py, pupilR) + circlePath(gx, gy, glintR), 'fill-rule': 'evenodd' }, role: 'ink', color: null });
  }
  return out;
}
