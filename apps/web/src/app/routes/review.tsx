import { Navigate } from 'react-router';
import { AppPageHeader } from '../../components/ui/app-page-header.tsx';
import { ImportReview } from '../../features/editor/components/import-review.tsx';
import {
  OriginalPane,
  OriginalViewer,
} from '../../features/resume-import/components/original-viewer.tsx';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';

/** The review after an import (product.md, Parsing and credits): before template choice. */
export function ReviewPage() {
  usePageTitle('Check Your Details');
  const id = useIdParam();
  if (id === null) return <Navigate to="/dashboard" replace />;
  return (
    <>
      <AppPageHeader
        title="Check Your Details"
        description="This is what we read from your resume, next to the original. Fix anything that is wrong before choosing a template."
      />
      <OriginalViewer key={id} portfolioId={id}>
        <ImportReview id={id} document={<OriginalPane portfolioId={id} />} />
      </OriginalViewer>
    </>
  );
}
