import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { formatPostDate, posts, tagPath } from '../data/posts.ts';
import type { PostMeta } from '../types.ts';
import { planNames, plansWhere } from '@folio/core';
import { brand } from '../../../lib/brand.ts';
import { PostCard } from './post-card.tsx';

/** Typography for the compiled Markdown (no stylesheet of its own: it lands in the one app CSS). */
const proseClasses = [
  'mt-10 text-lg leading-8 text-slate-700',
  '[&_p]:mt-5 [&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-base [&_code]:text-slate-800',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-300 [&_blockquote]:pl-4 [&_blockquote]:italic',
].join(' ');

/**
 * Posts name the product and the plans that have a feature by token (`{{appName}}`,
 * `{{plans:customSubdomain}}`), so both come from the settings and the plan catalogue.
 */
function withBrand(html: string): string {
  return html.replace(/\{\{(?:appName|plans:(\w+))\}\}/g, (_, feature?: string) =>
    feature
      ? planNames(plansWhere((p) => (p as unknown as Record<string, unknown>)[feature] === true))
      : brand().appName,
  );
}

/** A post page (product.md, Screens in detail): title, date, author, image, HTML content, tags. */
export function PostArticle({ meta, html }: { meta: PostMeta; html: string }) {
  const more = posts.filter((p) => p.slug !== meta.slug).slice(0, 3);
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pt-12 pb-16 sm:px-6 lg:px-8">
        <Link
          to="/blog"
          className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          All posts
        </Link>
        <header className="mt-6">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {meta.title}
          </h1>
          <p className="mt-5 text-slate-600">
            By <span className="font-medium text-slate-900">{meta.author}</span>
            <span aria-hidden> · </span>
            <time dateTime={meta.date}>{formatPostDate(meta.date)}</time>
            <span aria-hidden> · </span>
            {meta.readingMinutes} min read
          </p>
        </header>
        <img
          src={meta.image}
          alt=""
          width={1200}
          height={630}
          fetchPriority="high"
          className="mt-8 aspect-[40/21] w-full rounded-2xl object-cover shadow-lg shadow-slate-900/10"
        />
        <div
          className={proseClasses}
          // Our own Markdown, compiled at build time (scripts/blog-markdown.ts): trusted HTML.
          dangerouslySetInnerHTML={{ __html: withBrand(html) }}
        />
        <footer className="mt-12 border-t border-slate-200 pt-6">
          <h2 className="text-sm font-semibold text-slate-900">Tags</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {meta.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={tagPath(tag)}
                  className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-100"
                >
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        </footer>
      </article>
      {more.length ? (
        <section
          aria-labelledby="more-posts"
          className="border-t border-slate-200 bg-slate-50 py-16"
        >
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <h2 id="more-posts" className="text-2xl font-bold tracking-tight text-slate-900">
              More from the blog
            </h2>
            <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {more.map((p) => (
                <li key={p.slug} className="flex">
                  <PostCard post={p} headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}
