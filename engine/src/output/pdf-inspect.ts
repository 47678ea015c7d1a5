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

/** A PDF's numbered objects: each one's dictionary and its stream (inflated when it was). */
function pdfObjects(pdf: Buffer): Map<number, { dict: string; stream: string | null }> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const m of text.matchAll(/(\d+) 0 obj\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const body = text.slice(start, text.indexOf('\nendobj', start));
    const at = body.indexOf('stream\n');
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const raw = pdf.subarray(start + at + 'stream\n'.length, start + body.lastIndexOf('endstream'));
    let stream: string;
    try {
      stream = inflateSync(raw).toString('utf8');
    } catch {
      stream = raw.toString('latin1');
    }
    objects.set(Number(m[1]), { dict: body.slice(0, at), stream });
  }
  return objects;
}

/** A ToUnicode CMap as pdfkit writes it (bfrange lines with arrays): glyph code → text. */
function toUnicode(cmap: string): Map<number, string> {
  const codes = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)> <[0-9a-fA-F]+> \[([^\]]*)\]/g)) {
    let code = parseInt(range[1], 16);
    for (const entry of range[2].matchAll(/<([^>]*)>/g)) codes.set(code++, String.fromCharCode(...entry[1].split(' ').map((hex) => parseInt(hex, 16))));
  }
  return codes;
}

/**
 * The text a PDF shows, read as a person would without poppler: embedded fonts' glyphs through
 * their ToUnicode maps, the standard fonts' hex strings as WinAnsi (Latin-1). Runs joined as drawn.
 */
export function pdfShownText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const m of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(m[2]))?.dict ?? '')?.[1];
      const cmap = ref ? objects.get(Number(ref))?.stream : null;
      if (cmap) fonts.set(m[1], toUnicode(cmap));
    }
  }
  let shown = '';
  for (const { stream } of objects.values()) {
    if (!stream || !/\bT[jJ]\b/.test(stream)) continue;
    let font: Map<number, string> | undefined;
    for (const m of stream.matchAll(/\/(F\d+) [\d.]+ Tf|<([0-9a-fA-F]*)>/g)) {
      if (m[1]) font = fonts.get(m[1]);
      else if (font) shown += (m[2].match(/.{4}/g) ?? []).map((hex) => font!.get(parseInt(hex, 16)) ?? '').join('');
      else shown += Buffer.from(m[2], 'hex').toString('latin1');
    }
  }
  return shown;
}

/** A PDF info entry as text (pdfkit writes each as a literal string, UTF-16BE when not ASCII). */
export function pdfInfoEntry(pdf: Buffer, key: string): string | null {
  const text = pdf.toString('latin1');
  const info = /\/Info (\d+) 0 R/.exec(text)?.[1];
  const dictionary = info ? new RegExp(`\\n${info} 0 obj\\n<<([^>]*)>>`).exec(text)?.[1] : undefined;
  const ref = dictionary ? new RegExp(`/${key} (\\d+) 0 R`).exec(dictionary)?.[1] : undefined;
  const literal = ref ? new RegExp(`\\n${ref} 0 obj\\n\\(((?:[^\\\\)]|\\\\[^])*)\\)\\nendobj`).exec(text)?.[1] : undefined;
  if (literal === undefined) return null;
  const bytes = Buffer.from(literal.replace(/\\([()\\])/g, '$1'), 'latin1');
  return bytes[0] === 0xfe && bytes[1] === 0xff ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le') : bytes.toString('latin1');
}
