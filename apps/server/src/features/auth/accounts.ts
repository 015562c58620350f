/**
 * Accounts: registration, sign-in, email verification, refusing an account made with someone
 * else's address, and password reset. Sessions: sessions.ts; mailed tokens: one-time-tokens.ts;
 * the mails: account-mail.ts; Google sign-in's account: google-accounts.ts.
 */
import { AppError, type RegisterInput } from '@folio/core';
import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors.ts';
import { oneTimeTokens, users, type UserRow } from '../../db/schema.ts';
import { toUser } from '../../shared/users.ts';
import {
  cancelEmailChange,
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  resendEmailChange,
  updateName,
} from './account-changes.ts';
import { mayMail, sendPasswordReset, sendVerification } from './account-mail.ts';
import { nowOf, type AccountsOptions } from './context.ts';
import type { GoogleIdentity } from './google.ts';
import { googleAccount } from './google-accounts.ts';
import { consumeToken, issueToken, voidTokens } from './one-time-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { authenticate, createSession, logout, revokeSessions } from './sessions.ts';
import { hashToken } from './tokens.ts';

export type { AccountsOptions } from './context.ts';
export { REFUSE_TOKEN_TTL, RESET_TOKEN_TTL, VERIFY_TOKEN_TTL } from './one-time-tokens.ts';

export const RESET_REQUESTED_MESSAGE =
  "If that account exists, we've sent a link to reset your password.";
export const RESEND_MESSAGE =
  'If that account exists and is not verified yet, we have sent a new verification email.';

export class Accounts {
  constructor(private readonly o: AccountsOptions) {}

  private now() {
    return nowOf(this.o);
  }

  private findByLogin(login: string) {
    const value = login.trim().toLowerCase();
    return this.o.db
      .select()
      .from(users)
      .where(or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`))
      .limit(2)
      .then((rows) => rows.find((r) => r.username.toLowerCase() === value) ?? rows[0]);
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.o.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** Re-authentication before a sensitive action: true when the account has no password (Google only) or it matches. */
  async checkPassword(user: UserRow, password: string | undefined): Promise<boolean> {
    if (!user.passwordHash) return true;
    return verifyPassword(user.passwordHash, password ?? '');
  }

  createSession(userId: number, userAgent?: string): Promise<string> {
    return createSession(this.o, userId, userAgent);
  }

  /** The user behind a bearer token, when the token is valid and its session is still open. */
  authenticate(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
    return authenticate(this.o, token);
  }

  async register(input: RegisterInput, userAgent?: string) {
    const passwordHash = await hashPassword(input.password);
    let row: UserRow;
    try {
      [row] = (await this.o.db
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          name: input.name,
          passwordHash,
          emailVerifiedAt: null,
        })
        .returning()) as [UserRow];
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      if (constraint.includes('email'))
        throw new AppError('EMAIL_TAKEN', undefined, { field: 'email' });
      throw new AppError('USERNAME_TAKEN', undefined, { field: 'username' });
    }
    await sendVerification(this.o, row);
    if (this.o.requireEmailVerification) {
      return { user: toUser(row), token: null, verificationRequired: true };
    }
    const token = await this.createSession(row.id, userAgent);
    return { user: toUser(row), token, verificationRequired: false };
  }

  async login(login: string, password: string, userAgent?: string) {
    const row = await this.findByLogin(login);
    const ok = await verifyPassword(row?.passwordHash ?? null, password);
    if (!row || !ok) throw new AppError('INVALID_CREDENTIALS');
    if (this.o.requireEmailVerification && !row.emailVerifiedAt) {
      throw new AppError('EMAIL_NOT_VERIFIED');
    }
    const token = await this.createSession(row.id, userAgent);
    return { user: toUser(row), token };
  }

  logout(sessionId: string): Promise<void> {
    return logout(this.o, sessionId);
  }

  /**
   * The unconfirmed account a refusal link names, to be deleted by its caller (the account's
   * deletion ends the link with it). A confirmed account cannot be refused: its owner confirmed it.
   */
  async accountToRefuse(token: string): Promise<UserRow> {
    const [row] = await this.o.db
      .select({ user: users })
      .from(oneTimeTokens)
      .innerJoin(users, eq(users.id, oneTimeTokens.userId))
      .where(
        and(
          eq(oneTimeTokens.tokenHash, hashToken(token)),
          eq(oneTimeTokens.kind, 'refuse'),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, this.now()),
          isNull(users.emailVerifiedAt),
        ),
      );
    if (!row) throw new AppError('INVALID_TOKEN');
    return row.user;
  }

  async resendVerification(login: string): Promise<void> {
    const row = await this.findByLogin(login);
    if (row && !row.emailVerifiedAt) await sendVerification(this.o, row);
  }

  async verifyEmail(token: string): Promise<void> {
    let userId: number;
    try {
      userId = await consumeToken(this.o, token, 'verify');
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'INVALID_TOKEN') throw err;
      // A second click on a link already used: the address is verified, so it is a success again.
      if (await this.verifiedBy(token)) return;
      // The link that confirms a new address asked for on the profile (same page, same answer).
      try {
        await confirmEmailChange(this.o, token);
        return;
      } catch (changeErr) {
        if (changeErr instanceof AppError && changeErr.code === 'INVALID_TOKEN') throw err;
        throw changeErr;
      }
    }
    await this.o.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ emailVerifiedAt: this.now() })
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
      // The owner confirmed the account: it can no longer be refused.
      await voidTokens(tx, userId, 'refuse');
    });
  }

  /** Whether `token` is a used verification (or address-change) link of a verified account. */
  private async verifiedBy(token: string): Promise<boolean> {
    const [row] = await this.o.db
      .select({ id: users.id })
      .from(oneTimeTokens)
      .innerJoin(users, eq(users.id, oneTimeTokens.userId))
      .where(
        and(
          eq(oneTimeTokens.tokenHash, hashToken(token)),
          inArray(oneTimeTokens.kind, ['verify', 'email']),
          isNotNull(oneTimeTokens.usedAt),
          isNotNull(users.emailVerifiedAt),
        ),
      );
    return row !== undefined;
  }

  /** Always resolves the same way: whether the account exists is not revealed. */
  async requestPasswordReset(email: string): Promise<void> {
    const [row] = await this.o.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
    // Held back before the token: a new reset link ends the earlier ones, even unsent.
    if (!row || !(await mayMail(this.o, row.email, 'reset'))) return;
    const token = await issueToken(this.o, row.id, 'reset');
    await sendPasswordReset(this.o, row, token);
  }

  /**
   * Sets the new password, proves the email, signs out every session of the account and ends
   * every other reset link mailed to it (an older link no longer works).
   */
  async confirmPasswordReset(token: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await this.o.db.transaction(async (tx) => {
      const userId = await consumeToken(this.o, token, 'reset', tx);
      await tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(eq(users.id, userId));
      await revokeSessions(this.o, userId, tx);
      await voidTokens(tx, userId, 'reset');
    });
  }

  /** Profile changes (account-changes.ts). */
  updateName(user: UserRow, name: string): Promise<UserRow> {
    return updateName(this.o, user, name);
  }

  requestEmailChange(user: UserRow, email: string, password?: string): Promise<UserRow> {
    return requestEmailChange(this.o, user, email, password);
  }

  resendEmailChange(user: UserRow): Promise<void> {
    return resendEmailChange(this.o, user);
  }

  cancelEmailChange(user: UserRow): Promise<UserRow> {
    return cancelEmailChange(this.o, user);
  }

  changePassword(user: UserRow, sessionId: string, current: string, next: string): Promise<void> {
    return changePassword(this.o, user, sessionId, current, next);
  }

  /**
   * Google sign-in. The account already linked to that Google id signs in. Else an account with
   * that email is linked (google-accounts.ts). Else a new account.
   */
  async googleSignIn(identity: GoogleIdentity, userAgent?: string) {
    let row: UserRow;
    try {
      row = await googleAccount(this.o, identity);
    } catch (err) {
      // Two first sign-ins of the same person at once: the other one created the account.
      if (uniqueViolation(err) === null) throw err;
      row = await googleAccount(this.o, identity);
    }
    const token = await this.createSession(row.id, userAgent);
    return { user: toUser(row), token };
  }
}
