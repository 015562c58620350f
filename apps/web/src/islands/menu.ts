/**
 * A menu button and the panel it controls (`aria-controls`): the button opens and closes the
 * panel; Escape closes it and gives focus back to the button; a pointer down outside, or following
 * one of its links, closes it. The state lives in the DOM (`aria-expanded`, `hidden`), so the same
 * code serves the prerendered page (islands) and the React header. Returns a cleanup that closes
 * the panel and removes the listeners.
 */
export function bindMenu(container: HTMLElement): () => void {
  const button = container.querySelector<HTMLButtonElement>('button[aria-controls]');
  const panel = button ? document.getElementById(button.getAttribute('aria-controls') ?? '') : null;
  if (!button || !panel) return () => {};

  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    panel.hidden = !open;
  };
  const onButtonClick = () => setOpen(panel.hidden !== false);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || panel.hidden) return;
    setOpen(false);
    button.focus();
  };
  // pointerdown, not click: the click that opened the menu must not close it.
  const onPointerDown = (e: PointerEvent) => {
    if (!panel.hidden && !container.contains(e.target as Node)) setOpen(false);
  };
  const onPanelClick = (e: MouseEvent) => {
    if ((e.target as Element).closest('a')) setOpen(false);
  };

  button.addEventListener('click', onButtonClick);
  panel.addEventListener('click', onPanelClick);
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('pointerdown', onPointerDown);
  return () => {
    button.removeEventListener('click', onButtonClick);
    panel.removeEventListener('click', onPanelClick);
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('pointerdown', onPointerDown);
    setOpen(false);
  };
}
