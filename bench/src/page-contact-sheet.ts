/**
 * Contact sheets of composed pages for looking at (prompt-sheet.ts, detail-sheet.ts): each page
 * shrunk into a tile with its label lines under it, tiles in rows on a grey sheet.
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

export interface SheetLayout {
  tileWidth: number;
  tileHeight: number;
  labelHeight: number;
  columns: number;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One page with its label lines (the first larger; `colour` picks each line's colour). */
export async function pageTile(png: Buffer, lines: string[], layout: SheetLayout, size: { first: number; rest: number }, colour: (line: number) => string = () => '#222'): Promise<Buffer> {
  const { tileWidth, tileHeight, labelHeight } = layout;
  const page = await sharp(png).resize(tileWidth, tileHeight - labelHeight, { fit: 'contain', background: '#ffffff' }).png().toBuffer();
  const text = lines.map((l, i) => `<text x="6" y="${20 + i * 22}" font-family="sans-serif" font-size="${i ? size.rest : size.first}" fill="${colour(i)}">${escapeXml(l)}</text>`).join('');
  const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${tileWidth}" height="${labelHeight}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp({ create: { width: tileWidth, height: tileHeight, channels: 3, background: '#ffffff' } })
    .composite([{ input: page, left: 0, top: 0 }, { input: Buffer.from(label), left: 0, top: tileHeight - labelHeight }])
    .png()
    .toBuffer();
}

/** Writes bench/out/<name>.png (the tiles) and bench/out/<name>.json (the rows measured). */
export async function writePageSheet(name: string, tiles: Buffer[], layout: SheetLayout, rows: unknown[]): Promise<void> {
  const { tileWidth, tileHeight, columns } = layout;
  const file = `bench/out/${name}.png`;
  await sharp({ create: { width: tileWidth * columns, height: tileHeight * Math.ceil(tiles.length / columns), channels: 3, background: '#888888' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % columns) * tileWidth, top: Math.floor(i / columns) * tileHeight })))
    .png()
    .toFile(file);
  writeFileSync(`bench/out/${name}.json`, JSON.stringify(rows, null, 2));
  console.log(`contact sheet: ${file}`);
}
