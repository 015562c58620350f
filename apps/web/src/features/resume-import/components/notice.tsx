import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';

/** An inline warning with a title, a message and optional actions. */
export function Notice({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{children}</p>
        {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
