/**
 * Build-time blog compiler (Node only). A Vite plugin turns each apps/web/content/blog/*.md into a
 * module `{ meta, html }`; `readPosts` gives the same list to the prerender step (sitemap, RSS).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import type { Plugin } from 'vite';
import { parse as parseYaml } from 'yaml';
import type { PostMeta } from '../src/features/blog/types.ts';

export const blogDir = path.resolve(import.meta.dirname, '../content/blog');

const marked = new Marked({ gfm: true, async: false });

function fail(file: string, message: string): never {
  throw new Error(`${path.relative(process.cwd(), file)}: ${message}`);
}

/** Parses one post; throws with the file name when the front matter is incomplete. */
export function compilePost(source: string, file: string): { meta: PostMeta; html: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) fail(file, 'missing front matter');
  const front = parseYaml(match[1]!) as Record<string, unknown>;
  const text = (key: string): string => {
    const v = front[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (v instanceof Date) return v.toISOString().slice(0, 10);
    return fail(file, `front matter "${key}" is required`);
  };
  const tags = front.tags;
  if (!Array.isArray(tags) || !tags.length || !tags.every((t) => typeof t === 'string'))
    fail(file, 'front matter "tags" must be a non-empty list');
  const slug = text('slug');
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) fail(file, `bad slug "${slug}"`);
  if (path.basename(file, '.md') !== slug) fail(file, `file name must be ${slug}.md`);
  const date = text('date');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(file, `date must be YYYY-MM-DD, got ${date}`);
  const body = match[2]!;
  const words = body.split(/\s+/).filter(Boolean).length;
  const meta: PostMeta = {
    slug,
    title: text('title'),
    date,
    author: text('author'),
    excerpt: text('excerpt'),
    description: text('description'),
    image: text('image'),
    tags,
    readingMinutes: Math.max(1, Math.round(words / 220)),
  };
  // Headings below the post title (h1) start at h2; links to other sites open normally.
  const html = marked.parse(body) as string;
  return { meta, html };
}

/** Every post, newest first. */
export function readPosts(dir = blogDir): { meta: PostMeta; html: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => compilePost(fs.readFileSync(path.join(dir, f), 'utf8'), path.join(dir, f)))
    .sort((a, b) => b.meta.date.localeCompare(a.meta.date));
}

export function blogMarkdown(): Plugin {
  return {
    name: 'folio-blog-markdown',
    transform(source, id) {
      if (!id.endsWith('.md')) return null;
      const { meta, html } = compilePost(source, id);
      return {
        code: `export const meta = ${JSON.stringify(meta)};\nexport const html = ${JSON.stringify(html)};\n`,
        map: null,
      };
    },
  };
}
