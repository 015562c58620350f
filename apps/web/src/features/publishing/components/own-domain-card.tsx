import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Copy, Link2 } from 'lucide-react';
import {
  canUseOwnDomain,
  type DnsRecord,
  ownDomainSchema,
  publishMessages,
  type PlanId,
  type SiteState,
} from '@folio/core';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { checkOwnDomain, removeOwnDomain, setOwnDomain, siteKey } from '../api/publishing-api.ts';

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</span>
      <div className="flex items-center gap-2 rounded-lg bg-slate-50 p-2">
        <code className="min-w-0 flex-1 text-sm break-all text-slate-900">{value}</code>
        <Tooltip label={`Copy ${label}`}>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Copy ${label}`}
            onClick={() => {
              void navigator.clipboard?.writeText(value).then(() => toast({ title: 'Copied' }));
            }}
          >
            <Copy className="size-4" aria-hidden />
          </Button>
        </Tooltip>
      </div>
    </div>
  );
}

const recordStates: Record<
  DnsRecord['state'],
  { tone: 'success' | 'warning' | 'neutral'; label: string }
> = {
  found: { tone: 'success', label: 'Found' },
  missing: { tone: 'warning', label: 'Missing' },
  wrong: { tone: 'warning', label: 'Wrong value' },
  unchecked: { tone: 'neutral', label: 'Not checked yet' },
};

/** One DNS record to add: type, name and value to copy, and what the last check found. */
function RecordRow({ record }: { record: DnsRecord }) {
  const state = recordStates[record.state];
  return (
    <li
      className="grid gap-2 rounded-lg border border-slate-200 p-3"
      data-testid={`dns-record-${record.type}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">
          {record.type} record{' '}
          <span className="font-normal text-slate-600">
            {record.purpose === 'verify' ? '(proves the domain is yours)' : '(points it at us)'}
          </span>
        </span>
        <span data-testid="dns-record-state">
          <Badge tone={state.tone}>{state.label}</Badge>
        </span>
      </div>
      <CopyField label={`${record.type} name`} value={record.name} />
      <CopyField label={`${record.type} value`} value={record.value} />
      {record.state === 'wrong' ? (
        <p className="text-sm text-amber-900">
          Another value is set for this name. Replace it with the value above.
        </p>
      ) : null}
    </li>
  );
}

/** Own domain (Pro and above): add a host name, add the TXT record, verify, served. */
export function OwnDomainCard({
  portfolioId,
  site,
  plan,
}: {
  portfolioId: number;
  site: SiteState;
  plan: PlanId;
}) {
  const queryClient = useQueryClient();
  const allowed = canUseOwnDomain(plan);
  const [host, setHost] = useState('');
  const [error, setError] = useState<string | undefined>();
  const update = (state: SiteState) => queryClient.setQueryData(siteKey(portfolioId), state);
  const onError = (err: unknown) =>
    toast({
      title: publishMessages.domainError,
      description: getErrorMessage(err),
      variant: 'destructive',
    });

  const add = useMutation({
    mutationFn: (value: string) => setOwnDomain(portfolioId, value),
    onSuccess: (state) => {
      update(state);
      setHost('');
    },
    onError,
  });
  const check = useMutation({
    mutationFn: () => checkOwnDomain(portfolioId),
    onSuccess: (state) => {
      const wasVerified = site.ownDomain?.verified ?? false;
      update(state);
      if (state.ownDomain?.verified && !wasVerified) {
        toast({
          title: 'Domain verified',
          description: `${state.ownDomain.host} is yours.`,
          variant: 'success',
        });
      }
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => removeOwnDomain(portfolioId),
    onSuccess: update,
    onError,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ownDomainSchema.safeParse(host);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    add.mutate(parsed.data);
  };

  const own = site.ownDomain;
  return (
    <Card className="grid content-start gap-4 p-6">
      <div>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Link2 className="size-5 text-brand-600" aria-hidden />
          Your own domain
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Show your portfolio at an address you own, such as www.janedoe.dev.
        </p>
      </div>
      {!allowed ? (
        <p className="text-sm text-slate-600">
          {publishMessages.ownDomainPlan}{' '}
          <Link to="/pricing" className="font-medium text-brand-700 underline">
            Upgrade Plan
          </Link>
        </p>
      ) : own ? (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all text-slate-900">{own.host}</span>
            {own.verified ? (
              <Badge tone="success">
                <BadgeCheck className="mr-1 size-3.5" aria-hidden />
                Verified
              </Badge>
            ) : (
              <Badge tone="warning">Waiting for DNS</Badge>
            )}
          </div>
          <p className="text-sm text-slate-600">
            Add these records at your DNS provider, then check them. The TXT record proves the
            domain is yours; the other one sends its visitors to your site (served with HTTPS).
          </p>
          <ul className="grid gap-3" aria-label="DNS records">
            {own.records.map((record) => (
              <RecordRow key={`${record.type}-${record.value}`} record={record} />
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => check.mutate()} disabled={check.isPending}>
              Check DNS records
            </Button>
            <Button
              variant="dangerGhost"
              onClick={() => remove.mutate()}
              disabled={remove.isPending}
            >
              Remove
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <FormField label="Host name" error={error}>
            <Input
              value={host}
              onChange={(e) => setHost(e.target.value)}
              placeholder="www.example.com"
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
          <div>
            <Button type="submit" variant="secondary" disabled={add.isPending || !host.trim()}>
              Add domain
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
