import { chmodSync, statSync } from 'node:fs';
import path from 'node:path';
import { sqliteFile } from '../db/database';

/**
 * DATA_DIR holds live reset links (outbox), original photos (files), the signing key (secrets)
 * and the SQLite database: none of it is for other users of the machine. Entry points call
 * keepNewFilesPrivate() first and closeDataDir() once the configuration is read.
 */
export function keepNewFilesPrivate(): void {
  // Files 0600 and folders 0700, whatever a library asks for (sharp, SQLite, nodemailer…).
  process.umask(0o077);
}

/**
 * An install from before: DATA_DIR and its folders become 0700 (which also closes every file
 * inside them to others), the SQLite file and its -wal/-shm 0600. Answers what could not be
 * changed (a folder owned by another user), for a warning: the server still starts.
 */
export function closeDataDir(config: { dataDir: string; databaseUrl: string }): string[] {
  const folders = [config.dataDir, ...['secrets', 'outbox', 'files'].map((name) => path.join(config.dataDir, name))];
  const database = sqliteFile(config.databaseUrl);
  const files = database ? [database, `${database}-wal`, `${database}-shm`] : [];
  const refused: string[] = [];
  const restrict = (target: string, mode: number) => {
    try {
      chmodSync(target, mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') refused.push(`${target}: ${(error as Error).message}`);
    }
  };
  // A shared folder such as /tmp (sticky bit) as DATA_DIR itself is left as it is: only our folders inside it close.
  if (isShared(config.dataDir)) refused.push(`${config.dataDir}: a shared folder (sticky bit), left as it is`);
  for (const folder of isShared(config.dataDir) ? folders.slice(1) : folders) restrict(folder, 0o700);
  for (const file of files) restrict(file, 0o600);
  return refused;
}

function isShared(folder: string): boolean {
  try {
    return (statSync(folder).mode & 0o1000) !== 0;
  } catch {
    return false;
  }
}
