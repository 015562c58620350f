/** Sessions: opened at sign-in as a signed bearer token, checked per request, revoked. */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users, type UserRow } from '../../db/schema.ts';
import { HOUR, nowOf, type AccountsOptions } from './context.ts';
import { newSessionId } from './tokens.ts';

export async function createSession(
  o: AccountsOptions,
  userId: number,
  userAgent?: string,
): Promise<string> {
  const id = newSessionId();
  const expiresAt = new Date(nowOf(o).getTime() + o.sessionDays * 24 * HOUR);
  await o.db
    .insert(sessions)
    .values({ id, userId, expiresAt, userAgent: userAgent?.slice(0, 300) });
  return o.tokens.sign({ userId, sessionId: id }, expiresAt);
}

/** The user behind a bearer token, when the token is valid and its session is still open. */
export async function authenticate(
  o: AccountsOptions,
  token: string,
): Promise<{ user: UserRow; sessionId: string } | null> {
  const claims = await o.tokens.verify(token);
  if (!claims) return null;
  const [row] = await o.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, nowOf(o)),
      ),
    );
  return row ? { user: row.user, sessionId: claims.sessionId } : null;
}

export async function logout(o: AccountsOptions, sessionId: string): Promise<void> {
  await o.db
    .update(sessions)
    .set({ revokedAt: nowOf(o) })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of a user (password reset, take-over by Google sign-in). */
export async function revokeSessions(o: AccountsOptions, userId: number, db: Db): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: nowOf(o) })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every open session of a user but `keep` (a password change signs the other devices out). */
export async function revokeOtherSessions(
  o: AccountsOptions,
  userId: number,
  keep: string,
  db: Db,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: nowOf(o) })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)));
}
