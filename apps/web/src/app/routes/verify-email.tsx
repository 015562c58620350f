import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, MailCheck } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { verifyEmail } from '../../features/auth/api/auth-api.ts';

/** Spec §4: with a token, verify; success → /verified-success; failure → alert; no token: nothing. */
export function VerifyEmailPage() {
  usePageTitle('Verify your email');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    verifyEmail(token)
      .then(() => navigate('/verified-success', { replace: true }))
      .catch(() => window.alert('Verification failed. Please try again.'));
  }, [token, navigate]);

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
        {token ? (
          <Spinner className="mx-auto mt-6 size-6 text-brand-600" label="Verifying" />
        ) : null}
      </Card>
    </section>
  );
}

export function VerifiedSuccessPage() {
  usePageTitle('Email verified');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-16">
      <Card className="w-full p-8 text-center">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50">
          <CircleCheck className="size-7 text-emerald-600" aria-hidden />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Email Verified!</h1>
        <p className="mt-2 text-slate-600">You can now log in</p>
        <ButtonLink to="/auth" className="mt-6 w-full">
          Go to log in
        </ButtonLink>
      </Card>
    </section>
  );
}
