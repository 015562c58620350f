import { ChevronDown } from 'lucide-react';

/**
 * FAQ accordion (product.md, Screens in detail): one item open at a time, collapsible. Native exclusive <details>
 * (same `name`): keyboard and screen-reader support built in, and it works without JavaScript.
 */
export function FaqAccordion({
  items,
  name = 'faq',
}: {
  items: readonly { q: string; a: string }[];
  name?: string;
}) {
  return (
    <div className="grid gap-3">
      {items.map((f) => (
        <details
          key={f.q}
          name={name}
          className="group rounded-xl border border-slate-200 bg-white open:shadow-sm"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
            {f.q}
            <ChevronDown
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <p className="px-5 pb-4 leading-7 text-slate-600">{f.a}</p>
        </details>
      ))}
    </div>
  );
}
