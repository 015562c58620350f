import type { User } from '@folio/core';
import { cn } from '../../lib/cn.ts';

export function displayName(user: Pick<User, 'name' | 'username'>): string {
  return user.name?.trim() || user.username;
}

/** The initial is the first letter of name or username, or U. */
export function userInitial(user: Pick<User, 'name' | 'username'> | null): string {
  const source = user?.name?.trim() || user?.username?.trim() || 'U';
  return (source[0] ?? 'U').toUpperCase();
}

export function UserAvatar({ user, className }: { user: User | null; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-sm font-semibold text-white',
        className,
      )}
    >
      {userInitial(user)}
    </span>
  );
}
