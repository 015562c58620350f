import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changePasswordFormSchema,
  registerInputSchema,
  updateProfileInputSchema,
  type User,
} from '@folio/core';
import { MailWarning } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { getErrorField, getErrorMessage } from '../../../lib/error-message.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import {
  cancelEmailChange,
  changePassword,
  requestEmailChange,
  resendEmailChange,
  sendSetPasswordLink,
  updateProfile,
} from '../api/account-settings-api.ts';

type Errors = Record<string, string | undefined>;

/** Field errors of a zod result, first message per field. */
function issuesOf(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Moves focus to the first field with an error, so a screen reader reads its label and the
 * message (the field's description) and the keyboard user can correct it at once.
 */
function focusFirstError(form: HTMLFormElement | null, errors: Errors) {
  const first = Object.keys(errors).find((k) => errors[k]);
  if (!form || !first) return;
  form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/** A server refusal: on its field when the form has it, else a message for the whole form. */
function serverErrors(err: unknown, fields: string[]): { errors: Errors; form: string | null } {
  const field = getErrorField(err);
  const message = getErrorMessage(err);
  if (field && fields.includes(field)) return { errors: { [field]: message }, form: null };
  return { errors: {}, form: message };
}

function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm font-medium text-red-600">
      {children}
    </p>
  );
}

function Row({
  label,
  children,
  action,
  below,
}: {
  label: string;
  children: ReactNode;
  action?: ReactNode;
  /** Full width under the value and its button (forms, notices): roomy at 390 px. */
  below?: ReactNode;
}) {
  return (
    <div className="grid gap-1 py-4 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-start justify-between gap-x-4 gap-y-2 text-slate-900 sm:col-span-2">
        <div className="min-w-0 flex-1 basis-48 break-words">{children}</div>
        {action}
        {below ? <div className="min-w-0 basis-full">{below}</div> : null}
      </dd>
    </div>
  );
}

function useUserUpdate() {
  const queryClient = useQueryClient();
  return (user: User) => queryClient.setQueryData(queryKeys.user, user);
}

function NameForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [name, setName] = useState(user.name ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const setUser = useUserUpdate();
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (next) => {
      setUser(next);
      toast({ title: 'Name saved', variant: 'success' });
      onDone();
    },
    onError: (err) => {
      const { errors: e, form } = serverErrors(err, ['name']);
      setErrors(e);
      setFormError(form);
      focusFirstError(formRef.current, e);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileInputSchema.safeParse({ name });
    if (!parsed.success) {
      const e = issuesOf(parsed.error.issues);
      setErrors(e);
      focusFirstError(formRef.current, e);
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(parsed.data);
  };
  return (
    <form
      ref={formRef}
      className="grid gap-3"
      onSubmit={submit}
      noValidate
      aria-label="Change name"
    >
      <FormField label="Full name" error={errors.name}>
        <Input
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          autoFocus
          maxLength={100}
        />
      </FormField>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save name'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EmailForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const setUser = useUserUpdate();
  const send = useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (next) => {
      setUser(next);
      onDone();
    },
    onError: (err) => {
      const { errors: e, form } = serverErrors(err, ['email', 'password']);
      setErrors(e);
      setFormError(form);
      focusFirstError(formRef.current, e);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errs: Errors = {};
    const parsed = registerInputSchema.shape.email.safeParse(email);
    if (!email.trim()) errs.email = 'Email is required';
    else if (!parsed.success) errs.email = parsed.error.issues[0]?.message;
    if (user.hasPassword && !password) errs.password = 'Enter your current password';
    if (errs.email || errs.password) {
      setErrors(errs);
      focusFirstError(formRef.current, errs);
      return;
    }
    setErrors({});
    setFormError(null);
    send.mutate({ email: email.trim(), ...(user.hasPassword ? { password } : {}) });
  };
  return (
    <form
      ref={formRef}
      className="grid gap-3"
      onSubmit={submit}
      noValidate
      aria-label="Change email"
    >
      <FormField
        label="New email"
        error={errors.email}
        hint="We send a link to the new address. Your email changes when you open it."
      >
        <Input
          name="email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          autoFocus
          spellCheck={false}
        />
      </FormField>
      {user.hasPassword ? (
        <FormField label="Current password" error={errors.password}>
          <Input
            name="password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
          />
        </FormField>
      ) : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send confirmation link'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** "pending: new@address, check your inbox" with Resend and Cancel. */
function PendingEmail({ user }: { user: User }) {
  const setUser = useUserUpdate();
  const resend = useMutation({
    mutationFn: resendEmailChange,
    onSuccess: ({ message }) => toast({ title: 'Link sent', description: message }),
    onError: (err) =>
      toast({
        title: 'Could not send the link',
        description: getErrorMessage(err),
        variant: 'destructive',
      }),
  });
  const cancel = useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (next) => {
      setUser(next);
      toast({ title: 'Email change cancelled', description: `Your email stays ${next.email}.` });
    },
    onError: (err) =>
      toast({
        title: 'Could not cancel',
        description: getErrorMessage(err),
        variant: 'destructive',
      }),
  });
  return (
    <div
      role="status"
      className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="pending-email"
    >
      <p className="flex gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">
          Pending: <strong className="font-semibold">{user.pendingEmail}</strong>, check your inbox.
          Your email stays {user.email} until you open the link we sent there.
        </span>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
        >
          {resend.isPending ? 'Sending…' : 'Resend link'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending}
        >
          Cancel change
        </Button>
      </div>
    </div>
  );
}

/** Name and e-mail rows of the profile's Account card, each with its own change form. */
export function AccountRows({ user }: { user: User }) {
  const [editing, setEditing] = useState<'name' | 'email' | null>(null);
  const nameButton = useRef<HTMLButtonElement>(null);
  const emailButton = useRef<HTMLButtonElement>(null);
  const last = useRef<'name' | 'email' | null>(null);
  // Back to the button that opened a form when it closes (keyboard users keep their place).
  useEffect(() => {
    if (editing === null && last.current) {
      (last.current === 'name' ? nameButton : emailButton).current?.focus();
    }
    last.current = editing;
  }, [editing]);

  return (
    <>
      <Row
        label="Name"
        action={
          editing === 'name' ? null : (
            <Button
              ref={nameButton}
              size="sm"
              variant="outline"
              onClick={() => setEditing('name')}
              aria-label="Change name"
            >
              Change
            </Button>
          )
        }
      >
        {editing === 'name' ? (
          <NameForm user={user} onDone={() => setEditing(null)} />
        ) : (
          <span data-testid="profile-name">{user.name ?? '—'}</span>
        )}
      </Row>
      <Row
        label="Email"
        below={
          editing === 'email' ? (
            <EmailForm user={user} onDone={() => setEditing(null)} />
          ) : user.pendingEmail ? (
            <PendingEmail user={user} />
          ) : null
        }
        action={
          editing === 'email' ? null : (
            <Button
              ref={emailButton}
              size="sm"
              variant="outline"
              onClick={() => setEditing('email')}
              aria-label="Change email"
            >
              Change
            </Button>
          )
        }
      >
        <span data-testid="profile-email">{user.email}</span>
      </Row>
    </>
  );
}

/** The Password card: change it (current one asked), or, with none (Google only), get a link. */
export function PasswordCard({ user }: { user: User }) {
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: ({ message }) => {
      setValues(empty);
      setDone(message);
      toast({ title: 'Password changed', variant: 'success' });
    },
    onError: (err) => {
      const { errors: e, form } = serverErrors(err, ['currentPassword', 'newPassword']);
      setErrors(e);
      setFormError(form);
      focusFirstError(formRef.current, e);
    },
  });
  const link = useMutation({
    mutationFn: () => sendSetPasswordLink(user.email),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      const e = issuesOf(parsed.error.issues);
      setErrors(e);
      setFormError(null);
      focusFirstError(formRef.current, e);
      return;
    }
    setErrors({});
    setFormError(null);
    change.mutate({
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.newPassword,
    });
  };
  const set = (key: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <Card className="mt-6 p-6" data-testid="password-card">
      <h2 className="text-lg font-semibold text-slate-900" id="password-heading">
        Password
      </h2>
      {user.hasPassword ? (
        <form
          ref={formRef}
          className="mt-4 grid max-w-md gap-4"
          onSubmit={submit}
          noValidate
          aria-labelledby="password-heading"
        >
          <p className="text-sm text-slate-600">
            Changing it signs you out everywhere else; you stay signed in here.
          </p>
          {/* Lets password managers tie the new password to this account. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={user.username}
            readOnly
            hidden
          />
          <FormField label="Current password" error={errors.currentPassword}>
            <Input
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set('currentPassword')}
            />
          </FormField>
          <FormField label="New password" error={errors.newPassword} hint="At least 6 characters.">
            <Input
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={set('newPassword')}
            />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword}>
            <Input
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
            />
          </FormField>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <p role="status" className="text-sm font-medium text-emerald-700">
            {done}
          </p>
          <Button
            type="submit"
            className="w-full sm:w-auto sm:justify-self-start"
            disabled={change.isPending}
          >
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </form>
      ) : (
        <div className="mt-4 grid max-w-md gap-3">
          <p className="text-sm text-slate-600">
            You sign in with Google, so your account has no password. To also sign in with a
            password, we email you a link to set one at {user.email}.
          </p>
          <Button
            variant="outline"
            className="w-full sm:w-auto sm:justify-self-start"
            onClick={() => link.mutate()}
            disabled={link.isPending || link.isSuccess}
          >
            {link.isPending ? 'Sending…' : 'Email me a link to set a password'}
          </Button>
          <p role="status" className="text-sm font-medium text-emerald-700">
            {link.isSuccess ? `Check your inbox at ${user.email}.` : null}
          </p>
          {link.isError ? <FormAlert>{getErrorMessage(link.error)}</FormAlert> : null}
        </div>
      )}
    </Card>
  );
}
