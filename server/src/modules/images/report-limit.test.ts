import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { REPORT_RULES } from './images.repository';

const localized = (text: string) => JSON.stringify({ en: text, zh: text, ja: text });

/** Issue 36, hole 5: the day's report limit is counted and written under the reporter's lock. */
describe.each(databaseKinds)('the daily report limit under parallel reports (%s)', (kind) => {
  let t: TestApp;
  const pages: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (let i = 0; i < REPORT_RULES.reportsPerDay * 2; i += 1) {
      const id = `reportpage${String(i).padStart(4, '0')}${kind}`;
      const files = JSON.stringify({ page: `images/${id}/page.png`, svg: null, pdfLetter: `images/${id}/page-letter.pdf`, pdfA4: `images/${id}/page-a4.pdf`, thumb600: `images/${id}/thumb-600.webp`, thumb320: `images/${id}/thumb-320.webp`, color: null, colorThumb600: null, source: null });
      await t.db.kysely
        .insertInto('images')
        .values({ id, id_tail: id.slice(-8), user_id: null, category_id: null, type: 'library', ratio: '1:1', difficulty: 'children', width: 8, height: 8, title: localized(`Page ${i}`), description: localized(''), prompt: localized(''), additional_info: null, attribution: null, is_public: 1, is_online: 1, hotness: 0, files, created_at: new Date().toISOString() })
        .execute();
      pages.push(id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`accepts exactly ${REPORT_RULES.reportsPerDay} of ${REPORT_RULES.reportsPerDay * 2} reports sent at once (three rounds)`, async () => {
    let client = 0;
    for (let round = 0; round < 3; round += 1) {
      const reporter = await signedInUser(t.app);
      // Each from its own address: the route's per-client limit (20 a minute) is not what is tested here.
      const answers = await Promise.all(
        pages.map((imageId) => t.app.inject({ method: 'POST', url: '/api/images/report', headers: reporter.headers, payload: { imageId, content: 'not for children' }, remoteAddress: `10.9.${round}.${++client}` })),
      );
      const accepted = answers.filter((answer) => answer.statusCode === 200);
      expect(accepted, answers.map((answer) => answer.body).join('\n')).toHaveLength(REPORT_RULES.reportsPerDay);
      expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().errorCode)).toEqual(Array<number>(REPORT_RULES.reportsPerDay).fill(1007));
      const stored = await t.db.kysely.selectFrom('reports').select('id').where('user_id', '=', reporter.userId).execute();
      expect(stored).toHaveLength(REPORT_RULES.reportsPerDay);
    }
  });
});
