/** What every accounts module shares: the options the server gives, and the clock. */
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../shared/mailer.ts';
import type { RecipientMailLimit } from '../../shared/rate-limit-store.ts';
import type { SessionTokens } from './tokens.ts';

export const HOUR = 60 * 60 * 1000;

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

/** The time now, by the clock of the options (tests move it). */
export function nowOf(o: AccountsOptions): Date {
  return o.now?.() ?? new Date();
}
