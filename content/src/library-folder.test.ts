import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '@studio/server/adapters/storage/storage';
import { createTestApp, type TestApp } from '@studio/server/test/test-app';
import { exportCategory, importFolder } from './library-folder';

const L = (en: string) => ({ en, zh: `${en}（中）`, ja: `${en}（日）` });

describe('content import and export', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    folder = path.join(t.dataDir, 'incoming');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'category.json'), JSON.stringify({ slug: 'shapes', name: 'shapes', hotness: 7, displayName: L('Shapes'), description: L('<h2>Shapes</h2><p>Fun.</p>'), seoTitle: L('Shape pages'), seoDesc: L('Free shape pages') }));
    writeFileSync(
      path.join(folder, 'big-circle.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><rect x="0" y="0" width="300" height="400" fill="#fff"/><circle cx="150" cy="200" r="100" fill="#fff" stroke="#000" stroke-width="8"/><rect x="40" y="330" width="220" height="40" fill="#fff" stroke="#000" stroke-width="8"/></svg>',
    );
    writeFileSync(path.join(folder, 'big-circle.json'), JSON.stringify({ title: L('Big circle'), description: L('A circle.'), tags: [{ slug: 'circle', displayName: L('Circle') }], ratio: '3:4', difficulty: 'toddler', hotness: 5 }));
    const drawing = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#ffffff' } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect x="150" y="200" width="600" height="700" fill="none" stroke="#111" stroke-width="14"/><line x1="150" y1="550" x2="750" y2="550" stroke="#111" stroke-width="14"/></svg>') }])
      .png()
      .toBuffer();
    writeFileSync(path.join(folder, 'two-boxes.png'), drawing);
    writeFileSync(path.join(folder, 'two-boxes.json'), JSON.stringify({ title: L('Two boxes'), description: L('Boxes.'), tags: [{ slug: 'box', displayName: L('Box') }], ratio: '3:4', difficulty: 'toddler' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports SVG and PNG pages into a category the API serves, and exports them back out', async () => {
    const storage = createLocalStorage(path.join(t.dataDir, 'files'));
    const log: string[] = [];
    const result = await importFolder({ db: t.db.kysely, storage, log: (line) => log.push(line) }, folder);
    expect(result.imported).toBe(2);
    const list = (await t.app.inject({ method: 'GET', url: '/api/images?categoryId=shapes' })).json().data;
    expect(list.total).toBe(2);
    expect(list.images.map((i: { id: string }) => i.id).sort()).toEqual(['big-circle', 'two-boxes']);
    const pdf = await t.app.inject({ method: 'GET', url: '/api/images/big-circle/download?format=pdf' });
    expect(pdf.body.startsWith('%PDF-')).toBe(true);
    const png = await sharp((await t.app.inject({ method: 'GET', url: '/api/images/two-boxes/download?format=png' })).rawPayload).metadata();
    expect([png.width, png.height]).toEqual([2363, 3150]);

    const out = path.join(t.dataDir, 'exported');
    expect(await exportCategory({ db: t.db.kysely, storage }, 'shapes', out)).toBe(2);
    expect(JSON.parse(readFileSync(path.join(out, 'category.json'), 'utf8'))).toMatchObject({ slug: 'shapes', displayName: L('Shapes') });
    expect(existsSync(path.join(out, 'big-circle.svg'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(out, 'two-boxes.json'), 'utf8'))).toMatchObject({ title: L('Two boxes'), tags: [{ slug: 'box' }] });

    await importFolder({ db: t.db.kysely, storage, log: () => {} }, out);
    expect((await t.app.inject({ method: 'GET', url: '/api/images?categoryId=shapes' })).json().data.total).toBe(2);
  });

  it('refuses a page without its picture, naming it', async () => {
    const broken = path.join(t.dataDir, 'broken');
    mkdirSync(broken, { recursive: true });
    writeFileSync(path.join(broken, 'category.json'), readFileSync(path.join(folder, 'category.json')));
    writeFileSync(path.join(broken, 'lonely.json'), JSON.stringify({ title: L('Lonely'), description: L('x') }));
    await expect(importFolder({ db: t.db.kysely, storage: createLocalStorage(path.join(t.dataDir, 'files')), log: () => {} }, broken)).rejects.toThrow(/lonely: no lonely\.svg or lonely\.png/);
  });
});
