import { buildApp } from './app';
import { exposureWarning, parseConfig } from './config';
import { openDatabase } from './db/client';
import { rootCause } from './db/errors';
import { serverJobs, startJobs } from './jobs';
import { seedIfEmpty } from './seed/demo';
import { checkSecretsKey } from './domains/payments';
import { createLifecycle } from './domains/platform';
import { serveMetrics } from './http/metrics';

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
const lifecycle = createLifecycle();
const app = await buildApp({ config, database, lifecycle });
const jobs = serverJobs(app, database.db, { sms: !!config.smsUrl });
const stopJobs = startJobs(jobs, app.log, app.metrics?.jobs(jobs));
// Prometheus on a port of its own (METRICS_PORT), beside /s/metrics (METRICS_TOKEN)
const metricsServer =
  app.metrics && config.metrics?.port ? await serveMetrics(app.metrics, { port: config.metrics.port, host: config.metrics.host }) : null;

// The drain (DESIGN §11): readiness fails at once; requests keep being served for
// SHUTDOWN_DELAY_MS, time for a load balancer polling /s/api/health/ready to stop sending; then no
// new connections, in-flight requests finish, the database closes, and the process exits.
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  lifecycle.draining = true;
  app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'shutting down: not ready; serving until the delay ends');
  const force = setTimeout(() => process.exit(1), config.shutdownDelayMs + 15_000);
  force.unref();
  await Promise.all([stopJobs(), new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs))]);
  app.log.info('shutting down: no new connections; finishing in-flight requests');
  await app.close(); // stops accepting, waits for in-flight requests, runs onClose hooks
  metricsServer?.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// Loud on purpose: development mode reachable from other machines (the simulator marks orders paid).
const exposed = exposureWarning(config);
if (exposed) console.warn(exposed);
