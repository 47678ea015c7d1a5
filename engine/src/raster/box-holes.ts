/**
 * Holes of a shape within its bounding box: `state` holds the box's cells (bw × bh, row by row),
 * 1 for the shape and 0 for the rest. Marks with 2 every 0-cell that reaches the box's edge
 * through 0-cells (4-connected); the 0-cells left are the shape's holes.
 */
export function markOutside(state: Uint8Array, bw: number, bh: number): void {
  const stack: number[] = [];
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      if ((x === 0 || y === 0 || x === bw - 1 || y === bh - 1) && state[y * bw + x] === 0) {
        state[y * bw + x] = 2;
        stack.push(y * bw + x);
      }
    }
  }
  while (stack.length > 0) {
    const p = stack.pop() as number;
    const x = p % bw;
    for (const q of [x > 0 ? p - 1 : -1, x < bw - 1 ? p + 1 : -1, p - bw, p + bw]) {
      if (q < 0 || q >= state.length || state[q] !== 0) continue;
      state[q] = 2;
      stack.push(q);
    }
  }
}
