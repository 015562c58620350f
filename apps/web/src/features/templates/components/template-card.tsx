import { useId, type ReactNode } from 'react';
import { Check, Crown, Lock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { planNames, plansWhere, type TemplateListItem } from '@folio/core';
import { categoryLabel } from '../utils/categories.ts';
import { TemplateThumbnail } from './template-thumbnail.tsx';
import type { PortfolioContent } from '@folio/core';
import { SiteThumbnail } from '../../../components/site-thumbnail.tsx';

/**
 * One template: thumbnail (the user's content in it, or the sample page), name, category,
 * description, badges and the caller's actions.
 */
export function TemplateCard({
  template,
  selected = false,
  locked = false,
  onThumbnailClick,
  content,
  children,
}: {
  template: TemplateListItem;
  /** The user's portfolio content: the thumbnail shows it in this template instead of the sample. */
  content?: PortfolioContent | undefined;
  selected?: boolean;
  locked?: boolean;
  /** A mouse shortcut; the same action must also be reachable by a button in `children`. */
  onThumbnailClick?: () => void;
  /**
   * The actions: a main one that takes the width, then a compact one. The card body is a size
   * container, so `@[15rem]:` variants work inside.
   */
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      data-testid="template-card"
      data-selected={selected || undefined}
      className={cn(
        'flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm shadow-slate-900/5 transition-shadow hover:shadow-md',
        selected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200',
      )}
    >
      <div
        className={cn(
          'group relative border-b border-slate-200',
          onThumbnailClick ? 'cursor-pointer' : '',
        )}
        onClick={onThumbnailClick}
        data-testid="template-thumbnail"
      >
        {content ? (
          <SiteThumbnail content={content} template={template.id} />
        ) : (
          <TemplateThumbnail src={template.thumbnail_url} />
        )}
        {locked ? (
          <div className="absolute inset-0 flex items-center justify-center bg-slate-950/15 transition-colors group-hover:bg-slate-950/30">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1.5 text-xs font-semibold text-slate-900 shadow">
              <Lock className="size-3.5" aria-hidden />
              {planNames(plansWhere((p) => p.allTemplates))}
            </span>
          </div>
        ) : null}
        {selected ? (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white shadow">
            <Check className="size-3.5" aria-hidden />
            Selected
          </span>
        ) : null}
      </div>
      <div className="@container flex flex-1 flex-col gap-2 p-4 xl:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="text-base font-semibold text-slate-900">
              {template.name}
            </h3>
            <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
              {categoryLabel(template.category)}
            </p>
          </div>
          {template.premium ? (
            <Badge tone="premium">
              <Crown className="size-3" aria-hidden />
              Premium
            </Badge>
          ) : (
            <Badge tone="success">Free</Badge>
          )}
        </div>
        <p className="text-sm leading-6 text-slate-600">{template.description}</p>
        {children ? (
          <div className="mt-auto grid grid-cols-[minmax(0,1fr)_auto] gap-2 pt-3">{children}</div>
        ) : null}
      </div>
    </article>
  );
}
