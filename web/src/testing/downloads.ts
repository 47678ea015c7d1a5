import { vi } from 'vitest';

/**
 * Catches what a component saves: object URLs are stubbed and an anchor's click records its
 * `download` name instead of navigating. Returns the names saved, in order. Undo with
 * `vi.restoreAllMocks()` and `vi.unstubAllGlobals()` after each test.
 */
export function captureDownloads(blobUrl = 'blob:download'): string[] {
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => blobUrl), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** A download as the server answers it: the body and its file name in Content-Disposition. */
export const fileResponse = (name: string, type: string) => (): Response =>
  new Response(name, { status: 200, headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` } });
