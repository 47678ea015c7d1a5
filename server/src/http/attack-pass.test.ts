import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakePageMaker } from '../test/fake-page-maker';
import { signedInUser } from '../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../test/test-app';

/**
 * An attack pass over every route the app serves (bounded, in-process, nothing leaves 127.0.0.1):
 * malformed JSON, wrong types, huge bodies, traversal in path parameters, other users' ids,
 * expired and forged tokens, SQL and full-text query syntax. Every answer must be a clear 4xx
 * (or a 2xx that reveals and changes nothing): no 5xx, and no table a visitor may not change
 * has changed afterwards.
 */

interface Route {
  method: string;
  url: string;
}

/** The routes of `printRoutes({ commonPrefix: false })`: a tree of path segments with their methods. */
function listRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const segment = match[2];
    const parent = stack[depth - 1] ?? '';
    const full = depth === 0 ? segment : `${parent}${segment.startsWith('/') ? '' : '/'}${segment}`;
    stack[depth] = full;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter((m) => m && m !== 'HEAD')) routes.push({ method, url: full });
  }
  return routes;
}

const HOSTILE_VALUES = ["' OR 1=1 --", '"unterminated', 'NEAR(a b)', 'a & b | !c:*', '..%2F..%2Fetc%2Fpasswd', '%00', 'x'.repeat(3000), '𝓤𝓷𝓲𝓬𝓸𝓭𝓮', '-1', '1e309', '[]', '{}'];
const BAD_BODIES: { contentType: string; payload: string | Buffer }[] = [
  { contentType: 'application/json', payload: '{"email": "a@b.c", "password": ' },
  { contentType: 'application/json', payload: '[1,2,3]' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: JSON.stringify({ email: ['x'], password: 12, prompt: { $ne: 1 }, orderId: null, ratio: 7, difficulty: true, isPublic: 'maybe', imageId: ["' OR 1=1"], reason: 5, token: 42, newPassword: [] }) },
  { contentType: 'application/json', payload: JSON.stringify({ prompt: 'x'.repeat(5000), username: '<script>alert(1)</script>', email: 'a@b.c\u0000', password: 'p'.repeat(10_000) }) },
  { contentType: 'application/json', payload: JSON.stringify({ email: 'nul\u0000@b.cd', password: 'secret\u0000', prompt: 'a cat\u0000', title: 't\u0000', reason: 'r\u0000', imageId: 'i\u0000', orderId: 'o\u0000', 'k\u0000': 1 }) },
  { contentType: 'application/json', payload: `{"prompt": "${'x'.repeat(2 * 1024 * 1024)}"}` },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'multipart/form-data; boundary=zzz', payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="../../x.svg"\r\nContent-Type: image/svg+xml\r\n\r\n<svg onload="x"/>\r\n--zzz--' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=2&__proto__[x]=1' },
];

describe.each(databaseKinds)('attack pass on %s', (kind) => {
  let t: TestApp;
  let victim: Awaited<ReturnType<typeof signedInUser>>;
  let attacker: Awaited<ReturnType<typeof signedInUser>>;
  let victimImageId = '';
  let routes: Route[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { maker: createFakePageMaker().maker });
    victim = await signedInUser(t.app);
    attacker = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ membership_level: 'pro' }).where('id', '=', victim.userId).execute();
    const { taskId } = (await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: victim.headers, payload: { prompt: 'a private cat', isPublic: false } })).json().data;
    for (let i = 0; i < 200 && !victimImageId; i += 1) {
      const status = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${taskId}?type=text2image`, headers: victim.headers })).json().data;
      if (status.status === 'completed') victimImageId = status.image.id;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    routes = listRoutes(t.app.printRoutes({ commonPrefix: false }));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What a visitor must never change by attacking: the rows that hold money, pages and accounts. */
  async function snapshot() {
    const k = t.db.kysely;
    const [users, images, ledger, tasks, orders] = await Promise.all([
      k.selectFrom('users').select(['id', 'credits', 'password_hash', 'membership_level', 'username', 'email']).orderBy('id').execute(),
      k.selectFrom('images').select(['id', 'is_public', 'is_online', 'title']).orderBy('id').execute(),
      k.selectFrom('credit_ledger').select(k.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      k.selectFrom('generation_tasks').select(k.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      k.selectFrom('orders').select(k.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return JSON.stringify({ users, images, ledger: Number(ledger.n), tasks: Number(tasks.n), orders: Number(orders.n) });
  }

  it('finds every route of the app', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'DELETE', url: '/api/images/:id' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/payment/webhook' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/users/delete-account' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/users/export' });
  });

  it('answers malformed, oversized, forged and hostile requests on every route without a 5xx, and changes nothing', async () => {
    expect(victimImageId).not.toBe('');
    const before = await snapshot();
    const expired = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(victim.userId)
      .setIssuer('coloring-studio')
      .setAudience('coloring-studio-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const forged = await new SignJWT({ typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setSubject(victim.userId).setIssuer('coloring-studio').setAudience('coloring-studio-api').setExpirationTime('1h').sign(new TextEncoder().encode('not-the-secret-not-the-secret-32b'));
    const none = new UnsecuredJWT({ typ: 'access' }).setSubject(victim.userId).setIssuer('coloring-studio').setAudience('coloring-studio-api').setExpirationTime('1h').encode();
    const identities: Record<string, string>[] = [{}, attacker.headers, { authorization: `Bearer ${expired}` }, { authorization: `Bearer ${forged}` }, { authorization: `Bearer ${none}` }, { authorization: 'Bearer garbage' }, { authorization: 'Basic YTpi' }];

    const fills = [victimImageId, ...HOSTILE_VALUES.map(encodeURIComponent), '..', 'nope'];
    const serverErrors: string[] = [];
    let sent = 0;
    const byStatus = new Map<number, number>();
    // Each request from its own address, as from many machines, so per-address rate limits do not
    // stop the pass before the handlers are reached.
    const address = () => `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
    const send = async (method: string, url: string, headers: Record<string, string>, body?: { contentType: string; payload: string | Buffer }) => {
      const response = await t.app.inject({ method: method as 'GET', url, remoteAddress: address(), headers: { ...headers, ...(body ? { 'content-type': body.contentType } : {}) }, ...(body ? { payload: body.payload } : {}) });
      sent += 1;
      byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500 && !(url === '/readyz')) serverErrors.push(`${method} ${url.slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
    };

    for (const route of routes) {
      const urls = route.url.includes(':') || route.url.endsWith('*') ? fills.map((fill) => route.url.replace(/:[A-Za-z]+/g, fill).replace(/\*$/, fill)) : [route.url];
      const queries = route.method === 'GET' ? ['', ...HOSTILE_VALUES.map((value) => `?query=${encodeURIComponent(value)}&currentPage=${encodeURIComponent(value)}&pageSize=100000&categoryId=${encodeURIComponent(value)}&tags=${encodeURIComponent(value)}&imageId=${encodeURIComponent(value)}&type=${encodeURIComponent(value)}&format=${encodeURIComponent(value)}&paper=${encodeURIComponent(value)}&lang=${encodeURIComponent(value)}`)] : [''];
      for (const identity of identities) {
        for (const url of urls) {
          if (route.method === 'GET' || route.method === 'DELETE') {
            for (const query of identity === identities[1] ? queries : queries.slice(0, 2)) await send(route.method, `${url}${query}`, identity);
          } else {
            for (const body of identity === identities[1] || identity === identities[0] ? BAD_BODIES : BAD_BODIES.slice(0, 2)) await send(route.method, url, identity, body);
          }
        }
      }
    }
    // The attacker on the victim's own things, with well-formed requests.
    await send('DELETE', `/api/images/${victimImageId}`, attacker.headers);
    await send('GET', `/api/images/${victimImageId}/download?format=png`, attacker.headers);
    await send('GET', `/api/images?imageId=${victimImageId}`, attacker.headers);

    expect(serverErrors).toEqual([]);
    expect(await snapshot()).toBe(before);
    console.log(`attack pass (${kind}): ${routes.length} routes, ${sent} requests; by status ${JSON.stringify(Object.fromEntries([...byStatus].sort()))}`);
    // The victim's private page is still hers alone.
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${victimImageId}/download?format=png`, headers: victim.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${victimImageId}/download?format=png` })).statusCode).toBe(404);
  }, 300_000);
});
