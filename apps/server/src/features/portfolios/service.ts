import {
  AppError,
  DEFAULT_TEMPLATE,
  getPlan,
  labelFromName,
  normalizeContent,
  reservedLabels,
  canUseTemplate,
  effectivePlan,
  readOnlyPortfolioMessage,
  type CreatePortfolioInput,
  type PortfolioContent,
  type TemplateId,
  type UpdatePortfolioInput,
} from '@folio/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { portfolios, type PortfolioRow, type UserRow } from '../../db/schema.ts';
import { labelHeldForOther } from '../../shared/label-holds.ts';
import { assertRoomForPortfolio } from '../../shared/portfolio-room.ts';
import { releaseResumeCredit, settleResumeCredit } from '../../shared/resume-credits.ts';
import { dropUnusedOriginal } from '../../shared/resume-originals.ts';

/** Content from the client: canonical or the old simple shape, object or JSON string. */
export function parseContent(input: unknown): PortfolioContent {
  try {
    return normalizeContent(input ?? {});
  } catch (err) {
    if (err instanceof AppError) throw err; // e.g. "Content too large"
    const message =
      err instanceof ZodError
        ? `Invalid content: ${err.issues[0]?.path.join('.') ?? ''} ${err.issues[0]?.message ?? ''}`.trim()
        : 'Invalid content: not valid JSON';
    throw new AppError('VALIDATION', message, { field: 'content', cause: err });
  }
}

export function assertTemplateAllowed(user: UserRow, template: TemplateId) {
  if (!canUseTemplate(effectivePlan(user), template)) throw new AppError('PREMIUM_TEMPLATE');
}

export class Portfolios {
  constructor(private readonly db: Db) {}

  async nameExists(userId: number, name: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: portfolios.id })
      .from(portfolios)
      .where(
        and(
          eq(portfolios.userId, userId),
          sql`lower(${portfolios.name}) = ${name.trim().toLowerCase()}`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * A free automatic subdomain label derived from the name (product.md, Addresses); labels held
   * for another user (freed less than LABEL_HOLD_DAYS ago) are skipped.
   */
  private async freeLabel(name: string, userId: number): Promise<string> {
    const base = labelFromName(name);
    for (let n = 1; n < 1000; n++) {
      const suffix = n === 1 ? '' : `-${n}`;
      const label = `${base.slice(0, 30 - suffix.length).replace(/-+$/, '')}${suffix}`;
      if (reservedLabels.has(label)) continue;
      const [taken] = await this.db
        .select({ id: portfolios.id })
        .from(portfolios)
        .where(sql`${portfolios.domain} = ${label} or ${portfolios.customDomain} = ${label}`)
        .limit(1);
      if (!taken && !(await labelHeldForOther(this.db, label, userId))) return label;
    }
    throw new AppError('DOMAIN_TAKEN');
  }

  /**
   * Creates a portfolio. Made from a parse (`resumeId`), it settles that parse's credit in its own
   * transaction; when it cannot be made, for whatever reason, the credit is given back: a parse
   * costs a credit only when it leads to a portfolio (shared/resume-credits.ts).
   */
  async create(user: UserRow, input: CreatePortfolioInput): Promise<number> {
    try {
      return await this.insert(user, input);
    } catch (err) {
      if (input.resumeId !== undefined) await releaseResumeCredit(this.db, user.id, input.resumeId);
      throw err;
    }
  }

  private async insert(user: UserRow, input: CreatePortfolioInput): Promise<number> {
    const plan = effectivePlan(user);
    const template = input.template ?? DEFAULT_TEMPLATE;
    assertTemplateAllowed(user, template);
    const content = parseContent(input.content);
    if (await this.nameExists(user.id, input.name)) {
      throw new AppError('NAME_TAKEN', undefined, { field: 'name' });
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const domain = await this.freeLabel(input.name, user.id);
      try {
        // Count and insert under a per-user lock: two creates at once cannot both pass the limit.
        return await this.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`portfolios:${user.id}`}))`);
          await assertRoomForPortfolio(tx, user.id, plan);
          const [row] = await tx
            .insert(portfolios)
            .values({
              userId: user.id,
              name: input.name.trim(),
              template,
              domain,
              content,
              resumeId: input.resumeId ?? null,
            })
            .returning({ id: portfolios.id });
          if (input.resumeId !== undefined) await settleResumeCredit(tx, user.id, input.resumeId);
          return row!.id;
        });
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === null) throw err;
        if (constraint.includes('name'))
          throw new AppError('NAME_TAKEN', undefined, { field: 'name' });
        // another request took the label between our check and insert: pick again
      }
    }
    throw new AppError('DOMAIN_TAKEN');
  }

  /**
   * Portfolios beyond the plan's count, kept from a paid period that ended: read-only, never
   * deleted. The oldest ones stay editable.
   */
  async readOnlyIds(user: UserRow): Promise<Set<number>> {
    const max = getPlan(effectivePlan(user)).maxPortfolios;
    if (max === null) return new Set();
    const rows = await this.db
      .select({ id: portfolios.id })
      .from(portfolios)
      .where(eq(portfolios.userId, user.id))
      .orderBy(asc(portfolios.createdAt), asc(portfolios.id))
      .offset(max);
    return new Set(rows.map((r) => r.id));
  }

  /** Refuses changes to a read-only portfolio (see readOnlyIds) with the plan's message. */
  async assertEditable(user: UserRow, id: number): Promise<void> {
    if ((await this.readOnlyIds(user)).has(id)) {
      throw new AppError('PLAN_LIMIT', readOnlyPortfolioMessage(effectivePlan(user)));
    }
  }

  /** The user's portfolio, or NOT_FOUND (also for someone else's: no existence leak). */
  async get(userId: number, id: number): Promise<PortfolioRow> {
    const [row] = await this.db
      .select()
      .from(portfolios)
      .where(and(eq(portfolios.id, id), eq(portfolios.userId, userId)));
    if (!row) throw new AppError('NOT_FOUND', 'Portfolio not found');
    return row;
  }

  async update(user: UserRow, id: number, input: UpdatePortfolioInput): Promise<PortfolioRow> {
    const current = await this.get(user.id, id);
    await this.assertEditable(user, id);
    if (input.template !== undefined && input.template !== current.template) {
      assertTemplateAllowed(user, input.template);
    }
    const changes: Partial<PortfolioRow> = {};
    if (input.content !== undefined) changes.content = parseContent(input.content);
    if (input.template !== undefined) changes.template = input.template;
    if (input.name !== undefined && input.name.trim() !== current.name) {
      if (
        input.name.trim().toLowerCase() !== current.name.toLowerCase() &&
        (await this.nameExists(user.id, input.name))
      ) {
        throw new AppError('NAME_TAKEN', undefined, { field: 'name' });
      }
      changes.name = input.name.trim();
    }
    const expected = input.version ?? current.version;
    try {
      const [row] = await this.db
        .update(portfolios)
        .set({ ...changes, version: sql`${portfolios.version} + 1`, updatedAt: new Date() })
        .where(
          and(
            eq(portfolios.id, id),
            eq(portfolios.userId, user.id),
            eq(portfolios.version, expected),
          ),
        )
        .returning();
      if (!row) throw new AppError('STALE_VERSION');
      return row;
    } catch (err) {
      if (uniqueViolation(err) !== null)
        throw new AppError('NAME_TAKEN', undefined, { field: 'name' });
      throw err;
    }
  }

  /** Deletes a portfolio, and the original it was made from when no other portfolio uses it. */
  async delete(userId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(portfolios)
        .where(and(eq(portfolios.id, id), eq(portfolios.userId, userId)))
        .returning({ resumeId: portfolios.resumeId });
      if (!row) throw new AppError('NOT_FOUND', 'Portfolio not found');
      if (row.resumeId !== null) await dropUnusedOriginal(tx, row.resumeId);
    });
  }
}
