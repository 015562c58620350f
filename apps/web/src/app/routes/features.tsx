import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { CtaSection } from '../../features/marketing/components/cta-section.tsx';
import { FeatureGrid } from '../../features/marketing/components/feature-grid.tsx';

export function FeaturesPage() {
  usePageMeta({
    title: 'Features',
    description:
      'AI resume parsing, designer templates, your own address, colors, fonts and layout, mobile-optimized portfolios. Manual entry is always free.',
  });
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="A portfolio site without the busy work"
        description="Parsing, design, hosting and your own address in one place. Manual data entry is always free and uses no parsing credits."
      >
        <ButtonLink to="/auth?tab=register" size="lg">
          Start for free
          <ArrowRight className="size-5" aria-hidden />
        </ButtonLink>
      </PageHero>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 className="sr-only">All features</h2>
        <FeatureGrid />
      </section>
      <CtaSection />
    </>
  );
}
