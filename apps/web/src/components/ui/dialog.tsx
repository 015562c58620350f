import { lazy, Suspense, useState, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const loadPanel = () => import('./dialog-panel.tsx');
const DialogPanel = lazy(async () => ({ default: (await loadPanel()).DialogPanel }));

/**
 * Loads the dialog's code (Radix's dialog with its focus trap and scroll lock, ~10 KB compressed)
 * ahead of a first open: call it when the pointer reaches or focus lands on the button that opens
 * one, so that first open shows at once too.
 */
export function preloadDialog() {
  void loadPanel().catch(() => {});
}

/**
 * A centred modal dialog (focus trap, Escape and outside click come from Radix). Its code loads
 * when it first opens (dialog-panel.tsx): a page renders its closed dialogs without it.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogPanel {...props} />
    </Suspense>
  );
}
