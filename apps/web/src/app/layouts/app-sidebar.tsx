import { useState } from 'react';
import { Link, NavLink, useNavigate, useSearchParams } from 'react-router';
import {
  Eye,
  LayoutDashboard,
  LayoutTemplate,
  LogOut,
  Rocket,
  Upload,
  User as UserIcon,
  type LucideIcon,
} from 'lucide-react';
import { preloadDialog } from '../../components/ui/dialog.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { PortfolioPickerDialog } from '../../features/portfolios/components/portfolio-picker-dialog.tsx';
import { usePortfolios } from '../../features/portfolios/hooks/use-portfolios.ts';
import { displayName, UserAvatar } from './user-avatar.tsx';
import { brand } from '../../lib/brand.ts';

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors';
const idleClass = 'text-slate-600 hover:bg-slate-100 hover:text-slate-900';
const activeClass = 'bg-brand-50 text-brand-700';

function SidebarLink({
  to,
  icon: Icon,
  label,
  onNavigate,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  onNavigate?: (() => void) | undefined;
}) {
  return (
    <NavLink
      to={to}
      onClick={onNavigate}
      className={({ isActive }) => cn(itemClass, isActive ? activeClass : idleClass)}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      {label}
    </NavLink>
  );
}

/** The sidebar (product.md, Screens in detail): Dashboard, Profile, Upload Resume, Choose Template, Preview, Publish, Log out. */
export function AppSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { user, logoutMutation } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pickerOpen, setPickerOpen] = useState(false);
  const portfolios = usePortfolios();

  const list = portfolios.data ?? [];
  const currentId = /^\d+$/.test(params.get('id') ?? '') ? params.get('id') : null;
  const onlyId = list.length === 1 && list[0] ? String(list[0].id) : null;
  const focusId = currentId ?? onlyId;
  const withId = (path: string) => (focusId ? `${path}?id=${focusId}` : path);

  const chooseTemplate = () => {
    if (list.length === 1 && list[0]) {
      void navigate(`/template-select?id=${list[0].id}`);
      onNavigate?.();
      return;
    }
    setPickerOpen(true);
  };

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link
          to="/"
          aria-label={`${brand().appName} home`}
          className="rounded-lg"
          onClick={onNavigate}
        >
          <Logo />
        </Link>
      </div>
      <nav aria-label="App" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          <li>
            <SidebarLink
              to="/dashboard"
              icon={LayoutDashboard}
              label="Dashboard"
              onNavigate={onNavigate}
            />
          </li>
          <li>
            <SidebarLink to="/profile" icon={UserIcon} label="Profile" onNavigate={onNavigate} />
          </li>
          <li>
            <SidebarLink
              to="/resume-upload"
              icon={Upload}
              label="Upload Resume"
              onNavigate={onNavigate}
            />
          </li>
          <li>
            <button
              type="button"
              onClick={chooseTemplate}
              onPointerEnter={preloadDialog}
              onFocus={preloadDialog}
              className={cn(itemClass, idleClass)}
            >
              <LayoutTemplate className="size-5 shrink-0" aria-hidden />
              Choose Template
            </button>
          </li>
          <li>
            <SidebarLink
              to={withId('/preview')}
              icon={Eye}
              label="Preview"
              onNavigate={onNavigate}
            />
          </li>
          <li>
            <SidebarLink
              to={withId('/publish')}
              icon={Rocket}
              label="Publish"
              onNavigate={onNavigate}
            />
          </li>
        </ul>
      </nav>
      <div className="shrink-0 border-t border-slate-200 p-3">
        {user ? (
          <div className="flex items-center gap-3 px-2 py-2">
            <UserAvatar user={user} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{displayName(user)}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
          </div>
        ) : null}
        <button
          type="button"
          onClick={() => logoutMutation.mutate()}
          disabled={logoutMutation.isPending}
          className={cn(itemClass, 'text-slate-600 hover:bg-red-50 hover:text-red-700')}
        >
          <LogOut className="size-5 shrink-0" aria-hidden />
          Log out
        </button>
      </div>
      <PortfolioPickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        portfolios={portfolios.data}
        isLoading={portfolios.isPending}
        onPick={onNavigate}
      />
    </div>
  );
}
