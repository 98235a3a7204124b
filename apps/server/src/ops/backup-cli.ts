// `npm run backup [-- <folder>] [-- --media-list-only]`: a backup of the shop named by the
// configuration (DATABASE_URL or the embedded database in DATA_DIR; MEDIA_DIR; S3_*) into <folder>,
// else BACKUP_DIR, else ./backups/<time>. PostgreSQL is dumped live; the embedded database only
// with the shop stopped (ops/backup.ts says why). --media-list-only: S3 keys listed, objects not copied.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config';
import { backup, BackupRefused, describe } from './backup';

const { values, positionals } = parseArgs({ options: { 'media-list-only': { type: 'boolean', default: false } }, allowPositionals: true });
// npm runs a workspace's script in its folder: relative paths (DATA_DIR=./data, the backup folder)
// mean what they mean where the command was typed, as `npm start`'s do. Parsed again from there.
const typedIn = parseConfig().invokedFrom;
if (typedIn) process.chdir(typedIn);
const config = parseConfig();
const stamp = new Date()
  .toISOString()
  .replace(/:/g, '-')
  .replace(/\.\d+Z$/, 'Z');
const out = path.resolve(positionals[0] ?? config.backupDir ?? path.join('backups', stamp));
const started = Date.now();
try {
  const manifest = await backup(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir, mediaDir: config.mediaDir, s3: config.s3, pgBinDir: config.pgBinDir },
    out,
    { s3Objects: !values['media-list-only'] },
  );
  console.log(`Backed up to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${describe(manifest)}`);
} catch (e) {
  console.error(e instanceof BackupRefused ? `Backup refused: ${e.message}` : `Backup failed: ${(e as Error).message}`);
  process.exitCode = 1;
}
