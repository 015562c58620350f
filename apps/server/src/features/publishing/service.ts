/**
 * Publishing: the feature's surface. Each part lives in its own module: publish-jobs.ts (publish,
 * the publish job, unpublish), pages.ts (building a page), addresses.ts (subdomain labels),
 * own-domains.ts and own-domain-records.ts (own domains and their DNS records), site-state.ts
 * (what the app shows about a site, versions kept), context.ts (options and shared reads).
 */
import type {
  DnsRecord,
  DomainSettingsInput,
  LabelCheckResponse,
  SiteState,
  SiteStatus,
} from '@folio/core';
import type { PortfolioRow, SiteRow, UserRow } from '../../db/schema.ts';
import type { JobContext } from '../../shared/job-queue.ts';
import { checkLabel, labelProblem, updateDomains } from './addresses.ts';
import { labelOf, siteUrl, type PublishingOptions, type Queryable } from './context.ts';
import { removeOwnDomain, setOwnDomain, verifyOwnDomain } from './own-domains.ts';
import type { Page } from './pages.ts';
import {
  preparePublish,
  publish,
  registerPublishJob,
  runPublish,
  unpublish,
  type PublishPayload,
} from './publish-jobs.ts';
import {
  state,
  statesOf,
  statusOf,
  summary,
  summaryOf,
  toState,
  unpublishedChanges,
  versions,
} from './site-state.ts';

export {
  SITES_CHANNEL,
  type PointTo,
  type PublishingOptions,
  type TxtResolver,
} from './context.ts';
export { txtRecordName, txtRecordValue } from './own-domain-records.ts';
export { PUBLISH_JOB } from './publish-jobs.ts';

export class Publishing {
  constructor(private readonly opts: PublishingOptions) {
    registerPublishJob(opts);
  }

  /** The address a portfolio is served at: its custom subdomain, else its automatic one. */
  static labelOf(p: Pick<PortfolioRow, 'domain' | 'customDomain'>): string | null {
    return labelOf(p);
  }

  static statusOf(site: SiteRow | null): SiteStatus {
    return statusOf(site);
  }

  siteUrl(label: string) {
    return siteUrl(this.opts, label);
  }

  toState(
    portfolio: PortfolioRow,
    site: SiteRow | null,
    changed = true,
    now = new Date(),
    checked?: DnsRecord[],
  ): SiteState {
    return toState(this.opts, portfolio, site, changed, now, checked);
  }

  /** Which of `ids` would publish something other than their live version (site-state.ts). */
  unpublishedChanges(ids: number[], db: Queryable = this.opts.db): Promise<Set<number>> {
    return unpublishedChanges(db, ids);
  }

  /** The site fields of a dashboard row (GET /api/portfolios). */
  summary(site: SiteRow | undefined | null, changed: boolean) {
    return summary(this.opts, site, changed);
  }

  summaryOf(portfolio: PortfolioRow) {
    return summaryOf(this.opts, portfolio);
  }

  state(userId: number, id: number): Promise<SiteState> {
    return state(this.opts, userId, id);
  }

  /** Sites of all of a user's portfolios, for the dashboard list. */
  statesOf(userId: number): Promise<Map<number, SiteRow>> {
    return statesOf(this.opts.db, userId);
  }

  /** Marks the site "publishing" and queues the publish job (publish-jobs.ts). */
  publish(user: UserRow, id: number): Promise<SiteState> {
    return publish(this.opts, user, id);
  }

  preparePublish(payload: PublishPayload): Promise<Page | undefined> {
    return preparePublish(this.opts, payload);
  }

  runPublish(payload: PublishPayload, ctx: JobContext<Page | undefined>) {
    return runPublish(this.opts, payload, ctx);
  }

  /** Takes the site down (the portfolio becomes a draft); queued publishes are cancelled. */
  unpublish(user: UserRow, id: number): Promise<SiteState> {
    return unpublish(this.opts, user, id);
  }

  /** Why `label` cannot be used by `portfolioId` of `userId` (null: it can; addresses.ts). */
  labelProblem(
    label: string,
    portfolioId: number | null,
    userId: number,
    db: Queryable = this.opts.db,
  ) {
    return labelProblem(db, label, portfolioId, userId);
  }

  checkLabel(userId: number, label: string, portfolioId?: number): Promise<LabelCheckResponse> {
    return checkLabel(this.opts.db, userId, label, portfolioId);
  }

  /** Changes the custom subdomain; a live site moves to it (addresses.ts). */
  updateDomains(user: UserRow, id: number, input: DomainSettingsInput) {
    return updateDomains(this.opts, user, id, input);
  }

  setOwnDomain(user: UserRow, id: number, host: string): Promise<SiteState> {
    return setOwnDomain(this.opts, user, id, host);
  }

  verifyOwnDomain(user: UserRow, id: number, strict = true): Promise<SiteState> {
    return verifyOwnDomain(this.opts, user, id, strict);
  }

  removeOwnDomain(user: UserRow, id: number): Promise<SiteState> {
    return removeOwnDomain(this.opts, user, id);
  }

  /** Recent versions (newest first), for tests and support. */
  versions(portfolioId: number) {
    return versions(this.opts.db, portfolioId);
  }
}
