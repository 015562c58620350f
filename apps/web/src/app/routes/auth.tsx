import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { Logo } from '../../components/ui/logo.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../components/ui/tabs.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { usePublicConfig } from '../../hooks/use-public-config.ts';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { brand } from '../../lib/brand.ts';
import { plans } from '@folio/core';

// Loaded when first asked for: the dialog machinery (focus trap, scroll lock, tooltips) is not
// part of drawing the sign-in page.
const ForgotPasswordDialog = lazy(() =>
  import('../../features/auth/components/forgot-password-dialog.tsx').then((m) => ({
    default: m.ForgotPasswordDialog,
  })),
);

type AuthTab = 'login' | 'register';

const tabTrigger =
  'flex-1 rounded-lg px-4 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

function GoogleSection({ text }: { text: 'signin_with' | 'signup_with' }) {
  const config = usePublicConfig();
  const clientId = config.data?.googleClientId;
  if (!clientId) return null;
  return (
    <div className="mt-6 grid gap-6">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <GoogleSignInButton clientId={clientId} text={text} />
    </div>
  );
}

function BrandPanel() {
  return (
    <aside
      aria-label={`About ${brand().appName}`}
      className="relative hidden overflow-hidden bg-gradient-to-br from-brand-600 via-brand-700 to-brand-950 p-12 text-white lg:flex lg:flex-col"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-fuchsia-400/20 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-40 -left-20 size-96 rounded-full bg-sky-400/20 blur-3xl"
      />
      <Link to="/" aria-label={`${brand().appName} home`} className="relative w-fit rounded-lg">
        <Logo inverted />
      </Link>
      <div className="relative mt-auto max-w-md">
        <h2 className="text-4xl font-bold tracking-tight text-balance">
          Your resume, turned into a website in minutes.
        </h2>
        <ul className="mt-8 grid gap-3 text-brand-100">
          {[
            'AI reads your resume, no typing needed',
            'Ten designer templates',
            'Publish to your own address in one click',
          ].map((t) => (
            <li key={t} className="flex items-center gap-3">
              <CircleCheck className="size-5 shrink-0 text-emerald-300" aria-hidden />
              {t}
            </li>
          ))}
        </ul>
      </div>
      <p className="relative mt-16 text-sm text-brand-200">Trusted by 1,000+ professionals.</p>
    </aside>
  );
}

/** Where to go after signing in: `?next=` when it is a page of this app, else the dashboard. */
function afterSignIn(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')
    ? next
    : '/dashboard';
}

export function AuthPage() {
  usePageTitle('Log in or sign up');
  const { status } = useAuth();
  const [search] = useSearchParams();
  const [tab, setTab] = useState<AuthTab>(search.get('tab') === 'register' ? 'register' : 'login');
  const [forgotOpen, setForgotOpen] = useState(false);
  // Stays mounted once opened, so closing it animates out like any dialog.
  const [forgotAsked, setForgotAsked] = useState(false);

  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedIn') return <Navigate to={afterSignIn(search.get('next'))} replace />;

  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <BrandPanel />
      <main className="flex flex-col items-center justify-center bg-slate-50 px-4 py-10 sm:px-6">
        <Link to="/" aria-label={`${brand().appName} home`} className="mb-8 rounded-lg lg:hidden">
          <Logo />
        </Link>
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">
              {tab === 'login' ? 'Welcome back' : 'Create your account'}
            </h1>
            <p className="mt-1.5 text-sm text-slate-600">
              {tab === 'login'
                ? 'Log in to manage and publish your portfolios.'
                : `${plans.free.name} forever plan. No credit card needed.`}
            </p>
            <Tabs
              value={tab}
              onValueChange={(v) => setTab(v === 'register' ? 'register' : 'login')}
              className="mt-6"
            >
              <TabList
                aria-label="Log in or register"
                className="flex gap-1 rounded-xl bg-slate-100 p-1"
              >
                <TabTrigger value="login" className={tabTrigger}>
                  Login
                </TabTrigger>
                <TabTrigger value="register" className={tabTrigger}>
                  Register
                </TabTrigger>
              </TabList>
              <TabPanel value="login" className="mt-6 outline-none">
                <LoginForm
                  onForgotPassword={() => {
                    setForgotAsked(true);
                    setForgotOpen(true);
                  }}
                />
                <GoogleSection text="signin_with" />
              </TabPanel>
              <TabPanel value="register" className="mt-6 outline-none">
                <RegisterForm onVerificationRequired={() => setTab('login')} />
                <GoogleSection text="signup_with" />
              </TabPanel>
            </Tabs>
          </div>
          <p className="mt-6 text-center text-xs leading-5 text-slate-500">
            By continuing you agree to our{' '}
            <Link
              to="/terms-and-conditions"
              className="font-medium text-slate-700 underline hover:text-brand-700"
            >
              Terms and Conditions
            </Link>{' '}
            and{' '}
            <Link
              to="/privacy"
              className="font-medium text-slate-700 underline hover:text-brand-700"
            >
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </main>
      {forgotAsked ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
