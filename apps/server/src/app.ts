import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { refuseUnstorableText, withoutCaps } from '@folio/core';
import type { ZodType } from 'zod';
import type { Database, Db } from './db/client.ts';
import { serverSecrets } from './db/schema.ts';
import { Accounts } from './features/auth/accounts.ts';
import { authRoutes } from './features/auth/routes.ts';
import { redactUrl, withLogRedaction } from './features/auth/log-redaction.ts';
import { accountDataRoutes } from './features/account-data/routes.ts';
import { SessionTokens } from './features/auth/tokens.ts';
import { PayPalClient } from './features/billing/paypal-client.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { Billing } from './features/billing/service.ts';
import { planRenewalJob } from './features/jobs/plan-renewals.ts';
import { scheduleJobs } from './features/jobs/scheduler.ts';
import { BlobStore } from './shared/blob-store.ts';
import { RenderPool } from './shared/render-pool.node.ts';
import { createMailer, type Mailer } from './shared/mailer.ts';
import {
  databaseCounter,
  databaseRateLimitStore,
  memoryCounter,
  RATE_LIMIT_IPV6_PREFIX,
  recipientMailLimit,
  redisCounter,
  sweepRateLimits,
} from './shared/rate-limit-store.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { metaRoutes } from './features/meta/routes.ts';
import { portfolioRoutes } from './features/portfolios/routes.ts';
import { createHosting, type SitesHook } from './features/hosting/index.ts';
import type { SitesFastPath } from './features/hosting/host-routing.ts';
import { hostingRoutes } from './features/hosting/routes.ts';
import { publishingRoutes } from './features/publishing/routes.ts';
import { Publishing, type TxtResolver } from './features/publishing/service.ts';
import { JobQueue } from './shared/job-queue.ts';
import dns from 'node:dns/promises';
import { Portfolios } from './features/portfolios/service.ts';
import { resumeParser } from './features/resumes/parser.ts';
import { resumeRoutes } from './features/resumes/routes.ts';
import { templateRoutes } from './features/templates/routes.ts';
import { PreviewTokens } from './features/preview/preview-tokens.ts';
import { previewRoutes } from './features/preview/routes.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { uploadCleanupJob } from './features/uploads/cleanup-job.ts';
import { legacyImagesJob } from './features/uploads/legacy-images.ts';
import { PARSE_HEARTBEAT_MS, Resumes, type ResumeParser } from './features/resumes/service.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { defaultWebDist } from './paths.ts';
import type { Settings } from './settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    settings: Settings;
    db: Db;
    databaseKind: Database['kind'];
    accounts: Accounts;
    blobs: BlobStore;
    billing: Billing;
    mailer: Mailer;
    portfolios: Portfolios;
    publishing: Publishing;
    /** Drop a published site from the cache (e.g. after deleting an account). */
    sites: SitesHook;
    jobQueue: JobQueue;
    previewTokens: PreviewTokens;
    /** Builds pages (previews, publishes) in worker threads. */
    renderPool: RenderPool;
    resumes: Resumes;
  }
}

/** A comma-separated setting as a list (empty items dropped). */
const listOf = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The session signing key: JWT_SECRET, else one generated once and kept in the database, so that
 * every server process on the same database signs and checks sessions alike.
 */
async function sessionSecret(settings: Settings, db: Db): Promise<string> {
  if (settings.JWT_SECRET) return settings.JWT_SECRET;
  await db
    .insert(serverSecrets)
    .values({ name: 'session', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'session'));
  if (!row) throw new Error('session secret missing after insert');
  return row.value;
}

/**
 * Where rate-limit counters live: Redis when REDIS_URL is set, else the database when it is
 * PostgreSQL (several processes may share it), else this process's memory (PGlite: one process).
 * The plugin's options, and a counter in the same place for limits that are not per request.
 */
function rateLimitStore(app: FastifyInstance, settings: Settings, database: Database) {
  if (settings.REDIS_URL) {
    const redis = new Redis(settings.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error (rate limits)'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    const nameSpace = 'folio-rate-limit:';
    return { plugin: { redis, nameSpace }, counter: redisCounter(redis, nameSpace) };
  }
  if (database.kind === 'postgres') {
    return {
      plugin: { store: databaseRateLimitStore(database.db) },
      counter: databaseCounter(database.db),
    };
  }
  return { plugin: {}, counter: memoryCounter() };
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Replaces the document parser (tests of the upload flow's own logic). */
  parser?: ResumeParser;
  /** Answers the own-domain TXT lookups (tests use a fake). */
  dnsResolver?: TxtResolver;
}

export async function buildApp(
  settings: Settings,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Published sites' cached pages are answered before Fastify (hosting's fast path, ADR 0009).
  let sitesFastPath: SitesFastPath = () => false;
  const app = Fastify({
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        // Nothing that runs before Fastify may throw out of the request: that would end the
        // process. A throw answers 500 (or closes the socket if an answer had begun) and is logged.
        try {
          if (!sitesFastPath(req, res)) handler(req, res);
        } catch (err) {
          app.log.error({ err, url: redactUrl(req.url ?? '') }, 'request failed before routing');
          if (res.headersSent) res.destroy();
          else {
            res.writeHead(500, {
              'content-type': 'text/plain; charset=utf-8',
              connection: 'close',
            });
            res.end('Internal server error');
          }
        }
      });
      server.keepAliveTimeout = 72_000; // Fastify's default, which it sets only on its own server
      return server;
    },
    // Whatever the logger, token values in URLs and credential headers are never written.
    logger: withLogRedaction(
      options.logger ?? {
        level: settings.LOG_LEVEL,
        // Readable lines for a person at a terminal; JSON lines for log collectors.
        ...(process.stdout.isTTY
          ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
          : {}),
      },
    ),
    bodyLimit: 8 * 1024 * 1024, // a 5 MB file, base64-encoded, in a JSON body
    trustProxy: settings.TRUST_PROXY, // not `true`: a client could forge its address (rate limits)
  });
  // Every route's input, whatever its schema: text PostgreSQL cannot store (NUL, lone
  // surrogates) is refused with 400 before the schema runs, never a database error (500).
  app.setValidatorCompiler(({ schema, ...route }) =>
    validatorCompiler({ ...route, schema: refuseUnstorableText(schema as ZodType) }),
  );
  // Responses show what is stored: the size caps of packages/core are a rule on writes, so the
  // response schemas check shapes but not lengths (content saved before the caps stays readable).
  const serializeAsStored: typeof serializerCompiler = (route) => {
    const serialize = serializerCompiler(route);
    return (data) => withoutCaps(() => serialize(data));
  };
  app.setSerializerCompiler(serializeAsStored);

  const mailer = createMailer({
    smtpUrl: settings.SMTP_URL,
    from: settings.MAIL_FROM,
    outboxDir: path.join(settings.DATA_DIR, 'outbox'),
    db: database.db,
    log: app.log,
  });
  app.decorate('settings', settings);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('mailer', mailer);
  app.decorate('blobs', new BlobStore(database.db));
  const secret = await sessionSecret(settings, database.db);
  const rateLimits = rateLimitStore(app, settings, database);
  app.decorate(
    'accounts',
    new Accounts({
      db: database.db,
      mailer,
      tokens: new SessionTokens(secret, settings.APP_URL),
      appUrl: settings.APP_URL,
      appName: settings.APP_NAME,
      sessionDays: settings.SESSION_DAYS,
      requireEmailVerification: settings.REQUIRE_EMAIL_VERIFICATION,
      mailLimit: recipientMailLimit(rateLimits.counter, app.log),
    }),
  );

  const parser = resumeParser(settings);
  // a listening server has its first parser process ready before the first upload (inject-only
  // tests never listen, and start none)
  app.addHook('onListen', (done) => {
    parser.warm();
    done();
  });
  app.addHook('onClose', () => parser.close());
  app.decorate('portfolios', new Portfolios(database.db));
  const renderPool = new RenderPool();
  app.decorate('renderPool', renderPool);
  app.addHook('onClose', () => renderPool.close());
  const jobQueue = new JobQueue({
    db: database.db,
    log: app.log,
    leaseMs: settings.JOB_LEASE_SECONDS * 1000,
    pollMs: settings.JOB_POLL_MS,
  });
  app.decorate('jobQueue', jobQueue);
  const hosting = createHosting(app, {
    revalidateMs: settings.SITE_CACHE_SECONDS * 1000,
    databaseUrl: database.kind === 'postgres' ? settings.DATABASE_URL : undefined,
  });
  app.decorate('sites', hosting.hook);
  app.decorate(
    'publishing',
    new Publishing({
      db: database.db,
      queue: jobQueue,
      log: app.log,
      sitesDomain: settings.SITES_DOMAIN,
      appUrl: settings.APP_URL,
      appName: settings.APP_NAME,
      resolver: options.dnsResolver ?? dns,
      pointTo: {
        host: settings.SITES_HOST ?? new URL(settings.APP_URL).hostname,
        ipv4: listOf(settings.SITES_IPV4),
        ipv6: listOf(settings.SITES_IPV6),
      },
      invalidate: hosting.hook.invalidate,
      render: (content, options) => renderPool.render(content, options),
    }),
  );
  app.addHook('onReady', (done) => {
    jobQueue.start();
    done();
  });
  app.addHook('onClose', async () => jobQueue.stop());
  app.decorate('previewTokens', new PreviewTokens(secret, settings.APP_URL));
  app.decorate(
    'resumes',
    new Resumes(
      database.db,
      options.parser ?? parser.parse,
      parser.detect,
      database.kind === 'pglite',
    ),
  );

  app.decorate(
    'billing',
    new Billing({
      db: database.db,
      paypal:
        settings.PAYPAL_CLIENT_ID && settings.PAYPAL_CLIENT_SECRET
          ? new PayPalClient({
              baseUrl: settings.PAYPAL_API_BASE,
              clientId: settings.PAYPAL_CLIENT_ID,
              clientSecret: settings.PAYPAL_CLIENT_SECRET,
              timeoutMs: settings.PAYPAL_TIMEOUT_MS,
            })
          : null,
      webhookId: settings.PAYPAL_WEBHOOK_ID ?? null,
      salePercent: settings.SALE_PERCENT,
      saleEndsAt: settings.SALE_ENDS_AT,
      appName: settings.APP_NAME,
      log: app.log,
    }),
  );
  scheduleJobs(app, [
    planRenewalJob(database.db, settings.PLAN_JOB_MINUTES),
    hosting.expiryJob(settings.HOSTING_JOB_MINUTES),
    uploadCleanupJob(database.db),
    // Images stored inline in content saved before uploads were files move to uploads, once.
    legacyImagesJob(database.db, app.blobs),
    {
      // Finished background jobs are kept a week for inspection, then removed.
      name: 'job-sweep',
      everyMs: 6 * 3_600_000,
      run: (now) => jobQueue.sweep(new Date(now.getTime() - 7 * 86_400_000)),
    },
    // Parses cut off by a crash (credit taken, row left "parsing"): refunded as soon as no live
    // process owns them (their heartbeat stopped; on the embedded database, any from before start-up).
    {
      name: 'parse-recovery',
      everyMs: PARSE_HEARTBEAT_MS,
      run: () => app.resumes.recoverInterrupted(),
    },
    // PayPal captures left pending (eCheck) or unanswered (timeout, 5xx): re-read until settled;
    // recent completed payments re-read once a day for refunds and reversals missed by webhooks.
    { name: 'paypal-reconcile', everyMs: 5 * 60_000, run: () => app.billing.reconcile() },
    ...(database.kind === 'postgres'
      ? [
          {
            name: 'rate-limit-sweep',
            everyMs: 15 * 60_000,
            run: () => sweepRateLimits(database.db),
          },
        ]
      : []),
  ]);

  await app.register(errorHandlerPlugin);
  // Published sites are answered before any other request hook (helmet, session lookup).
  await hosting.register(app);
  sitesFastPath = hosting.fastPath;
  // A custom PayPal SDK (PAYPAL_SDK_URL, e.g. the local stand-in) must be allowed to load and call home.
  const paypalSdkOrigin = settings.PAYPAL_SDK_URL ? [new URL(settings.PAYPAL_SDK_URL).origin] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          'https://accounts.google.com',
          'https://*.paypal.com',
          ...paypalSdkOrigin,
        ],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: [
          "'self'",
          'https://accounts.google.com',
          'https://*.paypal.com',
          ...paypalSdkOrigin,
        ],
        frameSrc: [
          "'self'",
          'https://accounts.google.com',
          'https://*.paypal.com',
          ...paypalSdkOrigin,
        ],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyRateLimit, {
    global: false,
    ipv6Subnet: RATE_LIMIT_IPV6_PREFIX,
    ...rateLimits.plugin,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${settings.APP_NAME} API`, version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin);

  await app.register((api, _opts, done) => {
    metaRoutes(api);
    authRoutes(api);
    billingRoutes(api);
    portfolioRoutes(api);
    publishingRoutes(api);
    hostingRoutes(api, hosting.views, hosting.cache);
    resumeRoutes(api);
    templateRoutes(api);
    previewRoutes(api);
    accountDataRoutes(api);
    contactRoutes(api);
    void api.register(uploadRoutes);
    done();
  });

  await app.register(webAppPlugin, {
    distDir: settings.WEB_DIST ?? defaultWebDist,
    appUrl: settings.APP_URL,
    appName: settings.APP_NAME,
    sitesDomain: settings.SITES_DOMAIN,
  });
  return app;
}
