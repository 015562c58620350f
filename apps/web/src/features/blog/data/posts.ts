import type { PostMeta } from '../types.ts';

/** Post metadata, compiled from content/blog/*.md at build time (scripts/blog-markdown.ts). */
const metas = import.meta.glob<PostMeta>('../../../../content/blog/*.md', {
  eager: true,
  import: 'meta',
});
const bodies = import.meta.glob<string>('../../../../content/blog/*.md', {
  eager: true,
  import: 'html',
});

/** Every post, newest first. */
export const posts: PostMeta[] = Object.values(metas).sort((a, b) => b.date.localeCompare(a.date));

const htmlBySlug = new Map(
  Object.entries(bodies).map(([file, html]) => [metas[file]!.slug, html] as const),
);

export function findPost(slug: string): { meta: PostMeta; html: string } | null {
  const meta = posts.find((p) => p.slug === slug);
  const html = htmlBySlug.get(slug);
  return meta && html !== undefined ? { meta, html } : null;
}

/** Tag pages are case-insensitive (product.md, Screens in detail). */
export function postsTagged(tag: string): PostMeta[] {
  const wanted = tag.toLowerCase();
  return posts.filter((p) => p.tags.some((t) => t.toLowerCase() === wanted));
}

/** Every tag once, in its written form, with how many posts carry it. */
export function allTags(): { tag: string; count: number }[] {
  const counts = new Map<string, { tag: string; count: number }>();
  for (const p of posts)
    for (const tag of p.tags) {
      const entry = counts.get(tag.toLowerCase()) ?? { tag, count: 0 };
      entry.count += 1;
      counts.set(tag.toLowerCase(), entry);
    }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/** The URL segment of a tag: lower case. */
export const tagPath = (tag: string) => `/blog/tags/${encodeURIComponent(tag.toLowerCase())}`;

export function formatPostDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
