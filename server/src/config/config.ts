import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration of DESIGN §9, parsed once at start-up. Every variable is optional; a bad value
 * stops start-up with one line naming the variable.
 */
const optionalUrl = z.url().optional();
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 (this machine only), or 0.0.0.0 on a public deployment. */
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must start with postgres://, sqlite: or file:')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  IMAGE_PROVIDER: z.enum(['local', 'openai', 'comfyui', 'replicate', 'stability']).default('local'),
  /** Unset: `test` on a laptop; on a public deployment start-up stops until it is set. */
  PAYMENT_PROVIDER: z.enum(['test', 'paypal']).optional(),
  PUBLIC_DEPLOYMENT: z.enum(['true', 'false', '1', '0']).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_API_URL: optionalUrl,
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: optionalUrl,
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Coloring Studio <no-reply@localhost>'),
  CONTACT_EMAIL: z.email().default('support@coloring.studio'),
  /** The seller's name on invoices. */
  SITE_NAME: z.string().trim().min(1).default('Coloring Studio'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_LIBRARY: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  /** How much lower than the server the engine's threads run (Linux nice, 0–19; issue 40). */
  ENGINE_NICE: z.coerce.number().int().min(0).max(19).default(10),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) context.addIssue({ code: 'custom', message: 'must be false, a hop count (1, 2…) or proxy addresses (10.0.0.2,172.16.0.0/12,loopback)' });
      return parsed ?? false;
    }),
});

const PROXY_ADDRESS_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Which X-Forwarded-For entries to believe (Fastify's trustProxy): false, a hop count, or the
 * proxies' addresses. `true` is 1 hop, never "every entry": the left-most entries are whatever the
 * client wrote (docs/decisions/023-trust-proxy-hops.md).
 */
function parseTrustProxy(value: string): false | number | string[] | null {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : null;
  const addresses = text.split(',').map((item) => item.trim());
  const valid = (item: string) => {
    if (PROXY_ADDRESS_NAMES.includes(item)) return true;
    const [address, bits, ...rest] = item.split('/');
    const kind = isIP(address);
    if (kind === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128));
  };
  return addresses.every(valid) ? addresses : null;
}

/** Variables an image provider reads (engine/src/providers/image-provider.ts), passed through as given. */
export const PROVIDER_VARIABLES = [
  'IMAGE_PROVIDER_TIMEOUT_MS', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_IMAGE_MODEL', 'OPENAI_TEXT_MODEL', 'COMFYUI_URL', 'COMFYUI_WORKFLOW',
  'REPLICATE_API_TOKEN', 'REPLICATE_MODEL', 'REPLICATE_BASE_URL', 'STABILITY_API_KEY', 'STABILITY_BASE_URL', 'STABILITY_MODEL',
] as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Where the server listens: HOST, else 127.0.0.1 on a private install and 0.0.0.0 on a public one. */
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string | null;
  s3: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean } | null;
  jwtSecret: string;
  imageProvider: 'local' | 'openai' | 'comfyui' | 'replicate' | 'stability';
  /** IMAGE_PROVIDER and its provider's variables, for the engine. */
  providerEnv: Record<string, string>;
  /** The nice value of the engine's threads: pages are drawn with the cores the server leaves. */
  engineNice: number;
  payment:
    | { provider: 'test' }
    | { provider: 'paypal'; clientId: string; clientSecret: string; mode: 'sandbox' | 'live'; webhookId: string | null; apiUrl: string | null };
  google: { clientId: string | null; jwksUrl: string };
  mail: { smtpUrl: string | null; from: string };
  contactEmail: string;
  siteName: string;
  /** Reachable by others: PUBLIC_URL names a host that is not this machine, HOST is not a loopback address, or PUBLIC_DEPLOYMENT=true (the Docker image). */
  publicDeployment: boolean;
  logLevel: string;
  /** X-Forwarded-For entries to believe: none, the nearest n hops, or those sent by these proxies. */
  trustProxy: false | number | string[];
  /** Bearer token that opens /metrics; null: /metrics answers 404. */
  metricsToken: string | null;
  /** Draw the demo library from content/library in the background when pages are missing. */
  seedLibrary: boolean;
  /** Requests per minute allowed on sensitive auth routes, per client address. */
  authRateLimit: { login: number; register: number; forgot: number; refresh: number; generate: number };
}

export class ConfigError extends Error {}

export const GOOGLE_JWKS_DEFAULT = 'https://www.googleapis.com/oauth2/v3/certs';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, emptyToUndefined(value)]));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.PAYMENT_PROVIDER === 'paypal' && (!e.PAYPAL_CLIENT_ID || !e.PAYPAL_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are required when PAYMENT_PROVIDER=paypal');
  }
  if (e.S3_BUCKET && !e.S3_REGION && !e.S3_ENDPOINT) {
    throw new ConfigError('Invalid configuration: S3_REGION or S3_ENDPOINT is required with S3_BUCKET');
  }
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  // Public when told so, else when others can reach it: by its URL, or by listening on more than
  // this machine (an explicit HOST=0.0.0.0 or a LAN address, whatever PUBLIC_URL says).
  const reachedFromOutside = !isLoopback(new URL(publicUrl).hostname) ? publicUrl : e.HOST && !isLoopback(e.HOST) ? `HOST ${e.HOST}` : null;
  const publicDeployment = e.PUBLIC_DEPLOYMENT ? e.PUBLIC_DEPLOYMENT === 'true' || e.PUBLIC_DEPLOYMENT === '1' : reachedFromOutside !== null;
  if (!e.PAYMENT_PROVIDER && publicDeployment) {
    throw new ConfigError(
      `Invalid configuration: PAYMENT_PROVIDER must be set on a public deployment (${reachedFromOutside ?? 'PUBLIC_DEPLOYMENT'}): paypal with its keys, or test to take test payments where no money moves`,
    );
  }
  // A private install (test payments by default) listens on this machine only.
  const host = e.HOST ?? (publicDeployment ? '0.0.0.0' : '127.0.0.1');
  return {
    env: e.NODE_ENV,
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'studio.db')}`,
    redisUrl: e.REDIS_URL ?? null,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // Self-hosted stores rarely have a DNS name per bucket: path style unless told otherwise.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
        }
      : null,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    imageProvider: e.IMAGE_PROVIDER,
    providerEnv: Object.fromEntries(
      [['IMAGE_PROVIDER', e.IMAGE_PROVIDER], ...PROVIDER_VARIABLES.map((key) => [key, cleaned[key]])].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
    engineNice: e.ENGINE_NICE,
    payment:
      e.PAYMENT_PROVIDER === 'paypal'
        ? {
            provider: 'paypal',
            clientId: e.PAYPAL_CLIENT_ID!,
            clientSecret: e.PAYPAL_CLIENT_SECRET!,
            mode: e.PAYPAL_MODE,
            webhookId: e.PAYPAL_WEBHOOK_ID ?? null,
            apiUrl: e.PAYPAL_API_URL ?? null,
          }
        : { provider: 'test' },
    google: { clientId: e.GOOGLE_CLIENT_ID ?? null, jwksUrl: e.GOOGLE_JWKS_URL ?? GOOGLE_JWKS_DEFAULT },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    contactEmail: e.CONTACT_EMAIL,
    siteName: e.SITE_NAME,
    publicDeployment,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN ?? null,
    seedLibrary: e.SEED_LIBRARY,
    authRateLimit: { login: 10, register: 10, forgot: 5, refresh: 60, generate: 30 },
  };
}

/** A host name or address (of PUBLIC_URL, or HOST) that only this machine reaches. */
export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === '[::1]' || hostname === '::1';
}

/** What a person starting the server must know about how it is set up, said at every start. */
export function deploymentNotices(config: Config): string[] {
  const notices: string[] = [];
  if (config.payment.provider === 'test') {
    notices.push('Payments are in test mode: no money moves (PAYMENT_PROVIDER=test); any card is accepted and plans are granted for free.');
  }
  if (config.publicDeployment && !config.mail.smtpUrl) {
    notices.push(`No SMTP_URL: password-reset mails are not sent, they go to the outbox folder ${path.join(config.dataDir, 'outbox')}.`);
  }
  return notices;
}

/** The signing key is generated once and kept in DATA_DIR so restarts keep sessions valid. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets', 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process started at the same moment and wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/** For entry points: the configuration, or one line naming the bad variable and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
