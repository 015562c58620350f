import { useCallback, useState, type FocusEvent } from 'react';
import { ChevronLeft, ChevronRight, CircleCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import { stepStop, type MarkStop } from '../utils/review-marks.ts';

const byPath = (attribute: string, path: string) =>
  document.querySelector<HTMLElement>(`[${attribute}="${CSS.escape(path)}"]`);

/** What the note on `path` is called ("Check this: Company" → "Company"). */
const noteLabel = (path: string) =>
  byPath('data-mark-path', path)
    ?.getAttribute('aria-label')
    ?.replace(/^Check this: /, '') ?? '';

/**
 * Walking the review's marks in the order the editor shows them: `go` scrolls to the next (or
 * previous) one and focuses its field, or its note when it marks an entry or a section. A field
 * focused by hand becomes the place the walk goes on from.
 */
export function useMarkWalk(stops: readonly MarkStop[]) {
  const [current, setCurrent] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const anchors = stops.map((s) => s.anchor);

  const go = (step: 1 | -1) => {
    const next = stepStop(anchors, current, step);
    if (next === null) return;
    setCurrent(next);
    const note = byPath('data-mark-path', next);
    const target = byPath('data-mark-focus', next) ?? note;
    if (!target) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    (note ?? target).scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    target.focus({ preventScroll: true });
    setSaid(`${anchors.indexOf(next) + 1} of ${anchors.length}: ${noteLabel(next)}`);
  };

  /** For the review's `onFocus`: a marked field or note focused by hand is where "Next" goes on from. */
  const follow = useCallback((event: FocusEvent<HTMLElement>) => {
    const el = event.target;
    const path = el.getAttribute('data-mark-focus') ?? el.getAttribute('data-mark-path');
    if (path) setCurrent(path);
  }, []);

  return { go, follow, said, current };
}

/**
 * "3 left" with Previous and Next, for the review's bar at the bottom of the screen: the count
 * of places still marked, announced as it goes down, and each step announced by what it reached.
 */
export function MarkNavigator({
  left,
  said,
  go,
  className,
}: {
  left: number;
  said: string;
  go: (step: 1 | -1) => void;
  className?: string;
}) {
  return (
    <div
      className={cn('flex min-w-0 items-center gap-2', className)}
      role="group"
      aria-label="Places to check"
      data-testid="mark-navigator"
    >
      {left ? (
        <>
          <Tooltip label="Previous place to check">
            <Button
              variant="outline"
              size="sm"
              className="px-2"
              aria-label="Previous place to check"
              onClick={() => go(-1)}
            >
              <ChevronLeft className="size-4" aria-hidden />
            </Button>
          </Tooltip>
          <p
            role="status"
            data-testid="marks-left"
            className="min-w-[4.5rem] text-center text-sm font-semibold text-amber-900"
          >
            {left} left
          </p>
          <Button
            variant="outline"
            size="sm"
            aria-label="Next place to check"
            onClick={() => go(1)}
          >
            Next
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </>
      ) : (
        <p
          role="status"
          data-testid="marks-left"
          className="flex items-center gap-1.5 text-sm font-semibold text-emerald-800"
        >
          <CircleCheck className="size-4" aria-hidden />
          All checked
        </p>
      )}
      <p aria-live="polite" className="sr-only" data-testid="mark-announcement">
        {left ? said : ''}
      </p>
    </div>
  );
}
