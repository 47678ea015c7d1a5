import { useSyncExternalStore } from 'react';
import { MASONRY_LAYOUTS, layoutFor } from '../lib/masonry';

const queries = MASONRY_LAYOUTS.filter((layout) => layout.minWidth > 0).map((layout) => `(min-width: ${layout.minWidth}px)`);

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const lists = queries.map((query) => window.matchMedia(query));
  lists.forEach((list) => list.addEventListener('change', onChange));
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

function currentWidth(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 0;
  const match = MASONRY_LAYOUTS.find((layout) => layout.minWidth === 0 || window.matchMedia(`(min-width: ${layout.minWidth}px)`).matches);
  return match?.minWidth ?? 0;
}

/**
 * The masonry layout (columns, card width) of the current viewport; follows resizes. On the
 * server the viewport is unknown: null, and the grid renders every layout behind media queries.
 */
export function useMasonryLayout() {
  const width = useSyncExternalStore(subscribe, currentWidth, () => null);
  return width === null ? null : layoutFor(width);
}
