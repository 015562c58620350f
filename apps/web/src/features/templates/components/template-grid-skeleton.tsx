import { cn } from '../../../lib/cn.ts';

/** Placeholder cards while the catalogue loads. */
export function TemplateGridSkeleton({
  className,
  count = 6,
}: {
  className?: string;
  count?: number;
}) {
  return (
    <div
      role="status"
      aria-label="Loading templates"
      className={cn('grid gap-6', className)}
      data-testid="templates-loading"
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
          <div className="aspect-[4/3] animate-pulse bg-slate-200/70" />
          <div className="grid gap-2 p-5">
            <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
            <div className="h-3 w-1/4 animate-pulse rounded bg-slate-100" />
            <div className="h-3 w-5/6 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
