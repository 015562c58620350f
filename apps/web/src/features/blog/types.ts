/** Front matter of a blog post (apps/web/content/blog/*.md), checked at build time. */
export interface PostMeta {
  slug: string;
  title: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  author: string;
  excerpt: string;
  /** The meta description of the post page. */
  description: string;
  /** Site-absolute path of the cover image. */
  image: string;
  tags: string[];
  /** Estimated reading time, from the body's word count. */
  readingMinutes: number;
}
