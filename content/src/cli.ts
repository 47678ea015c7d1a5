import { loadConfig } from '@studio/server/config/config';
import { migrate, openDatabase } from '@studio/server/db/database';
import { createReportsRepository } from '@studio/server/modules/images/reports.repository';

const usage = `Usage: npm run content -- <command>

Commands:
  reports                          list images with open reports (3 reporters take an image offline)
  reports resolve <imageId> --keep    put the image back online and close its reports
  reports resolve <imageId> --remove  keep the image offline and close its reports

Uses the same configuration as the server (DATA_DIR, DATABASE_URL).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') {
    console.log(usage);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  const db = openDatabase({ url: config.databaseUrl });
  try {
    await migrate(db);
    if (command === 'reports') {
      const reports = createReportsRepository(db.kysely);
      if (rest[0] === 'resolve') {
        const imageId = rest[1];
        const decision = rest.includes('--keep') ? 'keep' : rest.includes('--remove') ? 'remove' : null;
        if (!imageId || !decision) {
          console.error('reports resolve needs an image id and --keep or --remove');
          return 2;
        }
        const closed = await reports.resolve(imageId, decision);
        console.log(`${closed} report(s) closed; image ${imageId} is ${decision === 'keep' ? 'online' : 'offline'}`);
        return 0;
      }
      const open = await reports.open();
      if (open.length === 0) console.log('No open reports.');
      for (const image of open) {
        console.log(`${image.imageId}  "${image.title}"  ${image.reports.length} report(s)  ${image.isOnline ? 'online' : 'OFFLINE'}`);
        for (const report of image.reports) console.log(`    ${report.createdAt}  ${report.userId}: ${report.content.replace(/\s+/g, ' ')}`);
      }
      return 0;
    }
    console.error(`Unknown command: ${command}\n\n${usage}`);
    return 2;
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
