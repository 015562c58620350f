import { Navigate } from 'react-router';
import { TemplateEditor } from '../../features/editor/components/template-editor.tsx';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';

/** The portfolio editor (product.md, Screens in detail). */
export function TemplateEditorPage() {
  usePageTitle('Portfolio editor');
  const id = useIdParam();
  if (id === null) return <Navigate to="/dashboard" replace />;
  return <TemplateEditor key={id} id={id} />;
}
