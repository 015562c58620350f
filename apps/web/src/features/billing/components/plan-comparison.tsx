import { Check, Minus } from 'lucide-react';
import { planIds, plans, type PriceList } from '@folio/core';
import { comparisonRows, planPrice, type ComparisonValue } from '../utils/plan-facts.ts';

function Cell({ value }: { value: ComparisonValue }) {
  if (value === true) {
    return (
      <>
        <Check className="mx-auto size-5 text-brand-600" aria-hidden />
        <span className="sr-only">Yes</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <Minus className="mx-auto size-5 text-slate-300" aria-hidden />
        <span className="sr-only">No</span>
      </>
    );
  }
  return <>{value}</>;
}

/**
 * The comparison table, every cell read from the catalogue. Scrolls sideways on phones: the
 * scrolling box is a labelled region in the tab order, so the keyboard can scroll it too.
 */
export function PlanComparison({
  proInterval,
  list,
}: {
  proInterval: 'month' | 'year';
  list: PriceList;
}) {
  return (
    <div
      role="region"
      aria-label="Plan comparison"
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
    >
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">Plan comparison</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50">
            <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-900">
              Feature
            </th>
            {planIds.map((id) => (
              <th
                key={id}
                scope="col"
                className="px-4 py-3 text-center font-semibold text-slate-900"
              >
                {plans[id].name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <tr>
            <th scope="row" className="px-4 py-3 text-left font-medium text-slate-700">
              Price
            </th>
            {planIds.map((id) => {
              const price = planPrice(plans[id], proInterval, list);
              return (
                <td key={id} className="px-4 py-3 text-center text-slate-700">
                  {price.regular ? <s className="mr-1 text-slate-500">{price.regular}</s> : null}
                  {price.amount} <span className="text-slate-500">{price.per}</span>
                </td>
              );
            })}
          </tr>
          {comparisonRows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="px-4 py-3 text-left font-medium text-slate-700">
                {row.label}
              </th>
              {planIds.map((id) => (
                <td key={id} className="px-4 py-3 text-center text-slate-700">
                  <Cell value={row.value(plans[id])} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
