import type { PriceList } from '@folio/core';
import { FaqAccordion } from '../../../components/ui/faq-accordion.tsx';
import { pricingFaq } from '../utils/plan-facts.ts';

/** Pricing FAQ (one item open at a time, collapsible), composed from the catalogue. */
export function PricingFaq({ list }: { list: PriceList }) {
  return <FaqAccordion items={pricingFaq(list)} name="pricing-faq" />;
}
