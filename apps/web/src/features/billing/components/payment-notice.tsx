import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, Undo2 } from 'lucide-react';
import { paymentMessages, plans, takenBackNotice, type PlanId } from '@folio/core';
import { queryKeys } from '../../../lib/query-keys.ts';
import { billingQueryKeys, type BillingStatus } from '../api/billing-api.ts';
import { formatPlanDate, intervalLabels } from '../utils/plan-facts.ts';

/** How often a pending payment is looked at again while the profile is open. */
const PENDING_POLL_MS = 4000;

/**
 * The profile's word on the account's payments: one PayPal has not completed yet ("payment
 * pending — your plan starts when PayPal completes it"), or the latest one PayPal refunded or
 * reversed ("… your account is back on Free"). While a payment is pending it is looked at again
 * every few seconds, and the account is read again once PayPal has settled it.
 */
export function PaymentNotice({ planNow }: { planNow: PlanId }) {
  const queryClient = useQueryClient();
  const { data } = useQuery<BillingStatus>({
    queryKey: billingQueryKeys.status,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.pending ? PENDING_POLL_MS : false),
  });
  const wasPending = useRef(false);
  useEffect(() => {
    if (data?.pending) wasPending.current = true;
    else if (data && wasPending.current) {
      wasPending.current = false;
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    }
  }, [data, queryClient]);

  if (data?.pending) {
    const { plan, interval } = data.pending;
    return (
      <p
        role="status"
        data-testid="payment-pending"
        className="mt-3 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
      >
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">
            {paymentMessages.pendingTitle}: {plans[plan].name} ({intervalLabels[interval].adjective}
            ).
          </strong>{' '}
          {paymentMessages.pending}
        </span>
      </p>
    );
  }
  if (data?.takenBack) {
    return (
      <p
        role="status"
        data-testid="payment-taken-back"
        className="mt-3 flex gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-800"
      >
        <Undo2 className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{takenBackNotice(data.takenBack, formatPlanDate(data.takenBack.at), planNow)}</span>
      </p>
    );
  }
  return null;
}
