import { z } from 'zod';
import { idParamSchema } from './ids.ts';

/** The alerts shown when an image is over 5 MB (product.md, Validation). */
export const IMAGE_TOO_LARGE_MESSAGE = 'File too large. Maximum allowed size is 5MB.';
export const FAVICON_TOO_LARGE_MESSAGE = 'Favicon file too large. Maximum allowed size is 5MB.';

/** Largest side of a stored image; larger ones are scaled down. */
export const MAX_IMAGE_SIDE = 1600;

/** What the file pickers offer; the server checks the content, not the name. */
export const imageAccept = 'image/png,image/jpeg,image/webp,image/gif,image/avif';
export const faviconAccept = `${imageAccept},image/x-icon,image/vnd.microsoft.icon,.ico`;

/** POST /api/upload (product.md, API), multipart field `file`: the stored image's address (product.md, Addresses). */
export const uploadResponseSchema = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** POST /api/preview/token (product.md, API). */
export const previewTokenInputSchema = z.object({
  portfolio_id: idParamSchema,
});
export const previewTokenResponseSchema = z.object({ preview_token: z.string() });
export type PreviewTokenResponse = z.infer<typeof previewTokenResponseSchema>;

/** GET /api/portfolios/{id}/thumbnail: the saved page as its dashboard thumbnail shows it. */
export const thumbnailResponseSchema = z.object({ html: z.string() });
export type ThumbnailResponse = z.infer<typeof thumbnailResponseSchema>;

/** GET /api/preview/{id}?token=…&t=… */
export const previewQuerySchema = z.object({
  token: z.string().min(1).max(2000),
  t: z.string().max(40).optional(),
});

/**
 * Per-account upload quota (ADR 15): the images an account keeps, in number and in bytes.
 * Images none of the account's portfolios uses are removed a day after their last upload.
 */
export const UPLOAD_QUOTA = { files: 50, bytes: 25 * 1024 * 1024 } as const;
export const UPLOAD_QUOTA_MESSAGE =
  'Upload limit reached: an account keeps at most 50 images (25 MB in all). Images none of your portfolios uses are removed a day after they were uploaded.';
