/**
 * Sets `data-scrolled` on `el` to whether the window has scrolled more than `threshold` px
 * (product.md, Screens in detail: the header turns opaque after 50 px); styles key off the attribute.
 */
export function bindScrolled(el: HTMLElement, threshold = 50): () => void {
  const update = () => {
    el.dataset.scrolled = String(window.scrollY > threshold);
  };
  update();
  window.addEventListener('scroll', update, { passive: true });
  return () => window.removeEventListener('scroll', update);
}
