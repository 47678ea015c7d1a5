/**
 * Mouth and hand anchor points of a library subject, derived from its silhouette and eyes at build time:
 * where a held object (balloon, flowers) or something in the mouth (bone, fish) touches it.
 *
 * The eyes (OpenMoji draws them as solid ink dots) say how the subject is drawn:
 * - `side`: one eye, or both, off to one side: a creature in profile (dog, horse, bird, fish),
 *   facing that side; the mouth is the outline point furthest that way from eye level down, a
 *   little below the snout tip. No hands.
 * - `face`: a level pair of eyes across the middle (most OpenMoji animal emoji are faces: bear,
 *   panda, frog). The mouth is halfway from the eyes to the chin. No hands.
 * - `figure`: a front-facing body with a narrower neck under its head (teddy bear, fairy, robot).
 *   The mouth is low in the head; the hands are the lateral extremes of the middle band.
 * - `bust`: a person drawn from the shoulders up (girl, boy): hands sit in front of the chest,
 *   near the bottom corners, where a held bunch of flowers would be.
 */
import type { SubjectKind } from './curation';

export type Pose = 'side' | 'face' | 'figure' | 'bust';

/** Anchor points in the subject's 72-unit box. */
export interface SubjectAnchors {
  pose: Pose;
  /** −1 faces left, 1 faces right, 0 faces the viewer. */
  facing: -1 | 0 | 1;
  mouth: [number, number] | null;
  /** One or two points where a held object goes, the facing side first. */
  hands: [number, number][];
}

/** Creatures that have a mouth, by kind; the names listed are things, not creatures. */
const CREATURE_KINDS = new Set<SubjectKind>(['animal', 'bird', 'sea', 'bug', 'dinosaur', 'fantasy', 'person']);
const NOT_CREATURE = /paw prints|pig nose|poppy|microbe|spider web|fried shrimp|fish cake|fishing pole|spiral shell|oyster|coral|mahjong|castle|trolleybus|feather|wing|nest|snail|worm|jellyfish|spouting|octopus|squid|mermaid|genie|ghost|alien$/;
/** Things outside the creature kinds that are drawn as creatures. */
const CREATURE_NAMES = /^(teddy bear|santa claus|snowman|snowman without snow|gardener man|gardener woman)$/;
/**
 * Looked at on bench/out/anchors-sheet.png: profiles whose heavier end is the rump or the tail
 * (so the rule reads them backwards), and subjects where no rule finds the mouth.
 */
const FACING: Partial<Record<string, -1 | 1>> = {
  rat: -1, pig: -1, monkey: -1, camel: -1, chipmunk: -1, raccoon: 1, skunk: -1, 'polar bear': -1, dove: -1, eagle: -1,
  rhinoceros: -1, hedgehog: -1, 'guide dog': -1, pigeon: -1, dog: -1, 'service dog': -1, poodle: -1, cow: -1,
  turtle: -1, elephant: -1, boar: -1, horse: -1, fish: 1, whale: -1, shark: 1,
};
const NO_ANCHORS = /^(penguin|shrimp|swan|bat|owl|dragon|mouse|ox|water buffalo)$/;
/**
 * Anchors set by hand where the silhouette misleads the measure: OpenMoji's dragon rears up, its
 * wings and tail wider than its head, so no head is found; its open mouth (with the tongue) is at
 * the upper right. Used for what comes out of its mouth ("a dragon breathing fire").
 */
export const SET_ANCHORS: Record<string, SubjectAnchors> = {
  dragon: { pose: 'side', facing: 1, mouth: [51, 22], hands: [] },
};
/** Creatures whose silhouette has arms that hold things. */
const HAS_HANDS = /teddy bear|santa claus|snowman|gardener|claus|superhero|supervillain|mage|fairy|elf|troll|ogre|goblin|robot|baby angel|gorilla|orangutan|monkey$|kangaroo|alien monster|hairy creature|clown/;

export function hasAnchorsFor(kind: SubjectKind, name: string): boolean {
  if (CREATURE_NAMES.test(name)) return true;
  return CREATURE_KINDS.has(kind) && !NOT_CREATURE.test(name) && !NO_ANCHORS.test(name);
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function boundsOf(solid: Uint8Array, size: number): Box | null {
  let left = size;
  let top = size;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!solid[y * size + x]) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? null : { left, top, right, bottom };
}

/** Leftmost and rightmost solid cell of a row, or null for an empty row. */
function rowExtent(solid: Uint8Array, size: number, y: number): [number, number] | null {
  let a = -1;
  let b = -1;
  for (let x = 0; x < size; x++) {
    if (solid[y * size + x]) {
      if (a < 0) a = x;
      b = x;
    }
  }
  return a < 0 ? null : [a, b];
}

/**
 * The row of the neck under a front-facing head: the narrowest row below the head's widest row
 * (in the upper 40 %), within the upper 70 %, when it is clearly narrower than both the head and what follows it.
 */
export function neckRow(solid: Uint8Array, size: number, box: Box): number | null {
  const height = box.bottom - box.top + 1;
  const widths: number[] = [];
  for (let y = box.top; y <= box.bottom; y++) {
    const e = rowExtent(solid, size, y);
    widths.push(e ? e[1] - e[0] + 1 : 0);
  }
  const headEnd = Math.round(height * 0.4);
  let headRow = 0;
  for (let i = 0; i < headEnd; i++) if (widths[i] > widths[headRow]) headRow = i;
  let neck = -1;
  for (let i = headRow + 1; i < Math.round(height * 0.7); i++) if (neck < 0 || widths[i] < widths[neck]) neck = i;
  if (neck < 0) return null;
  const below = Math.max(...widths.slice(neck));
  if (widths[neck] > widths[headRow] * 0.85 || below < widths[neck] * 1.2) return null;
  return box.top + neck;
}

/** The solid cell of row y furthest to the given side. */
function extremeOfRow(solid: Uint8Array, size: number, y: number, side: -1 | 1): number | null {
  const e = rowExtent(solid, size, y);
  return e ? (side < 0 ? e[0] : e[1]) : null;
}

/**
 * Eyes: the small compact blobs of solid ink (OpenMoji draws eyes as filled dots) in the upper
 * 75 % of the subject, as centres in cell units. `ink` is a raster of the subject's ink shapes only.
 */
export function findEyes(ink: Uint8Array, size: number, box: Box): [number, number][] {
  const seen = new Uint8Array(size * size);
  const eyes: [number, number][] = [];
  const height = box.bottom - box.top + 1;
  const width = box.right - box.left + 1;
  const maxArea = width * height * 0.02;
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let l = size;
    let t = size;
    let r = -1;
    let b = -1;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % size;
      const y = (p / size) | 0;
      area++;
      sx += x;
      sy += y;
      if (x < l) l = x;
      if (x > r) r = x;
      if (y < t) t = y;
      if (y > b) b = y;
      for (const q of [p - 1, p + 1, p - size, p + size]) {
        if (q < 0 || q >= ink.length || seen[q] || !ink[q]) continue;
        if ((q === p - 1 && x === 0) || (q === p + 1 && x === size - 1)) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    const w = r - l + 1;
    const h = b - t + 1;
    const cy = sy / area + 0.5;
    if (area < 3 || area > maxArea || w > h * 2.2 || h > w * 2.2 || area < w * h * 0.45) continue;
    if (cy > box.top + height * 0.75) continue;
    eyes.push([sx / area + 0.5, cy]);
  }
  return eyes;
}

/**
 * Anchors of one silhouette (`solid`, size×size cells, 1 = subject) with its eyes (findEyes) in
 * cell units; `unit` converts cells to the 72-unit box. Null when the subject has no reliable anchor.
 */
export function computeAnchors(solid: Uint8Array, eyes: [number, number][], size: number, kind: SubjectKind, name: string, unit = 1): SubjectAnchors | null {
  if (!hasAnchorsFor(kind, name)) return null;
  const box = boundsOf(solid, size);
  if (!box) return null;
  const width = box.right - box.left + 1;
  const height = box.bottom - box.top + 1;
  const centre = (box.left + box.right + 1) / 2;
  const at = (x: number, y: number): [number, number] => [Math.round(x * unit * 100) / 100, Math.round(y * unit * 100) / 100];
  // The eyes decide the pose: a level pair across the centre looks at the viewer, eyes off to
  // one side are a head in profile. Without eyes there is no telling where the head is.
  const pair = bestPair(eyes, width, height);
  let facing: -1 | 0 | 1;
  let eye: [number, number];
  if (pair && Math.abs((pair[0][0] + pair[1][0]) / 2 - centre) < width * 0.12) {
    facing = 0;
    eye = [(pair[0][0] + pair[1][0]) / 2, (pair[0][1] + pair[1][1]) / 2];
  } else if (eyes.length > 0) {
    // The eye nearest the top is the head's (a second blob may be a nostril or a spot).
    eye = [...eyes].sort((a, b) => a[1] - b[1])[0];
    if (pair) eye = [(pair[0][0] + pair[1][0]) / 2, (pair[0][1] + pair[1][1]) / 2];
    const shift = eye[0] - centre;
    if (Math.abs(shift) < width * 0.08) return null;
    facing = shift < 0 ? -1 : 1;
  } else {
    // No eyes drawn (many OpenMoji profiles have none): the head is the heavier end of the upper
    // body, a tail or a rump is thinner. Too close to call → no anchor.
    facing = profileFacing(solid, size, box, name);
    if (facing === 0) return null;
    const side = facing;
    let tipX = side < 0 ? size : -1;
    let tipY = box.top;
    for (let y = box.top; y <= box.top + height * 0.5; y++) {
      const x = extremeOfRow(solid, size, y, side);
      if (x !== null && (side < 0 ? x < tipX : x > tipX)) {
        tipX = x;
        tipY = y;
      }
    }
    eye = [tipX - side * width * 0.12, tipY];
  }
  const neck = facing === 0 ? neckRow(solid, size, box) : null;
  let pose: Pose;
  if (kind === 'person') pose = 'bust';
  else if (facing !== 0) pose = 'side';
  else if (neck !== null && neck > eye[1] && HAS_HANDS.test(name)) pose = 'figure';
  else pose = 'face';
  // Only a profile faces a side; a bust with a pitchfork beside it still looks at the viewer.
  if (pose !== 'side') facing = 0;

  if (pose === 'side') {
    const side = facing as -1 | 1;
    // The snout tip: the furthest point towards the facing side from eye level down a third.
    const from = Math.max(box.top, Math.round(eye[1] - height * 0.05));
    const to = Math.min(box.bottom, Math.round(eye[1] + height * 0.3));
    let tipX = side < 0 ? size : -1;
    for (let y = from; y <= to; y++) {
      const x = extremeOfRow(solid, size, y, side);
      if (x !== null && (side < 0 ? x < tipX : x > tipX)) tipX = x;
    }
    if (tipX < 0 || tipX >= size) return null;
    // The rows that reach (nearly) that far are the front of the snout: the mouth is a little
    // below their middle, where the jaw is, rather than at a nose tip or a chin corner.
    const reach = Math.max(1, Math.round(width * 0.02));
    const front: number[] = [];
    for (let y = from; y <= to; y++) {
      const x = extremeOfRow(solid, size, y, side);
      if (x !== null && Math.abs(x - tipX) <= reach) front.push(y);
    }
    const mouthY = Math.round(front[0] + (front[front.length - 1] - front[0]) * 0.6);
    const mouthX = extremeOfRow(solid, size, mouthY, side) ?? tipX;
    // On the outline, one cell inside, so a held object overlaps the lips rather than floats.
    return { pose, facing, mouth: at(mouthX - side * 0.5 + 0.5, mouthY + 0.5), hands: [] };
  }

  if (pose === 'face') {
    // Halfway from the eyes to the chin.
    const y = Math.round(eye[1] + (box.bottom - eye[1]) * 0.5);
    return { pose, facing, mouth: at(eye[0], y + 0.5), hands: [] };
  }

  const chin = neck !== null && neck > eye[1] ? neck : box.top + height * 0.62;
  const mouthY = eye[1] + (chin - eye[1]) * 0.55;
  if (pose === 'bust') {
    const handY = box.top + height * 0.86;
    return {
      pose,
      facing,
      mouth: at(eye[0], mouthY),
      hands: [at(box.left + width * 0.24, handY), at(box.right + 1 - width * 0.24, handY)],
    };
  }

  // Figure: hands at the widest reach of the middle band, below the neck.
  const bandTop = Math.max(chin + 1, box.top + Math.round(height * 0.35));
  const bandEnd = box.top + Math.round(height * 0.75);
  const hands: [number, number][] = [];
  for (const side of [-1, 1] as const) {
    let best: [number, number] | null = null;
    for (let y = Math.round(bandTop); y <= bandEnd; y++) {
      const x = extremeOfRow(solid, size, y, side);
      if (x !== null && (!best || (side < 0 ? x < best[0] : x > best[0]))) best = [x, y];
    }
    if (best) hands.push(at(best[0] + 0.5 - side * 0.5, best[1] + 0.5));
  }
  return { pose, facing, mouth: at(eye[0], mouthY), hands };
}

/** The side a creature drawn without eyes faces: the list looked at by eye, else its heavier end. */
export function profileFacing(solid: Uint8Array, size: number, box: Box, name: string): -1 | 0 | 1 {
  return FACING[name] ?? heavierEnd(solid, size, box);
}

/** −1 or 1 for the end (outer quarter of the width, upper 55 %) with clearly more body, else 0. */
export function heavierEnd(solid: Uint8Array, size: number, box: Box): -1 | 0 | 1 {
  const width = box.right - box.left + 1;
  const height = box.bottom - box.top + 1;
  const quarter = Math.max(1, Math.round(width * 0.25));
  let left = 0;
  let right = 0;
  for (let y = box.top; y <= box.top + height * 0.55; y++) {
    for (let i = 0; i < quarter; i++) {
      left += solid[y * size + box.left + i];
      right += solid[y * size + box.right - i];
    }
  }
  if (left > right * 1.3) return -1;
  if (right > left * 1.3) return 1;
  return 0;
}

/** The two eyes most level with each other, if any two are level and apart. */
function bestPair(eyes: [number, number][], width: number, height: number): [[number, number], [number, number]] | null {
  let best: [[number, number], [number, number]] | null = null;
  let bestScore = Infinity;
  for (let i = 0; i < eyes.length; i++) {
    for (let j = i + 1; j < eyes.length; j++) {
      const dy = Math.abs(eyes[i][1] - eyes[j][1]);
      const dx = Math.abs(eyes[i][0] - eyes[j][0]);
      if (dy > height * 0.06 || dx < width * 0.08 || dx > width * 0.6) continue;
      const score = dy + eyes[i][1] * 0.01 + eyes[j][1] * 0.01;
      if (score < bestScore) {
        bestScore = score;
        best = eyes[i][0] < eyes[j][0] ? [eyes[i], eyes[j]] : [eyes[j], eyes[i]];
      }
    }
  }
  return best;
}
