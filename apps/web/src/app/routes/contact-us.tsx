import { Clock, LifeBuoy, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { ContactForm } from '../../features/marketing/components/contact-form.tsx';
import { plans } from '@folio/core';
import { brand } from '../../lib/brand.ts';

export function ContactUsPage() {
  usePageMeta({
    title: 'Contact us',
    description:
      'Questions about your portfolio, plans or billing? Send us a message: we reply in under 24 hours.',
  });
  return (
    <>
      <PageHero
        eyebrow="Support"
        title="Contact us"
        description="Questions about your portfolio, plans or billing? We're here to help."
      />
      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_2fr] lg:px-8">
        <aside className="grid content-start gap-6">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <Clock className="size-6 text-brand-600" aria-hidden />
            <h2 className="mt-4 font-semibold text-slate-900">Fast replies</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">
              We reply to every message in under 24 hours, by email. Send the form, or write to{' '}
              <a
                href={`mailto:${brand().supportEmail}`}
                className="font-medium break-all text-brand-700 underline"
              >
                {brand().supportEmail}
              </a>
              .
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <LifeBuoy className="size-6 text-brand-600" aria-hidden />
            <h2 className="mt-4 font-semibold text-slate-900">Refunds and billing</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">
              Paid plans have a 7-day money-back guarantee. Tell us the email of your account and we
              take care of the rest. See our{' '}
              <Link to="/terms-and-conditions" className="font-medium text-brand-700 underline">
                terms
              </Link>
              .
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <Mail className="size-6 text-brand-600" aria-hidden />
            <h2 className="mt-4 font-semibold text-slate-900">Business and schools</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">
              Need many portfolios for a team, a class or an agency? Ask us about the{' '}
              {plans.business.name} plan.
            </p>
          </div>
        </aside>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-xl font-semibold text-slate-900">Send us a message</h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">All fields are required.</p>
          <ContactForm />
        </div>
      </section>
    </>
  );
}
