import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Copy, Link2 } from 'lucide-react';
import {
  canUseOwnDomain,
  ownDomainSchema,
  publishMessages,
  type PlanId,
  type SiteState,
} from '@folio/core';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { removeOwnDomain, setOwnDomain, siteKey, verifyOwnDomain } from '../api/publishing-api.ts';

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</span>
      <div className="flex items-center gap-2 rounded-lg bg-slate-50 p-2">
        <code className="min-w-0 flex-1 text-sm break-all text-slate-900">{value}</code>
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
      </div>
    </div>
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
  const verify = useMutation({
    mutationFn: () => verifyOwnDomain(portfolioId),
    onSuccess: (state) => {
      update(state);
      toast({
        title: 'Domain verified',
        description: `${state.ownDomain?.host ?? ''} now shows your site.`,
        variant: 'success',
      });
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
          {own.verified ? (
            <p className="text-sm text-slate-600">
              Point {own.host} to this server (a CNAME to your subdomain, or an A record). Your
              published site is served there with HTTPS.
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                Add this TXT record at your DNS provider, then verify. It proves the domain is
                yours.
              </p>
              <CopyField label="TXT name" value={own.txtName} />
              <CopyField label="TXT value" value={own.txtValue} />
            </>
          )}
          <div className="flex flex-wrap gap-2">
            {!own.verified ? (
              <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
                Verify
              </Button>
            ) : null}
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
