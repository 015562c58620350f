import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Menu } from 'lucide-react';
import { Logo } from '../../components/ui/logo.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { brand } from '../../lib/brand.ts';

const loadDrawer = () => import('./app-drawer.tsx');
const AppDrawer = lazy(async () => ({ default: (await loadDrawer()).AppDrawer }));
const preloadDrawer = () => void loadDrawer().catch(() => {});

/** Signed-in layout: sidebar on wide screens, a 300 px slide-out drawer below 768 px (product.md, Screens in detail). */
export function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code (Radix's dialog) loads when the menu button is first reached or pressed.
  const [drawerOpened, setDrawerOpened] = useState(false);
  if (drawerOpen && !drawerOpened) setDrawerOpened(true);
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white md:block">
        <AppSidebar />
      </aside>
      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 md:hidden">
        <Tooltip label="Open menu">
          <button
            ref={menuButton}
            type="button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            onClick={() => setDrawerOpen((open) => !open)}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          >
            <Menu className="size-5" aria-hidden />
          </button>
        </Tooltip>
        {drawerOpened ? (
          <Suspense fallback={null}>
            <AppDrawer
              id={drawerId}
              open={drawerOpen}
              onOpenChange={setDrawerOpen}
              triggerRef={menuButton}
            />
          </Suspense>
        ) : null}
        <Link to="/" aria-label={`${brand().appName} home`} className="rounded-lg">
          <Logo />
        </Link>
      </header>
      <main id="main" className="md:pl-64">
        <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-10 lg:py-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
