import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { useToast } from '../hooks/use-toast.ts';
import { createQueryClient } from '../lib/query-client.ts';

const Toaster = lazy(async () => ({
  default: (await import('../components/ui/toaster.tsx')).Toaster,
}));

/**
 * The toast viewport, loaded with the first toast: public pages rarely show one, and its code is
 * not part of the JavaScript a first visit downloads (bench: public pages).
 */
function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * The whole app around its router (`children`): <BrowserRouter> in the browser (main.tsx),
 * <StaticRouter> when prerendering (entry-server.tsx), each around <AppRoutes />.
 */
export function App({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // After the first commit (hydration of a prerendered page): the page now answers to input.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
