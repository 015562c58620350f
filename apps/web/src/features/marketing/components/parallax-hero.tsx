import type { ReactNode } from 'react';
import { useIsland } from '../../../hooks/use-island.ts';
import { bindParallax } from '../../../islands/parallax.ts';

/**
 * The landing hero with a mouse-driven parallax background (product.md, Screens in detail): the pointer position sets
 * two CSS variables (-1…1) that the layers translate by, at different depths: the `parallax`
 * island, shared with the prerendered page.
 */
export function ParallaxHero({ children, layers }: { children: ReactNode; layers: ReactNode }) {
  const ref = useIsland<HTMLElement>(bindParallax);
  return (
    <section
      ref={ref}
      data-island="parallax"
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
