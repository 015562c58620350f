/** Blog posts, compiled by apps/web/scripts/blog-markdown.ts at build time. */
declare module '*.md' {
  import type { PostMeta } from './types.ts';
  export const meta: PostMeta;
  /** The post body as HTML (from Markdown written in this repository). */
  export const html: string;
}
