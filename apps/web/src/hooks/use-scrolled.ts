import { useEffect, useState } from 'react';

/**
 * True once the window has scrolled more than `threshold` px (spec §9: 50). Starts false, as in
 * the prerendered HTML, so hydration matches; the effect reads the real position at once.
 */
export function useScrolled(threshold = 50): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}
