/**
 * One-time tokens mailed to an address (email verification, password reset, refusing an account
 * made with someone else's address): issued, voided, and consumed once.
 */
import { AppError } from '@folio/core';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema.ts';
import { HOUR, nowOf, type AccountsOptions } from './context.ts';
import { hashToken, newOneTimeToken } from './tokens.ts';

export const RESET_TOKEN_TTL = HOUR;
export const VERIFY_TOKEN_TTL = 24 * HOUR;
/** How long the owner of an address can refuse an account made with it, while it is unconfirmed. */
export const REFUSE_TOKEN_TTL = 30 * 24 * HOUR;

/** A new address asked for on the profile: the link confirms it (see account-changes.ts). */
export const EMAIL_TOKEN_TTL = 24 * HOUR;

export type TokenKind = 'verify' | 'reset' | 'refuse' | 'email';

/** A new one-time token; a new reset or address-change link replaces the user's earlier ones. */
export async function issueToken(
  o: AccountsOptions,
  userId: number,
  kind: TokenKind,
): Promise<string> {
  const { token, hash } = newOneTimeToken();
  const ttl = {
    reset: RESET_TOKEN_TTL,
    verify: VERIFY_TOKEN_TTL,
    refuse: REFUSE_TOKEN_TTL,
    email: EMAIL_TOKEN_TTL,
  }[kind];
  await o.db.transaction(async (tx) => {
    // Only the latest reset link works; only the latest address-change link (it names the address).
    if (kind === 'reset' || kind === 'email') await voidTokens(tx, userId, kind);
    await tx
      .insert(oneTimeTokens)
      .values({ userId, kind, tokenHash: hash, expiresAt: new Date(nowOf(o).getTime() + ttl) });
  });
  return token;
}

/**
 * Ends a user's outstanding one-time tokens (of one kind, or all): deleted, they no longer work.
 * Deleted rather than marked used, so a voided verification link is never taken for one already
 * used (which a second click answers as success).
 */
export async function voidTokens(db: Db, userId: number, kind?: TokenKind): Promise<void> {
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

/** Marks a one-time token used and returns its user id; the update is the check, so it works once. */
export async function consumeToken(
  o: AccountsOptions,
  token: string,
  kind: TokenKind,
  db: Db = o.db,
): Promise<number> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: nowOf(o) })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, nowOf(o)),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  if (!row) throw new AppError('INVALID_TOKEN');
  return row.userId;
}
