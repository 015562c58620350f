import { useForm } from 'react-hook-form';
import type { LoginInput } from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { useAuth } from '../hooks/use-auth.ts';

const resolver = lazyResolver<LoginInput>(
  async () => (await import('../utils/auth-resolvers.ts')).loginResolver,
);

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { loginMutation } = useAuth();
  const form = useForm<LoginInput>({
    resolver,
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label="Log in"
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}
    >
      <FormField label="Username or Email" error={errors.username?.message}>
        <Input autoComplete="username" autoCapitalize="none" {...form.register('username')} />
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        labelAction={
          <button
            type="button"
            onClick={onForgotPassword}
            className="rounded text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            Forgot password?
          </button>
        }
      >
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? (
          <Spinner className="size-4 text-white" label="Logging in" />
        ) : null}
        Log in
      </Button>
    </form>
  );
}
