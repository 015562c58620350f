import http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { refuseUnstorableText, withoutCaps } from '@folio/core';
import type { ZodType } from 'zod';
import type { Database } from './db/client.ts';
import { accountDataFeature } from './features/account-data/plugin.ts';
import { redactUrl, withLogRedaction } from './features/auth/log-redaction.ts';
import { authFeature } from './features/auth/plugin.ts';
import { billingFeature } from './features/billing/plugin.ts';
import { contactFeature } from './features/contact/plugin.ts';
import type { SitesFastPath } from './features/hosting/host-routing.ts';
import { hostingApiFeature, hostingFeature } from './features/hosting/plugin.ts';
import { jobsFeature } from './features/jobs/plugin.ts';
import { metaFeature } from './features/meta/plugin.ts';
import { portfoliosFeature } from './features/portfolios/plugin.ts';
import { previewFeature } from './features/preview/plugin.ts';
import { publishingFeature } from './features/publishing/plugin.ts';
import type { TxtResolver } from './features/publishing/service.ts';
import { resumesFeature } from './features/resumes/plugin.ts';
import type { ResumeParser } from './features/resumes/service.ts';
import { templatesFeature } from './features/templates/plugin.ts';
import { uploadsFeature } from './features/uploads/plugin.ts';
import { authPlugin } from './plugins/auth.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { httpPlugin } from './plugins/http.ts';
import { jobQueuePlugin } from './plugins/job-queue.ts';
import { mailerPlugin } from './plugins/mailer.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { renderPoolPlugin } from './plugins/render-pool.ts';
import { schedulerPlugin } from './plugins/scheduler.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { defaultWebDist } from './paths.ts';
import type { Settings } from './settings.ts';

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

  await app.register(databasePlugin, { settings, database });
  await app.register(schedulerPlugin);
  await app.register(mailerPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(renderPoolPlugin);
  await app.register(jobQueuePlugin);
  await app.register(errorHandlerPlugin);
  // Published sites are answered before any other request hook (helmet, session lookup).
  await app.register(hostingFeature);
  sitesFastPath = app.siteHosting.fastPath;
  await app.register(httpPlugin);
  await app.register(authPlugin);

  // Each feature declares the features and plugins it uses (ADR 35); Fastify refuses to start
  // when one is registered before what it depends on.
  await app.register(metaFeature);
  await app.register(authFeature);
  await app.register(billingFeature);
  await app.register(jobsFeature);
  await app.register(portfoliosFeature);
  await app.register(publishingFeature, { dnsResolver: options.dnsResolver });
  await app.register(hostingApiFeature);
  await app.register(resumesFeature, { parser: options.parser });
  await app.register(templatesFeature);
  await app.register(previewFeature);
  await app.register(accountDataFeature);
  await app.register(contactFeature);
  await app.register(uploadsFeature);

  await app.register(webAppPlugin, {
    distDir: settings.WEB_DIST ?? defaultWebDist,
    appUrl: settings.APP_URL,
    appName: settings.APP_NAME,
    sitesDomain: settings.SITES_DOMAIN,
    supportEmail: settings.SUPPORT_EMAIL,
  });
  return app;
}
