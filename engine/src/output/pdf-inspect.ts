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
