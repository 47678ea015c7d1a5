import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isAppError } from '@studio/contracts/errors';
import { createEnginePageMaker } from './adapters/engine/engine-page-maker';
import { createThreadedPageMaker } from './adapters/engine/engine-threads';
import type { PageMaker } from './adapters/engine/page-maker';
import type { VariantMaker } from './adapters/engine/variant-maker';
import type { Logger } from 'pino';
import { createGoogleVerifier } from './adapters/google/google-verifier';
import { createMailer } from './adapters/mail/mailer';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { createPayPalProvider, PAYPAL_API } from './adapters/payments/paypal-provider';
import { createTestPaymentProvider } from './adapters/payments/test-provider';
import { createBullQueue } from './adapters/queue/bullmq-queue';
import { createInProcessQueue } from './adapters/queue/job-queue';
import { createLocalStorage, type Storage } from './adapters/storage/storage';
import { availableParallelism } from 'node:os';
import type { AppDeps } from './app';
import { ConfigError, type Config } from './config/config';
import { createLogger } from './lib/logger';
import { migrate, openDatabase } from './db/database';
import { applyStorageMoves } from './modules/images/image-files';
import { createStorageMovesRepository } from './modules/images/storage-moves.repository';

/** The bucket when S3_BUCKET is set (checked at start, so a typo stops the process), else DATA_DIR/files. */
async function createStorage(config: Config): Promise<Storage> {
  if (!config.s3) return createLocalStorage(path.join(config.dataDir, 'files'));
  // Loaded only when used: the AWS SDK is large and most installs keep files on disk.
  const { createS3Storage } = await import('./adapters/storage/s3-storage');
  const storage = createS3Storage(config.s3);
  try {
    await storage.check();
  } catch (error) {
    throw new ConfigError(`S3 bucket "${config.s3.bucket}" cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  return storage;
}

/**
 * TEST ONLY: STUDIO_TEST_HOOKS='{"pageDelayMs":…,"staleAfterMs":…,"sweepEveryMs":…}' slows every page
 * down and shortens the stale-task timings, so a process test can kill the server while a task is
 * processing and watch the next start pick it up. Ignored unless NODE_ENV=test.
 */
interface TestHooks {
  pageDelayMs?: number;
  staleAfterMs?: number;
  sweepEveryMs?: number;
}

function testHooks(config: Config, env: NodeJS.ProcessEnv = process.env): TestHooks | null {
  if (config.env !== 'test' || !env.STUDIO_TEST_HOOKS) return null;
  const parsed = JSON.parse(env.STUDIO_TEST_HOOKS) as TestHooks;
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);
  return { pageDelayMs: number(parsed.pageDelayMs), staleAfterMs: number(parsed.staleAfterMs), sweepEveryMs: number(parsed.sweepEveryMs) };
}

function delayedPages(maker: PageMaker, delayMs: number): PageMaker {
  const wait = () => new Promise((resolve) => setTimeout(resolve, delayMs));
  return {
    ...maker,
    fromPrompt: async (request, progress) => {
      progress(10);
      await wait();
      return maker.fromPrompt(request, progress);
    },
    fromPhoto: async (request, progress) => {
      progress(10);
      await wait();
      return maker.fromPhoto(request, progress);
    },
  };
}

/** The real adapters for a configuration; tests build their own with fakes where needed. */
export async function createDeps(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<AppDeps> {
  const hooks = testHooks(config);
  if (hooks) logger.warn({ hooks }, 'STUDIO_TEST_HOOKS active (test only)');
  const maker = createPageMaker(config);
  const db = openDatabase({ url: config.databaseUrl });
  const applied = await migrate(db);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const storage = await createStorage(config);
  // Files a migration asked to move (originals to their private prefix), before anything serves them.
  const moved = await applyStorageMoves(createStorageMovesRepository(db.kysely), storage);
  if (moved > 0) logger.info({ moved }, 'stored files moved');
  return {
    config,
    db,
    logger,
    mailer: createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: path.join(config.dataDir, 'outbox'), logger }),
    storage,
    google: config.google.clientId ? createGoogleVerifier({ clientId: config.google.clientId, jwksUrl: config.google.jwksUrl }) : null,
    queue: config.redisUrl
      ? createBullQueue({ redisUrl: config.redisUrl, concurrency: availableParallelism() })
      : createInProcessQueue({ concurrency: availableParallelism() }),
    // With Redis, API processes only enqueue; `npm run worker` processes make the pages.
    runsWorker: !config.redisUrl,
    maker: hooks?.pageDelayMs ? delayedPages(maker, hooks.pageDelayMs) : maker,
    variants: maker,
    ...(hooks?.staleAfterMs || hooks?.sweepEveryMs ? { generationTimeouts: { staleAfterMs: hooks.staleAfterMs, sweepEveryMs: hooks.sweepEveryMs } } : {}),
    payments: createPaymentProvider(config, logger),
  };
}

export function createPaymentProvider(config: Config, logger: Logger): PaymentProvider {
  return config.payment.provider === 'paypal'
    ? createPayPalProvider({
        clientId: config.payment.clientId,
        clientSecret: config.payment.clientSecret,
        baseUrl: config.payment.apiUrl ?? PAYPAL_API[config.payment.mode],
        webhookId: config.payment.webhookId,
        logger,
        subscriptions: true,
      })
    : createTestPaymentProvider();
}

/**
 * The engine, on worker threads when running from the server bundle (engine-thread.js beside
 * it), in this thread otherwise (tests, `npm run dev`).
 */
export function createPageMaker(config: Config): PageMaker & VariantMaker {
  let inner: PageMaker & VariantMaker;
  try {
    inner = createEnginePageMaker({ providerConfig: config.providerEnv });
  } catch (error) {
    if (isAppError(error)) throw new ConfigError(`Invalid configuration: ${error.message}`);
    throw error;
  }
  const threadFile = fileURLToPath(new URL('./engine-thread.js', import.meta.url));
  if (!existsSync(threadFile)) return inner;
  return createThreadedPageMaker({
    inner,
    size: availableParallelism(),
    spawn: () => new Worker(threadFile, { workerData: { providerConfig: config.providerEnv, nice: config.engineNice } }),
  });
}

/** For entry points: the adapters, or one line naming the bad setting and exit 1. */
export async function createDepsOrExit(config: Config, logger: Logger): Promise<AppDeps> {
  try {
    return await createDeps(config, logger);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
