/**
 * The credit a page owes the artwork it was drawn from (OpenMoji subjects are CC BY-SA 4.0),
 * written into every file made from it: PNG text chunks, SVG `<metadata>` and a small visible
 * line, PDF document info and a small line in the bottom margin. A page without such artwork
 * (`page.credit` absent) gets none of it.
 */
import { crc32 } from 'node:zlib';
import type { Language } from '@studio/contracts/constants';
import type { Attribution } from '@studio/contracts/images';
import { registerPageFonts, textRuns, textWidth } from './page-fonts';

export type ArtworkCredit = Pick<Attribution, 'text' | 'url' | 'license' | 'licenseUrl'>;

/**
 * The words of a credit line a reader's language replaces: the credit's text is written in
 * English ("Artwork from OpenMoji – … (modified)"); the project's name, its address and the
 * licence's name stay as they are.
 */
const CREDIT_WORDS: Record<Language, { from: string; modified: string; license: string }> = {
  en: { from: 'Artwork from ', modified: ' (modified)', license: '' },
  zh: { from: '图案来自 ', modified: '（已修改）', license: '许可协议 ' },
  ja: { from: 'イラスト出典：', modified: '（改変あり）', license: 'ライセンス ' },
};

/** The credit's text in the reader's language. */
function creditText(credit: ArtworkCredit, lang: Language): string {
  const en = CREDIT_WORDS.en;
  const words = CREDIT_WORDS[lang];
  let text = credit.text;
  if (text.startsWith(en.from)) text = words.from + text.slice(en.from.length);
  if (text.endsWith(en.modified)) text = text.slice(0, -en.modified.length) + words.modified;
  return text;
}

/** The short line shown on the page itself: who made the artwork, and its licence, in the reader's language. */
export function creditLine(credit: ArtworkCredit, lang: Language = 'en'): string {
  return `${creditText(credit, lang)} · ${credit.url} · ${CREDIT_WORDS[lang].license}${credit.license}`;
}

/** The full notice kept in a file's metadata. */
export function creditNotice(credit: ArtworkCredit): string {
  return `${credit.text}, ${credit.url}. Licensed under ${credit.license} (${credit.licenseUrl}).`;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** An uncompressed iTXt chunk: UTF-8 text under a Latin-1 keyword (PNG spec 11.3.4.5). */
function itxt(keyword: string, text: string): Buffer {
  return pngChunk('iTXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]));
}

/** A tEXt chunk: Latin-1 keyword and text. */
function text(keyword: string, value: string): Buffer {
  return pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(value, 'latin1')]));
}

/** True when a PNG already carries a Copyright text chunk (written by pngWithCredit). */
export function pngHasCredit(png: Buffer): boolean {
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if ((type === 'iTXt' || type === 'tEXt') && png.toString('latin1', at + 8, at + 8 + Math.min(length, 10)) === 'Copyright\0') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}

/** True when an SVG already carries the credit's metadata (written by svgWithCredit). */
export const svgHasCredit = (svg: string): boolean => svg.includes('<metadata><rdf:RDF');

/** The PNG with Copyright (iTXt, UTF-8), Source and License (tEXt) chunks after its header; the pixels are untouched. */
export function pngWithCredit(png: Buffer, credit: ArtworkCredit): Buffer {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  const afterHeader = 8 + 8 + png.readUInt32BE(8) + 4;
  const chunks = [itxt('Copyright', creditNotice(credit)), text('Source', credit.url), text('License', credit.licenseUrl)];
  return Buffer.concat([png.subarray(0, afterHeader), ...chunks, png.subarray(afterHeader)]);
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The SVG with a Creative Commons `<metadata>` block after its opening tag and the credit line,
 * small and grey, centred in the bottom margin (the composer's frame leaves 3.5 % of the short
 * side free around the page: the line takes a third of that).
 */
export function svgWithCredit(svg: string, credit: ArtworkCredit): string {
  const open = /<svg\b[^>]*>/.exec(svg);
  const close = svg.lastIndexOf('</svg>');
  if (!open || close < 0) throw new Error('not an SVG');
  const box = rootBox(open[0]);
  const metadata =
    '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
    `<cc:Work rdf:about=""><dc:rights>${escapeXml(creditNotice(credit))}</dc:rights><dc:source rdf:resource="${escapeXml(credit.url)}"/><cc:license rdf:resource="${escapeXml(credit.licenseUrl)}"/></cc:Work>` +
    '</rdf:RDF></metadata>';
  const unit = Math.min(box.width, box.height);
  const size = +(unit * 0.011).toFixed(2);
  const x = +(box.x + box.width / 2).toFixed(2);
  const y = +(box.y + box.height - unit * 0.012).toFixed(2);
  const line = `<text x="${x}" y="${y}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" fill="#666666" text-anchor="middle">${escapeXml(creditLine(credit))}</text>`;
  const end = open.index + open[0].length;
  return `${svg.slice(0, end)}${metadata}${svg.slice(end, close)}${line}${svg.slice(close)}`;
}

/** The root's viewBox, else its width and height. */
function rootBox(tag: string): { x: number; y: number; width: number; height: number } {
  const viewBox = /\bviewBox="([^"]*)"/.exec(tag)?.[1].trim().split(/[\s,]+/).map(Number);
  if (viewBox?.length === 4 && viewBox.every(Number.isFinite)) return { x: viewBox[0], y: viewBox[1], width: viewBox[2], height: viewBox[3] };
  const size = (name: string) => parseFloat(new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? '');
  if (!(size('width') > 0 && size('height') > 0)) throw new Error('an SVG without a size');
  return { x: 0, y: 0, width: size('width'), height: size('height') };
}

/**
 * Document info and a small grey line centred in the bottom margin of a PDF page being drawn.
 * In English the line is Helvetica (the stored files' bytes); in Chinese and Japanese it is set
 * in the page fonts, which have those characters.
 */
export function creditPdf(doc: PDFKit.PDFDocument, credit: ArtworkCredit, lang: Language = 'en'): void {
  const info = doc.info as Record<string, unknown>;
  info.Subject = creditNotice(credit);
  info.Keywords = `${credit.license}, ${credit.licenseUrl}`;
  info.Copyright = creditNotice(credit);
  const { width, height } = doc.page;
  const line = creditLine(credit, lang);
  const size = 5.5;
  doc.save();
  doc.fillColor('#666666');
  if (lang === 'en') {
    doc.font('Helvetica').fontSize(size);
    doc.text(line, 18, height - 12, { width: width - 36, align: 'center', lineBreak: false });
  } else {
    registerPageFonts(doc);
    let pen = (width - textWidth(line, size)) / 2;
    for (const run of textRuns(line)) {
      doc.font(run.role).fontSize(size).text(run.text, pen, height - 12, { lineBreak: false });
      pen += textWidth(run.text, size);
    }
  }
  doc.restore();
}
