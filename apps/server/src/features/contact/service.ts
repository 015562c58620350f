import { AppError, type ContactInput, type FormServiceCode } from '@folio/core';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { Mailer } from '../../shared/mailer.ts';
import { forwardToFormService } from './form-service.ts';

/** Codes about what the visitor typed: they can fix it, so they get a 400 with the message. */
const visitorCodes: FormServiceCode[] = [
  'EMPTY',
  'REQUIRED_FIELD_EMPTY',
  'REQUIRED_FIELD_MISSING',
  'TYPE_EMAIL',
  'TYPE_NUMERIC',
  'TYPE_TEXT',
  'BLOCKED',
];

export interface ContactOptions {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
  appName: string;
  formServiceUrl: string | undefined;
  log: FastifyBaseLogger;
}

/**
 * The public contact form (product.md, Other): every message is stored first (nothing lost), then
 * mailed to SUPPORT_EMAIL (real SMTP when configured, the local outbox otherwise) and forwarded
 * to the form service when one is configured.
 */
export class ContactService {
  constructor(private readonly opts: ContactOptions) {}

  async submit(input: ContactInput, meta: { ip: string }): Promise<void> {
    const { db, mailer, log } = this.opts;
    const [row] = await db
      .insert(contactMessages)
      .values({ portfolioId: null, ...input })
      .returning({ id: contactMessages.id });
    const id = row!.id;

    const problems: string[] = [];
    let delivered = false;

    try {
      await mailer.send({
        kind: 'contact',
        to: this.opts.supportEmail,
        replyTo: input.email,
        subject: `[${this.opts.appName} contact] ${input.subject}`,
        text: [
          `From: ${input.name} <${input.email}>`,
          `Subject: ${input.subject}`,
          `Message #${id}, sent from ${meta.ip}`,
          '',
          input.message,
        ].join('\n'),
      });
      // Outbox mode keeps a copy on disk; only real SMTP counts as delivered to a person.
      if (mailer.configured) delivered = true;
    } catch (err) {
      problems.push(`mail: ${(err as Error).message}`);
    }

    let refusal: AppError | null = null;
    if (this.opts.formServiceUrl) {
      const result = await forwardToFormService(this.opts.formServiceUrl, input);
      if (result.ok) delivered = true;
      else {
        problems.push(
          `form service: ${result.code ?? result.status ?? 'network'} ${result.message}`,
        );
        log.warn(
          { contactMessage: id, code: result.code, status: result.status },
          'form service refused a contact message',
        );
        refusal =
          result.code && visitorCodes.includes(result.code)
            ? new AppError('BAD_REQUEST', result.message)
            : new AppError('FORM_SERVICE', result.message);
      }
    }

    const status = delivered ? 'delivered' : problems.length ? 'failed' : 'stored';
    await db
      .update(contactMessages)
      .set({ status, error: problems.length ? problems.join('; ') : null })
      .where(eq(contactMessages.id, id));

    // Mailed to support already: the visitor's message has reached us, whatever the form service said.
    if (refusal && !delivered) throw refusal;
  }
}
