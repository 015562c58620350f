import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import { CURRENCY, paymentMessages, type CreateOrderInput, type User } from '@folio/core';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getErrorCode, getErrorMessage } from '../../../lib/error-message.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { billingQueryKeys, completePayPalOrder, createPayPalOrder } from '../api/billing-api.ts';

/*
 * The PayPal part of a purchase (product.md, States: create order → approve → complete order). This
 * module is loaded only when a buyer confirms a purchase, and the SDK script only then.
 */

export interface PayPalCheckoutProps {
  clientId: string;
  /** PAYPAL_SDK_URL: another SDK address (the local stand-in); null = PayPal's own. */
  sdkUrl: string | null;
  purchase: CreateOrderInput;
  onSuccess: (user: User) => void;
  /** PayPal holds the payment as pending: the plan starts when PayPal completes it. */
  onPending: (detail: string) => void;
  onFailure: (detail: string) => void;
}

function ScriptStatus() {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-3 text-sm text-slate-600">
        <Spinner className="size-4 text-brand-600" label="Loading PayPal" />
        Loading PayPal…
      </p>
    );
  }
  if (isRejected) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
        PayPal could not be loaded. {paymentMessages.failed}
      </p>
    );
  }
  return null;
}

export function PayPalCheckout({
  clientId,
  sdkUrl,
  purchase,
  onSuccess,
  onPending,
  onFailure,
}: PayPalCheckoutProps) {
  const queryClient = useQueryClient();
  /** createOrder already told the buyer what went wrong; the SDK's onError that follows is quiet. */
  const reported = useRef(false);
  /** Why the last order could not be created: shown here too, since the dialog hides the toasts from assistive technology. */
  const [createError, setCreateError] = useState<string | null>(null);
  /** Why PayPal's window came back: the payment method was declined, another one is needed. */
  const [restartNote, setRestartNote] = useState<string | null>(null);

  return (
    <PayPalScriptProvider
      options={{
        clientId,
        currency: CURRENCY,
        intent: 'capture',
        components: 'buttons',
        ...(sdkUrl ? { sdkBaseUrl: sdkUrl } : {}),
      }}
    >
      <ScriptStatus />
      {createError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          <strong className="block font-semibold">{paymentMessages.errorTitle}</strong>
          {createError}
        </p>
      ) : null}
      {restartNote ? (
        <p
          role="status"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="paypal-restart"
        >
          {restartNote}
        </p>
      ) : null}
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'pill', label: 'pay' }}
        forceReRender={[purchase.plan, purchase.interval]}
        createOrder={async () => {
          reported.current = false;
          setCreateError(null);
          try {
            const { orderID } = await createPayPalOrder(purchase);
            if (!orderID) throw new Error(paymentMessages.createFailed);
            return orderID;
          } catch (err) {
            reported.current = true;
            const description =
              err instanceof ApiError ? getErrorMessage(err) : paymentMessages.createFailed;
            setCreateError(description);
            toast({ title: paymentMessages.errorTitle, description, variant: 'destructive' });
            throw err;
          }
        }}
        onApprove={async ({ orderID }, actions) => {
          setRestartNote(null);
          try {
            const answer = await completePayPalOrder(orderID);
            if (!answer.success) {
              // Accepted but pending at PayPal (e.g. an eCheck): not a failure.
              await queryClient.invalidateQueries({ queryKey: billingQueryKeys.status });
              onPending(answer.message);
              return;
            }
            queryClient.setQueryData<User | null>(queryKeys.user, answer.user);
            // The current user is fetched again after a payment.
            await queryClient.invalidateQueries({ queryKey: queryKeys.user });
            onSuccess(answer.user);
          } catch (err) {
            if (getErrorCode(err) === 'PAYMENT_RESTART') {
              // PayPal's integration guide ("Handle funding failures"): a declined funding
              // source restarts the buyer in PayPal's window to choose another one, instead of
              // failing the purchase; onApprove returns actions.restart() so the SDK waits for it.
              setRestartNote(getErrorMessage(err));
              return actions.restart();
            }
            onFailure(getErrorMessage(err));
          }
        }}
        onError={() => {
          if (reported.current) {
            reported.current = false;
            return;
          }
          onFailure(paymentMessages.processingError);
        }}
      />
    </PayPalScriptProvider>
  );
}
