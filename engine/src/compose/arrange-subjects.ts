/**
 * Placing subjects by how the prompt relates them: a rider on its mount, a small thing on a big
 * one (a bee on a sunflower, a cat on a pillow), a thing under or over another, one in front of
 * another, groups of 2 to 5 in a row with varied size and overlap, and worn things (hats, crowns,
 * scarves, glasses, capes) at the wearer's head. All boxes are page pixels; every function
 * returns placements in drawing order (back to front).
 */
import type { ArrangeVerb } from '../prompt/relation-words';
import { decodeMask, MASK_SIZE, SUBJECT_BOX } from '../subjects/subject-library';
import type { Subject } from '../subjects/subject-library';
import { fitSubject, placementBox } from './place-subject';
import type { Placement } from './place-subject';
import type { Box } from './scenes';
import type { Random } from './seeded-random';

export interface Stage {
  /** The drawing area inside the frame. */
  area: Box;
  /** Where grounded subjects stand; subjects float when `floating`. */
  groundY: number;
  floating: boolean;
}

/** A silhouette's cells in page coordinates: the column and row centres of its mask cells. */
function silhouette(p: Placement): { x: number; y: number }[] {
  const mask = decodeMask(p.subject);
  const [l, , r, b] = p.subject.bounds;
  const unit = SUBJECT_BOX / MASK_SIZE;
  const cells: { x: number; y: number }[] = [];
  for (let my = 0; my < MASK_SIZE; my++) {
    for (let mx = 0; mx < MASK_SIZE; mx++) {
      if (!mask[my * MASK_SIZE + mx]) continue;
      const ux = (mx + 0.5) * unit;
      cells.push({ x: p.flip ? p.left + (r - ux) * p.scale : p.left + (ux - l) * p.scale, y: p.bottom - (b - (my + 0.5) * unit) * p.scale });
    }
  }
  return cells;
}

/** The top of a placed silhouette at page column x (its box top when no cell is near). */
export function topAt(p: Placement, x: number): number {
  const box = placementBox(p);
  const reach = (p.scale * SUBJECT_BOX) / MASK_SIZE;
  let top = Infinity;
  for (const c of silhouette(p)) if (Math.abs(c.x - x) <= reach && c.y < top) top = c.y;
  return Number.isFinite(top) ? top - reach / 2 : box.y;
}

/** Fits a subject to a height (and at most a width), its bottom centre at (cx, bottom). */
function standAt(subject: Subject, cx: number, bottom: number, height: number, maxWidth: number, flip = false): Placement {
  return fitSubject(subject, { x: cx - maxWidth / 2, y: bottom - height, width: maxWidth, height }, flip);
}

const SMALL_KINDS = new Set(['bug', 'bird']);
/** Kinds that fly or float in space. */
const FLYING_KINDS = new Set<Subject['kind']>(['air', 'space']);
/** Things one sits on, whose top is a backrest rather than somewhere to stand (a teddy bear sits up on it). */
const SEATS = /throne|chair|sofa|couch|armchair|bench/;
/** Low things one sits or stands on top of, however big they are for their kind. */
const PERCHES = /^(rock|stone|boulder|log|stump|tree stump)$/;
/** Things in the sky, which a flier crosses in front of rather than above. */
const SKY_THINGS = /moon|^sun|rainbow|cloud|planet/;

/** Rough real-world size of a subject, for drawing things beside each other in proportion. */
const SIZE_BY_KIND: Record<Subject['kind'], number> = {
  bug: 0.4, food: 0.7, toy: 0.8, object: 0.8, weather: 2, plant: 1, bird: 0.8, sea: 1, animal: 1.5, person: 2, fantasy: 2, holiday: 1.5,
  dinosaur: 3, road: 3, air: 3, water: 3, space: 3, building: 4,
};
const SIZE_BY_NAME: [RegExp, number][] = [
  [/mouse|hamster|chick|snail|frog/, 0.5], [/^(rock|stone|boulder)$/, 1.5], [/elephant|whale|(?<!sea)horse|camel/, 3], [/giraffe|cow|rhinoceros|hippopotamus|bear$/, 2.5], [/tree|palm|castle|lighthouse|barn|house|mountain/, 4],
  // A parrot beside a pirate ship is the size of a sailor's, not of the ship.
  [/ship|boat|sailboat|canoe|yacht|ferry/, 3],
  [/sunflower/, 1.6], [/^dragon|dragon$/, 3], [/teddy bear|ball|yarn|gift|balloon|kite/, 0.8], [/couch|sofa|bed|bench|throne|armchair|rocking chair/, 2.2],
];
export function sizeClass(subject: Subject): number {
  return SIZE_BY_NAME.find(([pattern]) => pattern.test(subject.name))?.[1] ?? SIZE_BY_KIND[subject.kind];
}

/**
 * Two subjects by an arrangement verb: `mover` is the one placed (the rider, the bee), `reference`
 * the one it is placed by (the horse, the sunflower).
 */
export function arrangePair(verb: ArrangeVerb, mover: Subject, reference: Subject, stage: Stage, unit: number, count = 1): Placement[] {
  const { area } = stage;
  const ground = stage.floating ? area.y + area.height * 0.92 : stage.groundY + unit * 0.03;
  const cx = area.x + area.width / 2;
  const roomHeight = ground - area.y;
  switch (verb) {
    case 'ride': {
      const mount = standAt(reference, cx, ground, roomHeight * 0.55, area.width * 0.8);
      const m = placementBox(mount);
      // A seated figure faces the way its mount does (its knees towards the horse's head).
      const facing = (placement: Placement): number => (placement.subject.anchors?.facing ?? 0) * (placement.flip ? -1 : 1);
      const riderFacing = mover.anchors?.facing ?? 0;
      const flip = riderFacing !== 0 && facing(mount) !== 0 && riderFacing !== facing(mount);
      const rider = standAt(mover, m.x + m.width / 2, topAt(mount, m.x + m.width / 2) + m.height * 0.35, m.height * 0.75, m.width * 0.6, flip);
      return [mount, rider];
    }
    case 'climb': {
      // On the trunk, in front of it, about halfway up: the tree big behind (a koala hugging a
      // tree, a monkey climbing one).
      const tree = standAt(reference, cx, ground, roomHeight * 0.95, area.width * 0.92);
      const t = placementBox(tree);
      const h = roomHeight * (SMALL_KINDS.has(mover.kind) ? 0.22 : 0.36);
      return [tree, standAt(mover, t.x + t.width / 2, t.y + t.height * 0.86, h, area.width * 0.42)];
    }
    case 'on':
    case 'in': {
      const small = SMALL_KINDS.has(mover.kind);
      if (reference.name === 'branch') {
        // Owls on a branch: the bough across the lower half, the birds big on it, side by side.
        const bough = fitSubject(reference, { x: area.x, y: ground - roomHeight * 0.55, width: area.width, height: roomHeight * 0.42 });
        const b = placementBox(bough);
        const each = (b.width * 0.86) / count;
        return [bough, ...Array.from({ length: count }, (_, i) => {
          const x = b.x + b.width * 0.07 + each * (i + 0.5);
          const h = Math.min(roomHeight * 0.5, each * 1.3);
          return standAt(mover, x, topAt(bough, x) + h * 0.08, h, each * 0.95, i % 2 === 1);
        })];
      }
      if (!small && sizeClass(mover) >= 1.5 && SEATS.test(reference.name)) {
        // A king on his throne, a cat on the sofa: in front of the seat, as tall as its back, not
        // a figurine on top of the backrest.
        const seat = standAt(reference, cx, ground, roomHeight * 0.62, area.width * 0.85);
        const s = placementBox(seat);
        if (count === 1) return [seat, standAt(mover, cx, ground + unit * 0.01, s.height * 0.92, s.width * 0.8)];
        // Several side by side in front of it ("two cats sleeping on a sofa" drew one cat).
        const each = (s.width * 0.92) / count;
        return [seat, ...Array.from({ length: count }, (_, i) => standAt(mover, s.x + s.width * 0.04 + each * (i + 0.5), ground + unit * 0.01, (s.height * 0.92) / Math.max(1, count * 0.7), each * 0.98, i % 2 === 1))];
      }
      // A person or an animal on something no bigger than itself (a fairy on a mushroom, a cat on a
      // pillow) is the picture: the thing under it is low and the one on it as wide as it.
      // A rock is such a thing for whoever sits on it (a mermaid on a rock was a figurine on a boulder).
      const onSmaller = !small && count === 1 && (sizeClass(mover) >= sizeClass(reference) || PERCHES.test(reference.name));
      const perch = PERCHES.test(reference.name);
      const base = standAt(reference, cx, ground, roomHeight * (onSmaller || (small && perch) ? 0.34 : small ? 0.62 : 0.5), area.width * 0.8);
      const b = placementBox(base);
      // Several on one thing ("two owls on a branch") share its top, side by side.
      const size = (small ? (perch ? 0.5 : 0.3) : onSmaller ? 1 : 0.62) / Math.max(1, count * 0.75);
      // On a low thing the one on it is the picture: up to six tenths of the room high (a mermaid on
      // her rock, not a figurine as tall as the rock is).
      // A bird on a rock is a bird, not a speck on a boulder.
      // A bird on a rock, a butterfly on a flower is the picture, not a speck on a boulder or a petal:
      // at least three tenths of the page across (a bird on a rock four tenths).
      const alone = small && count === 1;
      const moverWidth = alone ? Math.max(b.width * size, area.width * (perch ? 0.42 : 0.3)) : b.width * size;
      const moverBox = fitSubject(mover, { x: 0, y: 0, width: moverWidth, height: alone ? roomHeight * (perch ? 0.36 : 0.3) : onSmaller ? roomHeight * 0.6 : Math.max(b.height, roomHeight * 0.3) * size });
      const mh = placementBox(moverBox).height;
      const sink = verb === 'in' ? 0.4 : 0.12;
      const movers = Array.from({ length: count }, (_, i) => {
        const x = b.x + (b.width * (i + 0.5)) / count;
        const bottom = Math.max(area.y + mh, topAt(base, x) + mh * sink);
        return standAt(mover, x, bottom, mh, moverWidth, i % 2 === 1);
      });
      return [base, ...movers];
    }
    case 'under': {
      const tall = /tree|house|castle|hut|barn|bridge|mushroom|palm/.test(reference.name);
      if (tall) {
        const cover = standAt(reference, cx, ground, roomHeight * 0.8, area.width * 0.85);
        const c = placementBox(cover);
        return [cover, standAt(mover, c.x + c.width * 0.5, ground, c.height * 0.36, c.width * 0.5)];
      }
      const below = standAt(mover, cx, ground, roomHeight * 0.42, area.width * 0.6);
      const u = placementBox(below);
      if (SKY_THINGS.test(reference.name)) {
        // Under the moon, the sun, a cloud: it shines in the sky above, clear of the heads (a
        // crescent sat on an owl's head). Drawn first, behind. Several ("a wolf pack under the
        // moon") stand side by side beneath it, a little apart in size.
        const group = count > 1 ? Array.from({ length: count }, (_, i) => standAt(mover, area.x + (area.width * (i + 0.5)) / count, ground, roomHeight * 0.42 * (i % 2 === 1 ? 0.86 : 1), (area.width * 0.96) / count, i % 2 === 1)) : [below];
        const top = Math.min(...group.map((p) => placementBox(p).y));
        const sky = standAt(reference, cx + area.width * 0.12, top - roomHeight * 0.06, Math.min(roomHeight * 0.3, top - area.y - roomHeight * 0.08), area.width * 0.45);
        return [sky, ...group];
      }
      const over = standAt(reference, cx, u.y + u.height * 0.12, roomHeight * 0.42, u.width * 1.4);
      return [below, over];
    }
    case 'over': {
      if (SKY_THINGS.test(reference.name)) {
        // Over the moon: the moon large in the sky, the flier crossing in front of its lower half.
        const sky = fitSubject(reference, { x: area.x + area.width * 0.3, y: area.y + roomHeight * 0.02, width: area.width * 0.66, height: roomHeight * 0.52 });
        const flier = fitSubject(mover, { x: area.x + area.width * 0.04, y: area.y + roomHeight * 0.26, width: area.width * 0.72, height: roomHeight * 0.46 });
        return [sky, flier];
      }
      const base = standAt(reference, cx + area.width * 0.1, ground, roomHeight * 0.5, area.width * 0.75);
      // A little in from the frame: what the flier wears (a unicorn's horn, a hat) stays on the page.
      const flier = fitSubject(mover, { x: area.x + area.width * 0.03, y: area.y + roomHeight * 0.07, width: area.width * 0.62, height: roomHeight * 0.38 });
      return [base, flier];
    }
    case 'front': {
      // A prince in front of his castle: the castle large behind, the prince whole in front.
      if (isBackdropSized(reference, mover)) return besideBig(mover, reference, area, ground, roomHeight);
      const back = standAt(reference, cx + area.width * 0.14, ground - unit * 0.04, roomHeight * 0.62, area.width * 0.7);
      const b = placementBox(back);
      return [back, standAt(mover, area.x + area.width * 0.3, ground + unit * 0.01, b.height * 0.55, area.width * 0.45, true)];
    }
  }
}

/** A thing so much bigger than the main subject that, beside it, it belongs behind it (a castle by a princess). */
export function isBackdropSized(other: Subject, main: Subject): boolean {
  // Not what flies: the rocket and the plane are drawn diagonally, and large behind a person they
  // crossed the page and the person (graded worse than beside them).
  return !FLYING_KINDS.has(other.kind) && sizeClass(other) >= Math.max(2.5, sizeClass(main) * 1.5);
}

/**
 * The big thing behind, large and to the right; the main subject in front on the left, 58% of the
 * room tall (70% beside a long low thing, a fire engine, which takes only the right two thirds so
 * the subject overlaps just its end). Drawing order: the big thing first.
 */
export function besideBig(main: Subject, big: Subject, area: Box, bottom: number, roomHeight: number): Placement[] {
  const back = behindAll(big, area, bottom, roomHeight);
  const h = roomHeight * (isLong(big) ? 0.7 : 0.58);
  return [back, fitSubject(main, { x: area.x + area.width * 0.02, y: bottom - h, width: area.width * 0.42, height: h })];
}

const isLong = (s: Subject): boolean => (s.bounds[2] - s.bounds[0]) / (s.bounds[3] - s.bounds[1]) > 1.4;

/** A big thing large and to the right, behind what stands in front of it. */
function behindAll(big: Subject, area: Box, bottom: number, roomHeight: number): Placement {
  const long = isLong(big);
  return fitSubject(big, { x: area.x + area.width * (long ? 0.3 : 0.04), y: bottom - roomHeight * 0.92, width: area.width * (long ? 0.68 : 0.96), height: roomHeight * 0.92 }, true);
}

/** Things that fly, so a group of them fills the air rather than standing in a row. */
const FLYERS = /butterfly|honeybee|bird|bat|dove|eagle|parrot|owl|ladybug|lady beetle|balloon|kite|airplane|helicopter|rocket|star|cloud/;

/** Relative sizes of the members of a group, so a family is not five clones. */
const GROUP_SIZES = [1, 0.78, 0.9, 0.72, 0.84];
/** A young one's size beside its parent, as a share of the size it would have in a group of equals. */
const YOUNG_SIZE = 0.62;

/**
 * 2 to 5 subjects: up to 2 in one row; more in two rows, the back row smaller and higher, each
 * row across the page with members overlapping by a fifth (`apart`: side by side, for toddler
 * pages, where two dinosaurs overlapping read as one creature with two heads). Sizes vary, members
 * alternately flipped; the back row is drawn first, and within a row the smaller ones first (behind).
 */
export function arrangeGroup(members: Subject[], stage: Stage, unit: number, random: Random, apart = false, young: readonly boolean[] = []): Placement[] {
  const { area } = stage;
  const ground = stage.floating ? area.y + area.height * 0.92 : stage.groundY + unit * 0.03;
  const roomHeight = ground - area.y;
  // A castle or a tree among smaller things stands large behind them all, the rest in front.
  const big = members.find((m) => members.some((o) => o !== m && isBackdropSized(m, o)));
  // Size sense within the group too: chickens by a farmer are not as tall as he is (the big thing
  // behind does not count: a king and a queen before their castle stay as tall as a row allows).
  const tallest = Math.max(...members.filter((m) => m !== big).map(sizeClass));
  // Young ones beside their parent ("a bear and her cubs") are a little over half its size.
  const sized = members.map((subject, i) => ({ subject, size: GROUP_SIZES[i % GROUP_SIZES.length] * Math.max(0.45, Math.min(1, sizeClass(subject) / tallest)) * (young[i] ? YOUNG_SIZE : 1), flip: i % 2 === 1 }));
  if (stage.floating || members.every((m) => FLYERS.test(m.name))) {
    // Swimming or flying: spread over the page in a loose grid, each a little off its cell's centre.
    const cols = Math.ceil(Math.sqrt(members.length));
    const rows = Math.ceil(members.length / cols);
    const cellW = area.width / cols;
    const cellH = (ground - area.y) / rows;
    return sized.map((m, i) => {
      const w = cellW * 0.9 * m.size;
      const h = cellH * 0.85 * m.size;
      const x = area.x + (i % cols) * cellW + (cellW - w) * random.range(0.2, 0.8);
      const y = area.y + Math.floor(i / cols) * cellH + (cellH - h) * random.range(0.2, 0.8);
      return fitSubject(m.subject, { x, y, width: w, height: h }, m.flip);
    });
  }
  const front = big || members.length <= 2 ? sized : sized.slice(0, Math.ceil(members.length / 2));
  const back = big || members.length <= 2 ? [] : sized.slice(front.length);
  const row = (items: typeof sized, bottom: number, heightShare: number, inset: number): Placement[] => {
    const total = items.reduce((a, m) => a + m.size, 0);
    const span = area.width * (1 - 2 * inset);
    const overlap = apart ? 1 : 0.8;
    const step = span / (total * overlap + (1 - overlap));
    let x = area.x + area.width * inset;
    const placed = items.map((m) => {
      const w = step * m.size;
      const h = roomHeight * heightShare * m.size;
      const lift = stage.floating ? random.range(-0.08, 0.08) * roomHeight : (1 - m.size) * unit * 0.06;
      const p = fitSubject(m.subject, { x, y: bottom - lift - h, width: w, height: h }, m.flip);
      x += w * overlap;
      return { p, size: m.size };
    });
    return placed.sort((a, b) => a.size - b.size).map(({ p }) => p);
  };
  if (big) return [behindAll(big, area, ground, roomHeight), ...row(sized.filter((m) => m.subject !== big), ground, 0.56, 0.02)];
  const backRow = back.length ? row(back, ground - roomHeight * 0.26, 0.36, 0.12) : [];
  const frontRow = row(front, ground, back.length ? 0.5 : 0.62, 0.02);
  return [...backRow, ...frontRow];
}

/** Worn on the head (hats, crowns, helmets), at the eyes, at the neck, or behind the body. */
function wornSpot(name: string): 'head' | 'eyes' | 'neck' | 'back' | 'wings' {
  if (name === 'wings') return 'wings';
  if (/glasses/.test(name)) return 'eyes';
  if (/scarf/.test(name)) return 'neck';
  if (/cape/.test(name)) return 'back';
  return 'head';
}

/**
 * A worn thing on a placed wearer: the head is the top fifth of its silhouette (around its
 * topmost point), the neck just under the head. Returns the item's placement and whether it goes
 * behind the wearer (a cape) rather than in front.
 */
export function wearOn(wearer: Placement, item: Subject): { placement: Placement; behind: boolean } {
  const cells = silhouette(wearer);
  const box = placementBox(wearer);
  const top = Math.min(...cells.map((c) => c.y));
  const headDepth = box.height * 0.22;
  const head = cells.filter((c) => c.y <= top + headDepth);
  // A creature in profile has its head at the mouth's end: the top of a raised tail is not a head.
  const anchors = wearer.subject.anchors;
  let candidates = cells;
  if (anchors?.pose === 'side' && anchors.mouth) {
    const [l, , r] = wearer.subject.bounds;
    const mouthX = wearer.flip ? wearer.left + (r - anchors.mouth[0]) * wearer.scale : wearer.left + (anchors.mouth[0] - l) * wearer.scale;
    const nearMouth = cells.filter((c) => Math.abs(c.x - mouthX) <= box.width * 0.3);
    if (nearMouth.length) candidates = nearMouth;
  }
  const tip = candidates.reduce((a, c) => (c.y < a.y ? c : a), candidates[0]);
  // The head is the part of the top band near its topmost point (not an ear or a raised tail far off).
  const near = head.filter((c) => Math.abs(c.x - tip.x) <= box.width * 0.3 && c.y <= tip.y + headDepth);
  const left = Math.min(...near.map((c) => c.x));
  const right = Math.max(...near.map((c) => c.x));
  // A head in profile shows only its top (ears): a hat as wide as the head is deep.
  const headWidth = Math.max(right - left, box.width * 0.2, candidates !== cells ? box.height * 0.38 : 0);
  const cx = near.reduce((a, c) => a + c.x, 0) / near.length;
  const spot = wornSpot(item.name);
  const [l, t, r, b] = item.bounds;
  const aspect = (r - l) / (b - t);
  if (spot === 'wings') {
    // On the back behind the shoulders, sweeping up and back (the wing's root is at its lower
    // right: a creature facing left wears it mirrored). In front of the body: the near wing.
    const facing = (anchors?.facing || 1) * (wearer.flip ? -1 : 1);
    const backX = box.x + box.width * (0.5 - 0.02 * facing);
    const width = box.width * 0.52;
    const height = width / aspect;
    const bottom = topAt(wearer, backX) + height * 0.22;
    const x = facing > 0 ? backX - width * 0.72 : backX - width * 0.28;
    return { placement: fitSubject(item, { x, y: bottom - height, width, height }, facing < 0), behind: false };
  }
  let width = spot === 'back' ? box.width * 1.1 : headWidth * (spot === 'neck' ? 0.95 : spot === 'eyes' ? 0.75 : 0.8);
  // A tall hat (a party cone) stays a hat: at most about a head high.
  if (spot === 'head') width = Math.min(width, box.height * 0.32 * aspect);
  const height = width / aspect;
  let bottom: number;
  if (spot === 'head') bottom = topAt(wearer, cx) + height * 0.28;
  else if (spot === 'eyes') bottom = top + headDepth * 0.55 + height / 2;
  // A face (most animal emoji are only a head) wears its scarf under the chin, at the bottom.
  else if (spot === 'neck') bottom = wearer.subject.anchors?.pose === 'face' ? box.y + box.height + height * 0.25 : top + headDepth * 1.25 + height / 2;
  else bottom = Math.min(box.y + box.height, top + headDepth * 0.9 + height);
  const placement = fitSubject(item, { x: (spot === 'back' ? box.x + box.width / 2 : cx) - width / 2, y: bottom - height, width, height });
  return { placement, behind: spot === 'back' };
}
