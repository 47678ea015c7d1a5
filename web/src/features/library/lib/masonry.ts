/** An item of a masonry grid: its picture's width and height decide how tall its card is. */
export interface MasonryItem {
  dimensions: { width: number; height: number };
}

/** Height of a card relative to its width, plus the caption under the picture (in card widths). */
export function cardHeight(item: MasonryItem, captionShare = 0.18): number {
  const { width, height } = item.dimensions;
  const ratio = width > 0 && height > 0 ? height / width : 1;
  return ratio + captionShare;
}

/**
 * Balanced masonry (product-spec §2): each item goes, in order, to the currently shortest column
 * (the leftmost on a tie), so columns end at nearly the same height and reading order stays
 * roughly left to right, top to bottom.
 */
export function balanceColumns<T extends MasonryItem>(items: readonly T[], columnCount: number, heightOf: (item: T) => number = cardHeight): T[][] {
  const count = Math.max(1, Math.floor(columnCount));
  const columns: T[][] = Array.from({ length: count }, () => []);
  const heights = new Array<number>(count).fill(0);
  for (const item of items) {
    let shortest = 0;
    for (let i = 1; i < count; i += 1) if (heights[i] < heights[shortest] - 1e-9) shortest = i;
    columns[shortest].push(item);
    heights[shortest] += heightOf(item);
  }
  return columns;
}

/** Grid columns and card width by viewport (product-spec §2): 4 × 320 px, 3 × 240 px, 2 × 180 px. */
export const MASONRY_LAYOUTS = [
  { minWidth: 1024, columns: 4, cardWidth: 320 },
  { minWidth: 640, columns: 3, cardWidth: 240 },
  { minWidth: 0, columns: 2, cardWidth: 180 },
] as const;

export function layoutFor(viewportWidth: number): (typeof MASONRY_LAYOUTS)[number] {
  return MASONRY_LAYOUTS.find((layout) => viewportWidth >= layout.minWidth) ?? MASONRY_LAYOUTS[MASONRY_LAYOUTS.length - 1];
}
