import { useContext, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ArrowRight, CircleAlert, CircleCheck, FileText } from 'lucide-react';
import {
  confirmUncertainField,
  keptWhatWasFound,
  startedFromScratch,
  verdictOf,
  withResumeData,
  type PortfolioContent,
} from '@folio/core';
import { ActionBar } from '../../../components/ui/action-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { usePortfolioDraft } from '../hooks/use-portfolio-draft.ts';
import { OriginalSourcesContext } from '../../../components/original-source.tsx';
import { markStops } from '../utils/review-marks.ts';
import { MarkNavigator, useMarkWalk } from './mark-navigator.tsx';
import { PortfolioLoadState } from './portfolio-load-state.tsx';
import { ResumeEditor } from './resume-editor.tsx';
import { VerdictBanner } from './verdict-banner.tsx';

/**
 * The review after an import (product.md, Parsing and credits): what was read, editable in place, beside the
 * original document, with what the parser was unsure of marked "Check this". A poor read, or one
 * missing what every resume has, says so at the top (the verdict). The bar at the bottom counts
 * the places left to check and walks them ("Next"); its one button saves and goes on to the
 * templates. On a phone the document opens full-screen (original-viewer.tsx).
 */
export function ImportReview({ id, document }: { id: number; document: ReactNode }) {
  const { query, portfolio, draft, dirty, update, undo, canUndo, save } = usePortfolioDraft(id);
  const navigate = useNavigate();
  const original = useContext(OriginalSourcesContext);
  const [saving, setSaving] = useState(false);
  /** The content before "Start from scratch", while it can be brought back. */
  const [beforeScratch, setBeforeScratch] = useState<PortfolioContent | null>(null);
  const stops = markStops(draft?.settings.uncertain);
  const walk = useMarkWalk(stops);
  const fields = useRef<HTMLElement>(null);
  // the bar keeps its count once there were marks ("All checked" when the last goes)
  const [hadMarks, setHadMarks] = useState(false);
  if (stops.length && !hadMarks) setHadMarks(true);

  if (query.isPending || query.isError || !portfolio || !draft) {
    return <PortfolioLoadState pending={query.isPending} error={query.error} />;
  }

  const toCheck = stops.length;
  const verdict = verdictOf(draft.data, draft.settings.importRead);
  const calm = !toCheck && !verdict.poor;

  const keep = () => {
    update(keptWhatWasFound);
    fields.current?.focus();
  };
  const undoScratch = () => {
    if (beforeScratch) update(() => beforeScratch);
    setBeforeScratch(null);
  };
  const startOver = () => {
    setBeforeScratch(draft);
    update(startedFromScratch);
    fields.current?.focus();
    toast({
      title: 'Started from scratch',
      description: 'What we read is cleared. Type your details in.',
      duration: 10_000,
      action: {
        label: 'Undo',
        onClick: () => {
          update(() => draft);
          setBeforeScratch(null);
        },
      },
    });
  };

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
      {verdict.show ? (
        <VerdictBanner verdict={verdict} onKeep={keep} onStartOver={startOver} />
      ) : (
        <div
          role="status"
          data-testid="review-status"
          className={cn(
            'mb-4 flex flex-wrap items-center gap-3 rounded-xl border p-3 text-sm sm:p-4',
            calm
              ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
              : 'border-amber-300 bg-amber-50 text-amber-950',
          )}
        >
          {calm ? (
            <CircleCheck className="size-5 shrink-0 text-emerald-700" aria-hidden />
          ) : (
            <CircleAlert className="size-5 shrink-0 text-amber-700" aria-hidden />
          )}
          <p className="min-w-0 flex-1">{statusText(toCheck, verdict.poor, !!beforeScratch)}</p>
          {beforeScratch ? (
            <Button variant="outline" size="sm" onClick={undoScratch}>
              Undo
            </Button>
          ) : null}
        </div>
      )}

      {original ? (
        <Button
          variant="outline"
          size="sm"
          className="mb-4 lg:hidden"
          onClick={() => original.open(null)}
        >
          <FileText className="size-4" aria-hidden />
          Show original document
        </Button>
      ) : null}

      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <section
          id="original-document"
          aria-label="Your original document"
          className="hidden max-h-[calc(100vh-3rem)] min-w-0 overflow-y-auto rounded-2xl border border-slate-200 bg-slate-100 lg:sticky lg:top-6 lg:block"
        >
          {document}
        </section>
        <section
          ref={fields}
          aria-label="What we read"
          tabIndex={-1}
          className="min-w-0 focus:outline-none"
          onFocus={walk.follow}
        >
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
        {hadMarks || toCheck ? (
          <MarkNavigator left={toCheck} said={walk.said} go={walk.go} className="mr-auto" />
        ) : (
          <p className="mr-auto hidden text-sm text-slate-600 sm:block">
            Your site is built from these details. You can change them later in the editor.
          </p>
        )}
        <Button disabled={saving} onClick={() => void next()}>
          {saving ? <Spinner className="size-4 text-white" label="Saving" /> : null}
          Continue to templates
          <ArrowRight className="size-4" aria-hidden />
        </Button>
      </ActionBar>
    </>
  );
}

/** The review's state in words, never "nothing to check" for a read the parser doubts. */
function statusText(toCheck: number, poor: boolean, cleared: boolean): string {
  if (cleared) return 'We cleared what we read. Type your details in below.';
  const marked = toCheck
    ? `${toCheck} ${toCheck === 1 ? 'place is' : 'places are'} marked “Check this”: fix what is wrong, or choose “Looks right”.`
    : '';
  if (poor)
    return `We were not sure we read your resume right: compare each section with your original. ${marked}`.trim();
  return marked || 'Nothing is marked to check. Look over your details, then go on.';
}
