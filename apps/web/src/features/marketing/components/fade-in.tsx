import type { ReactNode } from 'react';
import { useIsland } from '../../../hooks/use-island.ts';
import { bindFadeIn } from '../../../islands/fade-in.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * Fades its content in when it scrolls into view (product.md, Screens in detail): the `fade-in` island,
 * shared with the prerendered page. Everything shows without JavaScript and with reduced motion.
 */
export function FadeIn({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useIsland<HTMLDivElement>(bindFadeIn);
  return (
    <div
      ref={ref}
      data-island="fade-in"
      className={cn(
        'transition-[opacity,translate] duration-700 ease-out data-[fade=hidden]:translate-y-6 data-[fade=hidden]:opacity-0 motion-reduce:transition-none',
        className,
      )}
    >
      {children}
    </div>
  );
}
