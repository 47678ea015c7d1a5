/**
 * Animals drawn whole where the emoji sets only draw a head: a lion, a bear, a panda, a fox and a
 * wolf were a face filling the page ("a lion" was OpenMoji's lion head, issue 34). Each is drawn
 * the way a children's colouring book draws it: the body standing side on, four legs on the
 * ground, a tail, and the head turned to the viewer with both eyes, a muzzle and a smile. Drawn as
 * colour shapes in the same 72-unit box as OpenMoji, so they pass through the same outline
 * pipeline, measures and rejection rules as every other subject. Our own artwork (MIT).
 *
 * An animal is one build (body, legs, head) dressed by a look (colours, ears, mane, tail, marks);
 * each name replaces the OpenMoji head of that name and gets a plainer toddler drawing (no toes,
 * no inner ears, fewer marks) under `toddlerName`, as the drawn figures do.
 */
import type { SubjectAnchors } from './anchors';
import type { DrawnFigure, Point } from './drawn-figures';
import { detailedName, fmt, limb, polygon, toddlerName } from './drawn-figures';

/** Ids of the drawn animals (their toddler drawings end in `-T`, as the figures' do). */
export const ANIMAL_ID_PREFIX = 'X-ANIMAL-';

type Ears = 'round' | 'pointed';
type Tail = 'tuft' | 'stub' | 'bushy' | 'long bushy';

interface AnimalLook {
  name: string;
  keywords: string[];
  coat: string;
  /** The far legs and other shaded parts. */
  shade: string;
  /** Muzzle, chest and inner ears. */
  light: string;
  ears: Ears;
  tail: Tail;
  /** A lion's mane round the head. */
  mane?: string;
  /** A panda's black legs, ears, shoulders and eye patches. */
  patches?: string;
  /** Heavier build (bears): a deeper body and thicker legs. */
  heavy?: boolean;
  /** A pointed snout (fox, wolf) rather than a round muzzle. */
  snout?: boolean;
}

const LOOKS: AnimalLook[] = [
  { name: 'lion', keywords: ['lion', 'lioness', 'king of the jungle', 'mane', 'leo', 'safari', 'big cat'], coat: '#ffc078', shade: '#f4a84f', light: '#fff3bf', ears: 'round', tail: 'tuft', mane: '#e8590c' },
  { name: 'bear', keywords: ['bear', 'grizzly', 'brown bear', 'teddy', 'honey'], coat: '#a9744f', shade: '#8b5a3c', light: '#e3c39d', ears: 'round', tail: 'stub', heavy: true },
  { name: 'panda', keywords: ['panda', 'giant panda', 'panda bear', 'bamboo'], coat: '#ffffff', shade: '#dee2e6', light: '#ffffff', ears: 'round', tail: 'stub', patches: '#868e96', heavy: true },
  { name: 'fox', keywords: ['fox', 'red fox', 'vixen'], coat: '#ff922b', shade: '#e8590c', light: '#fff4e6', ears: 'pointed', tail: 'long bushy', snout: true },
  { name: 'wolf', keywords: ['wolf', 'grey wolf', 'gray wolf'], coat: '#adb5bd', shade: '#868e96', light: '#f1f3f5', ears: 'pointed', tail: 'bushy', snout: true },
];

const circle = (c: Point, r: number, fill: string): string => `<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="${fmt(r)}" fill="${fill}"/>`;
const ellipse = (c: Point, rx: number, ry: number, fill: string, rotate = 0): string =>
  `<ellipse cx="${fmt(c[0])}" cy="${fmt(c[1])}" rx="${fmt(rx)}" ry="${fmt(ry)}"${rotate ? ` transform="rotate(${rotate} ${fmt(c[0])} ${fmt(c[1])})"` : ''} fill="${fill}"/>`;

/** An open ink line (toes, tufts, a smile): no area of its own. */
const stroke = (d: string): string => `<path d="${d}" fill="none" stroke="#000"/>`;
/** A little V of fur `half` wide either side of `x`, its point `depth` below `y`. */
const tuft = (x: number, y: number, half: number, depth: number): string => stroke(`M${fmt(x - half)} ${fmt(y)} L${fmt(x)} ${fmt(y + depth)} L${fmt(x + half)} ${fmt(y)}`);

/** A ring of `bumps` round bulges about `c` (a lion's mane): one closed shape. */
function scallops(c: Point, r: number, bumps: number, depth: number, fill: string): string {
  const parts: string[] = [];
  for (let i = 0; i <= bumps; i++) {
    const a = (i / bumps) * Math.PI * 2 - Math.PI / 2;
    const p: Point = [c[0] + Math.cos(a) * r, c[1] + Math.sin(a) * r];
    if (i === 0) {
      parts.push(`M${fmt(p[0])} ${fmt(p[1])}`);
      continue;
    }
    const m = a - Math.PI / bumps;
    const q: Point = [c[0] + Math.cos(m) * (r + depth * 2), c[1] + Math.sin(m) * (r + depth * 2)];
    parts.push(`Q${fmt(q[0])} ${fmt(q[1])} ${fmt(p[0])} ${fmt(p[1])}`);
  }
  return `<path d="${parts.join(' ')} Z" fill="${fill}"/>`;
}

/** The head's centre (standing, and lying asleep with its chin on its paws), its radius, the ground line. */
const HEAD: Point = [19, 25];
const SLEEPING_HEAD: Point = [19, 49];
/** A toddler's standing animal has no neck: its head sits on the body's front. */
const TODDLER_HEAD: Point = [21, 31];
const HEAD_R = 11.5;
const GROUND = 66;

function tailOf(look: AnimalLook, plain: boolean, heavy: boolean): string {
  const root: Point = [heavy ? 62 : 60, heavy ? 37 : 38];
  switch (look.tail) {
    case 'stub':
      // A toddler's bear has none: one area fewer, so the honey pot or bamboo it holds still fits.
      return plain ? '' : circle([root[0] + 1.5, root[1] - 1], 4, look.coat);
    case 'tuft':
      // A long thin tail curling up, its tuft the mane's colour.
      return limb([root, [66, 34], [67, 26], [65, 21]], 4, look.coat) + ellipse([64.5, 19], 3.6, 4.6, look.mane ?? look.shade, -15);
    case 'bushy':
      return `<path d="M${fmt(root[0] - 2)} ${fmt(root[1] - 3)} Q70 36 68 56 Q64 52 59 44 Z" fill="${look.coat}"/>`;
    case 'long bushy': {
      // A fox's brush: wide, curving up, its tip white.
      const brush = `<path d="M${fmt(root[0] - 2)} ${fmt(root[1] - 3)} Q71 40 69 20 Q63 26 58 44 Z" fill="${look.coat}"/>`;
      return plain ? brush : brush + `<path d="M69 20 Q66.2 25 64.6 28.5 Q68 28.5 69.6 27 Q70.2 23 69 20 Z" fill="${look.light}"/>`;
    }
  }
}

/** A sleeping animal's tail, lying on the ground behind it (a fox's brush curled round its back). */
function lyingTail(look: AnimalLook, plain: boolean): string {
  switch (look.tail) {
    case 'stub':
      return circle([64.5, 57], 3.8, look.coat);
    case 'tuft':
      return limb([[60, 60], [66, 63], [68.5, 58]], 3.6, look.coat) + ellipse([68.5, 55], 3, 4, look.mane ?? look.shade, 10);
    case 'bushy':
    case 'long bushy': {
      const brush = `<path d="M58 52 Q72 50 70 62 Q66 67 54 66 Q64 62 58 52 Z" fill="${look.coat}"/>`;
      return plain || look.tail === 'bushy' ? brush : brush + `<path d="M54 66 Q58 64.8 61 63.2 Q62 66.2 60 66.6 Q57 66.9 54 66 Z" fill="${look.light}"/>`;
    }
  }
}

/** Ears (or a mane) behind the head, then the head with its muzzle, at `head`. */
function headParts(look: AnimalLook, plain: boolean, [hx, hy]: Point, detailed = false): string[] {
  const parts: string[] = [];
  if (look.mane) parts.push(scallops([hx, hy], HEAD_R + 4, plain ? 9 : 12, 1.6, look.mane));
  // A detailed lion's mane has an inner ring of locks.
  if (look.mane && detailed) parts.push(scallops([hx, hy], HEAD_R + 1.2, 14, 0.9, look.shade));
  for (const side of [-1, 1]) {
    if (look.ears === 'round') {
      const c: Point = [hx + side * HEAD_R * 0.72, hy - HEAD_R * 0.78];
      parts.push(circle(c, 4.4, look.patches ?? look.coat));
      if (!plain && !look.patches && (!look.mane || detailed)) parts.push(circle([c[0] + side * -0.3, c[1] + 0.4], 2.3, look.light));
    } else {
      const base: Point[] = [
        [hx + side * HEAD_R * 0.25, hy - HEAD_R * 0.8],
        [hx + side * HEAD_R * 0.95, hy - HEAD_R * 1.75],
        [hx + side * HEAD_R * 0.95, hy - HEAD_R * 0.3],
      ];
      parts.push(polygon(base, look.coat));
      if (!plain) {
        const inner: Point[] = [
          [hx + side * HEAD_R * 0.45, hy - HEAD_R * 0.85],
          [hx + side * HEAD_R * 0.9, hy - HEAD_R * 1.5],
          [hx + side * HEAD_R * 0.88, hy - HEAD_R * 0.7],
        ];
        parts.push(polygon(inner, look.light));
      }
    }
  }
  if (look.snout) {
    // A fox's or wolf's head: wide cheeks narrowing to the chin, white cheeks and muzzle.
    parts.push(`<path d="M${fmt(hx - HEAD_R * 1.05)} ${fmt(hy - HEAD_R * 0.35)} Q${fmt(hx)} ${fmt(hy - HEAD_R * 1.2)} ${fmt(hx + HEAD_R * 1.05)} ${fmt(hy - HEAD_R * 0.35)} Q${fmt(hx + HEAD_R * 1.2)} ${fmt(hy + HEAD_R * 0.35)} ${fmt(hx)} ${fmt(hy + HEAD_R * 1.05)} Q${fmt(hx - HEAD_R * 1.2)} ${fmt(hy + HEAD_R * 0.35)} ${fmt(hx - HEAD_R * 1.05)} ${fmt(hy - HEAD_R * 0.35)} Z" fill="${look.coat}"/>`);
    // Its white cheeks and muzzle: narrow at the cheeks, so not on a toddler's page (they print black).
    if (!plain) parts.push(`<path d="M${fmt(hx - HEAD_R * 0.95)} ${fmt(hy + HEAD_R * 0.05)} Q${fmt(hx - HEAD_R * 0.3)} ${fmt(hy - HEAD_R * 0.05)} ${fmt(hx)} ${fmt(hy + HEAD_R * 0.25)} Q${fmt(hx + HEAD_R * 0.3)} ${fmt(hy - HEAD_R * 0.05)} ${fmt(hx + HEAD_R * 0.95)} ${fmt(hy + HEAD_R * 0.05)} Q${fmt(hx + HEAD_R * 0.6)} ${fmt(hy + HEAD_R * 0.55)} ${fmt(hx)} ${fmt(hy + HEAD_R * 1.05)} Q${fmt(hx - HEAD_R * 0.6)} ${fmt(hy + HEAD_R * 0.55)} ${fmt(hx - HEAD_R * 0.95)} ${fmt(hy + HEAD_R * 0.05)} Z" fill="${look.light}"/>`);
  } else {
    parts.push(circle([hx, hy], HEAD_R, look.coat));
    if (look.patches) {
      // A panda's eye patches, tilted down and out.
      for (const side of [-1, 1]) parts.push(ellipse([hx + side * HEAD_R * 0.4, hy - HEAD_R * 0.02], 3.1, 4.1, look.patches, side * -35));
    }
    // A panda's muzzle is as white as its face: a toddler's panda is its patches without it.
    if (!(plain && look.patches)) parts.push(ellipse([hx, hy + HEAD_R * 0.45], HEAD_R * 0.52, HEAD_R * 0.38, look.light));
  }
  return parts;
}

/** Two short strokes at the foot of a leg or the tip of a paw, toes pointing `down` or forwards (left). */
function toes([x, y]: Point, down: boolean): string {
  const d = down ? `M${fmt(x - 1.3)} ${fmt(y - 2.6)} L${fmt(x - 1.3)} ${fmt(y - 0.2)} M${fmt(x + 1.3)} ${fmt(y - 2.6)} L${fmt(x + 1.3)} ${fmt(y - 0.2)}` : `M${fmt(x + 0.2)} ${fmt(y - 1.2)} L${fmt(x + 2.6)} ${fmt(y - 1.2)} M${fmt(x + 0.2)} ${fmt(y + 1.2)} L${fmt(x + 2.6)} ${fmt(y + 1.2)}`;
  return stroke(d);
}

const svgOf = (colour: string[], line: string): string => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"><g id="color">${colour.join('')}</g><g id="line">${line}</g></svg>`;

/**
 * What a colouring book draws inside an animal for teens and adults, instead of patterns stamped
 * on its body: a bib (fox, wolf), dark socks (fox), fur tufts along the back and the belly, the
 * shoulder and the haunch, claws (bears), and a lion's mane and tail tuft in locks. Closed
 * areas to colour in `colour` (over the body, under the head), open strokes in `line`.
 */
function furDetail(look: AnimalLook, body: Point, rx: number, ry: number, legWidth: number, foot: number): { colour: string[]; line: string } {
  const [bx, by] = body;
  const colour: string[] = [];
  const lines: string[] = [];
  if (look.snout) {
    // A fox's white bib, a wolf's pale ruff, down the chest from the chin.
    colour.push(`<path d="M${fmt(HEAD[0] - 6)} ${fmt(HEAD[1] + 9)} Q${fmt(HEAD[0] + 4)} ${fmt(HEAD[1] + 22)} ${fmt(bx - rx * 0.55)} ${fmt(by + ry * 0.5)} Q${fmt(bx - rx * 0.9)} ${fmt(by + ry * 0.1)} ${fmt(HEAD[0] + 9)} ${fmt(HEAD[1] + 8)} Z" fill="${look.light}"/>`);
  }
  if (look.name === 'fox') {
    // Dark socks on all four feet.
    for (const [x, x2] of [[26, 25], [52, 51]] as const) colour.push(limb([[x - 0.2, foot - 8], [x2, foot]], legWidth + 0.3, '#495057'));
  }
  // Fur tufts: little Vs along the back and at the chest; the shoulder and the haunch as curves.
  for (const t of [0.25, 0.45, 0.65]) {
    const x = bx - rx + rx * 2 * t;
    const y = by - ry * Math.sqrt(1 - ((x - bx) / rx) ** 2) + 2.2;
    lines.push(tuft(x, y, 1.6, 1.8));
  }
  // The haunch and the shoulder: short arcs over the tops of the legs.
  lines.push(stroke(`M${fmt(bx + rx * 0.3)} ${fmt(by + ry * 0.25)} Q${fmt(bx + rx * 0.3)} ${fmt(by - ry * 0.45)} ${fmt(bx + rx * 0.66)} ${fmt(by - ry * 0.5)}`));
  lines.push(stroke(`M${fmt(bx - rx * 0.42)} ${fmt(by + ry * 0.3)} Q${fmt(bx - rx * 0.46)} ${fmt(by - ry * 0.3)} ${fmt(bx - rx * 0.2)} ${fmt(by - ry * 0.55)}`));
  // Tufts along the belly.
  for (const t of [0.4, 0.55]) {
    const x = bx - rx + rx * 2 * t;
    const y = by + ry * Math.sqrt(1 - ((x - bx) / rx) ** 2) - 2;
    lines.push(tuft(x, y, 1.4, 1.6));
  }
  if (look.heavy) {
    // A bear's claws at the toes.
    for (const x of [25, 51]) for (const dx of [-2.2, 0, 2.2]) lines.push(stroke(`M${fmt(x + dx)} ${fmt(GROUND - 0.4)} L${fmt(x + dx - 0.4)} ${fmt(GROUND + 1.2)}`));
  }
  if (look.mane) {
    // Locks in the mane: short strokes round it, and in the tail's tuft.
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      const [c, s2] = [Math.cos(a), Math.sin(a)];
      lines.push(stroke(`M${fmt(HEAD[0] + c * (HEAD_R + 2.6))} ${fmt(HEAD[1] + s2 * (HEAD_R + 2.6))} L${fmt(HEAD[0] + c * (HEAD_R + 4.6))} ${fmt(HEAD[1] + s2 * (HEAD_R + 4.6))}`));
    }
    lines.push(stroke('M63.4 17 L64.2 21.5 M65.8 16.5 L65.4 21.4'));
  }
  return { colour, line: lines.join('') };
}

/**
 * Standing side on, head to the viewer: plain drops toes, inner ears and small marks (toddler);
 * detailed adds what a colouring book draws inside an animal for older colourers (furDetail).
 */
function standingSvg(look: AnimalLook, plain: boolean, detailed = false): string {
  const heavy = look.heavy === true;
  const body: Point = [42, heavy ? 43 : 42];
  const rx = heavy ? 21 : 20;
  const ry = heavy ? 13.5 : 11.5;
  const legWidth = heavy ? 9 : 7.5;
  const legTop = body[1] + ry * 0.3;
  const foot = GROUND - legWidth / 2;
  const legColour = look.patches ?? look.coat;
  const farColour = look.patches ?? look.shade;
  const parts: string[] = [];
  // Tail, then the legs (far pair, near pair) under the body, so the body's outline ends their tops.
  parts.push(tailOf(look, plain, heavy));
  parts.push(limb([[31, legTop], [33, foot]], legWidth, farColour), limb([[57, legTop], [58, foot]], legWidth, farColour));
  parts.push(limb([[26, legTop], [25, foot]], legWidth, legColour), limb([[52, legTop], [51, foot]], legWidth, legColour));
  // The neck joins the head to the body's front, under both: straight edges from inside the head
  // to inside the body leave no sliver between them (a round-ended neck left one, printed black).
  // A toddler's animal has no neck: its head sits lower, on the body's front (one area fewer, so
  // the page has room for the ball or the mushroom the prompt names beside it).
  const head = plain ? TODDLER_HEAD : HEAD;
  const [hx, hy] = head;
  if (!plain) parts.push(polygon([[hx + 8, hy - 2], [body[0] - 4, body[1] - ry * 0.93], [body[0] - rx * 0.75, body[1] + ry * 0.4], [hx - 3, hy + 9]], look.coat));
  parts.push(ellipse(body, rx, ry, look.coat));
  if (look.patches && !plain) {
    // A panda's black saddle over its shoulders.
    parts.push(`<path d="M${fmt(body[0] - 12)} ${fmt(body[1] - ry + 1.5)} Q${fmt(body[0] - 6)} ${fmt(body[1] - ry - 1)} ${fmt(body[0] - 1)} ${fmt(body[1] - ry + 1)} L${fmt(body[0] - 4)} ${fmt(body[1] + ry - 1)} Q${fmt(body[0] - 12)} ${fmt(body[1] + ry + 0.5)} ${fmt(body[0] - 17)} ${fmt(body[1] + ry - 4)} Z" fill="${look.patches}"/>`);
  }
  const fur = detailed ? furDetail(look, body, rx, ry, legWidth, foot) : { colour: [], line: '' };
  parts.push(...fur.colour);
  parts.push(...headParts(look, plain, head, detailed));
  return svgOf(parts, face(look, head, false) + (plain ? '' : toes([25, GROUND], true) + toes([51, GROUND], true)) + fur.line);
}

/**
 * Lying asleep: the body low on the ground, the tail behind it, the haunch over the body, both
 * front paws stretched out in front and the head resting on them, eyes closed.
 */
function sleepingSvg(look: AnimalLook, plain: boolean): string {
  const heavy = look.heavy === true;
  const ry = heavy ? 11 : 9.5;
  const body: Point = [44, GROUND - ry - 0.5];
  const rx = heavy ? 22 : 21;
  const paw = heavy ? 7 : 6;
  const parts: string[] = [lyingTail(look, plain)];
  parts.push(ellipse(body, rx, ry, look.coat));
  if (look.patches) parts.push(`<path d="M${fmt(body[0] - 14)} ${fmt(body[1] - ry + 1)} Q${fmt(body[0] - 8)} ${fmt(body[1] - ry - 1)} ${fmt(body[0] - 3)} ${fmt(body[1] - ry + 0.5)} L${fmt(body[0] - 6)} ${fmt(body[1] + ry - 0.5)} L${fmt(body[0] - 16)} ${fmt(body[1] + ry - 2)} Z" fill="${look.patches}"/>`);
  // The haunch: the folded back leg, its paw forwards along the ground.
  parts.push(ellipse([body[0] + rx * 0.42, body[1] + ry * 0.15], rx * 0.36, ry * 0.62, look.patches ?? look.coat));
  parts.push(limb([[body[0] + rx * 0.35, GROUND - paw / 2 - 0.2], [body[0] + rx * 0.05, GROUND - paw / 2 - 0.2]], paw, look.patches ?? look.coat));
  // Front paws stretched out under the chin.
  const pawY = GROUND - paw / 2 - 0.2;
  parts.push(limb([[body[0] - rx * 0.55, pawY - paw * 0.9], [7.5, pawY - paw * 0.9]], paw, look.patches ?? look.shade));
  parts.push(limb([[body[0] - rx * 0.45, pawY], [9.5, pawY]], paw, look.patches ?? look.coat));
  parts.push(...headParts(look, plain, SLEEPING_HEAD));
  return svgOf(parts, face(look, SLEEPING_HEAD, true) + (plain ? '' : toes([9.5 - paw / 2 + 1.4, pawY], false)));
}

/**
 * A wolf sitting and howling, seen from the side: haunch on the ground, front legs straight, chest
 * up, head thrown back with its muzzle to the sky, mouth open, eyes closed ("a wolf howling at the
 * moon" was a wolf standing, "howling" reported not drawn).
 */
function howlingSvg(look: AnimalLook, plain: boolean, detailed = false): string {
  const fill = look.coat;
  const parts: string[] = [
    // The tail along the ground behind, the far front leg, the haunch.
    `<path d="M54 58 Q66 54 70 64 Q64 68 52 66 Z" fill="${fill}"/>`,
    limb([[38, 46], [39, GROUND - 3]], 6, look.shade),
    ellipse([48, 53], 13, 12, fill),
    // The chest rising to the neck, the near front leg, the back paw.
    `<path d="M26 30 Q22 44 28 58 L40 60 Q46 46 38 26 Z" fill="${fill}"/>`,
    limb([[32, 48], [31, GROUND - 3]], 6.5, fill),
    ellipse([54, GROUND - 2.6], 8, 2.8, fill),
    // The head thrown back: skull, ear, and the muzzle pointing up and left, open.
    polygon([[36, 14], [41, 6], [41.5, 17]], fill),
    ellipse([33, 20], 8, 7, fill),
    // The jaws, open: the upper one wide at the skull and tapering to the nose, the lower one below it.
    `<path d="M27.5 9.5 L15.5 3 Q11.8 3.6 13 7.6 L28 17.5 Z" fill="${fill}"/>`,
    `<path d="M28 19.5 L18.5 14.2 Q16.2 15.2 17.4 17.4 L29.5 24 Z" fill="${fill}"/>`,
  ];
  if (!plain) parts.push(polygon([[37.2, 13.8], [40.2, 9], [40.4, 15.6]], look.light));
  const line = [
    // The closed eye, the nose at the muzzle's tip, toes.
    stroke('M30.5 17.5 Q32.5 19.5 34.5 17.8'),
    `<ellipse cx="14.2" cy="4.6" rx="1.6" ry="1.4" fill="#000"/>`,
    plain ? '' : toes([31, GROUND], true),
    // Teen and adult: fur tufts down the chest and over the haunch.
    detailed ? [[30, 34], [29, 40], [45, 46], [51, 49]].map(([x, y]) => tuft(x, y, 1.5, 1.8)).join('') + stroke('M42 62 Q40 50 50 44') : '',
  ];
  return svgOf(parts, line.join(''));
}

/** Eyes (ink dots with a shine, or closed arcs asleep), the nose and a smile, as ink and strokes. */
function face(look: AnimalLook, [hx, hy]: Point, asleep: boolean): string {
  const eyeY = hy - HEAD_R * (look.snout ? 0.12 : 0.08);
  const gap = HEAD_R * 0.4;
  const noseY = hy + HEAD_R * (look.snout ? 0.62 : 0.3);
  const out: string[] = [];
  for (const side of [-1, 1]) {
    const ex = hx + side * gap;
    if (asleep) {
      out.push(stroke(`M${fmt(ex - 2)} ${fmt(eyeY)} Q${fmt(ex)} ${fmt(eyeY + 2)} ${fmt(ex + 2)} ${fmt(eyeY)}`));
    } else {
      out.push(circle([ex, eyeY], 1.7, '#000'));
      out.push(circle([ex + 0.55, eyeY - 0.6], 0.55, '#fff'));
    }
  }
  out.push(`<path d="M${fmt(hx - 2.4)} ${fmt(noseY - 1.1)} L${fmt(hx + 2.4)} ${fmt(noseY - 1.1)} Q${fmt(hx + 2.2)} ${fmt(noseY + 1.1)} ${fmt(hx)} ${fmt(noseY + 1.6)} Q${fmt(hx - 2.2)} ${fmt(noseY + 1.1)} ${fmt(hx - 2.4)} ${fmt(noseY - 1.1)} Z" fill="#000"/>`);
  const mouthY = noseY + 1.6;
  out.push(stroke(`M${fmt(hx)} ${fmt(mouthY)} L${fmt(hx)} ${fmt(mouthY + 1.4)} M${fmt(hx - 3)} ${fmt(mouthY + 1.2)} Q${fmt(hx - 1.5)} ${fmt(mouthY + 2.9)} ${fmt(hx)} ${fmt(mouthY + 1.4)} Q${fmt(hx + 1.5)} ${fmt(mouthY + 2.9)} ${fmt(hx + 3)} ${fmt(mouthY + 1.2)}`));
  return out.join('');
}

/** The mouth for what it carries or eats (a panda's bamboo), and no hands. */
function anchorsOf(look: AnimalLook, [hx, hy]: Point): SubjectAnchors {
  return { pose: 'face', facing: 0, mouth: [hx, hy + HEAD_R * (look.snout ? 0.85 : 0.62)], hands: [] };
}

/** True for the id of a drawn animal or its toddler drawing. */
export function isDrawnAnimal(id: string): boolean {
  return id.startsWith(ANIMAL_ID_PREFIX);
}

/**
 * Every look standing ("lion") and asleep ("lion sleeping", what "a sleeping lion" draws), each
 * again plain for toddler pages.
 */
export const DRAWN_ANIMALS: DrawnFigure[] = LOOKS.flatMap((look): DrawnFigure[] =>
  (['standing', 'sleeping'] as const).flatMap((pose): DrawnFigure[] => {
    const sleeping = pose === 'sleeping';
    const id = `${ANIMAL_ID_PREFIX}${look.name.toUpperCase()}${sleeping ? '-SLEEPING' : ''}`;
    const name = sleeping ? `${look.name} sleeping` : look.name;
    const draw = sleeping ? sleepingSvg : standingSvg;
    const keywords = sleeping ? [`sleeping ${look.name}`] : look.keywords;
    const anchors = anchorsOf(look, sleeping ? SLEEPING_HEAD : HEAD);
    return [
      { id, name, keywords, kind: 'animal', svg: draw(look, false), anchors },
      { id: `${id}-T`, name: toddlerName(name), keywords: [], kind: 'animal', svg: draw(look, true), anchors: anchorsOf(look, sleeping ? SLEEPING_HEAD : TODDLER_HEAD) },
      // Standing, for teens and adults: its own fur detail instead of patterns on its body.
      ...(sleeping ? [] : [{ id: `${id}-D`, name: detailedName(name), keywords: [], kind: 'animal' as const, svg: standingSvg(look, false, true), anchors }]),
    ];
  }),
).concat(
  LOOKS.filter((look) => look.name === 'wolf').flatMap((look): DrawnFigure[] => {
    const id = `${ANIMAL_ID_PREFIX}WOLF-HOWLING`;
    const anchors: SubjectAnchors = { pose: 'side', facing: -1, mouth: [17, 8], hands: [] };
    return [
      { id, name: 'wolf howling', keywords: ['howling wolf'], kind: 'animal', svg: howlingSvg(look, false), anchors },
      { id: `${id}-T`, name: toddlerName('wolf howling'), keywords: [], kind: 'animal', svg: howlingSvg(look, true), anchors },
      { id: `${id}-D`, name: detailedName('wolf howling'), keywords: [], kind: 'animal', svg: howlingSvg(look, false, true), anchors },
    ];
  }),
);
