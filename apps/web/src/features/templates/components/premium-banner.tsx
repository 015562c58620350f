import { useEffect, useState } from 'react';
import { Sparkles, X } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { planNames, plansWhere } from '@folio/core';

const DISMISSED_KEY = 'folio.premiumBannerDismissed';

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The gallery (product.md, Screens in detail): 'Unlock premium templates', dismissible; the dismissal lasts the session. */
export function PremiumBanner() {
  // Shown after mount: /templates is prerendered (ADR 0010), and the first render must match it
  // whatever this session's storage says.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(!readDismissed());
  }, []);
  if (!open) return null;
  const dismiss = () => {
    setOpen(false);
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage unavailable: the banner stays hidden until the next visit.
    }
  };
  return (
    <div className="pointer-events-none sticky bottom-4 z-30 mx-auto mb-6 max-w-3xl px-4">
      <div
        role="region"
        aria-label="Premium templates"
        className="pointer-events-auto flex items-center gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-white shadow-2xl shadow-slate-900/30 sm:gap-4 sm:px-5 sm:py-4"
      >
        <Sparkles className="hidden size-6 shrink-0 text-amber-300 sm:block" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">Unlock premium templates</p>
          <p className="hidden text-sm text-slate-300 sm:block">
            Every template on {planNames(plansWhere((p) => p.allTemplates))}, with new ones every
            month.
          </p>
        </div>
        <ButtonLink to="/pricing" size="sm" variant="inverted">
          Upgrade Plan
        </ButtonLink>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={dismiss}
          className="-mr-1 rounded-md p-1.5 text-slate-400 transition-colors hover:bg-white/10 hover:text-white"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
