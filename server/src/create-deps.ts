import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createGoogleVerifier } from './adapters/google/google-verifier';
import { createMailer } from './adapters/mail/mailer';
import { createLocalStorage } from './adapters/storage/storage';
import type { AppDeps } from './app';
import type { Config } from './config/config';
import { migrate, openDatabase } from './db/database';

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.refreshToken', '*.token'], remove: true },
  });
}

/** The real adapters for a configuration; tests build their own with fakes where needed. */
export async function createDeps(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<AppDeps> {
  const db = openDatabase({ url: config.databaseUrl });
  const applied = await migrate(db);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  return {
    config,
    db,
    logger,
    mailer: createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: path.join(config.dataDir, 'outbox'), logger }),
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
    google: config.google.clientId ? createGoogleVerifier({ clientId: config.google.clientId, jwksUrl: config.google.jwksUrl }) : null,
  };
}
