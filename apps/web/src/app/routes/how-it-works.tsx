import { PageHero } from '../../components/ui/page-hero.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { CtaSection } from '../../features/marketing/components/cta-section.tsx';
import { StepList } from '../../features/marketing/components/step-list.tsx';
import { brand } from '../../lib/brand.ts';

export function HowItWorksPage() {
  const { appName } = brand();
  usePageMeta({
    title: 'How it works',
    description:
      'Upload your resume, review the parsed data, choose a template, customize and publish: a portfolio website in about 2 minutes, in five steps.',
  });
  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="From resume to website in five steps"
        description={`${appName} reads your resume, lays it out in a template you choose and puts it online at your own address. Most people finish in about two minutes.`}
      />
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 className="sr-only">The steps</h2>
        <StepList />
      </section>
      <CtaSection title="Try it with your resume" label="Create Your Portfolio" />
    </>
  );
}
