/**
 * A payment PayPal takes back (issue #15): a buyer pays for Lifetime through the PayPal button;
 * the merchant refunds it in PayPal's dashboard and PayPal sends its signed
 * PAYMENT.CAPTURE.REFUNDED webhook; the profile then says the Lifetime payment was refunded and
 * shows the account on Free.
 */
import { paymentMessages, takenBackNotice } from '@folio/core';
import { expect, newAccount, withPayPal } from './fixtures.ts';

const paid = withPayPal();

/** How the profile writes a date (apps/web plan-facts: en-US, long, UTC). */
const profileDate = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d);

paid(
  'a refunded Lifetime payment: the profile says it was refunded and shows the plan as Free',
  async ({ page, paypal, baseURL }) => {
    const res = await page.request.post('/api/register', { data: newAccount() });
    expect(res.status()).toBe(201);
    const { token } = (await res.json()) as { token: string };
    await page.addInitScript((t) => {
      if (window === window.top) localStorage.setItem('jwt', t);
    }, token);

    // The buyer pays for Lifetime through the PayPal button.
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
    await paying.getByRole('button', { name: 'PayPal', exact: true }).click();
    await paying
      .getByRole('group', { name: 'PayPal checkout' })
      .getByRole('button', { name: 'Pay Now' })
      .click();
    const result = page.getByTestId('payment-result');
    await expect(result.getByRole('heading', { name: paymentMessages.successTitle })).toBeVisible();
    const orderId = paypal.lastOrder()!.id;

    await page.goto('/profile');
    await expect(page.getByTestId('plan-badge')).toHaveText('Lifetime');
    await expect(page.getByTestId('payment-taken-back')).toHaveCount(0);

    // The merchant refunds the whole payment; PayPal says so with a signed webhook.
    const before = new Date();
    paypal.refundCapture(orderId);
    const delivery = await paypal.sendWebhook(
      `${baseURL}/api/paypal/webhook`,
      'PAYMENT.CAPTURE.REFUNDED',
      orderId,
    );
    const after = new Date();
    expect(delivery.status).toBe(200);
    expect(delivery.body).toMatchObject({ outcome: 'refunded' });

    // The next look at the profile: the plan was taken back, and it says so.
    await page.goto('/profile');
    await expect(page.getByTestId('plan-badge')).toHaveText('Free');
    await expect(page.getByTestId('plan-until')).toHaveCount(0);
    // The day it was refunded (either side of midnight UTC, should the webhook straddle it).
    const expected = [...new Set([before, after].map(profileDate))].map((date) =>
      takenBackNotice({ plan: 'lifetime', kind: 'refunded', at: '' }, date, 'free'),
    );
    const notice = page.getByTestId('payment-taken-back');
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toHaveText(new RegExp(`^(${expected.map(escape).join('|')})$`));
    expect(expected[0]).toMatch(
      /^Your Lifetime payment was refunded on .+; your account is back on Free\.$/,
    );
  },
);

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
