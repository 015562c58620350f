import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CircleAlert } from 'lucide-react';
import {
  effectivePlan,
  paymentMessages,
  planIds,
  plans,
  purchaseRefusal,
  type CreateOrderInput,
  type PlanId,
  type PriceList,
  type User,
} from '@folio/core';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { usePublicConfig } from '../../../hooks/use-public-config.ts';
import { cn } from '../../../lib/cn.ts';
import { CheckoutDialog, type Purchase } from './checkout-dialog.tsx';
import { PaymentResult, type PaymentOutcome } from './payment-result.tsx';
import { PlanCard } from './plan-card.tsx';
import { formatPlanDate, planPrice, yearlySavingPercent } from '../utils/plan-facts.ts';

type ProInterval = 'month' | 'year';

/**
 * A paid plan a signed-out visitor pressed, carried through /auth as `/pricing?checkout=…` so
 * that signing in leads back to its checkout.
 */
const checkoutKeys = {
  'pro-month': { plan: 'pro', interval: 'month' },
  'pro-year': { plan: 'pro', interval: 'year' },
  lifetime: { plan: 'lifetime', interval: 'once' },
} as const satisfies Record<string, CreateOrderInput>;
type CheckoutKey = keyof typeof checkoutKeys;
const isCheckoutKey = (v: string | null): v is CheckoutKey => v !== null && v in checkoutKeys;
const checkoutKey = (input: CreateOrderInput): CheckoutKey =>
  input.plan === 'lifetime' ? 'lifetime' : input.interval === 'year' ? 'pro-year' : 'pro-month';

function IntervalSwitch({
  value,
  onChange,
}: {
  value: ProInterval;
  onChange: (v: ProInterval) => void;
}) {
  const options: { id: ProInterval; label: string }[] = [
    { id: 'month', label: 'Monthly' },
    { id: 'year', label: `Yearly (save ${yearlySavingPercent()}%)` },
  ];
  return (
    <div
      role="radiogroup"
      aria-label="Pro billing period"
      className="mx-auto flex w-fit rounded-full border border-slate-200 bg-white p-1 shadow-sm"
    >
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          role="radio"
          aria-checked={value === o.id}
          onClick={() => onChange(o.id)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
              e.preventDefault();
              onChange(value === 'month' ? 'year' : 'month');
            }
          }}
          tabIndex={value === o.id ? 0 : -1}
          className={cn(
            'rounded-full px-4 py-2 text-sm font-semibold transition-colors',
            value === o.id ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/**
 * Plan cards and the purchase flow (product.md, Screens in detail): signed-out buyers go to /auth; signed-in ones get
 * the confirm dialog, then PayPal, then the success or failure overlay.
 */
export function PricingPlans({
  user,
  signedIn,
  list,
  pricesLoaded,
  pricesFailed,
  proInterval,
  onProIntervalChange,
}: {
  /** The signed-in user, null when signed out or still loading. */
  user: User | null;
  signedIn: boolean;
  list: PriceList;
  pricesLoaded: boolean;
  pricesFailed: boolean;
  proInterval: ProInterval;
  onProIntervalChange: (v: ProInterval) => void;
}) {
  const navigate = useNavigate();
  const config = usePublicConfig();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [lastPurchase, setLastPurchase] = useState<Purchase | null>(null);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);

  const clientId = config.data?.paypalClientId ?? null;
  const known = pricesLoaded && config.isSuccess;
  const paymentsOn = known && list.paymentsEnabled && clientId !== null;
  const notConfigured = known && !paymentsOn;
  const current: PlanId | null = user ? effectivePlan(user) : null;

  const start = (next: Purchase) => {
    if (!user) {
      const back = `/pricing?checkout=${checkoutKey(next.input)}`;
      void navigate(`/auth?next=${encodeURIComponent(back)}`);
      return;
    }
    setLastPurchase(next);
    setPurchase(next);
  };

  // Back from /auth with the plan pressed: its checkout opens, or, when payments cannot be
  // taken here, the page says why (the notice below) with that plan's card in view.
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('checkout');
  useEffect(() => {
    if (!isCheckoutKey(wanted) || !user || !known) return;
    const input = checkoutKeys[wanted];
    if (input.plan === 'pro') onProIntervalChange(input.interval);
    setSearch({}, { replace: true });
    const price = list.prices.find((p) => p.plan === input.plan && p.interval === input.interval);
    if (paymentsOn && price && !purchaseRefusal(effectivePlan(user), input.plan)) {
      const next = {
        input,
        cents: price.cents,
        regularCents: price.onSale ? price.regularCents : null,
      };
      setLastPurchase(next);
      setPurchase(next);
    } else {
      document
        .querySelector(`[data-testid="plan-card-${input.plan}"]`)
        ?.scrollIntoView({ block: 'center' });
    }
  }, [wanted, user, known, paymentsOn, list, onProIntervalChange, setSearch]);

  function action(id: PlanId) {
    const plan = plans[id];
    const price = planPrice(plan, proInterval, list);
    if (id === 'free') {
      return signedIn ? (
        <ButtonLink to="/dashboard" variant="outline" className="w-full">
          Go to Dashboard
        </ButtonLink>
      ) : (
        <ButtonLink to="/auth?tab=register" variant="outline" className="w-full">
          {plan.buttonText}
        </ButtonLink>
      );
    }
    if (!plan.soldOnline || !price.purchase) {
      return (
        <ButtonLink to="/contact-us" variant="outline" className="w-full">
          {plan.buttonText}
        </ButtonLink>
      );
    }
    const buy = price.purchase;
    const refusal = current ? purchaseRefusal(current, buy.plan) : null;
    if (refusal) {
      return (
        <Button variant="outline" className="w-full" disabled>
          {current === id ? 'Current plan' : 'Included in your plan'}
        </Button>
      );
    }
    // Signed out, the button still leads to sign-in and back here, where the notice says why.
    if (notConfigured && user) {
      return (
        <Button variant="outline" className="w-full" disabled>
          Payments not configured
        </Button>
      );
    }
    const input: CreateOrderInput =
      buy.plan === 'pro'
        ? { plan: 'pro', interval: buy.interval === 'year' ? 'year' : 'month' }
        : { plan: 'lifetime', interval: 'once' };
    return (
      <Button
        variant={plan.popular ? 'primary' : 'outline'}
        className="w-full"
        // Until the server's price list is in, the amount shown may not be the one charged.
        disabled={signedIn && !known}
        onClick={() => start({ input, cents: buy.cents, regularCents: buy.regularCents })}
      >
        {current === 'pro' && id === 'pro' ? 'Extend Pro' : plan.buttonText}
      </Button>
    );
  }

  function note(id: PlanId): string | null {
    if (!user || !current) return null;
    if (id === 'pro' || id === 'lifetime') {
      const refusal = purchaseRefusal(current, id);
      if (refusal && current !== id) return refusal;
    }
    if (current !== id) return null;
    if (id === 'pro' && user.planExpiresAt)
      return `Pro until ${formatPlanDate(user.planExpiresAt)}`;
    return null;
  }

  return (
    <>
      <IntervalSwitch value={proInterval} onChange={onProIntervalChange} />
      {pricesFailed || config.isError ? (
        <p
          role="alert"
          className="mx-auto mt-6 max-w-xl rounded-xl bg-red-50 px-4 py-3 text-center text-sm text-red-800"
        >
          Current prices could not be loaded, so paid plans cannot be bought right now. Please
          reload the page.
        </p>
      ) : null}
      {notConfigured ? (
        <p
          role="status"
          className="mx-auto mt-6 flex max-w-xl items-center justify-center gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <CircleAlert className="size-4 shrink-0" aria-hidden />
          {paymentMessages.notConfigured}. Paid plans cannot be bought here yet.
        </p>
      ) : null}
      <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {planIds.map((id) => (
          <PlanCard
            key={id}
            plan={plans[id]}
            price={planPrice(plans[id], proInterval, list)}
            current={current === id}
            action={action(id)}
            note={note(id)}
          />
        ))}
      </ul>
      {user && clientId ? (
        <CheckoutDialog
          purchase={purchase}
          user={user}
          clientId={clientId}
          sdkUrl={config.data?.paypalSdkUrl ?? null}
          onClose={() => setPurchase(null)}
          onSuccess={(u: User) => {
            setPurchase(null);
            setOutcome({ kind: 'success', user: u });
          }}
          onPending={(detail) => {
            setPurchase(null);
            setOutcome({ kind: 'pending', detail });
          }}
          onFailure={(detail) => {
            setPurchase(null);
            setOutcome({ kind: 'failure', detail });
          }}
        />
      ) : null}
      <PaymentResult
        outcome={outcome}
        onClose={() => setOutcome(null)}
        onRetry={() => {
          setOutcome(null);
          setPurchase(lastPurchase);
        }}
      />
    </>
  );
}
