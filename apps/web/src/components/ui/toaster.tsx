import { Toast } from 'radix-ui';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { dismissToast, useToast, type ToastVariant } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { Tooltip, TooltipProvider } from './tooltip.tsx';

const variantClass: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-600 text-white',
};

/**
 * Default duration 5000 ms, swipe right with threshold 50, hotkey F8, 420 px on md+.
 * Toasts render beside the router, outside the signed-in app's TooltipProvider, so they bring their
 * own (this code loads only with the first toast) and their close buttons name themselves.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <TooltipProvider>
      <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
        {toasts.map(({ id, title, description, variant = 'default', duration, action, open }) => (
          <Toast.Root
            key={id}
            open={open}
            duration={duration}
            onOpenChange={(next) => {
              if (!next) dismissToast(id);
            }}
            data-variant={variant}
            data-testid="toast"
            className={cn(
              'toast-root group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg shadow-slate-900/10 data-[state=open]:animate-toast-in',
              variantClass[variant],
            )}
          >
            {variant === 'destructive' ? (
              <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
            ) : variant === 'success' ? (
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
            ) : null}
            <div className="grid min-w-0 flex-1 gap-1">
              {title ? <Toast.Title className="text-sm font-semibold">{title}</Toast.Title> : null}
              {description ? (
                <Toast.Description
                  className={cn(
                    'text-sm',
                    variant === 'destructive' ? 'text-red-50' : 'text-slate-600',
                  )}
                >
                  {description}
                </Toast.Description>
              ) : null}
              {action ? (
                <Toast.Action asChild altText={action.label}>
                  <button
                    type="button"
                    onClick={action.onClick}
                    className={cn(
                      'mt-2 inline-flex h-8 w-fit items-center rounded-md border px-3 text-sm font-medium transition-colors',
                      variant === 'destructive'
                        ? 'border-white/40 hover:bg-white/10'
                        : 'border-slate-300 hover:bg-slate-100',
                    )}
                  >
                    {action.label}
                  </button>
                </Toast.Action>
              ) : null}
            </div>
            <Tooltip label="Close">
              <Toast.Close
                aria-label="Close"
                className={cn(
                  'absolute top-3 right-3 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100',
                  variant === 'destructive' ? 'text-white' : 'text-slate-500',
                )}
              >
                <X className="size-4" aria-hidden />
              </Toast.Close>
            </Tooltip>
          </Toast.Root>
        ))}
        <Toast.Viewport
          hotkey={['F8']}
          className="fixed right-0 bottom-[var(--action-bar-height,0px)] z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
        />
      </Toast.Provider>
    </TooltipProvider>
  );
}
