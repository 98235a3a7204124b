import compress from '@fastify/compress';
import { contentRoutes } from './domains/content';
import { addressRoutes } from './domains/addresses';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { DestinationStream } from 'pino';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config';
import type { Database } from './db/client';
import {
  catalogueAnswers,
  catalogueContext,
  catalogueContextNow,
  catalogueRoutes,
  packNamed,
  packNamesSubquery,
} from './domains/catalogue';
// Staff routes that would close a circle through their domain's index (catalogue → wishlist → cart
// → catalogue; website and content → cart; translations → content): known crossings until those
// domains are modules made by app.ts
import { catalogueAdminRoutes } from './domains/catalogue/admin-routes';
import { catalogueEditAdminRoutes } from './domains/catalogue/edit-admin-routes';
import { catalogueCsvRoutes } from './domains/catalogue/csv-routes';
import { contentAdminRoutes } from './domains/content/admin-routes';
import { translationAdminRoutes } from './domains/translations/admin-routes';
import { websiteAdminRoutes } from './domains/website/admin-routes';
import { websiteBosRoutes } from './domains/website/bos-routes';
import { savedProductIds, savedProductIdsNow, wishlistRoutes } from './domains/wishlist';
import { platformRoutes, createLifecycle, healthRoutes, type Lifecycle } from './domains/platform';
import { websiteRoutes } from './domains/website/routes';
import { frontLanguages, requestLanguage } from './domains/website';
import { cartRoutes } from './domains/cart';
import { accountRoutes } from './domains/account';
import { devOutboxRoutes, EventStream, Outbox, outboxBacklog, pushAdminRoutes } from './domains/outbox';
import { gatewaySimRoutes } from './domains/gateway-sim';
import { createWhatsappChannel, whatsappAdminRoutes, whatsappSimRoutes, whatsappWebhookRoutes } from './domains/whatsapp';
import { supportAdminRoutes, supportRoutes } from './domains/support';
import { restockRoutes } from './domains/restock';
import { paymentRoutes } from './domains/payments/routes';
import { Payments, paymentCounts } from './domains/payments';
import { createWallet } from './domains/wallet/index';
import { createSubscriptions } from './domains/subscriptions/index';
import { agentsAdminRoutes, myCustomer } from './domains/agents';
import { createDeliveryTrips } from './domains/delivery-trips';
import { mediaAdminRoutes, mediaStorage, registerMedia } from './domains/media';
import { fontAdminRoutes, registerShell, registerStaffShell } from './domains/shell';
import { registerSeoRoutes } from './domains/website/seo-routes';
import { registerErrorHandling } from './http/errors';
import { isStaffCall } from './http/staff-permissions';
import { createFrontCache } from './http/front-cache';
import { loggerOptions } from './http/logging';
import { createMetrics } from './http/metrics';
import { requestPipeline, requestSessions } from './http/pipeline';
import type { Resolve } from './http/outbound';
import { createWebsiteResolver } from './http/website';
import { staffScope } from './http/staff';
import { reviewRoutes, reviewsAdminRoutes } from './domains/reviews';
import { paymentAdminRoutes } from './domains/payments/admin-routes';
import { analyticsAdminRoutes, registerBrgest } from './domains/analytics';
import { errorsAdminRoutes, registerErrorTunnel, serverErrorReporter, createErrorIntake } from './domains/errors';
import { auditActor, auditAdminRoutes, recordAudit } from './domains/audit';
import { customerAdminRoutes, identityAdminRoutes, identityRoutes, usersByIds } from './domains/identity';
import { couponsAdminRoutes } from './domains/coupons';
import { promotionsAdminRoutes } from './domains/promotions';
import { priceListsAdminRoutes } from './domains/price-lists';
import { deliveryAdminRoutes, deliveryRoutes } from './domains/delivery';
import { posAdminRoutes } from './domains/pos';
import { reportsAdminRoutes } from './domains/reports';
import { viewsAdminRoutes } from './domains/views';
import { createInventory } from './domains/inventory';
import {
  committedUnits,
  giveWalletPartsBackWith,
  orderAdminRoutes,
  orderCounts,
  orderDraftRoutes,
  orderNotifications,
  orderRoutes,
  ordersSummary,
  orderStaffEditRoutes,
} from './domains/orders';

const DOCUMENT_ONLY_OFF = {
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xXssProtection: false,
} as const;

/** A request's id: the caller's `X-Request-Id` when it is short enough, else a new UUID. */
const requestId = (req: IncomingMessage) => {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && given.length <= 100 ? given : randomUUID();
};

/** The nth hop from this server is the client (what Fastify does for a number, typed as a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface AppDeps {
  config: Config;
  database: Database;
  /** how the outgoing-URL guard resolves names (http/outbound.ts); the system's resolver unless a test stubs it */
  resolveHost?: Resolve;
  /** draining on SIGTERM (main.ts): readiness answers 503 from then on */
  lifecycle?: Lifecycle;
  /** where the log goes (stdout unless a test reads it) */
  logStream?: DestinationStream;
}

/** Builds the whole server without listening: every plugin and domain in one readable list. */
export async function buildApp({ config, database, resolveHost, lifecycle = createLifecycle(), logStream }: AppDeps) {
  // Shared catalogue answers kept by address, served before anything else runs (front-cache.ts):
  // over HTTP from the server's own request event, before Fastify sees the request.
  const frontCache = createFrontCache();
  const app = Fastify({
    // JSON lines with the request id, personal data and secrets redacted (http/logging.ts)
    logger: loggerOptions(config, logStream),
    genReqId: requestId,
    // Closing (SIGTERM, after the drain delay): no new connections; a request already on an open
    // connection is still served (with Connection: close) rather than refused with 503, which a
    // client or proxy may not retry; idle keep-alive connections are closed as they go idle.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Off unless TRUST_PROXY names the proxies: req.ip keys the per-client rate limits.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1_048_576,
    // the server Fastify would make (its timeouts), its requests offered to the front cache first
    serverFactory: (handler, opts) => {
      const server = http.createServer((req, res) => frontCache.answerRaw(req, res) || handler(req, res));
      server.keepAliveTimeout = Number(opts.keepAliveTimeout);
      server.requestTimeout = Number(opts.requestTimeout);
      server.setTimeout(Number(opts.connectionTimeout));
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
  // Prometheus metrics (METRICS_TOKEN, METRICS_PORT): every route registered from here on is measured.
  const metrics = config.metrics
    ? createMetrics({ database, frontCache, log: app.log, stats: { orderCounts, paymentCounts, outboxBacklog } })
    : undefined;
  metrics?.instrument(app, { token: config.metrics?.token });
  app.addHook('onClose', async () => metrics?.close());
  // Unhandled errors go to Sentry (SENTRY_DSN) or the first-party error inbox, with the request id.
  // The inbox is written in the background from a bounded queue, drained (or dropped) at close.
  const errorIntake = createErrorIntake(database.db, { capacity: config.errorQueueSize, log: app.log });
  app.addHook('onClose', async () => errorIntake.close());
  const reportServerError = serverErrorReporter(errorIntake, config, app.log);
  // The catalogue's error messages in a shopper's language (issue 46); staff calls and the rest stay English.
  registerErrorHandling(app, reportServerError, async (req) =>
    req.url.startsWith('/s/api/') && !isStaffCall(req.url) && req.website ? requestLanguage(database.db, req) : null,
  );

  const websites = createWebsiteResolver(database.db, { production: config.production });
  app.decorate('frontCache', frontCache);
  const sessionOf = requestSessions(database.db, config);
  if (config.catalogueCache)
    frontCache.register(
      app,
      websites,
      {
        context: (req, reply) => {
          // before @fastify/cookie's own hook: the session reads its cookie
          req.cookies ??= app.parseCookie(req.headers.cookie ?? '');
          req.session = sessionOf(req, reply);
          return catalogueContext(database.db, req);
        },
        contextNow: catalogueContextNow,
        saved: (websiteId, userId) => savedProductIds(database.db, websiteId, userId),
        savedNow: savedProductIdsNow,
        language: frontLanguages(database.db),
      },
      { requestId, log: app.log, logRequests: ['info', 'debug', 'trace'].includes(config.logLevel), meter: metrics?.front },
    );

  // HTML pages and JSON answers compressed for browsers that ask (brotli at a fast level, or
  // gzip); built assets are served pre-compressed by the shell.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  // JSON answers are never documents: helmet's headers that only a document reads (the opener
  // policy, the origin-keyed agent cluster, DNS prefetch of its links, IE's download and XSS
  // options) are left off them; each header costs every response (issue 20, goal 4). They keep
  // what protects an answer: nosniff, frame options, the resource policy, the referrer policy, HSTS.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/s/api/') && route.helmet === undefined) route.helmet = DOCUMENT_ONLY_OFF;
  });
  // The Content-Security-Policy is written per page by the shell (its inline scripts' hashes, the
  // website's own extra script hosts); JSON answers run nothing. HSTS only where TLS is certain.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.production ? { maxAge: 31_536_000 } : false,
  });
  // Images and fonts may be loaded from another origin (CDN_URL, another of the shop's domains):
  // helmet's same-origin resource policy would block every one of them.
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/media/') || req.url.startsWith('/fonts/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  await app.register(requestPipeline, { db: database.db, config, websites });
  // The OpenAPI document, generated from the routes' zod schemas, at GET /s/api/docs.
  await app.register(swagger, {
    openapi: { info: { title: 'Grocer storefront API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  // Failed deliveries are retried, and old ones purged, by the jobs main.ts starts (jobs.ts).
  const outbox = new Outbox(database.db, config, app.log);
  app.addHook('onClose', async () => outbox.close());
  const signIn = { db: database.db, config, outbox };
  // The order event stream's consumers (docs/orders.md), run by the jobs main.ts starts.
  const events = new EventStream(database.db, app.log, { notifications: orderNotifications({ outbox, config }) });

  // This server's own address, for the payment simulator's API and webhooks (PUBLIC_URL, else
  // the port it listens on).
  const selfUrl = () => {
    if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
    const a = app.server.address();
    return `http://127.0.0.1:${a && typeof a === 'object' ? a.port : config.port}`;
  };
  // WhatsApp order updates (issue 46 §6): hinted SMS go on WhatsApp when the website has it on.
  createWhatsappChannel({ db: database.db, config, log: app.log, selfUrl, outbox });
  // The customer's money (issue 44): its top-ups' gateway orders reach it through the payments webhooks.
  const wallet = createWallet({ db: database.db, config, log: app.log, selfUrl });
  // Daily essentials on subscription (issue 44 §4-6): nightly orders paid from the wallet.
  const subscriptions = createSubscriptions({ db: database.db, wallet, messages: outbox });
  // A split order's wallet part goes back to the wallet when the order is released (issue 44).
  giveWalletPartsBackWith(wallet.returnOrderPayment);
  // A wallet-paid order's refunds go back to the wallet (issue 44).
  const payments = new Payments({
    db: database.db,
    config,
    outbox,
    log: app.log,
    selfUrl,
    foreign: wallet.payable,
    wallet: wallet.returnOrderPayment,
    // an order on khata goes back to the khata; a gateway refund to the wallet at the shopper's choice (issue 44 §2, §5)
    khata: wallet.returnKhataPayment,
    toWallet: wallet.refundOrderToWallet,
  });
  // The modules (issue 41 §1), each made from the database and the interfaces of what it uses.
  const inventory = createInventory({ db: database.db, recordAudit, auditActor, packNamed, packNamesSubquery, usersByIds, committedUnits });
  // Media originals: the local folder, or S3-compatible storage when S3_BUCKET is set.
  const storage = mediaStorage(config);
  // Own delivery (issue 45): trips, riders, the shopper's delivery code, the door photos (in the media store).
  const trips = createDeliveryTrips({ db: database.db, outbox, secret: config.sessionSecret, sms: !!config.smsUrl, storage });
  // The catalogue's shared answers, for its API and the server-rendered pages alike (CATALOGUE_CACHE).
  const answers = catalogueAnswers(database.db, { enabled: config.catalogueCache, productCache: config.productCache });
  app.addHook('onClose', async () => storage.close?.());

  await app.register(
    async (api) => {
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      await api.register(platformRoutes, { database, config });
      await api.register(healthRoutes, { database, lifecycle });
      await api.register(websiteRoutes, { db: database.db, cache: config.catalogueCache, secure: config.production });
      await api.register(catalogueRoutes, { db: database.db, answers });
      await api.register(reviewRoutes, { db: database.db });
      await api.register(contentRoutes, { db: database.db, answers });
      await api.register(deliveryRoutes, { db: database.db });
      await api.register(cartRoutes, { db: database.db });
      await api.register(wishlistRoutes, { db: database.db });
      await api.register(identityRoutes, signIn);
      await api.register(accountRoutes, { ...signIn, ordersSummary });
      await api.register(addressRoutes, { db: database.db });
      // The staff calls of the domains made from the database (the agents' and the till's with the outbox), in one guarded scope
      await api.register(
        staffScope([
          catalogueAdminRoutes,
          catalogueEditAdminRoutes,
          auditAdminRoutes,
          websiteAdminRoutes,
          websiteBosRoutes,
          identityAdminRoutes,
          posAdminRoutes,
          couponsAdminRoutes,
          promotionsAdminRoutes,
          priceListsAdminRoutes,
          deliveryAdminRoutes,
          agentsAdminRoutes,
          supportAdminRoutes,
          reportsAdminRoutes({ lowStockPacks: inventory.lowStockPacks }),
          catalogueCsvRoutes,
          contentAdminRoutes,
          viewsAdminRoutes,
          translationAdminRoutes,
          fontAdminRoutes,
        ]),
        { db: database.db, outbox },
      );
      await api.register(staffScope([inventory.staffRoutes]), { db: database.db });
      await api.register(
        staffScope([
          orderAdminRoutes({ payments, outbox, config }),
          orderStaffEditRoutes({ payments, outbox, config }),
          orderDraftRoutes({ payments, outbox }),
          paymentAdminRoutes({ config, selfUrl }),
          customerAdminRoutes,
          pushAdminRoutes({ production: config.production }),
          whatsappAdminRoutes({ config }),
        ]),
        { db: database.db },
      );
      const media = { storage, mediaDir: config.mediaDir, maxBytes: config.mediaMaxBytes };
      await api.register(staffScope([mediaAdminRoutes(media)]), { db: database.db });
      await api.register(staffScope([analyticsAdminRoutes(config, resolveHost), errorsAdminRoutes]), { db: database.db });
      await api.register(staffScope([reviewsAdminRoutes]), { db: database.db });
      if (!config.production) await api.register(devOutboxRoutes, { outbox, events });
      await api.register(orderRoutes, {
        db: database.db,
        payments,
        deliveryCodeOf: trips.deliveryCodeOf,
        wallet: wallet.checkout,
      });
      await api.register(trips.trackingRoutes, { db: database.db });
      await api.register(supportRoutes, { db: database.db });
      await api.register(restockRoutes, { db: database.db });
      await api.register(paymentRoutes, { db: database.db, payments });
      await api.register(whatsappWebhookRoutes, { db: database.db, config, outbox });
      await api.register(wallet.routes, wallet.routeOptions);
      await api.register(staffScope([wallet.staffRoutes]), { db: database.db });
      await api.register(subscriptions.routes, subscriptions.routeOptions);
      await api.register(staffScope([subscriptions.staffRoutes]), subscriptions.staffOptions);
      // a sales agent manages their customers' subscriptions (only their own customers': the agents module says which)
      await api.register(staffScope([subscriptions.agentRoutes]), subscriptions.agentOptions(myCustomer));
      await api.register(staffScope([trips.dispatchRoutes, trips.riderRoutes, trips.positionRoutes, trips.handoverRoutes]), {
        db: database.db,
      });
    },
    { prefix: '/s/api' },
  );

  // posthog-js's api_host and the error SDK's tunnel: same-origin, outside /s/api's CSRF scope.
  await registerBrgest(app, { db: database.db, config, resolve: resolveHost });
  await registerErrorTunnel(app, { db: database.db, config, intake: errorIntake });
  if (config.gatewaySimulator) await app.register(gatewaySimRoutes, { selfUrl });
  if (config.gatewaySimulator) await app.register(whatsappSimRoutes);
  await registerMedia(app, { mediaDir: config.mediaDir, storage });
  await registerSeoRoutes(app, { db: database.db });
  await registerStaffShell(app, { config, db: database.db });
  await registerShell(app, { config, db: database.db, answers });
  return Object.assign(app, { payments, wallet, subscriptions, outbox, events, errorIntake, metrics });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
