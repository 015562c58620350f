import { AppError, type RegisterInput } from '@folio/core';
import { toUser } from '../../shared/users.ts';
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { oneTimeTokens, sessions, users, type UserRow } from '../../db/schema.ts';
import type { Mailer } from '../../shared/mailer.ts';
import type { RecipientMailLimit } from '../../shared/rate-limit-store.ts';
import type { GoogleIdentity } from './google.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, newOneTimeToken, newSessionId, type SessionTokens } from './tokens.ts';

const HOUR = 60 * 60 * 1000;
export const RESET_TOKEN_TTL = HOUR;
export const VERIFY_TOKEN_TTL = 24 * HOUR;
/** How long the owner of an address can refuse an account made with it, while it is unconfirmed. */
export const REFUSE_TOKEN_TTL = 30 * 24 * HOUR;

export const RESET_REQUESTED_MESSAGE =
  "If that account exists, we've sent a link to reset your password.";
export const RESEND_MESSAGE =
  'If that account exists and is not verified yet, we have sent a new verification email.';

type TokenKind = 'verify' | 'reset' | 'refuse';

export interface AccountsOptions {
  db: Db;
  mailer: Mailer;
  tokens: SessionTokens;
  appUrl: string;
  appName: string;
  sessionDays: number;
  requireEmailVerification: boolean;
  /** Holds back verification and reset mails past a limit per recipient (none when absent). */
  mailLimit?: RecipientMailLimit;
  now?: () => Date;
}

/** Accounts: registration, sessions, verification and password reset. */
export class Accounts {
  constructor(private readonly o: AccountsOptions) {}

  private now() {
    return this.o.now?.() ?? new Date();
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

  async createSession(userId: number, userAgent?: string): Promise<string> {
    const id = newSessionId();
    const expiresAt = new Date(this.now().getTime() + this.o.sessionDays * 24 * HOUR);
    await this.o.db
      .insert(sessions)
      .values({ id, userId, expiresAt, userAgent: userAgent?.slice(0, 300) });
    return this.o.tokens.sign({ userId, sessionId: id }, expiresAt);
  }

  /** The user behind a bearer token, when the token is valid and its session is still open. */
  async authenticate(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
    const claims = await this.o.tokens.verify(token);
    if (!claims) return null;
    const [row] = await this.o.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, claims.sessionId),
          eq(sessions.userId, claims.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, this.now()),
        ),
      );
    return row ? { user: row.user, sessionId: claims.sessionId } : null;
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
    await this.sendVerification(row);
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

  async logout(sessionId: string): Promise<void> {
    await this.o.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** A new one-time token; a new reset link replaces the user's earlier ones (only the latest works). */
  private async issueToken(userId: number, kind: TokenKind): Promise<string> {
    const { token, hash } = newOneTimeToken();
    const ttl = { reset: RESET_TOKEN_TTL, verify: VERIFY_TOKEN_TTL, refuse: REFUSE_TOKEN_TTL }[
      kind
    ];
    await this.o.db.transaction(async (tx) => {
      if (kind === 'reset') await this.voidTokens(userId, tx, 'reset');
      await tx
        .insert(oneTimeTokens)
        .values({ userId, kind, tokenHash: hash, expiresAt: new Date(this.now().getTime() + ttl) });
    });
    return token;
  }

  /**
   * Ends a user's outstanding one-time tokens (of one kind, or all): deleted, they no longer work.
   * Deleted rather than marked used, so a voided verification link is never taken for one already
   * used (which a second click answers as success).
   */
  private async voidTokens(userId: number, db: Db, kind?: TokenKind): Promise<void> {
    await db
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          isNull(oneTimeTokens.usedAt),
          kind ? eq(oneTimeTokens.kind, kind) : undefined,
        ),
      );
  }

  /** Ends every open session of a user (password reset, take-over by Google sign-in). */
  private async revokeSessions(userId: number, db: Db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** Marks a one-time token used and returns its user id; the update is the check, so it works once. */
  private async consumeToken(token: string, kind: TokenKind, db: Db = this.o.db): Promise<number> {
    const [row] = await db
      .update(oneTimeTokens)
      .set({ usedAt: this.now() })
      .where(
        and(
          eq(oneTimeTokens.tokenHash, hashToken(token)),
          eq(oneTimeTokens.kind, kind),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, this.now()),
        ),
      )
      .returning({ userId: oneTimeTokens.userId });
    if (!row) throw new AppError('INVALID_TOKEN');
    return row.userId;
  }

  /** Whether an account mail may go to `to`; asked before its token is issued (see mailLimit). */
  private mayMail(to: string, kind: TokenKind): Promise<boolean> {
    return this.o.mailLimit?.allow(to, kind) ?? Promise.resolve(true);
  }

  /**
   * The confirmation mail. Whoever registered may not own the address, so it says that an account
   * was made with it, under which username, and offers its owner both ways: confirm, or refuse
   * (the account is deleted; see `accountToRefuse`).
   */
  private async sendVerification(row: UserRow): Promise<void> {
    if (!(await this.mayMail(row.email, 'verify'))) return;
    const token = await this.issueToken(row.id, 'verify');
    const refuse = await this.issueToken(row.id, 'refuse');
    const link = `${this.o.appUrl}/verify-email?token=${token}`;
    const refuseLink = `${this.o.appUrl}/refuse-account?token=${refuse}`;
    const app = this.o.appName;
    await this.o.mailer.send({
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
    if (row && !row.emailVerifiedAt) await this.sendVerification(row);
  }

  async verifyEmail(token: string): Promise<void> {
    let userId: number;
    try {
      userId = await this.consumeToken(token, 'verify');
    } catch (err) {
      // A second click on a link already used: the address is verified, so it is a success again.
      if (await this.verifiedBy(token)) return;
      throw err;
    }
    await this.o.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ emailVerifiedAt: this.now() })
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
      // The owner confirmed the account: it can no longer be refused.
      await this.voidTokens(userId, tx, 'refuse');
    });
  }

  /** Whether `token` is a used verification link of an account whose address is verified. */
  private async verifiedBy(token: string): Promise<boolean> {
    const [row] = await this.o.db
      .select({ id: users.id })
      .from(oneTimeTokens)
      .innerJoin(users, eq(users.id, oneTimeTokens.userId))
      .where(
        and(
          eq(oneTimeTokens.tokenHash, hashToken(token)),
          eq(oneTimeTokens.kind, 'verify'),
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
    if (!row || !(await this.mayMail(row.email, 'reset'))) return;
    const token = await this.issueToken(row.id, 'reset');
    const link = `${this.o.appUrl}/reset-password?token=${token}`;
    await this.o.mailer.send({
      to: row.email,
      kind: 'reset',
      link,
      subject: `Reset your ${this.o.appName} password`,
      text: `Hi ${row.name ?? row.username},\n\nSomeone asked to reset the password of your ${this.o.appName} account. Open this link within one hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    });
  }

  /**
   * Sets the new password, proves the email, signs out every session of the account and ends
   * every other reset link mailed to it (an older link no longer works).
   */
  async confirmPasswordReset(token: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await this.o.db.transaction(async (tx) => {
      const userId = await this.consumeToken(token, 'reset', tx);
      await tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(eq(users.id, userId));
      await this.revokeSessions(userId, tx);
      await this.voidTokens(userId, tx, 'reset');
    });
  }

  /**
   * Google sign-in. The account already linked to that Google id signs in. Else an account with
   * that email is linked (see `linkGoogle`). Else a new account.
   */
  async googleSignIn(identity: GoogleIdentity, userAgent?: string) {
    let row: UserRow;
    try {
      row = await this.googleAccount(identity);
    } catch (err) {
      // Two first sign-ins of the same person at once: the other one created the account.
      if (uniqueViolation(err) === null) throw err;
      row = await this.googleAccount(identity);
    }
    const token = await this.createSession(row.id, userAgent);
    return { user: toUser(row), token };
  }

  private async googleAccount(identity: GoogleIdentity): Promise<UserRow> {
    const [linked] = await this.o.db.select().from(users).where(eq(users.googleSub, identity.sub));
    if (linked) return linked;
    const [byEmail] = await this.o.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${identity.email.trim().toLowerCase()}`);
    if (!byEmail) return this.createGoogleUser(identity);
    return this.linkGoogle(byEmail, identity);
  }

  /**
   * Google has proved the address of an account found by its email. Whoever set its password (or
   * holds its sessions and mailed links) may never have: anyone can register with another
   * person's address, and the confirmation link proves the address, not the password. So the
   * account passes to the Google user alone, in one transaction: Google id linked, email marked
   * verified, the password removed, every session revoked and every mailed link ended. When a
   * password was removed, the address is told why and how to set a new one.
   */
  private async linkGoogle(found: UserRow, identity: GoogleIdentity): Promise<UserRow> {
    const { row, hadPassword } = await this.o.db.transaction(async (tx) => {
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
      await this.revokeSessions(found.id, tx);
      await this.voidTokens(found.id, tx);
      return { row: updated, hadPassword: Boolean(before?.passwordHash) };
    });
    // Sign-in does not wait for the mail; a failed delivery is kept in the mail log.
    if (hadPassword) void this.sendPasswordRemoved(row).catch(() => undefined);
    return row;
  }

  private async sendPasswordRemoved(row: UserRow): Promise<void> {
    const app = this.o.appName;
    const link = `${this.o.appUrl}/auth`;
    await this.o.mailer.send({
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

  private async createGoogleUser(identity: GoogleIdentity): Promise<UserRow> {
    const base =
      (identity.email.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 30) ||
      'user';
    for (let attempt = 0; attempt < 20; attempt++) {
      const username = attempt === 0 ? base.padEnd(3, '0') : `${base}${attempt + 1}`;
      try {
        const [row] = (await this.o.db
          .insert(users)
          .values({
            username,
            email: identity.email,
            name: identity.name ?? null,
            googleSub: identity.sub,
            emailVerifiedAt: this.now(),
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
}
