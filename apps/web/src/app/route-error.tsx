import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';

/** Error boundary of each route: the rest of the app stays usable. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unexpected error occurred';
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
