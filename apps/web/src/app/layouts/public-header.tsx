import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { LayoutDashboard, Menu, User as UserIcon, X } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { usePublicConfig } from '../../hooks/use-public-config.ts';
import { useIsland } from '../../hooks/use-island.ts';
import { cn } from '../../lib/cn.ts';
import { bindMenu } from '../../islands/menu.ts';
import { bindScrolled } from '../../islands/scrolled.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { SaleBanner } from '../../features/marketing/components/sale-banner.tsx';
import { brand } from '../../lib/brand.ts';

export const publicLinks = [
  { to: '/features', label: 'Features' },
  { to: '/how-it-works', label: 'How it works' },
  { to: '/templates', label: 'Templates' },
  { to: '/pricing', label: 'Pricing' },
] as const;

/** The signed-in account menu (radix dropdown): loaded only for signed-in visitors. */
const AccountMenu = lazy(async () => ({
  default: (await import('./account-menu.tsx')).AccountMenu,
}));

/**
 * Small screens: the four public links and the account links in a disclosure panel (a plain
 * button and a list of links: keyboard and screen-reader friendly; Escape, a click outside or a
 * followed link closes it). Its behaviour is the `menu` island, shared with the prerendered page.
 */
function MobileMenu() {
  const { user } = useAuth();
  const ref = useIsland<HTMLDivElement>(bindMenu);
  const item =
    'flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800';
  return (
    <div ref={ref} data-island="menu" className="relative md:hidden">
      <button
        type="button"
        aria-label="Open menu"
        aria-expanded={false}
        aria-controls="public-mobile-menu"
        className="group inline-flex size-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100"
      >
        <Menu className="size-5 group-aria-expanded:hidden" aria-hidden />
        <X className="hidden size-5 group-aria-expanded:block" aria-hidden />
      </button>
      <nav
        id="public-mobile-menu"
        aria-label="Menu"
        hidden
        className="absolute top-12 right-0 z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10"
      >
        <ul className="grid">
          {publicLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={item}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="my-1 h-px bg-slate-200" />
        {user ? (
          <ul className="grid">
            <li>
              <Link to="/dashboard" className={item}>
                <LayoutDashboard className="size-4" aria-hidden /> Dashboard
              </Link>
            </li>
            <li>
              <Link to="/profile" className={item}>
                <UserIcon className="size-4" aria-hidden /> Profile
              </Link>
            </li>
          </ul>
        ) : (
          <ul className="grid gap-1">
            <li>
              <Link to="/auth" className={item}>
                Log in
              </Link>
            </li>
            <li>
              <Link
                to="/auth?tab=register"
                className="flex justify-center rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Get Started
              </Link>
            </li>
          </ul>
        )}
      </nav>
    </div>
  );
}

export function PublicHeader() {
  const { status } = useAuth();
  const { data: config } = usePublicConfig();
  const ref = useIsland<HTMLElement>(bindScrolled);
  return (
    // Opaque after 50 px of scrolling (product.md, Screens in detail): the `scrolled` island sets data-scrolled.
    <header
      ref={ref}
      data-island="scrolled"
      data-scrolled="false"
      className="sticky top-0 z-40 w-full border-b border-transparent bg-transparent transition-[background-color,border-color,box-shadow] duration-200 data-[scrolled=true]:border-slate-200 data-[scrolled=true]:bg-white data-[scrolled=true]:shadow-sm data-[scrolled=true]:shadow-slate-900/5"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={`${brand().appName} home`} className="rounded-lg">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center justify-center gap-1 md:flex">
          {publicLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'text-brand-700'
                    : 'text-slate-600 hover:bg-slate-100/70 hover:text-slate-900',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          {status === 'signedIn' ? (
            <>
              <ButtonLink to="/dashboard" size="sm" className="hidden sm:inline-flex">
                <LayoutDashboard className="size-4" aria-hidden />
                Dashboard
              </ButtonLink>
              <div className="hidden md:block">
                <Suspense fallback={<span className="block size-9" />}>
                  <AccountMenu />
                </Suspense>
              </div>
            </>
          ) : (
            // Prerendered hidden (no one is known yet); shown for a visitor without a session.
            <div
              data-signed-out
              hidden={status !== 'signedOut'}
              className="hidden items-center gap-2 md:flex"
            >
              <ButtonLink to="/auth" variant="ghost" size="sm">
                Log in
              </ButtonLink>
              <ButtonLink to="/auth?tab=register" size="sm">
                Get Started
              </ButtonLink>
            </div>
          )}
          <MobileMenu />
        </div>
      </div>
      <SaleBanner sale={config?.sale ?? null} />
    </header>
  );
}
