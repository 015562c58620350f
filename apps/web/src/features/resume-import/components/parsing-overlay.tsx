import { AlertDialog } from 'radix-ui';
import { FileSearch } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useParsingStages } from '../hooks/use-parsing-stages.ts';

function ParsingProgress({ complete }: { complete: boolean }) {
  const { label, progress } = useParsingStages(complete);
  return (
    <>
      <p
        role="status"
        aria-live="polite"
        data-testid="parsing-stage"
        className={cn(
          'text-center text-base font-semibold',
          complete ? 'text-emerald-700' : 'text-brand-700',
        )}
      >
        {label}
      </p>
      <div
        role="progressbar"
        aria-label="Parsing progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-100 ease-linear',
            complete ? 'bg-emerald-500' : 'bg-brand-600',
          )}
          style={{ width: `${progress}%` }}
        />
      </div>
    </>
  );
}

/**
 * The blocking overlay while a resume is parsed (product.md, Screens in detail): it cannot be dismissed, keeps
 * focus inside, and announces the stage labels.
 */
export function ParsingOverlay({ open, complete }: { open: boolean; complete: boolean }) {
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-5 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none data-[state=open]:animate-fade-in sm:p-8"
        >
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-50">
            <FileSearch
              className={cn('size-7 text-brand-600', complete ? '' : 'animate-pulse')}
              aria-hidden
            />
          </span>
          <div className="grid gap-1.5 text-center">
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">
              Reading your resume
            </AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-slate-600">
              This takes a few seconds. Please keep this page open.
            </AlertDialog.Description>
          </div>
          <ParsingProgress complete={complete} />
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
