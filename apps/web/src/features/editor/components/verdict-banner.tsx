import { useId } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { Verdict } from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The verdict at the top of the review (docs/product.md, Parsing and credits): a poor read says
 * so plainly and names what was not found, with the two ways on — keep what was found and fix it
 * beside the original, or start from scratch (undoable).
 */
export function VerdictBanner({
  verdict,
  onKeep,
  onStartOver,
}: {
  verdict: Verdict;
  onKeep: () => void;
  onStartOver: () => void;
}) {
  const titleId = useId();
  const { poor, missing } = verdict;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="review-verdict"
      className="mb-4 rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold">
            {poor ? 'We could not read your resume well' : 'Some of your resume is missing here'}
          </h2>
          {missing.length ? (
            <ul className="mt-2 grid gap-1 text-sm" aria-label="What we did not find">
              {missing.map((part) => (
                <li key={part.path}>We found no {part.missing}.</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2 text-sm">
            {poor
              ? 'What we read may be wrong or in the wrong place. Compare it with your original document, fix what is wrong, or start from scratch and type your details in.'
              : 'If your resume has them, add them below. Compare with your original document.'}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onKeep}>
              Keep what was found
            </Button>
            <Button variant="ghost" size="sm" onClick={onStartOver}>
              Start from scratch
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
