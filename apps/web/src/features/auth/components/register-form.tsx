import { useForm } from 'react-hook-form';
import type { RegisterForm as RegisterFormValues } from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { useAuth } from '../hooks/use-auth.ts';

const resolver = lazyResolver<RegisterFormValues>(
  async () => (await import('../utils/auth-resolvers.ts')).registerResolver,
);

export function RegisterForm({ onVerificationRequired }: { onVerificationRequired: () => void }) {
  const { registerMutation } = useAuth();
  const form = useForm<RegisterFormValues>({
    resolver,
    defaultValues: { username: '', email: '', name: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label="Create account"
      className="grid gap-4"
      onSubmit={form.handleSubmit(({ confirmPassword: _confirm, ...input }) =>
        registerMutation.mutate(input, {
          onSuccess: (res) => {
            if (!res.token && res.verificationRequired) onVerificationRequired();
          },
        }),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Username" error={errors.username?.message}>
          <Input autoComplete="username" autoCapitalize="none" {...form.register('username')} />
        </FormField>
        <FormField label="Full Name" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? (
          <Spinner className="size-4 text-white" label="Creating account" />
        ) : null}
        Create account
      </Button>
    </form>
  );
}
