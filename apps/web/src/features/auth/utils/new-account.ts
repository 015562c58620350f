import type { User } from '@folio/core';

/** How long an account counts as new. */
export const NEW_ACCOUNT_MS = 60 * 60 * 1000;

/**
 * Whether an account is new (made under an hour ago): it is greeted "Welcome", never "Welcome
 * back", on its first sign-ins (e.g. right after the e-mailed verification link) and on the
 * dashboard. The one home of that rule.
 */
export function isNewAccount(user: Pick<User, 'createdAt'>, now: number = Date.now()): boolean {
  return now - new Date(user.createdAt).getTime() < NEW_ACCOUNT_MS;
}
