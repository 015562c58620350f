import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The landing hero with a mouse-driven parallax background (spec §2): the pointer position sets
 * two CSS variables (-1…1) that the layers translate by, at different depths. No re-renders;
 * mouse only (not touch), and off for people who prefer reduced motion.
 */
export function ParallaxHero({ children, layers }: { children: ReactNode; layers: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    const onMove = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      const rect = el.getBoundingClientRect();
      const x = ((e.clientX - rect.left) / rect.width) * 2 - 1;
      const y = ((e.clientY - rect.top) / rect.height) * 2 - 1;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        el.style.setProperty('--px', x.toFixed(3));
        el.style.setProperty('--py', y.toFixed(3));
      });
    };
    el.addEventListener('pointermove', onMove);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('pointermove', onMove);
    };
  }, []);
  return (
    <section
      ref={ref}
      data-testid="hero"
      className="relative -mt-16 overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-16"
    >
      <div aria-hidden className="pointer-events-none absolute inset-0">
        {layers}
      </div>
      {children}
    </section>
  );
}

/** A background layer that moves `depth` px at the edges of the hero. */
export function ParallaxLayer({ depth, className }: { depth: number; className: string }) {
  return (
    <div
      data-parallax-depth={depth}
      className={`absolute transition-transform duration-300 ease-out will-change-transform ${className}`}
      style={{
        transform: `translate3d(calc(var(--px, 0) * ${depth}px), calc(var(--py, 0) * ${depth}px), 0)`,
      }}
    />
  );
}
