import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/storage';
import { establishUser, makeTextPage, signedInUser } from '../../test/factories';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { createExamplesRepository } from '../library/examples.repository';
import { createLibraryImporter } from '../library/library-import';
import { REPORT_RULES } from './images.repository';
import { createReportsRepository } from './reports.repository';

type Headers = Record<string, string>;
const L = (en: string) => ({ en, zh: en, ja: en });

/** Issue 20, item 2: examples are chosen, the gallery is filtered, reports cannot be used as a weapon. */
describe.each(databaseKinds)('gallery rules on %s', (kind) => {
  let t: TestApp;
  const fake = createFakePageMaker();
  const libraryIds = ['lib-best-owl', 'lib-good-fox', 'lib-plain-cat'];

  beforeAll(async () => {
    t = await createTestApp(kind, { maker: fake.maker });
    const importer = createLibraryImporter({ db: t.db.kysely, storage: createLocalStorage(path.join(t.dataDir, 'files')) });
    await importer.upsertCategory({ slug: 'animals', name: 'animals', displayName: L('Animals'), description: L('<p>a</p>'), seoTitle: L('Animals'), seoDesc: L('Animals'), hotness: 1 });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    for (const [index, id] of libraryIds.entries()) {
      const colour = id === 'lib-plain-cat' ? null : png;
      await importer.importPage({
        id, categorySlug: 'animals', title: L(id), description: L(id), prompt: L(id), additionalInfo: null, tags: [], ratio: '1:1', difficulty: 'children', hotness: 100 - index, attribution: null,
        page: { png, svg: null, pdfLetter: png, pdfA4: png, thumb600: png, thumb320: png, colorPng: colour, colorThumb600: colour, width: 8, height: 8 },
      });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = (owner: { headers: Headers }, prompt: string, isPublic = true) => makeTextPage(t.app, owner, prompt, isPublic);
  const inGallery = async (id: string) => (await t.app.inject({ method: 'GET', url: '/api/images?type=text2image&isPublic=true&pageSize=100' })).body.includes(id);
  const viewable = async (id: string, headers: Headers = {}) => (await t.app.inject({ method: 'GET', url: `/api/images/${id}/download?format=png`, headers })).statusCode === 200;
  const examples = async (type: string) => ((await t.app.inject({ method: 'GET', url: `/api/images/examples?type=${type}` })).json().data.images as { id: string }[]).map((image) => image.id);
  // Each from its own address: the route's per-client limit (20 a minute) is not what is tested here.
  let client = 0;
  const report = (user: { headers: Headers }, imageId: string) =>
    t.app.inject({ method: 'POST', url: '/api/images/report', headers: user.headers, payload: { imageId, content: 'not for children' }, remoteAddress: `10.0.${Math.floor(++client / 250)}.${client % 250}` });
  const established = async (count: number) => {
    const users = [];
    for (let i = 0; i < count; i += 1) {
      const user = await signedInUser(t.app);
      await establishUser(t.db.kysely, user.userId);
      users.push(user);
    }
    return users;
  };

  it('offers the library’s best pages as examples out of the box, then only the chosen ones', async () => {
    const member = await signedInUser(t.app);
    const strangers = await page(member, 'a stranger’s public kite');
    // Out of the box: the library, best first; the photo tab only pages with a coloured version.
    expect(await examples('text2image')).toEqual(libraryIds);
    expect(await examples('image2image')).toEqual(['lib-best-owl', 'lib-good-fox']);
    expect(await examples('text2image')).not.toContain(strangers);

    const curated = createExamplesRepository(t.db.kysely);
    expect(await curated.add('lib-good-fox', 'text2image')).toBe(true);
    expect(await curated.add(strangers, 'text2image')).toBe(true);
    expect(await examples('text2image')).toEqual(['lib-good-fox', strangers]);
    expect(await examples('image2image'), 'each tab is chosen on its own').toEqual(['lib-best-owl', 'lib-good-fox']);
    expect((await curated.list()).map((row) => row.imageId)).toEqual(['lib-good-fox', strangers]);
    expect(await curated.remove(strangers)).toBe(true);
    expect(await examples('text2image')).toEqual(['lib-good-fox']);
    expect(await curated.remove('lib-good-fox')).toBe(true);
    expect(await examples('text2image')).toEqual(libraryIds);
  });

  it('never offers a private page as an example, nor lets one be chosen', async () => {
    const owner = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ membership_level: 'pro', membership_period_end: new Date(Date.now() + 86_400_000).toISOString() }).where('id', '=', owner.userId).execute();
    const secret = await page(owner, 'a private lighthouse', false);
    const curated = createExamplesRepository(t.db.kysely);
    expect(await curated.add(secret, 'text2image')).toBe(false);
    // Chosen while public, then made private: it leaves the examples.
    const later = await page(owner, 'a public windmill');
    expect(await curated.add(later, 'text2image')).toBe(true);
    expect(await examples('text2image')).toContain(later);
    await t.db.kysely.updateTable('images').set({ is_public: 0 }).where('id', '=', later).execute();
    await t.db.kysely.updateTable('settings').set({ value: `test-${Date.now()}` }).where('key', '=', 'images_version').execute();
    expect(await examples('text2image')).not.toContain(later);
    expect(await examples('text2image')).not.toContain(secret);
    expect(await inGallery(secret)).toBe(false);
    await curated.remove(later);
  });

  it('keeps a public page the content filter catches out of the gallery until a moderator keeps it', async () => {
    const owner = await signedInUser(t.app);
    // The fake maker lets it through; the real content filter at the gallery's door does not.
    const caught = await page(owner, 'a nazi parade');
    const fine = await page(owner, 'a friendly parade');
    expect(await inGallery(fine)).toBe(true);
    expect(await inGallery(caught)).toBe(false);
    expect(await viewable(caught), 'not by its link either').toBe(false);
    expect(await viewable(caught, owner.headers), 'its owner still has it').toBe(true);
    const moderation = createReportsRepository(t.db.kysely);
    expect((await moderation.open()).find((entry) => entry.imageId === caught)).toMatchObject({ held: 'filter', isOnline: false, reports: [] });
    await moderation.resolve(caught, 'keep');
    expect(await inGallery(caught)).toBe(true);
  });

  it('does not let fresh accounts take any page offline; reports still queue for the moderator', async () => {
    const owner = await signedInUser(t.app);
    const target = await page(owner, 'a lovely garden');
    const fresh = [await signedInUser(t.app), await signedInUser(t.app), await signedInUser(t.app), await signedInUser(t.app)];
    for (const user of fresh) {
      expect((await report(user, target)).statusCode).toBe(200);
      expect((await report(user, 'lib-best-owl')).statusCode).toBe(200);
    }
    expect(await viewable(target)).toBe(true);
    expect(await viewable('lib-best-owl')).toBe(true);
    expect(await inGallery(target)).toBe(true);
    const queued = await createReportsRepository(t.db.kysely).open();
    expect(queued.find((entry) => entry.imageId === target)?.reports).toHaveLength(4);
    expect(queued.find((entry) => entry.imageId === 'lib-best-owl')?.reports.length).toBeGreaterThanOrEqual(4);
  });

  it('counts only established accounts with pages of their own', async () => {
    const owner = await signedInUser(t.app);
    const target = await page(owner, 'a quiet pond');
    // Old accounts without a page of their own, and new accounts with one, do not count.
    const idle = [await signedInUser(t.app), await signedInUser(t.app), await signedInUser(t.app)];
    for (const user of idle) await t.db.kysely.updateTable('users').set({ created_at: new Date(Date.now() - 60 * 86_400_000).toISOString() }).where('id', '=', user.userId).execute();
    const newcomers = [await signedInUser(t.app), await signedInUser(t.app), await signedInUser(t.app)];
    for (const user of newcomers) await page(user, 'my first page');
    for (const user of [...idle, ...newcomers]) await report(user, target);
    expect(await viewable(target)).toBe(true);

    const [a, b, c] = await established(3);
    await report(a, target);
    await report(b, target);
    expect(await viewable(target), 'two are not enough').toBe(true);
    await report(c, target);
    expect(await viewable(target), 'the third established reporter takes it down').toBe(false);
    expect(await inGallery(target)).toBe(false);
    expect(await viewable(target, owner.headers)).toBe(true);
  });

  it('never hides library pages or chosen examples automatically, even on established reports', async () => {
    const owner = await signedInUser(t.app);
    const chosen = await page(owner, 'a chosen balloon');
    const curated = createExamplesRepository(t.db.kysely);
    await curated.add(chosen, 'text2image');
    const reporters = await established(REPORT_RULES.reportersToHide + 1);
    for (const user of reporters) {
      await report(user, chosen);
      await report(user, 'lib-good-fox');
    }
    expect(await viewable(chosen)).toBe(true);
    expect(await viewable('lib-good-fox')).toBe(true);
    expect(await examples('text2image')).toContain(chosen);
    await curated.remove(chosen);
  });

  it(`limits each account to ${REPORT_RULES.reportsPerDay} reports a day`, async () => {
    const [reporter] = await established(1);
    const owner = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ credits: 1000 }).where('id', '=', owner.userId).execute();
    const targets = [];
    for (let i = 0; i <= REPORT_RULES.reportsPerDay; i += 1) targets.push(await page(owner, `page number ${i}`));
    for (const target of targets.slice(0, REPORT_RULES.reportsPerDay)) expect((await report(reporter, target)).statusCode).toBe(200);
    const over = await report(reporter, targets[REPORT_RULES.reportsPerDay]);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ errorCode: 1007, message: `You can report ${REPORT_RULES.reportsPerDay} images a day` });
    expect(await t.db.kysely.selectFrom('reports').select('id').where('image_id', '=', targets[REPORT_RULES.reportsPerDay]).execute()).toEqual([]);
  });
});
