/**
 * Thinning to one-pixel lines as the BSDS benchmark does it (MATLAB `bwmorph(bw, 'thin', Inf)`,
 * the parallel two-subiteration algorithm of Lam, Lee and Suen, 1992, as published in the MATLAB
 * documentation). Neighbours x1..x8 run counter-clockwise from east.
 */
function buildTables(): [Uint8Array, Uint8Array] {
  const first = new Uint8Array(256);
  const second = new Uint8Array(256);
  for (let code = 0; code < 256; code++) {
    const x = (k: number): number => (code >> ((k - 1) % 8)) & 1; // x(1)..x(9), x9 = x1
    let crossings = 0;
    for (let i = 1; i <= 4; i++) if (!x(2 * i - 1) && (x(2 * i) || x(2 * i + 1))) crossings++;
    let n1 = 0;
    let n2 = 0;
    for (let k = 1; k <= 4; k++) {
      if (x(2 * k - 1) || x(2 * k)) n1++;
      if (x(2 * k) || x(2 * k + 1)) n2++;
    }
    const g2 = Math.min(n1, n2);
    const base = crossings === 1 && g2 >= 2 && g2 <= 3;
    first[code] = base && !((x(2) || x(3) || !x(8)) && x(1)) ? 1 : 0;
    second[code] = base && !((x(6) || x(7) || !x(4)) && x(5)) ? 1 : 0;
  }
  return [first, second];
}

const [FIRST, SECOND] = buildTables();

/** Thins a binary image (1 = set) in place until it stops changing. */
export function thin(bw: Uint8Array, width: number, height: number): void {
  // A one-pixel empty border spares the bounds checks in the neighbour lookups.
  const pw = width + 2;
  const padded = new Uint8Array(pw * (height + 2));
  const live: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!bw[y * width + x]) continue;
      const i = (y + 1) * pw + x + 1;
      padded[i] = 1;
      live.push(i);
    }
  }
  const remove: number[] = [];
  let pixels = live;
  for (;;) {
    let changed = false;
    for (const table of [FIRST, SECOND]) {
      remove.length = 0;
      for (const i of pixels) {
        if (!padded[i]) continue;
        const code =
          padded[i + 1] |
          (padded[i + 1 - pw] << 1) |
          (padded[i - pw] << 2) |
          (padded[i - 1 - pw] << 3) |
          (padded[i - 1] << 4) |
          (padded[i - 1 + pw] << 5) |
          (padded[i + pw] << 6) |
          (padded[i + 1 + pw] << 7);
        if (table[code]) remove.push(i);
      }
      for (const i of remove) padded[i] = 0;
      if (remove.length > 0) changed = true;
    }
    pixels = pixels.filter((i) => padded[i] === 1);
    if (!changed) break;
  }
  bw.fill(0);
  for (const i of pixels) {
    const y = Math.floor(i / pw) - 1;
    const x = (i % pw) - 1;
    bw[y * width + x] = 1;
  }
}
