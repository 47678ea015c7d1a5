import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

/** What a test or benchmark needs to know about a PDF we wrote: pages, their boxes, drawing operators. */
export interface PdfSummary {
  pageCount: number;
  mediaBoxes: number[][];
  /** All content streams, inflated, joined. */
  content: string;
  imageCount: number;
}

export function inspectPdf(pdf: Buffer): PdfSummary {
  const text = pdf.toString('latin1');
  const pageCount = (text.match(/\/Type \/Page\b(?!s)/g) ?? []).length;
  const mediaBoxes = [...text.matchAll(/\/MediaBox \[([^\]]*)\]/g)].map((m) => m[1].trim().split(/\s+/).map(Number));
  const imageCount = (text.match(/\/Subtype \/Image/g) ?? []).length;
  const parts: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) continue;
    const raw = pdf.subarray(start, end);
    try {
      parts.push(inflateSync(raw).toString('latin1'));
    } catch {
      parts.push(raw.toString('latin1'));
    }
  }
  return { pageCount, mediaBoxes, content: parts.join('\n'), imageCount };
}

/** Whether poppler's pdftotext is installed (tests that read a PDF's text skip without it). */
export const hasPdftotext = ((): boolean => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The text of each page of a PDF as poppler reads it (layout kept), to read what a person reads. */
export function pdfPagesText(pdf: Buffer): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-text-')), 'page.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}
