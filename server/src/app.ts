import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { MembershipLevel } from '@studio/contracts/constants';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { PageMaker } from './adapters/engine/page-maker';
import type { VariantMaker } from './adapters/engine/variant-maker';
import { engineColourByNumber } from './adapters/engine/engine-variant-maker';
import { writeInvoicePdf } from './adapters/engine/invoice-writer';
import type { PromptImprover } from '@studio/engine/prompt/improve-prompt';
import type { GoogleVerifier } from './adapters/google/google-verifier';
import type { Mailer } from './adapters/mail/mailer';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import type { JobQueue } from './adapters/queue/job-queue';
import type { Storage } from './adapters/storage/storage';
import { deploymentNotices, type Config } from './config/config';
import type { Db } from './db/database';
import { registerErrorHandling } from './http/error-handler';
import { refuseNulCharacters } from './http/refuse-nul';
import { filesRoutes } from './http/files.routes';
import { createMetrics, registerMetrics } from './http/metrics';
import { guardMetrics } from './http/metrics-access';
import { fastifyTrustProxy } from './http/trust-proxy';
import { createPageMeta } from './http/seo/page-meta';
import { createSeoData } from './http/seo/seo-data';
import { sitemapRoutes } from './http/seo/sitemap.routes';
import { createServerRenderer } from './http/server-render';
import { webAppRoutes } from './http/web-app';
import { createAccessTokens } from './lib/access-tokens';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { findBlockedTerm } from '@studio/engine/filter/content-filter';
import { bucketOrigin } from './adapters/storage/bucket-origin';
import { createExamplesRepository } from './modules/library/examples.repository';
import { createLibraryRepository } from './modules/library/library.repository';
import { libraryRoutes } from './modules/library/library.routes';
import { createLibraryService } from './modules/library/library.service';
import { createCatalogueVersionReader, createImagesVersionReader } from './modules/library/images-version';
import { createBlogVersionReader } from './modules/blog/blog.repository';
import { blogRoutes } from './modules/blog/blog.routes';
import { createBillingJobs } from './modules/billing/billing-jobs';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { createInvoices } from './modules/payments/invoices';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createSubscriptions } from './modules/payments/subscriptions';
import { createGenerationRepository } from './modules/generation/generation.repository';
import { generationRoutes } from './modules/generation/generation.routes';
import { createGenerationService } from './modules/generation/generation.service';
import { createPromptsService } from './modules/prompts/prompts.service';
import { promptsRoutes } from './modules/prompts/prompts.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createColouringsRepository } from './modules/colourings/colourings.repository';
import { colouringsRoutes } from './modules/colourings/colourings.routes';
import { createColouringsService } from './modules/colourings/colourings.service';
import { createFileUrls } from './modules/images/image-files';
import { createImagesRepository } from './modules/images/images.repository';
import { imagesRoutes } from './modules/images/images.routes';
import { createImagesService } from './modules/images/images.service';
import { createNumbersVariants } from './modules/images/colour-by-number';
import { createVariantsRepository } from './modules/images/variants.repository';
import { createPacksRepository } from './modules/packs/packs.repository';
import { packsRoutes } from './modules/packs/packs.routes';
import { createPacksService } from './modules/packs/packs.service';
import { createAccountRepository } from './modules/users/account.repository';
import { accountRoutes } from './modules/users/account.routes';
import { createAccountService } from './modules/users/account.service';
import { createStorageDeletionsRepository } from './modules/images/storage-deletions.repository';
import { createStoredFileSweep } from './modules/images/stored-file-deletions';
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
  queue: JobQueue;
  /** Null until an engine is available: generation then answers 4008 (model unavailable). */
  maker: PageMaker | null;
  /** Variants of existing pages (colour by number); defaults to the engine in this thread. */
  variants?: VariantMaker | null;
  payments: PaymentProvider;
  /** Whether this process runs generation tasks (false for API-only processes when scaled out). */
  runsWorker?: boolean;
  generationTimeouts?: { processTimeoutMs?: number; staleAfterMs?: number; sweepEveryMs?: number };
  /** "Improve with AI"; defaults to the configured text model, else the offline enhancer. */
  improver?: () => Promise<PromptImprover>;
  /** Where the built web app lives; defaults to web/dist next to the server. */
  webDistDir?: string;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the app: outside plugins first, then our plugins, then routes (fastify/demo order). */
declare module 'fastify' {
  interface FastifyInstance {
    generation: ReturnType<typeof createGenerationService>;
    billing: ReturnType<typeof createBillingJobs>;
    /** Removes stored files whose removal is listed but not done (decision 051). */
    fileSweep: ReturnType<typeof createStoredFileSweep>;
  }
}

async function defaultImprover(config: Config): Promise<PromptImprover> {
  const [{ createPromptImprover }, { buildSubjectIndex }, { loadSubjectLibrary }] = await Promise.all([
    import('@studio/engine/prompt/improve-prompt'),
    import('@studio/engine/prompt/understand-prompt'),
    import('@studio/engine/subjects/subject-library'),
  ]);
  return createPromptImprover(config.providerEnv, buildSubjectIndex((await loadSubjectLibrary()).subjects));
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, logger } = deps;
  for (const notice of deploymentNotices(config)) logger.warn(notice);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // PayPal's JS SDK (checkout only, PAYMENT_PROVIDER=paypal) loads its parts from these hosts
  // (developer.paypal.com/sdk/js/best-practices); nothing of PayPal's is allowed otherwise.
  const paypalHosts = config.payment.provider === 'paypal' ? ['https://*.paypal.com', 'https://*.paypalobjects.com'] : [];
  // An owner's photo in S3 is shown (and, for "Recreate", fetched) straight from the bucket.
  const bucketHosts = config.s3 ? [bucketOrigin(config.s3)] : [];
  // One helmet middleware for the life of the process (@fastify/helmet builds a new one, parsing
  // the whole policy again, for every request: a tenth of a cached search's cost in bench:api).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client', ...paypalHosts],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        // File URLs are absolute on PUBLIC_URL: a visitor who reached the site by another name
        // (127.0.0.1 instead of localhost, a LAN address) still sees the pictures.
        imgSrc: ["'self'", new URL(config.publicUrl).origin, 'data:', 'blob:', 'https://*.googleusercontent.com', ...paypalHosts, ...bucketHosts],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/', ...paypalHosts, ...bucketHosts],
        frameSrc: ['https://accounts.google.com/gsi/', ...paypalHosts],
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
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // With several API processes the counts live in Redis, so a limit holds across all of them.
  const limiterRedis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  limiterRedis?.on('error', () => undefined);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(ErrorCode.tooManyRequests),
    ...(limiterRedis ? { redis: limiterRedis, nameSpace: 'studio-rate-limit:', skipOnError: true } : {}),
  });
  if (limiterRedis) app.addHook('onClose', async () => void limiterRedis.disconnect());
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  registerErrorHandling(app);
  refuseNulCharacters(app);

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
    isUniqueViolation: db.isUniqueViolation,
    passwordChanged: auth.passwordChanged,
  });

  const urls = createFileUrls({ publicUrl: config.publicUrl, secret: config.jwtSecret });
  const imagesRepository = createImagesRepository(kysely, db.textSearch);
  const variants = createNumbersVariants({
    storage: deps.storage,
    maker: deps.variants ?? { colourByNumber: engineColourByNumber },
    photoFit: createVariantsRepository(kysely).photoFit,
  });
  const colourings = createColouringsService({ colourings: createColouringsRepository(kysely), images: imagesRepository, storage: deps.storage, urls });
  const passesContentFilter = (text: string) => findBlockedTerm(text) === null;
  const images = createImagesService({
    images: imagesRepository,
    storage: deps.storage,
    urls,
    variants,
    isUniqueViolation: db.isUniqueViolation,
    beforeDelete: colourings.removeForImage,
    afterMadePrivate: colourings.removeOthersForImage,
    membershipOf: async (userId) => (await usersRepository.findById(userId))?.membership_level as MembershipLevel | undefined,
    passesContentFilter,
  });
  const metrics = createMetrics();
  const generation = createGenerationService({
    db: kysely,
    onTaskFinished: metrics.observeTask,
    onRefund: metrics.countRefund,
    tasks: createGenerationRepository(kysely),
    images: imagesRepository,
    users: usersRepository,
    storage: deps.storage,
    queue: deps.queue,
    maker: deps.maker,
    urls,
    logger,
    passesContentFilter,
    ...deps.generationTimeouts,
  });
  app.decorate('generation', generation);
  const subscriptions = createSubscriptions({ db: kysely, provider: deps.payments, mailer: deps.mailer, logger, publicUrl: config.publicUrl });
  const payments = createPaymentsService({
    db: kysely,
    payments: createPaymentsRepository(kysely),
    provider: deps.payments,
    subscriptions,
    isUniqueViolation: db.isUniqueViolation,
    logger,
  });
  const invoices = createInvoices({ payments: createPaymentsRepository(kysely), siteName: config.siteName, contactEmail: config.contactEmail, writeInvoice: writeInvoicePdf });
  const billing = createBillingJobs({ db: kysely, logger, subscriptions, isUniqueViolation: db.isUniqueViolation });
  app.decorate('billing', billing);
  const storageDeletions = createStorageDeletionsRepository(kysely);
  const fileSweep = createStoredFileSweep({ deletions: storageDeletions, storage: deps.storage, logger });
  app.decorate('fileSweep', fileSweep);
  const account = createAccountService({
    accounts: createAccountRepository(kysely, storageDeletions),
    users: usersRepository,
    deletions: storageDeletions,
    storage: deps.storage,
    provider: deps.payments,
    google: deps.google,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    contactEmail: config.contactEmail,
    logger,
  });

  // Every process sweeps stale tasks and runs the billing calendar (both are safe to run twice);
  // only worker processes take tasks off the queue.
  let sweep: NodeJS.Timeout | undefined;
  let billingTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (deps.runsWorker !== false) deps.queue.start(generation.processTask);
    await generation.recoverStaleTasks().catch((error) => logger.error({ err: error }, 'task sweep failed'));
    sweep = setInterval(() => {
      generation.recoverStaleTasks().catch((error) => logger.error({ err: error }, 'task sweep failed'));
    }, deps.generationTimeouts?.sweepEveryMs ?? 15_000);
    sweep.unref();
    billingTimer = setInterval(() => {
      billing.runDue().catch((error) => logger.error({ err: error }, 'billing jobs failed'));
      fileSweep.run().catch((error) => logger.error({ err: error }, 'stored file sweep failed'));
    }, 60_000);
    billingTimer.unref();
    await billing.runDue().catch((error) => logger.error({ err: error }, 'billing jobs failed'));
    // Files of deleted accounts whose removal a stopped process left undone.
    await fileSweep.run().catch((error) => logger.error({ err: error }, 'stored file sweep failed'));
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(billingTimer);
    await deps.queue.close();
  });

  guardMetrics(app, config.metricsToken);
  registerMetrics(app, metrics, [
    { name: 'generation_queue_local', help: 'Tasks waiting or running in this process.', read: async () => deps.queue.pending() },
    {
      name: 'generation_tasks',
      help: 'Generation tasks by status.',
      read: async () => {
        const rows = await kysely.selectFrom('generation_tasks').select(['status', kysely.fn.countAll<number>().as('n')]).groupBy('status').execute();
        return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
      },
    },
    {
      name: 'credits_booked',
      help: 'Credits booked in the ledger by reason (granted: positive, spent: negative), all processes.',
      label: 'reason',
      read: async () => {
        const rows = await kysely.selectFrom('credit_ledger').select(['reason', kysely.fn.sum<number>('delta').as('total')]).groupBy('reason').execute();
        return Object.fromEntries(rows.map((row) => [row.reason, Number(row.total)]));
      },
    },
  ]);

  await app.register(healthRoutes, {
    checks: [
      { name: 'database', check: () => db.ping() },
      { name: 'queue', check: () => deps.queue.check() },
      { name: 'storage', check: () => deps.storage.check() },
    ],
    clientConfig: {
      googleClientId: config.google.clientId,
      contactEmail: config.contactEmail,
      paymentProvider: config.payment.provider,
      paypalClientId: config.payment.provider === 'paypal' ? config.payment.clientId : null,
    },
  });
  await app.register(authRoutes, { auth, publicUrl: config.publicUrl, rateLimit: config.authRateLimit });
  await app.register(usersRoutes, { users, checkAccessToken: auth.checkAccessToken });
  await app.register(accountRoutes, { account, checkAccessToken: auth.checkAccessToken });
  const blogVersion = createBlogVersionReader(kysely);
  await app.register(blogRoutes, { db: kysely, publicUrl: config.publicUrl, blogVersion });
  const libraryRepository = createLibraryRepository(kysely, db.textSearch);
  const library = createLibraryService({ library: libraryRepository, examples: createExamplesRepository(kysely), urls });
  const imagesVersion = createImagesVersionReader(db);
  const catalogueVersion = createCatalogueVersionReader(db);
  const packs = createPacksService({
    images: imagesRepository,
    library: libraryRepository,
    packs: createPacksRepository(kysely),
    storage: deps.storage,
    onBookletFailed: (error) => logger.warn({ err: error }, 'booklet stopped before its end'),
  });
  await app.register(libraryRoutes, { library, imagesVersion, catalogueVersion });
  await app.register(imagesRoutes, { images, checkAccessToken: auth.checkAccessToken, namedDownload: packs.namedDownload, readerPdf: packs.readerPdf });
  await app.register(colouringsRoutes, { colourings, checkAccessToken: auth.checkAccessToken, perMinute: config.authRateLimit.generate });
  await app.register(packsRoutes, { packs, checkAccessToken: auth.checkAccessToken });
  await app.register(generationRoutes, { generation, checkAccessToken: auth.checkAccessToken, perMinute: config.authRateLimit.generate });
  await app.register(promptsRoutes, {
    prompts: createPromptsService({ maker: deps.maker, improver: deps.improver ?? (() => defaultImprover(config)) }),
    checkAccessToken: auth.checkAccessToken,
    perMinute: config.authRateLimit.generate,
  });
  await app.register(paymentsRoutes, { payments, invoices, checkAccessToken: auth.checkAccessToken, providerName: deps.payments.name });
  await app.register(filesRoutes, { storage: deps.storage, publicKinds: ['avatars', 'blog'] });
  await app.register(sitemapRoutes, { db: kysely, publicUrl: config.publicUrl });
  const webDistDir = deps.webDistDir ?? defaultWebDist;
  await app.register(webAppRoutes, {
    distDir: webDistDir,
    renderPage: createServerRenderer({ distDir: webDistDir, library, log: app.log }),
    // The blog's pages read the posts; every other page reads the catalogue at most (a category,
    // one page), which members' new pages leave alone (images-version.ts).
    pageVersion: (pathname) => (/^(\/(zh|ja))?\/blog(\/|$)/.test(pathname) ? blogVersion() : catalogueVersion()),
    metaFor: createPageMeta({ publicUrl: config.publicUrl, data: createSeoData({ db: kysely, urls, publicUrl: config.publicUrl }) }),
  });
  return app;
}
