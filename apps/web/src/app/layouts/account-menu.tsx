import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { LayoutDashboard, LogOut, User as UserIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { displayName, UserAvatar } from './user-avatar.tsx';

const menuContent =
  'z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10 data-[state=open]:animate-fade-in';
const menuItemBase =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium outline-none select-none';
const menuItem = cn(
  menuItemBase,
  'text-slate-700 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800',
);

/** The avatar menu (product.md, Screens in detail): name, email, Profile, Dashboard, Log out. */
export function AccountMenu() {
  const { user, logoutMutation } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="rounded-full ring-offset-2 transition-shadow hover:ring-2 hover:ring-brand-200"
      >
        <UserAvatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContent}>
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{displayName(user)}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={menuItem} onSelect={() => void navigate('/profile')}>
            <UserIcon className="size-4" aria-hidden /> Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItem} onSelect={() => void navigate('/dashboard')}>
            <LayoutDashboard className="size-4" aria-hidden /> Dashboard
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={cn(
              menuItemBase,
              'text-red-600 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700',
            )}
            onSelect={() => logoutMutation.mutate()}
          >
            <LogOut className="size-4" aria-hidden /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
