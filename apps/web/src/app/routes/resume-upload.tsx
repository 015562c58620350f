import { effectivePlan } from '@folio/core';
import { AppPageHeader } from '../../components/ui/app-page-header.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useTrackPage } from '../../hooks/use-track-page.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { ResumeImport } from '../../features/resume-import/components/resume-import.tsx';

export function ResumeUploadPage() {
  usePageTitle('Upload Resume');
  useTrackPage('resume-parse');
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  return (
    <>
      <AppPageHeader
        title="Upload Resume"
        description="We'll read your resume and build a portfolio from it in about two minutes."
      />
      <ResumeImport credits={user.credits} plan={effectivePlan(user)} />
    </>
  );
}
