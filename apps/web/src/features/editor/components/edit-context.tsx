import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PortfolioContent } from '@folio/core';
import { Undo2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../hooks/use-toast.ts';

/**
 * Structural edits (an entry moved to another section, merged, split) change more than one list
 * and the "Check this" markers, so they edit the whole content. Each says what it did in a live
 * region, and one that can lose the user's place ("Moved to Experience") offers Undo in a toast.
 */
interface EditState {
  edit: (change: (content: PortfolioContent) => PortfolioContent, undoable?: string) => void;
  announce: (message: string) => void;
  /** Whether `edit` reaches the content (moves across sections, merge, split are offered). */
  structural: boolean;
}

const EditContext = createContext<EditState | null>(null);

export const useEdit = () => useContext(EditContext);

export function EditProvider({
  onEdit,
  onUndo,
  canUndo,
  children,
}: {
  onEdit?: (change: (content: PortfolioContent) => PortfolioContent) => void;
  onUndo?: () => void;
  canUndo?: boolean;
  children: ReactNode;
}) {
  const [message, setMessage] = useState('');
  const announce = useCallback((m: string) => setMessage(m), []);

  // Ctrl/Cmd+Z anywhere in the editor undoes the last edit (typing in a field is one step).
  useEffect(() => {
    if (!onUndo) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z')
        return;
      const target = e.target instanceof Element ? e.target : null;
      if (!target?.closest('[data-resume-editor]')) return;
      e.preventDefault();
      onUndo();
      setMessage('Undone');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onUndo]);

  const value: EditState | null = onEdit
    ? {
        announce,
        structural: true,
        edit: (change, undoable) => {
          onEdit(change);
          if (!undoable) return;
          setMessage(undoable);
          toast({
            title: undoable,
            action: onUndo ? { label: 'Undo', onClick: onUndo } : undefined,
          });
        },
      }
    : { announce, structural: false, edit: () => undefined };

  return (
    <EditContext value={value}>
      <div data-resume-editor className="grid min-w-0 grid-cols-1 gap-4">
        {onUndo ? (
          <div className="sticky top-2 z-10 flex justify-end">
            <Button
              variant="outline"
              size="sm"
              className="bg-white shadow-sm"
              disabled={!canUndo}
              onClick={() => {
                onUndo();
                setMessage('Undone');
              }}
              aria-keyshortcuts="Control+Z Meta+Z"
            >
              <Undo2 className="size-4" aria-hidden />
              Undo
            </Button>
          </div>
        ) : null}
        <p role="status" aria-live="polite" className="sr-only">
          {message}
        </p>
        {children}
      </div>
    </EditContext>
  );
}
