/**
 * A bamboo forest's pieces (issue 34: "a panda in a bamboo forest" stood on two canes in a pine
 * wood): clumps of tall canes with their joints across them and narrow leaves at the joints. Each
 * cane, each leaf is a closed white-filled outline, like the rest of the scenery.
 */
import type { Random } from './seeded-random';
import { n, paint, rect } from './svg-shapes';

const leafPath = (x: number, y: number, length: number, angle: number, fill: string): string => {
  const dx = Math.cos(angle) * length;
  const dy = Math.sin(angle) * length;
  // Narrow: bulging a sixth of its length to each side.
  const nx = -dy / 6;
  const ny = dx / 6;
  return `<path d="M${n(x)} ${n(y)}Q${n(x + dx / 2 + nx)} ${n(y + dy / 2 + ny)} ${n(x + dx)} ${n(y + dy)}Q${n(x + dx / 2 - nx)} ${n(y + dy / 2 - ny)} ${n(x)} ${n(y)}Z" fill="${fill}"/>`;
};

/**
 * A clump of `canes` bamboo canes standing on `baseY`, the tallest `h` high: each a rounded pole
 * with a joint every fifth of its height (`joints` lines), and a pair of leaves at some joints.
 */
export function bambooClump(x: number, baseY: number, h: number, canes: number, leaves: boolean, random: Random, colored: boolean): string {
  const out: string[] = [];
  const width = h * 0.07;
  const lines: string[] = [];
  for (let i = 0; i < canes; i++) {
    const cx = x + (i - (canes - 1) / 2) * width * 1.7 + random.range(-0.2, 0.2) * width;
    const ch = h * random.range(0.75, 1);
    const top = baseY - ch;
    out.push(rect(cx - width / 2, top, width, ch + 10, paint(colored, i % 2 ? '#8ce99a' : '#b2f2bb'), width * 0.3));
    const joints = 4;
    for (let j = 1; j <= joints; j++) {
      const jy = top + (ch * j) / (joints + 1);
      lines.push(`M${n(cx - width / 2)} ${n(jy)}Q${n(cx)} ${n(jy + width * 0.25)} ${n(cx + width / 2)} ${n(jy)}`);
      if (leaves && j <= 2 && random.next() < 0.7) {
        const side = random.next() < 0.5 ? -1 : 1;
        const base = side < 0 ? Math.PI : 0;
        out.push(leafPath(cx + (side * width) / 2, jy, h * 0.2, base - side * 0.45, paint(colored, '#69db7c')));
        out.push(leafPath(cx + (side * width) / 2, jy, h * 0.16, base - side * 0.05, paint(colored, '#69db7c')));
      }
    }
  }
  out.push(`<path d="${lines.join('')}" fill="none"/>`);
  return out.join('');
}

/**
 * The far side of a bamboo forest: a row of canes from above the frame down to the horizon, the
 * sky showing between them; joints and a few leaves on richer pages (each joint splits a cane into
 * one more area to colour, so a young page gets plain canes).
 */
export function bambooWall(inner: { x: number; y: number; width: number; height: number }, y: number, level: number, random: Random, colored: boolean): string {
  const out: string[] = [];
  const lines: string[] = [];
  const width = inner.width * 0.036;
  // Joints cut each cane into areas: the richer pages get them on fewer, wider-spaced canes, so the
  // wood stays inside the page's band of areas (a teen panda's page lost its joints to the checker).
  const joints = level >= 2 ? 3 : 0;
  let x = inner.x + random.range(0, inner.width * 0.05);
  let i = 0;
  while (x < inner.x + inner.width) {
    const top = inner.y - 10;
    const bottom = y + inner.height * 0.02;
    out.push(rect(x, top, width, bottom - top, paint(colored, i % 2 ? '#b2f2bb' : '#d3f9d8')));
    for (let j = 1; j <= joints; j++) {
      const jy = top + ((bottom - top) * j) / (joints + 1) + random.range(-0.03, 0.03) * inner.height;
      lines.push(`M${n(x)} ${n(jy)}Q${n(x + width / 2)} ${n(jy + width * 0.25)} ${n(x + width)} ${n(jy)}`);
      if (level >= 2 && j === 1 + (i % 2)) {
        const side = i % 2 ? -1 : 1;
        const base = side < 0 ? Math.PI : 0;
        out.push(leafPath(x + (side > 0 ? width : 0), jy, inner.width * 0.08, base - side * 0.5, paint(colored, '#8ce99a')));
      }
    }
    x += width + inner.width * (joints ? random.range(0.08, 0.11) : random.range(0.05, 0.08));
    i++;
  }
  if (lines.length) out.push(`<path d="${lines.join('')}" fill="none"/>`);
  return out.join('');
}
