/**
 * Photo-like scenes drawn from code, for the photo set (bench/photos/). There is no licensed
 * photo collection this project may ship, so these stand in: each is an SVG with shaded
 * gradients, fur/grass/water textures from turbulence noise, a soft shadow, a background
 * blurred as by a shallow depth of field and sensor grain, rendered to JPEG by librsvg. They are
 * cleaner than real photos (no clutter, no motion blur): a page that fails on them will fail on
 * real ones; one that passes is not proof it passes on real ones.
 */

export interface Scene {
  name: string;
  /** pet, person, farm, wild, house, vehicle or landscape. */
  kind: string;
  width: number;
  height: number;
  svg: string;
}

type Ground = 'grass' | 'sand' | 'snow' | 'floor' | 'road' | 'water';

const GROUND_COLOURS: Record<Ground, [string, string]> = {
  grass: ['#6f9a3c', '#3f6b22'],
  sand: ['#d8c08a', '#b39661'],
  snow: ['#f4f7fb', '#cfd8e4'],
  floor: ['#b98a5a', '#8a6038'],
  road: ['#8d8d8d', '#5d5d5d'],
  water: ['#4f86b8', '#24507c'],
};

/** Filters and gradients every scene may use. */
function defs(seed: number): string {
  return `<defs>
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${seed}" result="n"/>
    <feColorMatrix in="n" type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0.18 0"/>
  </filter>
  <filter id="texture" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.04 0.35" numOctaves="3" seed="${seed + 1}" result="n"/>
    <feColorMatrix in="n" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.55 0"/>
  </filter>
  <filter id="fur" x="-10%" y="-10%" width="120%" height="120%">
    <feTurbulence type="turbulence" baseFrequency="0.08 0.5" numOctaves="2" seed="${seed + 2}" result="t"/>
    <feDisplacementMap in="SourceGraphic" in2="t" scale="7" xChannelSelector="R" yChannelSelector="G"/>
  </filter>
  <filter id="far"><feGaussianBlur stdDeviation="3"/></filter>
  <filter id="shadow"><feGaussianBlur stdDeviation="10"/></filter>
  <radialGradient id="shade" cx="0.35" cy="0.3" r="0.8">
    <stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.35"/>
  </radialGradient>
</defs>`;
}

/** Sky (or a wall) with a gradient, ground with texture, optional far hills or trees, all softly blurred. */
function backdrop(w: number, h: number, horizon: number, ground: Ground, sky: [string, string], extra = ''): string {
  const [g1, g2] = GROUND_COLOURS[ground];
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>
  <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${g1}"/><stop offset="1" stop-color="${g2}"/></linearGradient>
  <g filter="url(#far)">
    <rect width="${w}" height="${horizon}" fill="url(#sky)"/>
    ${extra}
    <rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#ground)"/>
    <rect y="${horizon}" width="${w}" height="${h - horizon}" filter="url(#texture)"/>
  </g>`;
}

/** Far hills and a few trees along the horizon. */
function hills(w: number, horizon: number, colour: string, trees: number, seed: number): string {
  let out = `<path d="M0 ${horizon} Q ${w * 0.2} ${horizon - 90} ${w * 0.45} ${horizon - 30} T ${w} ${horizon - 50} V ${horizon} Z" fill="${colour}"/>`;
  for (let i = 0; i < trees; i++) {
    const x = ((seed * 97 + i * 211) % 100) / 100 * w;
    out += `<rect x="${x - 5}" y="${horizon - 40}" width="10" height="40" fill="#5a3d22"/><circle cx="${x}" cy="${horizon - 60}" r="32" fill="#2f5e2a"/>`;
  }
  return out;
}

const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#shade)"/>`;

const shadow = (cx: number, cy: number, rx: number): string => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.12}" fill="#000" opacity="0.35" filter="url(#shadow)"/>`;

interface Animal {
  body: string;
  belly?: string;
  /** Head size relative to the body. */
  head: number;
  ears: 'cat' | 'dog' | 'rabbit' | 'cow' | 'horse' | 'round' | 'elephant';
  legs: number;
  neck?: number;
  tail?: 'long' | 'short' | 'tuft';
  spots?: string;
  mane?: string;
  fur?: boolean;
  trunk?: boolean;
  snout?: string;
}

/** A four-legged animal side-on, facing right, standing on the ground at y = feet. */
function quadruped(cx: number, feet: number, size: number, a: Animal): string {
  const bodyW = size;
  const bodyH = size * 0.42;
  const legH = size * a.legs;
  const bodyY = feet - legH - bodyH * 0.35;
  const neck = a.neck ?? 0.2;
  const headR = size * a.head;
  const headX = cx + bodyW * 0.55;
  const headY = bodyY - bodyH * 0.3 - size * neck;
  const fur = a.fur ? 'filter="url(#fur)"' : '';
  let s = shadow(cx, feet, size * 0.7);
  // Far legs darker, near legs in the body colour.
  for (const [dx, near] of [[-0.32, false], [0.3, false], [-0.38, true], [0.24, true]] as const) {
    s += `<rect x="${cx + dx * bodyW}" y="${bodyY}" width="${size * 0.1}" height="${feet - bodyY}" rx="${size * 0.04}" fill="${a.body}" ${near ? '' : 'opacity="0.75"'}/>`;
  }
  if (a.tail === 'long') s += `<path d="M${cx - bodyW * 0.48} ${bodyY - bodyH * 0.1} q ${-size * 0.25} ${size * 0.1} ${-size * 0.2} ${size * 0.45}" stroke="${a.body}" stroke-width="${size * 0.05}" fill="none" stroke-linecap="round"/>`;
  if (a.tail === 'tuft') s += `<path d="M${cx - bodyW * 0.48} ${bodyY} q ${-size * 0.1} ${size * 0.2} ${-size * 0.06} ${size * 0.4}" stroke="${a.body}" stroke-width="${size * 0.025}" fill="none"/><circle cx="${cx - bodyW * 0.54}" cy="${bodyY + size * 0.42}" r="${size * 0.04}" fill="#4a2e14"/>`;
  if (a.tail === 'short') s += `<circle cx="${cx - bodyW * 0.5}" cy="${bodyY - bodyH * 0.2}" r="${size * 0.07}" fill="${a.belly ?? a.body}"/>`;
  s += `<g ${fur}>${ellipse(cx, bodyY, bodyW / 2, bodyH / 2, a.body)}`;
  if (a.belly) s += `<ellipse cx="${cx}" cy="${bodyY + bodyH * 0.22}" rx="${bodyW * 0.36}" ry="${bodyH * 0.22}" fill="${a.belly}"/>`;
  if (a.spots) {
    for (let i = 0; i < 6; i++) s += `<ellipse cx="${cx + ((i * 37) % 80 - 40) / 100 * bodyW}" cy="${bodyY + ((i * 53) % 60 - 30) / 100 * bodyH}" rx="${size * 0.07}" ry="${size * 0.05}" fill="${a.spots}"/>`;
  }
  // Neck.
  s += `<path d="M${cx + bodyW * 0.3} ${bodyY - bodyH * 0.3} L${headX - headR * 0.4} ${headY} L${headX + headR * 0.2} ${headY + headR * 0.6} L${cx + bodyW * 0.48} ${bodyY + bodyH * 0.1} Z" fill="${a.body}"/>`;
  if (a.mane) s += `<circle cx="${headX}" cy="${headY}" r="${headR * 1.55}" fill="${a.mane}" filter="url(#fur)"/>`;
  s += '</g>';
  // Ears behind the head.
  const ear = (dx: number): string => {
    const x = headX + dx * headR;
    const y = headY - headR * 0.7;
    switch (a.ears) {
      case 'cat':
        return `<path d="M${x - headR * 0.35} ${y + headR * 0.2} L${x} ${y - headR * 0.6} L${x + headR * 0.35} ${y + headR * 0.2} Z" fill="${a.body}"/>`;
      case 'rabbit':
        return `<ellipse cx="${x}" cy="${y - headR * 0.9}" rx="${headR * 0.22}" ry="${headR * 0.95}" fill="${a.body}"/><ellipse cx="${x}" cy="${y - headR * 0.9}" rx="${headR * 0.1}" ry="${headR * 0.7}" fill="#e7a9a9"/>`;
      case 'dog':
        return `<ellipse cx="${x - headR * 0.3}" cy="${y + headR * 0.6}" rx="${headR * 0.25}" ry="${headR * 0.6}" fill="#5a3a1e" transform="rotate(15 ${x} ${y})"/>`;
      case 'cow':
        return `<path d="M${x} ${y} q ${-headR * 0.3} ${-headR * 0.5} ${-headR * 0.1} ${-headR * 0.8}" stroke="#e8dcc0" stroke-width="${headR * 0.15}" fill="none"/><ellipse cx="${x - headR * 0.6}" cy="${y + headR * 0.3}" rx="${headR * 0.35}" ry="${headR * 0.15}" fill="${a.body}"/>`;
      case 'horse':
        return `<path d="M${x - headR * 0.2} ${y + headR * 0.1} L${x} ${y - headR * 0.5} L${x + headR * 0.2} ${y + headR * 0.1} Z" fill="${a.body}"/>`;
      case 'elephant':
        return `<ellipse cx="${headX - headR * 0.6}" cy="${headY + headR * 0.1}" rx="${headR * 0.8}" ry="${headR * 1.0}" fill="${a.body}" opacity="0.92"/>`;
      default:
        return `<circle cx="${x}" cy="${y}" r="${headR * 0.3}" fill="${a.body}"/>`;
    }
  };
  s += ear(-0.4) + (a.ears === 'elephant' ? '' : ear(0.35));
  // Head, muzzle, eye, nose.
  s += `<g ${fur}>${ellipse(headX, headY, headR, headR * 0.9, a.body)}</g>`;
  if (a.snout) s += `<ellipse cx="${headX + headR * 0.8}" cy="${headY + headR * 0.25}" rx="${headR * 0.45}" ry="${headR * 0.35}" fill="${a.snout}"/>`;
  if (a.trunk) s += `<path d="M${headX + headR * 0.6} ${headY + headR * 0.2} q ${headR * 0.9} ${headR * 0.5} ${headR * 0.5} ${headR * 2.2}" stroke="${a.body}" stroke-width="${headR * 0.35}" fill="none" stroke-linecap="round"/>`;
  s += `<circle cx="${headX + headR * 0.35}" cy="${headY - headR * 0.2}" r="${headR * 0.13}" fill="#1a1208"/><circle cx="${headX + headR * 0.39}" cy="${headY - headR * 0.25}" r="${headR * 0.04}" fill="#fff"/>`;
  s += `<ellipse cx="${headX + headR * 0.95}" cy="${headY + headR * 0.12}" rx="${headR * 0.12}" ry="${headR * 0.09}" fill="#2a1a10"/>`;
  return s;
}

/** A person: head, hair, face, body in clothes. `portrait` crops to head and shoulders at the bottom edge. */
function person(cx: number, feet: number, height: number, p: { skin: string; hair: string; shirt: string; trousers: string; child: boolean; long: boolean }, portrait: boolean): string {
  const headR = height * (p.child ? 0.1 : 0.07);
  const headY = feet - height + headR;
  const shoulderY = headY + headR * 1.45;
  const torsoH = height * 0.32;
  const hipY = shoulderY + torsoH;
  const width = headR * (p.child ? 1.9 : 2.3);
  let s = portrait ? '' : shadow(cx, feet, width * 1.2);
  if (p.long) s += `<path d="M${cx - headR * 1.05} ${headY} Q ${cx - headR * 1.3} ${headY + headR * 2.2} ${cx - headR * 0.6} ${headY + headR * 2.4} L${cx + headR * 0.6} ${headY + headR * 2.4} Q ${cx + headR * 1.3} ${headY + headR * 2.2} ${cx + headR * 1.05} ${headY} Z" fill="${p.hair}"/>`;
  if (!portrait) {
    s += `<rect x="${cx - width * 0.45}" y="${hipY - 4}" width="${width * 0.4}" height="${feet - hipY}" rx="8" fill="${p.trousers}"/>`;
    s += `<rect x="${cx + width * 0.05}" y="${hipY - 4}" width="${width * 0.4}" height="${feet - hipY}" rx="8" fill="${p.trousers}"/>`;
    s += `<ellipse cx="${cx - width * 0.3}" cy="${feet - 4}" rx="${width * 0.3}" ry="8" fill="#2b2b2b"/><ellipse cx="${cx + width * 0.3}" cy="${feet - 4}" rx="${width * 0.3}" ry="8" fill="#2b2b2b"/>`;
  }
  const bottom = portrait ? shoulderY + height : hipY;
  s += `<path d="M${cx - width} ${bottom} L${cx - width} ${shoulderY + headR * 0.4} Q ${cx - width} ${shoulderY} ${cx - width * 0.6} ${shoulderY} L${cx + width * 0.6} ${shoulderY} Q ${cx + width} ${shoulderY} ${cx + width} ${shoulderY + headR * 0.4} L${cx + width} ${bottom} Z" fill="${p.shirt}"/>`;
  s += `<path d="M${cx - width} ${bottom} L${cx - width} ${shoulderY + headR * 0.4} Q ${cx - width} ${shoulderY} ${cx - width * 0.6} ${shoulderY} L${cx + width * 0.6} ${shoulderY} Q ${cx + width} ${shoulderY} ${cx + width} ${shoulderY + headR * 0.4} L${cx + width} ${bottom} Z" fill="url(#shade)"/>`;
  if (!portrait) {
    s += `<rect x="${cx - width * 1.25}" y="${shoulderY + 6}" width="${width * 0.28}" height="${torsoH * 0.95}" rx="10" fill="${p.shirt}"/><circle cx="${cx - width * 1.11}" cy="${shoulderY + torsoH}" r="${width * 0.16}" fill="${p.skin}"/>`;
    s += `<rect x="${cx + width * 0.97}" y="${shoulderY + 6}" width="${width * 0.28}" height="${torsoH * 0.95}" rx="10" fill="${p.shirt}"/><circle cx="${cx + width * 1.11}" cy="${shoulderY + torsoH}" r="${width * 0.16}" fill="${p.skin}"/>`;
  }
  s += `<rect x="${cx - headR * 0.3}" y="${headY + headR * 0.7}" width="${headR * 0.6}" height="${headR * 0.8}" fill="${p.skin}"/>`;
  s += ellipse(cx, headY, headR * 0.88, headR, p.skin);
  s += `<path d="M${cx - headR * 0.95} ${headY - headR * 0.05} Q ${cx - headR} ${headY - headR * 1.25} ${cx} ${headY - headR * 1.1} Q ${cx + headR} ${headY - headR * 1.25} ${cx + headR * 0.95} ${headY - headR * 0.05} Q ${cx + headR * 0.5} ${headY - headR * 0.7} ${cx} ${headY - headR * 0.6} Q ${cx - headR * 0.5} ${headY - headR * 0.7} ${cx - headR * 0.95} ${headY - headR * 0.05} Z" fill="${p.hair}"/>`;
  for (const dx of [-0.33, 0.33]) {
    s += `<ellipse cx="${cx + dx * headR}" cy="${headY + headR * 0.05}" rx="${headR * 0.14}" ry="${headR * 0.1}" fill="#fff"/><circle cx="${cx + dx * headR}" cy="${headY + headR * 0.05}" r="${headR * 0.07}" fill="#3b2a1a"/>`;
    s += `<path d="M${cx + dx * headR - headR * 0.16} ${headY - headR * 0.18} q ${headR * 0.16} ${-headR * 0.08} ${headR * 0.32} 0" stroke="${p.hair}" stroke-width="${headR * 0.05}" fill="none"/>`;
  }
  s += `<path d="M${cx} ${headY + headR * 0.1} l ${-headR * 0.08} ${headR * 0.3} h ${headR * 0.14}" stroke="#a0705a" stroke-width="${headR * 0.04}" fill="none"/>`;
  s += `<path d="M${cx - headR * 0.28} ${headY + headR * 0.55} Q ${cx} ${headY + headR * 0.75} ${cx + headR * 0.28} ${headY + headR * 0.55}" stroke="#a34a4a" stroke-width="${headR * 0.07}" fill="none" stroke-linecap="round"/>`;
  return s;
}

function house(cx: number, base: number, w: number, wall: string, roof: string, barn: boolean): string {
  const h = w * 0.6;
  const top = base - h;
  let s = shadow(cx, base, w * 0.6);
  s += `<rect x="${cx - w / 2}" y="${top}" width="${w}" height="${h}" fill="${wall}"/><rect x="${cx - w / 2}" y="${top}" width="${w}" height="${h}" fill="url(#shade)"/>`;
  s += barn
    ? `<path d="M${cx - w * 0.56} ${top} L${cx - w * 0.35} ${top - h * 0.45} L${cx + w * 0.35} ${top - h * 0.45} L${cx + w * 0.56} ${top} Z" fill="${roof}"/><path d="M${cx - w * 0.12} ${base} v ${-h * 0.6} h ${w * 0.24} v ${h * 0.6} Z M${cx - w * 0.12} ${base - h * 0.6} l ${w * 0.24} ${h * 0.6} M${cx + w * 0.12} ${base - h * 0.6} l ${-w * 0.24} ${h * 0.6}" stroke="#f3efe6" stroke-width="6" fill="#7b2a1a"/>`
    : `<rect x="${cx + w * 0.22}" y="${top - h * 0.6}" width="${w * 0.1}" height="${h * 0.4}" fill="#7d4a36"/><path d="M${cx - w * 0.58} ${top + 4} L${cx} ${top - h * 0.55} L${cx + w * 0.58} ${top + 4} Z" fill="${roof}"/>` +
      `<rect x="${cx - w * 0.08}" y="${base - h * 0.5}" width="${w * 0.16}" height="${h * 0.5}" fill="#6b3f22"/><circle cx="${cx + w * 0.04}" cy="${base - h * 0.25}" r="4" fill="#d8b64a"/>` +
      [-0.32, 0.32].map((dx) => `<rect x="${cx + dx * w - w * 0.1}" y="${top + h * 0.25}" width="${w * 0.2}" height="${h * 0.28}" fill="#9cc3e0" stroke="#fff" stroke-width="6"/><path d="M${cx + dx * w} ${top + h * 0.25} v ${h * 0.28} M${cx + dx * w - w * 0.1} ${top + h * 0.39} h ${w * 0.2}" stroke="#fff" stroke-width="4"/>`).join('');
  return s;
}

function vehicle(cx: number, base: number, w: number, body: string, kind: 'car' | 'bus' | 'tractor' | 'bike'): string {
  const wheel = (x: number, r: number): string => `<circle cx="${x}" cy="${base - r}" r="${r}" fill="#1d1d1d"/><circle cx="${x}" cy="${base - r}" r="${r * 0.5}" fill="#b8b8b8"/><circle cx="${x}" cy="${base - r}" r="${r * 0.15}" fill="#444"/>`;
  let s = shadow(cx, base, w * 0.55);
  if (kind === 'car') {
    const r = w * 0.11;
    s += `<path d="M${cx - w / 2} ${base - r} v ${-w * 0.18} q 0 ${-w * 0.05} ${w * 0.08} ${-w * 0.06} l ${w * 0.12} ${-w * 0.02} l ${w * 0.1} ${-w * 0.12} h ${w * 0.3} l ${w * 0.12} ${w * 0.13} l ${w * 0.12} ${w * 0.02} q ${w * 0.06} ${w * 0.02} ${w * 0.06} ${w * 0.08} v ${w * 0.15} Z" fill="${body}"/>`;
    s += `<path d="M${cx - w * 0.18} ${base - r - w * 0.27} l ${w * 0.08} ${-w * 0.1} h ${w * 0.12} v ${w * 0.1} Z M${cx + w * 0.06} ${base - r - w * 0.27} v ${-w * 0.1} h ${w * 0.1} l ${w * 0.09} ${w * 0.1} Z" fill="#a8cbe0"/>`;
    s += `<circle cx="${cx + w * 0.47}" cy="${base - r - w * 0.13}" r="${w * 0.025}" fill="#ffe9a0"/>` + wheel(cx - w * 0.3, r) + wheel(cx + w * 0.3, r);
  } else if (kind === 'bus') {
    const r = w * 0.07;
    s += `<rect x="${cx - w / 2}" y="${base - r - w * 0.42}" width="${w}" height="${w * 0.42}" rx="${w * 0.04}" fill="${body}"/><rect x="${cx - w / 2}" y="${base - r - w * 0.42}" width="${w}" height="${w * 0.42}" rx="${w * 0.04}" fill="url(#shade)"/>`;
    for (let i = 0; i < 5; i++) s += `<rect x="${cx - w * 0.45 + i * w * 0.18}" y="${base - r - w * 0.36}" width="${w * 0.14}" height="${w * 0.13}" fill="#a8cbe0"/>`;
    s += `<rect x="${cx - w / 2}" y="${base - r - w * 0.16}" width="${w}" height="${w * 0.03}" fill="#fff"/>` + wheel(cx - w * 0.32, r) + wheel(cx + w * 0.32, r);
  } else if (kind === 'tractor') {
    s += `<rect x="${cx - w * 0.1}" y="${base - w * 0.62}" width="${w * 0.32}" height="${w * 0.3}" fill="${body}"/><rect x="${cx - w * 0.07}" y="${base - w * 0.58}" width="${w * 0.24}" height="${w * 0.18}" fill="#a8cbe0"/>`;
    s += `<rect x="${cx - w * 0.1}" y="${base - w * 0.34}" width="${w * 0.6}" height="${w * 0.16}" fill="${body}"/><rect x="${cx + w * 0.38}" y="${base - w * 0.48}" width="${w * 0.03}" height="${w * 0.14}" fill="#333"/>`;
    s += wheel(cx - w * 0.02, w * 0.24) + wheel(cx + w * 0.4, w * 0.12);
  } else {
    const r = w * 0.22;
    s += `<circle cx="${cx - w * 0.3}" cy="${base - r}" r="${r}" fill="none" stroke="#222" stroke-width="8"/><circle cx="${cx + w * 0.3}" cy="${base - r}" r="${r}" fill="none" stroke="#222" stroke-width="8"/>`;
    s += `<path d="M${cx - w * 0.3} ${base - r} L${cx - w * 0.05} ${base - r * 2.1} L${cx + w * 0.22} ${base - r * 2.1} L${cx + w * 0.3} ${base - r} M${cx - w * 0.05} ${base - r * 2.1} L${cx} ${base - r} L${cx + w * 0.22} ${base - r * 2.1} M${cx + w * 0.22} ${base - r * 2.1} l ${-w * 0.02} ${-r * 0.5}" stroke="${body}" stroke-width="10" fill="none" stroke-linejoin="round"/>`;
    s += `<rect x="${cx - w * 0.12}" y="${base - r * 2.35}" width="${w * 0.14}" height="${r * 0.18}" rx="6" fill="#222"/>`;
  }
  return s;
}

function penguin(cx: number, feet: number, h: number): string {
  return (
    shadow(cx, feet, h * 0.3) +
    ellipse(cx, feet - h * 0.42, h * 0.26, h * 0.42, '#1e2228') +
    `<ellipse cx="${cx + h * 0.04}" cy="${feet - h * 0.38}" rx="${h * 0.17}" ry="${h * 0.33}" fill="#f2f0ea"/>` +
    ellipse(cx, feet - h * 0.88, h * 0.15, h * 0.14, '#1e2228') +
    `<circle cx="${cx + h * 0.06}" cy="${feet - h * 0.9}" r="${h * 0.025}" fill="#fff"/><path d="M${cx + h * 0.12} ${feet - h * 0.87} l ${h * 0.1} ${h * 0.03} l ${-h * 0.1} ${h * 0.03} Z" fill="#f0a020"/>` +
    `<ellipse cx="${cx - h * 0.06}" cy="${feet}" rx="${h * 0.08}" ry="${h * 0.025}" fill="#f0a020"/><ellipse cx="${cx + h * 0.08}" cy="${feet}" rx="${h * 0.08}" ry="${h * 0.025}" fill="#f0a020"/>`
  );
}

function chicken(cx: number, feet: number, h: number): string {
  return (
    shadow(cx, feet, h * 0.35) +
    `<path d="M${cx - h * 0.05} ${feet - h * 0.25} v ${h * 0.25} M${cx + h * 0.08} ${feet - h * 0.25} v ${h * 0.25}" stroke="#e0a020" stroke-width="${h * 0.03}"/>` +
    `<path d="M${cx - h * 0.4} ${feet - h * 0.6} q ${-h * 0.1} ${-h * 0.3} ${h * 0.05} ${-h * 0.35} l ${h * 0.1} ${h * 0.2} Z" fill="#6b3d1c"/>` +
    ellipse(cx, feet - h * 0.45, h * 0.35, h * 0.25, '#c7652a') +
    ellipse(cx + h * 0.3, feet - h * 0.78, h * 0.13, h * 0.14, '#c7652a') +
    `<path d="M${cx + h * 0.24} ${feet - h * 0.92} q ${h * 0.05} ${-h * 0.1} ${h * 0.1} 0 q ${h * 0.05} ${-h * 0.08} ${h * 0.08} ${h * 0.02}" fill="#d0201a"/>` +
    `<path d="M${cx + h * 0.42} ${feet - h * 0.8} l ${h * 0.1} ${h * 0.03} l ${-h * 0.1} ${h * 0.04} Z" fill="#f0b020"/><circle cx="${cx + h * 0.34}" cy="${feet - h * 0.81}" r="${h * 0.02}" fill="#111"/>`
  );
}

function landscape(w: number, h: number, seed: number, water: boolean, snow: boolean): string {
  const horizon = h * 0.55;
  let s = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8fd0"/><stop offset="1" stop-color="#cfe1f2"/></linearGradient><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  s += `<circle cx="${w * (0.2 + (seed % 5) * 0.12)}" cy="${h * 0.16}" r="${h * 0.06}" fill="#fff6d0" filter="url(#far)"/>`;
  s += `<path d="M0 ${horizon} L${w * 0.22} ${h * 0.22} L${w * 0.4} ${horizon * 0.8} L${w * 0.62} ${h * 0.16} L${w * 0.85} ${horizon * 0.75} L${w} ${h * 0.35} V ${horizon} Z" fill="#6e7c8f"/>`;
  if (snow) s += `<path d="M${w * 0.17} ${h * 0.29} L${w * 0.22} ${h * 0.22} L${w * 0.27} ${h * 0.29} Z M${w * 0.56} ${h * 0.24} L${w * 0.62} ${h * 0.16} L${w * 0.68} ${h * 0.24} Z" fill="#f6f8fb"/>`;
  s += `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="#5f8f3a"/><rect y="${horizon}" width="${w}" height="${h - horizon}" filter="url(#texture)"/>`;
  if (water) s += `<path d="M${w * 0.1} ${h * 0.68} Q ${w * 0.5} ${h * 0.6} ${w * 0.9} ${h * 0.7} Q ${w * 0.6} ${h * 0.86} ${w * 0.15} ${h * 0.8} Z" fill="#4f86b8"/>`;
  for (let i = 0; i < 5; i++) {
    const x = w * (0.08 + ((seed * 31 + i * 19) % 84) / 100);
    const y = horizon + h * (0.05 + ((i * 13 + seed) % 30) / 100);
    const r = h * 0.05 * (1 + ((i + seed) % 3) * 0.3);
    s += `<rect x="${x - r * 0.15}" y="${y - r}" width="${r * 0.3}" height="${r * 1.4}" fill="#5a3d22"/><path d="M${x} ${y - r * 3} L${x + r} ${y - r * 0.6} L${x - r} ${y - r * 0.6} Z" fill="#2b5a2a"/>`;
  }
  return s;
}

/** The set: 47 scenes over the kinds users upload. Deterministic. */
export function photoScenes(): Scene[] {
  const scenes: Scene[] = [];
  const add = (name: string, kind: string, w: number, h: number, body: string, seed: number): void => {
    scenes.push({ name, kind, width: w, height: h, svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${defs(seed)}${body}<rect width="${w}" height="${h}" filter="url(#grain)"/></svg>` });
  };
  const W = 900;
  const H = 675;
  const outdoors = (ground: Ground, seed: number, trees = 3): string => backdrop(W, H, H * 0.52, ground, ['#7fb0e0', '#d9e8f5'], hills(W, H * 0.52, '#7d9a70', trees, seed));
  const indoors = (seed: number): string => backdrop(W, H, H * 0.6, 'floor', seed % 2 ? ['#e9dfcf', '#d2c3a9'] : ['#cfd9e2', '#b5c3cf']);
  const pets: [string, Animal, Ground | 'indoor'][] = [
    ['cat-ginger', { body: '#d9822b', belly: '#f2d3a7', head: 0.2, ears: 'cat', legs: 0.28, tail: 'long', fur: true }, 'indoor'],
    ['cat-black', { body: '#26221f', head: 0.2, ears: 'cat', legs: 0.28, tail: 'long', fur: true }, 'grass'],
    ['cat-grey', { body: '#8b8d92', belly: '#e2e2e2', head: 0.2, ears: 'cat', legs: 0.26, tail: 'long', fur: true }, 'indoor'],
    ['dog-brown', { body: '#a8692f', belly: '#e9c08c', head: 0.2, ears: 'dog', legs: 0.34, tail: 'long', snout: '#c98d50' }, 'grass'],
    ['dog-white', { body: '#ece6dc', head: 0.21, ears: 'dog', legs: 0.32, tail: 'short', fur: true, snout: '#f4efe6' }, 'sand'],
    ['dog-black-lab', { body: '#23201d', head: 0.21, ears: 'dog', legs: 0.36, tail: 'long', snout: '#2e2a26' }, 'snow'],
    ['rabbit', { body: '#b49a80', belly: '#efe6da', head: 0.24, ears: 'rabbit', legs: 0.14, tail: 'short', fur: true }, 'grass'],
    ['hamster', { body: '#d9a35a', belly: '#f5e6cc', head: 0.3, ears: 'round', legs: 0.08, fur: true }, 'indoor'],
  ];
  const farm: [string, Animal, Ground][] = [
    ['cow', { body: '#f3efe8', head: 0.17, ears: 'cow', legs: 0.4, tail: 'tuft', spots: '#262220', snout: '#e8b8b0' }, 'grass'],
    ['cow-brown', { body: '#7b4524', head: 0.17, ears: 'cow', legs: 0.4, tail: 'tuft', snout: '#d8a090' }, 'grass'],
    ['horse', { body: '#6b3b1c', head: 0.14, ears: 'horse', legs: 0.55, neck: 0.35, tail: 'long', mane: '#2a1a0e' }, 'grass'],
    ['horse-white', { body: '#e6e2da', head: 0.14, ears: 'horse', legs: 0.55, neck: 0.35, tail: 'long' }, 'sand'],
    ['sheep', { body: '#eeeae0', head: 0.15, ears: 'round', legs: 0.3, tail: 'short', fur: true, snout: '#2d2a27' }, 'grass'],
    ['pig', { body: '#f0b4b0', head: 0.2, ears: 'cat', legs: 0.2, tail: 'short', snout: '#e89a96' }, 'sand'],
    ['goat', { body: '#d8ccb8', head: 0.15, ears: 'cow', legs: 0.42, tail: 'short', fur: true }, 'grass'],
  ];
  const wild: [string, Animal, Ground][] = [
    ['lion', { body: '#c9943f', head: 0.17, ears: 'round', legs: 0.4, tail: 'tuft', mane: '#7a4a1c' }, 'sand'],
    ['tiger', { body: '#e07a1f', belly: '#f4e4cc', head: 0.17, ears: 'round', legs: 0.36, tail: 'long', spots: '#1f1308' }, 'grass'],
    ['elephant', { body: '#8a8580', head: 0.2, ears: 'elephant', legs: 0.5, tail: 'short', trunk: true }, 'sand'],
    ['giraffe', { body: '#e0b050', head: 0.1, ears: 'horse', legs: 0.75, neck: 0.9, tail: 'tuft', spots: '#8a4f1c' }, 'sand'],
    ['bear', { body: '#4a2f1c', head: 0.2, ears: 'round', legs: 0.3, tail: 'short', fur: true, snout: '#7a5a3c' }, 'grass'],
    ['deer', { body: '#a8703c', belly: '#e8d2b0', head: 0.14, ears: 'horse', legs: 0.6, neck: 0.35, tail: 'short' }, 'snow'],
  ];
  let seed = 1;
  for (const [name, animal, ground] of pets) {
    const back = ground === 'indoor' ? indoors(seed) : outdoors(ground, seed);
    add(name, 'pet', W, H, back + quadruped(W * (0.42 + (seed % 3) * 0.04), H * 0.86, W * 0.46, animal), seed++);
  }
  for (const [name, animal, ground] of farm) add(name, 'farm', W, H, outdoors(ground, seed, 2) + quadruped(W * 0.42, H * 0.88, W * 0.44, animal), seed++);
  add('chicken', 'farm', W, H, outdoors('sand', seed) + chicken(W * 0.48, H * 0.85, H * 0.6), seed++);
  for (const [name, animal, ground] of wild) add(name, 'wild', W, H, outdoors(ground, seed, 4) + quadruped(W * 0.42, H * 0.88, W * 0.42, animal), seed++);
  add('penguin', 'wild', 675, 900, backdrop(675, 900, 430, 'snow', ['#9cc0e0', '#e8f0f8'], hills(675, 430, '#c8d4e0', 0, seed)) + penguin(340, 800, 600), seed++);
  add('penguins-two', 'wild', W, H, backdrop(W, H, 330, 'snow', ['#9cc0e0', '#e8f0f8']) + penguin(330, 590, 420) + penguin(560, 600, 360), seed++);
  const people = [
    { name: 'child-portrait-girl', skin: '#f1c7a5', hair: '#6b3a1c', shirt: '#d94a6a', trousers: '#33507a', child: true, long: true },
    { name: 'child-portrait-boy', skin: '#8d5a3b', hair: '#1d130c', shirt: '#2f8f5a', trousers: '#33507a', child: true, long: false },
    { name: 'child-full-body', skin: '#e8b48e', hair: '#d8b050', shirt: '#f0b020', trousers: '#2f5f9a', child: true, long: false },
    { name: 'child-full-body-2', skin: '#c68c62', hair: '#2a1a10', shirt: '#7a4ab0', trousers: '#454545', child: true, long: true },
    { name: 'adult-portrait-woman', skin: '#f0cdb0', hair: '#2a1a10', shirt: '#3a6ab0', trousers: '#222', child: false, long: true },
    { name: 'adult-portrait-man', skin: '#b07a52', hair: '#3a2a1a', shirt: '#b03a2a', trousers: '#222', child: false, long: false },
    { name: 'adult-full-body-woman', skin: '#e2b08a', hair: '#8a4a20', shirt: '#2aa0a0', trousers: '#2a3a6a', child: false, long: true },
    { name: 'adult-full-body-man', skin: '#6a4430', hair: '#111', shirt: '#e8e8e8', trousers: '#3a3a3a', child: false, long: false },
  ];
  for (const [i, p] of people.entries()) {
    const portrait = p.name.includes('portrait');
    const w = portrait ? 675 : W;
    const h = portrait ? 900 : H;
    const back = i % 2 ? backdrop(w, h, h * 0.55, 'grass', ['#8fb8e0', '#e0ecf6'], hills(w, h * 0.55, '#7d9a70', 3, i)) : backdrop(w, h, h * 0.65, 'floor', ['#ddd3c4', '#c4b6a0']);
    // Portraits: head radius 15% of the width, its centre at 38% of the height, shoulders to the bottom edge.
    const tall = (0.15 * w) / (p.child ? 0.1 : 0.07);
    const body = portrait ? person(w / 2, 0.38 * h + tall - 0.15 * w, tall, p, true) : person(w * 0.5, h * 0.92, h * 0.8, p, false);
    add(p.name, 'person', w, h, back + body, seed++);
  }
  add('house', 'house', W, H, outdoors('grass', seed, 2) + house(W * 0.5, H * 0.8, W * 0.5, '#e8dcc4', '#8a3a2a', false), seed++);
  add('house-blue', 'house', W, H, outdoors('grass', seed, 4) + house(W * 0.45, H * 0.78, W * 0.46, '#8fb0cf', '#3a3a44', false), seed++);
  add('house-snow', 'house', W, H, outdoors('snow', seed, 3) + house(W * 0.52, H * 0.8, W * 0.5, '#c9a27a', '#f4f6fa', false), seed++);
  add('barn', 'house', W, H, outdoors('grass', seed, 2) + house(W * 0.5, H * 0.8, W * 0.5, '#a8321f', '#4a4a4a', true), seed++);
  const vehicles: [string, string, 'car' | 'bus' | 'tractor' | 'bike', Ground][] = [
    ['car-red', '#c8281e', 'car', 'road'],
    ['car-blue', '#2a5ab0', 'car', 'road'],
    ['car-yellow', '#e8b820', 'car', 'grass'],
    ['bus', '#e8a020', 'bus', 'road'],
    ['tractor', '#2f8a3a', 'tractor', 'grass'],
    ['tractor-red', '#b8281e', 'tractor', 'sand'],
    ['bicycle', '#1f6ac0', 'bike', 'road'],
  ];
  for (const [name, colour, kind, ground] of vehicles) add(name, 'vehicle', W, H, outdoors(ground, seed, 3) + vehicle(W * 0.5, H * 0.86, W * 0.62, colour, kind), seed++);
  add('landscape-lake', 'landscape', W, H, landscape(W, H, seed, true, true), seed++);
  add('landscape-hills', 'landscape', W, H, landscape(W, H, seed, false, false), seed++);
  add('landscape-mountains', 'landscape', W, H, landscape(W, H, seed, false, true), seed++);
  add('beach', 'landscape', W, H, backdrop(W, H, H * 0.45, 'sand', ['#4f90d8', '#d8ecf8'], `<rect y="${H * 0.38}" width="${W}" height="${H * 0.1}" fill="#3a78b0"/>`) + `<circle cx="${W * 0.8}" cy="${H * 0.14}" r="40" fill="#fff4c0"/>`, seed++);
  return scenes;
}
