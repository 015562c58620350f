import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { allTags, tagPath } from '../data/posts.ts';

/** Every tag as a filter link; the current one is marked. */
export function TagList({ current }: { current?: string }) {
  const active = current?.toLowerCase();
  return (
    <nav aria-label="Blog tags">
      <ul className="flex flex-wrap justify-center gap-2">
        <li>
          <NavLink
            to="/blog"
            end
            className={cn(
              'inline-flex rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ring-inset',
              active === undefined
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            All posts
          </NavLink>
        </li>
        {allTags().map(({ tag, count }) => {
          const isCurrent = tag.toLowerCase() === active;
          return (
            <li key={tag}>
              <NavLink
                to={tagPath(tag)}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ring-inset',
                  isCurrent
                    ? 'bg-brand-600 text-white ring-brand-600'
                    : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {tag}
                <span className={isCurrent ? 'text-brand-100' : 'text-slate-500'}>{count}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
