import path from 'node:path';
import { createMailer } from './adapters/mail/mailer';
import { loadConfigOrExit } from './config/config';
import { closeDataDir, keepNewFilesPrivate } from './config/private-data';
import { createPaymentProvider } from './create-deps';
import { migrate, openDatabase } from './db/database';
import { createLogger } from './lib/logger';
import { createBillingJobs } from './modules/billing/billing-jobs';
import { createSubscriptions } from './modules/payments/subscriptions';

const USAGE = `npm run payments -- <command>
  renew-due [--at <ISO time>]  charge the renewals due, grant due credits, end lapsed plans (the server also runs this every minute)
                               --at moves the clock: only with PAYMENT_PROVIDER=test outside production
  setup                        PAYMENT_PROVIDER=paypal: find or create the PayPal product and one billing plan per plan code`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'renew-due' && command !== 'setup') {
    console.error(USAGE);
    return 2;
  }
  keepNewFilesPrivate();
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  for (const refused of closeDataDir(config)) logger.warn(`DATA_DIR stays readable by others: ${refused}`);
  const provider = createPaymentProvider(config, logger);
  if (command === 'setup') {
    if (!provider.setupPlans) {
      console.error('setup is for PAYMENT_PROVIDER=paypal; the test provider needs no set-up');
      return 2;
    }
    const plans = await provider.setupPlans();
    for (const [code, id] of Object.entries(plans)) console.log(`${code}\t${id}`);
    return 0;
  }
  const atIndex = rest.indexOf('--at');
  let now = new Date().toISOString();
  if (atIndex >= 0) {
    const at = rest[atIndex + 1] ?? '';
    if (config.payment.provider !== 'test' || config.env === 'production') {
      console.error('--at moves the billing clock and is refused here: only with PAYMENT_PROVIDER=test outside production');
      return 2;
    }
    if (Number.isNaN(Date.parse(at))) {
      console.error(`--at needs an ISO time, not "${at}"`);
      return 2;
    }
    now = new Date(at).toISOString();
  }
  const db = openDatabase({ url: config.databaseUrl });
  try {
    await migrate(db);
    const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: path.join(config.dataDir, 'outbox'), logger });
    const subscriptions = createSubscriptions({ db: db.kysely, provider, mailer, logger, publicUrl: config.publicUrl });
    const result = await createBillingJobs({ db: db.kysely, logger, subscriptions, isUniqueViolation: db.isUniqueViolation }).runDue(now);
    console.log(JSON.stringify({ now, ...result }));
    await mailer.close();
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
