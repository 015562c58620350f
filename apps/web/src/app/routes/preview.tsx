import { Navigate } from 'react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { AppPageHeader } from '../../components/ui/app-page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { PreviewStudio } from '../../features/editor/components/preview-studio.tsx';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useTrackPage } from '../../hooks/use-track-page.ts';

/** Preview & Customize (product.md, Screens in detail, page view template-preview). */
export function PreviewPage() {
  usePageTitle('Preview & Customize');
  useTrackPage('template-preview');
  const id = useIdParam();
  if (id === null) return <Navigate to="/dashboard" replace />;
  return (
    <>
      <AppPageHeader
        title="Preview & Customize"
        description="See your portfolio as visitors will, edit your content and fine-tune the look."
        actions={
          <>
            <ButtonLink to={`/template-select?id=${id}`} variant="outline">
              <ArrowLeft className="size-4" aria-hidden />
              Back
            </ButtonLink>
            <ButtonLink to={`/publish?id=${id}`}>
              Continue to Publish
              <ArrowRight className="size-4" aria-hidden />
            </ButtonLink>
          </>
        }
      />
      <PreviewStudio key={id} id={id} />
    </>
  );
}
