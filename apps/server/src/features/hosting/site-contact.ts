/**
 * A site's contact form (POST `/contact` on a site's address): the message is validated, limited
 * per visitor and site, stored, and mailed to the owner after the answer when the owner's address
 * is verified.
 */
import { contactFormMessages, contactInputSchema, refuseUnstorableText } from '@folio/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contactMessages, portfolios, users } from '../../db/schema.ts';
import { rateLimitClient } from '../../shared/rate-limit-store.ts';
import { contactResultPage, sendPage, type PageContext } from './pages.ts';
import type { LiveSite } from './site-cache.ts';

const CONTACT_BODY_LIMIT = 32 * 1024;
/** Per visitor address and site: at most this many messages per window. */
const CONTACT_LIMIT = 5;
const CONTACT_WINDOW_MS = 10 * 60_000;

async function readForm(request: FastifyRequest): Promise<Record<string, string>> {
  const type = request.headers['content-type'] ?? '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > CONTACT_BODY_LIMIT) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  if (type.includes('application/json')) return JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(raw));
}

/** The contact form handler of the sites served by `app`. */
export function siteContact(app: FastifyInstance, ctx: PageContext) {
  /**
   * Site contact messages per visitor address (IPv6 by /64) and site, counted in the API's
   * rate-limit store (plugins/rate-limits.ts: Redis, else PostgreSQL, else this process's memory), so every
   * process counts the same messages. Made at the first message: @fastify/rate-limit is
   * registered after the host-routing hook.
   */
  const contactSite = new WeakMap<FastifyRequest, number>();
  let contactLimiter: ReturnType<FastifyInstance['createRateLimit']> | null = null;
  async function contactAllowed(request: FastifyRequest, portfolioId: number) {
    contactLimiter ??= app.createRateLimit({
      max: CONTACT_LIMIT,
      timeWindow: CONTACT_WINDOW_MS,
      keyGenerator: (req) =>
        `site-contact:${contactSite.get(req)}:${rateLimitClient(req.ip ?? '')}`,
    });
    contactSite.set(request, portfolioId);
    const limit = await contactLimiter(request);
    return limit.isAllowed || !limit.isExceeded;
  }

  return async function contact(
    request: FastifyRequest,
    reply: FastifyReply,
    site: LiveSite,
    base: string,
  ) {
    const wantsJson = (request.headers.accept ?? '').includes('application/json');
    const back = `${base}/`;
    const answer = (status: number, ok: boolean, message: string) =>
      wantsJson
        ? reply.status(status).header('cache-control', 'no-store').send({ message, success: ok })
        : sendPage(reply, status, contactResultPage(ctx, ok, message, back));
    let form: Record<string, string>;
    try {
      form = await readForm(request);
    } catch {
      return answer(400, false, 'The message could not be read. Please try again.');
    }
    const parsed = refuseUnstorableText(contactInputSchema).safeParse(form);
    if (!parsed.success)
      return answer(400, false, parsed.error.issues[0]?.message ?? 'Invalid form');
    if (!(await contactAllowed(request, site.portfolioId))) {
      return answer(429, false, 'Too many messages. Please wait a few minutes and try again.');
    }
    const input = parsed.data;
    const [stored] = await app.db
      .insert(contactMessages)
      .values({ portfolioId: site.portfolioId, ...input })
      .returning({ id: contactMessages.id });
    // Mail the owner after answering: the message is already stored, nothing is lost. Only to
    // an address the owner has proven (verified): anyone can register with someone else's
    // address, and the form would then mail that person for any visitor. An unverified owner
    // reads the message in the app (it stays `stored`).
    void (async () => {
      const [owner] = await app.db
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt, name: portfolios.name })
        .from(portfolios)
        .innerJoin(users, eq(users.id, portfolios.userId))
        .where(eq(portfolios.id, site.portfolioId));
      if (!owner?.verifiedAt) return;
      try {
        await app.mailer.send({
          to: owner.email,
          replyTo: input.email,
          kind: 'site-contact',
          subject: `[${owner.name}] ${input.subject}`,
          text: `${input.name} <${input.email}> wrote through the contact form of your portfolio "${owner.name}" (${site.label}):\n\n${input.message}\n`,
        });
        await app.db
          .update(contactMessages)
          .set({ status: 'delivered' })
          .where(eq(contactMessages.id, stored!.id));
      } catch (err) {
        app.log.warn({ err, message: stored!.id }, 'site contact mail failed');
        await app.db
          .update(contactMessages)
          .set({ status: 'failed', error: String(err) })
          .where(eq(contactMessages.id, stored!.id))
          .catch(() => {});
      }
    })().catch((err: unknown) => app.log.error({ err }, 'site contact follow-up failed'));
    return answer(200, true, contactFormMessages.sent);
  };
}
