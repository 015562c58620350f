import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Eye, X } from 'lucide-react';
import type { PortfolioContent, TemplateId } from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import { PreviewFrame, type PreviewFocus } from './preview-pane.tsx';

/**
 * On screens too small for a preview beside the form: a button that opens the live preview as a
 * full-screen sheet, at phone width, scrolled to the section last changed.
 */
export function PreviewSheet({
  content,
  template,
  focus,
  className,
}: {
  content: PortfolioContent;
  template: TemplateId;
  focus: PreviewFocus | null;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" className={cn('mr-auto', className)}>
          <Eye className="size-4" aria-hidden />
          Preview
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col bg-slate-50 data-[state=open]:animate-fade-in">
          <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-base font-semibold text-slate-900">
                Live preview
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                Your unsaved changes, as visitors will see them.
              </Dialog.Description>
            </div>
            <Tooltip label="Close preview">
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Close preview">
                  <X className="size-5" aria-hidden />
                </Button>
              </Dialog.Close>
            </Tooltip>
          </div>
          <div className="min-h-0 flex-1 p-2">
            <PreviewFrame
              content={content}
              template={template}
              device="mobile"
              compact
              fill
              focus={focus}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
