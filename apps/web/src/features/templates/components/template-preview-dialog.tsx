import { useMemo, useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { PortfolioContent, TemplateListItem } from '@folio/core';
import { contentToShow, hasOwnContent } from '@folio/renderer';
import { previewHtml } from '../../../lib/site-preview.ts';

/**
 * A template at full size in a large dialog (focus trap and Escape from Radix): with the user's
 * own content when `content` is given (rendered in the browser, scripts left out), else its
 * sample page.
 */
export function TemplatePreviewDialog({
  template,
  onOpenChange,
  footer,
  content,
}: {
  /** The template to show; null closes the dialog. */
  template: TemplateListItem | null;
  onOpenChange: (open: boolean) => void;
  footer?: ReactNode;
  /** The user's portfolio content, shown in the template instead of the sample. */
  content?: PortfolioContent | undefined;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const own = hasOwnContent(content);
  const html = useMemo(
    () => (template && content ? previewHtml(contentToShow(content), template.id) : null),
    [content, template],
  );
  return (
    <Dialog.Root open={template !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content
          // Radix would focus the first focusable, the frame, where Escape no longer reaches the dialog.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeRef.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-6xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl data-[state=open]:animate-fade-in"
        >
          {template ? (
            <>
              <div className="flex items-start gap-4 border-b border-slate-200 px-5 py-4 pr-14">
                <div className="min-w-0 flex-1">
                  <Dialog.Title className="text-lg font-semibold text-slate-900">
                    {template.name} preview
                  </Dialog.Title>
                  <Dialog.Description className="text-sm text-slate-600">
                    {template.description}{' '}
                    {own ? 'Shown with your content.' : 'Shown with sample content.'}
                  </Dialog.Description>
                </div>
              </div>
              {html !== null ? (
                <iframe
                  srcDoc={html}
                  title={`${template.name} with your content`}
                  sandbox=""
                  className="min-h-0 w-full flex-1 border-0 bg-slate-100"
                />
              ) : (
                <iframe
                  src={template.sample_url}
                  title={`${template.name} sample portfolio`}
                  sandbox="allow-scripts"
                  className="min-h-0 w-full flex-1 border-0 bg-slate-100"
                />
              )}
              {footer ? (
                <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
                  {footer}
                </div>
              ) : null}
            </>
          ) : null}
          <Dialog.Close
            ref={closeRef}
            aria-label="Close preview"
            className="absolute top-4 right-4 rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
