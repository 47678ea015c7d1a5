import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { signedInUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('prompt helpers', () => {
  let t: TestApp;
  const seen: { prompt: string; difficulty: string; lang?: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      maker: createFakePageMaker().maker,
      improver: async () => ({
        source: 'local',
        improve: async (prompt, options) => {
          seen.push({ prompt, ...options });
          return `${prompt} in a sunny meadow`;
        },
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives six different style suggestions in the asked language, to anyone', async () => {
    const zh = (await t.app.inject({ method: 'GET', url: '/api/images/style-suggestions?lang=zh' })).json();
    expect(zh.data.suggestions).toHaveLength(6);
    expect(new Set(zh.data.suggestions.map((s: { id: string }) => s.id)).size).toBe(6);
    expect(zh.data.suggestions.every((s: { content: string }) => /[\u4e00-\u9fff]/.test(s.content))).toBe(true);
    const unknown = (await t.app.inject({ method: 'GET', url: '/api/images/style-suggestions?lang=xx' })).json();
    expect(unknown.data.suggestions.every((s: { content: string }) => /^[\x20-\x7e]+$/.test(s.content))).toBe(true);
  });

  it('improves a prompt for a signed-in user, with the same checks as generating', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/images/improve-prompt', payload: { prompt: 'a dolphin' } });
    expect(anonymous.statusCode).toBe(401);
    const user = await signedInUser(t.app);
    const improve = (body: object) => t.app.inject({ method: 'POST', url: '/api/images/improve-prompt', headers: user.headers, payload: body });
    const done = await improve({ prompt: '  a dolphin ', difficulty: 'teen', lang: 'en' });
    expect(done.json().data).toEqual({ prompt: 'a dolphin in a sunny meadow' });
    expect(seen.at(-1)).toEqual({ prompt: 'a dolphin', difficulty: 'teen', lang: 'en' });
    expect((await improve({ prompt: '   ' })).json().errorCode).toBe(4001);
    expect((await improve({ prompt: 'x'.repeat(1001) })).json().errorCode).toBe(4002);
    const filtered = await improve({ prompt: 'gore' });
    expect([filtered.statusCode, filtered.json().errorCode]).toEqual([400, 4003]);
  });
});
