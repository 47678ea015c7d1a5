/**
 * People in role costumes drawn whole, with faces, in the poses of drawn-figures.ts: a princess in
 * her gown and crown, a knight in his helmet with a sword, a firefighter with a hose, an astronaut
 * in a suit and helmet, a witch with her broom. OpenMoji draws these roles as busts from the
 * shoulders up, which cannot stand in a castle, dance or hold anything (issue 34, item 2). Each
 * role's standing figure takes the library name of its role ("princess", "cook"), so it replaces
 * the bust of that name; its poses are named "princess dancing", "cook sitting". Our own artwork (MIT).
 */
import type { Costume, DrawnFigure, Look, Point, PoseName, Skeleton } from './drawn-figures';
import { ROLE_ID_PREFIX, detailCostume, detailedName, dressedFigure, fmt, limb, polygon, toddlerName } from './drawn-figures';

/** A point `t` of the way from the neck to the hip (past 1: below the hip). */
function onSpine(s: Skeleton, t: number): Point {
  return [s.neck[0] + (s.hip[0] - s.neck[0]) * t, s.neck[1] + (s.hip[1] - s.neck[1]) * t];
}

/** A band across the body between spine fractions t0 and t1 (a belt, a stripe, an apron). */
function band(s: Skeleton, t0: number, t1: number, width: number, fill: string): string {
  const [a, b] = [onSpine(s, t0), onSpine(s, t1)];
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [(-dy / len) * (width / 2), (dx / len) * (width / 2)];
  return polygon([[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [a[0] - nx, a[1] - ny]], fill);
}

function star(cx: number, cy: number, r: number, fill: string): string {
  const points = Array.from({ length: 10 }, (_, k) => {
    const t = -Math.PI / 2 + (k * Math.PI) / 5;
    const radius = k % 2 ? r * 0.45 : r;
    return [cx + Math.cos(t) * radius, cy + Math.sin(t) * radius] as Point;
  });
  return polygon(points, fill);
}

const path = (d: string, fill: string): string => `<path d="${d}" fill="${fill}"/>`;

/** Numbers relative to a head: `x(0.5)` is half a head's radius right of its centre. */
function headFrame(s: Skeleton): { x: (k: number) => string; y: (k: number) => string; cx: number; cy: number; r: number } {
  const [cx, cy] = s.head;
  const r = s.headR;
  return { x: (k) => fmt(cx + r * k), y: (k) => fmt(cy + r * k), cx, cy, r };
}

// ---- Hats -------------------------------------------------------------------------------------

function crown(fill: string) {
  return (s: Skeleton): string => {
    const { cx, cy, r } = headFrame(s);
    const base = cy - r * 0.72;
    const top = base - r * 0.85;
    const w = r * 0.72;
    return polygon([[cx - w, base], [cx - w, top], [cx - w / 2, base - r * 0.42], [cx, top - r * 0.1], [cx + w / 2, base - r * 0.42], [cx + w, top], [cx + w, base]], fill) +
      `<circle cx="${fmt(cx)}" cy="${fmt(base - r * 0.25)}" r="${fmt(r * 0.16)}" fill="#f783ac"/>`;
  };
}

function chefHat(s: Skeleton): string {
  const { x, y, r, cx, cy } = headFrame(s);
  const puff = (k: number, dy: number, rk: number): string => `<circle cx="${fmt(cx + r * k)}" cy="${fmt(cy + r * dy)}" r="${fmt(r * rk)}" fill="#fff"/>`;
  return puff(-0.55, -1.5, 0.58) + puff(0.55, -1.5, 0.58) + puff(0, -1.85, 0.66) +
    path(`M${x(-0.85)} ${y(-0.62)} L${x(-0.85)} ${y(-1.3)} L${x(0.85)} ${y(-1.3)} L${x(0.85)} ${y(-0.62)} Z`, '#f8f9fa');
}

function fireHelmet(s: Skeleton): string {
  const { x, y, cx, cy, r } = headFrame(s);
  return `<ellipse cx="${fmt(cx)}" cy="${fmt(cy - r * 0.42)}" rx="${fmt(r * 1.45)}" ry="${fmt(r * 0.26)}" fill="#fa5252"/>` +
    path(`M${x(-1.02)} ${y(-0.42)} Q${x(-1.08)} ${y(-1.5)} ${x(0)} ${y(-1.5)} Q${x(1.08)} ${y(-1.5)} ${x(1.02)} ${y(-0.42)} Z`, '#ff6b6b') +
    star(cx, cy - r * 0.95, r * 0.36, '#ffd43b');
}

function pointedHat(fill: string, trim: string, stars: boolean) {
  return (s: Skeleton): string => {
    const { x, y, cx, cy, r } = headFrame(s);
    const cone = path(`M${x(-0.9)} ${y(-0.72)} Q${x(-0.2)} ${y(-1.6)} ${x(0.55)} ${y(-2.7)} Q${x(0.45)} ${y(-1.5)} ${x(0.9)} ${y(-0.72)} Z`, fill);
    const brim = `<ellipse cx="${fmt(cx)}" cy="${fmt(cy - r * 0.7)}" rx="${fmt(r * 1.65)}" ry="${fmt(r * 0.3)}" fill="${fill}"/>`;
    const trimBand = path(`M${x(-0.84)} ${y(-0.82)} L${x(-0.72)} ${y(-1.12)} L${x(0.7)} ${y(-1.12)} L${x(0.84)} ${y(-0.82)} Z`, trim);
    const decoration = stars ? star(cx + r * 0.15, cy - r * 1.55, r * 0.3, '#ffd43b') + star(cx - r * 0.35, cy - r * 1.25, r * 0.18, '#ffd43b') : '';
    return cone + brim + trimBand + decoration;
  };
}

function tricorn(s: Skeleton): string {
  const { x, y, cx, cy, r } = headFrame(s);
  return path(`M${x(-1.55)} ${y(-0.5)} Q${x(0)} ${y(-0.2)} ${x(1.55)} ${y(-0.5)} Q${x(1.15)} ${y(-1.05)} ${x(0.8)} ${y(-1.0)} Q${x(0)} ${y(-2.0)} ${x(-0.8)} ${y(-1.0)} Q${x(-1.15)} ${y(-1.05)} ${x(-1.55)} ${y(-0.5)} Z`, '#5c5f66') +
    `<circle cx="${fmt(cx)}" cy="${fmt(cy - r * 1.0)}" r="${fmt(r * 0.26)}" fill="#fff"/>`;
}

function strawHat(s: Skeleton): string {
  const { x, y, cx, cy, r } = headFrame(s);
  return `<ellipse cx="${fmt(cx)}" cy="${fmt(cy - r * 0.62)}" rx="${fmt(r * 1.75)}" ry="${fmt(r * 0.34)}" fill="#ffe066"/>` +
    path(`M${x(-0.82)} ${y(-0.62)} Q${x(-0.85)} ${y(-1.55)} ${x(0)} ${y(-1.55)} Q${x(0.85)} ${y(-1.55)} ${x(0.82)} ${y(-0.62)} Z`, '#ffec99') +
    path(`M${x(-0.84)} ${y(-0.66)} L${x(-0.86)} ${y(-0.95)} L${x(0.86)} ${y(-0.95)} L${x(0.84)} ${y(-0.66)} Z`, '#ff8787');
}

function cowboyHat(s: Skeleton): string {
  const { x, y } = headFrame(s);
  return path(`M${x(-1.85)} ${y(-1.0)} Q${x(-1.55)} ${y(-0.35)} ${x(0)} ${y(-0.45)} Q${x(1.55)} ${y(-0.35)} ${x(1.85)} ${y(-1.0)} Q${x(1.2)} ${y(-0.62)} ${x(0)} ${y(-0.7)} Q${x(-1.2)} ${y(-0.62)} ${x(-1.85)} ${y(-1.0)} Z`, '#c08a5a') +
    path(`M${x(-0.8)} ${y(-0.62)} L${x(-0.78)} ${y(-1.7)} Q${x(0)} ${y(-1.35)} ${x(0.78)} ${y(-1.7)} L${x(0.8)} ${y(-0.62)} Z`, '#d9a877') +
    path(`M${x(-0.8)} ${y(-0.66)} L${x(-0.8)} ${y(-0.92)} L${x(0.8)} ${y(-0.92)} L${x(0.8)} ${y(-0.66)} Z`, '#8d6e63');
}

function policeCap(s: Skeleton): string {
  const { x, y, cx, cy, r } = headFrame(s);
  return path(`M${x(-1.02)} ${y(-0.62)} L${x(-1.25)} ${y(-1.42)} Q${x(0)} ${y(-1.7)} ${x(1.25)} ${y(-1.42)} L${x(1.02)} ${y(-0.62)} Z`, '#4c6ef5') +
    path(`M${x(-1.02)} ${y(-0.45)} L${x(-1.02)} ${y(-0.75)} L${x(1.02)} ${y(-0.75)} L${x(1.02)} ${y(-0.45)} Z`, '#364fc7') +
    path(`M${x(-0.9)} ${y(-0.45)} Q${x(0)} ${y(-0.1)} ${x(0.9)} ${y(-0.45)} Z`, '#495057') +
    star(cx, cy - r * 1.12, r * 0.28, '#ffd43b');
}

function knightHelmet(s: Skeleton): string {
  const { x, y } = headFrame(s);
  const plume = path(`M${x(-0.1)} ${y(-1.3)} Q${x(-0.6)} ${y(-2.2)} ${x(-1.6)} ${y(-1.5)} Q${x(-1.1)} ${y(-1.25)} ${x(-1.45)} ${y(-0.6)} Q${x(-0.5)} ${y(-1.1)} ${x(0.2)} ${y(-1.15)} Z`, '#ff6b6b');
  // A helmet open at the face, its cheek guards down to the jaw.
  const shell = path(`M${x(-1.12)} ${y(0.75)} L${x(-1.12)} ${y(-0.3)} Q${x(-1.12)} ${y(-1.38)} ${x(0)} ${y(-1.38)} Q${x(1.12)} ${y(-1.38)} ${x(1.12)} ${y(-0.3)} L${x(1.12)} ${y(0.75)} L${x(0.78)} ${y(0.75)} L${x(0.78)} ${y(-0.2)} Q${x(0)} ${y(-0.62)} ${x(-0.78)} ${y(-0.2)} L${x(-0.78)} ${y(0.75)} Z`, '#ced4da');
  return plume + shell;
}

function maskOverEyes(s: Skeleton): string {
  const { x, cy, r } = headFrame(s);
  const lean = s.facing ? 0.22 : 0;
  const ey = (k: number): string => fmt(cy + r * (0.12 + k));
  const at = (k: number): string => x(k + lean);
  return path(`M${at(-0.78)} ${ey(-0.12)} Q${at(-0.4)} ${ey(-0.42)} ${at(0)} ${ey(-0.16)} Q${at(0.4)} ${ey(-0.42)} ${at(0.78)} ${ey(-0.12)} Q${at(0.45)} ${ey(0.34)} ${at(0)} ${ey(0.14)} Q${at(-0.45)} ${ey(0.34)} ${at(-0.78)} ${ey(-0.12)} Z`, '#ff6b6b');
}

function beard(fill: string) {
  return (s: Skeleton): string => {
    const { x, y } = headFrame(s);
    return path(`M${x(-0.86)} ${y(0.2)} Q${x(-0.75)} ${y(1.5)} ${x(0)} ${y(1.65)} Q${x(0.75)} ${y(1.5)} ${x(0.86)} ${y(0.2)} Q${x(0.55)} ${y(0.85)} ${x(0)} ${y(0.88)} Q${x(-0.55)} ${y(0.85)} ${x(-0.86)} ${y(0.2)} Z`, fill);
  };
}

// ---- Behind the body --------------------------------------------------------------------------

function cape(fill: string) {
  return (s: Skeleton): string => {
    const [nx, ny] = s.neck;
    const hem = Math.min(67, s.hip[1] + 20);
    const hx = s.hip[0] - (s.facing ? 5 : 0);
    return path(`M${fmt(nx - 6.5)} ${fmt(ny + 1)} Q${fmt(hx - 13)} ${fmt((ny + hem) / 2)} ${fmt(hx - 15)} ${fmt(hem)} Q${fmt(hx)} ${fmt(hem + 2.5)} ${fmt(hx + 15)} ${fmt(hem)} Q${fmt(hx + 13)} ${fmt((ny + hem) / 2)} ${fmt(nx + 6.5)} ${fmt(ny + 1)} Z`, fill);
  };
}

function wings(s: Skeleton): string {
  const [nx, ny] = s.neck;
  const wing = (side: 1 | -1): string =>
    `<ellipse cx="${fmt(nx + side * 10)}" cy="${fmt(ny + 2)}" rx="9.5" ry="5.2" transform="rotate(${side * -28} ${fmt(nx + side * 10)} ${fmt(ny + 2)})" fill="#d0ebff"/>` +
    `<ellipse cx="${fmt(nx + side * 8)}" cy="${fmt(ny + 11)}" rx="6.2" ry="3.6" transform="rotate(${side * 30} ${fmt(nx + side * 8)} ${fmt(ny + 11)})" fill="#e5dbff"/>`;
  return wing(-1) + wing(1);
}

function spaceHelmetAndPack(s: Skeleton): string {
  const { cx, cy, r } = headFrame(s);
  const [nx, ny] = s.neck;
  return `<rect x="${fmt(nx - 9)}" y="${fmt(ny + 1)}" width="18" height="17" rx="2.5" fill="#adb5bd"/>` +
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r * 1.42)}" fill="#e7f5ff"/>`;
}

// ---- On the body ------------------------------------------------------------------------------

const belt = (fill: string, buckle: string) => (s: Skeleton): string =>
  band(s, 0.86, 1.0, 13.2, fill) + band(s, 0.84, 1.02, 3.4, buckle);

function apron(s: Skeleton): string {
  return band(s, 0.3, 1.35, 9.5, '#fff') + band(s, 0.78, 0.86, 13.4, '#f1f3f5');
}

function overalls(s: Skeleton): string {
  return band(s, 0.3, 1.02, 9, '#4dabf7') +
    polygon([[s.neck[0] - 4.5, s.neck[1] + 0.5], [s.neck[0] - 2.5, s.neck[1] + 0.5], [s.neck[0] - 2.5, s.neck[1] + 6.5], [s.neck[0] - 4.5, s.neck[1] + 6.5]], '#4dabf7') +
    polygon([[s.neck[0] + 2.5, s.neck[1] + 0.5], [s.neck[0] + 4.5, s.neck[1] + 0.5], [s.neck[0] + 4.5, s.neck[1] + 6.5], [s.neck[0] + 2.5, s.neck[1] + 6.5]], '#4dabf7');
}

function reflectiveBands(s: Skeleton): string {
  return band(s, 0.55, 0.66, 13.6, '#e9ecef') + band(s, 0.88, 0.99, 13.4, '#e9ecef');
}

function chestPanel(s: Skeleton): string {
  const [px, py] = onSpine(s, 0.35);
  return `<rect x="${fmt(px - 4)}" y="${fmt(py - 2.6)}" width="8" height="5.2" rx="1" fill="#74c0fc"/><circle cx="${fmt(px - 1.8)}" cy="${fmt(py)}" r="1.1" fill="#ff8787"/><circle cx="${fmt(px + 1.8)}" cy="${fmt(py)}" r="1.1" fill="#ffd43b"/>`;
}

function labCoat(s: Skeleton): string {
  const [nx, ny] = s.neck;
  const hemY = s.hip[1] + 9;
  const hx = s.hip[0];
  const left = polygon([[nx - 7, ny - 0.5], [nx - 1.2, ny + 2], [hx - 1.5, hemY], [hx - 9, hemY]], '#fff');
  const right = polygon([[nx + 7, ny - 0.5], [nx + 1.2, ny + 2], [hx + 1.5, hemY], [hx + 9, hemY]], '#fff');
  const stethoscope = `<path d="M${fmt(nx - 3.5)} ${fmt(ny + 1)} Q${fmt(nx - 4.5)} ${fmt(ny + 9)} ${fmt(nx - 0.5)} ${fmt(ny + 10.5)}" fill="none" stroke="#000"/><path d="M${fmt(nx + 3.5)} ${fmt(ny + 1)} Q${fmt(nx + 4)} ${fmt(ny + 7)} ${fmt(nx + 2.5)} ${fmt(ny + 9)}" fill="none" stroke="#000"/><circle cx="${fmt(nx + 2.5)}" cy="${fmt(ny + 10.4)}" r="1.5" fill="#adb5bd"/>`;
  return left + right + stethoscope;
}

function puffSleeves(fill: string) {
  return (s: Skeleton): string => {
    const [nx, ny] = s.neck;
    const w = s.facing ? 3.5 : 6.6;
    return `<circle cx="${fmt(nx - w)}" cy="${fmt(ny + 2.6)}" r="3.2" fill="${fill}"/><circle cx="${fmt(nx + w)}" cy="${fmt(ny + 2.6)}" r="3.2" fill="${fill}"/>` + band(s, 0.55, 0.66, 11, '#fcc2d7');
  };
}

function stripes(s: Skeleton): string {
  return band(s, 0.3, 0.42, 13.6, '#ff8787') + band(s, 0.56, 0.68, 13.6, '#ff8787');
}

function vestAndScarf(s: Skeleton): string {
  const [nx, ny] = s.neck;
  const [hx, hy] = s.hip;
  const vest = polygon([[nx - 6.8, ny], [nx - 2, ny + 2], [hx - 2.5, hy - 1], [hx - 6.5, hy - 1]], '#8d6e63') + polygon([[nx + 6.8, ny], [nx + 2, ny + 2], [hx + 2.5, hy - 1], [hx + 6.5, hy - 1]], '#8d6e63');
  return vest + polygon([[nx - 4.5, ny - 0.5], [nx + 4.5, ny - 0.5], [nx, ny + 5]], '#ff6b6b');
}

function armour(s: Skeleton): string {
  return band(s, 0.08, 0.8, 11.5, '#dee2e6') + band(s, 0.86, 1.0, 13.4, '#868e96');
}

/** A tutu: two layers of net standing out from the waist, scalloped along their hems. */
function tutu(s: Skeleton): string {
  const [hx, hy] = s.hip;
  const layer = (top: number, waist: number, reach: number, drop: number, scallops: number, fill: string): string => {
    const y = hy + drop;
    let d = `M${fmt(hx - waist)} ${fmt(hy + top)}L${fmt(hx + waist)} ${fmt(hy + top)}L${fmt(hx + reach)} ${fmt(y)}`;
    const step = (2 * reach) / scallops;
    for (let i = 1; i <= scallops; i++) d += `A${fmt(step / 2)} ${fmt(step / 2.6)} 0 0 1 ${fmt(hx + reach - step * i)} ${fmt(y)}`;
    return `<path d="${d}Z" fill="${fill}"/>`;
  };
  return layer(-1.5, 6, 14, 4.5, 6, '#fcc2d7') + layer(-2, 5.5, 10.5, 1.8, 5, '#ffdeeb');
}

function shellTop(s: Skeleton): string {
  const [px, py] = onSpine(s, 0.3);
  return `<circle cx="${fmt(px - 2.8)}" cy="${fmt(py)}" r="2.6" fill="#f783ac"/><circle cx="${fmt(px + 2.8)}" cy="${fmt(py)}" r="2.6" fill="#f783ac"/>`;
}

const emblem = (fill: string) => (s: Skeleton): string => {
  const [px, py] = onSpine(s, 0.38);
  return star(px, py, 3.6, fill);
};

const both = (...parts: ((s: Skeleton) => string)[]) => (s: Skeleton): string => parts.map((p) => p(s)).join('');

// ---- Carried ----------------------------------------------------------------------------------

function sword([x, y]: Point): string {
  return polygon([[x - 1.2, y - 2.5], [x - 1, y - 21], [x, y - 24], [x + 1, y - 21], [x + 1.2, y - 2.5]], '#e9ecef') +
    `<rect x="${fmt(x - 4)}" y="${fmt(y - 3.2)}" width="8" height="2" rx="0.8" fill="#ffd43b"/>` + limb([[x, y - 1], [x, y + 3.5]], 2.2, '#8d6e63');
}

function cutlass([x, y]: Point): string {
  return path(`M${fmt(x - 1.2)} ${fmt(y - 2.5)} Q${fmt(x - 2)} ${fmt(y - 14)} ${fmt(x + 5)} ${fmt(y - 21)} Q${fmt(x + 2)} ${fmt(y - 12)} ${fmt(x + 1.4)} ${fmt(y - 2.5)} Z`, '#e9ecef') +
    `<rect x="${fmt(x - 3.6)}" y="${fmt(y - 3.2)}" width="7.2" height="2" rx="0.8" fill="#ffd43b"/>`;
}

function wand([x, y]: Point): string {
  return limb([[x, y + 2], [x + 2, y - 11]], 1.5, '#c08a5a') + star(x + 2.2, y - 13, 3.6, '#ffe066');
}

function broom([x, y]: Point): string {
  return limb([[x - 1, y - 17], [x + 1, y + 12]], 2, '#a0522d') + polygon([[x - 2, y + 11], [x + 3.5, y + 11], [x + 6, y + 22], [x - 4, y + 22]], '#ffd43b');
}

function staff([x, y]: Point): string {
  return limb([[x, y - 20], [x, Math.min(68, y + 24)]], 2.2, '#a0522d') + `<circle cx="${fmt(x)}" cy="${fmt(y - 22)}" r="3.2" fill="#74c0fc"/>`;
}

function sceptre([x, y]: Point): string {
  return limb([[x, y - 13], [x, y + 5]], 1.8, '#ffd43b') + `<circle cx="${fmt(x)}" cy="${fmt(y - 14.5)}" r="2.6" fill="#f783ac"/>`;
}

function spoon([x, y]: Point): string {
  return limb([[x, y + 2], [x, y - 9]], 1.8, '#c08a5a') + `<ellipse cx="${fmt(x)}" cy="${fmt(y - 12)}" rx="2.8" ry="3.6" fill="#d9a877"/>`;
}

function pitchfork([x, y]: Point): string {
  const tine = (dx: number): string => limb([[x + dx, y - 18], [x + dx, y - 24]], 1.1, '#adb5bd');
  return limb([[x, y - 17], [x, Math.min(68, y + 22)]], 2, '#a0522d') + limb([[x - 3, y - 18], [x + 3, y - 18]], 1.4, '#adb5bd') + tine(-3) + tine(0) + tine(3);
}

function hose([x, y]: Point): string {
  return limb([[x, y + 1], [x + 4, y + 10], [x + 2, y + 20], [x + 10, y + 25]], 2.6, '#495057') + polygon([[x - 1.5, y + 1.5], [x + 1.5, y + 1.5], [x + 1.2, y - 7], [x - 1.2, y - 7]], '#adb5bd');
}

function book([x, y]: Point): string {
  return `<rect x="${fmt(x - 4)}" y="${fmt(y - 5)}" width="8" height="10" rx="0.8" fill="#74c0fc"/><rect x="${fmt(x - 4)}" y="${fmt(y - 5)}" width="1.8" height="10" fill="#4dabf7"/>`;
}

// ---- Faces ------------------------------------------------------------------------------------

function eyepatch(s: Skeleton): string {
  const { x, y, cx, cy, r } = headFrame(s);
  const ex = cx + (s.facing ? r * 0.22 : 0) + r * 0.36;
  return `<ellipse cx="${fmt(ex)}" cy="${fmt(cy + r * 0.12)}" rx="${fmt(r * 0.24)}" ry="${fmt(r * 0.2)}" fill="#000"/>` +
    `<path d="M${x(-0.98)} ${y(-0.35)} L${fmt(ex)} ${fmt(cy + r * 0.12)} L${x(0.99)} ${y(0.05)}" fill="none" stroke="#000"/>`;
}

function glasses(s: Skeleton): string {
  const { cx, cy, r } = headFrame(s);
  const ex = cx + (s.facing ? r * 0.22 : 0);
  const ey = cy + r * 0.12;
  const gap = r * 0.36;
  const rim = r * 0.25;
  return `<circle cx="${fmt(ex - gap)}" cy="${fmt(ey)}" r="${fmt(rim)}" fill="none" stroke="#000"/><circle cx="${fmt(ex + gap)}" cy="${fmt(ey)}" r="${fmt(rim)}" fill="none" stroke="#000"/>` +
    `<path d="M${fmt(ex - gap + rim)} ${fmt(ey)} L${fmt(ex + gap - rim)} ${fmt(ey)}" fill="none" stroke="#000"/>`;
}

// ---- The roles --------------------------------------------------------------------------------

interface Role {
  /** The library name of its standing figure (OpenMoji's bust of that name is replaced). */
  name: string;
  keywords: string[];
  look: Look;
  costume: Costume;
  kind: 'person' | 'fantasy';
  poses: PoseName[];
}

const ALL_POSES: PoseName[] = ['standing', 'waving', 'walking', 'running', 'dancing', 'sitting'];
/** A gown to the feet does not fold at a seated knee: gowned roles are not drawn sitting. */
const GOWN_POSES: PoseName[] = ['standing', 'waving', 'walking', 'running', 'dancing'];

const look = (name: string, shirt: string, bottom: Look['bottom'], bottomColor: string, hair: Look['hair'], hairColor: string): Look => ({ name, shirt, bottom, bottomColor, hair, hairColor });

export const ROLES: Role[] = [
  { name: 'princess', keywords: ['princess'], kind: 'person', poses: GOWN_POSES, look: look('princess', '#fcc2d7', 'gown', '#fcc2d7', 'long', '#ffd43b'), costume: { hat: crown('#ffe066'), onBody: puffSleeves('#ffdeeb'), scale: 0.94 } },
  { name: 'prince', keywords: ['prince'], kind: 'person', poses: ALL_POSES, look: look('prince', '#74c0fc', 'trousers', '#f1f3f5', 'short', '#a0522d'), costume: { hat: crown('#ffe066'), behind: cape('#ff8787'), onBody: belt('#ffd43b', '#fab005'), boots: '#8d6e63', sleeve: 0.9, scale: 0.94 } },
  { name: 'king', keywords: ['king'], kind: 'person', poses: GOWN_POSES, look: look('king', '#ff8787', 'gown', '#ff8787', 'short', '#868e96'), costume: { hat: crown('#ffe066'), behind: cape('#b197fc'), onBody: both(belt('#ffd43b', '#fab005'), beard('#ced4da')), carried: sceptre, sleeve: 0.95, scale: 0.94 } },
  { name: 'queen', keywords: ['queen'], kind: 'person', poses: GOWN_POSES, look: look('queen', '#b197fc', 'gown', '#b197fc', 'long', '#5c3d2e'), costume: { hat: crown('#ffe066'), behind: cape('#ff8787'), onBody: puffSleeves('#d0bfff'), carried: sceptre, scale: 0.94 } },
  { name: 'knight', keywords: ['knight'], kind: 'person', poses: ALL_POSES, look: look('knight', '#adb5bd', 'trousers', '#adb5bd', 'short', '#5c3d2e'), costume: { hat: knightHelmet, onBody: armour, boots: '#868e96', sleeve: 0.95, carried: sword, scale: 0.9 } },
  { name: 'firefighter', keywords: ['firefighter', 'fireman', 'firewoman'], kind: 'person', poses: ALL_POSES, look: look('firefighter', '#ffd43b', 'trousers', '#ffd43b', 'short', '#5c3d2e'), costume: { hat: fireHelmet, onBody: reflectiveBands, boots: '#495057', sleeve: 0.95, carried: hose, scale: 0.92 } },
  { name: 'astronaut', keywords: ['astronaut', 'spaceman', 'cosmonaut'], kind: 'person', poses: ALL_POSES, look: look('astronaut', '#f1f3f5', 'trousers', '#f1f3f5', 'short', '#5c3d2e'), costume: { behind: spaceHelmetAndPack, onBody: chestPanel, boots: '#adb5bd', sleeve: 0.97, scale: 0.94 } },
  { name: 'cook', keywords: ['cook', 'chef', 'baker'], kind: 'person', poses: ALL_POSES, look: look('cook', '#f8f9fa', 'trousers', '#868e96', 'short', '#5c3d2e'), costume: { hat: chefHat, onBody: apron, sleeve: 0.6, carried: spoon, scale: 0.86 } },
  { name: 'pirate', keywords: ['pirate', 'buccaneer'], kind: 'person', poses: ALL_POSES, look: look('pirate', '#fff', 'trousers', '#8d6e63', 'long', '#343a40'), costume: { hat: tricorn, onBody: both(stripes, belt('#5c5f66', '#ffd43b')), boots: '#5c5f66', sleeve: 0.5, carried: cutlass, face: eyepatch, scale: 0.9 } },
  { name: 'witch', keywords: ['witch'], kind: 'fantasy', poses: GOWN_POSES, look: look('witch', '#9775fa', 'gown', '#9775fa', 'long', '#ff922b'), costume: { hat: pointedHat('#9775fa', '#69db7c', false), onBody: belt('#69db7c', '#ffd43b'), sleeve: 0.95, carried: broom, scale: 0.86 } },
  { name: 'wizard', keywords: ['wizard', 'mage', 'sorcerer', 'magician'], kind: 'fantasy', poses: GOWN_POSES, look: look('wizard', '#4c6ef5', 'gown', '#4c6ef5', 'short', '#ced4da'), costume: { hat: pointedHat('#4c6ef5', '#ffd43b', true), onBody: both(emblem('#ffd43b'), beard('#f1f3f5')), sleeve: 0.95, carried: staff, scale: 0.86 } },
  { name: 'fairy', keywords: ['fairy', 'pixie'], kind: 'fantasy', poses: ALL_POSES, look: look('fairy', '#b2f2bb', 'dress', '#b2f2bb', 'bun', '#ffa94d'), costume: { behind: wings, carried: wand, scale: 0.94 } },
  { name: 'mermaid', keywords: ['mermaid'], kind: 'fantasy', poses: ['standing', 'waving'], look: look('mermaid', '#ffd8b1', 'trousers', '#ffd8b1', 'long', '#ff6b6b'), costume: { tail: '#63e6be', onBody: shellTop, sleeve: 0, scale: 0.96 } },
  { name: 'farmer', keywords: ['farmer'], kind: 'person', poses: ALL_POSES, look: look('farmer', '#ff8787', 'trousers', '#4dabf7', 'short', '#a0522d'), costume: { hat: strawHat, onBody: overalls, boots: '#8d6e63', carried: pitchfork, scale: 0.9 } },
  { name: 'doctor', keywords: ['doctor', 'nurse', 'vet', 'physician'], kind: 'person', poses: ALL_POSES, look: look('doctor', '#a5d8ff', 'trousers', '#a5d8ff', 'bun', '#5c3d2e'), costume: { onBody: labCoat, sleeve: 0.9, scale: 0.96 } },
  { name: 'teacher', keywords: ['teacher'], kind: 'person', poses: ALL_POSES, look: look('teacher', '#69db7c', 'dress', '#fab005', 'long', '#5c3d2e'), costume: { face: glasses, sleeve: 0.9, carried: book, scale: 0.96 } },
  { name: 'superhero', keywords: ['superhero', 'hero', 'supergirl', 'superboy'], kind: 'fantasy', poses: ALL_POSES, look: look('superhero', '#4dabf7', 'trousers', '#4dabf7', 'short', '#343a40'), costume: { behind: cape('#ff6b6b'), hat: maskOverEyes, onBody: both(emblem('#ffd43b'), belt('#ffd43b', '#fab005')), boots: '#ff6b6b', sleeve: 0.95, scale: 0.94 } },
  { name: 'police officer', keywords: ['police officer', 'policeman', 'policewoman', 'police'], kind: 'person', poses: ALL_POSES, look: look('police officer', '#74c0fc', 'trousers', '#364fc7', 'short', '#5c3d2e'), costume: { hat: policeCap, onBody: both(emblem('#ffd43b'), belt('#495057', '#adb5bd')), sleeve: 0.5, scale: 0.92 } },
  { name: 'cowboy', keywords: ['cowboy', 'cowgirl'], kind: 'person', poses: ALL_POSES, look: look('cowboy', '#ffa94d', 'trousers', '#4dabf7', 'short', '#a0522d'), costume: { hat: cowboyHat, onBody: both(vestAndScarf, belt('#8d6e63', '#ffd43b')), boots: '#8d6e63', sleeve: 0.9, scale: 0.92 } },
  { name: 'ballerina', keywords: ['ballerina', 'ballet dancer', 'ballet'], kind: 'person', poses: ['standing', 'waving', 'dancing', 'sitting'], look: look('ballerina', '#faa2c1', 'shorts', '#faa2c1', 'bun', '#5c3d2e'), costume: { onBody: tutu, boots: '#fcc2d7', scale: 0.96 } },
];

/**
 * A witch flying on her broom, seen from the side: sitting on the handle, both hands on it ahead of
 * her, the gown and legs hanging down, the bristles behind. The best-known witch of colouring books.
 */
const BROOM_RIDE: Skeleton = {
  head: [40, 17], headR: 8.6, facing: 1, neck: [37, 27], hip: [32, 44],
  backArm: [[35, 30], [43, 36], [50, 41.5]], frontArm: [[38, 30.5], [46, 37], [54, 41]],
  backLeg: [[31, 45], [39, 52], [37, 61]], frontLeg: [[33, 45], [43, 51], [42, 60]],
  under: limb([[8, 48.5], [66, 39]], 2.4, '#a0522d') + polygon([[2, 43], [14, 45], [14, 51], [1, 56]], '#ffd43b') + limb([[13, 44.5], [14, 51.5]], 1.4, '#a0522d'),
};

/** Poses only some roles have, named "<role> <pose>": the witch on her broom. */
const SPECIAL_POSES: Record<string, Record<string, Skeleton>> = {
  witch: { flying: BROOM_RIDE },
};

/** The words for what each role carries in its hand ("a witch on a broom" needs no second broom). */
export const ROLE_CARRIES: Record<string, string[]> = {
  knight: ['sword'], pirate: ['sword', 'cutlass'], witch: ['broom', 'broomstick'], wizard: ['staff', 'wand'], fairy: ['wand'],
  cook: ['spoon'], farmer: ['pitchfork'], firefighter: ['hose'], teacher: ['book'], king: ['sceptre', 'scepter'], queen: ['sceptre', 'scepter'],
};

/**
 * The same role with fewer areas for toddler pages (a toddler's page holds 10 to 17): no apron,
 * armour, belt, bands or boots, sleeves and trousers whole; the hat, what is behind and what is
 * carried still say who it is.
 * A chef alone was 27 areas at toddler, over the band, and anything named beside him was dropped.
 */
function simpler(costume: Costume): Costume {
  const { behind, hat, carried, face, sleeve, tail, scale } = costume;
  // Sleeves to the hand and trousers into the shoes: no strip of wrist or ankle as an area of its own.
  return { behind, hat, carried, face, sleeve: sleeve === 0 ? 0 : 1, trousers: 1, tail, scale, plain: true };
}


/** The role a figure's name is of, standing or posed ("witch flying" → witch), or null. */
export function roleOf(name: string): string | null {
  return ROLES.find((r) => name === r.name || name.startsWith(`${r.name} `))?.name ?? null;
}

/**
 * The words for what each role wears in its drawing: "a queen with a crown" is the queen as drawn,
 * not a queen with a second crown stuck on top (whose areas then pushed the rose from her hand).
 */
export const ROLE_WEARS: Record<string, string[]> = {
  princess: ['crown', 'tiara'], prince: ['crown', 'cape'], king: ['crown', 'cape'], queen: ['crown', 'tiara', 'cape'],
  knight: ['helmet', 'armor', 'armour'], firefighter: ['helmet'], astronaut: ['helmet', 'spacesuit'], cook: ['hat', 'apron'],
  pirate: ['hat', 'eyepatch'], witch: ['hat'], wizard: ['hat', 'robe'], fairy: ['wings'], farmer: ['hat'],
  'police officer': ['hat', 'cap'], cowboy: ['hat'], superhero: ['cape', 'mask'], teacher: ['glasses'],
};

/** The words for what a role figure (standing or posed: "witch flying") is drawn with: what it carries, rides or wears. */
export function drawnWith(name: string): string[] {
  const role = roleOf(name) ?? '';
  return [...(ROLE_CARRIES[role] ?? []), ...(ROLE_WEARS[role] ?? [])];
}

/** Every role in each of its poses: "princess" standing, "princess dancing", ..., and each again for toddlers. */
export const ROLE_FIGURES: DrawnFigure[] = ROLES.flatMap((role) => {
  const special = Object.entries(SPECIAL_POSES[role.name] ?? {});
  const poses: [string, PoseName | Skeleton][] = [...role.poses.map((p): [string, PoseName] => [p, p]), ...special];
  return poses.flatMap(([pose, skeleton], i): DrawnFigure[] => {
    const id = `${ROLE_ID_PREFIX}${role.name.toUpperCase().replace(/ /g, '-')}-${String(i + 1).padStart(2, '0')}`;
    const name = pose === 'standing' ? role.name : `${role.name} ${pose}`;
    // What rides under the figure (a broom) is what it would otherwise carry.
    const costume = typeof skeleton === 'string' ? role.costume : { ...role.costume, carried: undefined };
    return [
      { id, name, keywords: pose === 'standing' ? role.keywords : [], kind: role.kind, ...dressedFigure(skeleton, role.look, costume) },
      { id: `${id}-T`, name: toddlerName(name), keywords: [], kind: role.kind, ...dressedFigure(skeleton, role.look, simpler(costume)) },
      { id: `${id}-D`, name: detailedName(name), keywords: [], kind: role.kind, ...dressedFigure(skeleton, role.look, detailCostume(role.look, costume)) },
    ];
  });
});
