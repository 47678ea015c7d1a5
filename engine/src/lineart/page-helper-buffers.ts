/** The distinct ArrayBuffers behind every typed array in `value` (objects and arrays walked), for a transfer list. */
export function buffersOf(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) found.add(value.buffer);
  } else if (Array.isArray(value)) {
    for (const item of value) buffersOf(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) buffersOf(item, found);
  }
  return [...found];
}
