/**
 * A one-page invoice (A4 or Letter) from text the caller has put in the reader's language: a
 * title, the seller's lines, labelled rows and a stamp ("Paid"). Set in the page fonts, so
 * Chinese and Japanese print; nothing here knows about orders or money.
 */
import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import { PAPER_POINTS, type Paper } from '@studio/contracts/page';
import { registerPageFonts, textRuns, textWidth } from './page-fonts';

export interface InvoiceText {
  /** The heading on the page and the document's title. */
  title: string;
  seller: string[];
  rows: [label: string, value: string][];
  stamp: string;
}

const MARGIN = 56;

function drawText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number, color = '#111827'): void {
  let pen = x;
  doc.fillColor(color);
  for (const run of textRuns(text)) {
    doc.font(run.role).fontSize(size).text(run.text, pen, y, { lineBreak: false });
    pen += textWidth(run.text, size);
  }
}

export async function invoicePdf(text: InvoiceText, paper: Paper): Promise<Buffer> {
  const size = PAPER_POINTS[paper];
  const doc = new PDFDocument({ size: [size.width, size.height], margin: 0, info: { Title: text.title, Producer: 'coloring-studio', Creator: 'coloring-studio' } });
  registerPageFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  let y = MARGIN;
  drawText(doc, text.title, MARGIN, y, 24);
  y += 48;
  for (const line of text.seller) {
    drawText(doc, line, MARGIN, y, 11, '#374151');
    y += 16;
  }
  y += 24;
  const labelWidth = Math.max(...text.rows.map(([label]) => textWidth(label, 11))) + 24;
  for (const [label, value] of text.rows) {
    drawText(doc, label, MARGIN, y, 11, '#6b7280');
    drawText(doc, value, MARGIN + labelWidth, y, 11);
    y += 22;
  }
  y += 24;
  const stampSize = 20;
  const stampWidth = textWidth(text.stamp, stampSize) + 24;
  doc.save().roundedRect(MARGIN, y, stampWidth, stampSize + 16, 6).lineWidth(2).stroke('#047857').restore();
  drawText(doc, text.stamp, MARGIN + 12, y + 6, stampSize, '#047857');
  doc.end();
  await once(doc as unknown as NodeJS.EventEmitter, 'end');
  return Buffer.concat(chunks);
}
