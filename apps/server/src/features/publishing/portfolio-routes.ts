import {
  portfolioIdParamsSchema,
  portfolioSchema,
  portfolioSummarySchema,
  templateIdSchema,
  updatePortfolioInputSchema,
  domainSettingsInputSchema,
  AppError,
} from '@folio/core';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { portfolios } from '../../db/schema.ts';
import { currentUser } from '../../plugins/auth.ts';
import { toPortfolio } from '../../shared/portfolios.ts';

/**
 * How many "Check this" markers a portfolio's content still holds (settings.uncertain: each goes
 * when its field is edited or confirmed), counted in the database so the list reads no content.
 */
const openMarks = sql<number>`(case when jsonb_typeof(${portfolios.content} #> '{settings,uncertain}') = 'array'
  then jsonb_array_length(${portfolios.content} #> '{settings,uncertain}') else 0 end)::int`;

/**
 * The portfolio answers that carry the site's state: the list, one portfolio, and its PATCH
 * (which may also publish, take down or change the addresses). Publishing owns the site state,
 * so it answers these; the portfolios feature never asks publishing (ADR 35).
 */
export function portfolioSiteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/portfolios', {
    config: { access: 'user' },
    schema: { tags: ['portfolios'], response: { 200: portfolioSummarySchema.array() } },
    handler: async (request) => {
      const user = currentUser(request);
      const rows = await app.db
        .select({
          id: portfolios.id,
          name: portfolios.name,
          template: portfolios.template,
          published: portfolios.published,
          domain: portfolios.domain,
          customDomain: portfolios.customDomain,
          updatedAt: portfolios.updatedAt,
          toCheck: openMarks,
        })
        .from(portfolios)
        .where(eq(portfolios.userId, user.id))
        .orderBy(desc(portfolios.updatedAt));
      const siteRows = await app.publishing.statesOf(user.id);
      const readOnly = await app.portfolios.readOnlyIds(user);
      const changed = await app.publishing.unpublishedChanges(rows.map((row) => row.id));
      return rows.map((row) => ({
        ...row,
        readOnly: readOnly.has(row.id),
        template: templateIdSchema.catch('modern').parse(row.template),
        updatedAt: row.updatedAt.toISOString(),
        ...app.publishing.summary(siteRows.get(row.id), changed.has(row.id)),
      }));
    },
  });

  r.get('/api/portfolios/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['portfolios'],
      params: portfolioIdParamsSchema,
      response: { 200: portfolioSchema },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const row = await app.portfolios.get(user.id, request.params.id);
      return {
        ...toPortfolio(row),
        readOnly: (await app.portfolios.readOnlyIds(user)).has(row.id),
        ...(await app.publishing.summaryOf(row)),
      };
    },
  });

  r.patch('/api/portfolios/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['portfolios'],
      params: portfolioIdParamsSchema,
      body: updatePortfolioInputSchema,
      response: { 200: portfolioSchema },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const { published, domain, customDomain, confirm, ...rest } = request.body;
      await app.portfolios.get(user.id, id); // someone else's: not found, before any plan message
      await app.portfolios.assertEditable(user, id);
      // {domain, customDomain} (product.md, API): address settings, validated with the shared schema.
      if (domain !== undefined || customDomain !== undefined) {
        const input = domainSettingsInputSchema.safeParse({ domain, customDomain, confirm });
        if (!input.success) {
          const issue = input.error.issues[0];
          throw new AppError('VALIDATION', issue?.message ?? 'Invalid domain', {
            field: String(issue?.path[0] ?? 'customDomain'),
          });
        }
        await app.publishing.updateDomains(user, id, input.data);
      }
      if (rest.content !== undefined || rest.template !== undefined || rest.name !== undefined) {
        await app.portfolios.update(user, id, rest);
      }
      // {published: true} publishes like POST /api/publish/{id}; false takes the site down.
      if (published === true) await app.publishing.publish(user, id);
      if (published === false) await app.publishing.unpublish(user, id);
      const row = await app.portfolios.get(user.id, id);
      return { ...toPortfolio(row), ...(await app.publishing.summaryOf(row)) };
    },
  });
}
