/**
 * /pricing: plan cards, comparison and FAQ from the catalogue; the
 * purchase flow through the app's real PayPal code (`@paypal/react-paypal-js`) against the local
 * Orders v2 server and its JS SDK stand-in; the not-configured state.
 */
import type { Page } from '@playwright/test';
import { expect, newAccount, test, toast, withPayPal } from './fixtures.ts';

/** A worker whose server takes payments through the local PayPal (API and JS SDK), during a sale. */
const paid = withPayPal({
  SALE_PERCENT: '50',
  SALE_ENDS_AT: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
});

async function signIn(page: Page) {
  const res = await page.request.post('/api/register', { data: newAccount() });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => {
    if (window === window.top) localStorage.setItem('jwt', t);
  }, token);
  return { Authorization: `Bearer ${token}` };
}

const card = (page: Page, plan: string) => page.getByTestId(`plan-card-${plan}`);
const sdkScripts = (page: Page) => page.locator('script[src*="/sdk/js"]');

/** Confirm dialog → Continue to Payment → the stand-in's PayPal button → Pay Now. */
async function payWithPayPal(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Confirm your purchase' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  const paying = page.getByRole('dialog', { name: /^Pay for / });
  await paying.getByRole('button', { name: 'PayPal', exact: true }).click();
  await paying
    .getByRole('group', { name: 'PayPal checkout' })
    .getByRole('button', { name: 'Pay Now' })
    .click();
}

paid('signed-out buyers are sent to /auth, and no PayPal script is loaded', async ({ page }) => {
  await page.goto('/pricing');
  // The sale: the regular price struck through, the sale price charged.
  const proPrice = card(page, 'pro').getByTestId('plan-price');
  await expect(proPrice.locator('s')).toHaveText('$5.98');
  await expect(proPrice).toContainText('$2.99/ month');
  await expect(page.getByText('Sale: 50% off Pro and Lifetime until')).toBeVisible();
  await card(page, 'pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fpricing%3Fcheckout%3Dpro-month$/);
  await expect(sdkScripts(page)).toHaveCount(0);

  await page.goto('/pricing');
  await card(page, 'lifetime').getByRole('button', { name: 'Get Lifetime' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fpricing%3Fcheckout%3Dlifetime$/);
});

paid(
  'buying Pro: confirm, PayPal, success overlay, dashboard, and Pro on the profile',
  async ({ page, paypal }) => {
    const auth = await signIn(page);
    await page.goto('/pricing');
    await expect(card(page, 'free').getByText('Your plan')).toBeVisible();

    // The yearly switch changes the Pro price; back to monthly for this purchase.
    await page.getByRole('radio', { name: /Yearly/ }).click();
    await expect(card(page, 'pro').getByTestId('plan-price')).toContainText('$29.90/ year');
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await expect(card(page, 'pro').getByTestId('plan-price')).toContainText('$2.99/ month');

    await card(page, 'pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your purchase' });
    await expect(dialog.getByTestId('checkout-total')).toHaveText('$5.98$2.99 USD');
    await expect(dialog).toContainText(/Pro until \w+ \d+, \d{4}/);
    // The SDK is fetched only once the buyer goes on to pay.
    await expect(sdkScripts(page)).toHaveCount(0);

    await payWithPayPal(page);
    const result = page.getByTestId('payment-result');
    await expect(result.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(result).toContainText(
      'Your payment went through and your plan is active. Nothing renews by itself.',
    );
    await expect(result).toContainText(/Your plan: Pro until \w+ \d+, \d{4}/);
    await expect(sdkScripts(page)).toHaveCount(1);

    // PayPal was asked for the catalogue's sale price, computed by the server.
    const order = paypal.lastOrder()!;
    expect(order).toMatchObject({ status: 'COMPLETED' });
    expect(order.purchaseUnit.amount).toEqual({ currency_code: 'USD', value: '2.99' });

    await result.getByRole('link', { name: 'Continue to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await expect(page.getByTestId('plan-badge')).toHaveText('Pro');
    await expect(page.getByTestId('plan-until')).toHaveText(/^Pro until \w+ \d+, \d{4}$/);
    await expect(page.getByRole('main').getByRole('link', { name: 'Upgrade Plan' })).toHaveCount(0);
    const me = await (await page.request.get('/api/user', { headers: auth })).json();
    expect(me).toMatchObject({ plan: 'pro', credits: 10 });

    // Back on /pricing the Pro card is this account's and offers an extension.
    await page.goto('/pricing');
    await expect(card(page, 'pro').getByText('Your plan')).toBeVisible();
    await expect(card(page, 'pro').getByRole('button', { name: 'Extend Pro' })).toBeEnabled();
  },
);

paid(
  'a declined payment shows the failure overlay; trying again succeeds',
  async ({ page, paypal }) => {
    await signIn(page);
    await page.goto('/pricing');
    await card(page, 'lifetime').getByRole('button', { name: 'Get Lifetime' }).click();
    await expect(page.getByTestId('checkout-total')).toHaveText('$19.98$9.99 USD');
    paypal.failNextCapture('TRANSACTION_REFUSED');
    await payWithPayPal(page);

    const result = page.getByTestId('payment-result');
    await expect(result.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(result).toContainText('Please try again or contact support.');
    await expect(result).toContainText('The payment was refused.');
    await expect(result.getByRole('link', { name: 'Continue to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(card(page, 'free').getByText('Your plan')).toBeVisible();

    await result.getByRole('button', { name: 'Try Again' }).click();
    await payWithPayPal(page);
    await expect(result.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(result).toContainText('Your plan: Lifetime');
    await page.keyboard.press('Escape');
    // The user data was fetched again: the page now knows the account is Lifetime.
    await expect(card(page, 'lifetime').getByText('Your plan')).toBeVisible();
    await expect(
      card(page, 'lifetime').getByRole('button', { name: 'Current plan' }),
    ).toBeDisabled();
    await expect(
      card(page, 'pro').getByRole('button', { name: 'Included in your plan' }),
    ).toBeDisabled();
    await expect(card(page, 'pro')).toContainText(
      'Your Lifetime plan already includes everything in Pro.',
    );
  },
);

paid('cancelling in PayPal leaves the dialog open and the plan unchanged', async ({ page }) => {
  await signIn(page);
  await page.goto('/pricing');
  await card(page, 'pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const paying = page.getByRole('dialog', { name: 'Pay for Pro' });
  await paying.getByRole('button', { name: 'PayPal', exact: true }).click();
  await paying.getByRole('button', { name: 'Cancel' }).click();
  await expect(paying.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-result')).toHaveCount(0);
  await expect(toast(page, 'Payment Successful!')).toHaveCount(0);
});

paid('an order answer without an order id says the payment order failed', async ({ page }) => {
  await signIn(page);
  // Spec §8: 'Payment Error' / 'Failed to create payment order' when the order id is missing.
  await page.route('**/api/paypal/create-order', (route) => route.fulfill({ json: {} }));
  await page.goto('/pricing');
  await card(page, 'pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const paying = page.getByRole('dialog', { name: 'Pay for Pro' });
  await paying.getByRole('button', { name: 'PayPal', exact: true }).click();
  // The toast (hidden from the accessibility tree by the open dialog, not from the eye) and the
  // dialog's own alert say it.
  await expect(page.locator('li').filter({ hasText: 'Payment Error' })).toContainText(
    'Failed to create payment order',
  );
  await expect(paying.getByRole('alert')).toHaveText(
    /^Payment Error\s*Failed to create payment order$/,
  );
  // Nothing was paid: no overlay, and the buyer can try again from the same dialog.
  await expect(page.getByTestId('payment-result')).toHaveCount(0);
  await expect(paying.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
});

test('without PayPal settings the paid plans say payments are not configured', async ({ page }) => {
  await signIn(page);
  await page.goto('/pricing');
  await expect(
    page.getByRole('status').filter({ hasText: 'Payments are not configured' }),
  ).toBeVisible();
  for (const plan of ['pro', 'lifetime']) {
    await expect(
      card(page, plan).getByRole('button', { name: 'Payments not configured' }),
    ).toBeDisabled();
  }
  await expect(sdkScripts(page)).toHaveCount(0);
  await expect(card(page, 'business').getByRole('link', { name: 'Contact us' })).toHaveAttribute(
    'href',
    '/contact-us',
  );
  await expect(card(page, 'free').getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
});

test('the comparison table and FAQ come from the plan catalogue', async ({ page }) => {
  await page.goto('/pricing');
  const table = page.getByRole('table', { name: 'Plan comparison' });
  const row = (label: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  await expect(row('Portfolios')).toHaveText(/Portfolios\s*1\s*3\s*5\s*Unlimited/);
  await expect(row('Resume parsing credits')).toContainText('10 at sign-up');
  await expect(row('Resume parsing credits')).toContainText('Unlimited');
  await expect(row('Price')).toContainText('$5.98');
  await expect(row('Price')).toContainText('$19.98');

  // FAQ: one answer open at a time, and a second click closes it; the app is not needed for it.
  const faq = (q: string) => page.locator('summary', { hasText: q });
  await faq('How many portfolios can I have?').click();
  await expect(page.getByText('Free: 1; Pro: 3; Lifetime: 5; Business: unlimited.')).toBeVisible();
  await faq('How do I pay?').click();
  await expect(page.getByText('Free: 1; Pro: 3; Lifetime: 5; Business: unlimited.')).toBeHidden();
  await expect(page.getByText(/7-day money-back guarantee\.$/)).toBeVisible();
  await faq('How do I pay?').click();
  await expect(page.getByText(/7-day money-back guarantee\.$/)).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'static');
});

test('a first visitor gets the app at the first button press, and the press counts', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/pricing');
  const appEntry = (await page.locator('#root').getAttribute('data-app'))!;
  expect(scripts).not.toContain(appEntry);
  const price = card(page, 'pro').getByTestId('plan-price');
  await expect(price).toContainText('/ month');

  await page.getByRole('radio', { name: /^Yearly/ }).click();
  await expect(page.getByRole('radio', { name: /^Yearly/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(price).toContainText('/ year');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  expect(scripts).toContain(appEntry);
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await expect(price).toContainText('/ month');
});

test('the pricing page fits a phone screen; the table scrolls inside its frame', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/pricing');
  await expect(card(page, 'lifetime')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Plan comparison' })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
