/**
 * One-to-one matching of machine boundary pixels to human boundary pixels no farther apart than
 * `maxDist`. The reference benchmark solves a min-cost assignment in which leaving a pixel
 * unmatched costs far more than any match, so the counts it reports are those of a maximum
 * cardinality matching; that is what this computes, exactly, with Hopcroft–Karp.
 */
export interface MatchResult {
  /** 1 where a machine pixel is matched. */
  machineMatched: Uint8Array;
  /** Number of human pixels matched. */
  matched: number;
}

export function matchPixels(machine: Uint8Array, human: Uint8Array, width: number, height: number, maxDist: number): MatchResult {
  const n = width * height;
  const machineIds: number[] = [];
  const humanIndex = new Int32Array(n).fill(-1);
  let humanCount = 0;
  for (let i = 0; i < n; i++) {
    if (machine[i]) machineIds.push(i);
    if (human[i]) humanIndex[i] = humanCount++;
  }
  const r = Math.ceil(maxDist);
  const offsets: number[] = [];
  const offsetDist: number[] = [];
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const d = Math.hypot(dx, dy);
      if (d <= maxDist) {
        offsets.push(dx, dy);
        offsetDist.push(d);
      }
    }
  }
  // Nearest candidates first: the greedy start then already matches most pixels to close partners.
  const order = offsetDist.map((d, k) => [d, k] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const m = machineIds.length;
  const start = new Int32Array(m + 1);
  const edges: number[] = [];
  for (let a = 0; a < m; a++) {
    const p = machineIds[a];
    const x = p % width;
    const y = (p - x) / width;
    for (const [, k] of order) {
      const xx = x + offsets[2 * k];
      const yy = y + offsets[2 * k + 1];
      if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
      const h = humanIndex[yy * width + xx];
      if (h >= 0) edges.push(h);
    }
    start[a + 1] = edges.length;
  }
  const adj = Int32Array.from(edges);
  const matchA = new Int32Array(m).fill(-1);
  const matchB = new Int32Array(humanCount).fill(-1);
  let matched = 0;
  for (let a = 0; a < m; a++) {
    for (let e = start[a]; e < start[a + 1]; e++) {
      if (matchB[adj[e]] === -1) {
        matchA[a] = adj[e];
        matchB[adj[e]] = a;
        matched++;
        break;
      }
    }
  }
  // Hopcroft–Karp phases: BFS layers from free machine pixels, then vertex-disjoint shortest
  // augmenting paths by iterative DFS.
  const dist = new Int32Array(m);
  const queue = new Int32Array(m);
  const iter = new Int32Array(m);
  const stack = new Int32Array(m);
  const INF = 1 << 30;
  for (;;) {
    let head = 0;
    let tail = 0;
    for (let a = 0; a < m; a++) {
      if (matchA[a] === -1) {
        dist[a] = 0;
        queue[tail++] = a;
      } else dist[a] = INF;
    }
    let found = false;
    while (head < tail) {
      const a = queue[head++];
      for (let e = start[a]; e < start[a + 1]; e++) {
        const next = matchB[adj[e]];
        if (next === -1) found = true;
        else if (dist[next] === INF) {
          dist[next] = dist[a] + 1;
          queue[tail++] = next;
        }
      }
    }
    if (!found) break;
    for (let a = 0; a < m; a++) iter[a] = start[a];
    for (let root = 0; root < m; root++) {
      if (matchA[root] !== -1) continue;
      let top = 0;
      stack[top++] = root;
      let augmented = false;
      while (top > 0 && !augmented) {
        const a = stack[top - 1];
        if (iter[a] >= start[a + 1]) {
          dist[a] = INF; // dead end for this phase
          top--;
          continue;
        }
        const b = adj[iter[a]++];
        const next = matchB[b];
        if (next === -1) {
          // Flip the path: each stacked machine pixel takes the human pixel it was exploring.
          for (let k = top - 1; k >= 0; k--) {
            const u = stack[k];
            const v = adj[iter[u] - 1];
            matchA[u] = v;
            matchB[v] = u;
          }
          matched++;
          augmented = true;
        } else if (dist[next] === dist[a] + 1) {
          stack[top++] = next;
        }
      }
    }
  }
  const machineMatched = new Uint8Array(n);
  for (let a = 0; a < m; a++) if (matchA[a] !== -1) machineMatched[machineIds[a]] = 1;
  return { machineMatched, matched };
}
