import { buildApp } from './app';
import { exposureWarning, parseConfig } from './config';
import { openDatabase } from './db/client';
import { rootCause } from './db/errors';
import { serverJobs, startJobs } from './jobs';
import { seedIfEmpty } from './seed/demo';
import { checkSecretsKey } from './domains/payments/settings';

const config = parseConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  preparedStatements: config.preparedStatements,
}).catch((e: unknown) => {
  // One line an operator can act on, not a stack: where it tried (without the password) and why.
  const where = config.databaseUrl ? new URL(config.databaseUrl).host : config.dataDir;
  console.error(`Cannot open the database at ${where}: ${rootCause(e)}`);
  process.exit(1);
});
// The first start of an empty embedded database seeds the demo shop (PostgreSQL: `npm run seed`).
if (config.seed === 'auto' && database.kind === 'pglite') {
  const started = Date.now();
  if (await seedIfEmpty(database.db, { mediaDir: config.mediaDir })) console.log(`Seeded the demo shop in ${Date.now() - started} ms`);
}
const noKey = await checkSecretsKey(database.db, config);
if (noKey) {
  console.error(noKey);
  process.exit(1);
}
const app = await buildApp({ config, database });
const stopJobs = startJobs(serverJobs(app, database.db, { sms: !!config.smsUrl }), app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await stopJobs();
  await app.close(); // stops accepting, waits for in-flight requests, runs onClose hooks
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// Loud on purpose: development mode reachable from other machines (the simulator marks orders paid).
const exposed = exposureWarning(config);
if (exposed) console.warn(exposed);
