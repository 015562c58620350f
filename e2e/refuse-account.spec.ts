import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_REFUSED_MESSAGE } from '@folio/core';
import { decodeMail } from '../scripts/lib/smtp-capture.ts';
import { expect, newAccount, test } from './fixtures.ts';

/**
 * Someone registers with another person's address. The confirmation mail tells that person an
 * account was made with it and links to a page where they refuse it: opening the page deletes
 * nothing (mail scanners open links); the button does, and the account is gone.
 */
test('the owner of an address refuses an account someone made with it', async ({
  page,
  server,
}) => {
  const account = newAccount();
  const registered = await page.request.post('/api/register', { data: account });
  expect(registered.status()).toBe(201);

  const outbox = path.join(server.dataDir, 'outbox');
  const mailFile = () =>
    fs.existsSync(outbox)
      ? fs.readdirSync(outbox).find((f) => f.includes('-verify-') && f.includes(account.email))
      : undefined;
  await expect.poll(mailFile).toBeTruthy();
  const mail = decodeMail(fs.readFileSync(path.join(outbox, mailFile()!), 'utf8'));
  expect(mail).toContain(`username: ${account.username}`);
  const link = /https?:\/\/\S+\/refuse-account\?token=[\w-]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();

  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Not your account?' })).toBeVisible();
  // Opening the link changed nothing: the registrant can still sign in.
  const before = await page.request.post('/api/login', {
    data: { username: account.username, password: account.password },
  });
  expect(before.status()).toBe(200);

  await page.getByRole('button', { name: 'Delete this account' }).click();
  await expect(page.getByRole('heading', { name: 'Account deleted' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(ACCOUNT_REFUSED_MESSAGE);
  const after = await page.request.post('/api/login', {
    data: { username: account.username, password: account.password },
  });
  expect(after.status()).toBe(401);

  // The same link again: it says why it cannot be used.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'Delete this account' }).click();
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired');
});
