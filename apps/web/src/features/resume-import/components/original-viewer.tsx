import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
  type TouchEvent,
} from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { Minus, Plus, X } from 'lucide-react';
import {
  OriginalSourcesContext,
  sourcePathAttribute,
  type OriginalSources,
} from '../../../components/original-source.tsx';
import { OriginalDocument, useOriginal } from './original-document.tsx';

/** At this width and wider the original is shown beside the form; narrower, full-screen on demand. */
const wideQuery = '(min-width: 1024px)';
const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(wideQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(wideQuery).matches,
    () => true,
  );
}

/** The field last focused (its path), for the pane beside the form. */
const FocusedPathContext = createContext<string | null>(null);

/**
 * The original document with the review (ADR 44): follows the focused field at desktop widths
 * (OriginalPane), and opens full-screen from a field's "In original" button on a phone.
 */
export function OriginalViewer({
  portfolioId,
  children,
}: {
  portfolioId: number;
  children: ReactNode;
}) {
  const { data: original } = useOriginal(portfolioId);
  const [focused, setFocused] = useState<string | null>(null);
  /** The full-screen viewer: closed (undefined), or open at a field's source (or at the top). */
  const [full, setFull] = useState<string | null | undefined>(undefined);
  /** What had the focus when it opened (the field's button): it gets it back on close. */
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      if (!(e.target instanceof Element)) return;
      const field = e.target.closest(`[${sourcePathAttribute}]`);
      const path = field?.getAttribute(sourcePathAttribute);
      if (path) setFocused(path);
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);

  const sources = useMemo<OriginalSources>(
    () => ({
      has: (path) => original?.review?.sources[path] !== undefined,
      open: (path) => {
        opener.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setFull(path);
      },
    }),
    [original],
  );

  return (
    <OriginalSourcesContext value={sources}>
      <FocusedPathContext value={focused}>{children}</FocusedPathContext>
      <FullScreenOriginal
        portfolioId={portfolioId}
        path={full}
        onClose={() => setFull(undefined)}
        opener={opener}
      />
    </OriginalSourcesContext>
  );
}

/** The original beside the form (desktop widths only: a phone opens it full-screen instead). */
export function OriginalPane({ portfolioId }: { portfolioId: number }) {
  const wide = useWideScreen();
  const path = useContext(FocusedPathContext);
  return wide ? <OriginalDocument portfolioId={portfolioId} path={path} /> : null;
}

/**
 * The phone's viewer: the whole screen, focus kept inside, Escape or Close to leave; pinch (or
 * the − / + buttons) to zoom, scrolled to where the field's value came from.
 */
function FullScreenOriginal({
  portfolioId,
  path,
  onClose,
  opener,
}: {
  portfolioId: number;
  path: string | null | undefined;
  onClose: () => void;
  opener: RefObject<HTMLElement | null>;
}) {
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const open = path !== undefined;
  const clamp = (z: number) => Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z)) * 100) / 100;

  const distance = (e: TouchEvent) => {
    const [a, b] = [e.touches[0], e.touches[1]];
    return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
  };

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          onClose();
          setZoom(MIN_ZOOM);
        }
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Content
          data-testid="original-fullscreen"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            if (!opener.current?.isConnected) return;
            e.preventDefault();
            opener.current.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-slate-100 data-[state=open]:animate-fade-in"
        >
          <div className="flex items-center gap-1 border-b border-slate-200 bg-white px-3 py-2">
            <RadixDialog.Title className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">
              Your original document
            </RadixDialog.Title>
            <button
              type="button"
              aria-label="Zoom out"
              disabled={zoom <= MIN_ZOOM}
              onClick={() => setZoom((z) => clamp(z - 0.5))}
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-40"
            >
              <Minus className="size-4" aria-hidden />
            </button>
            <span
              className="w-12 text-center text-sm text-slate-600 tabular-nums"
              aria-live="polite"
            >
              {Math.round(zoom * 100)}%
            </span>
            <button
              type="button"
              aria-label="Zoom in"
              disabled={zoom >= MAX_ZOOM}
              onClick={() => setZoom((z) => clamp(z + 0.5))}
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-40"
            >
              <Plus className="size-4" aria-hidden />
            </button>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div
            className="min-h-0 flex-1 overflow-auto overscroll-contain"
            // one finger scrolls natively; two pinch-zoom the document, not the page
            style={{ touchAction: 'pan-x pan-y' }}
            onTouchStart={(e) => {
              if (e.touches.length === 2) pinch.current = { distance: distance(e), zoom };
            }}
            onTouchMove={(e) => {
              const start = pinch.current;
              if (e.touches.length !== 2 || !start?.distance) return;
              setZoom(clamp((start.zoom * distance(e)) / start.distance));
            }}
            onTouchEnd={(e) => {
              if (e.touches.length < 2) pinch.current = null;
            }}
          >
            {open ? <OriginalDocument portfolioId={portfolioId} path={path} zoom={zoom} /> : null}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
