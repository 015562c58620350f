import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, MailCheck } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { verifyEmail } from '../../features/auth/api/auth-api.ts';
import { ResendVerificationForm } from '../../features/auth/components/resend-verification-form.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { getErrorMessage } from '../../lib/error-message.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Where to go next: the dashboard for a signed-in user, the log-in page otherwise. */
function NextStep({ className }: { className?: string }) {
  const { status } = useAuth();
  return status === 'signedIn' ? (
    <ButtonLink to="/dashboard" className={className}>
      Go to Dashboard
    </ButtonLink>
  ) : (
    <ButtonLink to="/auth" className={className}>
      Go to log in
    </ButtonLink>
  );
}

/** A link that verifies nothing: why, a new link to ask for, and the way on. */
function CannotVerify({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-16">
      <Card className="w-full p-8 text-center">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50">
          <CircleAlert className="size-7 text-red-600" aria-hidden />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p role="alert" className="mt-2 text-slate-600">
          {children}
        </p>
        <div className="mt-6">
          <ResendVerificationForm />
        </div>
        <NextStep className="mt-3 w-full" />
      </Card>
    </section>
  );
}

/**
 * With a token, verify; success → /verified-success. A link that cannot be used, or one
 * with no token at all, says why on the page (no browser alert, no endless spinner) and offers a
 * new link and the way on; a link used before counts as success.
 */
export function VerifyEmailPage() {
  usePageTitle('Verify your email');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    verifyEmail(token)
      .then(async () => {
        // The link may have moved the account to a new address (profile): read the user again.
        await queryClient.invalidateQueries({ queryKey: queryKeys.user });
        await navigate('/verified-success', { replace: true });
      })
      .catch((err: unknown) => setFailure(getErrorMessage(err)));
  }, [token, navigate, queryClient]);

  if (!token) {
    return (
      <CannotVerify title="This link has no verification code">
        Open the link in the email we sent you, or have a new one sent.
      </CannotVerify>
    );
  }

  if (failure) {
    return (
      <CannotVerify title="Verification failed">{failure}. Have a new link sent.</CannotVerify>
    );
  }

  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-16">
      <Card className="w-full p-8 text-center">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50">
          <MailCheck className="size-7 text-brand-600" aria-hidden />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">
          Verifying your email...
        </h1>
        <p className="mt-2 text-slate-600">This only takes a moment.</p>
        <Spinner className="mx-auto mt-6 size-6 text-brand-600" label="Verifying" />
      </Card>
    </section>
  );
}

export function VerifiedSuccessPage() {
  usePageTitle('Email verified');
  const { status } = useAuth();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-16">
      <Card className="w-full p-8 text-center">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50">
          <CircleCheck className="size-7 text-emerald-600" aria-hidden />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Email Verified!</h1>
        <p className="mt-2 text-slate-600">
          {status === 'signedIn' ? 'Your email address is confirmed.' : 'You can now log in'}
        </p>
        <NextStep className="mt-6 w-full" />
      </Card>
    </section>
  );
}
