/**
 * The account a Google sign-in opens: the one linked to the Google id, else the one with that
 * email (taken over by the Google user), else a new one with a free username.
 */
import { AppError } from '@folio/core';
import { eq, sql } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors.ts';
import { users, type UserRow } from '../../db/schema.ts';
import { sendPasswordRemoved } from './account-mail.ts';
import { nowOf, type AccountsOptions } from './context.ts';
import type { GoogleIdentity } from './google.ts';
import { voidTokens } from './one-time-tokens.ts';
import { revokeSessions } from './sessions.ts';

export async function googleAccount(
  o: AccountsOptions,
  identity: GoogleIdentity,
): Promise<UserRow> {
  const [linked] = await o.db.select().from(users).where(eq(users.googleSub, identity.sub));
  if (linked) return linked;
  const [byEmail] = await o.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${identity.email.trim().toLowerCase()}`);
  if (!byEmail) return createGoogleUser(o, identity);
  return linkGoogle(o, byEmail, identity);
}

/**
 * Google has proved the address of an account found by its email. Whoever set its password (or
 * holds its sessions and mailed links) may never have: anyone can register with another
 * person's address, and the confirmation link proves the address, not the password. So the
 * account passes to the Google user alone, in one transaction: Google id linked, email marked
 * verified, the password removed, every session revoked and every mailed link ended. When a
 * password was removed, the address is told why and how to set a new one.
 */
async function linkGoogle(
  o: AccountsOptions,
  found: UserRow,
  identity: GoogleIdentity,
): Promise<UserRow> {
  const { row, hadPassword } = await o.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, found.id))
      .for('update');
    const [updated] = (await tx
      .update(users)
      .set({
        googleSub: identity.sub,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        passwordHash: null,
      })
      .where(eq(users.id, found.id))
      .returning()) as [UserRow];
    await revokeSessions(o, found.id, tx);
    await voidTokens(tx, found.id);
    return { row: updated, hadPassword: Boolean(before?.passwordHash) };
  });
  // Sign-in does not wait for the mail; a failed delivery is kept in the mail log.
  if (hadPassword) void sendPasswordRemoved(o, row).catch(() => undefined);
  return row;
}

async function createGoogleUser(o: AccountsOptions, identity: GoogleIdentity): Promise<UserRow> {
  const base =
    (identity.email.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 30) || 'user';
  for (let attempt = 0; attempt < 20; attempt++) {
    const username = attempt === 0 ? base.padEnd(3, '0') : `${base}${attempt + 1}`;
    try {
      const [row] = (await o.db
        .insert(users)
        .values({
          username,
          email: identity.email,
          name: identity.name ?? null,
          googleSub: identity.sub,
          emailVerifiedAt: nowOf(o),
        })
        .returning()) as [UserRow];
      return row;
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null || !constraint.includes('username')) throw err;
    }
  }
  throw new AppError('CONFLICT', 'Could not find a free username');
}
