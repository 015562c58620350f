import { Navigate } from 'react-router';
import { effectivePlan } from '@folio/core';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { TemplatePicker } from '../../features/templates/components/template-picker.tsx';

export function TemplateSelectPage() {
  usePageTitle('Choose Template');
  const id = useIdParam();
  const { user } = useAuth();
  if (id === null) return <Navigate to="/dashboard" replace />;
  // The plan in force: a Pro whose paid period has ended picks like Free (the server agrees).
  const plan = user ? effectivePlan(user) : 'free';
  return <TemplatePicker key={id} portfolioId={id} plan={plan} />;
}
