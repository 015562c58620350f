import { AppError } from '@folio/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { resumes, users } from '../db/schema.ts';
import type { JobTx } from './job-queue.ts';

/*
 * A parse exists to make a portfolio (product.md, Parsing and credits): its credit is taken when
 * the parse starts (so two parses cannot race for the last one) and settled by the portfolio made
 * from it. Resume rows after a successful parse:
 *
 *   parsed   — credit taken, no portfolio made from it yet
 *   used     — a portfolio was made from it (settled in the transaction that inserts the portfolio)
 *   released — making the portfolio failed: the credit was given back
 *
 * A released resume that later makes a portfolio after all takes its credit again (in that
 * portfolio's transaction), so a parse that leads to a portfolio always costs exactly one.
 */

/**
 * Settles the parse `resumeId` for the portfolio being inserted in `tx`: refuses a resume that is
 * not the account's or has no parsed data, and takes the credit again for a released one.
 */
export async function settleResumeCredit(
  tx: JobTx,
  userId: number,
  resumeId: number,
): Promise<void> {
  const [row] = await tx
    .select({ status: resumes.status, creditSpent: resumes.creditSpent })
    .from(resumes)
    .where(and(eq(resumes.id, resumeId), eq(resumes.userId, userId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Resume not found', { field: 'resumeId' });
  if (row.status === 'used') return; // the same parse again: its credit was settled once
  if (row.status === 'released' && row.creditSpent) {
    const [taken] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} - 1` })
      .where(and(eq(users.id, userId), gt(users.credits, 0)))
      .returning({ id: users.id });
    if (!taken) throw new AppError('INSUFFICIENT_CREDITS');
  } else if (row.status !== 'parsed' && row.status !== 'released') {
    throw new AppError('VALIDATION', 'This resume was not parsed', { field: 'resumeId' });
  }
  await tx.update(resumes).set({ status: 'used' }).where(eq(resumes.id, resumeId));
}

/**
 * Gives back the credit of a parse whose portfolio could not be made, once (only a resume still
 * "parsed" changes). Answers whether a credit was returned.
 */
export async function releaseResumeCredit(
  db: Db,
  userId: number,
  resumeId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(resumes)
      .set({ status: 'released' })
      .where(
        and(eq(resumes.id, resumeId), eq(resumes.userId, userId), eq(resumes.status, 'parsed')),
      )
      .returning({ creditSpent: resumes.creditSpent });
    if (!row?.creditSpent) return false;
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + 1` })
      .where(eq(users.id, userId));
    return true;
  });
}
