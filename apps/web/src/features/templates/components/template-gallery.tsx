import { useState } from 'react';
import { ArrowRight, Eye } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { getErrorMessage } from '../../../lib/error-message.ts';
import type { TemplateListItem } from '@folio/core';
import { useTemplates } from '../hooks/use-templates.ts';
import { TemplateCard } from './template-card.tsx';
import { TemplateGridSkeleton } from './template-grid-skeleton.tsx';
import { TemplatePreviewDialog } from './template-preview-dialog.tsx';

/** The public gallery (product.md, Screens in detail): every template with its thumbnail. */
export function TemplateGallery() {
  const templates = useTemplates();
  const [previewing, setPreviewing] = useState<TemplateListItem | null>(null);

  if (templates.isPending)
    return <TemplateGridSkeleton className="sm:grid-cols-2 lg:grid-cols-3" />;
  if (templates.isError) {
    return (
      <Card role="alert" className="p-6 text-red-700">
        Could not load the templates: {getErrorMessage(templates.error)}
      </Card>
    );
  }

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Templates">
        {templates.data.map((t) => (
          <li key={t.id}>
            <TemplateCard template={t} onThumbnailClick={() => setPreviewing(t)}>
              <ButtonLink to="/resume-upload" size="sm" variant="secondary">
                Use Template
                <ArrowRight className="size-4" aria-hidden />
              </ButtonLink>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setPreviewing(t)}
                aria-label={`Preview ${t.name}`}
              >
                <Eye className="size-4" aria-hidden />
                Preview
              </Button>
            </TemplateCard>
          </li>
        ))}
      </ul>
      <TemplatePreviewDialog
        template={previewing}
        onOpenChange={(open) => {
          if (!open) setPreviewing(null);
        }}
        footer={
          <ButtonLink to="/resume-upload" onClick={() => setPreviewing(null)}>
            Use This Template
            <ArrowRight className="size-4" aria-hidden />
          </ButtonLink>
        }
      />
    </>
  );
}
