import { Link } from 'react-router';
import { ArrowRight, CircleCheck, Star } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { CtaSection } from '../../features/marketing/components/cta-section.tsx';
import { FadeIn } from '../../features/marketing/components/fade-in.tsx';
import { FaqAccordion } from '../../components/ui/faq-accordion.tsx';
import { ParallaxHero, ParallaxLayer } from '../../features/marketing/components/parallax-hero.tsx';
import { FeatureGrid } from '../../features/marketing/components/feature-grid.tsx';
import { StepList } from '../../features/marketing/components/step-list.tsx';
import {
  faqs,
  initialsOf,
  stats,
  testimonials,
} from '../../features/marketing/data/marketing-content.ts';
import { brand } from '../../lib/brand.ts';
import { plans } from '@folio/core';

function HeroPreview() {
  return (
    <div
      aria-hidden
      className="relative mx-auto w-full max-w-lg transition-transform duration-300 ease-out lg:max-w-none"
      style={{ transform: 'translate3d(calc(var(--px, 0) * -10px), calc(var(--py, 0) * -8px), 0)' }}
    >
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-brand-400/30 via-fuchsia-300/20 to-sky-300/30 blur-2xl" />
      <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/15">
        <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
          <span className="size-3 rounded-full bg-red-400" />
          <span className="size-3 rounded-full bg-amber-400" />
          <span className="size-3 rounded-full bg-emerald-400" />
          <span className="ml-3 truncate rounded-md bg-white px-3 py-1 text-xs text-slate-500 ring-1 ring-slate-200">
            {`jane-doe.${brand().sitesDomain}`}
          </span>
        </div>
        <div className="grid gap-5 p-6 sm:p-8">
          <div className="flex items-center gap-4">
            <span className="size-14 shrink-0 rounded-full bg-gradient-to-br from-brand-400 to-brand-700" />
            <div className="grid gap-2">
              <span className="text-lg font-bold text-slate-900">Jane Doe</span>
              <span className="text-sm font-medium text-brand-700">Senior Product Engineer</span>
            </div>
          </div>
          <div className="grid gap-2">
            <span className="h-2.5 w-full rounded bg-slate-200" />
            <span className="h-2.5 w-11/12 rounded bg-slate-200" />
            <span className="h-2.5 w-3/4 rounded bg-slate-200" />
          </div>
          <div className="grid grid-cols-3 gap-3">
            {['Experience', 'Projects', 'Skills'].map((label) => (
              <div key={label} className="rounded-xl border border-slate-200 p-3">
                <span className="text-xs font-semibold text-slate-700">{label}</span>
                <span className="mt-2 block h-2 w-3/4 rounded bg-brand-100" />
                <span className="mt-1.5 block h-2 w-1/2 rounded bg-slate-100" />
              </div>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            {['React', 'TypeScript', 'Design Systems', 'Node.js'].map((s) => (
              <span
                key={s}
                className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700"
              >
                {s}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

const heroLayers = (
  <>
    <ParallaxLayer
      depth={18}
      className="top-0 left-1/2 -ml-[36rem] h-[36rem] w-[72rem] rounded-full bg-[radial-gradient(closest-side,rgba(106,94,248,0.18),transparent)]"
    />
    <ParallaxLayer
      depth={40}
      className="top-24 -left-16 size-72 rounded-full bg-fuchsia-300/25 blur-3xl"
    />
    <ParallaxLayer
      depth={60}
      className="right-[-4rem] bottom-24 size-80 rounded-full bg-sky-300/25 blur-3xl"
    />
    <ParallaxLayer
      depth={28}
      className="top-40 right-1/3 size-24 rounded-3xl border border-brand-200/70 bg-white/40 rotate-12"
    />
  </>
);

export function HomePage() {
  usePageMeta({
    title: 'Turn your resume into a portfolio website',
    description: `Turn your resume into a portfolio website in about 2 minutes. Upload, pick a template, customize and publish. No coding; the ${plans.free.name} plan needs no credit card.`,
  });
  return (
    <>
      <ParallaxHero layers={heroLayers}>
        <div className="relative mx-auto grid max-w-7xl items-center gap-14 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
              <span className="size-1.5 rounded-full bg-brand-600" />
              Resume to website in about 2 minutes
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
              Turn your resume into a portfolio that{' '}
              <span className="bg-gradient-to-r from-brand-600 to-fuchsia-600 bg-clip-text text-transparent">
                gets you hired
              </span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600">
              Upload your resume, pick a template and publish a personal website in five clicks. No
              coding, no design skills, no hassle.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to="/auth?tab=register" size="lg">
                Create Your Portfolio
                <ArrowRight className="size-5" aria-hidden />
              </ButtonLink>
              <ButtonLink to="/how-it-works" size="lg" variant="outline">
                See How It Works
              </ButtonLink>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
              {[
                `${plans.free.name} plan, no credit card`,
                'Mobile-optimized',
                'Your own address',
              ].map((t) => (
                <li key={t} className="inline-flex items-center gap-1.5">
                  <CircleCheck className="size-4 text-emerald-600" aria-hidden />
                  {t}
                </li>
              ))}
            </ul>
          </div>
          <HeroPreview />
        </div>
        <div className="relative mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
          <dl className="grid grid-cols-2 gap-6 rounded-2xl border border-slate-200 bg-white/80 p-6 shadow-sm backdrop-blur sm:grid-cols-4">
            {stats.map((s) => (
              <div key={s.label} className="text-center">
                <dt className="sr-only">{s.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-slate-900">{s.value}</dd>
                <dd className="mt-1 text-sm text-slate-600">{s.label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </ParallaxHero>

      <section id="features" className="mx-auto max-w-7xl scroll-mt-28 px-4 py-20 sm:px-6 lg:px-8">
        <FadeIn>
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Features</p>
            <h2 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Everything you need to shine online
            </h2>
            <p className="mt-4 text-lg text-slate-600">
              {brand().appName} does the busy work so you can focus on the next interview.
            </p>
          </div>
          <div className="mt-12">
            <FeatureGrid />
          </div>
          <p className="mt-10 text-center">
            <ButtonLink to="/features" variant="outline">
              All features
              <ArrowRight className="size-4" aria-hidden />
            </ButtonLink>
          </p>
        </FadeIn>
      </section>

      <section id="how-it-works" className="scroll-mt-28 bg-slate-50 py-20">
        <FadeIn className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              How it works
            </p>
            <h2 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              From resume to website in five steps
            </h2>
          </div>
          <div className="mt-12">
            <StepList />
          </div>
        </FadeIn>
      </section>

      <section
        id="testimonials"
        className="mx-auto max-w-7xl scroll-mt-28 px-4 py-20 sm:px-6 lg:px-8"
      >
        <FadeIn>
          <h2 className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Loved by job seekers
          </h2>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <li
                key={t.id}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div
                  role="img"
                  className="flex gap-0.5 text-amber-500"
                  aria-label={`${t.rating} out of 5 stars`}
                >
                  {Array.from({ length: t.rating }, (_, i) => (
                    <Star key={i} className="size-4 fill-current" aria-hidden />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 leading-7 text-slate-700">
                  “{t.content}”
                </blockquote>
                <div className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden
                    data-testid="testimonial-avatar"
                    className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white ${t.avatar}`}
                  >
                    {initialsOf(t.name)}
                  </span>
                  <div>
                    <p className="font-semibold text-slate-900">{t.name}</p>
                    <p className="text-sm text-slate-600">{t.role}</p>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </FadeIn>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-28 bg-slate-50 py-20">
        <FadeIn className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2
            id="faq-heading"
            className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Frequently asked questions
          </h2>
          <div className="mt-10">
            <FaqAccordion items={faqs()} />
          </div>
          <p className="mt-8 text-center text-slate-600">
            Another question?{' '}
            <Link to="/contact-us" className="font-medium text-brand-700 underline">
              Contact us
            </Link>{' '}
            and we reply in under 24 hours.
          </p>
        </FadeIn>
      </section>

      <FadeIn>
        <CtaSection />
      </FadeIn>
    </>
  );
}
