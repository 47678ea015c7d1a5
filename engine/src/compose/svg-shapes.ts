/** Rounds coordinates so SVG text stays short and byte-identical across runs. */
export function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

export type Point = [number, number];

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function polygon(points: Point[], fill: string): string {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`;
}

export function path(d: string, fill: string): string {
  return `<path d="${d}" fill="${fill}"/>`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, r = 0): string {
  const corner = r > 0 ? ` rx="${n(r)}" ry="${n(r)}"` : '';
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${corner} fill="${fill}"/>`;
}

/** Closed smooth path through points (Catmull-Rom turned into cubic Béziers). */
export function smoothClosedPath(points: Point[]): string {
  const count = points.length;
  let d = `M${n(points[0][0])} ${n(points[0][1])}`;
  for (let i = 0; i < count; i++) {
    const p0 = points[(i - 1 + count) % count];
    const p1 = points[i];
    const p2 = points[(i + 1) % count];
    const p3 = points[(i + 2) % count];
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d}Z`;
}

/** Paint for one mode: the black-and-white page uses white, the preview its colour. */
export function paint(colored: boolean, color: string): string {
  return colored ? color : '#fff';
}
