import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../hooks/use-auth.ts';

/** The guard (product.md, Screens in detail): spinner while the user loads, /auth when signed out, else the page. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedOut') return <Navigate to="/auth" replace />;
  return children;
}
