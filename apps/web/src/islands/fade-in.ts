/**
 * Fades `el` in when it scrolls into view (product.md, Screens in detail). The prerendered HTML shows
 * everything (readable without JavaScript); only blocks still below the fold are hidden until they
 * appear (`data-fade`, styled by the block). Nothing moves for people who prefer reduced motion.
 */
export function bindFadeIn(el: HTMLElement): () => void {
  if (!('IntersectionObserver' in window)) return () => {};
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {};
  if (el.dataset.fade === 'shown' || el.getBoundingClientRect().top < window.innerHeight) {
    return () => {};
  }
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
  return () => {
    observer.disconnect();
    if (el.dataset.fade === 'hidden') el.dataset.fade = 'shown';
  };
}
