/**
 * A payment PayPal completes later (issue #15): the buyer's card is declined and PayPal's window
 * comes back to choose another way to pay (actions.restart()); that payment is PENDING (an
 * eCheck), so the page says so instead of failing; when PayPal sends its signed
 * PAYMENT.CAPTURE.COMPLETED webhook, the open profile shows the plan active.
 */
import { paymentMessages } from '@folio/core';
import { expect, newAccount, withPayPal } from './fixtures.ts';

const paid = withPayPal();

paid(
  'a declined card restarts PayPal; a pending payment shows as pending, and the signed webhook activates the plan',
  async ({ page, paypal, baseURL }) => {
    const res = await page.request.post('/api/register', { data: newAccount() });
    expect(res.status()).toBe(201);
    const { token } = (await res.json()) as { token: string };
    await page.addInitScript((t) => {
      if (window === window.top) localStorage.setItem('jwt', t);
    }, token);

    await page.goto('/pricing');
    await page
      .getByTestId('plan-card-lifetime')
      .getByRole('button', { name: 'Get Lifetime' })
      .click();
    await page
      .getByRole('dialog', { name: 'Confirm your purchase' })
      .getByRole('button', { name: 'Continue to Payment' })
      .click();
    const paying = page.getByRole('dialog', { name: /^Pay for / });
    const checkout = paying.getByRole('group', { name: 'PayPal checkout' });

    // The bank declines the card: PayPal's window comes back for the same order.
    paypal.failNextCapture('INSTRUMENT_DECLINED');
    await paying.getByRole('button', { name: 'PayPal', exact: true }).click();
    await checkout.getByRole('button', { name: 'Pay Now' }).click();
    await expect(checkout).toContainText('that payment method was declined');
    await expect(paying.getByTestId('paypal-restart')).toHaveText(paymentMessages.restart);
    await expect(page.getByTestId('payment-result')).toHaveCount(0);

    // The buyer pays by eCheck instead: PayPal holds the capture as PENDING.
    paypal.nextCapture({ kind: 'pending', reason: 'ECHECK' });
    await checkout.getByRole('button', { name: 'Pay Now' }).click();
    const result = page.getByTestId('payment-result');
    await expect(result.getByRole('heading', { name: paymentMessages.pendingTitle })).toBeVisible();
    await expect(result).toContainText(paymentMessages.pending);
    await expect(result).not.toContainText(paymentMessages.failedTitle);
    const orderId = paypal.lastOrder()!.id;

    await result.getByRole('link', { name: 'See payment status' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('payment-pending')).toContainText(
      `${paymentMessages.pendingTitle}: Lifetime (one-time).`,
    );
    await expect(page.getByTestId('plan-badge')).toHaveText('Free');

    // PayPal completes the payment later and says so with a signed webhook.
    paypal.settleCapture(orderId, 'COMPLETED');
    const delivery = await paypal.sendWebhook(
      `${baseURL}/api/paypal/webhook`,
      'PAYMENT.CAPTURE.COMPLETED',
      orderId,
    );
    expect(delivery.status).toBe(200);
    expect(delivery.body).toMatchObject({ outcome: 'applied' });

    // The open profile notices by itself.
    await expect(page.getByTestId('plan-badge')).toHaveText('Lifetime');
    await expect(page.getByTestId('payment-pending')).toHaveCount(0);
  },
);
