/**
 * The script of a prerendered public page (ADR 0010). A first visitor gets the HTML, the CSS and
 * this file: the header menu, the scroll state, the sale banner, the hero parallax and the
 * fade-ins run as small DOM "islands" (the same functions the React components call). The app
 * itself (React, the router, the API layer) loads only when it is needed:
 * - at once for a signed-in visitor (a session token is stored), who gets their own header;
 * - on pages marked `data-hydrate="on-interaction"` (pricing), at the first press of a button,
 *   which is then pressed again on the hydrated page; or at once while a sale runs, since the
 *   prerendered prices are the regular ones.
 */
import type { PublicConfig } from '@folio/core';
import { apiJson } from '../lib/api-client.ts';
import { getToken } from '../lib/token-storage.ts';
import { bindFadeIn } from './fade-in.ts';
import { bindMenu } from './menu.ts';
import { bindParallax } from './parallax.ts';
import { bindSaleBanner } from './sale-banner.ts';
import { bindScrolled } from './scrolled.ts';

const binders: Record<string, (el: HTMLElement) => () => void> = {
  menu: bindMenu,
  scrolled: (el) => bindScrolled(el),
  'fade-in': bindFadeIn,
  parallax: bindParallax,
};

const root = document.getElementById('root');
const html = document.documentElement;
const cleanups: (() => void)[] = [];
let appLoad: Promise<void> | null = null;

/** Hands the page to the app: islands off, the app's entry imported; resolves once it hydrated. */
function loadApp(): Promise<void> {
  appLoad ??= (async () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    document.removeEventListener('click', onFirstButtonClick, true);
    const entry = root?.dataset.app;
    if (!entry) return;
    await import(/* @vite-ignore */ entry);
    await new Promise<void>((resolve) => {
      if (html.dataset.ready === 'true') return resolve();
      const observer = new MutationObserver(() => {
        if (html.dataset.ready !== 'true') return;
        observer.disconnect();
        resolve();
      });
      observer.observe(html, { attributes: true, attributeFilter: ['data-ready'] });
    });
  })();
  return appLoad;
}

/** A button press before the app is here: load it, then press the same button again. */
function onFirstButtonClick(e: MouseEvent) {
  const button = (e.target as Element | null)?.closest('button');
  // The menu button is the menu island's own; every other button needs the app.
  if (!button || !root?.contains(button) || button.closest('[data-island="menu"]')) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  void loadApp().then(() => {
    if (button.isConnected) button.click();
  });
}

function start() {
  for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const bind = binders[el.dataset.island ?? ''];
    if (bind) cleanups.push(bind(el));
  }
  // No session: the sign-in actions the app would show a signed-out visitor.
  for (const el of document.querySelectorAll<HTMLElement>('[data-signed-out]')) el.hidden = false;
  cleanups.push(() => {
    for (const el of document.querySelectorAll<HTMLElement>('[data-signed-out]')) el.hidden = true;
  });

  const onInteraction = root?.dataset.hydrate === 'on-interaction';
  if (onInteraction) document.addEventListener('click', onFirstButtonClick, true);
  void apiJson<PublicConfig>('GET', '/api/config')
    .then((config) => {
      if (appLoad) return;
      if (onInteraction && config.sale) return loadApp();
      const banner = document.querySelector<HTMLElement>('[data-sale-banner]');
      if (banner) cleanups.push(bindSaleBanner(banner, config.sale));
    })
    .catch(() => {
      // No config (server unreachable): no sale banner; the page itself is all there.
    });
  html.dataset.ready = 'static';
}

// A prerendered page served at another address (the not-found page for an unknown post, a tag
// typed in capitals) shows its own address, as the app's redirect would (product.md, Screens in detail).
const shown = root?.dataset.prerendered;
if (shown && shown !== window.location.pathname) window.history.replaceState(null, '', shown);

if (getToken()) void loadApp();
else start();
