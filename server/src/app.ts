import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { GoogleVerifier } from './adapters/google/google-verifier';
import type { Mailer } from './adapters/mail/mailer';
import type { Storage } from './adapters/storage/storage';
import type { Config } from './config/config';
import type { Db } from './db/database';
import { registerErrorHandling } from './http/error-handler';
import { filesRoutes } from './http/files.routes';
import { webAppRoutes } from './http/web-app';
import { createAccessTokens } from './lib/access-tokens';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { healthRoutes } from './modules/health/health.routes';
import { createUsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  google: GoogleVerifier | null;
  logger: Logger;
  /** Where the built web app lives; defaults to web/dist next to the server. */
  webDistDir?: string;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the app: outside plugins first, then our plugins, then routes (fastify/demo order). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, logger } = deps;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client', ...(config.payment.provider === 'paypal' ? ['https://www.paypal.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', 'https://*.paypalobjects.com'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/', ...(config.payment.provider === 'paypal' ? ['https://*.paypal.com'] : [])],
        frameSrc: ['https://accounts.google.com/gsi/', ...(config.payment.provider === 'paypal' ? ['https://*.paypal.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Google sign-in opens a popup that must be able to talk back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 15552000, includeSubDomains: false } : false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(ErrorCode.tooManyRequests),
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  registerErrorHandling(app);

  const kysely = db.kysely;
  const usersRepository = createUsersRepository(kysely);
  const authRepository = createAuthRepository(kysely);
  const auth = createAuthService({
    db: kysely,
    isUniqueViolation: db.isUniqueViolation,
    users: usersRepository,
    auth: authRepository,
    tokens: createAccessTokens(config.jwtSecret),
    mailer: deps.mailer,
    google: deps.google,
    publicUrl: config.publicUrl,
    logger,
  });
  const users = createUsersService({
    users: usersRepository,
    storage: deps.storage,
    publicUrl: config.publicUrl,
    revokeOtherSessions: auth.revokeOtherSessions,
  });

  await app.register(healthRoutes, {
    checks: [{ name: 'database', check: () => db.ping() }],
    clientConfig: {
      googleClientId: config.google.clientId,
      contactEmail: config.contactEmail,
      paymentProvider: config.payment.provider,
      paypalClientId: config.payment.provider === 'paypal' ? config.payment.clientId : null,
    },
  });
  await app.register(authRoutes, { auth, publicUrl: config.publicUrl, rateLimit: config.authRateLimit });
  await app.register(usersRoutes, { users, checkAccessToken: auth.checkAccessToken });
  await app.register(filesRoutes, { storage: deps.storage, publicKinds: ['avatars'] });
  await app.register(webAppRoutes, { distDir: deps.webDistDir ?? defaultWebDist });
  return app;
}
