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

export const RESET_REQUESTED_MESSAGE =
  "If that account exists, we've sent a link to reset your password.";
export const RESEND_MESSAGE =
  'If that account exists and is not verified yet, we have sent a new verification email.';

type TokenKind = 'verify' | 'reset';

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
    const ttl = kind === 'reset' ? RESET_TOKEN_TTL : VERIFY_TOKEN_TTL;
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

  private async sendVerification(row: UserRow): Promise<void> {
    if (!(await this.mayMail(row.email, 'verify'))) return;
    const token = await this.issueToken(row.id, 'verify');
    const link = `${this.o.appUrl}/verify-email?token=${token}`;
    await this.o.mailer.send({
      to: row.email,
      kind: 'verify',
      link,
      subject: `Verify your email for ${this.o.appName}`,
      text: `Hi ${row.name ?? row.username},\n\nPlease confirm your email address by opening this link (valid for 24 hours):\n\n${link}\n\nIf you did not create an account, ignore this message.\n`,
    });
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
    await this.o.db
      .update(users)
      .set({ emailVerifiedAt: this.now() })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
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
   * that email: when its email is verified, Google's proof of the same address links it; when it
   * is not, whoever registered it never proved the address, and Google now has, so the account
   * passes to the Google user (see `takeOver`). Else a new account.
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
    if (!byEmail.emailVerifiedAt) return this.takeOver(byEmail.id, identity);
    return this.link(byEmail.id, identity, this.o.db);
  }

  private async link(userId: number, identity: GoogleIdentity, db: Db): Promise<UserRow> {
    const [row] = (await db
      .update(users)
      .set({ googleSub: identity.sub })
      .where(eq(users.id, userId))
      .returning()) as [UserRow];
    return row;
  }

  /**
   * An unverified account whose address Google has just proved: someone may have registered it
   * in advance with another person's email. It becomes the Google user's: email verified, the
   * password removed, every session revoked and every mailed link ended, so the first
   * registrant's password and tokens no longer work.
   */
  private takeOver(userId: number, identity: GoogleIdentity): Promise<UserRow> {
    return this.o.db.transaction(async (tx) => {
      const [row] = (await tx
        .update(users)
        .set({ googleSub: identity.sub, emailVerifiedAt: this.now(), passwordHash: null })
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
        .returning()) as [UserRow?];
      // Verified in the meantime (the mailed link was opened): an ordinary link.
      if (!row) return this.link(userId, identity, tx);
      await this.revokeSessions(userId, tx);
      await this.voidTokens(userId, tx);
      return row;
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
