/**
 * The "shared upload context" of product-spec §4: a page (the category page's generate section)
 * hands a chosen picture to the image generator, which applies it once on its image tab.
 * Kept in memory only: a File cannot survive a reload, and it should not.
 */
let pending: File | null = null;

/** Hands a file over to the next page that takes it. */
export function shareUpload(file: File): void {
  pending = file;
}

/** The handed-over file, at most once; null when there is none. */
export function takeSharedUpload(): File | null {
  const file = pending;
  pending = null;
  return file;
}

/** Whether a file is waiting (without taking it). */
export function hasSharedUpload(): boolean {
  return pending !== null;
}
