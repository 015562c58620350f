import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { brand } from '../../lib/brand.ts';

/** The product's mark and name (APP_NAME); `inverted` for dark backgrounds. */
export function Logo({
  className,
  name = brand().appName,
  inverted = false,
}: {
  className?: string;
  name?: string;
  inverted?: boolean;
}) {
  const gradientId = useId();
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6a5ef8" />
            <stop offset="1" stopColor="#4c31d2" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={inverted ? '#fff' : `url(#${gradientId})`} />
        <path
          d="M11 8h11v3.5h-7.2v3.3H21v3.5h-6.2V24H11z"
          fill={inverted ? `url(#${gradientId})` : '#fff'}
        />
      </svg>
      <span className={cn('text-xl', inverted ? 'text-white' : 'text-slate-900')}>{name}</span>
    </span>
  );
}
