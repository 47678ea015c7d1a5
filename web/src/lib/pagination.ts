export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Page buttons of product-spec §2: every number when there are 5 pages or fewer; else the first,
 * the last, the current page with its neighbours, and an ellipsis for each gap.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  if (total <= 5) return Array.from({ length: total }, (_, index) => index + 1);
  const page = Math.min(Math.max(current, 1), total);
  const items: PageItem[] = [1];
  const start = Math.max(2, page - 1);
  const end = Math.min(total - 1, page + 1);
  if (start > 2) items.push('ellipsis-start');
  for (let number = start; number <= end; number += 1) items.push(number);
  if (end < total - 1) items.push('ellipsis-end');
  items.push(total);
  return items;
}
