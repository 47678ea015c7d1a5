/**
 * Union–find over run indices, as the run labellers use it: `parent[i] === i` marks a root,
 * paths are halved on the way up, and a union keeps the smaller index as the root (so roots come
 * first in raster order).
 */
export function findRoot(parent: Int32Array, a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]];
    a = parent[a];
  }
  return a;
}

export function unite(parent: Int32Array, a: number, b: number): void {
  const ra = findRoot(parent, a);
  const rb = findRoot(parent, b);
  if (ra < rb) parent[rb] = ra;
  else if (rb < ra) parent[ra] = rb;
}
