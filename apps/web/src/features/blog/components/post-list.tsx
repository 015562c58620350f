import type { PostMeta } from '../types.ts';
import { PostCard } from './post-card.tsx';

export function PostList({ posts }: { posts: PostMeta[] }) {
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, i) => (
        <li key={post.slug} className="flex">
          <PostCard post={post} eager={i < 3} />
        </li>
      ))}
    </ul>
  );
}
