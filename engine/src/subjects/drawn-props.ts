/**
 * Buildings and props that prompts name and no emoji set draws (a lighthouse, a barn, a pillow,
 * a lily pad, a sandcastle, a finish flag, a tunnel...), drawn here as colour shapes in the same
 * 72-unit box as OpenMoji, so they pass through the same outline pipeline, measures and
 * rejection rules as every other subject (build-subject-library.ts). Our own artwork (MIT).
 */
import type { SubjectKind } from './curation';

export interface DrawnProp {
  /** Stable id, outside the Unicode ranges OpenMoji uses. */
  id: string;
  name: string;
  keywords: string[];
  kind: SubjectKind;
  /** Colour SVG in a 72-unit box (fills become closed outlines). */
  svg: string;
}

const svg = (body: string): string => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"><g id="color">${body}</g></svg>`;

/** Horizontal stripes of a tower narrowing from `bottom` to `top` between y0 and y1. */
function stripes(y0: number, y1: number, bottom: number, top: number, bands: number, colors: string[]): string {
  const out: string[] = [];
  const cx = 36;
  for (let i = 0; i < bands; i++) {
    const ya = y1 - ((y1 - y0) * i) / bands;
    const yb = y1 - ((y1 - y0) * (i + 1)) / bands;
    const wa = bottom + ((top - bottom) * i) / bands;
    const wb = bottom + ((top - bottom) * (i + 1)) / bands;
    out.push(`<polygon points="${cx - wa / 2},${ya} ${cx + wa / 2},${ya} ${cx + wb / 2},${yb} ${cx - wb / 2},${yb}" fill="${colors[i % colors.length]}"/>`);
  }
  return out.join('');
}

function checkerboard(x: number, y: number, cols: number, rows: number, size: number): string {
  const out: string[] = [`<rect x="${x}" y="${y}" width="${cols * size}" height="${rows * size}" fill="#fff"/>`];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if ((r + c) % 2 === 0) out.push(`<rect x="${x + c * size}" y="${y + r * size}" width="${size}" height="${size}" fill="#555"/>`);
  return out.join('');
}

/**
 * Two bamboo canes, each one pole with its joints drawn across it (as three separate pieces with
 * gaps they read as stacked boxes on a toddler's page).
 */
const BAMBOO_CANES = [20, 40].map((x, i) => `<rect x="${x}" y="${8 + i * 6}" width="12" height="${60 - i * 6}" rx="3" fill="#8ce99a"/>`).join('') +
  `</g><g id="line">${[20, 40].map((x, i) => [1, 2].map((k) => `<path d="M${x} ${8 + i * 6 + k * (20 - i * 2)} Q${x + 6} ${8 + i * 6 + k * (20 - i * 2) + 2} ${x + 12} ${8 + i * 6 + k * (20 - i * 2)}" fill="none" stroke="#000"/>`).join('')).join('')}</g><g id="color">`;

/**
 * A bird's wing for a creature that has none (a flying unicorn, a pegasus): five long feathers
 * fanned from the root at the lower right towards the upper left, a shorter row over their roots, so a
 * creature facing right wears it sweeping back. Each feather is a closed area to colour.
 */
const WING = ((): string => {
  const [rx, ry] = [54, 62];
  const feather = (angle: number, length: number, width: number, fill: string): string => {
    const a = (angle * Math.PI) / 180;
    const cx = rx + (Math.cos(a) * length) / 2;
    const cy = ry + (Math.sin(a) * length) / 2;
    return `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${(length / 2).toFixed(1)}" ry="${width}" transform="rotate(${angle} ${cx.toFixed(1)} ${cy.toFixed(1)})" fill="${fill}"/>`;
  };
  // Long flight feathers, a shorter row over their roots, and the wing's leading edge on top.
  const primaries = [[200, 56], [213, 64], [226, 66], [239, 62], [252, 54]].map(([angle, length]) => feather(angle, length, 4.6, '#e7f5ff')).join('');
  const secondaries = [[208, 34], [224, 38], [240, 36]].map(([angle, length]) => feather(angle, length, 4.6, '#d0ebff')).join('');
  return primaries + secondaries + feather(250, 46, 5.5, '#fff');
})();

/**
 * Where a cherry tree's blossoms sit in its crown (x, y, size), and one blossom: a single outline
 * of five round petals, each an arc from notch to notch, round a centre (petals drawn as touching
 * circles left slivers between them that print as specks; curves through a point beyond each tip
 * drew starfish), big enough to colour on a toddler's page.
 */
const CHERRY_BLOSSOMS: [number, number, number][] = [[24, 18, 6.5], [47, 17, 6.5], [31, 34, 6], [49, 33, 5.5]];
function blossom(cx: number, cy: number, size: number): string {
  const notch = (k: number): string => {
    const angle = -Math.PI / 2 + ((2 * Math.PI) / 5) * (k + 0.5);
    return `${(cx + Math.cos(angle) * size * 0.45).toFixed(1)} ${(cy + Math.sin(angle) * size * 0.45).toFixed(1)}`;
  };
  const petal = (size * 0.36).toFixed(1);
  let d = `M${notch(-1)}`;
  for (let k = 0; k < 5; k++) d += ` A${petal} ${petal} 0 1 1 ${notch(k)}`;
  return `<path d="${d} Z" fill="#ffc9de"/><circle cx="${cx}" cy="${cy}" r="${(size * 0.22).toFixed(1)}" fill="#fcc419"/>`;
}
const CHERRY_TREE =
  `<path d="M26 70 Q31 66 32 56 L32.5 36 L39.5 36 L40 56 Q41 66 46 70 Z" fill="#a0522d"/><path d="M33 46 L24 36 L27 34 L35 42 Z" fill="#a0522d"/><path d="M39 44 L47 35 L49.5 37.5 L40 48 Z" fill="#a0522d"/>` +
  `<path d="M36.0 5.0 A8.8 8.8 0 0 1 51.3 8.8 A7.7 7.7 0 0 1 60.7 18.8 A6.9 6.9 0 0 1 60.7 31.2 A7.7 7.7 0 0 1 51.3 41.2 A8.8 8.8 0 0 1 36.0 45.0 A8.8 8.8 0 0 1 20.7 41.2 A7.7 7.7 0 0 1 11.3 31.2 A6.9 6.9 0 0 1 11.3 18.8 A7.7 7.7 0 0 1 20.7 8.8 A8.8 8.8 0 0 1 36.0 5.0 Z" fill="#fcc2d7"/>` +
  CHERRY_BLOSSOMS.map(([x, y, size]) => blossom(x, y, size)).join('');

export const DRAWN_PROPS: DrawnProp[] = [
  {
    id: 'X-LIGHTHOUSE', name: 'lighthouse', keywords: ['lighthouse', 'beacon', 'coast'], kind: 'building',
    svg: svg(`<polygon points="14,68 58,68 54,62 18,62" fill="#adb5bd"/>${stripes(24, 62, 26, 16, 4, ['#fa5252', '#fff'])}<rect x="25" y="14" width="22" height="10" fill="#ffe066"/><rect x="31" y="16" width="10" height="8" fill="#fff3bf"/><polygon points="22,14 50,14 36,4" fill="#fa5252"/><rect x="20" y="23" width="32" height="3" fill="#868e96"/><rect x="32" y="50" width="8" height="12" fill="#8d6e63"/>`),
  },
  {
    id: 'X-BARN', name: 'barn', keywords: ['barn', 'farmhouse', 'stable', 'shed'], kind: 'building',
    svg: svg(`<polygon points="8,68 64,68 64,32 36,12 8,32" fill="#e03131"/><polygon points="4,34 36,10 68,34 64,36 36,16 8,36" fill="#fff"/><rect x="24" y="40" width="24" height="28" fill="#fff"/><polygon points="26,42 46,42 46,66 26,66" fill="#c92a2a"/><polygon points="26,42 46,66 46,62 30,42" fill="#fff"/><polygon points="46,42 26,66 26,62 42,42" fill="#fff"/><rect x="30" y="24" width="12" height="10" fill="#fff3bf"/>`),
  },
  {
    id: 'X-PILLOW', name: 'pillow', keywords: ['pillow', 'cushion'], kind: 'object',
    svg: svg(`<path d="M6 34 Q6 22 18 24 Q36 20 54 24 Q66 22 66 34 L66 54 Q66 66 54 64 Q36 68 18 64 Q6 66 6 54 Z" fill="#d0bfff"/><path d="M18 44 Q36 38 54 44 Q36 50 18 44 Z" fill="#e5dbff"/>`),
  },
  {
    id: 'X-LILY-PAD', name: 'lily pad', keywords: ['lily pad', 'lilypad', 'water lily', 'pad'], kind: 'plant',
    svg: svg(`<path d="M36 46 L62 40 A28 12 0 1 1 52 37 Z" fill="#69db7c"/><path d="M20 52 Q36 46 52 50" fill="none" stroke="#000"/><ellipse cx="22" cy="36" rx="8" ry="5" fill="#ffc9c9"/><polygon points="16,36 22,26 28,36" fill="#faa2c1"/>`),
  },
  {
    id: 'X-VASE', name: 'vase', keywords: ['vase', 'jar', 'pot'], kind: 'object',
    svg: svg(`<path d="M28 30 L44 30 L42 36 Q56 44 52 58 Q48 68 36 68 Q24 68 20 58 Q16 44 30 36 Z" fill="#74c0fc"/><rect x="26" y="26" width="20" height="5" fill="#a5d8ff"/><path d="M24 52 Q36 46 48 52 L47 56 Q36 50 25 56 Z" fill="#fff"/>`),
  },
  {
    id: 'X-SANDCASTLE', name: 'sandcastle', keywords: ['sandcastle', 'sand castle'], kind: 'toy',
    svg: svg(`<rect x="8" y="40" width="56" height="28" fill="#ffd43b"/><rect x="10" y="24" width="14" height="16" fill="#ffe066"/><rect x="48" y="24" width="14" height="16" fill="#ffe066"/><rect x="26" y="16" width="20" height="24" fill="#ffec99"/><polygon points="10,24 17,16 24,24" fill="#ffe066"/><polygon points="48,24 55,16 62,24" fill="#ffe066"/><polygon points="26,16 36,8 46,16" fill="#ffec99"/><rect x="35" y="2" width="1.5" height="8" fill="#000"/><polygon points="36.5,2 44,4 36.5,6" fill="#ff8787"/><path d="M30 68 L30 56 Q36 48 42 56 L42 68 Z" fill="#e8c39e"/>`),
  },
  {
    id: 'X-FINISH-FLAG', name: 'finish flag', keywords: ['finish flag', 'finish line', 'checkered flag', 'chequered flag', 'race flag'], kind: 'toy',
    svg: svg(`<rect x="10" y="6" width="4" height="62" fill="#adb5bd"/>${checkerboard(14, 8, 6, 4, 8)}<rect x="58" y="6" width="4" height="62" fill="#adb5bd"/>`),
  },
  {
    id: 'X-TUNNEL', name: 'tunnel', keywords: ['tunnel'], kind: 'building',
    svg: svg(`<path d="M2 68 L2 30 Q10 10 36 8 Q62 10 70 30 L70 68 Z" fill="#8ce99a"/><path d="M14 68 L14 42 Q16 22 36 22 Q56 22 58 42 L58 68 Z" fill="#ced4da"/><path d="M20 68 L20 44 Q22 28 36 28 Q50 28 52 44 L52 68 Z" fill="#495057"/><rect x="8" y="60" width="56" height="8" fill="#adb5bd"/>`),
  },
  {
    id: 'X-BAMBOO', name: 'bamboo', keywords: ['bamboo', 'bamboo shoot'], kind: 'plant',
    svg: svg(`${BAMBOO_CANES}<path d="M26 20 Q36 12 42 16 Q34 20 26 22 Z" fill="#40c057"/><path d="M42 40 Q52 32 60 36 Q50 42 42 42 Z" fill="#40c057"/><path d="M18 30 Q8 24 4 28 Q12 34 18 32 Z" fill="#40c057"/>`),
  },
  {
    // A toddler's bamboo is its canes: the thin leaves printed as black blobs in a panda's mouth.
    id: 'X-BAMBOO-T', name: 'bamboo (toddler)', keywords: [], kind: 'plant',
    svg: svg(BAMBOO_CANES),
  },
  {
    id: 'X-HOT-AIR-BALLOON', name: 'hot air balloon', keywords: ['hot air balloon', 'air balloon'], kind: 'air',
    svg: svg(`<path d="M36 4 Q62 4 62 28 Q62 40 44 50 L28 50 Q10 40 10 28 Q10 4 36 4 Z" fill="#ff8787"/><path d="M36 4 Q48 4 48 28 Q48 40 40 50 L32 50 Q24 40 24 28 Q24 4 36 4 Z" fill="#ffe066"/><path d="M36 4 Q40 16 40 28 Q40 40 37 50 L35 50 Q32 40 32 28 Q32 16 36 4 Z" fill="#74c0fc"/><rect x="28" y="56" width="16" height="12" rx="2" fill="#d9a066"/><polygon points="28,50 30,50 31,56 29,56" fill="#adb5bd"/><polygon points="42,50 44,50 43,56 41,56" fill="#adb5bd"/>`),
  },
  {
    id: 'X-PARTY-HAT', name: 'party hat', keywords: ['party hat', 'birthday hat'], kind: 'object',
    svg: svg(`<polygon points="20,66 52,66 36,14" fill="#ffa8a8"/><polygon points="24,56 48,56 45,48 27,48" fill="#fff"/><polygon points="29,40 43,40 40,32 32,32" fill="#fff"/><circle cx="36" cy="10" r="5" fill="#ffe066"/>`),
  },
  {
    // A witch's pointed hat with a bent tip, a band and a buckle: worn by a cat or a child at Halloween.
    id: 'X-WITCH-HAT', name: 'witch hat', keywords: ['witch hat', 'witches hat', 'wizard hat', 'pointed hat'], kind: 'object',
    svg: svg(`<ellipse cx="36" cy="58" rx="31" ry="7" fill="#9775fa"/><path d="M22 56 L34 14 Q37 6 46 8 Q40 12 40 18 L50 56 Z" fill="#9775fa"/><path d="M23.2 50 L48.4 50 L50 56 L22 56 Z" fill="#ffd43b"/><rect x="32" y="49" width="8" height="8" fill="#fff3bf"/>`),
  },
  {
    id: 'X-ICEBERG', name: 'iceberg', keywords: ['iceberg', 'ice floe', 'glacier'], kind: 'water',
    svg: svg(`<polygon points="6,58 12,44 18,46 26,26 33,32 41,14 49,32 56,28 62,42 66,58" fill="#e7f5ff"/><polygon points="26,26 33,32 30,58 22,58" fill="#d0ebff"/><polygon points="41,14 49,32 46,58 38,58" fill="#d0ebff"/><path d="M2 58 Q11 54 20 58 Q29 62 38 58 Q47 54 56 58 Q65 62 70 58 L70 70 L2 70 Z" fill="#74c0fc"/>`),
  },
  {
    id: 'X-CAT-SLEEPING', name: 'cat sleeping', keywords: ['sleeping cat'], kind: 'animal',
    svg: svg(`<path d="M58 56 Q70 50 66 40 Q63 34 60 40 Q64 48 54 52 Z" fill="#ffa94d"/><ellipse cx="40" cy="50" rx="24" ry="13" fill="#ffa94d"/><path d="M22 52 Q28 46 38 50 Q48 54 44 60 L30 62 Q22 60 22 52 Z" fill="#ffc078"/><polygon points="11,41 13,29 20,37" fill="#ffa94d"/><polygon points="24,36 30,29 31,41" fill="#ffa94d"/><circle cx="21" cy="46" r="11" fill="#ffa94d"/><ellipse cx="34" cy="60" rx="6" ry="3.2" fill="#ffc078"/></g><g id="line"><path d="M14 46 Q16.5 48.5 19 46" fill="none" stroke="#000"/><path d="M23 46 Q25.5 48.5 28 46" fill="none" stroke="#000"/><polygon points="19.5,50 22.5,50 21,52" fill="#000"/>`),
  },
  {
    id: 'X-DOG-SLEEPING', name: 'dog sleeping', keywords: ['sleeping dog'], kind: 'animal',
    svg: svg(`<path d="M60 52 Q70 44 68 36 Q64 36 62 42 Q60 48 56 50 Z" fill="#d9a066"/><ellipse cx="41" cy="50" rx="24" ry="13" fill="#d9a066"/><ellipse cx="34" cy="60" rx="7" ry="3.4" fill="#f1d2a8"/><circle cx="21" cy="47" r="11.5" fill="#f1d2a8"/><ellipse cx="11.5" cy="48" rx="4.5" ry="9" fill="#a0522d"/><ellipse cx="30.5" cy="48" rx="4.5" ry="9" fill="#a0522d"/><ellipse cx="21" cy="53" rx="5.5" ry="4" fill="#fff"/></g><g id="line"><path d="M15 45 Q17.5 47.5 20 45" fill="none" stroke="#000"/><path d="M22 45 Q24.5 47.5 27 45" fill="none" stroke="#000"/><ellipse cx="21" cy="51.5" rx="2" ry="1.4" fill="#000"/>`),
  },
  {
    id: 'X-CAPE', name: 'cape', keywords: ['cape', 'cloak', 'superhero cape'], kind: 'object',
    svg: svg(`<path d="M24 8 L48 8 L50 14 Q62 40 66 66 Q50 60 36 66 Q22 60 6 66 Q10 40 22 14 Z" fill="#ff6b6b"/><rect x="24" y="6" width="24" height="6" rx="3" fill="#ffd43b"/>`),
  },
  {
    // Open, gold coins heaped over the rim: what a pirate's treasure looks like on a child's page.
    id: 'X-TREASURE-CHEST', name: 'treasure chest', keywords: ['treasure chest', 'treasure', 'chest'], kind: 'object',
    svg: svg(`<path d="M12 30 L12 16 Q36 2 60 16 L60 30 Z" fill="#c08a5a"/><rect x="33" y="8" width="6" height="22" fill="#ffd43b"/>` +
      `<circle cx="22" cy="34" r="5" fill="#ffe066"/><circle cx="31" cy="32" r="5" fill="#ffe066"/><circle cx="41" cy="33" r="5" fill="#ffe066"/><circle cx="50" cy="34" r="5" fill="#ffe066"/><circle cx="36" cy="28" r="4" fill="#fff3bf"/>` +
      `<rect x="10" y="36" width="52" height="30" rx="2" fill="#d9a877"/><rect x="10" y="36" width="52" height="5" fill="#8d6e63"/><rect x="16" y="36" width="6" height="30" fill="#ffd43b"/><rect x="50" y="36" width="6" height="30" fill="#ffd43b"/><rect x="31" y="44" width="10" height="11" rx="1.5" fill="#ffd43b"/><circle cx="36" cy="48.5" r="1.6" fill="#8d6e63"/>`),
  },
  {
    id: 'X-BLACKBOARD', name: 'blackboard', keywords: ['blackboard', 'chalkboard', 'whiteboard'], kind: 'object',
    svg: svg(`<rect x="14" y="44" width="4" height="24" fill="#a0522d"/><rect x="54" y="44" width="4" height="24" fill="#a0522d"/><rect x="4" y="8" width="64" height="40" rx="2" fill="#c08a5a"/><rect x="8" y="12" width="56" height="32" fill="#8ce99a"/><rect x="18" y="44" width="36" height="3" fill="#d9a877"/>` +
      `<path d="M14 34 L19 20 L24 34 M16 29 L22 29" fill="none" stroke="#000"/><path d="M29 20 L29 34 Q37 34 36 30 Q36 27 30 27 Q35 27 35 23.5 Q35 20 29 20" fill="none" stroke="#000"/><path d="M50 22 Q46 19 43 22 Q40 27 43 32 Q46 35 50 32" fill="none" stroke="#000"/>`),
  },
  {
    // A bough across the page for birds and owls to sit on (the tree emoji's round crown held them
    // like figurines on a cloud).
    id: 'X-BRANCH', name: 'branch', keywords: ['branch', 'bough', 'twig', 'perch'], kind: 'plant',
    svg: svg(`<path d="M52 41 Q57 31 63 26 L66 28.5 Q60 33 57 41 Z" fill="#a0522d"/><ellipse cx="66" cy="22" rx="6" ry="3.4" transform="rotate(-35 66 22)" fill="#8ce99a"/>` +
      `<path d="M0 43 Q36 35 72 38 L72 45 Q36 42 0 50 Z" fill="#a0522d"/><ellipse cx="13" cy="54" rx="6" ry="3.2" transform="rotate(25 13 54)" fill="#8ce99a"/><ellipse cx="31" cy="49" rx="6" ry="3.2" transform="rotate(-20 31 49)" fill="#8ce99a"/>`),
  },
  {
    id: 'X-BENCH', name: 'bench', keywords: ['bench', 'park bench'], kind: 'object',
    svg: svg(`<rect x="11" y="18" width="5" height="30" fill="#8d6e63"/><rect x="56" y="18" width="5" height="30" fill="#8d6e63"/><rect x="5" y="20" width="62" height="8" rx="2" fill="#d9a877"/><rect x="5" y="31" width="62" height="8" rx="2" fill="#d9a877"/>` +
      `<rect x="9" y="52" width="5" height="16" fill="#8d6e63"/><rect x="58" y="52" width="5" height="16" fill="#8d6e63"/><rect x="2" y="44" width="68" height="9" rx="2" fill="#c08a5a"/>`),
  },
  {
    // A sailing ship with two masts of square sails, a jib, a stern cabin, portholes and a flag:
    // OpenMoji's sailboat is a dinghy on a square of sea, not the ship a pirate sails.
    id: 'X-PIRATE-SHIP', name: 'pirate ship', keywords: ['pirate ship', 'galleon', 'sailing ship', 'tall ship'], kind: 'water',
    svg: svg(`<path d="M32 3 L43 5.5 L32 8 Z" fill="#495057"/><rect x="30" y="3" width="2" height="42" fill="#8d6e63"/><rect x="46" y="11" width="2" height="34" fill="#8d6e63"/>` +
      `<path d="M20 10 Q31 13 42 10 L41 22 Q31 25 21 22 Z" fill="#fff9db"/><path d="M18 25 Q31 29 44 25 L43 39 Q31 43 19 39 Z" fill="#fff9db"/>` +
      `<circle cx="31" cy="31" r="3.6" fill="#f8f9fa"/><rect x="25" y="35.2" width="12" height="1.8" transform="rotate(18 31 36)" fill="#f8f9fa"/><rect x="25" y="35.2" width="12" height="1.8" transform="rotate(-18 31 36)" fill="#f8f9fa"/>` +
      `<path d="M41 14 Q47.5 16 54 14 L53 25 Q47.5 27 42 25 Z" fill="#fff9db"/><path d="M40 28 Q48 31 56 28 L55 40 Q48 42 41 40 Z" fill="#fff9db"/><path d="M50 12 L69 35 L58 35 Z" fill="#fff9db"/>` +
      `<path d="M61 41 L70 34 L71.5 35.5 L62.5 42.5 Z" fill="#8d6e63"/><rect x="6" y="33" width="14" height="9" fill="#d9a877"/><rect x="9" y="35.5" width="3" height="3" fill="#fff3bf"/><rect x="14" y="35.5" width="3" height="3" fill="#fff3bf"/>` +
      `<path d="M4 41 L66 41 L68 39 L62 57 Q36 61 11 57 Z" fill="#a0522d"/><path d="M7 45 L65 45 L64 48 L8 48 Z" fill="#ffd43b"/>` +
      `<circle cx="22" cy="52" r="1.8" fill="#fff3bf"/><circle cx="34" cy="52.5" r="1.8" fill="#fff3bf"/><circle cx="46" cy="52" r="1.8" fill="#fff3bf"/>`),
  },
  {
    // OpenMoji has no seahorse and no starfish; children ask for both with fish and mermaids.
    id: 'X-SEAHORSE', name: 'seahorse', keywords: ['seahorse', 'sea horse'], kind: 'sea',
    svg: svg(`<path d="M46 26 Q58 22 60 34 L61 44 Q54 42 51 37 Z" fill="#ffd8a8"/><path d="M31 4 Q42 3 44 12 Q45 18 42 21 Q53 27 53 38 Q53 49 44 55 Q37 59 37 63 Q38 67 42 66 Q45 65 44 62 Q43 60 41 61 L40 63 L37 65 Q32 62 33 57 Q34 52 40 48 Q45 44 44 38 Q43 32 37 30 Q33 29 29 25 L16 26 Q10 26 10 22 Q10 18 16 18 L24 17 Q23 6 31 4 Z" fill="#ffc078"/><circle cx="34" cy="12" r="4.4" fill="#fff"/><circle cx="34.6" cy="12.4" r="2.2" fill="#000"/><path d="M30 5 L32 0 L34 4 L37 0 L38 5 Z" fill="#ffa94d"/>`),
  },
  {
    id: 'X-STARFISH', name: 'starfish', keywords: ['starfish', 'sea star'], kind: 'sea',
    svg: svg(`<path d="M36 5 Q40 5 41 12 L44 25 Q45 28 48 28 L62 27 Q68 27 68 31 Q68 34 63 37 L52 44 Q50 46 51 49 L56 62 Q58 68 54 69 Q51 70 47 66 L38 57 Q36 55 34 57 L25 66 Q21 70 18 69 Q14 68 16 62 L21 49 Q22 46 20 44 L9 37 Q4 34 4 31 Q4 27 10 27 L24 28 Q27 28 28 25 L31 12 Q32 5 36 5 Z" fill="#ffa94d"/><circle cx="31" cy="33" r="2.6" fill="#000"/><circle cx="41" cy="33" r="2.6" fill="#000"/><path d="M31 40 Q36 45 41 40 Q36 43 31 40 Z" fill="#000"/><circle cx="36" cy="16" r="1.8" fill="#fff3bf"/><circle cx="57" cy="32" r="1.8" fill="#fff3bf"/><circle cx="15" cy="32" r="1.8" fill="#fff3bf"/><circle cx="50" cy="59" r="1.8" fill="#fff3bf"/><circle cx="22" cy="59" r="1.8" fill="#fff3bf"/>`),
  },
  {
    // A tree a child would draw: one scalloped crown with leaf clusters, the trunk flaring into
    // roots. OpenMoji's deciduous tree outlines to a cloud with a loose Y for a trunk (blind
    // grading: "a cloud-shaped tree with a detached trunk"); this one replaces it by name.
    id: 'X-TREE', name: 'deciduous tree', keywords: ['tree', 'deciduous', 'oak', 'shedding'], kind: 'plant',
    svg: svg(`<path d="M26 70 Q31 66 32 56 L32.5 36 L39.5 36 L40 56 Q41 66 46 70 Z" fill="#a0522d"/><path d="M33 46 L24 36 L27 34 L35 42 Z" fill="#a0522d"/><path d="M39 44 L47 35 L49.5 37.5 L40 48 Z" fill="#a0522d"/><path d="M36.0 5.0 A8.8 8.8 0 0 1 51.3 8.8 A7.7 7.7 0 0 1 60.7 18.8 A6.9 6.9 0 0 1 60.7 31.2 A7.7 7.7 0 0 1 51.3 41.2 A8.8 8.8 0 0 1 36.0 45.0 A8.8 8.8 0 0 1 20.7 41.2 A7.7 7.7 0 0 1 11.3 31.2 A6.9 6.9 0 0 1 11.3 18.8 A7.7 7.7 0 0 1 20.7 8.8 A8.8 8.8 0 0 1 36.0 5.0 Z" fill="#8ce99a"/><path d="M32.0 22.0 A4.1 4.1 0 0 1 28.0 27.6 A4.8 4.8 0 0 1 20.0 27.6 A4.1 4.1 0 0 1 16.0 22.0 A4.1 4.1 0 0 1 20.0 16.4 A4.8 4.8 0 0 1 28.0 16.4 A4.1 4.1 0 0 1 32.0 22.0 Z" fill="#b2f2bb"/><path d="M51.9 19.3 A4.2 4.2 0 0 1 45.9 23.0 A4.4 4.4 0 0 1 39.0 20.6 A3.6 3.6 0 0 1 38.1 14.7 A4.2 4.2 0 0 1 44.1 11.0 A4.4 4.4 0 0 1 51.0 13.4 A3.6 3.6 0 0 1 51.9 19.3 Z" fill="#b2f2bb"/><path d="M46.9 34.0 A3.6 3.6 0 0 1 42.2 37.7 A4.2 4.2 0 0 1 35.4 36.7 A3.1 3.1 0 0 1 33.1 32.0 A3.6 3.6 0 0 1 37.8 28.3 A4.2 4.2 0 0 1 44.6 29.3 A3.1 3.1 0 0 1 46.9 34.0 Z" fill="#b2f2bb"/>`),
  },
  {
    // A cherry tree in bloom (桜の木, お花見, "under the cherry tree"): the tree above with its crown
    // full of five-petalled blossoms instead of leaf clusters. It stood in as the plain tree, and
    // the report said so.
    id: 'X-CHERRY-TREE', name: 'cherry tree', keywords: ['cherry tree', 'cherry blossom tree', 'sakura tree'], kind: 'plant',
    svg: svg(CHERRY_TREE),
  },
  {
    // A flower a child would draw: eight round petals round a two-ring centre, on a stem with two
    // leaves joined to it. OpenMoji's hibiscus has stamens that read as eyes, its blossom and tulip
    // a stem and a leaf floating apart; this one replaces the blossom by name, and "flower" is it.
    id: 'X-FLOWER', name: 'blossom', keywords: ['flower', 'daisy', 'blossom', 'bloom'], kind: 'plant',
    svg: svg(`<path d="M34.2 30 L37.8 30 Q39 50 38 71 L34 71 Q33 50 34.2 30 Z" fill="#69db7c"/><path d="M34.5 56 Q24 46 13 49 Q21 60 34.5 59.5 Z" fill="#8ce99a"/><path d="M37.6 48 Q48 38 59 41 Q51 52 37.6 51.5 Z" fill="#8ce99a"/><ellipse cx="47.5" cy="22.0" rx="6.6" ry="9.6" transform="rotate(90 47.5 22.0)" fill="#ffc9de"/><ellipse cx="44.1" cy="30.1" rx="6.6" ry="9.6" transform="rotate(135 44.1 30.1)" fill="#ffc9de"/><ellipse cx="36.0" cy="33.5" rx="6.6" ry="9.6" transform="rotate(180 36.0 33.5)" fill="#ffc9de"/><ellipse cx="27.9" cy="30.1" rx="6.6" ry="9.6" transform="rotate(225 27.9 30.1)" fill="#ffc9de"/><ellipse cx="24.5" cy="22.0" rx="6.6" ry="9.6" transform="rotate(270 24.5 22.0)" fill="#ffc9de"/><ellipse cx="27.9" cy="13.9" rx="6.6" ry="9.6" transform="rotate(315 27.9 13.9)" fill="#ffc9de"/><ellipse cx="36.0" cy="10.5" rx="6.6" ry="9.6" transform="rotate(360 36.0 10.5)" fill="#ffc9de"/><ellipse cx="44.1" cy="13.9" rx="6.6" ry="9.6" transform="rotate(405 44.1 13.9)" fill="#ffc9de"/><circle cx="36" cy="22" r="8.2" fill="#ffd43b"/><circle cx="36" cy="22" r="4.2" fill="#fab005"/>`),
  },
  {
    // A unicorn's horn, plain (spiral bands print black on a toddler's page and cost it areas), worn
    // by OpenMoji's whole horse when someone rides a unicorn
    // (OpenMoji's unicorn is only a head: the rider stood on it).
    id: 'X-UNICORN-HORN', name: 'unicorn horn', keywords: ['unicorn horn'], kind: 'object',
    // Its spiral: three slanted grooves across the cone (a plain cone read as a party hat).
    svg: svg(`<polygon points="24,68 48,68 36,4" fill="#fff3bf"/></g><g id="line">` + [54, 38, 23].map((y) => `<path d="M${24 + (12 * (68 - y - 5)) / 64} ${y + 5} L${48 - (12 * (68 - y + 5)) / 64} ${y - 5}" fill="none" stroke="#000"/>`).join('')),
  },
  {
    // On a toddler's page the horn is the plain cone: the grooves cut it into slivers that print black.
    id: 'X-UNICORN-HORN-T', name: 'unicorn horn (toddler)', keywords: [], kind: 'object',
    svg: svg(`<polygon points="24,68 48,68 36,4" fill="#fff3bf"/>`),
  },
  {
    // Worn on the back by a flying horse or unicorn (compose/arrange-subjects.ts#wearOn).
    id: 'X-WINGS', name: 'wings', keywords: [], kind: 'object',
    svg: svg(WING),
  },
  {
    // A whole friendly robot, front-facing: antenna, head with round eyes and a grille mouth, a
    // chest panel with three buttons, arms with round hands, legs and feet. OpenMoji's robot is only
    // a head (issue 34: "a robot in space" was a face floating among the planets).
    id: 'X-ROBOT', name: 'robot', keywords: ['robot', 'android', 'droid'], kind: 'fantasy',
    svg: svg(
      `<circle cx="36" cy="4.5" r="2.6" fill="#ffd43b"/><rect x="34.8" y="6.8" width="2.4" height="3.6" fill="#adb5bd"/>` +
        `<rect x="17.5" y="15" width="5" height="10" rx="1.5" fill="#adb5bd"/><rect x="49.5" y="15" width="5" height="10" rx="1.5" fill="#adb5bd"/>` +
        `<rect x="22" y="10" width="28" height="20" rx="4" fill="#ced4da"/><circle cx="29" cy="18.5" r="4.4" fill="#fff"/><circle cx="43" cy="18.5" r="4.4" fill="#fff"/>` +
        `<rect x="28.5" y="24" width="15" height="3.6" rx="1.5" fill="#fff"/><rect x="32" y="30" width="8" height="3.2" fill="#adb5bd"/>` +
        `<rect x="11.5" y="35" width="8" height="16" rx="3.5" fill="#ced4da"/><rect x="52.5" y="35" width="8" height="16" rx="3.5" fill="#ced4da"/>` +
        `<circle cx="15.5" cy="53.5" r="3.4" fill="#adb5bd"/><circle cx="56.5" cy="53.5" r="3.4" fill="#adb5bd"/>` +
        `<rect x="24" y="54" width="8" height="12" fill="#ced4da"/><rect x="40" y="54" width="8" height="12" fill="#ced4da"/>` +
        `<rect x="20" y="33" width="32" height="22" rx="3" fill="#a5d8ff"/><rect x="26.5" y="37" width="19" height="10.5" rx="2" fill="#fff"/>` +
        `<circle cx="31" cy="42.2" r="2" fill="#ff8787"/><circle cx="36" cy="42.2" r="2" fill="#ffd43b"/><circle cx="41" cy="42.2" r="2" fill="#8ce99a"/>` +
        `<rect x="20.5" y="65" width="13.5" height="5" rx="2" fill="#adb5bd"/><rect x="38" y="65" width="13.5" height="5" rx="2" fill="#adb5bd"/>` +
        `</g><g id="line"><circle cx="29.6" cy="19" r="1.9" fill="#000"/><circle cx="43.6" cy="19" r="1.9" fill="#000"/>` +
        `<path d="M32.5 24 L32.5 27.6 M36 24 L36 27.6 M39.5 24 L39.5 27.6" fill="none" stroke="#000"/>`,
    ),
  },
  {
    // Held by whoever is watering (understand-prompt.ts#withTools): a can with a band, a long spout
    // with its rose, and a handle over the top. No emoji set draws one.
    id: 'X-WATERING-CAN', name: 'watering can', keywords: ['watering can'], kind: 'object',
    svg: svg(
      `<path d="M13 32 Q28 4 43 32 L37.5 32 Q28 15 18.5 32 Z" fill="#69db7c"/>` +
        `<polygon points="40,50 63,25 67,29 44,57" fill="#8ce99a"/><ellipse cx="66" cy="25.5" rx="5" ry="3.2" transform="rotate(-48 66 25.5)" fill="#69db7c"/>` +
        `<rect x="10" y="30" width="36" height="34" rx="4" fill="#8ce99a"/><rect x="10" y="41" width="36" height="7" fill="#d3f9d8"/>`,
    ),
  },
  {
    // A butterfly's chrysalis hanging from a twig with a leaf (a life cycle's third stage,
    // understand-prompt.ts#withLifeCycle): a pointed pod with bands across it.
    id: 'X-CHRYSALIS', name: 'chrysalis', keywords: ['chrysalis', 'cocoon', 'pupa'], kind: 'bug',
    svg: svg(
      `<rect x="6" y="6" width="60" height="6" rx="3" fill="#c2a47a"/><path d="M44 12 Q58 10 64 22 Q52 24 44 12 Z" fill="#8ce99a"/>` +
        `<rect x="34" y="12" width="4" height="7" fill="#c2a47a"/>` +
        `<path d="M36 18 Q48 26 46 44 Q44 60 36 68 Q28 60 26 44 Q24 26 36 18 Z" fill="#b2f2bb"/></g><g id="line">` +
        [30, 40, 50].map((y) => `<path d="M${y === 50 ? 28 : 26.5} ${y} Q36 ${y + 4} ${y === 50 ? 44 : 45.5} ${y}" fill="none" stroke="#000"/>`).join(''),
    ),
  },
  {
    // A straw skep: bands stacked into a dome, its door at the foot (no emoji set draws a hive).
    id: 'X-BEEHIVE', name: 'beehive', keywords: ['beehive', 'bee hive', 'hive', 'skep'], kind: 'object',
    svg: svg(`<path d="M22 20 Q36 2 50 20 Z" fill="#ffd43b"/>` +
      [[20, 30, 30], [28, 40, 40], [38, 50, 48], [48, 60, 54], [58, 68, 58]].map(([y0, y1, w]) => `<rect x="${36 - w / 2}" y="${y0}" width="${w}" height="${y1 - y0}" rx="5" fill="${y0 % 20 === 8 ? '#fab005' : '#ffd43b'}"/>`).join('') +
      `<path d="M30 68 L30 62 Q36 55 42 62 L42 68 Z" fill="#5c3d2e"/>`),
  },
  {
    // An open book held to read: two pages curving from the spine, lines of text drawn on them.
    // OpenMoji's open book shrank to a blank rectangle on a children's page (a tablet, not a book).
    id: 'X-OPEN-BOOK', name: 'open book', keywords: ['open book', 'book', 'storybook', 'reading'], kind: 'object',
    svg: svg(`<path d="M36 20 Q22 12 4 16 L4 58 Q22 54 36 62 Z" fill="#fff"/><path d="M36 20 Q50 12 68 16 L68 58 Q50 54 36 62 Z" fill="#fff"/></g><g id="line">` +
      [26, 33, 40, 47].map((y) => `<path d="M10 ${y - 4} Q21 ${y - 6.5} 31 ${y - 1}" fill="none" stroke="#000"/><path d="M41 ${y - 1} Q51 ${y - 6.5} 62 ${y - 4}" fill="none" stroke="#000"/>`).join('')),
  },
  {
    id: 'X-THRONE', name: 'throne', keywords: ['throne'], kind: 'object',
    svg: svg(`<path d="M18 40 L18 14 Q18 4 36 4 Q54 4 54 14 L54 40 Z" fill="#ff8787"/><path d="M24 38 L24 16 Q24 10 36 10 Q48 10 48 16 L48 38 Z" fill="#ffc9c9"/><circle cx="36" cy="6" r="3" fill="#ffd43b"/>` +
      `<rect x="12" y="38" width="8" height="14" rx="2" fill="#ffd43b"/><rect x="52" y="38" width="8" height="14" rx="2" fill="#ffd43b"/><rect x="16" y="40" width="40" height="12" rx="2" fill="#ff8787"/><rect x="18" y="52" width="36" height="6" fill="#ffd43b"/><rect x="19" y="58" width="5" height="10" fill="#ffd43b"/><rect x="48" y="58" width="5" height="10" fill="#ffd43b"/>`),
  },
];
