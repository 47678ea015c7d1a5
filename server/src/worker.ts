import { buildApp } from './app';
import { loadConfigOrExit } from './config/config';
import { closeDataDir, keepNewFilesPrivate } from './config/private-data';
import { createDepsOrExit } from './create-deps';
import { createLogger } from './lib/logger';

/**
 * `npm run worker`: a process that makes pages from the Redis queue (REDIS_URL). It builds the
 * same app as the API, so it shares every service, but never listens for HTTP.
 */
async function main(): Promise<void> {
  keepNewFilesPrivate();
  const config = loadConfigOrExit();
  if (!config.redisUrl) {
    console.error('npm run worker needs REDIS_URL: without it the API process makes pages itself.');
    process.exit(1);
  }
  const logger = createLogger(config.logLevel).child({ role: 'worker' });
  for (const refused of closeDataDir(config)) logger.warn(`DATA_DIR stays readable by others: ${refused}`);
  const deps = await createDepsOrExit(config, logger);
  const app = await buildApp({ ...deps, runsWorker: true });
  await app.ready();
  logger.info('generation worker is taking tasks');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'worker shutting down after its running tasks');
    const timer = setTimeout(() => process.exit(1), 130_000);
    timer.unref();
    await app.close();
    await deps.db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
