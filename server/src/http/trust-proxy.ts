import type { Config } from '../config/config';

/**
 * TRUST_PROXY as Fastify's trustProxy. A hop count becomes a function: Fastify reads a bare number
 * as "trust nothing" (it cannot tell the proxy from a client that reached the server directly), so
 * hops are for servers reachable only through their proxies (docker-compose publishes only Caddy's
 * port); naming the proxies' addresses works everywhere.
 */
export function fastifyTrustProxy(setting: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
