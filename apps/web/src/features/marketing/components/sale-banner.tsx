import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { PublicConfig } from '@folio/core';

function remaining(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    days: Math.floor(s / 86_400),
    text: `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`,
  };
}

/**
 * The sale banner fixed under the public header while a sale runs (spec §2, decisions "Plans"):
 * the discount and a live countdown to SALE_ENDS_AT; it disappears when the sale is over. It sits
 * over the page (absolutely placed), so showing it never shifts the content.
 */
export function SaleBanner({ sale }: { sale: PublicConfig['sale'] }) {
  const endsAt = sale ? Date.parse(sale.endsAt) : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  if (!sale || endsAt <= now) return null;
  const { days, text } = remaining(endsAt - now);
  return (
    <div
      role="region"
      aria-label="Sale"
      className="absolute inset-x-0 top-full bg-slate-900 px-4 py-2 text-center text-sm text-white shadow-md"
    >
      <span className="font-semibold">{sale.percent}% off Pro and Lifetime</span>
      <span className="text-slate-300"> · Ends in </span>
      <span className="font-semibold tabular-nums" data-testid="sale-countdown">
        {days > 0 ? `${days}d ` : ''}
        {text}
      </span>
      <span className="text-slate-300"> · </span>
      <Link
        to="/pricing"
        className="font-semibold text-brand-300 underline underline-offset-2 hover:text-white"
      >
        View Sale
      </Link>
    </div>
  );
}
