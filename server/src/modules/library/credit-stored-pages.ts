import type { Attribution } from '@studio/contracts/images';
import type { Storage } from '../../adapters/storage/storage';
import { parseFiles } from '../images/image-files';
import type { StoredCreditRepository } from './stored-credit.repository';

/** The engine's re-crediting of stored files (engine/src/output/page-files.ts `creditStoredPageFiles`). */
export type CreditFiles = (files: { png: Buffer; svg: string | null }, credit: Attribution) => Promise<{ png: Buffer; svg: string | null; pdfLetter: Buffer; pdfA4: Buffer }>;

/**
 * Writes the artwork's credit into the files of pages stored before files carried it (PNG, SVG,
 * both PDFs), once per install: a settings flag records that every attributed page was seen.
 * Safe to repeat or to run in two processes: credited files are recognised and left as they are.
 */
export async function creditStoredPages(deps: { pages: StoredCreditRepository; storage: Storage; creditFiles: CreditFiles }): Promise<number> {
  const { pages, storage, creditFiles } = deps;
  if (await pages.done()) return 0;
  let credited = 0;
  let after = '';
  for (;;) {
    const batch = await pages.attributed(after, 50);
    if (batch.length === 0) break;
    for (const row of batch) {
      const files = parseFiles(row.files);
      const png = await storage.get(files.page);
      if (!png) continue;
      const svg = files.svg ? ((await storage.get(files.svg))?.toString('utf8') ?? null) : null;
      const made = await creditFiles({ png, svg }, JSON.parse(row.attribution!) as Attribution);
      if (made.png === png && made.svg === svg) continue;
      // The PNG last: a credited PNG and SVG mark a page as done, so an interrupted run redoes it.
      await storage.put(files.pdfLetter, made.pdfLetter, { contentType: 'application/pdf' });
      await storage.put(files.pdfA4, made.pdfA4, { contentType: 'application/pdf' });
      if (files.svg && made.svg) await storage.put(files.svg, Buffer.from(made.svg), { contentType: 'image/svg+xml' });
      await storage.put(files.page, made.png, { contentType: 'image/png' });
      credited += 1;
    }
    after = batch[batch.length - 1].id;
  }
  await pages.markDone();
  return credited;
}
