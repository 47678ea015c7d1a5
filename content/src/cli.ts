import { loadConfig } from '@studio/server/config/config';
import { closeDataDir, keepNewFilesPrivate } from '@studio/server/config/private-data';
import { migrate, openDatabase } from '@studio/server/db/database';
import path from 'node:path';
import { createLocalStorage } from '@studio/server/adapters/storage/storage';
import { createReportsRepository } from '@studio/server/modules/images/reports.repository';
import { createExamplesRepository } from '@studio/server/modules/library/examples.repository';
import { importBlogPosts } from '@studio/server/modules/blog/blog-import';
import { exportCategory, importFolder } from './library-folder';

const usage = `Usage: npm run content -- <command>

Commands:
  import <folder>                  import a category and its pages (category.json, <id>.json with
                                   <id>.svg or <id>.png, optional <id>.color.png); safe to repeat
  export <category-slug> <folder>  write a category and its pages out in the same format
  blog <folder>                    import blog posts (<slug>/<lang>.md with front matter, featured
                                   image beside them); unchanged posts are skipped
  reports                          list images with open reports, and public pages the content
                                   filter held back (reports from 3 established accounts take a
                                   member's page offline; library pages and examples never)
  reports resolve <imageId> --keep    put the image back online and close its reports
  reports resolve <imageId> --remove  keep the image offline and close its reports
  examples list                    the generator's chosen examples per tab (until a tab has one,
                                   the demo library's best pages stand in)
  examples add <imageId> [--tab text2image|image2image]
                                   offer a public page as an example (default tab: text2image)
  examples remove <imageId>        stop offering it

Uses the same configuration as the server (DATA_DIR, DATABASE_URL).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') {
    console.log(usage);
    return command ? 0 : 1;
  }
  keepNewFilesPrivate();
  const config = loadConfig();
  for (const refused of closeDataDir(config)) console.warn(`DATA_DIR stays readable by others: ${refused}`);
  const db = openDatabase({ url: config.databaseUrl });
  try {
    await migrate(db);
    const storage = createLocalStorage(path.join(config.dataDir, 'files'));
    if (command === 'import') {
      if (!rest[0]) {
        console.error('import needs a folder');
        return 2;
      }
      const result = await importFolder({ db: db.kysely, storage, log: (line) => console.log(line) }, path.resolve(rest[0]));
      console.log(`${result.imported} page(s) imported, ${result.warnings} with checker warnings; running servers pick them up at once`);
      return 0;
    }
    if (command === 'blog') {
      if (!rest[0]) {
        console.error('blog needs a folder');
        return 2;
      }
      const result = await importBlogPosts(db.kysely, path.resolve(rest[0]), storage);
      console.log(`${result.imported} post(s) imported, ${result.unchanged} unchanged`);
      return 0;
    }
    if (command === 'export') {
      if (!rest[0] || !rest[1]) {
        console.error('export needs a category slug and a folder');
        return 2;
      }
      console.log(`${await exportCategory({ db: db.kysely, storage }, rest[0], path.resolve(rest[1]))} page(s) written to ${rest[1]}`);
      return 0;
    }
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
        const held = image.held === 'filter' ? '  held by the content filter' : image.held === 'reports' ? '  held by reports' : '';
        console.log(`${image.imageId}  "${image.title}"  ${image.reports.length} report(s)  ${image.isOnline ? 'online' : 'OFFLINE'}${held}`);
        for (const report of image.reports) console.log(`    ${report.createdAt}  ${report.userId}: ${report.content.replace(/\s+/g, ' ')}`);
      }
      return 0;
    }
    if (command === 'examples') {
      const examples = createExamplesRepository(db.kysely);
      const [action, imageId] = rest;
      if (action === 'add' || action === 'remove') {
        if (!imageId) {
          console.error(`examples ${action} needs an image id`);
          return 2;
        }
        if (action === 'remove') {
          console.log((await examples.remove(imageId)) ? `${imageId} is no longer an example` : `${imageId} was not an example`);
          return 0;
        }
        const tabAt = rest.indexOf('--tab');
        const tab = tabAt >= 0 ? rest[tabAt + 1] : 'text2image';
        if (tab !== 'text2image' && tab !== 'image2image') {
          console.error('--tab is text2image or image2image');
          return 2;
        }
        if (!(await examples.add(imageId, tab))) {
          console.error(`${imageId} is not a public, online page`);
          return 2;
        }
        console.log(`${imageId} added to the examples`);
        return 0;
      }
      if (action && action !== 'list') {
        console.error(`Unknown examples command: ${action}\n\n${usage}`);
        return 2;
      }
      const chosen = await examples.list();
      for (const tab of ['text2image', 'image2image'] as const) {
        const rows = chosen.filter((row) => row.tab === tab);
        if (rows.length === 0) {
          const standIns = await examples.forTab(tab);
          console.log(`${tab}: none chosen; the library's best pages stand in: ${standIns.map((row) => row.id).join(', ') || '(none yet)'}`);
          continue;
        }
        console.log(`${tab}:`);
        for (const row of rows) console.log(`    ${row.imageId}  "${row.title}"${row.visible ? '' : '  (not shown: private or offline)'}`);
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
