/**
 * A portfolio's address (its subdomain label): whether a label is free, and changing the custom
 * label, which moves a live site to the new address in the same transaction.
 */
import {
  AppError,
  canUseCustomSubdomain,
  defaultMessages,
  domainMessages,
  effectivePlan,
  labelInputSchema,
  publishMessages,
  type DomainSettingsInput,
  type LabelCheckResponse,
} from '@folio/core';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors.ts';
import {
  portfolios,
  siteVersions,
  sites,
  type PortfolioRow,
  type SiteRow,
  type UserRow,
} from '../../db/schema.ts';
import { labelHeldForOther } from '../../shared/label-holds.ts';
import { owned, siteOf, SITES_CHANNEL, type PublishingOptions, type Queryable } from './context.ts';
import { movedPage } from './pages.ts';

/**
 * Why `label` cannot be used by `portfolioId` of `userId` (null: it can): invalid, used by
 * another portfolio or live site, or freed by another user less than LABEL_HOLD_DAYS ago.
 */
export async function labelProblem(
  db: Queryable,
  label: string,
  portfolioId: number | null,
  userId: number,
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

export async function checkLabel(
  db: Queryable,
  userId: number,
  label: string,
  portfolioId?: number,
): Promise<LabelCheckResponse> {
  if (portfolioId !== undefined) await owned(db, userId, portfolioId);
  const normal = label.trim().toLowerCase();
  const problem = await labelProblem(db, normal, portfolioId ?? null, userId);
  return { label: normal, available: problem === null, message: problem };
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
export async function updateDomains(
  opts: PublishingOptions,
  user: UserRow,
  id: number,
  input: DomainSettingsInput,
) {
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
  const before = await owned(opts.db, user.id, id);
  const custom = wanted(before);
  if (custom === before.customDomain) return { portfolio: before, changed: false };
  const newLabel = custom || before.domain;
  const siteBefore = await siteOf(opts.db, id);
  const isLive = (site: SiteRow | null) => site?.currentVersionId != null && site.label !== null;
  if (isLive(siteBefore) && siteBefore!.label !== newLabel && !input.confirm) {
    throw new AppError('CONFLICT', publishMessages.confirmRequired, { field: 'confirm' });
  }
  const prepared =
    newLabel && isLive(siteBefore) && siteBefore!.label !== newLabel
      ? await movedPage(opts, siteBefore, newLabel)
      : null;

  const result = await opts.db.transaction(async (tx) => {
    const portfolio = await owned(tx, user.id, id, true);
    const next = wanted(portfolio);
    if (next === portfolio.customDomain) return { portfolio, changed: false, moved: null };
    const label = next || portfolio.domain;
    if (next !== null) {
      // Serialise claims of the same label across requests and processes.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`label:${next}`}))`);
      const problem = await labelProblem(tx, next, id, user.id);
      if (problem) throw new AppError('DOMAIN_TAKEN', problem, { field: 'customDomain' });
    }
    const site = await siteOf(tx, id);
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
          prepared && site!.currentVersionId === siteBefore?.currentVersionId && label === newLabel
            ? prepared
            : await movedPage(opts, site, label, tx);
        let versionId = site!.currentVersionId;
        if (page) {
          const { html, br, gzip, etag, nonce, content, template, ogImage, ogImageName } = page;
          const [version] = await tx
            .insert(siteVersions)
            .values({
              portfolioId: id,
              ...{ html, br, gzip, etag, nonce, content, template, ogImage, ogImageName },
            })
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
    opts.invalidate({ portfolioId: id, label: result.moved?.from ?? null });
    if (result.portfolio.customDomain) opts.invalidate({ label: result.portfolio.customDomain });
    if (result.moved) opts.log.info({ portfolioId: id, ...result.moved }, 'site moved');
  }
  return { portfolio: result.portfolio, changed: result.changed };
}
