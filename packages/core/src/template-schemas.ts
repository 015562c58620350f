import { z } from 'zod';
import { templateCategories, templateIds } from './templates.ts';

/*
 * The templates' API shapes, apart from the catalogue (templates.ts): screens that only read the
 * catalogue never load zod.
 */

export const templateIdSchema = z.enum(templateIds);

/** One row of GET /api/templates (product.md, Content "Template (API)"): a catalogue entry plus its URLs. */
export const templateListItemSchema = z.object({
  id: templateIdSchema,
  slug: templateIdSchema,
  name: z.string(),
  category: z.enum(templateCategories),
  premium: z.boolean(),
  description: z.string(),
  /** A static 480×360 WebP screenshot of the sample page (`npm run thumbnails`), for cards. */
  thumbnail_url: z.string(),
  /** The live sample page of the template (fictional persona), for the full-size preview. */
  sample_url: z.string(),
});
export type TemplateListItem = z.infer<typeof templateListItemSchema>;
