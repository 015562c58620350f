/**
 * Publishing and unpublishing: a publish request marks the site "publishing" and queues the
 * publish job, which builds the page and flips the live pointer in one transaction; unpublishing
 * takes the site down and drops queued publishes.
 */
import {
  AppError,
  canUseCustomSubdomain,
  canUseTemplate,
  effectivePlan,
  hostingExpiry,
  hostingStart,
  publishMessages,
  templateIdSchema,
  type SiteState,
} from '@folio/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors.ts';
import {
  jobs,
  portfolios,
  siteVersions,
  sites,
  users,
  type PortfolioRow,
  type SiteRow,
  type UserRow,
} from '../../db/schema.ts';
import type { JobContext, JobTx } from '../../shared/job-queue.ts';
import { labelOf, owned, siteOf, SITES_CHANNEL, type PublishingOptions } from './context.ts';
import { buildPage, pageInputs, type Page } from './pages.ts';
import { stateOf } from './site-state.ts';

export const PUBLISH_JOB = 'publish-site';
/** Versions kept per site besides the live one (for inspection; only the pointer is served). */
const KEEP_OLD_VERSIONS = 4;

export interface PublishPayload {
  portfolioId: number;
}

/** Registers the publish job with the queue (once per `Publishing`). */
export function registerPublishJob(opts: PublishingOptions) {
  opts.queue.register<PublishPayload, Page | undefined>(PUBLISH_JOB, {
    prepare: (payload) => preparePublish(opts, payload),
    run: (payload, ctx) => runPublish(opts, payload, ctx),
    onFailed: (payload, error) => markFailed(opts, payload.portfolioId, error),
  });
}

/**
 * Starts publishing (product.md, States: asynchronous): marks the site "publishing" and queues a job, in one
 * transaction. The live version, if any, stays online until the job flips the pointer.
 */
export async function publish(
  opts: PublishingOptions,
  user: UserRow,
  id: number,
): Promise<SiteState> {
  const plan = effectivePlan(user);
  const state = await opts.db.transaction(async (tx) => {
    const portfolio = await owned(tx, user.id, id, true);
    const label = labelOf(portfolio);
    const template = templateIdSchema.safeParse(portfolio.template);
    if (!label || !template.success || !portfolio.content) {
      throw new AppError('VALIDATION', publishMessages.notReady);
    }
    if (!canUseTemplate(plan, template.data)) throw new AppError('PREMIUM_TEMPLATE');
    const existing = await siteOf(tx, id);
    // A custom subdomain kept from a paid plan stays usable where the site is already live
    // (kept, not taken away); a new one needs the plan. Clearing it is always allowed.
    if (
      portfolio.customDomain &&
      !canUseCustomSubdomain(plan) &&
      existing?.label !== portfolio.customDomain
    ) {
      throw new AppError('PLAN_LIMIT', publishMessages.customSubdomainLapsed, {
        field: 'customDomain',
      });
    }
    // The account's hosting period, not this portfolio's (a recreated portfolio inherits it).
    const expires = hostingExpiry(
      user,
      hostingStart(user.firstPublishedAt, existing?.firstPublishedAt),
    );
    if (expires && expires.getTime() <= Date.now()) {
      throw new AppError('PLAN_LIMIT', publishMessages.hostingExpired);
    }
    const [site] = await tx
      .insert(sites)
      .values({ portfolioId: id, userId: user.id, status: 'publishing' })
      .onConflictDoUpdate({
        target: sites.portfolioId,
        set: { status: 'publishing', error: null, updatedAt: new Date() },
      })
      .returning();
    // `published` is the owner's intent (PATCH {published: true}, product.md, API), set with the request;
    // the site's status says whether it is live yet. The job itself never writes the portfolio.
    if (!portfolio.published) {
      await tx.update(portfolios).set({ published: true }).where(eq(portfolios.id, id));
    }
    await opts.queue.enqueue(
      PUBLISH_JOB,
      { portfolioId: id } satisfies PublishPayload,
      { dedupeKey: `publish:${id}`, maxAttempts: 5 },
      tx,
    );
    return stateOf(opts, { ...portfolio, published: true }, site ?? null, tx);
  });
  opts.log.info({ portfolioId: id }, 'publish queued');
  return state;
}

/**
 * First part of the publish job, outside its transaction: the page of the content as it is now.
 * Building it takes a while for a large portfolio; the job's transaction (which locks the
 * portfolio, and on the embedded database holds up every other query) is not open meanwhile.
 */
export async function preparePublish(
  opts: PublishingOptions,
  { portfolioId }: PublishPayload,
): Promise<Page | undefined> {
  const [portfolio] = await opts.db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
  const site = portfolio ? await siteOf(opts.db, portfolioId) : null;
  const label = portfolio ? labelOf(portfolio) : null;
  if (!portfolio || !site || site.status !== 'publishing' || !label) return undefined;
  return buildPage(opts, portfolio, site, label);
}

/** The publish job: renders the current content and flips the live pointer atomically. */
export async function runPublish(
  opts: PublishingOptions,
  { portfolioId }: PublishPayload,
  { tx, job, afterCommit, prepared }: JobContext<Page | undefined>,
) {
  const [portfolio] = await tx
    .select()
    .from(portfolios)
    .where(eq(portfolios.id, portfolioId))
    .for('update');
  if (!portfolio) return; // deleted meanwhile
  const site = await siteOf(tx, portfolioId);
  if (!site || site.status !== 'publishing') return; // unpublished or address changed meanwhile
  const [owner] = await tx.select().from(users).where(eq(users.id, portfolio.userId));
  if (!owner) return;
  const label = labelOf(portfolio);
  if (!label) throw new Error('The portfolio has no address');
  // Built before the transaction (preparePublish) unless what the page shows changed since.
  const { html, br, gzip, etag, nonce, content, template, ogImage, ogImageName } =
    prepared?.key === pageInputs(opts, portfolio, site, label).key
      ? prepared
      : await buildPage(opts, portfolio, site, label);
  const [version] = await tx
    .insert(siteVersions)
    .values({
      portfolioId,
      jobId: job.id,
      html,
      br,
      gzip,
      etag,
      nonce,
      content,
      template,
      ogImage,
      ogImageName,
    })
    .returning({ id: siteVersions.id });
  const now = new Date();
  const firstPublishedAt = site.firstPublishedAt ?? now;
  if (!owner.firstPublishedAt) {
    // The account's first site: its hosting period starts now, whatever is deleted later.
    await tx
      .update(users)
      .set({ firstPublishedAt: now })
      .where(and(eq(users.id, owner.id), isNull(users.firstPublishedAt)));
  }
  const previousLabel = site.label;
  try {
    await tx
      .update(sites)
      .set({
        status: 'live',
        error: null,
        label,
        currentVersionId: version!.id,
        publishedAt: now,
        firstPublishedAt,
        hostingExpiresAt: hostingExpiry(
          owner,
          hostingStart(owner.firstPublishedAt ?? now, firstPublishedAt),
        ),
        updatedAt: now,
      })
      .where(eq(sites.portfolioId, portfolioId));
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new Error(`The address ${label} is in use`);
    throw err;
  }
  // Old versions beyond the last few are dropped; the live one never is.
  await tx.execute(sql`
    delete from ${siteVersions} where portfolio_id = ${portfolioId} and id < ${version!.id}
      and id not in (select id from ${siteVersions} where portfolio_id = ${portfolioId}
                     order by id desc limit ${KEEP_OLD_VERSIONS + 1})`);
  await tx.execute(
    sql`select pg_notify(${SITES_CHANNEL}, ${JSON.stringify({ portfolioId, label: previousLabel })})`,
  );
  afterCommit(() => {
    opts.invalidate({ portfolioId, label });
    if (previousLabel && previousLabel !== label) opts.invalidate({ label: previousLabel });
    opts.log.info({ portfolioId, label, version: version!.id }, 'site published');
  });
}

async function markFailed(opts: PublishingOptions, portfolioId: number, error: string) {
  await opts.db
    .update(sites)
    .set({ status: 'failed', error: `Publishing failed: ${error}`, updatedAt: new Date() })
    .where(and(eq(sites.portfolioId, portfolioId), eq(sites.status, 'publishing')));
}

/** Takes the site down (the portfolio becomes a draft); queued publishes are cancelled. */
export async function unpublish(
  opts: PublishingOptions,
  user: UserRow,
  id: number,
): Promise<SiteState> {
  return opts.db.transaction(async (tx) => {
    const portfolio = await owned(tx, user.id, id, true);
    const site = await takeDown(opts, tx, portfolio);
    const [updated] = await tx
      .update(portfolios)
      .set({ published: false })
      .where(eq(portfolios.id, id))
      .returning();
    return stateOf(opts, updated ?? portfolio, site, tx);
  });
}

/** Site offline, pointer cleared, label freed, queued publish jobs dropped (inside `tx`). */
async function takeDown(
  opts: PublishingOptions,
  tx: JobTx,
  portfolio: PortfolioRow,
): Promise<SiteRow | null> {
  const before = await siteOf(tx, portfolio.id);
  await tx
    .delete(jobs)
    .where(and(eq(jobs.dedupeKey, `publish:${portfolio.id}`), eq(jobs.status, 'queued')));
  if (!before) return null;
  const [after] = await tx
    .update(sites)
    .set({
      status: 'offline',
      error: null,
      label: null,
      currentVersionId: null,
      updatedAt: new Date(),
    })
    .where(eq(sites.portfolioId, portfolio.id))
    .returning();
  await tx.execute(
    sql`select pg_notify(${SITES_CHANNEL}, ${JSON.stringify({ portfolioId: portfolio.id, label: before.label })})`,
  );
  // Dropped from this process's cache right away; it is a no-op if the transaction rolls back
  // (the next request simply reads the site again).
  opts.invalidate({
    portfolioId: portfolio.id,
    label: before.label,
    host: before.ownDomain,
  });
  return after ?? null;
}
