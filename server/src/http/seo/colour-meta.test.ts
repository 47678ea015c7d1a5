import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareWebBuild, createTestApp, serveWebBuild, type TestApp } from '../../test/test-app';

describe('server-rendered meta of the colouring view', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const localized = (en: string, ja: string) => JSON.stringify({ en, zh: en, ja });
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const dist = bareWebBuild(t);
    for (const [id, isPublic] of [['colourmeta00public', 1], ['colourmeta0private', 0]] as const) {
      const files = JSON.stringify({ page: `images/${id}/page.png`, svg: null, pdfLetter: 'x', pdfA4: 'x', thumb600: `images/${id}/thumb-600.webp`, thumb320: 'x', color: null, colorThumb600: null, source: null });
      await t.db.kysely
        .insertInto('images')
        .values({ id, id_tail: id.slice(-8), user_id: null, category_id: null, type: 'library', ratio: '3:4', difficulty: 'children', width: 2363, height: 3150, title: localized('Happy Whale', '笑顔のクジラ'), description: localized('A whale.', 'クジラ。'), prompt: localized('', ''), additional_info: null, attribution: null, is_public: isPublic, is_online: 1, hotness: 0, files, created_at: new Date().toISOString() })
        .execute();
    }
    app = await serveWebBuild(t, dist);
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('answers 200, not indexed, titled with the page in the page’s language', async () => {
    const en = await app.inject({ method: 'GET', url: '/image/happy-whale-00public/colour' });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<title>Colour it on screen: Happy Whale | Coloring Studio</title>');
    expect(en.body).toContain('<meta name="robots" content="noindex,follow">');
    const ja = await app.inject({ method: 'GET', url: '/ja/image/happy-whale-00public/colour' });
    expect(ja.body).toContain('<title>画面でぬりえ: 笑顔のクジラ');
  });

  it('names no private page: its owner opens it in the app, everyone else sees the generic title', async () => {
    const response = await app.inject({ method: 'GET', url: '/image/colourmeta0private/colour' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Colour it on screen | Coloring Studio</title>');
    expect(response.body).not.toContain('Happy Whale');
  });
});
