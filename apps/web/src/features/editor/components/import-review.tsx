import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ArrowRight, CircleAlert, CircleCheck, FileText } from 'lucide-react';
import { confirmUncertainField, withResumeData } from '@folio/core';
import { ActionBar } from '../../../components/ui/action-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { usePortfolioDraft } from '../hooks/use-portfolio-draft.ts';
import { PortfolioLoadState } from './portfolio-load-state.tsx';
import { ResumeEditor } from './resume-editor.tsx';

/**
 * The review after an import (product.md, Parsing and credits): what was read, editable in place, beside the
 * original document, with what the parser was unsure of marked "Check this". One button saves
 * and goes on to the templates. On a phone the document and the fields are stacked, the
 * document behind a toggle.
 */
export function ImportReview({ id, document }: { id: number; document: ReactNode }) {
  const { query, portfolio, draft, dirty, update, undo, canUndo, save } = usePortfolioDraft(id);
  const navigate = useNavigate();
  const [showDocument, setShowDocument] = useState(false);
  const [saving, setSaving] = useState(false);

  if (query.isPending || query.isError || !portfolio || !draft) {
    return <PortfolioLoadState pending={query.isPending} error={query.error} />;
  }

  const toCheck = draft.settings.uncertain?.length ?? 0;

  const next = async () => {
    setSaving(true);
    try {
      if (dirty) await save();
      await navigate(`/template-select?id=${id}`);
    } catch (err) {
      toast({
        title: 'Error updating content',
        description: getErrorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <div
        role="status"
        data-testid="review-status"
        className={cn(
          'mb-4 flex flex-wrap items-center gap-3 rounded-xl border p-3 text-sm sm:p-4',
          toCheck
            ? 'border-amber-300 bg-amber-50 text-amber-950'
            : 'border-emerald-200 bg-emerald-50 text-emerald-900',
        )}
      >
        {toCheck ? (
          <CircleAlert className="size-5 shrink-0 text-amber-700" aria-hidden />
        ) : (
          <CircleCheck className="size-5 shrink-0 text-emerald-700" aria-hidden />
        )}
        <p className="min-w-0 flex-1">
          {toCheck
            ? `${toCheck} ${toCheck === 1 ? 'place is' : 'places are'} marked “Check this”: fix what is wrong, or choose “Looks right”.`
            : 'Nothing is marked to check. Look over your details, then go on.'}
        </p>
      </div>

      <Button
        variant="outline"
        size="sm"
        className="mb-4 lg:hidden"
        aria-expanded={showDocument}
        aria-controls="original-document"
        onClick={() => setShowDocument((v) => !v)}
      >
        <FileText className="size-4" aria-hidden />
        {showDocument ? 'Hide original document' : 'Show original document'}
      </Button>

      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <section
          id="original-document"
          aria-label="Your original document"
          className={cn(
            'max-h-[70vh] min-w-0 overflow-y-auto rounded-2xl border border-slate-200 bg-slate-100 lg:sticky lg:top-6 lg:block lg:max-h-[calc(100vh-3rem)]',
            !showDocument && 'hidden',
          )}
        >
          {document}
        </section>
        <section aria-label="What we read" className="min-w-0">
          <ResumeEditor
            data={draft.data}
            onChange={(data) => update((c) => withResumeData(c, data))}
            uncertain={draft.settings.uncertain}
            onConfirm={(path) => update((c) => confirmUncertainField(c, path))}
            onEdit={update}
            onUndo={undo}
            canUndo={canUndo}
          />
        </section>
      </div>

      <ActionBar className="flex flex-wrap items-center justify-end gap-2">
        <p className="mr-auto hidden text-sm text-slate-600 sm:block">
          Your site is built from these details. You can change them later in the editor.
        </p>
        <Button disabled={saving} onClick={() => void next()}>
          {saving ? <Spinner className="size-4 text-white" label="Saving" /> : null}
          Continue to templates
          <ArrowRight className="size-4" aria-hidden />
        </Button>
      </ActionBar>
    </>
  );
}
