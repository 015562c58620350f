import { Link } from 'react-router';
import { ChevronRight, FileText } from 'lucide-react';
import type { PortfolioSummary } from '@folio/core';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** Choose which portfolio to pick a template for (list max height 15rem). */
export function PortfolioPickerDialog({
  open,
  onOpenChange,
  portfolios,
  isLoading,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  portfolios: PortfolioSummary[] | undefined;
  isLoading: boolean;
  onPick?: () => void;
}) {
  const list = portfolios ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Choose a portfolio"
      description="Pick the portfolio you want to choose a template for."
    >
      {isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : list.length === 0 ? (
        <div className="grid gap-4 text-center">
          <p className="text-sm text-slate-600">You don't have a portfolio yet.</p>
          <ButtonLink to="/resume-upload" onClick={() => onOpenChange(false)}>
            Create Your First Portfolio
          </ButtonLink>
        </div>
      ) : (
        <ul
          className="-mx-2 grid max-h-[15rem] gap-1 overflow-y-auto px-2"
          data-testid="portfolio-picker-list"
        >
          {list.map((p) => (
            <li key={p.id}>
              <Link
                to={`/template-select?id=${p.id}`}
                onClick={() => {
                  onOpenChange(false);
                  onPick?.();
                }}
                className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-800 transition-colors hover:border-brand-300 hover:bg-brand-50"
              >
                <FileText className="size-4 shrink-0 text-brand-600" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{p.name}</span>
                <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
