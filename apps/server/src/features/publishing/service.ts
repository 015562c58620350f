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
  type TemplateId,
  type DnsRecord,
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
import { siteRelativeUploads } from '../../shared/upload-references.ts';
import { isPrivateAddress, isPublicHostName } from './public-host.ts';

export const PUBLISH_JOB = 'publish-site';
/** Versions kept per site besides the live one (for inspection; only the pointer is served). */
const KEEP_OLD_VERSIONS = 4;
/** The channel other server processes listen on to drop a cached site (ADR 0009). */
export const SITES_CHANNEL = 'folio_sites';

/** DNS lookups of own domains (node:dns/promises; tests pass a fake). */
export interface TxtResolver {
  resolveTxt(host: string): Promise<string[][]>;
  resolveCname?(host: string): Promise<string[]>;
  resolve4?(host: string): Promise<string[]>;
  resolve6?(host: string): Promise<string[]>;
}

/** Where own domains point (settings SITES_HOST, SITES_IPV4, SITES_IPV6). */
export interface PointTo {
  host: string;
  ipv4: string[];
  ipv6: string[];
}

export interface PublishingOptions {
  db: Db;
  queue: JobQueue;
  log: FastifyBaseLogger;
  sitesDomain: string;
  appUrl: string;
  appName: string;
  resolver: TxtResolver;
  pointTo: PointTo;
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
  /** The content and template it shows (kept with the version). */
  content: unknown;
  template: TemplateId;
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

  /**
   * The DNS records an own domain needs: the TXT record proving it is yours, then what points it
   * at the sites: a CNAME to SITES_HOST for a subdomain (www.example.com), A / AAAA records to
   * SITES_IPV4 / SITES_IPV6 for an apex (example.com, which cannot have a CNAME) when those are
   * set (else the CNAME, which DNS hosts offer as ALIAS / flattening at the apex).
   */
  private ownDomainRecords(host: string, token: string): DnsRecord[] {
    const base = { state: 'unchecked' as const };
    const { host: target, ipv4, ipv6 } = this.opts.pointTo;
    const apex = host.split('.').length <= 2;
    const point: DnsRecord[] =
      apex && ipv4.length + ipv6.length > 0
        ? [
            ...ipv4.map((value) => ({ type: 'A' as const, value })),
            ...ipv6.map((value) => ({ type: 'AAAA' as const, value })),
          ].map((r) => ({ ...r, name: host, purpose: 'point' as const, ...base }))
        : [{ type: 'CNAME', name: host, value: target, purpose: 'point', ...base }];
    return [
      {
        type: 'TXT',
        name: txtRecordName(host),
        value: txtRecordValue(token),
        purpose: 'verify',
        ...base,
      },
      ...point,
    ];
  }

  /**
   * Looks each record up and says only whether the expected one is there: `found`, `missing`, or
   * for a record pointing the host `wrong` (other values are there; which ones is never told: the
   * check is no DNS lookup service). An address inside a private network or this machine (isPrivateAddress) counts as
   * no answer, unless it is one of the sites' own addresses (SITES_IPV4 / SITES_IPV6).
   */
  private async checkRecords(records: DnsRecord[]): Promise<DnsRecord[]> {
    const { resolver, log, pointTo } = this.opts;
    const ours = new Set([...pointTo.ipv4, ...pointTo.ipv6].map((a) => a.toLowerCase()));
    const lookup = async (type: DnsRecord['type'], name: string): Promise<string[]> => {
      try {
        if (type === 'TXT') return (await resolver.resolveTxt(name)).map((c) => c.join(''));
        if (type === 'CNAME') {
          const names = await (resolver.resolveCname?.(name) ?? []);
          return names.map((v) => v.toLowerCase().replace(/\.$/, ''));
        }
        const addresses = await ((type === 'A'
          ? resolver.resolve4?.(name)
          : resolver.resolve6?.(name)) ?? []);
        return addresses
          .map((a) => a.toLowerCase())
          .filter((a) => ours.has(a) || !isPrivateAddress(a));
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code !== 'ENODATA' && code !== 'ENOTFOUND')
          log.info({ err, name }, 'DNS lookup failed');
        return [];
      }
    };
    return Promise.all(
      records.map(async (record) => {
        let seen = await lookup(record.type, record.name);
        const expected = record.type === 'TXT' ? record.value : record.value.toLowerCase();
        let found = seen.includes(expected);
        if (record.type === 'CNAME' && !found && seen.length === 0 && pointTo.ipv4.length) {
          // No CNAME, but A records naming the sites' addresses point the host at us as well.
          seen = await lookup('A', record.name);
          found = seen.length > 0 && seen.every((a) => pointTo.ipv4.includes(a));
        }
        // A TXT name may lead (through a CNAME the claimant wrote) to any name the resolver
        // knows: of TXT records, only whether the expected one is there is said.
        const other = seen.length > 0 && record.type !== 'TXT';
        const state: DnsRecord['state'] = found ? 'found' : other ? 'wrong' : 'missing';
        return { ...record, state };
      }),
    );
  }

  toState(
    portfolio: PortfolioRow,
    site: SiteRow | null,
    changed = true,
    now = new Date(),
    checked?: DnsRecord[],
  ): SiteState {
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
      changedSincePublish: changed,
      ownDomain:
        site?.ownDomain && site.ownDomainToken
          ? {
              host: site.ownDomain,
              records: checked ?? this.ownDomainRecords(site.ownDomain, site.ownDomainToken),
              txtName: txtRecordName(site.ownDomain),
              txtValue: txtRecordValue(site.ownDomainToken),
              verified: site.ownDomainVerifiedAt !== null,
              verifiedAt: site.ownDomainVerifiedAt?.toISOString() ?? null,
              expiresAt: claimExpiresAt(site)?.toISOString() ?? null,
            }
          : null,
    };
  }

  /**
   * Whether what a portfolio would publish now differs from its live version (true when nothing is
   * live): its content or template differs from the ones the live version was built from. For a
   * version published before those were kept, whether the portfolio changed after publishing.
   * One query for all of `ids`.
   */
  async unpublishedChanges(ids: number[], db: Queryable = this.db): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const result = await db.execute(sql`
      select p.id from ${portfolios} p
        left join ${sites} s on s.portfolio_id = p.id
        left join ${siteVersions} v on v.id = s.current_version_id
       where p.id in (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})
         and (v.id is null
              or (v.content is null and (s.published_at is null or p.updated_at > s.published_at))
              or (v.content is not null
                  and (v.content is distinct from p.content or v.template is distinct from p.template)))`);
    const rows = (result as { rows: { id: number }[] }).rows;
    return new Set(rows.map((r) => Number(r.id)));
  }

  private async stateOf(
    portfolio: PortfolioRow,
    site: SiteRow | null,
    db: Queryable = this.db,
    checked?: DnsRecord[],
  ) {
    const changed = (await this.unpublishedChanges([portfolio.id], db)).has(portfolio.id);
    return this.toState(portfolio, site, changed, new Date(), checked);
  }

  /** The site fields of a dashboard row (GET /api/portfolios). */
  summary(site: SiteRow | undefined | null, changed: boolean) {
    const state = site ?? null;
    const live = state?.currentVersionId != null && state.label !== null;
    return {
      status: Publishing.statusOf(state),
      unpublishedChanges: live && changed,
      statusError: state?.status === 'failed' ? (state.error ?? 'Publishing failed') : null,
      liveUrl: state?.currentVersionId != null && state.label ? this.siteUrl(state.label) : null,
      hostingExpiresAt:
        state?.currentVersionId != null ? (state.hostingExpiresAt?.toISOString() ?? null) : null,
    };
  }

  async summaryOf(portfolio: PortfolioRow) {
    const changed = await this.unpublishedChanges([portfolio.id]);
    return this.summary(await this.site(portfolio.id), changed.has(portfolio.id));
  }

  async state(userId: number, id: number): Promise<SiteState> {
    const portfolio = await this.owned(userId, id);
    return this.stateOf(portfolio, await this.site(id));
  }

  /** Sites of all of a user's portfolios, for the dashboard list. */
  async statesOf(userId: number): Promise<Map<number, SiteRow>> {
    const rows = await this.db.select().from(sites).where(eq(sites.userId, userId));
    return new Map(rows.map((r) => [r.portfolioId, r]));
  }

  // -------------------------------------------------------------------------------------------
  // Publish and unpublish

  /**
   * Starts publishing (product.md, States: asynchronous): marks the site "publishing" and queues a job, in one
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
      const existing = await this.site(id, tx);
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
      await this.opts.queue.enqueue(
        PUBLISH_JOB,
        { portfolioId: id } satisfies PublishPayload,
        { dedupeKey: `publish:${id}`, maxAttempts: 5 },
        tx,
      );
      return this.stateOf({ ...portfolio, published: true }, site ?? null, tx);
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
  private buildPage(portfolio: PortfolioRow, site: SiteRow, label: string): Promise<Page> {
    const { template, key } = this.pageInputs(portfolio, site, label);
    return this.renderPage(portfolio.content, template, site, label, key);
  }

  private async renderPage(
    content: unknown,
    template: TemplateId,
    site: SiteRow,
    label: string,
    key: string,
  ): Promise<Page> {
    const url = this.siteUrl(label);
    const canonical =
      site.ownDomain && site.ownDomainVerifiedAt ? `https://${site.ownDomain}/` : url;
    const nonce = randomBytes(16).toString('base64url');
    const rendered = await this.opts.render(content, {
      template,
      siteUrl: url,
      canonicalUrl: canonical,
      contactFormAction: `/s/${label}/contact`,
      mode: 'publish',
      nonce,
    });
    // Its images are served from the site's own address (hosting), in every address form.
    const html = siteRelativeUploads(rendered);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    // Compressed once here, so no visitor (in any process) waits for it.
    const { br, gzip } = await compressBodies(Buffer.from(html, 'utf8'));
    return { key, content, template, html, br, gzip, etag, nonce };
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
    const { html, br, gzip, etag, nonce, content, template } =
      prepared?.key === this.pageInputs(portfolio, site, label).key
        ? prepared
        : await this.buildPage(portfolio, site, label);
    const [version] = await tx
      .insert(siteVersions)
      .values({ portfolioId, jobId: job.id, html, br, gzip, etag, nonce, content, template })
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
      return this.stateOf(updated ?? portfolio, site, tx);
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
   * The live version of a site rebuilt for `label` (its content and template, not the draft's), or
   * null when nothing is live or the version predates kept content (it then moves unchanged).
   */
  private async movedPage(site: SiteRow | null, label: string, db: Queryable = this.db) {
    if (!site?.currentVersionId) return null;
    const [live] = await db
      .select({
        id: siteVersions.id,
        content: siteVersions.content,
        template: siteVersions.template,
      })
      .from(siteVersions)
      .where(eq(siteVersions.id, site.currentVersionId));
    if (!live?.content) return null;
    const template = templateIdSchema.catch(DEFAULT_TEMPLATE).parse(live.template);
    const key = JSON.stringify(['move', live.id, label, site.ownDomain, site.ownDomainVerifiedAt]);
    return this.renderPage(live.content, template, site, label, key);
  }

  /**
   * `{domain, customDomain}` (product.md, API): a portfolio has one subdomain, its custom label (Pro and
   * above) or else its automatic one (read-only). Clearing the custom label is allowed on every
   * plan (a former Pro user goes back to the automatic address). A live site moves to the new
   * address at once: its live version is rebuilt there (not the draft) and the pointer moves in
   * the same transaction as the address; the old address then answers 301 to the new one for
   * LABEL_HOLD_DAYS or until someone else takes it (hosting, site-cache.ts). Moving a live site
   * needs `confirm`.
   */
  async updateDomains(user: UserRow, id: number, input: DomainSettingsInput) {
    const plan = effectivePlan(user);
    const wanted = (portfolio: PortfolioRow) => {
      if (input.domain && input.domain !== portfolio.domain) {
        throw new AppError('VALIDATION', publishMessages.domainReadOnly, { field: 'domain' });
      }
      let custom = input.customDomain === undefined ? portfolio.customDomain : input.customDomain;
      // Typing the automatic label into the one subdomain field means "no custom label".
      if (custom !== null && custom === portfolio.domain) custom = null;
      if (custom !== null && custom !== portfolio.customDomain && !canUseCustomSubdomain(plan)) {
        throw new AppError('PLAN_LIMIT', publishMessages.customSubdomainPlan, {
          field: 'customDomain',
        });
      }
      return custom;
    };
    // The live page at its new address, built before the transaction (rendering takes a while).
    const before = await this.owned(user.id, id);
    const custom = wanted(before);
    if (custom === before.customDomain) return { portfolio: before, changed: false };
    const newLabel = custom || before.domain;
    const siteBefore = await this.site(id);
    const isLive = (site: SiteRow | null) => site?.currentVersionId != null && site.label !== null;
    if (isLive(siteBefore) && siteBefore!.label !== newLabel && !input.confirm) {
      throw new AppError('CONFLICT', publishMessages.confirmRequired, { field: 'confirm' });
    }
    const prepared =
      newLabel && isLive(siteBefore) && siteBefore!.label !== newLabel
        ? await this.movedPage(siteBefore, newLabel)
        : null;

    const result = await this.db.transaction(async (tx) => {
      const portfolio = await this.owned(user.id, id, tx, true);
      const next = wanted(portfolio);
      if (next === portfolio.customDomain) return { portfolio, changed: false, moved: null };
      const label = next || portfolio.domain;
      if (next !== null) {
        // Serialise claims of the same label across requests and processes.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`label:${next}`}))`);
        const problem = await this.labelProblem(next, id, user.id, tx);
        if (problem) throw new AppError('DOMAIN_TAKEN', problem, { field: 'customDomain' });
      }
      const site = await this.site(id, tx);
      const moving = isLive(site) && label !== null && site!.label !== label;
      if (moving && !input.confirm) {
        throw new AppError('CONFLICT', publishMessages.confirmRequired, { field: 'confirm' });
      }
      let row: PortfolioRow | undefined;
      try {
        [row] = await tx
          .update(portfolios)
          .set({ customDomain: next, version: sql`${portfolios.version} + 1` })
          .where(eq(portfolios.id, id))
          .returning();
        if (moving) {
          const page =
            prepared &&
            site!.currentVersionId === siteBefore?.currentVersionId &&
            label === newLabel
              ? prepared
              : await this.movedPage(site, label, tx);
          let versionId = site!.currentVersionId;
          if (page) {
            const { html, br, gzip, etag, nonce, content, template } = page;
            const [version] = await tx
              .insert(siteVersions)
              .values({ portfolioId: id, html, br, gzip, etag, nonce, content, template })
              .returning({ id: siteVersions.id });
            versionId = version!.id;
          }
          await tx
            .update(sites)
            .set({ label, currentVersionId: versionId, updatedAt: new Date() })
            .where(eq(sites.portfolioId, id));
          await tx.execute(
            sql`select pg_notify(${SITES_CHANNEL}, ${JSON.stringify({ portfolioId: id, label: site!.label })})`,
          );
        }
      } catch (err) {
        if (uniqueViolation(err) !== null) {
          throw new AppError('DOMAIN_TAKEN', undefined, { field: 'customDomain' });
        }
        throw err;
      }
      return {
        portfolio: row!,
        changed: true,
        moved: moving ? { from: site!.label, to: label } : null,
      };
    });
    if (result.changed) {
      // The old address now redirects; a label taken from someone's redirect stops redirecting.
      this.opts.invalidate({ portfolioId: id, label: result.moved?.from ?? null });
      if (result.portfolio.customDomain)
        this.opts.invalidate({ label: result.portfolio.customDomain });
      if (result.moved) this.opts.log.info({ portfolioId: id, ...result.moved }, 'site moved');
    }
    return { portfolio: result.portfolio, changed: result.changed };
  }

  // -------------------------------------------------------------------------------------------
  // Own domains (beyond the spec: Pro and above, verified by a DNS TXT record)

  /**
   * Claims `host` for the portfolio and hands out the TXT record proving control of it. A claim
   * reserves nothing (product.md, Addresses): only a host another site has verified is refused;
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
    if (!isPublicHostName(host)) {
      throw new AppError('VALIDATION', publishMessages.ownDomainNotPublic, { field: 'host' });
    }
    return this.db.transaction(async (tx) => {
      const portfolio = await this.owned(user.id, id, tx, true);
      const before = await this.site(id, tx);
      const now = new Date();
      if (before?.ownDomain === host) {
        const expires = claimExpiresAt(before);
        if (!expires || expires.getTime() > now.getTime())
          return this.stateOf(portfolio, before, tx);
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
      return this.stateOf(portfolio, site ?? null, tx);
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
  async verifyOwnDomain(user: UserRow, id: number, strict = true): Promise<SiteState> {
    // `strict` false (the check the owner starts from the publish page): a missing TXT record is
    // answered with each record's state, not refused.
    if (!canUseOwnDomain(effectivePlan(user))) {
      throw new AppError('PLAN_LIMIT', publishMessages.ownDomainPlan, { field: 'host' });
    }
    const portfolio = await this.owned(user.id, id);
    const site = await this.site(id);
    if (!site?.ownDomain || !site.ownDomainToken) {
      throw new AppError('NOT_FOUND', 'No own domain is set for this portfolio');
    }
    const { ownDomain: host, ownDomainToken: token } = site;
    // A claim stored before private names were refused is never looked up.
    if (!isPublicHostName(host)) {
      throw new AppError('VALIDATION', publishMessages.ownDomainNotPublic, { field: 'host' });
    }
    const records = await this.checkRecords(this.ownDomainRecords(host, token));
    if (site.ownDomainVerifiedAt) return this.stateOf(portfolio, site, this.db, records);
    const expires = claimExpiresAt(site);
    if (expires && expires.getTime() <= Date.now()) {
      throw new AppError('VALIDATION', publishMessages.ownDomainExpired, { field: 'host' });
    }
    const verifiedElsewhere = () =>
      new AppError('DOMAIN_TAKEN', publishMessages.ownDomainVerifiedElsewhere, { field: 'host' });
    if (await this.hostVerifiedElsewhere(host, id)) throw verifiedElsewhere();
    if (records[0]?.state !== 'found') {
      if (!strict) return this.stateOf(portfolio, site, this.db, records);
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
    if (!updated) return this.stateOf(portfolio, await this.site(id));
    this.opts.invalidate({ host });
    this.opts.log.info({ portfolioId: id, host }, 'own domain verified');
    return this.stateOf(portfolio, updated, this.db, records);
  }

  async removeOwnDomain(user: UserRow, id: number): Promise<SiteState> {
    const portfolio = await this.owned(user.id, id);
    const site = await this.site(id);
    if (!site?.ownDomain) return this.stateOf(portfolio, site);
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
    return this.stateOf(portfolio, updated ?? null);
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
