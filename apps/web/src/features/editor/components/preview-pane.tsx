import {
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Monitor, Smartphone } from 'lucide-react';
import type { PortfolioContent, SectionKey, TemplateId } from '@folio/core';
import { cn } from '../../../lib/cn.ts';
import { patchDocument, previewHtml } from '../../../lib/site-preview.ts';

export type Device = 'desktop' | 'tablet' | 'mobile';

/** Mobile preview 375 px wide; below 768 px only the mobile preview is offered. */
export const MOBILE_WIDTH = 375;
/** The template editor's tablet preview. */
export const TABLET_WIDTH = 768;
const narrowQuery = '(max-width: 767px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(narrowQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(narrowQuery).matches,
    () => false,
  );
}

const toggleClass =
  'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm';

export function DeviceToggle({
  device,
  onChange,
}: {
  device: Device;
  onChange: (device: Device) => void;
}) {
  const narrow = useNarrowScreen();
  return (
    <div
      role="group"
      aria-label="Preview device"
      className="inline-flex gap-1 rounded-lg bg-slate-100 p-1"
    >
      {narrow ? null : (
        <button
          type="button"
          aria-pressed={device === 'desktop'}
          onClick={() => onChange('desktop')}
          className={toggleClass}
        >
          <Monitor className="size-4" aria-hidden />
          Desktop
        </button>
      )}
      <button
        type="button"
        aria-pressed={device === 'mobile'}
        onClick={() => onChange('mobile')}
        className={toggleClass}
      >
        <Smartphone className="size-4" aria-hidden />
        Mobile
      </button>
    </div>
  );
}

/** A section of the page to bring into view; `at` tells two requests for one section apart. */
export interface PreviewFocus {
  section: SectionKey;
  at: number;
}

/** Desktop pages are drawn this wide, then scaled down to fit when `fit` is set. */
const DESKTOP_WIDTH = 1280;

/** Scrolls the frame's page to a section and marks it briefly, so that a change is seen. */
function showSection(doc: Document, section: SectionKey) {
  const el = doc.getElementById(section);
  if (!el) return;
  // The frame's page only (scrollIntoView would scroll the editor too), and instantly: the page's
  // own smooth scrolling would be cut short by the next patch.
  const win = doc.defaultView;
  win?.scrollTo({ top: el.getBoundingClientRect().top + win.scrollY, behavior: 'instant' });
  el.animate?.(
    [{ outline: '3px solid rgb(99 102 241 / 0.9)' }, { outline: '3px solid rgb(99 102 241 / 0)' }],
    { duration: 1400, easing: 'ease-out' },
  );
}

/**
 * The portfolio as visitors will see it, rendered in the browser from the draft on every change
 * (no server round trip), in a sandboxed frame where nothing can run: no scripts, no forms, no
 * popups. Because no script can run in it, the frame may share the app's origin, so each change
 * is patched into the loaded document (no reload, scroll position kept) instead of reloading it.
 * With `focus`, the page scrolls to that section once the change is drawn.
 */
export function PreviewFrame({
  content,
  template,
  device,
  compact = false,
  fit = false,
  fill = false,
  focus = null,
}: {
  content: PortfolioContent;
  template: TemplateId;
  device: Device;
  /** Beside an editor: a narrower frame. */
  compact?: boolean;
  /** Draw a desktop page at desktop width and scale it down to the space there is. */
  fit?: boolean;
  /** Take the height of the parent (a sheet or a sticky column) instead of 600–700 px. */
  fill?: boolean;
  focus?: PreviewFocus | null;
}) {
  const deferred = useDeferredValue(content);
  const html = useMemo(() => {
    try {
      return previewHtml(deferred, template);
    } catch {
      return '<!doctype html><p style="font:16px system-ui;padding:2rem">This preview could not be drawn.</p>';
    }
  }, [deferred, template]);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const latest = useRef(html);
  // A focus asked for in the last second is applied again after the next patch (which may move it).
  const pending = useRef<PreviewFocus | null>(null);
  // The frame loads its first page once; later pages are patched into it.
  const [firstPage] = useState(html);
  const [box, setBox] = useState({ width: 0, height: 0 });

  useEffect(() => {
    latest.current = html;
    const doc = frameRef.current?.contentDocument;
    if (doc?.readyState !== 'complete') return;
    patchDocument(doc, html);
    const want = pending.current;
    if (want && Date.now() - want.at < 1000) showSection(doc, want.section);
    pending.current = null;
  }, [html]);

  useEffect(() => {
    if (!focus) return;
    pending.current = focus;
    const doc = frameRef.current?.contentDocument;
    if (doc?.readyState === 'complete') showSection(doc, focus.section);
  }, [focus]);

  useEffect(() => {
    const el = boxRef.current;
    if (!fit || !el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fit]);

  const width = device === 'mobile' ? MOBILE_WIDTH : device === 'tablet' ? TABLET_WIDTH : undefined;
  // A desktop page narrower than desktop width is drawn at 1280 px and scaled to the box.
  const scale =
    fit && !width && box.width > 0 && box.width < DESKTOP_WIDTH ? box.width / DESKTOP_WIDTH : 1;
  const scaled = scale < 1;
  return (
    <div
      className={cn(
        'flex justify-center rounded-2xl border border-slate-200 bg-slate-100 p-2 sm:p-3',
        !compact && 'mx-auto w-full max-w-5xl',
        fit && 'max-w-none',
        fill && 'h-full min-h-0',
      )}
    >
      <div
        ref={boxRef}
        className={cn(
          'relative flex min-w-0 flex-1 justify-center',
          fill ? 'h-full' : 'h-[clamp(600px,78vh,700px)]',
          scaled && 'overflow-hidden',
        )}
      >
        <iframe
          title="Portfolio preview"
          ref={frameRef}
          sandbox="allow-same-origin"
          srcDoc={firstPage}
          onLoad={(event) => {
            const doc = event.currentTarget.contentDocument;
            if (doc && latest.current !== firstPage) patchDocument(doc, latest.current);
            if (doc && pending.current) showSection(doc, pending.current.section);
          }}
          data-device={device}
          data-scale={scaled ? scale.toFixed(3) : undefined}
          style={
            scaled
              ? {
                  width: DESKTOP_WIDTH,
                  height: box.height / scale,
                  transform: `scale(${scale})`,
                }
              : width
                ? { width }
                : undefined
          }
          className={cn(
            'h-full max-w-full rounded-xl border border-slate-200 bg-white shadow-sm',
            !width && !scaled && 'w-full',
            scaled && 'absolute top-0 left-0 max-w-none origin-top-left',
          )}
        />
      </div>
    </div>
  );
}
