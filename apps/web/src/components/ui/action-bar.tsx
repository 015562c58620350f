import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The CSS variable the toaster lifts its viewport by, so a toast never covers the bar. */
export const ACTION_BAR_HEIGHT_VAR = '--action-bar-height';

/**
 * A page's main actions, kept in reach at the bottom of a long form (sticky). While it is on
 * the page its height is published as {@link ACTION_BAR_HEIGHT_VAR}: notifications stack above
 * it instead of over its buttons ("Resume uploaded successfully" used to hide "Continue to
 * templates" for its five seconds).
 */
export function ActionBar({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const resize = new ResizeObserver(() =>
      root.style.setProperty(ACTION_BAR_HEIGHT_VAR, `${bar.offsetHeight}px`),
    );
    resize.observe(bar);
    return () => {
      resize.disconnect();
      root.style.removeProperty(ACTION_BAR_HEIGHT_VAR);
    };
  }, []);
  return (
    <div
      ref={ref}
      className={cn(
        'sticky bottom-0 z-10 -mx-1 mt-6 border-t border-slate-200 bg-slate-50/95 px-1 py-3 backdrop-blur',
        className,
      )}
    >
      {children}
    </div>
  );
}
