import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Trash2 } from 'lucide-react';
import type { PortfolioOriginal, ValueSource } from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import {
  deleteOriginal,
  fetchOriginal,
  fetchOriginalFile,
  originalKey,
} from '../api/resume-import-api.ts';

type View =
  { kind: 'loading' } | { kind: 'pages'; count: number } | { kind: 'text' } | { kind: 'none' };

/** Widest a page is drawn, in CSS pixels (sharper on dense screens). */
const PAGE_WIDTH = 816;
/** Pages drawn at most (a resume has few; a long file is not drawn whole). */
const MAX_PAGES = 10;

/**
 * Draws each PDF page into a canvas with pdf.js, in the browser. Each page sits in a box that
 * remembers its size in PDF points, so a source box (points, top-left origin) is placed over it
 * in percentages, whatever size the page is shown at.
 */
async function drawPdf(
  bytes: Uint8Array,
  host: HTMLElement,
  signal: AbortSignal,
  onPage: (drawn: number) => void,
): Promise<number> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const task = pdfjs.getDocument({ data: bytes, enableXfa: false, verbosity: 0 });
  signal.addEventListener('abort', () => void task.destroy());
  const pdf = await task.promise;
  const count = Math.min(pdf.numPages, MAX_PAGES);
  const scale = Math.min(window.devicePixelRatio || 1, 2);
  for (let n = 1; n <= count && !signal.aborted; n++) {
    const page = await pdf.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: (PAGE_WIDTH / base.width) * scale });
    const box = document.createElement('div');
    box.className = 'relative';
    box.dataset.page = String(n);
    box.dataset.width = String(base.width);
    box.dataset.height = String(base.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `Page ${n} of ${pdf.numPages}`);
    canvas.className = 'block h-auto w-full rounded-lg bg-white shadow ring-1 ring-slate-200';
    box.append(canvas);
    host.append(box);
    await page.render({ canvas, viewport }).promise;
    onPage(n);
  }
  return count;
}

/** The nearest ancestor that scrolls (the pane beside the form, or the full-screen viewer). */
function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if ((overflowY === 'auto' || overflowY === 'scroll') && p.scrollHeight > p.clientHeight)
      return p;
  }
  return null;
}

/** Scrolls only the viewer (never the page with the form) so `target` is in its middle. */
function centerIn(target: HTMLElement) {
  const parent = scrollParent(target);
  if (!parent) return;
  const t = target.getBoundingClientRect();
  const p = parent.getBoundingClientRect();
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  parent.scrollTo({
    top: parent.scrollTop + t.top - p.top - (p.height - t.height) / 2,
    left: parent.scrollLeft + t.left - p.left - (p.width - t.width) / 2,
    behavior: reduce ? 'auto' : 'smooth',
  });
}

/** Places the highlight over the source box on its page (one highlight at a time). */
function highlightBox(host: HTMLElement, source: ValueSource | undefined): HTMLElement | null {
  host.querySelector('[data-testid="source-highlight"]')?.remove();
  if (!source || !('page' in source)) return null;
  const page = host.querySelector<HTMLElement>(`[data-page="${source.page}"]`);
  const width = Number(page?.dataset.width);
  const height = Number(page?.dataset.height);
  if (!page || !width || !height) return null;
  const [x0, y0, x1, y1] = source.box;
  const pad = 3; // points around the text, so the mark does not cut through letters
  const mark = document.createElement('div');
  mark.dataset.testid = 'source-highlight';
  mark.className =
    'pointer-events-none absolute rounded-sm bg-amber-300/35 ring-2 ring-amber-500 motion-safe:animate-fade-in';
  Object.assign(mark.style, {
    left: `${(Math.max(0, Math.min(x0, x1) - pad) / width) * 100}%`,
    top: `${(Math.max(0, Math.min(y0, y1) - pad) / height) * 100}%`,
    width: `${((Math.abs(x1 - x0) + 2 * pad) / width) * 100}%`,
    height: `${((Math.abs(y1 - y0) + 2 * pad) / height) * 100}%`,
  });
  page.append(mark);
  return mark;
}

/** The original, its description from the server, for the viewer and the field buttons. */
export function useOriginal(portfolioId: number) {
  return useQuery({
    queryKey: originalKey(portfolioId),
    queryFn: () => fetchOriginal(portfolioId),
    staleTime: Infinity,
  });
}

/**
 * The uploaded document beside the form (ADR 44), kept on the server until the user deletes it:
 * PDF pages drawn with pdf.js, a Word file as the paragraphs that were read from it. `path` is
 * the focused field: where its value came from is highlighted and scrolled to.
 */
export function OriginalDocument({
  portfolioId,
  path,
  zoom = 1,
}: {
  portfolioId: number;
  path?: string | null | undefined;
  /** How much larger than the viewer's width the document is shown (the phone's pinch zoom). */
  zoom?: number;
}) {
  const query = useOriginal(portfolioId);
  const original = query.data;
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const source = path ? original?.review?.sources[path] : undefined;

  useEffect(() => {
    if (query.isPending) return;
    if (!original) {
      setView({ kind: 'none' });
      return;
    }
    const textView = (): View => (original.documentText ? { kind: 'text' } : { kind: 'none' });
    if (original.kind !== 'pdf' || !host.current) {
      setView(textView());
      return;
    }
    const target = host.current;
    const abort = new AbortController();
    setView({ kind: 'loading' });
    void (async () => {
      try {
        const bytes = await fetchOriginalFile(portfolioId, abort.signal);
        const page = (count: number) => {
          if (!abort.signal.aborted) setView({ kind: 'pages', count });
        };
        page(await drawPdf(bytes, target, abort.signal, page));
      } catch {
        // a PDF pdf.js cannot draw (or that could not be fetched): the text read from it instead
        if (!abort.signal.aborted) {
          target.replaceChildren();
          setView(textView());
        }
      }
    })();
    return () => {
      abort.abort();
      target.replaceChildren();
    };
  }, [original, query.isPending, portfolioId]);

  const drawn = view.kind === 'pages' ? view.count : 0;
  useEffect(() => {
    if (!host.current || drawn === 0) return;
    const mark = highlightBox(host.current, source);
    if (mark) centerIn(mark);
  }, [source, drawn, zoom]);

  const paragraph = source && 'paragraph' in source ? source.paragraph : null;
  const text = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (paragraph === null || view.kind !== 'text') return;
    const line = text.current?.querySelector<HTMLElement>(`[data-paragraph="${paragraph}"]`);
    if (line) centerIn(line);
  }, [paragraph, view.kind, zoom]);

  return (
    <div className="grid gap-3 p-3 sm:p-4" data-testid="original-document" data-view={view.kind}>
      <OriginalHeader portfolioId={portfolioId} original={original ?? null} />
      {query.isError ? (
        <div
          role="alert"
          className="grid gap-2 rounded-lg bg-white p-4 text-sm ring-1 ring-red-200"
        >
          <p className="text-red-800">
            Your original document could not be loaded: {getErrorMessage(query.error)}
          </p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {view.kind === 'loading' && !query.isError ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-6 text-brand-600" label="Drawing your document" />
        </div>
      ) : null}
      <div
        className="grid gap-3"
        style={zoom === 1 ? undefined : { width: `${zoom * 100}%` }}
        data-testid="original-content"
      >
        <div ref={host} className="grid gap-3" />
        {view.kind === 'text' && original?.documentText ? (
          <div
            ref={text}
            className="rounded-lg bg-white p-4 text-sm break-words text-slate-800 ring-1 ring-slate-200"
          >
            {original.documentText.split('\n').map((line, i) => (
              <p
                // lines are the document's paragraphs by index: the index is their identity
                key={i}
                data-paragraph={i}
                data-testid={i === paragraph ? 'source-highlight' : undefined}
                className={cn(
                  'min-h-[1lh] rounded px-1 whitespace-pre-wrap',
                  i === paragraph && 'bg-amber-200/70 ring-2 ring-amber-500',
                )}
              >
                {line}
              </p>
            ))}
          </div>
        ) : null}
      </div>
      {view.kind === 'none' && !query.isError ? (
        <div
          className="grid gap-1 rounded-lg bg-white p-4 text-sm text-slate-600 ring-1 ring-slate-200"
          data-testid="original-empty"
        >
          <p className="font-medium text-slate-800">No original document</p>
          <p>
            This portfolio was made without an upload, or its original was deleted. Your details are
            all in the form.
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The file's name and "Delete original", with a confirmation. */
function OriginalHeader({
  portfolioId,
  original,
}: {
  portfolioId: number;
  original: PortfolioOriginal | null;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteOriginal(portfolioId);
      queryClient.setQueryData(originalKey(portfolioId), null);
      setConfirming(false);
      toast({ title: 'Original document deleted', variant: 'success' });
    } catch (err) {
      toast({
        title: 'Could not delete the original',
        description: getErrorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <p className="flex min-w-0 flex-1 items-center gap-2 text-sm font-semibold text-slate-800">
        <FileText className="size-4 shrink-0 text-slate-500" aria-hidden />
        <span className="truncate">{original ? original.filename : 'Your original document'}</span>
      </p>
      {original ? (
        <Button variant="dangerGhost" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 className="size-4" aria-hidden />
          Delete original
        </Button>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete the original document?"
        description="Folio keeps your uploaded file so you can check your details against it. Deleting it cannot be undone; your portfolio and its details stay as they are."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button variant="destructive" disabled={deleting} onClick={() => void remove()}>
            {deleting ? <Spinner className="size-4 text-white" label="Deleting" /> : null}
            Delete original
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
