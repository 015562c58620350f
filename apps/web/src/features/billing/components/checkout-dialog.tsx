import { lazy, Suspense, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { applyPurchase, effectivePlan, plans, type CreateOrderInput, type User } from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatPlanDate, formatUsd, intervalLabels } from '../utils/plan-facts.ts';

const PayPalCheckout = lazy(async () => ({
  default: (await import('./paypal-checkout.tsx')).PayPalCheckout,
}));

export interface Purchase {
  input: CreateOrderInput;
  cents: number;
  regularCents: number | null;
}

/** What the account looks like after this purchase, as the server will apply it. */
function outcomeText(user: User, input: CreateOrderInput): string {
  const current = {
    plan: effectivePlan(user),
    planExpiresAt: user.planExpiresAt ? new Date(user.planExpiresAt) : null,
  };
  const next = applyPurchase(current, { plan: input.plan, interval: input.interval }, new Date());
  const name = plans[next.plan].name;
  return next.planExpiresAt
    ? `${name} until ${formatPlanDate(next.planExpiresAt)}. It is not renewed automatically.`
    : `${name}, with no end date.`;
}

export interface CheckoutDialogProps {
  purchase: Purchase | null;
  user: User;
  clientId: string;
  sdkUrl: string | null;
  onClose: () => void;
  onSuccess: (user: User) => void;
  onPending: (detail: string) => void;
  onFailure: (detail: string) => void;
}

/** The payment confirm dialog, then the PayPal button. */
export function CheckoutDialog({
  purchase,
  user,
  clientId,
  sdkUrl,
  onClose,
  onSuccess,
  onPending,
  onFailure,
}: CheckoutDialogProps) {
  const [confirmed, setConfirmed] = useState(false);
  const open = purchase !== null;
  const close = () => {
    setConfirmed(false);
    onClose();
  };
  if (!purchase) return <Dialog open={false} onOpenChange={close} title="" />;
  const { input, cents, regularCents } = purchase;
  const plan = plans[input.plan];
  const interval = intervalLabels[input.interval];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={confirmed ? `Pay for ${plan.name}` : 'Confirm your purchase'}
      description={
        confirmed
          ? 'Choose how to pay in PayPal’s window. Your plan changes as soon as the payment is complete.'
          : `You are buying the ${plan.name} plan (${interval.adjective}).`
      }
    >
      <dl className="grid gap-2 rounded-xl bg-slate-50 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Plan</dt>
          <dd className="font-medium text-slate-900">
            {plan.name} · {interval.adjective}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Total</dt>
          <dd className="font-semibold text-slate-900" data-testid="checkout-total">
            {regularCents !== null ? (
              <s className="mr-2 font-normal text-slate-500">{formatUsd(regularCents)}</s>
            ) : null}
            {formatUsd(cents)} USD
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Afterwards</dt>
          <dd className="text-right text-slate-900">{outcomeText(user, input)}</dd>
        </div>
      </dl>
      {confirmed ? (
        <div className="grid gap-3" data-testid="paypal-area">
          <Suspense
            fallback={
              <p className="flex items-center justify-center gap-2 py-3 text-sm text-slate-600">
                <Spinner className="size-4 text-brand-600" label="Loading PayPal" />
                Loading PayPal…
              </p>
            }
          >
            <PayPalCheckout
              clientId={clientId}
              sdkUrl={sdkUrl}
              purchase={input}
              onSuccess={(u) => {
                setConfirmed(false);
                onSuccess(u);
              }}
              onPending={(detail) => {
                setConfirmed(false);
                onPending(detail);
              }}
              onFailure={(detail) => {
                setConfirmed(false);
                onFailure(detail);
              }}
            />
          </Suspense>
          <Button variant="ghost" onClick={() => setConfirmed(false)}>
            Back
          </Button>
        </div>
      ) : (
        <>
          <p className="flex items-start gap-2 text-sm text-slate-600">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            Paid securely through PayPal (PayPal, Visa, Mastercard). 7-day money-back guarantee.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => setConfirmed(true)}>Continue to Payment</Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
