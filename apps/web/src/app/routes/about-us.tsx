import { Heart, ShieldCheck, Sparkles } from 'lucide-react';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { CtaSection } from '../../features/marketing/components/cta-section.tsx';
import { stats } from '../../features/marketing/data/marketing-content.ts';
import { brand } from '../../lib/brand.ts';

const values = [
  {
    icon: Sparkles,
    title: 'Simple by default',
    text: 'Five clicks from resume to website. Every extra option has to earn its place.',
  },
  {
    icon: ShieldCheck,
    title: 'Your data stays yours',
    text: 'We never sell your data, and only what you choose to publish is public.',
  },
  {
    icon: Heart,
    title: 'Free means free',
    text: 'The free plan needs no credit card, and entering your details by hand never costs a credit.',
  },
];

export function AboutUsPage() {
  const { appName } = brand();
  usePageMeta({
    title: 'About us',
    description: `${appName} helps job seekers, freelancers, students and professionals turn the resume they already have into a portfolio website they are proud to share.`,
  });
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="We help people show their best work"
        description={`${appName} started with a simple idea: everyone deserves a great portfolio website, not only people who can code or design.`}
      />
      <section className="mx-auto grid max-w-3xl gap-6 px-4 py-16 text-lg leading-8 text-slate-700 sm:px-6 lg:px-8">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">Our story</h2>
        <p>
          A resume is a page of facts. A portfolio tells your story. Yet building a personal website
          has long meant learning a site builder, wrestling with hosting or paying a designer. Most
          people give up and send a PDF.
        </p>
        <p>
          We built {appName} so that job seekers, freelancers, students and professionals can turn
          the resume they already have into a site they are proud to share, in about two minutes.
          Upload a file, check what we found, choose a template and publish. No coding, no design
          skills.
        </p>
        <p>
          We answer every message within 24 hours, and we keep the free plan free with no credit
          card needed.
        </p>
      </section>
      <section aria-labelledby="values" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="values" className="text-center text-2xl font-bold tracking-tight text-slate-900">
            What we care about
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {values.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <Icon className="size-6 text-brand-600" aria-hidden />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
          <dl className="mt-12 grid grid-cols-2 gap-6 text-center sm:grid-cols-4">
            {stats.map((s) => (
              <div key={s.label}>
                <dt className="sr-only">{s.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-slate-900">{s.value}</dd>
                <dd className="mt-1 text-sm text-slate-600">{s.label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <CtaSection />
    </>
  );
}
