import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../adapters/storage/storage';
import { createLibraryImporter } from '../modules/library/library-import';
import { hashToken, newId, newSecretToken, nowIso } from '../lib/ids';
import { AppError, ErrorCode, errorMessages } from '@studio/contracts/errors';
import { createLogger } from '../lib/logger';
import { createFakePageMaker } from '../test/fake-page-maker';
import { loadConfig } from '../config/config';
import { registerUser, signedInUser } from '../test/factories';
import { createTestApp, databaseKinds, metricsAuthorization, readOutbox, serveWebBuild, waitFor, type TestApp } from '../test/test-app';

/**
 * The holes of the security review (issue 21), each reproduced against the real HTTP app on both
 * databases. Each test here failed before its fix.
 */

/** Holds the write lock on password_resets from another connection until released. */
async function lockPasswordResets(t: TestApp): Promise<() => Promise<void>> {
  if (t.db.dialect === 'sqlite') {
    const other = new SqliteDatabase(path.join(t.dataDir, 'test.db'));
    other.exec('begin immediate');
    return async () => {
      other.exec('rollback');
      other.close();
    };
  }
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const transaction = t.db.kysely.transaction().execute(async (trx) => {
    await sql`lock table password_resets in exclusive mode`.execute(trx);
    locked();
    await released;
  });
  await holding;
  return async () => {
    release();
    await transaction;
  };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

describe.each(databaseKinds)('security review holes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  const mailsTo = (email: string, count: number) =>
    waitFor(() => {
      const mails = readOutbox(t.outboxDir).filter((m) => m.includes(`To: ${email}`));
      return mails.length >= count ? mails : null;
    }, 15_000);
  const linkIn = (mail: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
  const reset = (token: string, newPassword: string) => post('/api/users/reset-password', { token, newPassword });
  const login = (email: string, password: string) => post('/api/auth/login', { email, password, rememberMe: false });

  describe('1. old reset links', () => {
    it('a link from an earlier request stops working once a newer link has reset the password', async () => {
      const user = await registerUser(t.app);
      await post('/api/users/forgot-password', { email: user.email });
      const first = linkIn((await mailsTo(user.email, 1))[0]);
      await post('/api/users/forgot-password', { email: user.email });
      const second = linkIn((await mailsTo(user.email, 2)).find((m) => !m.includes(first))!);

      expect((await reset(second, 'second secret')).statusCode).toBe(200);
      const old = await reset(first, 'first secret');
      expect(old.json().errorCode).toBe(1020);
      expect((await login(user.email, 'first secret')).statusCode).toBe(401);
      expect((await login(user.email, 'second secret')).statusCode).toBe(200);
    });

    it('a reset voids every other unused link of the user', async () => {
      const user = await registerUser(t.app);
      const other = newSecretToken();
      await t.db.kysely
        .insertInto('password_resets')
        .values({ id: newId(), user_id: user.userId, token_hash: hashToken(other), expires_at: nowIso(3600), created_at: nowIso(), used_at: null })
        .execute();
      await post('/api/users/forgot-password', { email: user.email });
      const sent = linkIn((await mailsTo(user.email, 1))[0]);
      expect((await reset(sent, 'brand new secret')).statusCode).toBe(200);
      expect((await reset(other, 'other secret')).json().errorCode).toBe(1020);
      expect((await post(`/api/users/validate-reset-token/${other}`, {})).json().data.valid).toBe(false);
    });

    it('a password changed in the profile voids the links sent before', async () => {
      const user = await signedInUser(t.app);
      await post('/api/users/forgot-password', { email: user.email });
      const token = linkIn((await mailsTo(user.email, 1))[0]);
      const changed = await t.app.inject({ method: 'PUT', url: '/api/users/update', headers: user.headers, payload: { currentPassword: user.password, newPassword: 'profile secret' } });
      expect(changed.statusCode).toBe(200);
      expect((await reset(token, 'attacker secret')).json().errorCode).toBe(1020);
      expect((await login(user.email, 'attacker secret')).statusCode).toBe(401);
      expect((await login(user.email, 'profile secret')).statusCode).toBe(200);
    });
  });

  describe('7. forgot-password answers before any account lookup', () => {
    it('answers a known and an unknown address alike while the reset table is locked, and mails the known one after', async () => {
      const user = await registerUser(t.app);
      const release = await lockPasswordResets(t);
      let known, unknown;
      try {
        // The unknown address first: the known one's work starts once its answer is out, and the
        // lock must be released by then.
        unknown = await within(post('/api/users/forgot-password', { email: `ghost-${newId()}@example.com` }), 3000);
        known = await within(post('/api/users/forgot-password', { email: user.email }), 3000);
      } finally {
        await release();
      }
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      // The work done after the answer still happens: one link, one mail.
      await mailsTo(user.email, 1);
      const rows = await t.db.kysely.selectFrom('password_resets').select('id').where('user_id', '=', user.userId).execute();
      expect(rows).toHaveLength(1);
    });

    it('answers a malformed address with 1003 and sends nothing', async () => {
      const response = await post('/api/users/forgot-password', { email: 'not-an-email' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe(1003);
    });
  });

  describe('2. secrets in the log', () => {
    it('logs request URLs with reset tokens, signatures and codes redacted, and never the authorization or cookie headers', async () => {
      const lines: string[] = [];
      const logged = await createTestApp(kind, { logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
      try {
        const secret = (n: number) => `SeCrEt${n}${newSecretToken()}`;
        const secrets = Array.from({ length: 8 }, (_, i) => secret(i));
        await logged.app.inject({ method: 'POST', url: `/api/users/validate-reset-token/${secrets[0]}`, payload: {} });
        await logged.app.inject({ method: 'GET', url: `/reset-password?lang=en&token=${secrets[1]}` });
        await logged.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${secrets[2]}`, cookie: `session=${secrets[3]}` } });
        await logged.app.inject({ method: 'GET', url: `/files/images/img0000000000nothing1/source.png?exp=1&sig=${secrets[4]}` });
        await logged.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token: secrets[5], newPassword: secrets[6] } });
        logged.app.log.warn(`a message quoting http://studio.test/reset-password?token=${secrets[7]}`);
        const log = lines.join('');
        expect(log).toContain('/api/users/validate-reset-token/[redacted]');
        expect(log).toContain('/reset-password?lang=en&token=[redacted]');
        expect(log).toContain('&sig=[redacted]');
        for (const [i, value] of secrets.entries()) expect(log.includes(value), `secret ${i} in the log`).toBe(false);
        expect(log).not.toMatch(/SeCrEt\d/);
      } finally {
        await logged.close();
      }
    });
  });

  describe('5. user text in the server-rendered head', () => {
    const TEMPLATE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Studio</title><meta name="description" content="x"></head><body><div id="root"></div></body></html>';
    const hostile = (tag: string) => `${tag} a cat $\` with a hat $' and $& "quoted" 'single' </script><script>alert(1)</script> $$ $1`;
    const long = `${"$'$`".repeat(240)} ${'long text '.repeat(500)}`;
    const L = (text: string) => ({ en: text, zh: `${text} 中`, ja: `${text} 日` });
    const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
    let web: FastifyInstance;
    beforeAll(async () => {
      const dist = path.join(t.dataDir, 'dist');
      mkdirSync(dist, { recursive: true });
      writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
      const importer = createLibraryImporter({ db: t.db.kysely, storage: createLocalStorage(path.join(t.dataDir, 'files')) });
      await importer.upsertCategory({ slug: 'tricks', name: 'tricks', displayName: L(hostile('crumb')), description: L('<p>d</p>'), seoTitle: L(hostile('category title')), seoDesc: L(long), hotness: 1 });
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
      const page = { png, svg: null, pdfLetter: png, pdfA4: png, thumb600: png, thumb320: png, colorPng: null, colorThumb600: null, width: 8, height: 8 };
      await importer.importPage({ id: 'img0000000000trick123', categorySlug: 'tricks', title: L(hostile('image title')), description: L(hostile('image description')), prompt: L('x'), additionalInfo: null, tags: [], ratio: '3:4', difficulty: 'children', hotness: 5, attribution: null, page });
      await importer.importPage({ id: 'img0000000000trick456', categorySlug: 'tricks', title: L('short'), description: L(long), prompt: L('x'), additionalInfo: null, tags: [], ratio: '3:4', difficulty: 'children', hotness: 5, attribution: null, page });
      web = await serveWebBuild(t, dist);
    });
    afterAll(async () => {
      await web?.close();
    });

    /** The document keeps its shape: one of each element, and text only ever where it was put. */
    function expectIntact(body: string, texts: string[]) {
      expect(body.match(/<html/g)).toHaveLength(1);
      expect(body.match(/<head>/g)).toHaveLength(1);
      expect(body.match(/<\/head>/g)).toHaveLength(1);
      expect(body.match(/<title>/g)).toHaveLength(1);
      expect(body.match(/<meta name="description"/g)).toHaveLength(1);
      expect(body.match(/<body>/g)).toHaveLength(1);
      // Every <script> is one of ours (JSON-LD) and closes once: user text never opens or closes one.
      expect(body.match(/<script/g)?.length).toBe(body.match(/<script type="application\/ld\+json">/g)?.length);
      expect(body.match(/<\/script>/g)?.length).toBe(body.match(/<script/g)?.length);
      expect(body.length).toBeLessThan(TEMPLATE.length + 20_000 + 12 * texts.reduce((sum, text) => sum + text.length, 0));
    }

    it.each(['en', 'zh', 'ja'] as const)('writes hostile titles, descriptions and crumbs of an image page (%s) as text, once each', async (lang) => {
      const prefix = lang === 'en' ? '' : `/${lang}`;
      const response = await web.inject({ method: 'GET', url: `${prefix}/image/img0000000000trick123` });
      expect(response.statusCode).toBe(200);
      const title = L(hostile('image title'))[lang];
      const description = L(hostile('image description'))[lang];
      const body = response.body;
      expectIntact(body, [title, description]);
      expect(body).toContain(`<title>${html(title)} | Coloring Studio`);
      expect(body).toContain(`<meta name="description" content="${html(description)}">`);
      expect(body).toContain(`<meta property="og:title" content="${html(title)} | Coloring Studio`);
      expect(body).toContain(`<meta property="og:description" content="${html(description)}">`);
      expect(body).toContain(`<meta name="twitter:title" content="${html(title)} | Coloring Studio`);
      expect(body).toContain(`<meta name="twitter:description" content="${html(description)}">`);
      const jsonLd = [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]) as Record<string, unknown>);
      expect(jsonLd.find((item) => item['@type'] === 'ImageObject')).toMatchObject({ name: title, description });
      const crumbs = jsonLd.find((item) => item['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
      expect(crumbs.itemListElement.map((item) => item.name)).toEqual(expect.arrayContaining([L(hostile('crumb'))[lang], title]));
    });

    it('writes very long $-pattern text once, not multiplied', async () => {
      for (const url of ['/image/img0000000000trick456', '/categories/tricks']) {
        const response = await web.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expectIntact(response.body, [long]);
        expect(response.body, url).toContain(`<meta name="description" content="${html(long)}">`);
      }
      const category = (await web.inject({ method: 'GET', url: '/categories/tricks' })).body;
      expect(category).toContain(`<title>${html(hostile('category title'))} | Coloring Studio</title>`);
    });
  });

  describe('6. /metrics', () => {
    const metrics = (app: FastifyInstance, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/metrics', headers });

    it('answers 401 without the METRICS_TOKEN bearer and the metrics with it', async () => {
      await registerUser(t.app);
      for (const headers of [{}, { authorization: 'Bearer wrong-token-of-some-length' }, { authorization: metricsAuthorization.authorization.replace('Bearer ', 'Basic ') }] as Record<string, string>[]) {
        const refused = await metrics(t.app, headers);
        expect(refused.statusCode, JSON.stringify(headers)).toBe(401);
        expect(refused.body).not.toContain('credits_booked');
      }
      const allowed = await metrics(t.app, metricsAuthorization);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toMatch(/credits_booked\{reason="signup"\} \d+/);
    });

    it('answers 404, like any unknown path, when METRICS_TOKEN is not set', async () => {
      const closed = await createTestApp(kind, { config: { metricsToken: null } });
      try {
        for (const headers of [{}, metricsAuthorization] as Record<string, string>[]) {
          const response = await metrics(closed.app, headers);
          expect(response.statusCode).toBe(404);
          expect(response.json()).toMatchObject({ status: 'error', errorCode: 404, data: null });
        }
      } finally {
        await closed.close();
      }
    });
  });

  describe('3. test payments and outbox mail on a public deployment', () => {
    it('refuses to start a public deployment that did not choose its payment provider', () => {
      for (const env of [{ PUBLIC_URL: 'https://colors.example.com' }, { PUBLIC_URL: 'http://192.168.1.20:3000' }, { PUBLIC_URL: 'http://localhost:8080', PUBLIC_DEPLOYMENT: 'true' }]) {
        expect(() => loadConfig({ ...env, DATA_DIR: t.dataDir }), JSON.stringify(env)).toThrow(/^Invalid configuration: PAYMENT_PROVIDER must be set on a public deployment/);
      }
      // A laptop keeps working offline with test payments.
      for (const env of [{}, { PUBLIC_URL: 'http://localhost:3000' }, { PUBLIC_URL: 'http://127.0.0.1:3000' }, { PUBLIC_URL: 'https://colors.example.com', PUBLIC_DEPLOYMENT: 'false' }]) {
        expect(loadConfig({ ...env, DATA_DIR: t.dataDir }).payment.provider, JSON.stringify(env)).toBe('test');
      }
      expect(loadConfig({ PUBLIC_URL: 'https://colors.example.com', PAYMENT_PROVIDER: 'test', DATA_DIR: t.dataDir }).payment.provider).toBe('test');
    });

    it('says at start-up that test payments move no money and that reset mails go to the outbox, and tells the web it takes test payments', async () => {
      const lines: string[] = [];
      const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
      const open = await createTestApp(kind, { env: { PUBLIC_URL: 'https://colors.example.com', PAYMENT_PROVIDER: 'test' }, logger });
      try {
        const log = lines.join('');
        expect(log).toContain('test mode: no money moves');
        expect(log).toContain(`reset mails are not sent, they go to the outbox folder ${path.join(open.dataDir, 'outbox')}`);
        const config = await open.app.inject({ method: 'GET', url: '/api/config' });
        expect(config.json().data).toMatchObject({ paymentProvider: 'test' });
      } finally {
        await open.close();
      }
      lines.length = 0;
      const laptop = await createTestApp(kind, { env: { PUBLIC_URL: 'http://localhost:3000', SMTP_URL: 'smtp://mail.example.com:587' }, logger });
      try {
        expect(lines.join('')).toContain('test mode: no money moves');
        expect(lines.join('')).not.toContain('outbox');
      } finally {
        await laptop.close();
      }
    });
  });

  describe('4. rate limits behind a proxy', () => {
    const limits = { login: 10, register: 10, forgot: 5, refresh: 60, generate: 30 };
    const wrongLogin = (app: FastifyInstance, forwardedFor: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'victim@example.com', password: 'a wrong guess', rememberMe: false }, headers: { 'x-forwarded-for': forwardedFor } });
    const forged = () => `198.51.100.${Math.floor(Math.random() * 250)}, 10.${Math.floor(Math.random() * 250)}.0.1`;

    // The proxy (the socket peer, 127.0.0.1 under inject) appends the address it saw to whatever
    // X-Forwarded-For the client wrote.
    it.each(['true', '1', '127.0.0.1', 'loopback'])(
      'with TRUST_PROXY=%s, 15 wrong logins from one client with forged forwarded addresses get 429 from the 11th, and another client is not limited',
      async (trustProxy) => {
        const proxied = await createTestApp(kind, { env: { TRUST_PROXY: trustProxy }, config: { authRateLimit: limits } });
        try {
          const codes: number[] = [];
          for (let i = 0; i < 15; i += 1) codes.push((await wrongLogin(proxied.app, `${forged()}, 203.0.113.7`)).statusCode);
          expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
          expect(codes.slice(10)).toEqual(Array(5).fill(429));
          expect((await wrongLogin(proxied.app, `${forged()}, 203.0.113.8`)).statusCode).toBe(401);
        } finally {
          await proxied.close();
        }
      },
    );

    it('takes false, hop counts and proxy addresses, and stops on anything else naming TRUST_PROXY', () => {
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 172.16.0.0/12,::1,loopback' }).trustProxy).toEqual(['10.0.0.2', '172.16.0.0/12', '::1', 'loopback']);
      for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '11', 'caddy']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid configuration: TRUST_PROXY /);
    });
  });

  describe('what an image provider says stays in the log', () => {
    const detail = 'Image model unavailable: openai answered 500 {"error":"upstream https://gpu-7.internal.example:8443 key sk-live-1234"}';
    const fake = createFakePageMaker();
    const lines: string[] = [];
    let p: TestApp;
    beforeAll(async () => {
      p = await createTestApp(kind, {
        maker: fake.maker,
        logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
        improver: async () => ({
          source: 'text-model',
          improve: async () => {
            throw new AppError(ErrorCode.modelUnavailable, detail);
          },
        }),
      });
    });
    afterAll(async () => {
      await p?.close();
    });

    it('a failed page shows the catalogue message of its code, and the log keeps the provider answer', async () => {
      const user = await signedInUser(p.app);
      fake.state.fail = new AppError(ErrorCode.modelUnavailable, detail);
      const { taskId } = (await p.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: user.headers, payload: { prompt: 'a fire truck' } })).json().data;
      let done = { status: 'queued' };
      for (let i = 0; i < 200 && done.status !== 'failed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        done = (await p.app.inject({ method: 'GET', url: `/api/images/tasks/${taskId}?type=text2image`, headers: user.headers })).json().data;
      }
      expect(done).toMatchObject({ errorCode: 4008, message: errorMessages[ErrorCode.modelUnavailable] });
      expect(JSON.stringify(done)).not.toMatch(/gpu-7|sk-live|openai answered/);
      expect(lines.join('')).toContain('gpu-7.internal.example');
    });

    it('"improve with AI" failing upstream answers 503 with the catalogue message, not the provider answer', async () => {
      const user = await signedInUser(p.app);
      const response = await p.app.inject({ method: 'POST', url: '/api/images/improve-prompt', headers: user.headers, payload: { prompt: 'a cat', difficulty: 'children' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ errorCode: 4008, message: errorMessages[ErrorCode.modelUnavailable] });
      expect(response.body).not.toMatch(/gpu-7|sk-live|openai answered/);
    });
  });

  describe('renaming', () => {
    it('two users renaming to the same free name at once: one wins, the other gets the taken code, never a 500', async () => {
      for (let round = 0; round < 5; round += 1) {
        const [a, b] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
        const wanted = `race_${newId().slice(-10)}`;
        const answers = await Promise.all(
          [a, b].map((user) => t.app.inject({ method: 'PUT', url: '/api/users/update', headers: user.headers, payload: { username: wanted } })),
        );
        const codes = answers.map((answer) => answer.statusCode).sort();
        expect(codes, answers.map((answer) => answer.body).join(' ')).toEqual([200, 409]);
        expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({ data: { fields: { username: 'validation.usernameTaken' } } });
      }
    });
  });
});
