import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../adapters/mail/mailer';
import { createTestPaymentProvider } from '../adapters/payments/test-provider';
import { createInProcessQueue } from '../adapters/queue/job-queue';
import { createLocalStorage } from '../adapters/storage/storage';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';

describe('serving the built web app', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const dist = path.join(t.dataDir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Studio</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A second app on the same database, this time with a web build to serve.
    app = await buildApp({
      config: t.config,
      db: t.db,
      logger: pino({ level: 'silent' }),
      mailer: createMailer({ smtpUrl: null, from: 'x <x@y.z>', outboxDir: t.outboxDir, logger: pino({ level: 'silent' }) }),
      storage: createLocalStorage(path.join(t.dataDir, 'files')),
      google: null,
      queue: createInProcessQueue({ concurrency: 1 }),
      maker: null,
      payments: createTestPaymentProvider(),
      webDistDir: dist,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('answers page paths with index.html in the language of the prefix', async () => {
    for (const [url, lang] of [['/', 'en'], ['/login', 'en'], ['/zh/login', 'zh'], ['/ja', 'ja'], ['/categories/animals', 'en']]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`<html lang="${lang}"`);
    }
  });

  it('serves hashed assets with a long cache, and 404 envelopes for missing files and API paths', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().errorCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
