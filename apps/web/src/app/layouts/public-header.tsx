import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LayoutDashboard, Menu, User as UserIcon, X } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { usePublicConfig } from '../../hooks/use-public-config.ts';
import { useScrolled } from '../../hooks/use-scrolled.ts';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { SaleBanner } from '../../features/marketing/components/sale-banner.tsx';

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
 * button and a list of links: keyboard and screen-reader friendly, Escape or a click outside closes it).
 */
function MobileMenu() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector('button')?.focus();
      }
    };
    // pointerdown, not click: the click that opened the menu must not reach this listener.
    const onPointerDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
  const item =
    'flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800';
  return (
    <div ref={ref} className="relative md:hidden">
      <button
        type="button"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls="public-mobile-menu"
        onClick={() => setOpen((o) => !o)}
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100"
      >
        {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
      </button>
      <nav
        id="public-mobile-menu"
        aria-label="Menu"
        hidden={!open}
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
                to="/auth"
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
  const scrolled = useScrolled(50);
  const { status } = useAuth();
  const { data: config } = usePublicConfig();
  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'sticky top-0 z-40 w-full border-b transition-[background-color,border-color,box-shadow] duration-200',
        scrolled
          ? 'border-slate-200 bg-white shadow-sm shadow-slate-900/5'
          : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label="Folio home" className="rounded-lg">
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
          ) : status === 'signedOut' ? (
            <div className="hidden items-center gap-2 md:flex">
              <ButtonLink to="/auth" variant="ghost" size="sm">
                Log in
              </ButtonLink>
              <ButtonLink to="/auth" size="sm">
                Get Started
              </ButtonLink>
            </div>
          ) : null}
          <MobileMenu />
        </div>
      </div>
      <SaleBanner sale={config?.sale ?? null} />
    </header>
  );
}
