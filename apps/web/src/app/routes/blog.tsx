import { Navigate, useParams } from 'react-router';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { PostArticle } from '../../features/blog/components/post-article.tsx';
import { PostList } from '../../features/blog/components/post-list.tsx';
import { TagList } from '../../features/blog/components/tag-list.tsx';
import { allTags, findPost, posts, postsTagged } from '../../features/blog/data/posts.ts';
import { brand } from '../../lib/brand.ts';

export function BlogPage() {
  usePageMeta({
    title: 'Blog',
    description:
      'Career advice and portfolio tips: resumes, portfolio websites, templates, domains and landing the next role.',
  });
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Career advice and portfolio tips"
        description="Practical guides on resumes, portfolios and landing the next role."
      >
        <TagList />
      </PageHero>
      <section aria-label="Posts" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <PostList posts={posts} />
      </section>
    </>
  );
}

/** /blog/{slug}; an unknown slug goes to /404 (product.md, Screens in detail). */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = findPost(slug);
  if (!post) return <Navigate to="/404" replace />;
  return <PostPage meta={post.meta} html={post.html} />;
}

function PostPage({ meta, html }: NonNullable<ReturnType<typeof findPost>>) {
  usePageMeta({
    title: meta.title,
    description: meta.description,
    image: meta.image,
    type: 'article',
    publishedTime: meta.date,
  });
  return <PostArticle meta={meta} html={html} />;
}

/** /blog/tags/{tag}: case-insensitive; /blog/tags without a tag goes to /blog (router). */
export function BlogTagPage() {
  const { tag = '' } = useParams();
  const tagged = postsTagged(tag);
  const label = allTags().find((t) => t.tag.toLowerCase() === tag.toLowerCase())?.tag ?? tag;
  usePageMeta({
    title: `Posts tagged ${label}`,
    description: `${brand().appName} blog posts about ${label}: career advice and portfolio tips.`,
  });
  return (
    <>
      <PageHero eyebrow="Blog" title={`Posts tagged “${label}”`}>
        <TagList current={tag} />
      </PageHero>
      <section aria-label="Posts" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        {tagged.length ? (
          <PostList posts={tagged} />
        ) : (
          <p className="text-center text-lg text-slate-600">
            No posts found for the tag “{label}”.
          </p>
        )}
      </section>
    </>
  );
}
