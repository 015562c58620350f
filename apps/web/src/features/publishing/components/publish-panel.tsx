import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CheckCircle2,
  Circle,
  CircleAlert,
  ExternalLink,
  Globe,
  Loader2,
  Rocket,
  TriangleAlert,
} from 'lucide-react';
import {
  canUseCustomSubdomain,
  LABEL_HOLD_DAYS,
  labelInputSchema,
  publishMessages,
  uncheckedMarksText,
  type PlanId,
  type Portfolio,
  type SiteState,
} from '@folio/core';
import { SiteStatusBadge } from '../../../components/site-status-badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import {
  checkLabel,
  portfolioKey,
  publishPortfolio,
  saveDomainSettings,
  siteKey,
} from '../api/publishing-api.ts';

/** An input with the sites-domain suffix; label and error props go to the input itself. */
function SuffixInput({
  suffix,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { suffix: string }) {
  return (
    <div className="flex items-stretch">
      <Input {...props} className={`min-w-0 rounded-r-none ${className ?? ''}`} />
      <span
        className="flex shrink-0 items-center rounded-r-lg border border-l-0 border-slate-300 bg-slate-100 px-3 text-sm whitespace-nowrap text-slate-600"
        aria-hidden
      >
        {suffix}
      </span>
    </div>
  );
}

type Availability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'invalid'; message: string }
  | { state: 'taken'; message: string }
  | { state: 'available' };

/** Availability of the custom subdomain as it is typed (checked 400 ms after the last key). */
function useAvailability(portfolioId: number, value: string, current: string | null) {
  const [result, setResult] = useState<Availability>({ state: 'idle' });
  useEffect(() => {
    if (!value || value === current) {
      setResult({ state: 'idle' });
      return;
    }
    const parsed = labelInputSchema.safeParse(value);
    if (!parsed.success) {
      setResult({ state: 'invalid', message: parsed.error.issues[0]?.message ?? 'Invalid domain' });
      return;
    }
    setResult({ state: 'checking' });
    let cancelled = false;
    const timer = setTimeout(() => {
      checkLabel(parsed.data, portfolioId)
        .then((r) => {
          if (cancelled) return;
          setResult(
            r.available ? { state: 'available' } : { state: 'taken', message: r.message ?? '' },
          );
        })
        .catch(() => {
          if (!cancelled) setResult({ state: 'idle' });
        });
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [value, current, portfolioId]);
  return result;
}

export function PublishPanel({
  portfolio,
  site,
  sitesDomain,
  plan,
}: {
  portfolio: Portfolio;
  site: SiteState;
  sitesDomain: string;
  /** The signed-in user's plan in force. */
  plan: PlanId;
}) {
  const queryClient = useQueryClient();
  const canCustomize = canUseCustomSubdomain(plan);
  const automatic = portfolio.domain ?? '';
  const currentLabel = portfolio.customDomain || automatic;
  // One subdomain field: the address in use; typing the automatic label back means "automatic".
  const [subdomain, setSubdomain] = useState(currentLabel);
  const typed = subdomain.trim().toLowerCase();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const availability = useAvailability(
    portfolio.id,
    typed === automatic ? '' : typed,
    portfolio.customDomain,
  );

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: portfolioKey(portfolio.id), exact: true }),
      queryClient.invalidateQueries({ queryKey: siteKey(portfolio.id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.portfolios }),
    ]);
  };

  const saveDomain = useMutation({
    mutationFn: ({ label, confirm }: { label: string; confirm: boolean }) =>
      saveDomainSettings(portfolio.id, {
        domain: portfolio.domain,
        customDomain: label === '' || label === automatic ? null : label,
        ...(confirm ? { confirm: true } : {}),
      }),
    onSuccess: async (updated) => {
      setConfirmOpen(false);
      setSubdomain(updated.customDomain || updated.domain || '');
      await refresh();
      toast({
        title: publishMessages.domainUpdated,
        description:
          updated.liveUrl && live
            ? `Your site is live at its new address; the old one redirects there for ${LABEL_HOLD_DAYS} days.`
            : undefined,
        variant: 'success',
      });
    },
    onError: (err) => {
      setConfirmOpen(false);
      toast({
        title: publishMessages.domainError,
        description: getErrorMessage(err),
        variant: 'destructive',
      });
    },
  });

  const publish = useMutation({
    mutationFn: () => publishPortfolio(portfolio.id),
    onSuccess: async (res) => {
      queryClient.setQueryData(siteKey(portfolio.id), res.site);
      toast({ title: publishMessages.startedTitle, description: publishMessages.started });
      await queryClient.invalidateQueries({ queryKey: siteKey(portfolio.id) });
    },
    onError: (err) => {
      toast({
        title: publishMessages.publishError,
        description: getErrorMessage(err),
        variant: 'destructive',
      });
    },
  });

  const [pending, setPending] = useState(typed);
  const newLabel = pending || automatic;
  const dirty = typed !== currentLabel && typed !== '';
  const live = site.url !== null;
  const blockedByCheck = availability.state === 'invalid' || availability.state === 'taken';
  /** A custom label kept from a paid plan this plan does not include. */
  const lapsedCustom = !canCustomize && Boolean(portfolio.customDomain);

  const changeTo = (label: string) => {
    setPending(label);
    if (live && (label || automatic) !== currentLabel) setConfirmOpen(true);
    else saveDomain.mutate({ label, confirm: false });
  };

  const hasContent = Boolean(
    portfolio.content.data.contact?.name || portfolio.content.data.summary,
  );
  /** "Check this" markers left from the import: publishing is allowed, but it is not "done". */
  const toCheck = portfolio.content.settings.uncertain?.length ?? 0;
  const checklist = [
    { label: 'Content set up', done: hasContent && toCheck === 0, ok: hasContent },
    { label: 'Template selected', done: Boolean(portfolio.template) },
    { label: 'Domain configured', done: Boolean(currentLabel) },
  ];
  const ready = checklist.every((c) => c.done || c.ok);
  const publishing = site.status === 'publishing' || publish.isPending;
  const republish = portfolio.published || site.status === 'live';

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="grid content-start gap-5 p-6">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Globe className="size-5 text-brand-600" aria-hidden />
            Domain Settings
          </h2>
          <p className="mt-1 text-sm text-slate-600">Choose the address visitors will use.</p>
        </div>
        <FormField
          label="Subdomain"
          error={
            availability.state === 'invalid' || availability.state === 'taken'
              ? availability.message
              : undefined
          }
          hint={
            !canCustomize ? (
              lapsedCustom ? (
                <>
                  {publishMessages.customSubdomainPlan} Your automatic address is{' '}
                  <span className="font-medium break-all">
                    {automatic}.{sitesDomain}
                  </span>
                  .
                </>
              ) : (
                <>
                  Made from your portfolio name. {publishMessages.customSubdomainPlan}{' '}
                  <Link to="/pricing" className="font-medium text-brand-700 underline">
                    Upgrade Plan
                  </Link>
                </>
              )
            ) : availability.state === 'checking' ? (
              'Checking availability…'
            ) : availability.state === 'available' ? (
              <span className="font-medium text-emerald-700">
                <span className="break-all">
                  {typed}.{sitesDomain}
                </span>{' '}
                is available
              </span>
            ) : (
              <>
                Letters, numbers and hyphens, 3 to 30 characters. Your automatic address is{' '}
                <span className="font-medium break-all">{automatic}</span>.
              </>
            )
          }
        >
          <SuffixInput
            suffix={`.${sitesDomain}`}
            value={subdomain}
            readOnly={!canCustomize}
            className={canCustomize ? undefined : 'bg-slate-50'}
            onChange={(e) => setSubdomain(e.target.value.toLowerCase())}
            autoComplete="off"
            spellCheck={false}
            maxLength={30}
            data-testid="subdomain"
          />
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          {canCustomize ? (
            <Button
              onClick={() => changeTo(typed)}
              disabled={!dirty || blockedByCheck || saveDomain.isPending}
            >
              {saveDomain.isPending ? (
                <Loader2 className="size-4 animate-spin" aria-hidden />
              ) : null}
              Save Domain Settings
            </Button>
          ) : null}
          {portfolio.customDomain ? (
            <Button
              variant="outline"
              onClick={() => changeTo('')}
              disabled={saveDomain.isPending}
              data-testid="use-automatic"
            >
              Use automatic address
            </Button>
          ) : null}
          {!canCustomize && !lapsedCustom ? (
            <ButtonLink to="/pricing" variant="outline">
              Upgrade Plan
            </ButtonLink>
          ) : null}
        </div>
      </Card>

      <Card className="grid content-start gap-5 p-6">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Rocket className="size-5 text-brand-600" aria-hidden />
            Publish Portfolio
          </h2>
          <p className="mt-1 text-sm text-slate-600">Put your portfolio online for everyone.</p>
        </div>
        <ul className="grid gap-2" aria-label="Publishing checklist">
          {checklist.map((item) =>
            !item.done && item.ok ? (
              <li key={item.label} className="flex gap-2 text-sm" data-testid="unchecked-marks">
                <CircleAlert className="size-5 shrink-0 text-amber-600" aria-hidden />
                <span className="min-w-0 text-slate-900">
                  {item.label}:{' '}
                  <span className="font-medium text-amber-800">{uncheckedMarksText(toCheck)}</span>{' '}
                  <Link
                    to={`/review?id=${portfolio.id}`}
                    className="font-medium whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    Check {toCheck === 1 ? 'it' : 'them'}
                  </Link>
                </span>
              </li>
            ) : (
              <li key={item.label} className="flex items-center gap-2 text-sm">
                {item.done ? (
                  <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />
                ) : (
                  <Circle className="size-5 text-slate-400" aria-hidden />
                )}
                <span className={item.done ? 'text-slate-900' : 'text-slate-500'}>
                  {item.label}
                </span>
                <span className="sr-only">{item.done ? '(done)' : '(to do)'}</span>
              </li>
            ),
          )}
        </ul>
        {toCheck > 0 && hasContent ? (
          <p className="-mt-2 text-sm text-slate-600">
            Marked “Check this” when your resume was read. You can publish now and check them later.
          </p>
        ) : null}
        <div data-testid="site-status" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-slate-700">Status:</span>
          <SiteStatusBadge
            status={site.status}
            unpublishedChanges={site.url !== null && site.changedSincePublish}
          />
          {site.url ? (
            <a
              href={site.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-w-0 items-center gap-1 font-medium break-all text-brand-700 hover:underline"
              data-testid="live-link"
            >
              <ExternalLink className="size-4 shrink-0" aria-hidden />
              {site.url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </a>
          ) : null}
        </div>
        {site.status === 'failed' && site.error ? (
          <p role="alert" className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
            <TriangleAlert className="size-5 shrink-0" aria-hidden />
            {site.error}
          </p>
        ) : null}
        {site.hostingExpired ? (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {publishMessages.hostingExpired}{' '}
            <Link to="/pricing" className="font-medium underline">
              Upgrade Plan
            </Link>
          </p>
        ) : null}
        {site.url && site.status === 'live' && !site.changedSincePublish ? (
          <p
            className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800"
            data-testid="publish-summary"
          >
            <strong className="font-semibold">Live.</strong> Everything you see in the editor is on
            your site.
          </p>
        ) : site.url && site.changedSincePublish && site.status !== 'publishing' ? (
          <p
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="publish-summary"
          >
            <strong className="font-semibold">Unpublished changes.</strong> Your latest edits are
            not on your live site yet. Update &amp; Republish to put them online.
          </p>
        ) : ready && !site.url ? (
          <p
            className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800"
            data-testid="publish-summary"
          >
            <strong className="font-semibold">Ready to Publish.</strong> Your portfolio will be live
            at{' '}
            <span className="font-medium break-all">
              {currentLabel}.{sitesDomain}
            </span>
            .
          </p>
        ) : !ready ? (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
            {publishMessages.notReady}
          </p>
        ) : null}
        <Button
          size="lg"
          onClick={() => publish.mutate()}
          disabled={!ready || publishing || site.hostingExpired}
          data-testid="publish-button"
        >
          {publishing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {publishing ? 'Publishing…' : republish ? 'Update & Republish' : 'Publish Portfolio'}
        </Button>
      </Card>

      <Dialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Confirm Domain Change"
        description={`Your site moves from ${currentLabel}.${sitesDomain} to ${newLabel}.${sitesDomain} at once, with no republish. The old address redirects to the new one for ${LABEL_HOLD_DAYS} days, or until someone else takes it.`}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setConfirmOpen(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={saveDomain.isPending}
            onClick={() => saveDomain.mutate({ label: pending, confirm: true })}
          >
            Change Domain
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
