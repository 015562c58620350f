import { Home } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';

export function NotFoundPage() {
  usePageMeta({
    title: 'Page Not Found',
    description: 'Not a valid page. The address may be mistyped, or the page has moved.',
  });
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <p className="bg-gradient-to-r from-brand-600 to-fuchsia-600 bg-clip-text text-7xl font-extrabold tracking-tight text-transparent">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
      <p className="mt-3 text-slate-600">Not a valid page. Check the address or head back home.</p>
      <ButtonLink to="/" className="mt-8">
        <Home className="size-4" aria-hidden />
        Back to home
      </ButtonLink>
    </section>
  );
}
