import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../shared/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Mail: through SMTP_URL, else written to DATA_DIR/outbox. */
export const mailerPlugin = fp(
  (app: FastifyInstance, _opts, done) => {
    const { settings } = app;
    app.decorate(
      'mailer',
      createMailer({
        smtpUrl: settings.SMTP_URL,
        from: settings.MAIL_FROM,
        outboxDir: path.join(settings.DATA_DIR, 'outbox'),
        db: app.db,
        log: app.log,
      }),
    );
    done();
  },
  { fastify: '5.x', name: 'mailer', dependencies: ['database'] },
);
