/**
 * The mails sent about an account: the confirmation mail (confirm, or refuse the account), the
 * password reset link, and the notice that Google sign-in took the account over. Held back past
 * the per-recipient limit.
 */
import type { UserRow } from '../../db/schema.ts';
import type { AccountsOptions } from './context.ts';
import { issueToken, type TokenKind } from './one-time-tokens.ts';

/** Whether an account mail may go to `to`; asked before its token is issued (see mailLimit). */
export function mayMail(o: AccountsOptions, to: string, kind: TokenKind): Promise<boolean> {
  return o.mailLimit?.allow(to, kind) ?? Promise.resolve(true);
}

/**
 * The confirmation mail. Whoever registered may not own the address, so it says that an account
 * was made with it, under which username, and offers its owner both ways: confirm, or refuse
 * (the account is deleted; see `accountToRefuse`).
 */
export async function sendVerification(o: AccountsOptions, row: UserRow): Promise<void> {
  if (!(await mayMail(o, row.email, 'verify'))) return;
  const token = await issueToken(o, row.id, 'verify');
  const refuse = await issueToken(o, row.id, 'refuse');
  const link = `${o.appUrl}/verify-email?token=${token}`;
  const refuseLink = `${o.appUrl}/refuse-account?token=${refuse}`;
  const app = o.appName;
  await o.mailer.send({
    to: row.email,
    kind: 'verify',
    link,
    subject: `Verify your email for ${app}`,
    text:
      `Hi ${row.name ?? row.username},\n\n` +
      `An account on ${app} was created with this email address (username: ${row.username}).\n\n` +
      `If it was you, please confirm your email address by opening this link (valid for 24 hours):\n\n${link}\n\n` +
      `If it was not you, do not open that link. Refuse the account instead: it is deleted with ` +
      `everything in it, and your address is free again (valid for 30 days, until the address is confirmed):\n\n` +
      `${refuseLink}\n`,
  });
}

/** The password reset link, valid for an hour (its token issued by the caller). */
export async function sendPasswordReset(
  o: AccountsOptions,
  row: UserRow,
  token: string,
): Promise<void> {
  const link = `${o.appUrl}/reset-password?token=${token}`;
  await o.mailer.send({
    to: row.email,
    kind: 'reset',
    link,
    subject: `Reset your ${o.appName} password`,
    text: `Hi ${row.name ?? row.username},\n\nSomeone asked to reset the password of your ${o.appName} account. Open this link within one hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
  });
}

/** Tells the address that Google sign-in now opens the account and its password was removed. */
export async function sendPasswordRemoved(o: AccountsOptions, row: UserRow): Promise<void> {
  const app = o.appName;
  const link = `${o.appUrl}/auth`;
  await o.mailer.send({
    to: row.email,
    kind: 'google-linked',
    link,
    subject: `Google sign-in now opens your ${app} account`,
    text:
      `Hi ${row.name ?? row.username},\n\n` +
      `Someone signed in to ${app} with the Google account for this address, and it now opens ` +
      `your ${app} account (username: ${row.username}).\n\n` +
      `Because Google proved the address and a password does not, the password that was set on ` +
      `the account has been removed and every other session signed out. Sign in with Google, ` +
      `or choose a new password with "Forgot password" on ${link}.\n`,
  });
}

/** The link that moves the account to a new address, sent to that address (valid for 24 hours). */
export async function sendEmailChange(
  o: AccountsOptions,
  row: UserRow,
  newEmail: string,
  token: string,
): Promise<void> {
  const link = `${o.appUrl}/verify-email?token=${token}`;
  const app = o.appName;
  await o.mailer.send({
    to: newEmail,
    kind: 'email-change',
    link,
    subject: `Confirm your new email for ${app}`,
    text:
      `Hi ${row.name ?? row.username},\n\n` +
      `You asked to use this address for your ${app} account (username: ${row.username}).\n\n` +
      `Open this link within 24 hours to confirm it. Until then the account keeps its current address:\n\n${link}\n\n` +
      `If it was not you, ignore this message: nothing changes.\n`,
  });
}

/** Tells the current address that a move to another one was asked for (nothing changes yet). */
export async function sendEmailChangeNotice(
  o: AccountsOptions,
  row: UserRow,
  newEmail: string,
): Promise<void> {
  const app = o.appName;
  await o.mailer.send({
    to: row.email,
    kind: 'address-notice',
    subject: `Your ${app} email is about to change`,
    text:
      `Hi ${row.name ?? row.username},\n\n` +
      `Someone signed in to your ${app} account (username: ${row.username}) asked to change its ` +
      `email address to ${newEmail}. It changes only when the link sent to that address is opened.\n\n` +
      `If it was not you, sign in, cancel the change on your profile and change your password; ` +
      `or use "Forgot password" on ${o.appUrl}/auth.\n`,
  });
}
