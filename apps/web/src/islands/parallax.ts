/**
 * Mouse-driven parallax (product.md, Screens in detail): the pointer position over `el` sets two CSS variables
 * (`--px`, `--py`, -1…1) that its layers translate by, at their own depths. Mouse only (not
 * touch), and off for people who prefer reduced motion.
 */
export function bindParallax(el: HTMLElement): () => void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {};
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
}
