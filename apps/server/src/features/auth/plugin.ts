import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recipientMailLimit } from '../../shared/rate-limit-store.ts';
import { Accounts } from './accounts.ts';
import { authRoutes } from './routes.ts';
import { SessionTokens } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

/** Accounts: sign-up, sign-in, sessions, one-time tokens by mail, Google. */
export const authFeature = fp(
  (app: FastifyInstance, _opts, done) => {
    const { settings } = app;
    app.decorate(
      'accounts',
      new Accounts({
        db: app.db,
        mailer: app.mailer,
        tokens: new SessionTokens(app.sessionSecret, settings.APP_URL),
        appUrl: settings.APP_URL,
        appName: settings.APP_NAME,
        sessionDays: settings.SESSION_DAYS,
        requireEmailVerification: settings.REQUIRE_EMAIL_VERIFICATION,
        mailLimit: recipientMailLimit(app.rateLimitCounter, app.log),
      }),
    );
    authRoutes(app);
    done();
  },
  { fastify: '5.x', name: 'auth', dependencies: ['database', 'mailer', 'rate-limits'] },
);
