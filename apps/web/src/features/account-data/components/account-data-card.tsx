import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { plans, type PlanId } from '@folio/core';
import { Download, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { clearUserStorage } from '../../../lib/token-storage.ts';
import { deleteMyAccount, downloadMyData } from '../api/account-data-api.ts';

/** The field a server refusal points at (`field` in the error body). */
function fieldOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return null;
  const field = (err.body as { field?: unknown }).field;
  return typeof field === 'string' ? field : null;
}

function DeleteAccountDialog({
  open,
  onOpenChange,
  username,
  plan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  username: string;
  plan: PlanId;
}) {
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteMyAccount,
    onSuccess: ({ message }) => {
      // Signed out like after "Log out": the page guard takes the user to the sign-in page.
      clearUserStorage();
      queryClient.setQueryData(queryKeys.user, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user[0] });
      toast({ title: 'Account deleted', description: message });
    },
  });
  const matches = confirm.trim().toLowerCase() === username.toLowerCase();
  const errorField = remove.isError ? fieldOf(remove.error) : null;
  const message = remove.isError ? getErrorMessage(remove.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || remove.isPending) return;
    remove.mutate({ confirm: confirm.trim(), password });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setConfirm('');
          setPassword('');
          remove.reset();
        }
        onOpenChange(next);
      }}
      title="Delete your account?"
      description="This deletes your portfolios, published sites, resumes, uploaded images and sessions for good. Payment records are kept without your name, as the law requires. It cannot be undone."
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        {plan !== 'free' ? (
          <p
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="paid-plan-warning"
          >
            <strong className="font-semibold">You lose your {plans[plan].name} plan.</strong> It
            ends with the account: what is left of it is not refunded and cannot be moved to another
            account.
          </p>
        ) : null}
        <FormField
          label={
            <>
              Type <span className="font-mono font-semibold">{username}</span> to confirm
            </>
          }
          error={errorField === 'confirm' ? message : undefined}
        >
          <Input
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            name="confirm"
          />
        </FormField>
        <FormField
          label="Password"
          hint="Leave empty if you only sign in with Google."
          error={errorField === 'password' ? message : undefined}
        >
          <Input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            name="password"
          />
        </FormField>
        {remove.isError && errorField !== 'confirm' && errorField !== 'password' ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {message}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
            <Trash2 className="size-4" aria-hidden />
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Profile card: "Download my data" and "Delete my account". */
export function AccountDataCard({ username, plan }: { username: string; plan: PlanId }) {
  const [open, setOpen] = useState(false);
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: (name) =>
      toast({ title: 'Download started', description: `Your data is in ${name}.` }),
    onError: (err) =>
      toast({
        title: 'Download failed',
        description: getErrorMessage(err),
        variant: 'destructive',
      }),
  });

  return (
    <Card className="mt-6 p-6" data-testid="account-data">
      <h2 className="text-lg font-semibold text-slate-900">Your data</h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div className="grid content-start gap-3">
          <p className="text-sm text-slate-600">
            One zip file with your account, every portfolio, your resumes as JSON Resume files and
            the images you uploaded.
          </p>
          <Button
            variant="outline"
            className="w-full sm:w-auto sm:justify-self-start"
            onClick={() => download.mutate()}
            disabled={download.isPending}
          >
            <Download className="size-4" aria-hidden />
            {download.isPending ? 'Preparing…' : 'Download my data'}
          </Button>
        </div>
        <div className="grid content-start gap-3">
          <p className="text-sm text-slate-600">
            Delete your account with its portfolios, sites, resumes and images.
          </p>
          <Button
            variant="dangerGhost"
            className="w-full border border-red-200 sm:w-auto sm:justify-self-start"
            onClick={() => setOpen(true)}
          >
            <Trash2 className="size-4" aria-hidden />
            Delete my account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} username={username} plan={plan} />
    </Card>
  );
}
