import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { KeyRound } from 'lucide-react';
import { authMessages, resetPasswordFormSchema } from '@folio/core';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { getErrorMessage } from '../../lib/error-message.ts';
import { confirmPasswordReset } from '../../features/auth/api/auth-api.ts';

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const mutation = useMutation({
    mutationFn: (password: string) => confirmPasswordReset(token, password),
    onSuccess: () => {
      toast({ title: 'Password reset successful!', variant: 'success' });
      void navigate('/auth');
    },
    onError: (err) => {
      toast({ title: 'Error', description: getErrorMessage(err), variant: 'destructive' });
    },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="mt-6 grid gap-5 text-left"
      onSubmit={form.handleSubmit(({ new_password, confirm_password }) => {
        if (new_password !== confirm_password) {
          toast({ title: authMessages.resetMismatch, variant: 'destructive' });
          return;
        }
        mutation.mutate(new_password);
      })}
    >
      <FormField label="New Password" error={errors.new_password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirm_password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirm_password')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? <Spinner className="size-4 text-white" label="Saving" /> : null}
        Reset password
      </Button>
    </form>
  );
}

export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <Navigate to="/login" replace />;
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-16">
      <Card className="w-full p-8 text-center">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50">
          <KeyRound className="size-7 text-brand-600" aria-hidden />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">
          Choose a new password
        </h1>
        <p className="mt-2 text-slate-600">Use at least 6 characters.</p>
        <ResetPasswordForm token={token} />
      </Card>
    </section>
  );
}
