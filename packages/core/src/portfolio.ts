import { z } from 'zod';
import { portfolioContentSchema } from './content.ts';
import { idParamSchema, idSchema, MAX_ID } from './ids.ts';
import { templateIdSchema } from './template-schemas.ts';

export const portfolioStatuses = ['draft', 'publishing', 'live', 'failed'] as const;
export type PortfolioStatus = (typeof portfolioStatuses)[number];

/** One row of GET /api/portfolios (product.md, API). */
export const portfolioSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  template: templateIdSchema,
  published: z.boolean(),
  domain: z.string().nullable(),
  customDomain: z.string().nullable(),
  updatedAt: z.string(),
  /** The site's state (features/publishing): draft, publishing, live or failed. */
  status: z.enum(portfolioStatuses).optional(),
  /** Why the last publish failed. */
  statusError: z.string().nullable().optional(),
  /** The live address while live. */
  liveUrl: z.string().nullable().optional(),
  /** Live, but the content or template differs from what the live site shows. */
  unpublishedChanges: z.boolean().optional(),
  /** When hosting of the live site ends (product.md, Plans); null = unlimited. */
  hostingExpiresAt: z.string().nullable().optional(),
  /** Beyond the plan's portfolio count after a paid period ended: kept, but read-only. */
  readOnly: z.boolean().optional(),
  /** "Check this" markers from an import not yet edited or confirmed (settings.uncertain). */
  toCheck: z.number().int().nonnegative().optional(),
});
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

/** GET /api/portfolios/{id} (product.md, Content fields). */
export const portfolioSchema = portfolioSummarySchema.extend({
  userId: z.number().int(),
  content: portfolioContentSchema,
  /** Optimistic concurrency: send it back with a PATCH to refuse stale writes. */
  version: z.number().int(),
  createdAt: z.string(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

export const portfolioNameSchema = z
  .string()
  .trim()
  .min(1, 'Portfolio name is required')
  .max(80, 'Portfolio name must be at most 80 characters');

export const portfolioIdParamsSchema = z.object({ id: idParamSchema });

export const checkNameInputSchema = z.object({ name: portfolioNameSchema });

/**
 * The upload page's name field: optional. Left empty, the portfolio is named after the person on
 * the resume (the web app's import flow), so a first upload never stops at a field.
 */
export const importNameInputSchema = z.object({
  name: z.string().trim().max(80, 'Portfolio name must be at most 80 characters'),
});
export const checkNameResponseSchema = z.object({ exists: z.boolean() });

/** POST /api/portfolios (product.md, API). `userId` is accepted for compatibility and ignored. */
export const createPortfolioInputSchema = z.object({
  userId: idSchema.optional(),
  name: portfolioNameSchema,
  template: templateIdSchema.optional(),
  domain: z.string().max(100).optional(),
  /** Canonical content, the old simple shape, or either as a JSON string. */
  content: z.unknown().optional(),
  /** The parsed resume this portfolio comes from, when there is one. */
  resumeId: idSchema.optional(),
});
export type CreatePortfolioInput = z.infer<typeof createPortfolioInputSchema>;
export const createPortfolioResponseSchema = z.object({ id: z.number().int() });

/**
 * PATCH /api/portfolios/{id} (product.md, API): any of content, template or name. `version` is the one
 * the client last read: when it is stale the change is refused instead of overwriting another tab's.
 */
export const updatePortfolioInputSchema = z
  .object({
    content: z.unknown().optional(),
    template: templateIdSchema.optional(),
    name: portfolioNameSchema.optional(),
    version: z.number().int().positive().max(MAX_ID).optional(),
    /** true publishes (same as POST /api/publish/{id}); false takes the site down. */
    published: z.boolean().optional(),
    /** Domain settings (product.md, API `{domain, customDomain}`); see domainSettingsInputSchema. */
    domain: z.string().nullish(),
    customDomain: z.string().nullish(),
    /** Confirms an address change of a published portfolio (product.md, States). */
    confirm: z.boolean().optional(),
  })
  .refine(
    (v) =>
      v.content !== undefined ||
      v.template !== undefined ||
      v.name !== undefined ||
      v.published !== undefined ||
      v.domain !== undefined ||
      v.customDomain !== undefined,
    { message: 'Nothing to update' },
  );
export type UpdatePortfolioInput = z.infer<typeof updatePortfolioInputSchema>;
