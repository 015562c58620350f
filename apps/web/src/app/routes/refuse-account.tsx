import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, ShieldAlert } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { refuseAccount } from '../../features/auth/api/auth-api.ts';
import { getErrorMessage } from '../../lib/error-message.ts';

type State =
  | { step: 'ask' }
  | { step: 'working' }
  | { step: 'done'; message: string }
  | { step: 'failed'; message: string };

/**
 * The link in the confirmation mail for the owner of an address that someone else used to
 * register. Opening it deletes nothing (mail scanners open links): the owner presses the button.
 */
export function RefuseAccountPage() {
  usePageTitle('Refuse an account');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>({ step: 'ask' });

  const refuse = () => {
    if (!token) return;
    setState({ step: 'working' });
    refuseAccount(token)
      .then((res) => setState({ step: 'done', message: res.message }))
      .catch((err: unknown) => setState({ step: 'failed', message: getErrorMessage(err) }));
  };

  if (state.step === 'done') {
    return (
      <Shell icon="done" title="Account deleted">
        <p role="status" className="mt-2 text-slate-600">
          {state.message}
        </p>
        <ButtonLink to="/" variant="outline" className="mt-6 w-full">
          Go to the home page
        </ButtonLink>
      </Shell>
    );
  }

  if (!token || state.step === 'failed') {
    return (
      <Shell icon="failed" title="This link cannot be used">
        <p role="alert" className="mt-2 text-slate-600">
          {token && state.step === 'failed'
            ? `${state.message}. An account whose address has been confirmed cannot be refused: if it is yours, reset its password with "Forgot password" and delete it from your profile.`
            : 'Open the link in the email we sent you.'}
        </p>
        <ButtonLink to="/auth" variant="outline" className="mt-6 w-full">
          Go to log in
        </ButtonLink>
      </Shell>
    );
  }

  return (
    <Shell icon="ask" title="Not your account?">
      <p className="mt-2 text-slate-600">
        Someone created an account with your email address. If it was not you, delete it: everything
        in it goes, and your address is free again.
      </p>
      <Button
        variant="destructive"
        size="lg"
        className="mt-6 w-full"
        onClick={refuse}
        disabled={state.step === 'working'}
      >
        {state.step === 'working' ? 'Deleting…' : 'Delete this account'}
      </Button>
      <p className="mt-3 text-sm text-slate-500">
        If you did create it, close this page and confirm your address from the same email.
      </p>
    </Shell>
  );
}

function Shell({
  icon,
  title,
  children,
}: {
  icon: 'ask' | 'done' | 'failed';
  title: string;
  children: ReactNode;
}) {
  const Icon = { ask: ShieldAlert, done: CircleCheck, failed: CircleAlert }[icon];
  const tone = {
    ask: 'bg-amber-50 text-amber-700',
    done: 'bg-emerald-50 text-emerald-600',
    failed: 'bg-red-50 text-red-600',
  }[icon];
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-16">
      <Card className="w-full p-8 text-center">
        <div className={`mx-auto flex size-14 items-center justify-center rounded-full ${tone}`}>
          <Icon className="size-7" aria-hidden />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </Card>
    </section>
  );
}
