/**
 * What a signed-in user changes on the profile: the display name, the e-mail address (only once
 * the new address has opened the link mailed to it) and the password (the other sessions are
 * signed out). Product rules: docs/product.md, "Profile"; ADR "profile changes".
 */
import { AppError, accountMessages } from '@folio/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors.ts';
import { users, type UserRow } from '../../db/schema.ts';
import { mayMail, sendEmailChange, sendEmailChangeNotice } from './account-mail.ts';
import { nowOf, type AccountsOptions } from './context.ts';
import { consumeToken, issueToken, voidTokens } from './one-time-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeOtherSessions } from './sessions.ts';

const emailTaken = () => new AppError('EMAIL_TAKEN', undefined, { field: 'email' });

async function userRow(o: AccountsOptions, id: number): Promise<UserRow> {
  const [row] = await o.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new AppError('UNAUTHENTICATED');
  return row;
}

export async function updateName(o: AccountsOptions, user: UserRow, name: string) {
  const [row] = (await o.db
    .update(users)
    .set({ name })
    .where(eq(users.id, user.id))
    .returning()) as [UserRow];
  return row;
}

/**
 * Asks to move the account to `email`: the address is kept as pending and a link is mailed to
 * it; the current address is told. An address another account uses is refused as sign-up refuses
 * it (same words; docs/security.md, account enumeration). The current password is asked when the
 * account has one: whoever holds a stolen session must not be able to take the account's mail.
 */
export async function requestEmailChange(
  o: AccountsOptions,
  user: UserRow,
  email: string,
  password: string | undefined,
): Promise<UserRow> {
  if (user.passwordHash) {
    if (!password) {
      throw new AppError('VALIDATION', accountMessages.currentPasswordRequired, {
        field: 'password',
      });
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('VALIDATION', accountMessages.currentPasswordWrong, { field: 'password' });
    }
  }
  const wanted = email.trim();
  if (wanted.toLowerCase() === user.email.toLowerCase()) {
    throw new AppError('VALIDATION', accountMessages.sameEmail, { field: 'email' });
  }
  const [other] = await o.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${wanted.toLowerCase()}`, ne(users.id, user.id)));
  if (other) throw emailTaken();
  if (!(await mayMail(o, wanted, 'email'))) {
    throw new AppError('RATE_LIMITED', accountMessages.mailHeldBack, { field: 'email' });
  }
  const [row] = (await o.db
    .update(users)
    .set({ pendingEmail: wanted })
    .where(eq(users.id, user.id))
    .returning()) as [UserRow];
  // Issued after the address is stored, and ending every earlier change link: only the link for
  // the address now pending works.
  const token = await issueToken(o, user.id, 'email');
  await sendEmailChange(o, row, wanted, token);
  // The notice is a courtesy: its failure is kept in the mail log and does not undo the request.
  void sendEmailChangeNotice(o, row, wanted).catch(() => undefined);
  return row;
}

/** Sends the pending address a new link (the earlier one stops working). */
export async function resendEmailChange(o: AccountsOptions, user: UserRow): Promise<void> {
  const row = await userRow(o, user.id);
  if (!row.pendingEmail) {
    throw new AppError('BAD_REQUEST', accountMessages.noPendingEmail);
  }
  if (!(await mayMail(o, row.pendingEmail, 'email'))) {
    throw new AppError('RATE_LIMITED', accountMessages.mailHeldBack);
  }
  const token = await issueToken(o, row.id, 'email');
  await sendEmailChange(o, row, row.pendingEmail, token);
}

/** Forgets the pending address; its link stops working. */
export async function cancelEmailChange(o: AccountsOptions, user: UserRow): Promise<UserRow> {
  return o.db.transaction(async (tx) => {
    const [row] = (await tx
      .update(users)
      .set({ pendingEmail: null })
      .where(eq(users.id, user.id))
      .returning()) as [UserRow];
    await voidTokens(tx, user.id, 'email');
    return row;
  });
}

/**
 * Follows an address-change link: the pending address becomes the account's (verified), and the
 * links mailed to the old address (verification, reset, refusal) end. Throws INVALID_TOKEN for a
 * token that is not a live change link; EMAIL_TAKEN when another account confirmed the address
 * first (nothing changes then).
 */
export async function confirmEmailChange(o: AccountsOptions, token: string): Promise<void> {
  try {
    await o.db.transaction(async (tx) => {
      const userId = await consumeToken(o, token, 'email', tx);
      const [row] = await tx
        .select({ pendingEmail: users.pendingEmail })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!row?.pendingEmail) throw new AppError('INVALID_TOKEN');
      await tx
        .update(users)
        .set({ email: row.pendingEmail, pendingEmail: null, emailVerifiedAt: nowOf(o) })
        .where(eq(users.id, userId));
      await voidTokens(tx, userId);
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw emailTaken();
    throw err;
  }
}

/**
 * Changes the password after checking the current one. The session making the change stays
 * signed in; every other session of the account is signed out, and mailed reset links end.
 * An account without a password (Google sign-in only) sets one through the reset link mailed to
 * its address instead: a session alone does not prove the address (ADR 0030).
 */
export async function changePassword(
  o: AccountsOptions,
  user: UserRow,
  sessionId: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  if (!user.passwordHash) throw new AppError('BAD_REQUEST', accountMessages.passwordNotSet);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError('VALIDATION', accountMessages.currentPasswordWrong, {
      field: 'currentPassword',
    });
  }
  const passwordHash = await hashPassword(newPassword);
  await o.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeOtherSessions(o, user.id, sessionId, tx);
    await voidTokens(tx, user.id, 'reset');
  });
}
