import { expect, newAccount, signedInWithPortfolio, test } from './fixtures.ts';

/**
 * Icon-only buttons of the signed-in app name themselves in a tooltip: after a 700 ms rest of the
 * pointer (the trigger's state says "delayed-open"), at once when moving on to a neighbour within
 * the 300 ms skip window ("instant-open"), and on keyboard focus. Asserted by states, not clocks.
 */
test('editor icon buttons show their name in a tooltip on hover and on keyboard focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { id } = await signedInWithPortfolio(page, {
    name: 'Tooltips',
    content: {
      data: {
        contact: { name: 'Ada Park', title: 'Engineer' },
        experience: [
          { company: 'Acme', position: 'Engineer', description: ['Built things'] },
          { company: 'Globex', position: 'Designer', description: ['Drew things'] },
        ],
      },
    },
  });
  await page.goto(`/preview?id=${id}`);
  await page.getByRole('tab', { name: 'Resume' }).click();

  const tooltip = page.getByRole('tooltip');
  const down = page.getByRole('button', { name: 'Move Engineer at Acme down', exact: true });
  const remove = page.getByRole('button', { name: 'Remove Engineer at Acme', exact: true });
  await expect(tooltip).toHaveCount(0);

  // Hover: the tooltip opens after the open delay, names the button, 4 px above it.
  await down.hover();
  await expect(tooltip).toHaveText('Move Engineer at Acme down');
  await expect(down).toHaveAttribute('data-state', 'delayed-open');
  const bubble = page.locator('[data-radix-popper-content-wrapper] > [data-side]');
  await expect(bubble).toHaveAttribute('data-side', 'top');
  await expect(bubble).toBeVisible();
  const [bubbleBox, downBox] = [await bubble.boundingBox(), await down.boundingBox()];
  expect(Math.abs(downBox!.y - (bubbleBox!.y + bubbleBox!.height) - 4)).toBeLessThan(0.6);

  // Straight on to the neighbour (a gliding pointer, as a hand moves it): its tooltip opens
  // without a new delay (skip delay).
  const removeBox = (await remove.boundingBox())!;
  await page.mouse.move(removeBox.x + removeBox.width / 2, removeBox.y + removeBox.height / 2, {
    steps: 8,
  });
  await expect(tooltip).toHaveText('Remove Engineer at Acme');
  await expect(remove).toHaveAttribute('data-state', 'instant-open');
  await expect(down).toHaveAttribute('data-state', 'closed');

  // Pointer away: nothing shows.
  await page.mouse.move(1, 1, { steps: 8 });
  await expect(tooltip).toHaveCount(0);

  // Keyboard: from the entry's first field, Shift+Tab reaches its icon buttons, each named.
  await page.getByLabel('Position', { exact: true }).first().focus();
  await expect(tooltip).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(remove).toBeFocused();
  await expect(tooltip).toHaveText('Remove Engineer at Acme');
  await page.keyboard.press('Shift+Tab');
  await expect(down).toBeFocused();
  await expect(tooltip).toHaveText('Move Engineer at Acme down');
});

test('a drawer closed by a tap hands focus back to its menu button without a tooltip', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signedInWithPortfolio(page, { name: 'Tooltips' });
  await page.goto('/dashboard');
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.click();
  await page.getByTestId('app-drawer').getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(open).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // The keyboard's way back does show it: Escape closes the drawer and focus is visible.
  await open.press('Enter');
  await expect(page.getByTestId('app-drawer')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(open).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('Open menu');
});

test("the chosen file's remove button on the upload page names itself in a tooltip", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A new account with no portfolio yet (a Free plan's one portfolio is still to make).
  const res = await page.request.post('/api/register', { data: newAccount() });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((jwt: string) => localStorage.setItem('jwt', jwt), token);
  await page.goto('/resume-upload');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles({
    name: 'ada-park-resume.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  const remove = page.getByRole('button', { name: 'Remove ada-park-resume.pdf', exact: true });
  const tooltip = page.getByRole('tooltip');
  await expect(remove).toBeEnabled();
  await expect(tooltip).toHaveCount(0);

  // Hover: after the open delay the tooltip names the button.
  await remove.hover();
  await expect(tooltip).toHaveText('Remove ada-park-resume.pdf');
  await expect(remove).toHaveAttribute('data-state', 'delayed-open');
  await page.mouse.move(1, 1, { steps: 8 });
  await expect(tooltip).toHaveCount(0);

  // Keyboard: Tab from the Replace button reaches it, and the tooltip shows on focus.
  await page.getByRole('button', { name: 'Replace', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(remove).toBeFocused();
  await expect(tooltip).toHaveText('Remove ada-park-resume.pdf');
});
