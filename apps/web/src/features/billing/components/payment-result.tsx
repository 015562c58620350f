import { Dialog as RadixDialog } from 'radix-ui';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { effectivePlan, paymentMessages, plans, type User } from '@folio/core';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { formatPlanDate } from '../utils/plan-facts.ts';

export type PaymentOutcome =
  | { kind: 'success'; user: User }
  /** PayPal holds the payment as pending (e.g. an eCheck): the plan starts when it completes. */
  | { kind: 'pending'; detail: string }
  | { kind: 'failure'; detail: string };

/** The server's reason, without the spec's closing sentence that the overlay already says. */
function reason(detail: string): string | null {
  const text = detail.replace(paymentMessages.failed, '').trim();
  return text && text !== paymentMessages.failedTitle ? text : null;
}

/**
 * The success or failure overlay after a payment, with Continue to Dashboard; and a
 * pending one when PayPal has not completed the payment yet.
 */
export function PaymentResult({
  outcome,
  onClose,
  onRetry,
}: {
  outcome: PaymentOutcome | null;
  onClose: () => void;
  onRetry: () => void;
}) {
  const success = outcome?.kind === 'success';
  const pending = outcome?.kind === 'pending';
  const plan = outcome?.kind === 'success' ? effectivePlan(outcome.user) : null;
  const expires = outcome?.kind === 'success' ? outcome.user.planExpiresAt : null;
  const why = outcome?.kind === 'failure' ? reason(outcome.detail) : null;

  return (
    <RadixDialog.Root
      open={outcome !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          data-testid="payment-result"
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 justify-items-center gap-4 rounded-3xl bg-white p-8 text-center shadow-2xl data-[state=open]:animate-fade-in"
        >
          <span
            className={
              success
                ? 'flex size-16 items-center justify-center rounded-full bg-emerald-50'
                : pending
                  ? 'flex size-16 items-center justify-center rounded-full bg-amber-50'
                  : 'flex size-16 items-center justify-center rounded-full bg-red-50'
            }
          >
            {success ? (
              <CircleCheck className="size-9 text-emerald-600" aria-hidden />
            ) : pending ? (
              <Clock className="size-9 text-amber-600" aria-hidden />
            ) : (
              <CircleX className="size-9 text-red-600" aria-hidden />
            )}
          </span>
          <RadixDialog.Title className="text-2xl font-bold text-slate-900">
            {success
              ? paymentMessages.successTitle
              : pending
                ? paymentMessages.pendingTitle
                : paymentMessages.failedTitle}
          </RadixDialog.Title>
          <RadixDialog.Description className="text-slate-600">
            {success ? paymentMessages.success : pending ? outcome.detail : paymentMessages.failed}
          </RadixDialog.Description>
          {plan ? (
            <p className="rounded-xl bg-slate-50 px-4 py-2 text-sm text-slate-700">
              Your plan: <strong className="text-slate-900">{plans[plan].name}</strong>
              {expires ? ` until ${formatPlanDate(expires)}` : ''}
            </p>
          ) : null}
          {why ? (
            <p className="rounded-xl bg-red-50 px-4 py-2 text-sm text-red-800">{why}</p>
          ) : null}
          <div className="mt-2 flex w-full flex-col gap-2">
            <ButtonLink to="/dashboard" size="lg" className="w-full">
              Continue to Dashboard
            </ButtonLink>
            {pending ? (
              <ButtonLink to="/profile" variant="outline" size="lg" className="w-full">
                See payment status
              </ButtonLink>
            ) : null}
            {success || pending ? null : (
              <>
                <Button variant="outline" size="lg" className="w-full" onClick={onRetry}>
                  Try Again
                </Button>
                <ButtonLink to="/contact-us" variant="ghost" className="w-full">
                  Contact support
                </ButtonLink>
              </>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
