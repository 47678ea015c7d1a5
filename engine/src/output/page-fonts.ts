/**
 * The two fonts the engine writes text with (cover pages, page numbers, the name line): Open Sans
 * Bold for Latin, Greek and Cyrillic, Droid Sans Fallback for Chinese and Japanese (kana, kanji,
 * CJK punctuation). Both Apache-2.0, vendored in engine/assets/fonts with their licence
 * (decision 032). A text is cut into runs, each in the first font that has its characters.
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

export type FontRole = 'latin' | 'cjk';

export interface TextRun {
  role: FontRole;
  text: string;
}

interface LoadedFont {
  bytes: Buffer;
  font: fontkit.Font;
}

const FILES: Record<FontRole, string> = { latin: 'OpenSans-Bold.ttf', cjk: 'DroidSansFallbackFull.ttf' };

/** engine/assets/fonts from the sources, or from the bundled server (server/dist → ../../engine). */
function fontsDir(): URL {
  const bundled = new URL('../../engine/assets/fonts/', import.meta.url);
  return existsSync(fileURLToPath(new URL(FILES.latin, bundled))) ? bundled : new URL('../../assets/fonts/', import.meta.url);
}

let loaded: Record<FontRole, LoadedFont> | null = null;

/** Read once per process (4.3 MB, most of it the CJK font); fontkit parses tables lazily. */
function fonts(): Record<FontRole, LoadedFont> {
  if (!loaded) {
    const dir = fontsDir();
    const load = (role: FontRole): LoadedFont => {
      const bytes = readFileSync(fileURLToPath(new URL(FILES[role], dir)));
      return { bytes, font: fontkit.create(bytes) };
    };
    loaded = { latin: load('latin'), cjk: load('cjk') };
  }
  return loaded;
}

/** The font file's bytes, for pdfkit to embed (it subsets to the glyphs used). */
export function fontBytes(role: FontRole): Buffer {
  return fonts()[role].bytes;
}

/** Registers both fonts on a pdfkit document under their role names. */
export function registerPageFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont('latin', fontBytes('latin'));
  doc.registerFont('cjk', fontBytes('cjk'));
}

/** Ascent and descent shared by both fonts, in em (Open Sans: 1.069 / 0.293; Droid: 1.043 / 0.266). */
export const LINE_METRICS = { ascent: 1.07, descent: 0.29 } as const;

const isSpace = (char: string) => /\s/u.test(char);

function roleFor(char: string): FontRole | null {
  const codePoint = char.codePointAt(0)!;
  const { latin, cjk } = fonts();
  // Spaces go with the run they are in (both fonts have them).
  if (latin.font.hasGlyphForCodePoint(codePoint)) return 'latin';
  if (cjk.font.hasGlyphForCodePoint(codePoint)) return 'cjk';
  return null;
}

/** Characters neither font can draw (a Korean or Thai name, an emoji), each once, in order. */
export function missingCharacters(text: string): string[] {
  const missing: string[] = [];
  for (const char of text) {
    if (!isSpace(char) && roleFor(char) === null && !missing.includes(char)) missing.push(char);
  }
  return missing;
}

/** The text cut into runs of one font each; characters neither font has are left out. */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const role = isSpace(char) ? (runs.at(-1)?.role ?? 'latin') : roleFor(char);
    if (role === null) continue;
    const last = runs.at(-1);
    if (last && last.role === role) last.text += char;
    else runs.push({ role, text: char });
  }
  return runs;
}

/** Space added after each glyph of a run, in em: hollow Latin letters need air between them. */
export type Tracking = Partial<Record<FontRole, number>>;

/** Width of a text at `size` (points or pixels: the unit of size). */
export function textWidth(text: string, size: number, tracking: Tracking = {}): number {
  let width = 0;
  for (const run of textRuns(text)) {
    const { font } = fonts()[run.role];
    const laid = font.layout(run.text);
    width += (laid.advanceWidth * size) / font.unitsPerEm + laid.glyphs.length * (tracking[run.role] ?? 0) * size;
  }
  return width;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The glyph outlines of a text as SVG path data (absolute M L Q C Z, y down), one per run, its
 * baseline starting at (x, baseline), at `size`. Used for hollow letters, in PDFs and pictures.
 */
export function textOutlines(text: string, size: number, x: number, baseline: number, tracking: Tracking = {}): { role: FontRole; d: string }[] {
  const outlines: { role: FontRole; d: string }[] = [];
  let pen = x;
  for (const run of textRuns(text)) {
    const parts: string[] = [];
    const { font } = fonts()[run.role];
    const extra = (tracking[run.role] ?? 0) * size;
    const scale = size / font.unitsPerEm;
    const laid = font.layout(run.text);
    laid.glyphs.forEach((glyph, i) => {
      const at = laid.positions[i];
      const ox = pen + at.xOffset * scale;
      const oy = baseline - at.yOffset * scale;
      for (const { command, args } of glyph.path.commands) {
        const points: string[] = [];
        for (let k = 0; k < args.length; k += 2) points.push(`${round(ox + args[k] * scale)} ${round(oy - args[k + 1] * scale)}`);
        if (command === 'moveTo') parts.push(`M${points[0]}`);
        else if (command === 'lineTo') parts.push(`L${points[0]}`);
        else if (command === 'quadraticCurveTo') parts.push(`Q${points.join(' ')}`);
        else if (command === 'bezierCurveTo') parts.push(`C${points.join(' ')}`);
        else parts.push('Z');
      }
      pen += at.xAdvance * scale + extra;
    });
    outlines.push({ role: run.role, d: parts.join('') });
  }
  return outlines;
}
