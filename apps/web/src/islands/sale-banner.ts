import type { PublicConfig } from '@folio/core';

/** Days left, and the rest as hh:mm:ss. */
export function saleRemaining(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * How long the sale still runs, in whole days rounded up, as the banner says it: a sale of a week
 * says "for the next 7 days" (product.md, Constants), and counts down with the days.
 */
export function saleWindow(ms: number): string {
  const days = Math.ceil(Math.max(0, ms) / 86_400_000);
  return days <= 1 ? 'for the next 24 hours' : `for the next ${days} days`;
}

/**
 * The sale banner (product.md, Screens in detail; Plans): shown while `sale` runs, with its discount
 * (`[data-sale-percent]`) and a countdown to its end (`[data-sale-countdown]`) ticking every
 * second; hidden when there is no sale or it is over.
 */
export function bindSaleBanner(el: HTMLElement, sale: PublicConfig['sale']): () => void {
  const endsAt = sale ? Date.parse(sale.endsAt) : 0;
  const percent = el.querySelector<HTMLElement>('[data-sale-percent]');
  const countdown = el.querySelector<HTMLElement>('[data-sale-countdown]');
  const period = el.querySelector<HTMLElement>('[data-sale-window]');
  let timer = 0;
  const tick = () => {
    const left = endsAt - Date.now();
    if (!sale || left <= 0 || !countdown) {
      el.hidden = true;
      window.clearInterval(timer);
      return;
    }
    countdown.textContent = saleRemaining(left);
    if (period) period.textContent = saleWindow(left);
    el.hidden = false;
  };
  if (percent && sale) percent.textContent = String(sale.percent);
  tick();
  if (!el.hidden) timer = window.setInterval(tick, 1000);
  return () => {
    window.clearInterval(timer);
    el.hidden = true;
  };
}
