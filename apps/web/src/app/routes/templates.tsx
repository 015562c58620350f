import { PageHero } from '../../components/ui/page-hero.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PremiumBanner } from '../../features/templates/components/premium-banner.tsx';
import { TemplateGallery } from '../../features/templates/components/template-gallery.tsx';

export function TemplatesPage() {
  usePageTitle('Templates');
  return (
    <>
      <PageHero
        eyebrow="Templates"
        title="Templates for every kind of career"
        description="Every design below is live: this is how your portfolio looks with real content. Pick one, then make it yours with your own colors, fonts and section order."
      >
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to="/resume-upload" size="lg">
            Start with your resume
          </ButtonLink>
          <ButtonLink to="/pricing" size="lg" variant="outline">
            Compare plans
          </ButtonLink>
        </div>
      </PageHero>
      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8" aria-label="All templates">
        <TemplateGallery />
      </section>
      <PremiumBanner />
    </>
  );
}
