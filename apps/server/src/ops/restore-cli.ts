// `npm run restore -- <folder>`: restores a backup made by `npm run backup` into the database and
// media storage named by the configuration (DATABASE_URL or DATA_DIR; MEDIA_DIR; S3_*), which
// must be empty. Every file is checked against the manifest first; nothing is written on refusal.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config';
import { BackupRefused, describe, restore } from './backup';

const { positionals } = parseArgs({ allowPositionals: true });
if (!positionals[0]) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(2);
}
const typedIn = parseConfig().invokedFrom; // as backup-cli.ts
if (typedIn) process.chdir(typedIn);
const config = parseConfig();
const from = path.resolve(positionals[0]);
const started = Date.now();
try {
  const { manifest } = await restore(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir, mediaDir: config.mediaDir, s3: config.s3, pgBinDir: config.pgBinDir },
    from,
  );
  const where = config.databaseUrl ? new URL(config.databaseUrl).host + new URL(config.databaseUrl).pathname : config.dataDir;
  console.log(`Restored ${from} into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${describe(manifest)}`);
  console.log('Every table holds the rows the manifest counted. Start the shop: it applies any newer migrations.');
} catch (e) {
  console.error(e instanceof BackupRefused ? `Restore refused: ${e.message}` : `Restore failed: ${(e as Error).message}`);
  process.exitCode = 1;
}
