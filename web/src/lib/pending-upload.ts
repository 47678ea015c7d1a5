/**
 * A photo chosen elsewhere (the category page's image tab) and handed to the image generator:
 * kept in memory, taken once. A reload loses it, as a file input would.
 */
let pending: File | null = null;

export function handOverUpload(file: File): void {
  pending = file;
}

export function takePendingUpload(): File | null {
  const file = pending;
  pending = null;
  return file;
}
