import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** `className` sets size and colour (default: size-6, brand colour). */
export function Spinner({
  className = 'size-6 text-brand-600',
  label = 'Loading',
}: {
  className?: string;
  label?: string;
}) {
  return (
    <LoaderCircle role="status" aria-label={label} className={cn('animate-spin', className)} />
  );
}

/** A spinner centred in the viewport (product.md, Screens in detail). */
export function PageSpinner() {
  return (
    <div
      className="flex min-h-[60vh] w-full items-center justify-center"
      data-testid="page-spinner"
    >
      <Spinner className="size-10 text-brand-600" />
    </div>
  );
}
