import { userSchema, type User } from '@folio/core';
import type { UserRow } from '../db/schema.ts';

/** A user row as the API shows it (no password hash, dates as ISO strings). */
export function toUser(row: UserRow): User {
  return userSchema.parse({
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    credits: row.credits,
    plan: row.plan,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
    hasPassword: row.passwordHash !== null,
    planExpiresAt: row.planExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });
}
