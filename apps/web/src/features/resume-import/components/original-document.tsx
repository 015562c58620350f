import { useEffect, useRef, useState } from 'react';
import { FileText } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { importedDocument, isPdf, type ImportedDocument } from '../utils/imported-document.ts';

type View =
  | { kind: 'loading' }
  | { kind: 'pages'; count: number }
  | { kind: 'text'; text: string }
  | { kind: 'none' };

/** Widest a page is drawn, in CSS pixels (sharper on dense screens). */
const PAGE_WIDTH = 816;
/** Pages drawn at most (a resume has few; a long file is not drawn whole). */
const MAX_PAGES = 10;

/** Draws each PDF page into a canvas with pdf.js, in the browser. */
async function drawPdf(
  file: File,
  host: HTMLElement,
  signal: AbortSignal,
  onPage: (drawn: number) => void,
): Promise<number> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const task = pdfjs.getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    enableXfa: false,
    verbosity: 0,
  });
  signal.addEventListener('abort', () => void task.destroy());
  const pdf = await task.promise;
  const count = Math.min(pdf.numPages, MAX_PAGES);
  const scale = Math.min(window.devicePixelRatio || 1, 2);
  for (let n = 1; n <= count && !signal.aborted; n++) {
    const page = await pdf.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: (PAGE_WIDTH / base.width) * scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `Page ${n} of ${pdf.numPages}`);
    canvas.className = 'block h-auto w-full rounded-lg bg-white shadow ring-1 ring-slate-200';
    host.append(canvas);
    await page.render({ canvas, viewport }).promise;
    onPage(n);
  }
  return count;
}

/**
 * The uploaded document beside the review: PDF pages drawn with pdf.js, a Word file as the text
 * that was read from it. Nothing is shown after a reload (the file is not kept).
 */
export function OriginalDocument({ portfolioId }: { portfolioId: number }) {
  const doc: ImportedDocument | null = importedDocument(portfolioId);
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>(doc ? { kind: 'loading' } : { kind: 'none' });

  useEffect(() => {
    if (!doc || !host.current) return;
    const target = host.current;
    const abort = new AbortController();
    const textView = (): View => (doc.text ? { kind: 'text', text: doc.text } : { kind: 'none' });
    void (async () => {
      try {
        if (!(await isPdf(doc.file))) {
          setView(textView());
          return;
        }
        const page = (count: number) => {
          if (!abort.signal.aborted) setView({ kind: 'pages', count });
        };
        page(await drawPdf(doc.file, target, abort.signal, page));
      } catch {
        // a PDF pdf.js cannot draw: the text that was read from it instead
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
  }, [doc]);

  return (
    <div className="grid gap-3 p-3 sm:p-4" data-testid="original-document" data-view={view.kind}>
      <p className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-800">
        <FileText className="size-4 shrink-0 text-slate-500" aria-hidden />
        <span className="truncate">{doc ? doc.file.name : 'Your original document'}</span>
      </p>
      {view.kind === 'loading' ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-6 text-brand-600" label="Drawing your document" />
        </div>
      ) : null}
      <div ref={host} className="grid gap-3" />
      {view.kind === 'text' ? (
        <pre className="max-w-full overflow-x-auto rounded-lg bg-white p-4 font-sans text-sm break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
          {view.text}
        </pre>
      ) : null}
      {view.kind === 'none' ? (
        <p className="rounded-lg bg-white p-4 text-sm text-slate-600 ring-1 ring-slate-200">
          The original document is shown right after an upload. Your details are saved: check them
          on their own, or upload the file again to see it beside them.
        </p>
      ) : null}
    </div>
  );
}
