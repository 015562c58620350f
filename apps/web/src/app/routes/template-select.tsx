import { Navigate } from 'react-router';
import { getPlan } from '@folio/core';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { TemplatePicker } from '../../features/templates/components/template-picker.tsx';

export function TemplateSelectPage() {
  usePageTitle('Choose Template');
  const id = useIdParam();
  const { user } = useAuth();
  if (id === null) return <Navigate to="/dashboard" replace />;
  const allTemplates = user ? getPlan(user.plan).allTemplates : false;
  return <TemplatePicker key={id} portfolioId={id} allTemplates={allTemplates} />;
}
