import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { useAuth } from '../hooks/use-auth.ts';

/** The login form's account field: the same name, rules and message. */
const resolver = lazyResolver<{ username: string }>(
  async () => (await import('../utils/auth-resolvers.ts')).resendResolver,
);

/**
 * Has a new verification link mailed to an account, named by username or e-mail (for a link that
 * cannot be used). The server answers alike whether or not the account exists; the toast says so.
 */
export function ResendVerificationForm() {
  const { resendVerification, user } = useAuth();
  const [sending, setSending] = useState(false);
  const form = useForm({
    resolver,
    defaultValues: { username: user?.email ?? '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label="Send a new verification link"
      className="grid gap-3 text-left"
      onSubmit={form.handleSubmit(async ({ username }) => {
        setSending(true);
        try {
          await resendVerification(username);
        } finally {
          setSending(false);
        }
      })}
    >
      <FormField label="Username or Email" error={errors.username?.message}>
        <Input autoComplete="username" autoCapitalize="none" {...form.register('username')} />
      </FormField>
      <Button type="submit" variant="outline" className="w-full" disabled={sending}>
        {sending ? <Spinner className="size-4" label="Sending" /> : null}
        Send a new link
      </Button>
    </form>
  );
}
