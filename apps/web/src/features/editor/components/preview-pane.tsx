import {
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Monitor, Smartphone } from 'lucide-react';
import type { PortfolioContent, TemplateId } from '@folio/core';
import { cn } from '../../../lib/cn.ts';
import { patchDocument, previewHtml } from '../../../lib/site-preview.ts';

export type Device = 'desktop' | 'tablet' | 'mobile';

/** Spec §9: mobile preview 375 px wide; below 768 px only the mobile preview is offered. */
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

/**
 * The portfolio as visitors will see it, rendered in the browser from the draft on every change
 * (no server round trip), in a sandboxed frame where nothing can run: no scripts, no forms, no
 * popups. Because no script can run in it, the frame may share the app's origin, so each change
 * is patched into the loaded document (no reload, scroll position kept) instead of reloading it.
 */
export function PreviewFrame({
  content,
  template,
  device,
  compact = false,
}: {
  content: PortfolioContent;
  template: TemplateId;
  device: Device;
  /** Beside an editor: a narrower frame. */
  compact?: boolean;
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
  const latest = useRef(html);
  // The frame loads its first page once; later pages are patched into it.
  const [firstPage] = useState(html);
  useEffect(() => {
    latest.current = html;
    const doc = frameRef.current?.contentDocument;
    if (doc?.readyState === 'complete') patchDocument(doc, html);
  }, [html]);
  const width = device === 'mobile' ? MOBILE_WIDTH : device === 'tablet' ? TABLET_WIDTH : undefined;
  return (
    <div
      className={cn(
        'flex justify-center rounded-2xl border border-slate-200 bg-slate-100 p-2 sm:p-3',
        !compact && 'mx-auto w-full max-w-5xl',
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
        }}
        data-device={device}
        style={width ? { width } : undefined}
        className={cn(
          'h-[clamp(600px,78vh,700px)] max-w-full rounded-xl border border-slate-200 bg-white shadow-sm',
          !width && 'w-full',
        )}
      />
    </div>
  );
}
