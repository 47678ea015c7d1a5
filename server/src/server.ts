import { buildApp } from './app';
import { isLoopback, loadConfigOrExit } from './config/config';
import { closeDataDir, keepNewFilesPrivate } from './config/private-data';
import { createDepsOrExit } from './create-deps';
import { createLogger } from './lib/logger';
import { contentDir, creditOlderPages, importContent, seedDemoLibrary } from './import-content';

// Only listens and shuts down; app.ts builds everything.
async function main(): Promise<void> {
  keepNewFilesPrivate();
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  for (const refused of closeDataDir(config)) logger.warn(`DATA_DIR stays readable by others: ${refused}`);
  const deps = await createDepsOrExit(config, logger);
  await importContent(deps, contentDir()).catch((error) => logger.error({ err: error }, 'importing content failed'));
  const app = await buildApp(deps);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await deps.mailer.close();
      await deps.db.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  logger.info(`Coloring Studio is ready at ${config.publicUrl}${isLoopback(config.host) ? ' (this machine only: HOST and PAYMENT_PROVIDER let others in)' : ''}`);
  void creditOlderPages(deps).catch((error) => logger.error({ err: error }, 'crediting older pages failed'));
  // Only our own composer's drawings are drawn again when it improves; a provider's are kept.
  if (config.seedLibrary) void seedDemoLibrary(deps, contentDir(), { redrawWithNewComposer: config.imageProvider === 'local' }).catch((error) => logger.error({ err: error }, 'seeding the demo library failed'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
