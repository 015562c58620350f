import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button.tsx';

export function CtaSection({
  title = 'Ready to stand out?',
  label = 'Create Your Portfolio Now',
}: {
  title?: string;
  label?: string;
}) {
  return (
    <section className="px-4 py-20 sm:px-6 lg:px-8">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 px-6 py-14 text-center shadow-xl shadow-brand-900/20 sm:px-12">
        <div
          aria-hidden
          className="pointer-events-none absolute -top-20 -right-20 size-72 rounded-full bg-white/10 blur-2xl"
        />
        <h2 className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {title}
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-brand-100">
          Your portfolio in about 2 minutes, from the resume you already have. The free plan needs
          no credit card.
        </p>
        <ButtonLink to="/auth?tab=register" size="lg" variant="inverted" className="relative mt-8">
          {label}
          <ArrowRight className="size-5" aria-hidden />
        </ButtonLink>
      </div>
    </section>
  );
}
