import { Accordion } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import type { PriceList } from '@folio/core';
import { pricingFaq } from '../utils/plan-facts.ts';

/** Pricing FAQ (one item open at a time, collapsible), composed from the catalogue. */
export function PricingFaq({ list }: { list: PriceList }) {
  return (
    <Accordion.Root type="single" collapsible className="grid gap-3">
      {pricingFaq(list).map((f, i) => (
        <Accordion.Item
          key={f.q}
          value={`faq-${i}`}
          className="rounded-xl border border-slate-200 bg-white"
        >
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-semibold text-slate-900">
              {f.q}
              <ChevronDown
                className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                aria-hidden
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-4 leading-7 text-slate-600">
            {f.a}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
