import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  ArrowLeft,
  ArrowRight,
  Check,
  Crown,
  Eye,
  FolderSearch,
  LayoutTemplate,
} from 'lucide-react';
import {
  canUseTemplate,
  NEW_TEMPLATES_PER_MONTH,
  premiumTemplateMessage,
  type PlanId,
  type TemplateId,
} from '@folio/core';
import { Button, ButtonLink, buttonClasses } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import type { TemplateListItem } from '@folio/core';
import { usePortfolio } from '../hooks/use-portfolio.ts';
import { useTemplates } from '../hooks/use-templates.ts';
import { useUpdateTemplate } from '../hooks/use-update-template.ts';
import {
  categoryLabel,
  categoryTabs,
  isCategoryTab,
  type CategoryTab,
} from '../utils/categories.ts';
import { TemplateCard } from './template-card.tsx';
import { TemplateGridSkeleton } from './template-grid-skeleton.tsx';
import { TemplatePreviewDialog } from './template-preview-dialog.tsx';

const tabTrigger =
  'inline-flex shrink-0 items-center gap-1.5 rounded-lg px-3.5 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

const gridClass = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3';

function showPremiumToast() {
  toast({
    title: 'Premium Template',
    description: premiumTemplateMessage(),
    variant: 'destructive',
  });
}

/**
 * The template select (product.md, Screens in detail): category tabs, cards, and a pick that saves at once (product.md, States).
 * `plan` is the plan in force (`effectivePlan`); premium cards are locked when it lacks them.
 */
export function TemplatePicker({ portfolioId, plan }: { portfolioId: number; plan: PlanId }) {
  const navigate = useNavigate();
  const portfolio = usePortfolio(portfolioId);
  const templates = useTemplates();
  const update = useUpdateTemplate();
  const [tab, setTab] = useState<CategoryTab>('all');
  const [previewing, setPreviewing] = useState<TemplateListItem | null>(null);

  if (portfolio.isError && portfolio.error instanceof ApiError && portfolio.error.status === 404) {
    return <PortfolioNotFound />;
  }

  const current = portfolio.data?.template ?? null;
  const selected: TemplateId | null = update.isPending ? update.variables.template : current;
  const busy = portfolio.isPending || templates.isPending || update.isPending;
  const isLocked = (t: TemplateListItem) => !canUseTemplate(plan, t.id) && t.id !== current;

  const select = (t: TemplateListItem) => {
    if (isLocked(t)) {
      showPremiumToast();
      return;
    }
    if (!portfolio.data || update.isPending || t.id === selected) return;
    update.mutate({ id: portfolioId, template: t.id, version: portfolio.data.version });
  };

  /** Onward with the template chosen: to the preview (customise) or straight to publishing. */
  const continueTo = (page: 'preview' | 'publish') => {
    if (!selected) {
      toast({
        title: 'No template selected',
        description: 'Please select a template before continuing.',
        variant: 'destructive',
      });
      return;
    }
    void navigate(`/${page}?id=${portfolioId}`);
  };

  const header = (
    <PageHeader
      title="Choose a Template"
      description={
        portfolio.data ? (
          <>
            Pick the design for{' '}
            <span className="font-medium text-slate-900">{portfolio.data.name}</span>. You can
            switch at any time without losing content.
          </>
        ) : (
          'Pick the design for your portfolio. You can switch at any time without losing content.'
        )
      }
      actions={
        <>
          <ButtonLink to="/dashboard" variant="outline">
            <ArrowLeft className="size-4" aria-hidden />
            Back
          </ButtonLink>
          <Button
            variant="outline"
            onClick={() => continueTo('preview')}
            disabled={busy || !selected}
          >
            Continue to Preview
          </Button>
          <Button onClick={() => continueTo('publish')} disabled={busy || !selected}>
            {update.isPending ? <Spinner className="size-4 text-white" label="Saving" /> : null}
            Continue to Publish
            <ArrowRight className="size-4" aria-hidden />
          </Button>
        </>
      }
    />
  );

  if (portfolio.isError || templates.isError) {
    return (
      <>
        {header}
        <Card role="alert" className="p-6 text-red-700">
          Could not load this page: {getErrorMessage(portfolio.error ?? templates.error)}
        </Card>
      </>
    );
  }

  const list = templates.data ?? [];
  const renderCard = (t: TemplateListItem) => {
    const isSelected = t.id === selected;
    const locked = isLocked(t);
    const saving = update.isPending && update.variables.template === t.id;
    return (
      <li key={t.id}>
        <TemplateCard
          template={t}
          selected={isSelected}
          locked={locked}
          onThumbnailClick={() => select(t)}
          content={portfolio.data?.content}
        >
          {locked ? (
            <ButtonLink to="/pricing" size="sm">
              <Crown className="size-4" aria-hidden />
              Upgrade Plan
            </ButtonLink>
          ) : isSelected ? (
            <span
              className={buttonClasses('secondary', 'sm', 'cursor-default')}
              data-testid="selected-state"
            >
              {saving ? (
                <Spinner className="size-4 text-brand-700" label="Saving" />
              ) : (
                <Check className="size-4" aria-hidden />
              )}
              {saving ? 'Saving…' : 'Selected'}
            </span>
          ) : (
            <Button
              size="sm"
              disabled={busy}
              onClick={() => select(t)}
              aria-label={`Select Template ${t.name}`}
            >
              Select Template
            </Button>
          )}
          <Tooltip label={`Preview ${t.name}`}>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setPreviewing(t)}
              aria-label={`Preview ${t.name}`}
            >
              <Eye className="size-4" aria-hidden />
              <span className="hidden @[15rem]:inline">Preview</span>
            </Button>
          </Tooltip>
        </TemplateCard>
      </li>
    );
  };

  const previewLocked = previewing ? isLocked(previewing) : false;

  return (
    <>
      {header}
      <Tabs value={tab} onValueChange={(v) => setTab(isCategoryTab(v) ? v : 'all')}>
        <TabList
          aria-label="Template categories"
          className="mb-6 flex w-fit max-w-full gap-1 overflow-x-auto rounded-xl bg-slate-200/60 p-1"
        >
          {categoryTabs.map((c) => {
            const count = c === 'all' ? list.length : list.filter((t) => t.category === c).length;
            return (
              <TabTrigger key={c} value={c} className={tabTrigger}>
                {categoryLabel(c)}
                {templates.data ? (
                  <span className="rounded-full bg-slate-900/5 px-1.5 text-xs font-medium text-slate-700 tabular-nums">
                    {count}
                  </span>
                ) : null}
              </TabTrigger>
            );
          })}
        </TabList>
        {categoryTabs.map((c) => {
          const inTab = c === 'all' ? list : list.filter((t) => t.category === c);
          return (
            <TabPanel key={c} value={c} className="rounded-2xl outline-none">
              {templates.isPending || portfolio.isPending ? (
                <TemplateGridSkeleton className={gridClass} />
              ) : inTab.length === 0 ? (
                <Card className="flex flex-col items-center px-6 py-14 text-center">
                  <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50">
                    <LayoutTemplate className="size-7 text-brand-600" aria-hidden />
                  </span>
                  <h2 className="mt-4 text-lg font-semibold text-slate-900">
                    No templates in this category yet
                  </h2>
                  <p className="mt-1.5 max-w-sm text-sm text-slate-600">
                    {NEW_TEMPLATES_PER_MONTH} new templates arrive every month. Meanwhile, every
                    design works for any career.
                  </p>
                  <Button variant="outline" className="mt-5" onClick={() => setTab('all')}>
                    Show all templates
                  </Button>
                </Card>
              ) : (
                <ul className={gridClass} aria-label={`${categoryLabel(c)} templates`}>
                  {inTab.map(renderCard)}
                </ul>
              )}
            </TabPanel>
          );
        })}
      </Tabs>
      <TemplatePreviewDialog
        template={previewing}
        content={portfolio.data?.content}
        onOpenChange={(open) => {
          if (!open) setPreviewing(null);
        }}
        footer={
          previewing ? (
            previewLocked ? (
              <ButtonLink to="/pricing">
                <Crown className="size-4" aria-hidden />
                Upgrade Plan
              </ButtonLink>
            ) : previewing.id === selected ? (
              <Button variant="secondary" disabled>
                <Check className="size-4" aria-hidden />
                Selected
              </Button>
            ) : (
              <Button
                disabled={busy}
                onClick={() => {
                  select(previewing);
                  setPreviewing(null);
                }}
              >
                Select Template
              </Button>
            )
          ) : null
        }
      />
    </>
  );
}

function PortfolioNotFound() {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100">
        <FolderSearch className="size-7 text-slate-500" aria-hidden />
      </span>
      <p role="alert" className="mt-4 text-base font-medium text-slate-900">
        Portfolio not found. Please go back and try again.
      </p>
      <ButtonLink to="/dashboard" className="mt-6">
        Return to Dashboard
      </ButtonLink>
    </Card>
  );
}

/** The heading row; actions move beside the title only when there is room for both (lg). */
function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 text-slate-600">{description}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </div>
  );
}
