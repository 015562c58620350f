import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';

/** What a route that failed shows in its place: the rest of the app stays usable. */
function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'An unexpected error occurred';
  const isChunkError =
    error instanceof Error &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-6 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50">
        <TriangleAlert className="size-7 text-red-600" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="text-slate-600">
        {isChunkError ? 'A new version of the app is available. Please reload the page.' : message}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={buttonClasses('primary')}
          onClick={() => window.location.reload()}
        >
          Reload page
        </button>
        <Link to="/" className={buttonClasses('outline')} reloadDocument>
          Go home
        </Link>
      </div>
    </div>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  /** Boxed: whatever was thrown, `undefined` included, is an error. */
  caught: { error: unknown } | null;
  pathname: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  /** Another address: the route renders afresh, so leaving a broken page works. */
  static getDerivedStateFromProps(
    { pathname }: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return pathname === state.pathname ? null : { caught: null, pathname };
  }

  override render() {
    const { caught } = this.state;
    return caught ? <RouteError error={caught.error} /> : this.props.children;
  }
}

/**
 * The error boundary around each route's element (router.tsx): an error there shows <RouteError />
 * in the route's place, until the address changes.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
