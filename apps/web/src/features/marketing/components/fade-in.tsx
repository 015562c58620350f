import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/**
 * Fades its content in when it scrolls into view (spec §2 landing page). The prerendered HTML
 * shows everything (readable without JavaScript); after load, only blocks still below the fold
 * are hidden until they appear. Nothing moves for people who prefer reduced motion.
 */
export function FadeIn({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !('IntersectionObserver' in window)) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (el.getBoundingClientRect().top < window.innerHeight) return;
    el.dataset.fade = 'hidden';
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          el.dataset.fade = 'shown';
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={cn(
        'transition-[opacity,translate] duration-700 ease-out data-[fade=hidden]:translate-y-6 data-[fade=hidden]:opacity-0 motion-reduce:transition-none',
        className,
      )}
    >
      {children}
    </div>
  );
}
