import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  canUseCustomSubdomain,
  canUseOwnDomain,
  canUseTemplate,
  defaultMessages,
  domainMessages,
  effectivePlan,
  hostingExpiry,
  hostingStart,
  labelInputSchema,
  OWN_DOMAIN_CLAIM_DAYS,
  publishMessages,
  siteUrlFor,
  templateIdSchema,
  DEFAULT_TEMPLATE,
  type DomainSettingsInput,
  type LabelCheckResponse,
  type SiteState,
  type SiteStatus,
} from '@folio/core';
import type { RenderOptions } from '@folio/renderer';
import { and, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
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
import type { JobContext, JobQueue, JobTx } from '../../shared/job-queue.ts';
import { compressBodies } from '../../shared/compression.ts';
import { labelHeldForOther } from '../../shared/label-holds.ts';

export const PUBLISH_JOB = 'publish-site';
/** Versions kept per site besides the live one (for inspection; only the pointer is served). */
const KEEP_OLD_VERSIONS = 4;
/** The channel other server processes listen on to drop a cached site (ADR 0009). */
export const SITES_CHANNEL = 'folio_sites';

export interface TxtResolver {
  resolveTxt(host: string): Promise<string[][]>;
}

export interface PublishingOptions {
  db: Db;
  queue: JobQueue;
  log: FastifyBaseLogger;
  sitesDomain: string;
  appUrl: string;
  appName: string;
  resolver: TxtResolver;
  /** Drops a site from the in-memory cache of this process (hosting). */
  invalidate: (key: { portfolioId?: number; label?: string | null; host?: string | null }) => void;
  /** Builds a page from stored content, off the main thread (shared/render-pool.node.ts). */
  render: (content: unknown, options: RenderOptions) => Promise<string>;
}

interface PublishPayload {
  portfolioId: number;
}

/** A published page, built and compressed; `key` names what it was built from. */
interface Page {
  key: string;
  html: string;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  nonce: string;
}

/** The TXT record proving control of an own domain. */
export const txtRecordName = (host: string) => `_folio-verify.${host}`;
export const txtRecordValue = (token: string) => `folio-verify=${token}`;

const DAY_MS = 86_400_000;

/** Until when an unverified own-domain claim may be verified (null once verified). */
function claimExpiresAt(site: SiteRow): Date | null {
  if (site.ownDomainVerifiedAt) return null;
  const claimed = site.ownDomainClaimedAt ?? site.updatedAt;
  return new Date(claimed.getTime() + OWN_DOMAIN_CLAIM_DAYS * DAY_MS);
}

type Queryable = Db | JobTx;

export class Publishing {
  constructor(private readonly opts: PublishingOptions) {
    opts.queue.register<PublishPayload, Page | undefined>(PUBLISH_JOB, {
      prepare: (payload) => this.preparePublish(payload),
      run: (payload, ctx) => this.runPublish(payload, ctx),
      onFailed: (payload, error) => this.markFailed(payload.portfolioId, error),
    });
  }

  private get db() {
    return this.opts.db;
  }

  private async owned(userId: number, id: number, db: Queryable = this.db, lock = false) {
    const q = db
      .select()
      .from(portfolios)
      .where(and(eq(portfolios.id, id), eq(portfolios.userId, userId)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new AppError('NOT_FOUND', 'Portfolio not found');
    return row;
  }

  private async site(portfolioId: number, db: Queryable = this.db): Promise<SiteRow | null> {
    const [row] = await db.select().from(sites).where(eq(sites.portfolioId, portfolioId));
    return row ?? null;
  }

  /** The address a portfolio is served at: its custom subdomain, else its automatic one. */
  static labelOf(p: Pick<PortfolioRow, 'domain' | 'customDomain'>): string | null {
    return p.customDomain || p.domain || null;
  }

  siteUrl(label: string) {
    return siteUrlFor(label, this.opts.sitesDomain, this.opts.appUrl);
  }

  static statusOf(site: SiteRow | null): SiteStatus {
    if (!site) return 'draft';
    if (site.status === 'publishing' || site.status === 'failed') return site.status;
    return site.currentVersionId !== null && site.status === 'live' ? 'live' : 'draft';
  }

  toState(portfolio: PortfolioRow, site: SiteRow | null, now = new Date()): SiteState {
    const live = site?.currentVersionId != null && site.label !== null;
    const expires = site?.hostingExpiresAt ?? null;
    return {
      portfolioId: portfolio.id,
      status: Publishing.statusOf(site),
      error: site?.status === 'failed' ? (site.error ?? 'Publishing failed') : null,
      url: live && site?.label ? this.siteUrl(site.label) : null,
      label: Publishing.labelOf(portfolio),
      publishedAt: site?.publishedAt?.toISOString() ?? null,
      hostingExpiresAt: expires?.toISOString() ?? null,
      hostingExpired: expires !== null && expires.getTime() <= now.getTime(),
      changedSincePublish:
        !site?.publishedAt || portfolio.updatedAt.getTime() > site.publishedAt.getTime(),
      ownDomain:
        site?.ownDomain && site.ownDomainToken
          ? {
              host: site.ownDomain,
              txtName: txtRecordName(site.ownDomain),
              txtValue: txtRecordValue(site.ownDomainToken),
              verified: site.ownDomainVerifiedAt !== null,
              verifiedAt: site.ownDomainVerifiedAt?.toISOString() ?? null,
              expiresAt: claimExpiresAt(site)?.toISOString() ?? null,
            }
          : null,
    };
  }

  /** The site fields of a dashboard row (GET /api/portfolios). */
  summary(site: SiteRow | undefined | null) {
    const state = site ?? null;
    return {
      status: Publishing.statusOf(state),
      statusError: state?.status === 'failed' ? (state.error ?? 'Publishing failed') : null,
      liveUrl: state?.currentVersionId != null && state.label ? this.siteUrl(state.label) : null,
      hostingExpiresAt:
        state?.currentVersionId != null ? (state.hostingExpiresAt?.toISOString() ?? null) : null,
    };
  }

  async summaryOf(portfolio: PortfolioRow) {
    return this.summary(await this.site(portfolio.id));
  }

  async state(userId: number, id: number): Promise<SiteState> {
    const portfolio = await this.owned(userId, id);
    return this.toState(portfolio, await this.site(id));
  }

  /** Sites of all of a user's portfolios, for the dashboard list. */
  async statesOf(userId: number): Promise<Map<number, SiteRow>> {
    const rows = await this.db.select().from(sites).where(eq(sites.userId, userId));
    return new Map(rows.map((r) => [r.portfolioId, r]));
  }

  // -------------------------------------------------------------------------------------------
  // Publish and unpublish

  /**
   * Starts publishing (spec §4: asynchronous): marks the site "publishing" and queues a job, in one
   * transaction. The live version, if any, stays online until the job flips the pointer.
   */
  async publish(user: UserRow, id: number): Promise<SiteState> {
    const plan = effectivePlan(user);
    const state = await this.db.transaction(async (tx) => {
      const portfolio = await this.owned(user.id, id, tx, true);
      const label = Publishing.labelOf(portfolio);
      const template = templateIdSchema.safeParse(portfolio.template);
      if (!label || !template.success || !portfolio.content) {
        throw new AppError('VALIDATION', publishMessages.notReady);
      }
      if (!canUseTemplate(plan, template.data)) throw new AppError('PREMIUM_TEMPLATE');
      if (portfolio.customDomain && !canUseCustomSubdomain(plan)) {
        throw new AppError('PLAN_LIMIT', publishMessages.customSubdomainPlan, {
          field: 'customDomain',
        });
      }
      const existing = await this.site(id, tx);
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
      // `published` is the owner's intent (spec §7 PATCH {published: true}), set with the request;
      // the site's status says whether it is live yet. The job itself never writes the portfolio.
      if (!portfolio.published) {
        await tx.update(portfolios).set({ published: true }).where(eq(portfolios.id, id));
      }
      await this.opts.queue.enqueue(
        PUBLISH_JOB,
        { portfolioId: id } satisfies PublishPayload,
        { dedupeKey: `publish:${id}`, maxAttempts: 5 },
        tx,
      );
      return this.toState({ ...portfolio, published: true }, site ?? null);
    });
    this.opts.log.info({ portfolioId: id }, 'publish queued');
    return state;
  }

  /** What a published page is built from, and a key that changes when any of it does. */
  private pageInputs(portfolio: PortfolioRow, site: SiteRow, label: string) {
    const template = templateIdSchema.catch(DEFAULT_TEMPLATE).parse(portfolio.template);
    const url = this.siteUrl(label);
    const canonical =
      site.ownDomain && site.ownDomainVerifiedAt ? `https://${site.ownDomain}/` : url;
    const key = JSON.stringify([portfolio.version, template, url, canonical, label]);
    return { template, url, canonical, key };
  }

  /** The page of a portfolio, built in the render pool and compressed (slow: no locks held). */
  private async buildPage(portfolio: PortfolioRow, site: SiteRow, label: string): Promise<Page> {
    const { template, url, canonical, key } = this.pageInputs(portfolio, site, label);
    const nonce = randomBytes(16).toString('base64url');
    const html = await this.opts.render(portfolio.content, {
      template,
      siteUrl: url,
      canonicalUrl: canonical,
      contactFormAction: `/s/${label}/contact`,
      mode: 'publish',
      nonce,
    });
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    // Compressed once here, so no visitor (in any process) waits for it.
    const { br, gzip } = await compressBodies(Buffer.from(html, 'utf8'));
    return { key, html, br, gzip, etag, nonce };
  }

  /**
   * First part of the publish job, outside its transaction: the page of the content as it is now.
   * Building it takes a while for a large portfolio; the job's transaction (which locks the
   * portfolio, and on the embedded database holds up every other query) is not open meanwhile.
   */
  async preparePublish({ portfolioId }: PublishPayload): Promise<Page | undefined> {
    const [portfolio] = await this.db
      .select()
      .from(portfolios)
      .where(eq(portfolios.id, portfolioId));
    const site = portfolio ? await this.site(portfolioId) : null;
    const label = portfolio ? Publishing.labelOf(portfolio) : null;
    if (!portfolio || !site || site.status !== 'publishing' || !label) return undefined;
    return this.buildPage(portfolio, site, label);
  }

  /** The publish job: renders the current content and flips the live pointer atomically. */
  async runPublish(
    { portfolioId }: PublishPayload,
    { tx, job, afterCommit, prepared }: JobContext<Page | undefined>,
  ) {
    const [portfolio] = await tx
      .select()
      .from(portfolios)
      .where(eq(portfolios.id, portfolioId))
      .for('update');
    if (!portfolio) return; // deleted meanwhile
    const site = await this.site(portfolioId, tx);
    if (!site || site.status !== 'publishing') return; // unpublished or address changed meanwhile
    const [owner] = await tx.select().from(users).where(eq(users.id, portfolio.userId));
    if (!owner) return;
    const label = Publishing.labelOf(portfolio);
    if (!label) throw new Error('The portfolio has no address');
    // Built before the transaction (preparePublish) unless what the page shows changed since.
    const { html, br, gzip, etag, nonce } =
      prepared?.key === this.pageInputs(portfolio, site, label).key
        ? prepared
        : await this.buildPage(portfolio, site, label);
    const [version] = await tx
      .insert(siteVersions)
      .values({ portfolioId, jobId: job.id, html, br, gzip, etag, nonce })
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
      this.opts.invalidate({ portfolioId, label });
      if (previousLabel && previousLabel !== label) this.opts.invalidate({ label: previousLabel });
      this.opts.log.info({ portfolioId, label, version: version!.id }, 'site published');
    });
  }

  private async markFailed(portfolioId: number, error: string) {
    await this.db
      .update(sites)
      .set({ status: 'failed', error: `Publishing failed: ${error}`, updatedAt: new Date() })
      .where(and(eq(sites.portfolioId, portfolioId), eq(sites.status, 'publishing')));
  }

  /** Takes the site down (the portfolio becomes a draft); queued publishes are cancelled. */
  async unpublish(user: UserRow, id: number): Promise<SiteState> {
    return this.db.transaction(async (tx) => {
      const portfolio = await this.owned(user.id, id, tx, true);
      const site = await this.takeDown(tx, portfolio);
      const [updated] = await tx
        .update(portfolios)
        .set({ published: false })
        .where(eq(portfolios.id, id))
        .returning();
      return this.toState(updated ?? portfolio, site);
    });
  }

  /** Site offline, pointer cleared, label freed, queued publish jobs dropped (inside `tx`). */
  private async takeDown(tx: JobTx, portfolio: PortfolioRow): Promise<SiteRow | null> {
    const before = await this.site(portfolio.id, tx);
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
    this.opts.invalidate({
      portfolioId: portfolio.id,
      label: before.label,
      host: before.ownDomain,
    });
    return after ?? null;
  }

  // -------------------------------------------------------------------------------------------
  // Addresses

  /**
   * Why `label` cannot be used by `portfolioId` of `userId` (null: it can): invalid, used by
   * another portfolio or live site, or freed by another user less than LABEL_HOLD_DAYS ago.
   */
  async labelProblem(
    label: string,
    portfolioId: number | null,
    userId: number,
    db: Queryable = this.db,
  ) {
    const parsed = labelInputSchema.safeParse(label);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? domainMessages.chars;
    const value = parsed.data;
    const others = portfolioId === null ? sql`true` : ne(portfolios.id, portfolioId);
    const [taken] = await db
      .select({ id: portfolios.id })
      .from(portfolios)
      .where(and(others, or(eq(portfolios.domain, value), eq(portfolios.customDomain, value))))
      .limit(1);
    if (taken) return defaultMessages.DOMAIN_TAKEN;
    const [live] = await db
      .select({ id: sites.portfolioId })
      .from(sites)
      .where(
        and(
          eq(sites.label, value),
          portfolioId === null ? sql`true` : ne(sites.portfolioId, portfolioId),
        ),
      )
      .limit(1);
    if (live) return defaultMessages.DOMAIN_TAKEN;
    if (await labelHeldForOther(db, value, userId)) return defaultMessages.DOMAIN_TAKEN;
    return null;
  }

  async checkLabel(
    userId: number,
    label: string,
    portfolioId?: number,
  ): Promise<LabelCheckResponse> {
    if (portfolioId !== undefined) await this.owned(userId, portfolioId);
    const normal = label.trim().toLowerCase();
    const problem = await this.labelProblem(normal, portfolioId ?? null, userId);
    return { label: normal, available: problem === null, message: problem };
  }

  /**
   * `{domain, customDomain}` (spec §7). The automatic subdomain is read-only; the custom one needs
   * Pro or above. When a published portfolio's address changes, `confirm` is required; the old
   * site is taken down and the portfolio unpublished (spec §4), in one transaction.
   */
  async updateDomains(user: UserRow, id: number, input: DomainSettingsInput) {
    const plan = effectivePlan(user);
    return this.db.transaction(async (tx) => {
      const portfolio = await this.owned(user.id, id, tx, true);
      if (input.domain && input.domain !== portfolio.domain) {
        throw new AppError('VALIDATION', publishMessages.domainReadOnly, { field: 'domain' });
      }
      const custom = input.customDomain === undefined ? portfolio.customDomain : input.customDomain;
      if (custom === portfolio.customDomain) return { portfolio, changed: false };
      if (!canUseCustomSubdomain(plan)) {
        throw new AppError('PLAN_LIMIT', publishMessages.customSubdomainPlan, {
          field: 'customDomain',
        });
      }
      if (custom !== null) {
        // Serialise claims of the same label across requests and processes.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`label:${custom}`}))`);
        const problem = await this.labelProblem(custom, id, user.id, tx);
        if (problem) throw new AppError('DOMAIN_TAKEN', problem, { field: 'customDomain' });
      }
      const site = await this.site(id, tx);
      const isOnline =
        site !== null && (site.currentVersionId !== null || site.status === 'publishing');
      const newLabel = custom || portfolio.domain;
      if (isOnline && newLabel !== Publishing.labelOf(portfolio) && !input.confirm) {
        throw new AppError('CONFLICT', publishMessages.confirmRequired, { field: 'confirm' });
      }
      if (isOnline && newLabel !== Publishing.labelOf(portfolio))
        await this.takeDown(tx, portfolio);
      try {
        const [row] = await tx
          .update(portfolios)
          .set({
            customDomain: custom,
            published:
              isOnline && newLabel !== Publishing.labelOf(portfolio) ? false : portfolio.published,
            version: sql`${portfolios.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(portfolios.id, id))
          .returning();
        return { portfolio: row!, changed: true };
      } catch (err) {
        if (uniqueViolation(err) !== null) {
          throw new AppError('DOMAIN_TAKEN', undefined, { field: 'customDomain' });
        }
        throw err;
      }
    });
  }

  // -------------------------------------------------------------------------------------------
  // Own domains (beyond the spec: Pro and above, verified by a DNS TXT record)

  /**
   * Claims `host` for the portfolio and hands out the TXT record proving control of it. A claim
   * reserves nothing (decisions "Domains"): only a host another site has verified is refused;
   * claiming the same host again once its claim has expired renews the record.
   */
  async setOwnDomain(user: UserRow, id: number, host: string): Promise<SiteState> {
    if (!canUseOwnDomain(effectivePlan(user))) {
      throw new AppError('PLAN_LIMIT', publishMessages.ownDomainPlan, { field: 'host' });
    }
    if (host === this.opts.sitesDomain || host.endsWith(`.${this.opts.sitesDomain}`)) {
      throw new AppError('VALIDATION', publishMessages.ownDomainInvalid, { field: 'host' });
    }
    const appHost = new URL(this.opts.appUrl).hostname;
    if (host === appHost) {
      throw new AppError('VALIDATION', publishMessages.ownDomainInvalid, { field: 'host' });
    }
    return this.db.transaction(async (tx) => {
      const portfolio = await this.owned(user.id, id, tx, true);
      const before = await this.site(id, tx);
      const now = new Date();
      if (before?.ownDomain === host) {
        const expires = claimExpiresAt(before);
        if (!expires || expires.getTime() > now.getTime()) return this.toState(portfolio, before);
      }
      if (await this.hostVerifiedElsewhere(host, id, tx)) {
        throw new AppError('DOMAIN_TAKEN', publishMessages.ownDomainTaken, { field: 'host' });
      }
      const claim = {
        ownDomain: host,
        ownDomainToken: randomBytes(18).toString('base64url'),
        ownDomainClaimedAt: now,
        ownDomainVerifiedAt: null,
      };
      const [site] = await tx
        .insert(sites)
        .values({ portfolioId: id, userId: user.id, ...claim })
        .onConflictDoUpdate({ target: sites.portfolioId, set: { ...claim, updatedAt: now } })
        .returning();
      if (before?.ownDomain) {
        // Other processes drop the old host when this commits (the call below also tells them
        // at once, which alone could let one re-read the host before the commit).
        const key = { host: before.ownDomain };
        await tx.execute(sql`select pg_notify(${SITES_CHANNEL}, ${JSON.stringify(key)})`);
        this.opts.invalidate(key);
      }
      return this.toState(portfolio, site ?? null);
    });
  }

  /** Whether a site other than `portfolioId`'s has verified `host`. */
  private async hostVerifiedElsewhere(host: string, portfolioId: number, db: Queryable = this.db) {
    const [row] = await db
      .select({ id: sites.portfolioId })
      .from(sites)
      .where(
        and(
          eq(sites.ownDomain, host),
          isNotNull(sites.ownDomainVerifiedAt),
          ne(sites.portfolioId, portfolioId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Checks the TXT record and marks the claim verified. The first site to verify a host wins: the
   * partial unique index on verified hosts makes the marking atomic, so of two verifications at
   * once (in any processes) one succeeds and the other is refused. Other sites' claims of the host
   * stay unverified and are refused here from then on.
   */
  async verifyOwnDomain(user: UserRow, id: number): Promise<SiteState> {
    if (!canUseOwnDomain(effectivePlan(user))) {
      throw new AppError('PLAN_LIMIT', publishMessages.ownDomainPlan, { field: 'host' });
    }
    const portfolio = await this.owned(user.id, id);
    const site = await this.site(id);
    if (!site?.ownDomain || !site.ownDomainToken) {
      throw new AppError('NOT_FOUND', 'No own domain is set for this portfolio');
    }
    if (site.ownDomainVerifiedAt) return this.toState(portfolio, site);
    const { ownDomain: host, ownDomainToken: token } = site;
    const expires = claimExpiresAt(site);
    if (expires && expires.getTime() <= Date.now()) {
      throw new AppError('VALIDATION', publishMessages.ownDomainExpired, { field: 'host' });
    }
    const verifiedElsewhere = () =>
      new AppError('DOMAIN_TAKEN', publishMessages.ownDomainVerifiedElsewhere, { field: 'host' });
    if (await this.hostVerifiedElsewhere(host, id)) throw verifiedElsewhere();
    let records: string[][] = [];
    try {
      records = await this.opts.resolver.resolveTxt(txtRecordName(host));
    } catch (err) {
      this.opts.log.info({ err, host }, 'TXT lookup failed');
    }
    if (!records.some((chunks) => chunks.join('') === txtRecordValue(token))) {
      throw new AppError('VALIDATION', publishMessages.ownDomainNotVerified, { field: 'host' });
    }
    let updated: SiteRow | undefined;
    try {
      [updated] = await this.db
        .update(sites)
        .set({ ownDomainVerifiedAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(sites.portfolioId, id),
            eq(sites.ownDomain, host),
            eq(sites.ownDomainToken, token),
            isNull(sites.ownDomainVerifiedAt),
          ),
        )
        .returning();
    } catch (err) {
      if (uniqueViolation(err) !== null) throw verifiedElsewhere();
      throw err;
    }
    // Nothing updated: the claim was changed or removed meanwhile; answer what it is now.
    if (!updated) return this.toState(portfolio, await this.site(id));
    this.opts.invalidate({ host });
    this.opts.log.info({ portfolioId: id, host }, 'own domain verified');
    return this.toState(portfolio, updated);
  }

  async removeOwnDomain(user: UserRow, id: number): Promise<SiteState> {
    const portfolio = await this.owned(user.id, id);
    const site = await this.site(id);
    if (!site?.ownDomain) return this.toState(portfolio, site);
    const [updated] = await this.db
      .update(sites)
      .set({
        ownDomain: null,
        ownDomainToken: null,
        ownDomainClaimedAt: null,
        ownDomainVerifiedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(sites.portfolioId, id))
      .returning();
    this.opts.invalidate({ host: site.ownDomain });
    return this.toState(portfolio, updated ?? null);
  }

  /** Recent versions (newest first), for tests and support. */
  async versions(portfolioId: number) {
    return this.db
      .select({ id: siteVersions.id, jobId: siteVersions.jobId, createdAt: siteVersions.createdAt })
      .from(siteVersions)
      .where(eq(siteVersions.portfolioId, portfolioId))
      .orderBy(desc(siteVersions.id));
  }
}
