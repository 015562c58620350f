import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { passwordResetRequestSchema } from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { requestPasswordReset } from '../api/auth-api.ts';

/** A modal with an email form, then 'Check your inbox'. */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordReset(email),
    onSuccess: (_res, email) => {
      setSentTo(email);
      toast({
        title: 'Check your inbox',
        description: "If that account exists, we've sent a link to reset your password.",
        variant: 'success',
      });
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Could not send reset link. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const handleOpenChange = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setSentTo(null);
      form.reset();
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title={sentTo ? 'Check your inbox' : 'Reset your password'}
      description={
        sentTo
          ? undefined
          : "Enter the email address of your account and we'll send you a link to choose a new password."
      }
    >
      {sentTo ? (
        <div className="grid gap-4 text-center">
          <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50">
            <MailCheck className="size-7 text-brand-600" aria-hidden />
          </div>
          <p className="text-sm text-slate-600">
            If an account exists for <strong className="text-slate-900">{sentTo}</strong>, we've
            sent a link to reset your password. The link expires soon, so use it right away.
          </p>
          <Button variant="outline" onClick={() => handleOpenChange(false)}>
            Back to log in
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ email }) => mutation.mutate(email))}
        >
          <FormField label="Email" error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <Button type="submit" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner className="size-4 text-white" label="Sending" /> : null}
            Send reset link
          </Button>
        </form>
      )}
    </Dialog>
  );
}
