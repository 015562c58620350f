import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Tooltip } from './tooltip.tsx';
import type { DialogProps } from './dialog.tsx';

/** The dialog itself (dialog.tsx loads this module when a dialog first opens). */
export function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl data-[state=open]:animate-fade-in',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="grid gap-1.5 pr-8">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">
              {title}
            </RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="text-sm text-slate-600">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          {children}
          <Tooltip label="Close">
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-4 right-4 rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="size-4" aria-hidden />
            </RadixDialog.Close>
          </Tooltip>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
