import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Link, Outlet } from 'react-router';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../components/ui/logo.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { brand } from '../../lib/brand.ts';

/** Signed-in layout: sidebar on wide screens, a 300 px slide-out drawer below 768 px (product.md, Screens in detail). */
export function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
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
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Tooltip label="Open menu">
            <Dialog.Trigger
              aria-label="Open menu"
              className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            >
              <Menu className="size-5" aria-hidden />
            </Dialog.Trigger>
          </Tooltip>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40 data-[state=open]:animate-fade-in" />
            <Dialog.Content
              aria-describedby={undefined}
              data-testid="app-drawer"
              className="fixed inset-y-0 left-0 z-50 w-[300px] max-w-[85vw] bg-white shadow-2xl data-[state=open]:animate-slide-in-left"
            >
              <Dialog.Title className="sr-only">Menu</Dialog.Title>
              <AppSidebar onNavigate={() => setDrawerOpen(false)} />
              <Tooltip label="Close menu">
                <Dialog.Close
                  aria-label="Close menu"
                  className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
                >
                  <X className="size-5" aria-hidden />
                </Dialog.Close>
              </Tooltip>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
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
