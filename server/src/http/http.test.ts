import { Redis } from 'ioredis';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { registerUser } from '../test/factories';
import { createTestApp, databaseKinds, metricsAuthorization, type TestApp } from '../test/test-app';

describe('HTTP behaviour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports liveness on /healthz and readiness of database, queue and storage on /readyz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ alive: true });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(Object.keys(ready.json().data.checks).sort()).toEqual(['database', 'queue', 'storage']);
  });

  it('sends security headers and a request id on every answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // Pictures come from PUBLIC_URL even when the page was reached by another host name.
    expect(response.headers['content-security-policy']).toMatch(/img-src 'self' http:\/\/studio\.test /);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it('exposes Prometheus metrics by route pattern', async () => {
    await t.app.inject({ method: 'GET', url: '/api/images/some-id/download' });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsAuthorization });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toContain('http_requests_total{method="GET",route="/api/images/:id/download",status="404"} 1');
    expect(metrics.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz"\} \d+/);
    expect(metrics.body).toContain('# TYPE generation_tasks gauge');
    expect(metrics.body).toContain('# TYPE generation_task_duration_seconds histogram');
    await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsAuthorization })).body).toMatch(/credits_booked\{reason="signup"\} \d+/);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'error', errorCode: 404, data: null });
  });

  it('refuses a 2 MB JSON body with 413 and malformed JSON with 1003, without a stack trace', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ status: 'error', errorCode: 413 });
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errorCode).toBe(1003);
    expect(broken.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('rate-limits rapid wrong logins with 429 and 1007, and the server stays up', async () => {
    const limited = await createTestApp('sqlite', { config: { authRateLimit: { login: 10, register: 10, forgot: 5, refresh: 60, generate: 30 } } });
    try {
    const user = await registerUser(limited.app);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const response = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: `wrong-${i}-pass` } });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ status: 'error', errorCode: 1007 });
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect((await limited.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe.runIf(process.env.REDIS_URL_TEST)('rate limits across processes (Redis)', () => {
  it('counts one client across two API processes, and keeps serving when Redis is gone', async () => {
    const redis = new Redis(process.env.REDIS_URL_TEST!);
    const keys = await redis.keys('studio-rate-limit:*');
    if (keys.length) await redis.del(...keys);
    const limits = { config: { authRateLimit: { login: 4, register: 10, forgot: 5, refresh: 60, generate: 30 } }, env: { REDIS_URL: process.env.REDIS_URL_TEST! } };
    const first = await createTestApp('sqlite', limits);
    const second = await createTestApp('sqlite', limits);
    try {
      const login = (app: typeof first.app) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password' } });
      // Until its Redis connection is up a process lets requests through; warm both up from elsewhere.
      for (const app of [first.app, second.app]) await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.9.9', payload: {} });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const statuses = [];
      for (const app of [first.app, second.app, first.app, second.app, first.app, second.app]) statuses.push((await login(app)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      // Without Redis the limiter steps aside rather than failing requests.
      const offline = await createTestApp('sqlite', { ...limits, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
      try {
        expect((await login(offline.app)).statusCode).toBe(401);
      } finally {
        await offline.close();
      }
    } finally {
      await first.close();
      await second.close();
      redis.disconnect();
    }
  });
});

describe('configuration', () => {
  it('stops on a bad value with one line naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYPAL_CLIENT_ID/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ENGINE_NICE: '25' })).toThrow(/^Invalid configuration: ENGINE_NICE /);
    expect(() => loadConfig({ ENGINE_NICE: '-5' })).toThrow(/ENGINE_NICE/);
  });

  it('has working defaults for every variable', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/studio-config-test' });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', publicUrl: 'http://localhost:3000', imageProvider: 'local', engineNice: 10, payment: { provider: 'test' } });
    expect(config.databaseUrl).toBe('sqlite:/tmp/studio-config-test/studio.db');
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: '/tmp/studio-config-test' }).jwtSecret).toBe(config.jwtSecret);
  });

  // Issue 36, hole 8: a private install (free test payments) listened on every interface.
  it('listens on this machine only unless the deployment is public; a HOST others reach makes it public', () => {
    const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/studio-config-test', ...env });
    for (const env of [{}, { PUBLIC_URL: 'http://127.0.0.1:3000' }, { PUBLIC_URL: 'http://localhost:8080' }] as Record<string, string>[]) {
      expect(load(env), JSON.stringify(env)).toMatchObject({ host: '127.0.0.1', publicDeployment: false, payment: { provider: 'test' } });
    }
    // Public deployments listen everywhere: the Docker image (PUBLIC_DEPLOYMENT=true) and a public URL.
    expect(load({ PUBLIC_DEPLOYMENT: 'true', PAYMENT_PROVIDER: 'test' })).toMatchObject({ host: '0.0.0.0', publicDeployment: true });
    expect(load({ PUBLIC_URL: 'https://colors.example.com', PAYMENT_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toMatchObject({ host: '0.0.0.0', publicDeployment: true });
    // A HOST that others reach is a public deployment, whatever PUBLIC_URL says: it must choose its payments.
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(() => load({ HOST: host }), host).toThrow(new RegExp(`^Invalid configuration: PAYMENT_PROVIDER must be set on a public deployment \\(HOST ${host.replace(/\./g, '\\.')}\\)`));
      expect(load({ HOST: host, PUBLIC_URL: 'http://localhost:3000', PAYMENT_PROVIDER: 'test' }), host).toMatchObject({ host, publicDeployment: true });
    }
    // Loopback HOSTs stay private; an explicit PUBLIC_DEPLOYMENT decides either way.
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(load({ HOST: host }), host).toMatchObject({ host, publicDeployment: false });
    expect(load({ HOST: '0.0.0.0', PUBLIC_DEPLOYMENT: 'false' })).toMatchObject({ host: '0.0.0.0', publicDeployment: false, payment: { provider: 'test' } });
    expect(load({ HOST: '127.0.0.1', PUBLIC_DEPLOYMENT: 'true', PAYMENT_PROVIDER: 'test' })).toMatchObject({ host: '127.0.0.1', publicDeployment: true });
  });

  describe.each(databaseKinds)('a private install on %s', (kind) => {
    it('answers on the loopback address and not on the machine\'s network addresses', async () => {
      const t = await createTestApp(kind, { env: { PUBLIC_URL: 'http://localhost:3000' } });
      try {
        expect(t.config.host).toBe('127.0.0.1');
        await t.app.listen({ port: 0, host: t.config.host });
        const { port } = t.app.server.address() as AddressInfo;
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
        const outside = Object.values(networkInterfaces()).flatMap((addresses) => addresses ?? []).filter((address) => !address.internal && address.family === 'IPv4');
        for (const address of outside) await expect(fetch(`http://${address.address}:${port}/healthz`), address.address).rejects.toThrow();
      } finally {
        await t.close();
      }
    });
  });
});
