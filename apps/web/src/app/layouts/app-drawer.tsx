import type { RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { AppSidebar } from './app-sidebar.tsx';

/**
 * The sidebar as a 300 px slide-out drawer below 768 px (app-layout.tsx loads this module when it
 * first opens). Closing hands focus back to the menu button, as Radix does for its own trigger.
 */
export function AppDrawer({
  id,
  open,
  onOpenChange,
  triggerRef,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          id={id}
          aria-describedby={undefined}
          data-testid="app-drawer"
          className="fixed inset-y-0 left-0 z-50 w-[300px] max-w-[85vw] bg-white shadow-2xl data-[state=open]:animate-slide-in-left"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <AppSidebar onNavigate={() => onOpenChange(false)} />
          <Tooltip label="Close menu">
            <Dialog.Close
              aria-label="Close menu"
              className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </Tooltip>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
