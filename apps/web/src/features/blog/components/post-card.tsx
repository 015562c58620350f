import { Link } from 'react-router';
import { formatPostDate, tagPath } from '../data/posts.ts';
import type { PostMeta } from '../types.ts';

export function PostCard({
  post,
  headingLevel = 2,
  eager = false,
}: {
  post: PostMeta;
  headingLevel?: 2 | 3;
  /** Above the fold: load the image at once. */
  eager?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm shadow-slate-900/5 transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <img
        src={post.image}
        alt=""
        width={1200}
        height={630}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[40/21] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm text-slate-600">
          <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          <span aria-hidden> · </span>
          {post.readingMinutes} min read
        </p>
        <Heading className="mt-2 text-xl font-semibold tracking-tight text-slate-900">
          <Link
            to={`/blog/${post.slug}`}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 leading-7 text-slate-600">{post.excerpt}</p>
        <ul className="relative z-10 mt-5 flex flex-wrap gap-2" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link
                to={tagPath(tag)}
                className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 hover:bg-brand-100"
              >
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
